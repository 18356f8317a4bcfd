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
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from dogfight.core.contract import Event, Game, Seat, observe
from dogfight.core.errors import DogfightError, IllegalDecision, InvalidOptions
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import derive_seed
from dogfight.server.pilots import LEVELS, PilotPool, check_pilot, fallback, think
from dogfight.store.db import Conflict, Database, SeatInfo
from dogfight.store.saves import Save, check_save

CHANNEL = "dogfight"
__all__ = ["LEVELS", "Hub"]


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

    def __init__(self, database: Database) -> None:
        self.db = database
        self.live: dict[str, Live] = {}
        self.guard = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Queue[str]]] = {}
        self.pool: PilotPool | None = None
        """Where computer pilots think (started with the server); None: here, inline."""
        self.drivers = ThreadPoolExecutor(max_workers=16, thread_name_prefix="pilots")
        self.driving: set[str] = set()
        self.wanted: set[str] = set()

    # -- loading ------------------------------------------------------------------------
    def get(self, match_id: str) -> Live:
        """The match, brought up to date with the database."""
        with self.guard:
            live = self.live.get(match_id)
        if live is None:
            save = self.db.export_save(match_id)  # NotFound if there is none
            live = Live(check_save(save), self.db.seats(match_id),
                        self.db.is_practice(match_id))
            with self.guard:
                live = self.live.setdefault(match_id, live)
        with live.lock:
            self._catch_up(match_id, live)
            pilots = {i.seat for i in live.seats if i.kind == "pilot"}
            stuck = any(seat in pilots for seat in live.match.pending)
        if stuck and match_id not in self.driving:  # e.g. after a restart
            self.drive(match_id)
        return live

    def _catch_up(self, match_id: str, live: Live) -> None:
        count = self.db.action_count(match_id)
        if count != len(live.match.actions):
            for action in self.db.actions_from(match_id, len(live.match.actions)):
                live.match.submit(action.seat, action.decision)
            live.seats = self.db.seats(match_id)

    def forget(self, match_id: str) -> None:
        with self.guard:
            self.live.pop(match_id, None)

    # -- creating -------------------------------------------------------------------------
    def create(self, game_id: str, options: Mapping[str, Any], seed: int | None,
               seats: Mapping[str, Mapping[str, Any]]) -> tuple[str, dict[str, Any]]:
        """A new game. Without ``seed`` the server draws it from a secret (shown once
        the game is over); a chosen seed makes a practice game, marked as such."""
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
            spec = seats.get(seat) or {"kind": "human"}
            if not isinstance(spec, Mapping):
                raise InvalidOptions(f"seat {seat}: an object {{kind: ...}}")
            kind = spec.get("kind", "human")
            if kind == "human":
                token = new_token()
                infos.append(SeatInfo(seat, "human", None, token_hash(token)))
                answer[seat] = {"kind": "human", "token": token}
            elif kind == "open":
                infos.append(SeatInfo(seat, "open", None, None))
                answer[seat] = {"kind": "open"}
            elif kind == "pilot":
                pilot = check_pilot(spec.get("pilot", "random"))  # BadPilot: nothing written
                infos.append(SeatInfo(seat, "pilot", pilot, None))
                answer[seat] = {"kind": "pilot", "pilot": pilot}
            else:
                raise InvalidOptions(f"seat {seat}: kind is human, open or pilot, not {kind!r}")
        match_id = self.db.create_game(game.id, game.version, seed, dict(match.options),
                                       {i.seat: i.pilot or i.kind for i in infos},
                                       practice=practice)
        self.db.set_seats(match_id, infos)
        live = Live(match, infos, practice)
        with self.guard:
            self.live[match_id] = live
        self.drive(match_id)
        return match_id, answer

    def import_save(self, save: Save) -> tuple[str, dict[str, Any]]:
        match = check_save(save)  # ReplayError: nothing is stored
        match_id = self.db.import_save(save)
        infos, answer = [], {}
        for seat in match.game.seats(match.state):
            token = new_token()
            infos.append(SeatInfo(seat, "human", None, token_hash(token)))
            answer[seat] = {"kind": "human", "token": token}
        self.db.set_seats(match_id, infos)
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
    def act(self, match_id: str, token: str | None, decision: Any, seq: int | None) -> Seat:
        """Record a person's decision; computer pilots answer afterwards, elsewhere."""
        if not token:
            raise Unauthorized("a seat's token is needed to play")
        live = self.get(match_id)
        with live.lock:
            self._catch_up(match_id, live)
            seat = live.seat_of(token)
            assert seat is not None
            if live.match.over:
                raise GameOver("the game is over")
            if seq is not None and seq != len(live.match.actions):
                raise GameOver(f"the game has moved on (now at action "
                               f"{len(live.match.actions)}, you sent {seq}): reload")
            self._record(match_id, live, seat, decision)
        self.publish(match_id)
        self.drive(match_id)
        return seat

    def _record(self, match_id: str, live: Live, seat: Seat, decision: Any) -> None:
        """Apply one decision to a copy of the match, commit it, and only then make the
        copy current: any error (an illegal decision, a conflict, a database failure)
        leaves the cached match exactly as stored."""
        current = live.match
        trial = replace(current, actions=list(current.actions), events=list(current.events))
        trial.submit(seat, decision)  # IllegalDecision: nothing changed
        try:
            self.db.append_action(match_id, len(current.actions), trial.actions[-1],
                                  digest=trial.digest(), over=trial.over)
        except Conflict:
            self.forget(match_id)
            raise GameOver("another move was recorded first: reload") from None
        live.match = trial

    # -- computer pilots ----------------------------------------------------------------------
    def drive(self, match_id: str) -> None:
        """Let the match's computer pilots move, off the caller's path (one driver a
        match at a time; a request made while it runs is taken up by it)."""
        with self.guard:
            self.wanted.add(match_id)
            if match_id in self.driving:
                return
            self.driving.add(match_id)
        if self.pool is None:
            self._drive(match_id)
        else:
            self.drivers.submit(self._drive, match_id)

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
        is thought again."""
        for _ in range(limit):
            live = self.get(match_id)
            with live.lock:
                match = live.match
                pilots = {i.seat: i.pilot for i in live.seats
                          if i.kind == "pilot" and i.pilot}
                movers = [seat for seat in match.pending if seat in pilots]
                if not movers:
                    return
                seat, seq, state = movers[0], len(match.actions), match.state
                seed = derive_seed(match.seed, "pilot", seat, seq)
                name, game_id = pilots[seat], match.game.id
            if self.pool is None:
                decision = think(name, seed, game_id, state, seat)
            else:
                decision = self.pool.decide(name, seed, game_id, state, seat)
            live = self.get(match_id)
            with live.lock:
                if len(live.match.actions) != seq:
                    continue
                try:
                    self._record(match_id, live, seat, decision)
                except IllegalDecision:
                    self._record(match_id, live, seat, fallback(seed, game_id, state, seat))
                except GameOver:
                    continue
            self.publish(match_id)

    # -- seeing -------------------------------------------------------------------------------
    def body(self, match_id: str, live: Live, seat: Seat | None,
             translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        match = live.match
        game = match.game
        log = [words(game, event, translate) for event in match.events_for(seat)]
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
            # the kind of map chooses the page's board (static/boards/index.js); the
            # guide is what only the pages draw (Game.guide)
            "observation": {**observe(game, match.state, seat), "board": game.board,
                            "guide": game.guide(match.state, seat)},
            "log": log[-300:],
        }

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
            "outcome": None if outcome is None else {"winner": outcome.winner,
                                                     "reason": outcome.reason},
            "seq": len(match.actions),
            "practice": live.practice,
        }

    def replay_body(self, match_id: str, step: int, seat: Seat | None,
                    translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        live = self.get(match_id)
        match = live.match
        if not match.over:
            raise Forbidden("a replay is for finished games")
        if seat is not None and seat not in match.game.seats(match.state):
            raise IllegalDecision(f"no seat {seat!r} in this game")
        step = max(0, min(step, len(match.actions)))
        past = Match.new(match.game, match.options, match.seed)
        for action in match.actions[:step]:
            past.submit(action.seat, action.decision)
        body = self.body(match_id, Live(past, live.seats, live.practice), seat, translate)
        body["steps"] = len(match.actions)
        body["step"] = step
        return body

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
        self.watchers.get(match_id, set()).discard(queue)

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


def words(game: Game[Any], event: Event, translate: Callable[[str], str] | None) -> str:
    """An event in words, translated through its template when a catalogue is given."""
    parts = game.template(event) if translate is not None else None
    if parts is None or translate is None:
        return game.describe(event)
    template, fields = parts
    filled = {k: translate(v) if isinstance(v, str) else v for k, v in fields.items()}
    try:
        return translate(template).format(**filled)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English
        return game.describe(event)


def check_seq(seq: Any) -> int | None:
    if seq is None:
        return None
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise IllegalDecision(f"seq is the number of actions you saw, got {seq!r}")
    return seq

