"""The computer pilots' knowledge of Age of Dogfights: WW1, registered as
``GAME_POLICIES``.

``greedy`` (the one-step chooser, from a seat's observation): the pieces are read back
from the view (every panel and piece is public), and when an aircraft is asked its
first step it flies every path its die allows on paper (the movement chapter's own
rules: exact steps, turns and agility, the turning radius, points held, the point ahead
of another aircraft, the border zone, who may leave and by which side) and keeps the
path whose end is best: in an offensive firing position on an enemy (the positions of
``rules.toml`` read backwards from each enemy: where a shooter must stand), out of the
enemy's guns (defensive fire follows the move), closing on an enemy's tail when no shot
is to be had, clear of the board's edges, and in the task modes on the mode's objective
(a target zone flown over and left, the photos brought home by the own side, the far
side for a breakthrough, the East edge for the general); then it steps along it. It
fires whenever it can (the best column, a task aircraft or a damaged one first),
fires back, takes the long burst, tilts toward the nearest enemy's level, and brings
aircraft up (task aircraft first) at the middle level on the access point nearest the
enemies. A path is planned once a move (a small cache of the pure planner, keyed by
everything it reads); it never sees a secret: only ``observe``.

``AgeOfDogfightsPolicy`` (the ``mcts`` search policy): at the first step of a move with
a choice of steps the candidates are whole paths of the planner scoring near the best:
the best through each legal next step, then the next best with ends (point, facing,
steps) not yet tried, at most ``WIDTH``; the path chosen is flown to its end
(``mcts.Following``). The die and the shots are searched among the legal decisions for
the aircraft ``greedy`` picks, and a task aircraft's level change and tilt (in the
dogfight every aircraft's) among every legal one; the rest follows ``greedy``. The
candidates are compared on common samples (``mcts.Pairing``: every candidate played out
on the same dice), and a roll-out flies until the enemy has flown his whole turn after
the seat's (``mcts.Halting``): the seat's fighters step by :func:`quick_step` (greedy's
scoring of an end, applied to the whole path the rules give through each next step: no
planning), the enemy's as ``greedy`` plans them (the opponent modelled as it plays),
every other decision by ``greedy`` on the seat's own observation of the sampled state;
leaves are scored by ``Game.evaluate`` (battle and task points, aircraft still flying),
the task points carried (:func:`tasks_carried`), the general's way East
(:func:`general_way`), the firing positions held, and who can reach one next move
(:func:`reach_lead`: an estimate from the speed, the die and the agility); in zone
bombing by a fit of who wins (:data:`FITTED`) on the terms of :func:`bombing_terms`
(the leads, the bombs carried and how near the next drop is, the fighters, the enemy's
reach on the carriers, the fighters' on each other, and each as the turns run out).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from msgspec.structs import replace

from dogfight.ai.base import EXPLORATION, GamePolicies
from dogfight.core.contract import Decision, Game, Seat, observe
from dogfight.core.rng import Rng, choice
from dogfight.games.age_of_dogfights import altitude, movement, reconnaissance
from dogfight.games.age_of_dogfights.data import CURSOR, SLOT, AgeData, AircraftType, dataset
from dogfight.games.age_of_dogfights.fire import GROUPS, guns_of, positions_between
from dogfight.games.age_of_dogfights.game import leads
from dogfight.games.age_of_dogfights.state import SEATS, AgeState, Aircraft, Flight
from dogfight.games.age_of_dogfights.weather import FACING
from dogfight.games.age_of_dogfights.zones import board, find
from dogfight.kit.grids import Cell, TriangleGrid, from_offset, to_offset
from dogfight.kit.grids.lattice import STEPS
from dogfight.kit.recent import Last, Recent

Key = tuple[int, int, int, int]
"""A pose at the end of a move: ``(q, r, facing, level)``."""

ATTACK = 10.0
"""An end in an offensive firing position (times the position's worth)."""
DANGER = 4.0
"""An end in an enemy's firing position (times its worth: defensive fire follows)."""
CLOSING = 0.6
"""Per point of distance from the nearest enemy's tail, when no shot is to be had."""
EDGE = 3.0
"""An end in the border zone; leaving the board when the task does not ask it: 30."""
TASK = 12.0
"""Points of a target zone flown over (a photo or a bomb), and closing on it."""
TASK_TARGET = 3.0
"""An enemy task aircraft is worth this many fighters as a target."""
CHASE = 6
"""Farther than this from an enemy task aircraft, a fighter opens full throttle."""
MARGIN = 3.0
"""The search tries whole paths scoring within this of the best path (a shot or a
riposte away): the others ``greedy`` rightly leaves."""
POSITION = 0.1
"""A search leaf's worth of an aircraft in an offensive firing position."""
REACH = 0.05
"""A search leaf's worth of an aircraft of the seat that can reach an offensive firing
position on an enemy in its next move (times the share of the die's faces that can);
an enemy's on the seat's counts half (from a leaf the seat moves first)."""
HELD = 0.15
"""A search leaf's worth, in ``Game.evaluate``'s lead before its ``tanh``, of a task
point carried (a photo taken, not yet home; a bomb carrier breaking through; a bomb not
yet dropped): half what it is worth scored (0.3), from a half far from its exit side or
target to a whole there (:func:`tasks_carried`)."""
GENERAL = 1.5
"""A search leaf's worth, in the lead before its ``tanh``, of the general's way East
(Interceptez le général, where the general alone decides the game): its progress
across the board, less its damage, less the Germans' reach of a shot on it
(:func:`general_way`)."""
FITTED: dict[str, dict[str, float]] = {"bombing": {
    "battle": 0.3687, "task": 0.4061, "fit": -0.0037, "bombs": 0.3566,
    "carriers": 0.3107, "near": 1.3139, "fighters": -0.3089, "threat": -0.3160,
    "duel": 0.4555, "edge": -0.0102,
    "battle:left": 0.4317, "task:left": -0.2816, "fit:left": -0.0782,
    "bombs:left": -0.7792, "carriers:left": -0.2120, "near:left": -0.6031,
    "fighters:left": 0.4890, "threat:left": 0.2678, "duel:left": -0.3267,
    "edge:left": -0.1604}}
"""The modes whose search leaf is fitted: a logistic regression of who won on the terms of
:func:`bombing_terms` at the start of each player's turn, the leaf worth ``tanh`` of half
the weighted sum (2p - 1 for p the chance of a win; no intercept: the leaf is the same
for both seats, of opposite sign). Zone bombing: ``tools/age_leaf_fit.py --games 1000
--seed 7000`` (greedy against greedy, seeds 7000-7049, 20 games each; 46,226 rows), a
held-out log-loss of 0.447 against 0.507 for the leaf it replaces, calibrated."""
SEARCHED = ("throttle", "fire", "riposte", "long-burst")
"""The prompts whose every legal decision the search tries (a move's path is searched
at its first step among the best paths; the rest follows ``greedy``)."""
TASK_SEARCHED = ("attitude", "tilt")
"""The prompts whose every legal decision the search tries for a task aircraft, where
``greedy``'s rule for fighters (toward the nearest enemy's level) does not fit, and for
every aircraft in the modes of ``LEVELS_SEARCHED``: its tilt (the next move's climb or
dive announced; a tilted target is out of the positions that need it level) and its
level change (a choice only after a tilt: how far to climb or dive)."""
LEVELS_SEARCHED = ("dogfight",)
"""The modes where a fighter's tilt and level change are searched too: the dogfight,
where the fight is the whole game; elsewhere a fighter's follow ``greedy`` (toward the
nearest enemy's level)."""
WIDTH = 6
"""Whole paths the search tries at a move's first step (distinct ends)."""
CARRIER_LEVEL = 4
"""Zone bombing: the level at which the search brings its bomb carriers in (``greedy``:
the middle level, 3). Greedy against greedy, the seat bringing its bombers in at 4 won
0.571 of 400 games (seeds 1000 and 3000, 200 each) where greedy itself won 0.465 on
the same seeds, its bombers dropping 2.3 bombs a game instead of 0.7
(``docs/performance.md``, the zone bombing's bombers brought in high)."""


# -- the pieces, read back from the view ---------------------------------------------------------
def pieces(view: dict[str, Any]) -> Mapping[str, Aircraft]:
    """Every aircraft as the view shows it (panels and pieces are public; read-only). A
    view shares its panels, its pieces and its map with the views before it while the
    aircraft stay the same (a move's steps): those read last are read once."""
    parts = (view["aircraft"], view["pieces"], view["map"])
    return _READ.get(parts, lambda: MappingProxyType(_read_pieces(view)))


_READ: Last[Mapping[str, Aircraft]] = Last(4)


def _read_pieces(view: dict[str, Any]) -> dict[str, Aircraft]:
    data = dataset()
    kinds = data.numbered
    grid = TriangleGrid(view["map"]["width"], view["map"]["height"])
    cells = {p["id"]: p for p in view["pieces"]}
    out = {}
    for ident, panel in view["aircraft"].items():
        kind = kinds.get(ident)
        if kind is None:
            continue
        nation, _, number = ident.rpartition("-")
        piece = cells.get(ident)
        point, facing = None, 0
        if piece is not None:
            cell = from_offset(*piece["cell"])
            point, facing = (cell.q, cell.r), int(piece["facing"])
        where = panel["where"]
        out[ident] = Aircraft(
            nation, int(number), kind, panel["seat"], where=where, point=point,
            facing=facing, level=panel["level"], tilt=panel["tilt"],
            damage=tuple(panel["damage"]), bursts=tuple(panel["bursts"]),
            jammed=tuple(panel["jammed"]), throttle=panel["throttle"],
            pilot=panel["pilot"] or "average", photos=tuple(panel["photos"]),
            home=panel["home"],
            border=where == "zone" and point is not None
            and movement.in_border(data, grid, Cell(*point)))
    return out


def role(aircraft: Aircraft) -> str:
    return dataset().aircraft[aircraft.kind].role


def is_task(mode: str, aircraft: Aircraft) -> bool:
    """A task aircraft as ``greedy`` hunts it: every bomber and, in the bombing modes,
    every reconnaissance aircraft, its bombs dropped or not."""
    r = role(aircraft)
    if mode == "general":
        return aircraft.seat == SEATS[0] and aircraft.number == 13
    if mode == "reconnaissance":
        return r == "reconnaissance"
    if mode in ("bombing", "breakthrough", "combined"):
        return r != "fighter"
    return False


def exit_side(mode: str, aircraft: Aircraft, sides: str = "short") -> str | None:
    """The side a task aircraft leaves by (R13), as ``reconnaissance.exit_side``;
    ``sides``: the players' sides of the board, as the view's map tells them."""
    own = reconnaissance.home_side(aircraft.seat, sides)
    far = reconnaissance.home_side(SEATS[1 - SEATS.index(aircraft.seat)], sides)
    if mode == "general" and is_task(mode, aircraft):
        return "east"
    r = role(aircraft)
    if mode in ("reconnaissance", "combined") and r == "reconnaissance":
        return own
    if mode in ("bombing", "breakthrough", "combined") and r != "fighter":
        return far if mode == "breakthrough" else own
    return None


def armed(kind: AircraftType, aircraft: Aircraft, group: str) -> bool:
    return (guns_of(kind, group) > 0 and aircraft.bursts[SLOT[group]] > 0
            and CURSOR[group] not in aircraft.jammed and "guns" not in aircraft.damage)


# -- where a shooter must stand ------------------------------------------------------------------
Offsets = dict[Key, float]
"""Poses with their worth, relative to an aircraft at ``(0, 0)`` and level 0."""


def firing_poses(data: AgeData, shooter: Aircraft, target: Aircraft, *,
                 offensive: bool) -> dict[Key, float]:
    """The poses (point, facing, level, the shooter ending level) from which ``shooter``
    may fire at ``target`` where it stands, each with its worth (column A, more guns):
    ``fire.geometry_holds`` read backwards (:func:`_firing_offsets`, moved to the
    target)."""
    if target.point is None:
        return {}
    kind = data.aircraft[shooter.kind]
    usable = tuple(g for g in GROUPS if armed(kind, shooter, g))
    offsets = _OFFSETS.get(
        ("fire", id(data), shooter.kind, usable, target.facing, target.tilt, offensive),
        lambda: _firing_offsets(data, kind, usable, target.facing, target.tilt, offensive))
    return _moved(offsets, target)


def exposed_poses(data: AgeData, shooter: Aircraft) -> dict[Key, float]:
    """The poses of a target ``shooter`` may fire at (defensively: every position):
    :func:`_exposed_offsets`, moved to the shooter."""
    if shooter.point is None:
        return {}
    kind = data.aircraft[shooter.kind]
    usable = tuple(g for g in GROUPS if armed(kind, shooter, g))
    offsets = _OFFSETS.get(("exposed", id(data), shooter.kind, usable, shooter.facing),
                           lambda: _exposed_offsets(data, kind, usable, shooter.facing))
    return _moved(offsets, shooter)


_OFFSETS: Recent[Offsets] = Recent(1024)
"""The poses relative to an aircraft, for each type, guns still firing and attitude: a
pure function of them (the data kept for the life of the process), the same wherever
the aircraft stands."""


def _moved(offsets: Offsets, aircraft: Aircraft) -> dict[Key, float]:
    q, r = aircraft.point or (0, 0)
    level = aircraft.level
    return {(q + dq, r + dr, f, level + dl): worth
            for (dq, dr, f, dl), worth in offsets.items()}


def _firing_offsets(data: AgeData, kind: AircraftType, usable: tuple[str, ...],
                    facing: int, tilt: str, offensive: bool) -> Offsets:
    """:func:`firing_poses` at a target at ``(0, 0)``, level 0, facing ``facing``."""
    out: Offsets = {}
    for p in data.rules.positions.values():
        if offensive and (not p.offensive or kind.role == "bomber"):
            continue
        if p.target == "level" and tilt != "level":
            continue
        groups = [g for g in p.guns if g in usable]
        if not groups:
            continue
        worth = (1.5 if offensive and p.column == "A" else 1.0) + 0.25 * max(
            guns_of(kind, g) for g in groups)
        levels = [d for d in p.levels if p.shooter != "toward" or d == 0]
        for f in range(6):
            if (facing - f) % 6 not in p.heading:
                continue
            for t in p.target_at:
                dq, dr = STEPS[(f + t) % 6]
                for d in levels:
                    key = (-p.distance * dq, -p.distance * dr, f, -d)
                    out[key] = max(out.get(key, 0.0), worth)
    return out


def _exposed_offsets(data: AgeData, kind: AircraftType, usable: tuple[str, ...],
                     facing: int) -> Offsets:
    """:func:`exposed_poses` of a shooter at ``(0, 0)``, level 0, facing ``facing``."""
    out: Offsets = {}
    for p in data.rules.positions.values():
        groups = [g for g in p.guns if g in usable]
        if not groups:
            continue
        worth = 1.0 + 0.25 * max(guns_of(kind, g) for g in groups)
        for t in p.target_at:
            dq, dr = STEPS[(facing + t) % 6]
            for h in p.heading:
                f = (facing + h) % 6
                for d in p.levels:
                    if p.shooter == "toward" and d != 0:
                        continue
                    key = (p.distance * dq, p.distance * dr, f, d)
                    out[key] = out.get(key, 0.0) + worth
    return out


# -- paths on paper ------------------------------------------------------------------------------
Path = tuple[str, tuple[Cell, ...], bool, Key]
"""A whole path: ``(path, points flown, left the board, the pose at its end)``."""


class Sky(NamedTuple):
    """The whole paths of an empty sky (:func:`sky_paths`), and for :func:`paths` to take
    out those another aircraft bars: the paths through each point at a level, and those
    on the board ending at each (their places in ``paths``)."""

    paths: tuple[Path, ...]
    through: Mapping[tuple[int, int, int], tuple[int, ...]]
    ends: Mapping[tuple[int, int, int], tuple[int, ...]]


def paths(grid: TriangleGrid, me: Aircraft, die: int, change: int, prefix: str,
          others: Sequence[Aircraft], *, mode: str, wind: int | None, home: str | None,
          entering: bool) -> Sequence[Path]:
    """Every whole path beginning with ``prefix`` that the movement rules allow as far
    as a paper plan can tell (:data:`Path`): those of an empty sky (:func:`sky_paths`)
    but for a path through a point held at its level by another aircraft, or ending
    just ahead of one."""
    sky = sky_paths(me, die, change, prefix, grid.width or 0, grid.height or 0, mode, wind,
                    home, entering)
    barred: set[int] = set()
    for o in others:
        if o.point is not None:
            barred.update(sky.through.get((o.point[0], o.point[1], o.level), ()))
        nose = movement.ahead_of(o)
        if nose:
            barred.update(sky.ends.get((nose[0].q, nose[0].r, nose[1]), ()))
    if not barred:
        return sky.paths
    return [path for i, path in enumerate(sky.paths) if i not in barred]


@lru_cache(maxsize=128)
def sky_paths(me: Aircraft, die: int, change: int, prefix: str, width: int, height: int,
              mode: str, wind: int | None, home: str | None, entering: bool) -> Sky:
    """:func:`paths` with no other aircraft about (a pure function of its arguments:
    cached, for a move planned again as the others move), with the points each flies
    through at their levels (:class:`Sky`)."""
    data = dataset()
    grid = TriangleGrid(width, height)
    kind = data.aircraft[me.kind]
    if mode == "general" and is_task(mode, me):  # MODES DE JEU: unarmed, one faster
        kind = replace(kind, speed=kind.speed + 1)
    base = movement.steps_for(data, kind, me, die, change, False)
    straight = movement.steps_for(data, kind, me, die, change, True)
    longest = max(base, straight) + (wind is not None)
    limits = {(r, lt): movement.turns_allowed(data, kind, me, "R" * r + "L" * lt)
              for r in (False, True) for lt in (False, True)}
    most = max(limits.values())
    tight = base >= data.rules.movement.turning_radius or kind.role == "bomber"
    levels = altitude.levels_along(data, me.level, change, longest)
    leaving = not entering and (home is not None or movement.may_leave(kind, me))
    out: list[tuple[str, tuple[Cell, ...], bool, Key, tuple[tuple[int, int, int], ...]]] = []
    start = me.point or (0, 0)

    def leaf(path: str, facing: int, turns: int, points: tuple[Cell, ...],
             flown: tuple[tuple[int, int, int], ...], off: bool) -> None:
        if turns > limits["R" in path, "L" in path]:
            return
        q, r, level = flown[-1]
        if off:
            if leaving and (home is None or home in grid.beyond(points[-1])):
                out.append((path, points, True, (q, r, facing, level), flown))
            return
        if me.border and movement.in_border(data, grid, points[-1]):
            return
        if not altitude.changes_in_time(data, change, len(path)):
            return
        out.append((path, points, False, (q, r, facing, level), flown))

    def search(path: str, q: int, r: int, facing: int, turns: int, points: tuple[Cell, ...],
               flown: tuple[tuple[int, int, int], ...], facings: tuple[int, ...],
               again: Callable[..., None]) -> None:
        # (``again`` is ``search`` itself: a closure holding itself, a cycle, would keep
        # ``out`` for the cyclic collector)
        n = len(path)
        if n > len(prefix) or (n == len(prefix) and n):
            if not (0 <= r < height and 0 <= q + r // 2 < width):
                leaf(path, facing, turns, points, flown, True)
                return
            if (n == (straight if turns == 0 else base)) if wind is None else \
                    movement.whole(data, kind, me, die, change, path, facings, wind)[0]:
                leaf(path, facing, turns, points, flown, False)
                return
        if n >= longest:
            return
        letters = prefix[n] if n < len(prefix) else "FLR"
        level = levels[n]
        for letter in letters:
            turning = letter != "F"
            if turns + turning > most or (turning and tight and path and path[-1] != "F"):
                continue
            heading = (facing + movement.SIDES[letter]) % 6
            dq, dr = STEPS[heading]
            nq, nr = q + dq, r + dr
            again(path + letter, nq, nr, heading, turns + turning, (*points, Cell(nq, nr)),
                  (*flown, (nq, nr, level)), (*facings, heading), again)

    search("", start[0], start[1], me.facing, 0, (), (), (), search)
    through: dict[tuple[int, int, int], list[int]] = {}
    ends: dict[tuple[int, int, int], list[int]] = {}
    for i, (_, _, off, _, flown) in enumerate(out):
        for point in set(flown):
            through.setdefault(point, []).append(i)
        if not off:
            ends.setdefault(flown[-1], []).append(i)
    return Sky(tuple(path[:4] for path in out),
               MappingProxyType({k: tuple(v) for k, v in through.items()}),
               MappingProxyType({k: tuple(v) for k, v in ends.items()}))


# -- the plan of a move --------------------------------------------------------------------------
def _edge_distance(grid: TriangleGrid, cell: Cell) -> int:
    column, row = to_offset(cell)
    return min(column, row, (grid.width or 0) - 1 - column, (grid.height or 0) - 1 - row)


def _side_distance(grid: TriangleGrid, cell: Cell, side: str) -> int:
    """Points from ``cell`` out over the board's ``side``."""
    column, row = to_offset(cell)
    return {"west": column + 1, "east": (grid.width or 0) - column, "north": row + 1,
            "south": (grid.height or 0) - row}[side]


def _side_depth(grid: TriangleGrid, side: str) -> int:
    """The board's extent across from ``side`` (its width West or East, else its height)."""
    return (grid.width if side in ("west", "east") else grid.height) or 1


@lru_cache(maxsize=128)
def plan(me: Aircraft, everyone: tuple[Aircraft, ...], die: int, change: int, prefix: str,
         width: int, height: int, wind: str | None, mode: str,
         zones_done: tuple[str, ...], targets: Targets = (),
         sides: str = "short") -> tuple[tuple[float, str], ...]:
    """The whole paths of ``me``'s move beginning with ``prefix``, best first, each with
    its score (a pure function of its arguments: cached, a move is planned once);
    ``targets``: ``me``'s target zones as the view shows them (agreed or given);
    ``sides``: the players' sides of the board (the view's map)."""
    data = dataset()
    grid = TriangleGrid(width, height)
    others = tuple(a for a in everyone if a.where == "zone" and a.id != me.id)
    enemies = [a for a in others if a.seat != me.seat]
    downwind = None if wind is None else (FACING[wind] + 3) % 6
    home = exit_side(mode, me, sides)
    task = is_task(mode, me)
    found = paths(grid, me, die, change, prefix, others, mode=mode, wind=downwind,
                  home=home, entering=me.where == "access")
    attack: dict[Key, float] = {}
    danger: dict[Key, float] = {}
    for e in enemies:
        weight = TASK_TARGET if is_task(mode, e) else 1.0 + 0.5 * bool(e.damage)
        for key, worth in firing_poses(data, me, e, offensive=True).items():
            attack[key] = max(attack.get(key, 0.0), weight * worth)
        for key, worth in exposed_poses(data, e).items():
            danger[key] = danger.get(key, 0.0) + worth
    hunted = [e for e in enemies if is_task(mode, e)] or enemies  # the task aircraft first
    tails = tail_marks([e for e in hunted if e.point is not None], intercept=mode == "general")
    objective = _objective(data, grid, mode, me, task, zones_done, dict(targets), sides)
    scored = []
    poses: dict[Key, float] = {}  # the score of an end pose, whatever the path
    ranks: dict[Key, float] = {}  # a fighter's paths (no objective): the rank of an end pose
    for path, points, off, key in found:
        if off:
            score = 0.0 if home is not None and task else -30.0
        elif key in ranks:
            scored.append((ranks[key], path))
            continue
        elif key in poses:
            score = poses[key]
        else:
            end = points[-1]
            score = ATTACK * attack.get(key, 0.0) - DANGER * danger.get(key, 0.0)
            if key not in attack and tails and not task:
                score -= CLOSING * tail_distance(end, key[2], key[3], tails)
            edge = _edge_distance(grid, end)
            if edge < data.board.border:
                score -= EDGE * (data.board.border - edge)
            poses[key] = score
        rank = -round(score + objective(points, off), 6)
        if not task and not off:
            ranks[key] = rank
        scored.append((rank, path))
    scored.sort()  # best first, then by path
    return tuple([(-rank, path) for rank, path in scored])


Mark = tuple[Cell, int | None, int]
"""Where a chaser wants to be on an enemy: ``(point, facing, level)``, ``facing`` None
when any will do."""


def tail_marks(enemies: Sequence[Aircraft], *, intercept: bool = False) -> tuple[Mark, ...]:
    """For each enemy, the point two behind it, facing its way, at its level;
    ``intercept`` (an unarmed aircraft faster than its hunters): three points ahead of it,
    whichever way."""
    out = []
    for e in enemies:
        q, r = e.point or (0, 0)
        dq, dr = STEPS[e.facing]
        out.append((Cell(q + 3 * dq, r + 3 * dr), None, e.level) if intercept
                   else (Cell(q - 2 * dq, r - 2 * dr), e.facing, e.level))
    return tuple(out)


def tail_distance(end: Cell, facing: int, level: int, marks: Sequence[Mark]) -> float:
    """How far a pose ``(end, facing, level)`` is from the nearest of ``marks``
    (:func:`tail_marks`): the points between, 0.7 a 60° turn from the mark's facing, 0.5
    a level; infinite with no mark."""
    best = math.inf
    for point, way, height in marks:
        far: float = _distance(end, point)
        if way is not None:
            turns = (facing - way) % 6
            far += 0.7 * min(turns, 6 - turns)
        far += 0.5 * abs(level - height)
        if far < best:
            best = far
    return best


def _distance(a: Cell, b: Cell) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _objective(data: AgeData, grid: TriangleGrid, mode: str, me: Aircraft, task: bool,
               zones_done: tuple[str, ...], zones: dict[str, frozenset[Cell]],
               sides: str = "short") -> Any:
    """The score of a path for the mode's objective (0 for fighters and the dogfight)."""
    if not task:
        return lambda points, off: 0.0
    home = exit_side(mode, me, sides)
    photos = mode in ("reconnaissance", "combined") and role(me) == "reconnaissance"
    to_zone = (mode in ("bombing", "combined") and not photos) or (
        photos and len(me.photos) < 2 and len(set(zones) - set(me.photos)) > 0)
    wanted = {k: v for k, v in zones.items() if k not in me.photos and
              (not photos or k not in zones_done)} or {
        k: v for k, v in zones.items() if k not in me.photos} or zones
    if photos and me.photos and (len(me.photos) >= 2 or not wanted):
        to_zone = False

    def score(points: tuple[Cell, ...], off: bool) -> float:
        end = points[-1]
        if off:
            return 100.0 if home is not None and home in grid.beyond(end) and not to_zone \
                and (not photos or me.photos) else -30.0
        if to_zone:
            best = 0.0
            for cells in wanted.values():
                inside = sum(p in cells for p in points)
                near = min(_distance(end, c) for c in cells)
                best = max(best, TASK * min(inside, 3) + (TASK if inside >= 2 and end
                                                          not in cells else 0.0)
                           - 1.5 * near)
            return best
        if home is not None:
            return -2.0 * _side_distance(grid, end, home)
        return 0.0

    return score


def _my_seat(observation: dict[str, Any]) -> Seat | None:
    pending = observation.get("pending") or {}
    return next(iter(pending), None) if len(pending) == 1 else None


def steer(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    """The next step of the best path."""
    view = observation["view"]
    flight = view.get("flight")
    if not flight:
        return None
    allowed = {d["step"] for d in legal if "step" in d}
    n = len(flight["path"])
    return next(({"step": path[n]} for _, path in open_paths(view, flight)
                 if len(path) > n and path[n] in allowed), None)


Targets = tuple[tuple[str, frozenset[Cell]], ...]
"""A seat's target zones (letter, points), hashable for ``plan``'s cache."""


def targets_in(view: dict[str, Any], seat: Seat) -> Targets:
    """``seat``'s target zones as its view shows them (the positions agreed at the set-up,
    or the given ones: ``Game.view``'s ``zones``)."""
    zones = (view.get("zones") or {}).get(seat) or {}
    return tuple(sorted((letter, frozenset(from_offset(*point) for point in points))
                        for letter, points in zones.items()))


def open_paths(view: dict[str, Any], flight: dict[str, Any]) -> Iterator[tuple[float, str]]:
    """The flight's whole paths still open, best first, one at a time (by :func:`plan`,
    from the move's start, or from the steps taken when the plan was left)."""
    everyone = pieces(view)
    me = everyone.get(flight["aircraft"])
    if me is None:
        return
    ordered = tuple(everyone[k] for k in sorted(everyone))
    done_zones = tuple(sorted({z for a in everyone.values() if a.seat == me.seat
                               for z in a.photos}))
    args = (me, ordered, int(flight["die"]), int(flight["change"]))
    rest = (view["map"]["width"], view["map"]["height"], view.get("wind"), view["mode"],
            done_zones, targets_in(view, me.seat) if is_task(view["mode"], me) else (),
            view["map"].get("sides", "short"))
    done = flight["path"]
    on = False
    for item in plan(*args, "", *rest):
        if item[1].startswith(done) and len(item[1]) > len(done):
            on = True
            yield item
    if not on:
        yield from plan(*args, done, *rest)


def ranked_paths(view: dict[str, Any], flight: dict[str, Any]) -> tuple[tuple[float, str], ...]:
    """The flight's whole paths still open, best first (:func:`open_paths`)."""
    return tuple(open_paths(view, flight))


# -- the other decisions -------------------------------------------------------------------------
def _fire(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    view = observation["view"]
    panels = view["aircraft"]
    mode = view["mode"]
    everyone = pieces(view)
    best, best_score = None, -math.inf
    for d in legal:
        if "guns" not in d:
            continue
        target = everyone.get(str(d["target"]))
        score = 1.0
        if target is not None:
            score += 2.0 * is_task(mode, target) + 1.5 * bool(panels[target.id]["damage"])
        score += 0.1 * len(str(d["guns"]))  # deterministic tie-break
        if score > best_score:
            best, best_score = d, score
    return best


def _bring(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    """Task aircraft first, then the lowest number; middle level; the access point nearest
    the enemies' rows."""
    view = observation["view"]
    everyone = pieces(view)
    mode = view["mode"]
    seat = _my_seat(observation)
    rows = [to_offset(Cell(*a.point))[1] for a in everyone.values()
            if a.seat != seat and a.where == "zone" and a.point is not None]
    target_row = sum(rows) / len(rows) if rows else view["map"]["height"] / 2
    brings = [d for d in legal if "point" in d]
    if not brings:
        return None
    count = max(int(d["point"]) for d in brings) + 1
    height = view["map"]["height"]

    def rank(d: Decision) -> tuple[float, ...]:
        a = everyone.get(str(d["aircraft"]))
        task = a is not None and is_task(mode, a)
        row = (int(d["point"]) + 0.5) * height / max(count, 8)
        return (-task, a.number if a else 99, abs(int(d["level"]) - 3),
                abs(row - target_row), int(d["point"]))

    return min(brings, key=rank)


def carrier_bring(observation: dict[str, Any], decision: Decision) -> Decision:
    """The search's ``decision`` (``greedy``'s) where the prompt is a bring: a bomb carrier
    of the zone bombing at ``CARRIER_LEVEL`` when it may enter there (MISE EN PLACE, UN
    TOUR: a stand of the player's choice); any other decision as it is."""
    view = observation["view"]
    if view["mode"] != "bombing" or "point" not in decision or \
            (observation.get("prompt") or {}).get("kind") != "access":
        return decision
    me = pieces(view).get(str(decision["aircraft"]))
    if me is None or not is_task("bombing", me):
        return decision
    high = {**decision, "level": CARRIER_LEVEL}
    return high if high in (observation.get("legal") or []) else decision


def _flying(view: dict[str, Any]) -> tuple[dict[str, Any], Mapping[str, Aircraft],
                                           Aircraft | None]:
    """The flight being flown (its ``flight`` record), every aircraft, and the one flying."""
    flight = view.get("flight") or {}
    everyone = pieces(view)
    return flight, everyone, everyone.get(flight.get("aircraft", ""))


def _attitude(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    """Unjam when it can; else the level change toward the nearest enemy's level."""
    view = observation["view"]
    _, everyone, me = _flying(view)
    if me is None:
        return None
    unjams = [d for d in legal if d.get("unjam")]
    if unjams and me.jammed:
        return unjams[0]
    goal = _nearest_enemy_level(everyone, me, view["mode"])
    return min((d for d in legal if not d.get("unjam")),
               key=lambda d: (abs(me.level + int(d["change"]) - goal), int(d["change"])),
               default=None)


def _quarry(everyone: Mapping[str, Aircraft], me: Aircraft, mode: str) -> Aircraft | None:
    """The enemy to go for: the nearest task aircraft, else the nearest."""
    if me.point is None:
        return None
    enemies = [a for a in everyone.values()
               if a.seat != me.seat and a.where == "zone" and a.point is not None]
    hunted = [a for a in enemies if is_task(mode, a)] or enemies
    return min(hunted, key=lambda a: (_distance(Cell(*me.point or (0, 0)),
                                                Cell(*a.point or (0, 0))), a.id),
               default=None)


def _nearest_enemy_level(everyone: Mapping[str, Aircraft], me: Aircraft, mode: str) -> int:
    quarry = _quarry(everyone, me, mode)
    return me.level if quarry is None else quarry.level


def _tilt(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    view = observation["view"]
    flight, everyone, me = _flying(view)
    if me is None:
        return None
    level = me.level + int(flight.get("change", 0))
    goal = _nearest_enemy_level(everyone, me, view["mode"])
    wanted = "up" if goal > level else "down" if goal < level else "level"
    tilts = [d["tilt"] for d in legal if "tilt" in d]
    return {"tilt": wanted} if wanted in tilts else {"tilt": "level"} if "level" in tilts \
        else None


def _throttle(observation: dict[str, Any], legal: Sequence[Decision]) -> Decision | None:
    """The first aircraft offered; full throttle (while it is safe) only to chase an
    enemy task aircraft far away."""
    view = observation["view"]
    everyone = pieces(view)
    first = str(legal[0]["aircraft"])
    me = everyone.get(first)
    green = {"aircraft": first, "die": "green"}
    if me is not None and me.throttle > 0 and green in legal and not is_task(view["mode"], me):
        quarry = _quarry(everyone, me, view["mode"])
        if quarry is not None and is_task(view["mode"], quarry) and me.point and \
                quarry.point and _distance(Cell(*me.point), Cell(*quarry.point)) > CHASE:
            return green
    return {"aircraft": first, "die": "blue"}


def greedy(observation: Any) -> Decision | None:
    """``greedy``'s decision from a seat's observation (``None``: the random fallback)."""
    legal: list[Decision] = observation.get("legal") or []
    if not legal:
        return None
    kind = (observation.get("prompt") or {}).get("kind")
    if kind == "steer":
        return steer(observation, legal)
    if kind in ("fire", "riposte"):
        return _fire(observation, legal) or {"hold": True}
    if kind == "long-burst":
        return {"long_burst": True}
    if kind == "access":
        return _bring(observation, legal) or legal[0]
    if kind == "attitude":
        return _attitude(observation, legal)
    if kind == "tilt":
        return _tilt(observation, legal)
    if kind == "throttle":
        return _throttle(observation, legal)
    if kind == "pilots":
        return next((d for d in legal if "done" in d), legal[0])
    return legal[0]


# -- the search policy ---------------------------------------------------------------------------
class AgeOfDogfightsPolicy:
    """The ``mcts`` search policy: the planner's best paths as candidates, ``greedy``
    roll-outs for every seat, ``Game.evaluate`` at the leaves."""

    horizon = 0
    exploration = EXPLORATION
    margin = MARGIN
    """The searched paths score within this of the best."""
    width = WIDTH
    """At most this many paths searched at a move's first step."""
    follow = True
    paired = True
    planned_enemy = True
    """The enemy's moves in roll-outs planned as ``greedy`` plans them (the opponent
    modelled as it plays), not by :func:`quick_step` (the seat's own)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.searching: Seat | None = None

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        self.searching = seat
        seen = observe(self.game, state, seat)
        flight = seen["view"].get("flight")
        kind = (seen.get("prompt") or {}).get("kind")
        if kind == "steer" and flight:
            done = flight["path"]
            ranked = ranked_paths(seen["view"], flight)
            me = pieces(seen["view"]).get(flight["aircraft"])
            nexts = {d["step"] for d in legal if "step" in d}
            out = [[{"step": s} for s in path[len(done):]]
                   for path in self.moves(ranked, me, done, nexts)]
            return out or [[legal[0]]], rng
        best = greedy(seen)
        if best is not None:
            best = carrier_bring(seen, best)
        if kind in TASK_SEARCHED and flight:
            flown = pieces(seen["view"]).get(flight["aircraft"])
            mode = seen["view"]["mode"]
            searched = flown is not None and (mode in LEVELS_SEARCHED or is_task(mode, flown))
        else:
            searched = kind in SEARCHED
        if searched and best is not None:
            same = [d for d in legal if d.get("aircraft") == best.get("aircraft")]
            return [[d] for d in sorted(same, key=lambda d: d != best)], rng
        return [[best if best is not None else legal[0]]], rng

    def moves(self, ranked: Sequence[tuple[float, str]], me: Aircraft | None, done: str,
              nexts: set[str]) -> list[str]:
        """The whole paths searched at a step of a move (the first, or the first with a
        choice, or one where the path chosen was left): the best through each legal next
        step, then the next best with an end (point, facing, steps) not yet tried, all
        within ``margin`` of the best and at most ``width``."""
        n = len(done)
        near = [path for score, path in ranked if path.startswith(done) and len(path) > n
                and path[n] in nexts and score >= ranked[0][0] - self.margin]
        out: list[str] = []
        for path in near:
            if path[n] not in {p[n] for p in out}:
                out.append(path)
        ends = {self._end(me, p) for p in out}
        for path in near:
            if len(out) >= self.width:
                break
            end = self._end(me, path)
            if end not in ends:
                ends.add(end)
                out.append(path)
        return sorted(out, key=near.index)

    @staticmethod
    def _end(me: Aircraft | None, path: str) -> tuple[Any, ...]:
        if me is None or me.point is None:
            return (path,)
        end, facing = movement.fly(Cell(*me.point), me.facing, path)[-1]
        return (end, facing, len(path))

    def pairs(self) -> bool:
        """The candidates compared on common samples (``mcts.Pairing``)."""
        return self.paired

    def follows(self) -> bool:
        """A move's searched path is flown to its end (``mcts.Following``)."""
        return self.follow

    def halted(self, start: AgeState, state: AgeState, seat: Seat) -> bool:
        """A roll-out ends once the enemy has flown a whole turn after the seat's (its
        reply), or at the end of the enemy's turn under way (``mcts.Halting``)."""
        first = start.options.first

        def ply(s: AgeState) -> int:
            return 2 * s.turn + (s.active != first)

        return ply(state) >= ply(start) + (2 if start.active == seat else 1)

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        return state, rng

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        """A fighter's step of the searching seat by :func:`quick_step` (the enemy's too
        unless ``planned_enemy``); else ``greedy`` on the seat's own observation of the
        sampled state (the searching seat's bring as it plays it, :func:`carrier_bring`),
        a random legal decision if it has none."""
        frame = state.prompts[-1] if state.prompts else None
        if frame is not None and frame.kind == "steer" and state.flight is not None and (
                not self.planned_enemy or seat == self.searching):
            step = quick_step(state, state.flight, frame.data["ways"])
            if step is not None:
                return [{"step": step}], rng
        seen = observe(self.game, state, seat)
        found = greedy(seen)
        if found is not None and seat == self.searching:
            found = carrier_bring(seen, found)
        legal = seen.get("legal") or []
        if found is not None and found in legal:
            return [found], rng
        decision, rng = choice(rng, legal)
        return [decision], rng

    def value(self, state: Any, seat: Seat) -> float:
        """``Game.evaluate``, its lead raised by the task points carried
        (:func:`tasks_carried`) and the general's way (:func:`general_way`), and before
        the end a tenth for each aircraft of the seat's in an offensive firing position on
        an enemy, less each enemy in one on its, and ``REACH`` for each that can reach one
        next move (:func:`reach_lead`); in the modes of :data:`FITTED`, the fit's chance
        of a win on :func:`bombing_terms` (as 2p - 1)."""
        if state.phase == "over":
            return self.game.evaluate(state, seat)
        if state.options.mode in FITTED:
            weights = FITTED[state.options.mode]
            terms = bombing_terms(state, seat, reach_table(state))
            return math.tanh(0.5 * sum(w * terms[name] for name, w in weights.items()))
        base = self.game.evaluate(state, seat)
        data = dataset()
        flying = [a for a in state.aircraft if a.where == "zone" and a.point is not None]
        edge = 0
        for a in flying:
            for b in flying:
                if a.seat != b.seat and any(data.rules.positions[p].offensive
                                            for p in positions_between(data, a, b)):
                    edge += 1 if a.seat == seat else -1
        reaches = reach_table(state)
        carried = HELD * tasks_carried(state, seat) + GENERAL * general_way(state, seat)
        if carried:
            base = math.tanh(math.atanh(max(-0.999999, min(0.999999, base))) + carried)
        return max(-1.0, min(1.0, base + POSITION * edge
                             + REACH * reach_lead(state, seat, reaches)))


# -- the search's leaf: who can reach a firing position next move, the photos carried -------------
FAR = 14
"""The longest move the leaf's table of turns covers (speed 6, the die, diving, straight)."""


@lru_cache(maxsize=1)
def turns_table() -> dict[tuple[int, int, int], dict[int, int]]:
    """For a mover at the origin facing 0: for each offset and facing at the end of a move
    (relative), the fewest turns of a path of each length that ends there (each step
    turns one side or none, then goes one point on; no board, aircraft or levels)."""
    table: dict[tuple[int, int, int], dict[int, int]] = {}
    layer = {(0, 0, 0): 0}
    for n in range(1, FAR + 1):
        nxt: dict[tuple[int, int, int], int] = {}
        for (q, r, h), turns in layer.items():
            for side in (-1, 0, 1):
                heading = (h + side) % 6
                dq, dr = STEPS[heading]
                key = (q + dq, r + dr, heading)
                cost = turns + (side != 0)
                if cost < nxt.get(key, FAR):
                    nxt[key] = cost
        for key, turns in nxt.items():
            table.setdefault(key, {})[n] = turns
        layer = nxt
    return table


def _relative(dq: int, dr: int, facing: int) -> tuple[int, int]:
    """The offset ``(dq, dr)`` as seen by a mover facing ``facing`` (turned back to 0)."""
    for _ in range(facing % 6):
        dq, dr = dq + dr, -dq
    return dq, dr


def reach(data: AgeData, shooter: Aircraft, target: Aircraft) -> float:
    """An estimate of the share of the blue die's faces with which ``shooter`` can end its
    next move in an offensive firing position on ``target`` where it stands: a pose of
    :func:`firing_poses` that a path of the exact steps (speed and die, the level change,
    the straight bonus) ends on with no more turns than the agility allows
    (:func:`turns_table`), at a level the change allows; the board, the other aircraft,
    the gyroscopic effect and successive turns are not read."""
    if shooter.point is None or target.point is None:
        return 0.0
    kind = data.aircraft[shooter.kind]
    if kind.role == "bomber":
        return 0.0
    rules = data.rules.movement
    faces = data.rules.dice.blue.faces
    sq, sr = shooter.point
    tq, tr = target.point
    if _distance(Cell(sq, sr), Cell(tq, tr)) > kind.speed + max(faces) + rules.max_dive + 4:
        return 0.0
    agility = movement.turns_allowed(data, kind, shooter, "")
    climb = rules.max_climb_fast if kind.fast_climb else rules.max_climb
    dive = rules.max_dive_slow if kind.slow_descent else rules.max_dive
    table = turns_table()
    steps: dict[int, list[tuple[int, int]]] = {}  # by level change: each face's steps
    best = 0.0
    for (q, r, f, level), _ in firing_poses(data, shooter, target, offensive=True).items():
        change = level - shooter.level
        if not -dive <= change <= climb or not 1 <= level <= rules.levels:
            continue
        ways = table.get((*_relative(q - sq, r - sr, shooter.facing), (f - shooter.facing) % 6))
        if not ways:
            continue
        if change not in steps:
            steps[change] = [(movement.steps_for(data, kind, shooter, face, change, False),
                              movement.steps_for(data, kind, shooter, face, change, True))
                             for face in faces]
        hits = 0
        for n, straight in steps[change]:
            hits += 0 < ways.get(n, FAR) <= agility or ways.get(straight) == 0
        best = max(best, hits / len(faces))
        if best >= 1.0:
            break
    return best


Reaches = dict[tuple[str, str], float]
""":func:`reach` of every aircraft in the zone on every enemy there, by their ids."""


def reach_table(state: AgeState) -> Reaches:
    """Every aircraft's :func:`reach` on every enemy, both in the zone."""
    data = dataset()
    flying = [a for a in state.aircraft if a.where == "zone" and a.point is not None]
    return {(a.id, b.id): reach(data, a, b) for a in flying for b in flying
            if b.seat != a.seat}


def reach_lead(state: AgeState, seat: Seat, table: Reaches | None = None) -> float:
    """The seat's aircraft that can reach an offensive firing position on an enemy next
    move (each its best :func:`reach`), less half the enemy's on the seat's."""
    reaches = reach_table(state) if table is None else table
    flying = [a for a in state.aircraft if a.where == "zone" and a.point is not None]
    lead = 0.0
    for a in flying:
        best = max((reaches[a.id, b.id] for b in flying if b.seat != a.seat), default=0.0)
        lead += best if a.seat == seat else -0.5 * best
    return lead


def tasks_carried(state: AgeState, seat: Seat) -> float:
    """The task points the seat's task aircraft carry toward their exit side or their
    target and the enemy's don't: the photos taken and not yet home (RECONNAISSANCE; in
    the combined modes each photo), each bomb carrier not yet through (BOMBARDEMENT, the
    breakthrough: 5 a bomber, 3 a reconnaissance aircraft), each from half its worth far
    from its exit side to its whole there (one not yet in the zone: half); and the bombs
    not yet dropped (zone bombing and the combined modes: 5 each), each for half, and the
    next one of a carrier from half far from the seat's target zones to the whole over
    one (:func:`bombs_near`: one bomb falls a move)."""
    mode = state.options.mode
    if mode not in ("reconnaissance", "combined", "breakthrough", "bombing"):
        return 0.0
    data = dataset()
    scoring = data.rules.scoring
    grid = board(state)
    lead = 0.0
    for side in SEATS:
        mine = [a for a in state.aircraft if a.seat == side]
        targets = reconnaissance.zones_of(state, grid, side) \
            if mode in ("bombing", "combined") and any(a.bombs > 0 for a in mine) else {}
        home = {z for a in mine if a.home for z in a.photos} if mode == "reconnaissance" \
            else set()
        worth: dict[str, float] = {}
        for a in mine:
            if a.where in ("down", "left"):
                continue
            if mode in ("bombing", "combined") and a.bombs > 0:
                lead += bombs_carried(scoring.bomb, grid, targets, a) * (
                    1 if side == seat else -1)
            if mode == "bombing":
                continue
            if mode == "breakthrough":
                if a.bombs <= 0:
                    continue
                points = [(a.id, scoring.breakthrough_bomber if role(a) == "bomber"
                           else scoring.breakthrough_scout)]
            else:
                if a.where != "zone" or not a.photos:
                    continue
                points = [(zone if mode == "reconnaissance" else f"{a.id}:{n}",
                           scoring.photo) for n, zone in enumerate(a.photos)
                          if zone not in home]
            exit_to = reconnaissance.exit_side(state, a)
            near = 0.0 if a.point is None or exit_to is None else \
                1.0 - _side_distance(grid, Cell(*a.point), exit_to) / _side_depth(grid, exit_to)
            for key, value in points:
                worth[key] = max(worth.get(key, 0.0), value * (0.5 + 0.5 * near))
        lead += sum(worth.values()) * (1 if side == seat else -1)
    return lead


def bombs_near(grid: TriangleGrid, zones: dict[str, frozenset[Cell]],
               carrier: Aircraft) -> float:
    """How near a bomb carrier is to its next drop, 0..1: 1 once it has flown two points
    over a target zone at one level (its bomb falls as it leaves), else 1 less its
    distance to the nearest of its seat's target ``zones`` over the board's width (0
    when not in the zone)."""
    if carrier.where != "zone" or carrier.point is None:
        return 0.0
    if carrier.over is not None and carrier.over[1] >= 2:
        return 1.0
    here = Cell(*carrier.point)
    nearest = min((_distance(here, c) for cells in zones.values() for c in cells), default=0)
    return max(0.0, 1.0 - nearest / _side_depth(grid, "west"))


def bombs_carried(bomb: float, grid: TriangleGrid, zones: dict[str, frozenset[Cell]],
                  carrier: Aircraft) -> float:
    """A carrier's bombs not yet dropped, as the leaf counts them: each for half its
    worth (``bomb``), the next one from half to whole as it nears one of its seat's
    target ``zones`` (:func:`bombs_near`)."""
    return bomb * (0.5 * carrier.bombs + 0.5 * bombs_near(grid, zones, carrier))


TERMS = ("battle", "task", "fit", "bombs", "carriers", "near", "fighters", "threat",
         "duel", "edge")
"""The terms of the zone-bombing leaf (:func:`bombing_terms`), each the seat's less the
enemy's, each also times the share of the game left (``:left``)."""


def bombing_terms(state: AgeState, seat: Seat, table: Reaches) -> dict[str, float]:
    """Zone bombing: what a position says of who wins, each term the seat's less the
    enemy's (:data:`TERMS`): the leads of ``Game.evaluate`` (battle points, task points,
    undamaged aircraft in play); the bombs not yet dropped; the bomb carriers in play;
    how near each is to its next drop (:func:`bombs_near`); the fighters in play; the
    enemy fighters' best :func:`reach` on each of the seat's carriers in the zone (the
    threat: the more, the worse for the seat); the fighters' best reach on an enemy
    fighter (the duel); the fighters in an offensive firing position on an enemy (the
    edge); and each of them times the share of the turns left (``name:left``)."""
    data = dataset()
    grid = board(state)
    battle, task, fit = leads(state, seat)
    terms = dict.fromkeys(TERMS, 0.0)
    terms.update(battle=battle, task=task, fit=fit)
    flying = [a for a in state.aircraft if a.where == "zone" and a.point is not None]
    for side in SEATS:
        sign = 1.0 if side == seat else -1.0
        zones = reconnaissance.zones_of(state, grid, side)
        enemies = [e for e in flying if e.seat != side]
        for a in state.aircraft:
            if a.seat != side or a.where in ("down", "left"):
                continue
            kind = data.aircraft[a.kind]
            if kind.role == "fighter":
                terms["fighters"] += sign
                if a.where == "zone" and a.point is not None:
                    terms["duel"] += sign * max(
                        (table[a.id, e.id] for e in enemies
                         if data.aircraft[e.kind].role == "fighter"), default=0.0)
                    terms["edge"] += sign * any(
                        data.rules.positions[p].offensive
                        for e in enemies for p in positions_between(data, a, e))
            if a.bombs > 0:
                terms["bombs"] += sign * a.bombs
                terms["carriers"] += sign
                terms["near"] += sign * bombs_near(grid, zones, a)
                if a.where == "zone" and a.point is not None:
                    terms["threat"] += sign * max(
                        (table[e.id, a.id] for e in enemies), default=0.0)
    left = max(0.0, (state.options.turns - state.turn) / state.options.turns)
    terms.update({f"{name}:left": terms[name] * left for name in TERMS})
    return terms


def general_way(state: AgeState, seat: Seat) -> float:
    """Interceptez le général: how the general's flight East goes, + for the allies, -
    for the Germans: its progress across the board (0 at the West edge, 1 at the East),
    less 1 when damaged (a second hit downs it), less the best share of the blue die's
    faces with which a German fighter reaches a firing position on it next move
    (:func:`reach`); 0 in the other modes and once the general is out of the zone."""
    if state.options.mode != "general":
        return 0.0
    general = next((a for a in state.aircraft if reconnaissance.is_general(state, a)), None)
    if general is None or general.where != "zone" or general.point is None:
        return 0.0
    data = dataset()
    grid = board(state)
    near = 1.0 - _side_distance(grid, Cell(*general.point), "east") / _side_depth(grid, "east")
    threat = max((reach(data, a, general) for a in state.aircraft
                  if a.seat != general.seat and a.where == "zone"), default=0.0)
    way = near - bool(general.damage) - threat
    return way if seat == general.seat else -way


def quick_step(state: AgeState, flight: Flight, ways: dict[str, str]) -> str | None:
    """The roll-outs' step for a fighter (the greedy pilot's quick rules, no planning):
    of the whole paths the rules give through each next step (the steering prompt's
    ``ways``), the one whose end scores best as :func:`plan` scores an end (a shot,
    the enemies' guns, an enemy's tail, the border); None for a task aircraft."""
    data = dataset()
    me = find(state, flight.aircraft)
    mode = state.options.mode
    if me.point is None or is_task(mode, me) or not ways:
        return None
    kind = data.aircraft[me.kind]
    grid = board(state)
    positions = data.rules.positions
    enemies = [e for e in state.aircraft if e.seat != me.seat and e.where == "zone"]
    levels = altitude.levels_along(data, me.level, flight.change, 24)
    tails = tail_marks(enemies)
    best, best_score = None, -math.inf
    for letter, way in ways.items():
        end, facing = movement.fly(Cell(*me.point), me.facing, way)[-1]
        if not grid.on_map(end):
            score = -30.0
        else:
            level = levels[min(len(way), len(levels)) - 1]
            there = replace(me, point=(end.q, end.r), facing=facing, level=level,
                            tilt="level")
            attack = danger = 0.0
            for e in enemies:
                weight = TASK_TARGET if is_task(mode, e) else 1.0 + 0.5 * bool(e.damage)
                for key in positions_between(data, there, e):
                    p = positions[key]
                    if p.offensive and kind.role != "bomber" and any(
                            armed(kind, me, g) for g in p.guns):
                        attack = max(attack, weight * (1.5 if p.column == "A" else 1.0))
                theirs = data.aircraft[e.kind]
                if any(armed(theirs, e, g) for key in positions_between(data, e, there)
                       for g in positions[key].guns):
                    danger += 1.0
            score = ATTACK * attack - DANGER * danger
            if not attack and enemies:
                score -= CLOSING * tail_distance(end, facing, level, tails)
            edge = _edge_distance(grid, end)
            if edge < data.board.border:
                score -= EDGE * (data.board.border - edge)
        if score > best_score:
            best, best_score = letter, score
    return best


GAME_POLICIES = GamePolicies("age-of-dogfights", greedy=greedy, search=AgeOfDogfightsPolicy)
