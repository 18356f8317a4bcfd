"""Live matches of one server process, always backed by the database.

Every accepted action is committed before it is acknowledged; the in-memory
:class:`Live` is only a cache, brought up to date from the database whenever
another process (or a restart) has moved the game on. Two processes never both
accept an action for the same position: the database's key on (game, seq)
decides, and the loser reloads and reports a conflict.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import msgspec
from msgspec import UNSET
from sqlalchemy.exc import SQLAlchemyError

from dogfight.core.contract import Seat, observe
from dogfight.core.errors import DogfightError, IllegalDecision, InvalidOptions, ReplayError
from dogfight.core.match import CHECK_LENGTH, Action, Match
from dogfight.core.registry import get_game
from dogfight.core.rng import derive_seed
from dogfight.server import journal
from dogfight.server.bodies import SeatSpec
from dogfight.server.journal import words
from dogfight.server.pilots import (
    LEVELS,
    PilotPool,
    budgeted,
    check_pilot,
    fallback,
    searching,
    seconds_of,
    think,
    turn_budget,
)
from dogfight.store.db import Conflict, Database, SeatInfo
from dogfight.store.saves import Save, check_save

CHANNEL = "dogfight"
EVENTS_SENT = 400
"""The newest events a body carries, numbered from the game's first (as the seat sees them)."""
__all__ = ["LEVELS", "Hub", "words"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


class Forbidden(DogfightError):
    """A token that holds no seat of this match (HTTP 403)."""


class Unauthorized(DogfightError):
    """No token where one is needed (HTTP 403, as for a wrong token)."""


class GameOver(DogfightError):
    """The game is over, or the client's view of it is stale (HTTP 409)."""


@dataclass
class Live:
    match: Match
    seats: list[SeatInfo]
    practice: bool = False
    """A game whose seed its creator chose: a practice game (its secrets are not)."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    behind: bool = False
    """Another writer recorded a move this cache has not: read the next actions."""

    def seat_of(self, token: str | None) -> Seat | None:
        if token is None:
            return None
        digest = token_hash(token)
        for info in self.seats:
            if info.token_hash is not None and secrets.compare_digest(info.token_hash, digest):
                return info.seat
        raise Forbidden("this token holds no seat of this game")


class Hub:
    """The matches this process serves, and the sockets watching them."""

    def __init__(self, database: Database, capacity: int = 2_000) -> None:
        self.db = database
        self.live: OrderedDict[str, Live] = OrderedDict()
        """The cache, least recently used first; at most ``capacity`` matches (an
        evicted match is read again from the database when next asked for)."""
        self.capacity = capacity
        self.frames: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self.guard = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Queue[str]]] = {}
        self.pool: PilotPool | None = None
        """Where computer pilots think (started with the server); None: here, inline."""
        self.drivers = ThreadPoolExecutor(max_workers=16, thread_name_prefix="pilots")
        self.stopping = threading.Event()
        """Set when the server stops: the drivers leave their matches after the decision
        in hand (the next start drives them on), thinking no more here inline."""
        self.driving: set[str] = set()
        self.wanted: set[str] = set()
        self.thinking: dict[str, dict[str, Any]] = {}
        """Match -> the computer seat thinking now: {seat, turn, decisions, seconds,
        budget} (its side's decisions made and seconds searched this turn, and its
        budget of seconds a turn if it has one), sent in the bodies: who thinks."""
        self.spent: dict[tuple[str, str, int], tuple[float, int]] = {}
        """(match, side, turn) -> seconds searched and decisions made by that computer
        side this turn (its turn budget, :func:`budgeted`)."""

    # -- loading ------------------------------------------------------------------------
    def get(self, match_id: str) -> Live:
        """The match, brought up to date with the database."""
        with self.guard:
            live = self.live.get(match_id)
            if live is not None:
                self.live.move_to_end(match_id)
        if live is None:
            save = self.db.export_save(match_id)  # NotFound if there is none
            live = Live(check_save(save), self.db.seats(match_id),
                        self.db.is_practice(match_id))
            live = self._keep(match_id, live)
        with live.lock:
            self._catch_up(match_id, live)
            pilots = {i.seat for i in live.seats if i.kind == "pilot"}
            stuck = any(seat in pilots for seat in live.match.pending)
        if stuck and match_id not in self.driving:  # e.g. after a restart
            self.drive(match_id)
        return live

    def cached(self, match_id: str) -> Live:
        """The match as this process holds it, without asking the database: what a
        socket is sent when this process has just recorded a move (or caught up after
        another process's NOTIFY); read from the database if it is not cached."""
        with self.guard:
            live = self.live.get(match_id)
        return self.get(match_id) if live is None else live

    def refresh(self, match_id: str) -> None:
        """Catch a cached match up with the database (another process moved it)."""
        with self.guard:
            cached = match_id in self.live
        if cached:
            self.get(match_id)

    def _catch_up(self, match_id: str, live: Live) -> None:
        if live.behind or self.db.action_count(match_id) != len(live.match.actions):
            for action in self.db.actions_from(match_id, len(live.match.actions)):
                live.match.submit(action.seat, action.decision)
            live.seats = self.db.seats(match_id)
            live.behind = False

    def _keep(self, match_id: str, live: Live) -> Live:
        """Cache ``live`` (or the copy another thread cached first), evicting the least
        recently used matches past the capacity, those watched or driven last."""
        with self.guard:
            live = self.live.setdefault(match_id, live)
            self.live.move_to_end(match_id)
            if len(self.live) > self.capacity:
                busy = self.driving | set(self.watchers)
                idle = [m for m in self.live if m not in busy and m != match_id]
                others = [m for m in self.live if m in busy and m != match_id]
                for old in (idle + others)[:len(self.live) - self.capacity]:
                    del self.live[old]
        return live

    def forget(self, match_id: str) -> None:
        with self.guard:
            self.live.pop(match_id, None)

    # -- creating -------------------------------------------------------------------------
    def create(self, game_id: str, options: Mapping[str, Any], seed: int | None,
               seats: Mapping[str, SeatSpec], *, listed: bool = False,
               campaign: tuple[str, int] | None = None) -> tuple[str, dict[str, Any]]:
        """A new game, its seats (and its place in a campaign) stored in one
        transaction, after every input is checked. Without ``seed`` the server draws it
        from a secret (shown once the game is over); a chosen seed makes a practice
        game, marked as such. Each open seat gets an invitation token (answered once,
        here; stored hashed); ``listed`` lists the open seats in the lobby."""
        game = get_game(game_id)
        practice = seed is not None
        seed = secrets.randbits(63) if seed is None else seed
        match = Match.new(game, options, seed, checkpoints=True)
        names = list(game.seats(match.state))
        unknown = sorted(set(seats) - set(names))
        if unknown:
            raise InvalidOptions(f"no seat {unknown[0]!r} in this game; seats: "
                                 f"{', '.join(names)}")
        infos, answer = [], {}
        for seat in names:
            spec = seats.get(seat) or SeatSpec()
            if spec.kind == "human":
                token = new_token()
                infos.append(SeatInfo(seat, "human", None, token_hash(token)))
                answer[seat] = {"kind": "human", "token": token}
            elif spec.kind == "open":
                invite = new_token()
                infos.append(SeatInfo(seat, "open", None, None, token_hash(invite)))
                answer[seat] = {"kind": "open", "invite": invite}
            else:
                # BadPilot: nothing written
                pilot = check_pilot("random" if spec.pilot is UNSET else spec.pilot)
                infos.append(SeatInfo(seat, "pilot", pilot, None))
                answer[seat] = {"kind": "pilot", "pilot": pilot}
        match_id = self.db.create_game(game.id, game.version, seed, dict(match.options),
                                       {i.seat: i.pilot or i.kind for i in infos},
                                       practice=practice, listed=listed, seats=infos,
                                       campaign=campaign)
        self._keep(match_id, Live(match, infos, practice))
        self.drive(match_id)
        return match_id, answer

    def import_save(self, save: Save) -> tuple[str, dict[str, Any]]:
        """Store an uploaded save with a person's token for each seat (one transaction);
        its version must be this server's, its players the game's seats."""
        game = get_game(save.game)
        if save.version != game.version:
            raise ReplayError(0, f"the save was made with rules version {save.version!r}; "
                              f"this server plays {game.id} version {game.version!r}")
        match = check_save(save)  # ReplayError: nothing is stored
        names = list(match.game.seats(match.state))
        stray = sorted(set(save.players) - set(names))
        if stray:
            raise ReplayError(0, f"players: no seat {stray[0][:32]!r} in this game; "
                              f"seats: {', '.join(names)}")
        infos, answer = [], {}
        for seat in names:
            token = new_token()
            infos.append(SeatInfo(seat, "human", None, token_hash(token)))
            answer[seat] = {"kind": "human", "token": token}
        match_id = self.db.import_save(save, seats=infos, check=False,
                                         over=match.over)
        self._keep(match_id, Live(match, infos, False))
        return match_id, answer

    def join(self, match_id: str, seat: str) -> str:
        self.get(match_id)
        token = new_token()
        if not self.db.claim_seat(match_id, seat, token_hash(token)):
            raise GameOver(f"seat {seat!r} is not open")
        self.forget(match_id)
        self.publish(match_id)
        return token

    # -- playing ---------------------------------------------------------------------------
    def act(self, match_id: str, token: str | None, decision: Any,
            seq: int | None) -> tuple[Seat, Live]:
        """Record a person's decision; computer pilots answer afterwards, elsewhere.
        Returns the seat and the match as stored after it. When another process
        recorded a move first (several workers), the decision is tried again on the
        position now stored, unless the client named the position it saw (``seq``)."""
        if not token:
            raise Unauthorized("a seat's token is needed to play")
        with self.guard:
            cached = self.live.get(match_id)
        for attempt in range(4):
            # first the match as cached here, without asking the database (the write
            # refuses a stale position: then, and on any refusal, the stored one)
            fresh = cached is None or attempt > 0
            live = self.get(match_id) if fresh else cached
            assert live is not None
            try:
                with live.lock:
                    seat = live.seat_of(token)
                    assert seat is not None
                    if live.match.over:
                        raise GameOver("the game is over")
                    if seq is not None and seq != len(live.match.actions):
                        raise GameOver(f"the game has moved on (now at action "
                                       f"{len(live.match.actions)}, you sent {seq}): reload")
                    self._record(match_id, live, seat, decision)
                    shown = Live(live.match, live.seats, live.practice)
                    pilots = any(i.kind == "pilot" for i in live.seats)
            except DogfightError as exc:
                if not fresh:
                    continue  # perhaps only stale: judged again on the stored position
                if not isinstance(exc, GameOver) or seq is not None or attempt == 3:
                    raise
                continue  # another process moved first: try on the stored position
            break
        self.wake(match_id)  # the other processes were told in the same transaction
        if pilots:
            self.drive(match_id)
        assert seat is not None
        return seat, shown

    def _record(self, match_id: str, live: Live, seat: Seat, decision: Any) -> None:
        """Apply one decision to a copy of the match, commit it, and only then make the
        copy current: any error (an illegal decision, a conflict, a database failure)
        leaves the cached match exactly as stored."""
        current = live.match
        trial = replace(current, actions=list(current.actions), events=list(current.events),
                        checkpoints=False)
        trial.submit(seat, decision)  # IllegalDecision: nothing changed
        full = trial.digest()  # the action's check is its head: one digest, not two
        last = trial.actions[-1]
        trial.actions[-1] = Action(last.seat, last.decision, full[:CHECK_LENGTH])
        trial.checkpoints = current.checkpoints
        try:
            self.db.append_action(match_id, len(current.actions), trial.actions[-1],
                                  digest=full, over=trial.over, notify=CHANNEL)
        except Conflict:
            # the cache is as stored before the other's move: the next read catches up
            live.behind = True
            raise GameOver("another move was recorded first: reload") from None
        live.match = trial

    # -- computer pilots ----------------------------------------------------------------------
    def drive(self, match_id: str) -> None:
        """Let the match's computer pilots move, off the caller's path (one driver a
        match at a time; a request made while it runs is taken up by it). Nothing once the
        server is stopping: the next start drives the match when it is next loaded."""
        with self.guard:
            if self.stopping.is_set():
                return
            self.wanted.add(match_id)
            if match_id in self.driving:
                return
            self.driving.add(match_id)
        if self.pool is None:
            self._drive(match_id)
            return
        try:
            self.drivers.submit(self._drive, match_id)
        except RuntimeError:  # shut down in between: the next start drives it
            with self.guard:
                self.driving.discard(match_id)

    def _drive(self, match_id: str) -> None:
        try:
            while True:
                with self.guard:
                    if match_id not in self.wanted:
                        self.driving.discard(match_id)
                        return
                    self.wanted.discard(match_id)
                self._pilots_move(match_id)
        except BaseException:
            with self.guard:
                self.driving.discard(match_id)
            if self.pool is None:
                raise
            logging.getLogger(__name__).exception("pilots of %s stopped", match_id)

    def _pilots_move(self, match_id: str, limit: int = 10_000) -> None:
        """Computer pilots decide until a person must (each from its own view), thinking
        outside the match's lock; a decision made on a position that has since moved on
        is thought again. The match as cached here: a position another process has
        moved on is refused by the write (then read again from the database)."""
        for _ in range(limit):
            if self.stopping.is_set():
                self.thinking.pop(match_id, None)
                return
            live = self.cached(match_id)
            with live.lock:
                match = live.match
                pilots = {i.seat: i.pilot for i in live.seats
                          if i.kind == "pilot" and i.pilot}
                movers = [seat for seat in match.pending if seat in pilots]
                if not movers:
                    if self.thinking.pop(match_id, None) is not None:
                        self.wake(match_id)
                    return
                seat, seq, state = movers[0], len(match.actions), match.state
                seed = derive_seed(match.seed, "pilot", seat, seq)
                game_id = match.game.id
                key = (match_id, match.game.seats(state)[seat], match.game.turn(state))
                spent, made = self.spent.get(key, (0.0, 0))
                name = budgeted(pilots[seat], spent)
            if searching(name):
                if self.db.action_count(match_id) != seq:  # stale here: no search wasted
                    self.get(match_id)
                    continue
                # the pages show who thinks (quick pilots leave them no time to)
                self.thinking[match_id] = {"seat": seat, "turn": key[2], "decisions": made,
                                           "seconds": round(spent, 1),
                                           "budget": turn_budget(pilots[seat])}
                self.wake(match_id)
            started = time.monotonic()
            pool = self.pool
            if pool is None:
                decision = think(name, seed, game_id, state, seat)
            else:
                seconds = seconds_of(name)  # its wait for a worker counts against it
                decision = pool.decide(
                    name, seed, game_id, state, seat,
                    None if seconds is None else started + seconds)
            self.spent = {k: v for k, v in self.spent.items()
                          if k[0] != match_id or k[2] >= key[2]}
            self.spent[key] = (spent + time.monotonic() - started, made + 1)
            live = self.cached(match_id)
            with live.lock:
                if len(live.match.actions) != seq:
                    continue
                try:
                    self._record(match_id, live, seat, decision)
                except IllegalDecision:
                    self._record(match_id, live, seat, fallback(seed, game_id, state, seat))
                except GameOver:
                    continue
            self.wake(match_id)

    # -- seeing -------------------------------------------------------------------------------
    def body(self, match_id: str, live: Live, seat: Seat | None,
             translate: Callable[[str], str] | None = None,
             hints: bool = False) -> dict[str, Any]:
        """What ``seat`` sees; its planners' hints (``Game.hints``, which may be costly)
        only when ``hints`` (a page that shows a planner asks for them)."""
        match = live.match
        game = match.game
        events = match.events_for(seat)
        named = journal.names(game, match.state, translate)
        in_log = journal.names(game, match.state, translate, numbered=False)
        log = journal.lines(game, events, seat, game.turn(match.state))
        return {
            "id": match_id,
            "game": game.id,
            "title": game.title,
            "status": "over" if match.over else "active",
            "seq": len(match.actions),
            "practice": live.practice,
            "seed": match.seed if match.over or live.practice else None,
            "seat": seat,
            "seats": {i.seat: {"kind": i.kind, "pilot": i.pilot, "open": i.kind == "open"}
                      for i in live.seats},
            # seats (and sides) as people name them, in the reader's language
            "seat_names": named,
            # the kind of map chooses the page's board (static/boards/index.js)
            "observation": {**observe(game, match.state, seat), "board": game.board,
                            # the seat's planners' hints (Game.hints), its own only,
                            # for the pages that ask (pilots and watchers never pay)
                            "hints": game.hints(match.state, seat)
                            if hints and seat is not None else None},
            # the newest page of the seat's log (older pages: log_page)
            **journal.page(game, log, len(log) - journal.PAGE, len(log), translate, in_log),
            # what happened, for the page to show it as it happens (moves, shots)
            "events": [{"n": n, "kind": e.kind, "data": dict(e.data)}
                       for n, e in enumerate(events)][-EVENTS_SENT:],
            "thinking": self.thinking.get(match_id),
        }

    def frame(self, match_id: str, seat: Seat | None, lang: str,
              translate: Callable[[str], str] | None = None,
              live: Live | None = None, hints: bool = False) -> bytes:
        """The body as ``seat`` sees it, encoded (with ``"type": "state"`` for sockets):
        made once for every socket and answer of the same seat, language and asking for
        hints or not, at the same position."""
        live = self.get(match_id) if live is None else live
        match = live.match
        hints = hints and seat is not None
        key = self._frame_key(match_id, live, seat, lang, hints)
        with self.guard:
            data = self.frames.get(key)
        if data is None:
            body = self.body(match_id, Live(match, live.seats, live.practice), seat,
                             translate, hints)
            data = msgspec.json.encode({"type": "state", **body})
            with self.guard:
                self.frames[key] = data
                while len(self.frames) > 4 * self.capacity:
                    self.frames.popitem(last=False)
        return data

    def _frame_key(self, match_id: str, live: Live, seat: Seat | None, lang: str,
                   hints: bool) -> tuple[Any, ...]:
        thinking = self.thinking.get(match_id)
        return (match_id, len(live.match.actions), seat, lang, hints, live.practice,
                tuple((i.seat, i.kind) for i in live.seats),
                None if thinking is None else tuple(sorted(thinking.items())))

    def ready_frame(self, match_id: str, seat: Seat | None, lang: str,
                    hints: bool = False) -> bytes | None:
        """The cached match's frame if it is made already (None: make it with
        :meth:`frame`): read from memory only, so a socket's push of a body an answer
        or another socket made costs no hop to a thread."""
        with self.guard:
            live = self.live.get(match_id)
            if live is None:
                return None
            return self.frames.get(self._frame_key(match_id, live, seat, lang,
                                                   hints and seat is not None))

    def summary(self, match_id: str) -> dict[str, Any]:
        live = self.get(match_id)
        match = live.match
        outcome = match.outcome()
        return {
            "id": match_id, "game": match.game.id, "title": match.game.title,
            "status": "over" if match.over else "active",
            "turn": match.game.turn(match.state),
            "pending": {s: p.kind for s, p in match.pending.items()},
            "seats": {i.seat: {"kind": i.kind, "pilot": i.pilot, "open": i.kind == "open"}
                      for i in live.seats},
            "seat_names": match.game.seat_names(match.state),  # the game's own (English)
            "outcome": None if outcome is None else {"winner": outcome.winner,
                                                     "reason": outcome.reason},
            "seq": len(match.actions),
            "practice": live.practice,
        }

    def replay_body(self, match_id: str, step: int, seat: Seat | None,
                    translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        live = self.get(match_id)
        past, step = self._past(live.match, step, seat)
        body = self.body(match_id, Live(past, live.seats, live.practice), seat, translate)
        body["steps"] = len(live.match.actions)
        body["step"] = step
        return body

    @staticmethod
    def _past(match: Match, step: int, seat: Seat | None) -> tuple[Match, int]:
        """A finished match as it stood after ``step`` decisions (a replay), and that step."""
        if not match.over:
            raise Forbidden("a replay is for finished games")
        if seat is not None and seat not in match.game.seats(match.state):
            raise IllegalDecision(f"no seat {seat!r} in this game")
        step = max(0, min(step, len(match.actions)))
        past = Match.new(match.game, match.options, match.seed)
        for action in match.actions[:step]:
            past.submit(action.seat, action.decision)
        return past, step

    def replay_log(self, match_id: str, step: int, seat: Seat | None, before: int,
                   limit: int, translate: Callable[[str], str] | None = None
                   ) -> dict[str, Any]:
        """Older lines of a replay's log at ``step`` (:meth:`replay_body` carries the
        newest page), as ``seat`` saw them: the replay page's "Show older lines"."""
        self._check_page(before, limit)
        past, _ = self._past(self.get(match_id).match, step, seat)
        return self._page(past, seat, before, limit, translate)

    def log_page(self, match_id: str, seat: Seat | None, before: int, limit: int,
                 translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Lines of ``seat``'s log before line ``before`` (at most ``limit``), for a page
        that shows the whole game a page at a time."""
        self._check_page(before, limit)
        return self._page(self.get(match_id).match, seat, before, limit, translate)

    @staticmethod
    def _check_page(before: int, limit: int) -> None:
        if isinstance(before, bool) or before < 0 or not 0 < limit <= journal.MAX_PAGE:
            raise IllegalDecision(f"a log page is before=N (N >= 0) and limit=1.."
                                  f"{journal.MAX_PAGE}, got before={before}, limit={limit}")

    @staticmethod
    def _page(match: Match, seat: Seat | None, before: int, limit: int,
              translate: Callable[[str], str] | None) -> dict[str, Any]:
        game = match.game
        log = journal.lines(game, match.events_for(seat), seat, game.turn(match.state))
        stop = min(before, len(log))
        return journal.page(game, log, stop - limit, stop, translate,
                            journal.names(game, match.state, translate, numbered=False))

    def save_of(self, match_id: str) -> Save:
        live = self.get(match_id)
        if not live.match.over:
            raise Forbidden("the save of a game in progress holds every seat's secrets: "
                            "it is given once the game is over")
        return self.db.export_save(match_id)

    # -- telling sockets --------------------------------------------------------------------
    def watch(self, match_id: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.watchers.setdefault(match_id, set()).add(queue)
        return queue

    def unwatch(self, match_id: str, queue: asyncio.Queue[str]) -> None:
        """Forget a socket's queue, and the match's set with its last socket."""
        queues = self.watchers.get(match_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.watchers[match_id]

    def publish(self, match_id: str) -> None:
        """Tell this process's sockets, and the other processes (PostgreSQL NOTIFY)."""
        self.wake(match_id)
        # the move is committed: if telling the others fails, they still catch up from
        # the database on their next request
        with contextlib.suppress(SQLAlchemyError):
            self.db.notify(CHANNEL, match_id)

    def wake(self, match_id: str) -> None:
        loop = self.loop
        if loop is None:
            return
        for queue in list(self.watchers.get(match_id, ())):
            loop.call_soon_threadsafe(queue.put_nowait, match_id)

