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
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from dogfight.ai import make_pilot
from dogfight.core.contract import Event, Game, Seat, observe
from dogfight.core.errors import DogfightError, IllegalDecision, InvalidOptions
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import MAX_SEED, derive_seed
from dogfight.play import searcher
from dogfight.store.db import Conflict, Database, SeatInfo
from dogfight.store.saves import Save, check_save

CHANNEL = "dogfight"
LEVELS = {"novice": "random", "veteran": "greedy", "ace": "mcts:1s"}
"""Lobby levels -> computer pilot names (stronger pilots come with their own work)."""


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

    # -- loading ------------------------------------------------------------------------
    def get(self, match_id: str) -> Live:
        """The match, brought up to date with the database."""
        with self.guard:
            live = self.live.get(match_id)
        if live is None:
            save = self.db.export_save(match_id)  # NotFound if there is none
            live = Live(check_save(save), self.db.seats(match_id))
            with self.guard:
                live = self.live.setdefault(match_id, live)
        with live.lock:
            self._catch_up(match_id, live)
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
        game = get_game(game_id)
        seed = secrets.randbelow(MAX_SEED) if seed is None else seed
        match = Match.new(game, options, seed, checkpoints=True)
        names = list(game.seats(match.state))
        unknown = sorted(set(seats) - set(names))
        if unknown:
            raise InvalidOptions(f"no seat {unknown[0]!r} in this game; seats: "
                                 f"{', '.join(names)}")
        infos, answer = [], {}
        for seat in names:
            spec = dict(seats.get(seat) or {"kind": "human"})
            kind = spec.get("kind", "human")
            if kind == "human":
                token = new_token()
                infos.append(SeatInfo(seat, "human", None, token_hash(token)))
                answer[seat] = {"kind": "human", "token": token}
            elif kind == "open":
                infos.append(SeatInfo(seat, "open", None, None))
                answer[seat] = {"kind": "open"}
            elif kind == "pilot":
                pilot = LEVELS.get(spec.get("pilot", "random"), spec.get("pilot", "random"))
                make_pilot(str(pilot), 0)  # an unknown pilot is refused here
                infos.append(SeatInfo(seat, "pilot", str(pilot), None))
                answer[seat] = {"kind": "pilot", "pilot": pilot}
            else:
                raise InvalidOptions(f"seat {seat}: kind is human, open or pilot, not {kind!r}")
        match_id = self.db.create_game(game.id, game.version, seed, dict(match.options),
                                       {i.seat: i.pilot or i.kind for i in infos})
        self.db.set_seats(match_id, infos)
        live = Live(match, infos)
        with self.guard:
            self.live[match_id] = live
        with live.lock:
            self._pilots_move(match_id, live)
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
            self._pilots_move(match_id, live)
        self.publish(match_id)
        return seat

    def _record(self, match_id: str, live: Live, seat: Seat, decision: Any) -> None:
        """Apply and commit one decision; on a conflict, drop the cache."""
        match = live.match
        before = len(match.actions)
        match.submit(seat, decision)  # IllegalDecision: nothing changed
        action = match.actions[-1]
        try:
            self.db.append_action(match_id, before, action, digest=match.digest(),
                                  over=match.over)
        except Conflict:
            self.forget(match_id)
            raise GameOver("another move was recorded first: reload") from None

    def _pilots_move(self, match_id: str, live: Live, limit: int = 10_000) -> None:
        """Computer pilots decide until a person must (each from its own view)."""
        pilots = {i.seat: i.pilot for i in live.seats if i.kind == "pilot" and i.pilot}
        match = live.match
        for _ in range(limit):
            movers = [seat for seat in match.pending if seat in pilots]
            if not movers:
                return
            seat = movers[0]
            pilot = make_pilot(pilots[seat], derive_seed(match.seed, "pilot", seat,
                                                         len(match.actions)))
            decision = pilot.choose(match.game.id, match.observe(seat),
                                    search=searcher(match.game, match.state, seat))
            self._record(match_id, live, seat, decision)

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
            "seat": seat,
            "seats": {i.seat: {"kind": i.kind, "pilot": i.pilot, "open": i.kind == "open"}
                      for i in live.seats},
            # the kind of map chooses the page's board (static/boards/index.js)
            "observation": {**observe(game, match.state, seat), "board": game.board},
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
        body = self.body(match_id, Live(past, live.seats), seat, translate)
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

