"""The points of the dogfight mode and its bonus round: the book's section COMBAT AERIEN
TOURNOYANT (with R21).

The game lasts until a player has lost all his aircraft; the winner is the player with
aircraft left (the first criterion). The battle points (1 per enemy shot down, 0.5 per
enemy damaged and not shot down, R21) are the other criterion. When the two disagree,
the book suggests a bonus round with the undamaged aircraft left, refuelled and rearmed
at their airfields (option ``rules.bonus_round``): :func:`bonus_wanted`,
:func:`start_bonus`.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import dataset
from dogfight.games.age_of_dogfights.state import SEATS, AgeState, Aircraft


def battle_points(state: AgeState) -> dict[str, float]:
    """1 per enemy aircraft shot down, 0.5 per enemy aircraft damaged and not shot down
    (R21; with ``rules.withdrawn_only`` only those that withdrew)."""
    return points_of(state.aircraft, state.options.rules.withdrawn_only)


def points_of(aircraft: Sequence[Aircraft], withdrawn_only: bool) -> dict[str, float]:
    """:func:`battle_points` of these aircraft."""
    scoring = dataset().rules.scoring
    out = {seat: 0.0 for seat in SEATS}
    for a in aircraft:
        if a.where == "down":
            out[ENEMY[a.seat]] += scoring.kill
        elif a.damage and (a.where == "left" or not withdrawn_only):
            out[ENEMY[a.seat]] += scoring.damaged
    return out


ENEMY = {SEATS[0]: SEATS[1], SEATS[1]: SEATS[0]}
"""Each seat's enemy."""


def survivor(aircraft: Aircraft) -> bool:
    """An undamaged aircraft not shot down: still in play or in patrol, or withdrawn
    (out of ammunition: a fighter leaves only damaged or so)."""
    return not aircraft.damage and aircraft.where != "down"


def bonus_wanted(state: AgeState, loser: Seat) -> bool:
    """The bonus round is played (COMBAT AERIEN TOURNOYANT: "notre suggestion"): the
    option is on, in the dogfight mode, the first round only, when ``loser`` lost all his
    aircraft but has more battle points (the criteria disagree; equal points do not),
    and both players have undamaged aircraft left."""
    if not state.options.rules.bonus_round or state.options.mode != "dogfight":
        return False
    if state.round > 1:
        return False
    points = battle_points(state)
    winner = SEATS[1 - SEATS.index(loser)]
    if not any(a.seat == winner and a.where in ("zone", "access", "patrol")
               for a in state.aircraft):
        return False  # both lost all: no one is left to win by the first criterion
    return points[loser] > points[winner] and all(
        any(a.seat == seat and survivor(a) for a in state.aircraft) for seat in SEATS)


def start_bonus(state: AgeState, loser: Seat, events: list[Event]) -> AgeState:
    """The bonus round: the undamaged survivors, refuelled and rearmed (every red and
    green cursor back on its first slot, jams cleared), wait in patrol; the damaged ones
    stay home (withdrawn). Then a new set-up (MISE EN PLACE) and turns. The first
    round's result is kept (``first_round``); kills, pilots and points carry over."""
    data = dataset()
    planes = []
    for a in state.aircraft:
        if survivor(a):
            kind = data.aircraft[a.kind]
            a = replace(a, where="patrol", point=None, facing=0, level=1, tilt="level",
                        bursts=(kind.front_bursts, kind.tail_bursts, kind.ventral_bursts),
                        jammed=(), throttle=kind.full_throttle, border=False, fired=())
        elif a.where != "down":
            a = replace(a, where="left")
        planes.append(a)
    counts = {seat: sum(a.seat == seat and a.where == "patrol" for a in planes)
              for seat in SEATS}
    winner = SEATS[1 - SEATS.index(loser)]
    events.append(Event("bonus-round", {"survivors": winner, **counts}))
    return replace(state, aircraft=tuple(planes), round=2, first_round=winner,
                   phase="place", active=state.options.first, turn=0, moved=(),
                   reinforced=0, flight=None, burst=None, prompts=())
