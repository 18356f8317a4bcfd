"""Building Down In Flames states for focused rule tests.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
States are built with the game's own set-up, then hands, positions and altitudes are
set with ``msgspec.structs.replace`` (cards taken from the deck, so that every card
stays accounted for).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from dogfight.core import Event, decide, new_rng
from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.aircraft import put as put_plane
from dogfight.games.down_in_flames.state import ALTITUDES, DifState, Plane
from dogfight.kit.piles import Pile

BOOK = "004_fe250b7836505b34.txt"
A, X = "allies-1", "axis-1"
"""The two fighters of a duel: the Allied plane and the Axis plane."""

LOG: list[Event] = []
"""Events of the last ``act``/``acts`` call."""


def setup(options: dict[str, Any], seed: int = 1) -> DifState:
    return GAME.setup(options, new_rng(seed))


def duel(allies: str = "spitfire-1", axis: str = "bf-109e", *, stack: Iterable[str] = (),
         first: str = A, alt: tuple[str, str] = ("medium", "medium"), seed: int = 1,
         **options: Any) -> DifState:
    """A duel set up and both altitudes revealed: the first fighter's turn has begun
    (its pre-turn draw done), waiting for its altitude change."""
    opts: dict[str, Any] = {"aircraft": {A: allies, X: axis}, "stack": list(stack),
                            "first": first, "vp": 100, "year": 1945, **options}
    state = setup(opts, seed)
    return acts(state, ("allies", {"plane": A, "altitude": alt[0]}),
                ("axis", {"plane": X, "altitude": alt[1]}))


def act(state: DifState, seat: str, decision: dict[str, Any]) -> DifState:
    step = decide(GAME, state, seat, decision)
    LOG[:] = list(step.events)
    return step.state


def acts(state: DifState, *moves: tuple[str, dict[str, Any]]) -> DifState:
    log: list[Event] = []
    for seat, decision in moves:
        state = act(state, seat, decision)
        log += LOG
    LOG[:] = log
    return state


def events(kind: str) -> list[dict[str, Any]]:
    """The data of the last call's events of this kind."""
    return [dict(e.data) for e in LOG if e.kind == kind]


def plane(state: DifState, pid: str) -> Plane:
    return GAME.plane(state, pid)


def seat(pid: str) -> str:
    return pid.rsplit("-", 1)[0]


def put(state: DifState, pid: str, **changes: Any) -> DifState:
    """Change a plane; ``hand`` and ``turret_hand`` are taken from (and given back to)
    the deck, ``altitude`` may be a name."""
    p = plane(state, pid)
    deck = list(state.deck.cards)
    for field in ("hand", "turret_hand"):
        if field in changes:
            deck += list(getattr(p, field))
            for card in changes[field]:
                deck.remove(card)
            changes[field] = tuple(sorted(changes[field]))
    if isinstance(changes.get("altitude"), str):
        changes["altitude"] = ALTITUDES.index(changes["altitude"])
    p = msgspec.structs.replace(p, **changes)
    state = msgspec.structs.replace(state, deck=Pile(tuple(deck), state.deck.discards))
    return put_plane(state, p)


def hands(state: DifState, **by_plane: list[str]) -> DifState:
    """Set hands: ``hands(state, allies_1=[...], axis_1=[...])``."""
    for key, cards in by_plane.items():
        state = put(state, key.replace("_", "-"), hand=cards)
    return state


def top(state: DifState, *cards: str) -> DifState:
    """Put these cards on top of the deck, first drawn first."""
    deck = list(state.deck.cards)
    for card in cards:
        deck.remove(card)
    return msgspec.structs.replace(state, deck=Pile((*cards, *deck), state.deck.discards))


def at(state: DifState, *positions: tuple[str, str, int]) -> DifState:
    """Set the positions: (holder, target, 1 advantaged / 2 tailing)."""
    return msgspec.structs.replace(state, positions=tuple(positions))


def rel(state: DifState, a: str, b: str) -> int:
    return GAME.rel(state, a, b)


def hand(state: DifState, pid: str) -> list[str]:
    return sorted(plane(state, pid).hand)


def legal(state: DifState, who: str) -> list[dict[str, Any]]:
    return [dict(d) for d in GAME.legal(state, who)]


def prompt(state: DifState) -> dict[str, str]:
    return {s: p.kind for s, p in GAME.pending(state).items()}


def to_actions(state: DifState) -> DifState:
    """The active fighter stays at its altitude and makes no speed maneuver (with
    several fighters to a side, the ``first`` option's fighter acts first)."""
    if state.phase == "order":
        pid = state.options.first
        state = act(state, seat(pid), {"act": pid})
    who = seat(state.active)
    if state.phase == "climb":
        state = act(state, who, {"altitude": "stay"})
    if state.phase == "speed":
        state = act(state, who, {"speed": "skip"})
    assert state.phase == "actions", state.phase
    return state


def end_turn(state: DifState) -> DifState:
    """End the active fighter's actions and discard nothing."""
    who = seat(state.active)
    state = act(state, who, {"end": True})
    if state.phase == "discard" and state.active:
        state = act(state, who, {"discard": None})
    return state


def finish_turns(state: DifState) -> DifState:
    """Play on, doing nothing, until the game is over (stay, no speed maneuver, no
    card, no discard; a stall discards the first card)."""
    log: list[Event] = []
    for _ in range(500):
        pending = GAME.pending(state)
        if not pending:
            LOG[:] = log
            return state
        who, p = next(iter(pending.items()))
        choice: dict[str, Any] = {
            "climb": {"altitude": "stay"}, "speed": {"speed": "skip"},
            "actions": {"end": True}, "discard": {"discard": None},
        }.get(p.kind) or legal(state, who)[0]
        state = act(state, who, choice)
        log += LOG
    raise AssertionError("the game did not end")


def raid(fighter: str = "bf-109e", bombers: tuple[str, ...] = ("b-24d", "b-24d"),
         cells: tuple[tuple[int, int], ...] = ((0, 0), (0, 1)), alt: str = "high",
         seed: int = 1, **options: Any) -> DifState:
    """One Axis fighter (``axis-1``, acting first, at ``alt``) against Allied bombers
    ``allies-1``... placed at (row, col) in one formation at ``alt`` (book §
    Formations de bombardiers; row 0 is the front)."""
    n = len(bombers)
    aircraft = {f"allies-{i + 1}": "spitfire-1" for i in range(n)}
    aircraft |= {f"axis-{i + 1}": fighter for i in range(n)}
    state = setup({"aircraft": aircraft, "planes_per_seat": n, "first": X, "vp": 100 * n,
                   "year": 1945, **options}, seed)
    moves = [(s, {"plane": f"{s}-{i + 1}", "altitude": "medium"})
             for s in ("allies", "axis") for i in range(n)]
    state = acts(state, *moves)
    if state.phase == "order":
        state = act(state, "axis", {"act": X})
    for i, key in enumerate(bombers):
        row, col = cells[i]
        state = put(state, f"allies-{i + 1}", hand=[], aircraft=key, bomber=True,
                    altitude=alt, row=row, col=col)
    for i in range(1, n):
        state = put(state, f"axis-{i + 1}", hand=[], gone=True)
    return put(state, X, altitude=alt)
