"""The log as a player reads it: each event a seat saw, in words, grouped by turn and
phase, without the public shadow of a secret the seat itself holds, its own secrets
marked as its own, seats named as sides; paged so that the whole game stays reachable.

What the page gets for each line (``lines`` below) is its text and ``{"i", "turn",
"phase", "mine"}``: ``i`` its place in the seat's whole log (0 the first line), so that
the page asks for older lines with ``before=i``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dogfight.core.contract import Event, Game, Seat

PAGE = 300
"""The newest lines a body carries; older ones come a page at a time (``Hub.log_page``)."""
MAX_PAGE = 1_000

TURN_KINDS = frozenset({"turn", "turn-begins"})
"""Events that open a turn (their ``turn`` datum): the log's headings."""
PLAIN_TURN = "Turn {turn}"
"""A turn event that says only this is the heading itself, not a line under it."""

SIDE_NAMES = {
    "allies": "Allies", "allied": "Allies", "central": "Central Powers",
    "axis": "Axis", "germany": "Germany", "german": "Germany", "red": "Red", "blue": "Blue",
}
"""Sides as a player names them (English msgids): static/i18n.js's ``SIDE_NAMES``."""


def names(game: Game[Any], state: Any, translate: Callable[[str], str] | None = None,
          *, numbered: bool = True) -> dict[str, str]:
    """Seats and sides as people name them, in the reader's language, as the pages'
    ``seatName`` does (static/i18n.js): a seat by the game's name for it
    (``Game.seat_names``, e.g. a nation), else by its side's name when the seat is its
    side ("allies" -> "Allies"), numbered when the side has several ("central-2" ->
    "Central Powers 2"), else by itself (an aircraft's id, as in Les Ailes: it says
    which); a side (a winner...) by its name. Without ``numbered``, a numbered seat
    keeps its id (the log: the board labels that aircraft by it)."""
    say = translate or (lambda text: text)
    seats = game.seats(state)
    out = {side: say(SIDE_NAMES[side]) for side in seats.values() if side in SIDE_NAMES}
    given = game_names(game, state, say)
    for seat in seats:
        side, _, number = seat.rpartition("-")
        if seat in given:
            out[seat] = given[seat]
        elif seat in SIDE_NAMES:
            out[seat] = say(SIDE_NAMES[seat])
        elif numbered and number.isdigit() and side in SIDE_NAMES:
            out[seat] = f"{say(SIDE_NAMES[side])} {number}"
    out.update((key, text) for key, text in given.items() if key not in seats)
    return out


def game_names(game: Game[Any], state: Any, say: Callable[[str], str]) -> dict[str, str]:
    """``Game.seat_names`` in the reader's language: a name listing several (``"United
    Kingdom, United States"``) translated name by name; a name several seats share
    numbered in the game's order ("Germany 1", "Germany 2"), as are the names several
    of the game's pieces share (Down In Flames' aircraft, named as its page does)."""
    given = game.seat_names(state)
    seats = game.seats(state)
    shared = Counter((key in seats, name) for key, name in given.items())
    seen: Counter[tuple[bool, str]] = Counter()
    out = {}
    for key, name in given.items():
        text = ", ".join(say(part) for part in name.split(", "))
        group = (key in seats, name)
        if shared[group] > 1:
            seen[group] += 1
            text = f"{text} {seen[group]}"
        out[key] = text
    return out


def words(game: Game[Any], event: Event, translate: Callable[[str], str] | None,
          named: Mapping[str, str] | None = None) -> str:
    """An event in words, translated through its template when a catalogue is given;
    a field naming a seat or a side is written as ``named`` (:func:`names`) says."""
    parts = game.template(event)
    if parts is None or (not named and translate is None):
        return game.describe(event)
    template, fields = parts
    say = translate or (lambda text: text)
    known = named or {}
    filled = {k: (known[v] if v in known else say(v)) if isinstance(v, str) else v
              for k, v in fields.items()}
    try:
        return say(template).format(**filled)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English
        return game.describe(event)


@dataclass(frozen=True)
class Line:
    event: Event
    turn: int
    """0: before the first turn (the set-up)."""
    phase: Any
    mine: bool


def shadows(game: Game[Any], secret: Event | None, public: Event) -> bool:
    """``public`` only tells the others what ``secret`` (the event just before it, the
    seat's own) says: its kind is declared the secret's shadow (``Game.shadows``; by
    default a ``*-sealed`` event with data), and its data are some of the secret's, the
    same (a declared shadow may say nothing more: "the flak pattern is set")."""
    if secret is None or secret.to is None or public.to is not None:
        return False
    declared = game.shadows.get(public.kind)
    if declared is None and not (not game.shadows and public.kind.endswith("-sealed")
                                 and public.data):
        return False
    if declared is not None and declared != secret.kind:
        return False
    data = secret.data
    return all(key in data and data[key] == value for key, value in public.data.items())


def lines(game: Game[Any], events: Sequence[Event], seat: Seat | None,
          turn_now: int) -> list[Line]:
    """The player's log of ``seat`` (its events as it saw them, in order): the public
    shadows of its own secrets left out, as are the events a game keeps out of the log
    (an empty template, e.g. a position) and the turn events that are only a heading."""
    first = next((e.data["turn"] for e in events if e.kind in TURN_KINDS
                  and isinstance(e.data.get("turn"), int)), None)
    turn = turn_now if first is None else max(first - 1, 0)
    phase: Any = None
    out = []
    before: Event | None = None
    for event in events:
        previous, before = before, event
        mine = event.to is not None
        if shadows(game, previous, event):
            continue
        parts = game.template(event)
        if event.kind in TURN_KINDS and isinstance(event.data.get("turn"), int):
            turn, phase = event.data["turn"], None
            if parts is not None and parts[0] == PLAIN_TURN:
                continue
        elif not mine and "phase" in event.data and event.kind not in game.shadows:
            phase = event.data["phase"]  # not a shadow's: a tailed card's phase is to come
        if parts is not None and parts[0] == "":
            continue
        out.append(Line(event, turn, phase, mine and seat is not None))
    return out


def page(game: Game[Any], log: Sequence[Line], start: int, stop: int,
         translate: Callable[[str], str] | None,
         named: Mapping[str, str]) -> dict[str, Any]:
    """Lines ``start`` to ``stop`` of a player's log: ``log`` (their texts), ``log_meta``
    (each one's place, turn, phase and whether it is the seat's own secret), and
    ``log_from`` (the place of the first: older lines exist when it is above 0)."""
    start, stop = max(0, start), min(stop, len(log))
    chosen = log[start:stop]
    return {
        "log": [words(game, line.event, translate, named) for line in chosen],
        "log_meta": [{"i": start + k, "turn": line.turn, "phase": line.phase,
                      "mine": line.mine} for k, line in enumerate(chosen)],
        "log_from": start,
        "log_total": len(log),
    }
