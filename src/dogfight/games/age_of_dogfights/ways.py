"""The steps offered while a piece moves (MOUVEMENT A L'HORIZONTAL, CHANGEMENT DE
DIRECTION (AGILITE), EFFET GYROSCOPIQUE, RAYON DE BRAQUAGE, LA ZONE EXTERIEURE): a step
is offered only when some whole legal move goes on with it; R16's relaxations when no
move is left at all.

:class:`Ways` is the search for whole legal paths of one move, made once for the move
(:func:`ways_for`: nothing it reads changes while the piece steers) and remembering, for
each path tried, the first whole legal path through it. The rules of a path are
:mod:`.movement`'s; the tests check every way offered against :func:`movement.refusal`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights import altitude
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType, dataset
from dogfight.games.age_of_dogfights.movement import (
    BOOK,
    SIDES,
    TILT_SHIFT,
    Move,
    Step,
    context,
    fly,
    in_border,
    may_leave,
    steps_for,
    turns_allowed,
    whole,
)
from dogfight.games.age_of_dogfights.state import AgeState, Aircraft, Flight
from dogfight.games.age_of_dogfights.zones import find, others, put
from dogfight.kit.grids import Cell, TriangleGrid
from dogfight.kit.grids.lattice import STEPS
from dogfight.kit.prompts import Frame, PromptKind, pop
from dogfight.kit.recent import Recent

ONWARD: tuple[tuple[tuple[str, int, int, int, bool], ...], ...] = tuple(
    tuple((letter, (f + SIDES[letter]) % 6, *STEPS[(f + SIDES[letter]) % 6], letter != "F")
          for letter in "FLR") for f in range(6))
"""For each facing, the steps on in the order tried: the letter, the new facing, the
point's offset (``(dq, dr)``), whether it turns."""


class Ways:
    """The whole legal paths of one move: ``first(path)`` is the first (steps tried
    straight ahead, then left, then right) whole legal path beginning with ``path``, or
    None. The search is cut where a step leaves the board, meets an aircraft at its
    level, or turns too often or too tightly; a path found is judged by
    :func:`movement.refusal`'s rules its cuts have not read, written out in ``final``.
    It runs on plain ``(q, r)`` pairs, and remembers what it found for every path it
    tried (a move's later steps search below the earlier ones)."""

    def __init__(self, data: AgeData, grid: TriangleGrid, kind: AircraftType,
                 aircraft: Aircraft, die: int, move: Move, near: Sequence[Aircraft], *,
                 strict_dive: bool = False, relax_border: bool = False,
                 relax_ahead: bool = False, entering: bool = False,
                 wind: int | None = None, home: str | None = None) -> None:
        base = steps_for(data, kind, aircraft, die, move.change, False)
        straight = steps_for(data, kind, aircraft, die, move.change, True)
        longest = max(base, straight) + (wind is not None)
        tight = base >= data.rules.movement.turning_radius or kind.role == "bomber"
        levels = altitude.levels_along(data, aircraft.level, move.change, longest)
        last = len(levels) - 1
        held = {(o.point[0], o.point[1], o.level) for o in near
                if o.where == "zone" and o.point is not None}
        width, height = grid.width, grid.height
        steps = STEPS

        def on_map(q: int, r: int) -> bool:
            return (width is None or height is None
                    or (0 <= r < height and 0 <= q + r // 2 < width))

        limits = {(r, lt): turns_allowed(data, kind, aircraft, "R" * r + "L" * lt,
                                         move.unjam)
                  for r in (False, True) for lt in (False, True)}
        most_turns = max(limits[True, False], limits[False, True], limits[True, True])
        radius = data.rules.movement.turning_radius
        leaving = not entering and (home is not None or may_leave(kind, aircraft))
        start = Cell(*(aircraft.point or (0, 0)))
        # :func:`movement.refusal` refuses every path
        refused = move.change not in altitude.level_changes(data, kind, aircraft) or (
            move.unjam and move.change)
        ahead = set() if relax_ahead else {  # where no move may end (MOUVEMENT A L'HORIZONTAL)
            (o.point[0] + STEPS[o.facing][0], o.point[1] + STEPS[o.facing][1], o.level
             + TILT_SHIFT[o.tilt]) for o in near if o.where == "zone" and o.point is not None}
        border_end = not relax_border and aircraft.border
        memo: dict[str, str | None] = {}

        def final(path: str, q: int, r: int, off: bool) -> str | None:
            # :func:`refusal` of a path found: its points on the board but the last, none
            # held at its level (levels do not depend on the length), the tilt level
            if off and (not leaving or (home is not None
                                        and home not in grid.beyond(Cell(q, r)))):
                return None
            rights, lefts = "R" in path, "L" in path
            if len(path) - path.count("F") > limits[rights, lefts]:
                return None
            if (len(path) >= radius or kind.role == "bomber") and (
                    "RR" in path or "LL" in path or "RL" in path or "LR" in path):
                return None
            if off:  # :func:`refusal`: at most the steps (one more with the wind)
                limit = straight if not (rights or lefts) else base
                return path if len(path) <= limit + (wind is not None) else None
            flown_steps = len(path)
            if wind is not None:  # the last step may be lost: the move ends before it
                flown = fly(start, aircraft.facing, path)
                flown_steps = whole(data, kind, aircraft, die, move.change, path,
                                    [f for _, f in flown], wind)[1]
                q, r = flown[flown_steps - 1][0]
            if not altitude.changes_in_time(data, move.change, flown_steps):
                return None
            if (q, r, levels[flown_steps - 1]) in ahead:
                return None
            if border_end and in_border(data, grid, Cell(q, r)):
                return None
            return path

        bounded = width is not None and height is not None
        w, h = width or 0, height or 0

        def search(path: str, q: int, r: int, facing: int, turns: int, straight_only: bool,
                   facings: tuple[int, ...], again: Callable[..., str | None]) -> str | None:
            # (``again`` is ``search`` itself: a closure that held itself would be a
            # cycle, and a ``Ways`` dropped from the cache would wait for the cyclic
            # collector with all it found)
            found = memo.get(path, "")  # every argument but ``path`` follows from it
            if found != "":  # ("": not searched yet; never a path found)
                return found
            found = None
            n = len(path)
            if n and bounded and not (0 <= r < h and 0 <= q + r // 2 < w):
                found = final(path, q, r, True)  # (``on_map``)
            elif n and (n == (straight if straight_only else base) if wind is None
                        else whole(data, kind, aircraft, die, move.change, path, facings,
                                   wind)[0]):  # :func:`whole` (without the wind: the count)
                found = final(path, q, r, False)
            elif n < longest:
                level = levels[min(n, last)]
                # no turn past the most any reading allows, nor two running when tight
                no_turn = turns >= most_turns or (tight and n and path[-1] != "F")
                for letter, heading, dq, dr, turning in ONWARD[facing]:
                    if turning and no_turn:
                        continue
                    nq, nr = q + dq, r + dr
                    if (nq, nr, level) in held:
                        continue
                    found = again(path + letter, nq, nr, heading, turns + turning,
                                  straight_only and not turning,
                                  (*facings, heading) if wind is not None else facings,
                                  again)
                    if found is not None:
                        break
            memo[path] = found
            return found

        tips: dict[str, tuple[int, int, int, tuple[int, ...], bool]] = {
            "": (start.q, start.r, aircraft.facing, (), False)}

        def tip(taken: str) -> tuple[int, int, int, tuple[int, ...], bool]:
            # :func:`fly` of the steps taken, a step at a time on from the longest
            # beginning flown before: the point, the facing, the facings flown and
            # whether a point held was met
            found = tips.get(taken)
            if found is not None:
                return found
            known = len(taken) - 1
            while taken[:known] not in tips:
                known -= 1
            q, r, facing, facings, hit = tips[taken[:known]]
            for n in range(known, len(taken)):
                facing = (facing + SIDES[taken[n]]) % 6
                q, r = q + steps[facing][0], r + steps[facing][1]
                hit = hit or (n <= last and (q, r, levels[n]) in held)
                facings = (*facings, facing)
                tips[taken[:n + 1]] = (q, r, facing, facings, hit)
            return tips[taken]

        def completions(taken: str, suffixes: Sequence[str]) -> list[str | None]:
            if refused:
                return [None] * len(suffixes)
            out: list[str | None] = []
            for suffix in suffixes:
                path = taken + suffix
                q, r, facing, facings, hit = tip(path)
                turns = len(path) - path.count("F")
                if hit or len(path) > longest or turns > most_turns:
                    out.append(None)
                    continue
                out.append(search(path, q, r, facing, turns, not turns, facings, search))
            return out

        def finished(path: str) -> tuple[bool, int]:
            # :func:`movement.finished`
            if not path:
                return False, 0
            q, r, _, facings, _ = tip(path)
            if not on_map(q, r):
                return True, len(path)
            return whole(data, kind, aircraft, die, move.change, path, facings, wind)

        self.completions = completions
        self.finished = finished
        self.data, self.grid, self.kind, self.aircraft = data, grid, kind, aircraft
        self.wind = wind

    def first(self, path: str) -> str | None:
        """The first whole legal path beginning with ``path``, or None."""
        return self.completions(path, ("",))[0]


_SEARCHES: Recent[Ways] = Recent(64)


def ways_for(state: AgeState, flight: Flight) -> Ways:
    """The search of the flight's move (its path aside), made once for the move and kept
    for the next ones asked: a pure value of what it reads (the data, the options, the
    aircraft, the wind, the flight's die, level change, unjamming and R16's
    relaxations; the aircraft do not change while a piece steers)."""
    data = dataset()
    parts = (data, state.options, state.aircraft, state.wind, flight.aircraft, flight.die,
             flight.change, flight.unjam, flight.relax)

    def search() -> Ways:
        data, grid, kind, aircraft, move, flags = context(state, flight, "")
        return Ways(data, grid, kind, aircraft, flight.die, move,
                    others(state, aircraft.id), **flags)

    return _SEARCHES.get(parts, search, (id(data), *parts[1:]))


def possible(state: AgeState, flight: Flight, path: str) -> bool:
    """Whether ``path`` begins some legal move of the flying aircraft."""
    return ways_for(state, flight).first(path) is not None


def next_steps(state: AgeState, flight: Flight) -> dict[str, str]:
    """The steps (F, L, R) that go on with the flight's path to some legal move, each
    with the first whole legal path through it."""
    found = ways_for(state, flight).completions(flight.path, ("F", "L", "R"))
    return {letter: way for letter, way in zip("FLR", found, strict=True)
            if way is not None}


def start_steering(state: AgeState, flight: Flight, events: list[Event]) -> AgeState:
    """The path begins; with no legal path at all R16 relaxes the border rule, then the
    rule of the point ahead, and at last withdraws the piece from the combat zone."""
    for relax in range(flight.relax, 3):
        candidate = replace(flight, relax=relax, stage="steer", path="")
        if possible(state, candidate, ""):
            if relax:
                events.append(Event("rule-relaxed", {"aircraft": flight.aircraft,
                                                     "relax": relax}))
            return replace(state, flight=candidate)
    aircraft = replace(find(state, flight.aircraft), where="left")
    events.append(Event("withdrawn", {"aircraft": aircraft.id}))
    return replace(put(state, aircraft), flight=replace(flight, stage="done"))


class Steering(PromptKind[AgeState, Step]):
    """One step of the move; only steps that leave some legal way to finish it are
    offered (MOUVEMENT A L'HORIZONTAL, AGILITE, EFFET GYROSCOPIQUE, RAYON DE BRAQUAGE,
    LA ZONE EXTERIEURE): the frame's ``ways`` (each step with a whole path through it),
    found by :func:`next_steps` when the step is asked (the state does not change
    until it is answered). The search gives whole moves only, so the path is a whole
    move exactly when the way offered with its last step is the path itself."""

    kind = "steer"
    decision = Step
    rule = BOOK + "MOUVEMENT A L'HORIZONTAL"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Step]:
        return [Step(letter) for letter in frame.data["ways"]]

    def refusal(self, state: AgeState, frame: Frame, seat: Seat, decision: Step) -> str | None:
        if decision.step in frame.data["ways"]:  # :func:`next_steps` when asked
            return None
        return (f"no legal move goes on with {decision.step} from here (steps, turns, "
                "points held, the point ahead of another aircraft, the border zone)")

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Step,
              events: list[Event]) -> AgeState:
        state = pop(state)
        flight = state.flight
        assert flight is not None  # the frame is asked only during a flight
        flight = replace(flight, path=flight.path + decision.step,
                         way=frame.data["ways"][decision.step])
        if flight.way != flight.path:  # the search gives whole moves only: not ended yet
            return replace(state, flight=flight)
        ways = ways_for(state, flight)
        done, flown = ways.finished(flight.path)
        if done:
            if flown < len(flight.path):
                events.append(Event("wind-lost-step", {"aircraft": flight.aircraft}))
            elif ways.wind is not None and len(flight.path) > steps_for(
                    ways.data, ways.kind, ways.aircraft, flight.die, flight.change,
                    set(flight.path) == {"F"}):
                events.append(Event("wind-extra-step", {"aircraft": flight.aircraft}))
            flight = replace(flight, stage="tilt", path=flight.path[:flown])
        return replace(state, flight=flight)
