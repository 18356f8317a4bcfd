"""What the triangle board draws beyond the aircraft themselves, computed by the rules'
own functions so the page never re-implements them (everything here is on the open
table): the board's pieces and border zone (PLATEAU et EXTENSIONS, LA ZONE EXTERIEURE),
the wind, the sun and the clouds (LE FACTEUR METEO) for the view; and for the pages
only (``Game.hints``: too slow for every observation), for the aircraft steering now,
every way its move may go on (MOUVEMENT A L'HORIZONTAL: the steps the rules accept) with,
at each whole move's end, the firing positions it would take and the defensive fire it
would risk there (TIR OFFENSIF, TIR DEFENSIF, as if it ended level)."""

from __future__ import annotations

import functools
from typing import Any

import msgspec
from msgspec.structs import replace

from dogfight.core import Seat
from dogfight.games.age_of_dogfights import altitude, movement
from dogfight.games.age_of_dogfights.data import dataset
from dogfight.games.age_of_dogfights.fire import Option, shots_at
from dogfight.games.age_of_dogfights.pilots import seen_pilot
from dogfight.games.age_of_dogfights.reconnaissance import target_zones
from dogfight.games.age_of_dogfights.scoring import points_of
from dogfight.games.age_of_dogfights.state import SEATS, AgeOptions, AgeState, Aircraft, Flight
from dogfight.games.age_of_dogfights.zones import grid_of
from dogfight.games.age_of_dogfights.zones import others as zones_others
from dogfight.kit.grids import Cell, to_offset
from dogfight.kit.grids.lattice import advance
from dogfight.kit.recent import Recent


@functools.lru_cache(maxsize=64)
def setting(options: AgeOptions, wind: str | None, data_key: int) -> dict[str, Any]:
    """What the options lay on the table, shared by every view (read-only): the map (its
    size, and the players' sides: ``short`` or ``long``, MISE EN PLACE); the
    ``table``: the board's pieces (their first columns), the border zone's depth, the
    clouds (``[column, row]`` and top level), the sun and the wind's direction; the
    optional rules. ``data_key``: the ``id`` of the data read (a ``dataset()`` is kept
    for the life of the process, so its id names it)."""
    data = dataset()
    grid = grid_of(data, options.pieces)
    rules = options.rules
    return {
        "map": {"kind": "triangle", "width": grid.width, "height": grid.height,
                "sides": options.sides},
        "table": {
            "pieces": [i * data.board.piece_columns for i in range(options.pieces)],
            "border": data.board.border,
            "clouds": [{"cell": list(c.cell), "top": c.top} for c in rules.clouds],
            "sun": rules.sun,
            "wind": wind,
        },
        "rules": msgspec.to_builtins(rules),
    }


@functools.lru_cache(maxsize=64)
def zones_placed(options: AgeOptions, targets: tuple[tuple[int, int], ...],
                 data_key: int) -> dict[str, dict[str, list[list[int]]]]:
    """Each player's target zones once placed (the points he photographs or bombs, as
    [column, row]): the agreed ``targets``, or the given ones. What the options and the
    set-up lay on the table, shared by every view after it (read-only; ``data_key`` as
    in :func:`setting`)."""
    data = dataset()
    grid = grid_of(data, options.pieces)
    return {seat: {letter: sorted(list(to_offset(c)) for c in cells)
                   for letter, cells in target_zones(data, grid, seat, options.sides,
                                                     targets).items()}
            for seat in SEATS}


@functools.lru_cache(maxsize=4096)
def _aircraft(a: Aircraft, name: str, viewer: Seat | None,
              over: bool) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """One aircraft's panel and its piece on the board (None off the board)."""
    ident = a.id
    panel = {
        "type": name, "seat": a.seat, "where": a.where, "level": a.level,
        "tilt": a.tilt, "damage": list(a.damage), "bursts": list(a.bursts),
        "jammed": list(a.jammed), "throttle": a.throttle,
        "pilot": seen_pilot(a, viewer, over),
        "kills": a.kills, "photos": list(a.photos), "home": a.home,
        "bombs": a.bombs, "drops": list(a.drops),
    }
    if a.point is None or a.where not in ("zone", "access"):
        return panel, None
    return panel, {
        "id": ident, "cell": list(to_offset(Cell(*a.point))), "facing": a.facing,
        "label": f"{ident} L{a.level}{'+' if a.tilt == 'up' else ''}"
                 f"{'-' if a.tilt == 'down' else ''}",
        "side": a.seat, "seat": a.seat == viewer,
        "status": "flying" if a.where == "zone" else "access",
    }


def fleet(aircraft: tuple[Aircraft, ...], viewer: Seat | None, over: bool,
          withdrawn_only: bool, data_key: int) -> dict[str, Any]:
    """The pieces on the board, every aircraft's panel as ``viewer`` sees them
    (``over``: the game is over, every pilot shown, PILOTES) and the battle points
    (``withdrawn_only``: R21's option). A pure function of its immutable inputs
    (``data_key`` as in :func:`setting`), kept by :func:`fleet_of`: the aircraft do not
    change while a piece steers, so the views of a move share these, and a move changes
    one aircraft's panel (read-only)."""
    types = dataset().aircraft
    pieces = []
    panels = {}
    for a in aircraft:
        panel, piece = _aircraft(a, types[a.kind].name, viewer, over)
        panels[a.id] = panel
        if piece is not None:
            pieces.append(piece)
    return {"pieces": pieces, "aircraft": panels,
            "points": points_of(aircraft, withdrawn_only)}


_FLEETS: Recent[dict[str, Any]] = Recent(256)


def fleet_of(state: AgeState, viewer: Seat | None) -> dict[str, Any]:
    """:func:`fleet` for this state and viewer (the last one asked known by identity)."""
    data = dataset()
    parts = (data, state.aircraft, viewer, state.phase == "over",
             state.options.rules.withdrawn_only)
    return _FLEETS.get(parts, lambda: fleet(*parts[1:], id(data)), (id(data), *parts[1:]))


def _option(o: Option) -> dict[str, Any]:
    return {"target": o.target, "position": o.position, "guns": o.group,
            "column": o.column}


class _Walk:
    """The search behind :func:`reach`, read as the rules read a step
    (:func:`.ways.possible`): a path goes on when :class:`.ways.Ways` would
    find a whole legal move beginning with it, that is a path ended where
    :func:`movement.finished` ends it, judged by :func:`movement.refusal` itself,
    reached by steps with the same cuts as its search (past the longest move, more turns
    than any reading allows, a point held at its level; no two turns running in a long
    move after the steps given). Paths that agree on all the rules read of a path (its
    point, facing and length, its left and right turns, whether it turned twice running
    and on its last step, its steps down- and upwind) share one node, so the tree is a
    small graph."""

    def __init__(self, state: AgeState, flight: Flight) -> None:
        data, grid, kind, aircraft, _, flags = movement.context(state, flight, flight.path)
        self.state, self.flight, self.data, self.grid = state, flight, data, grid
        self.kind, self.aircraft, self.flags = kind, aircraft, flags
        base = movement.steps_for(data, kind, aircraft, flight.die, flight.change, False)
        straight = movement.steps_for(data, kind, aircraft, flight.die, flight.change, True)
        self.wind: int | None = flags["wind"]
        self.longest = max(base, straight) + (self.wind is not None)
        self.most_turns = max(movement.turns_allowed(data, kind, aircraft, p, flight.unjam)
                              for p in ("R", "L", "RL"))
        self.tight = base >= data.rules.movement.turning_radius or kind.role == "bomber"
        self.levels = altitude.levels_along(data, aircraft.level, flight.change,
                                            self.longest + 1)
        self.others = zones_others(state, aircraft.id)
        self.held = {(Cell(*o.point), o.level) for o in self.others
                     if o.where == "zone" and o.point is not None}
        self.enemies = [a for a in state.aircraft if a.seat != aircraft.seat]
        self.goes_on: dict[tuple[Any, ...], bool] = {}
        self.ids: dict[tuple[Any, ...], int | None] = {}
        self.nodes: list[dict[str, Any]] = []
        self.ends: dict[tuple[Cell, int, int], tuple[list[Any], list[Any]]] = {}

    def key(self, path: str, point: Cell, facing: int,
            facings: tuple[int, ...]) -> tuple[Any, ...]:
        wind = self.wind
        down = sum(f == wind for f in facings) if wind is not None else 0
        up = sum(f == (wind + 3) % 6 for f in facings) if wind is not None else 0
        return (point, facing, len(path), path.count("L"), path.count("R"),
                movement.successive_turns(path), bool(path) and path[-1] != "F", down, up)

    def steps(self, path: str, point: Cell, facing: int, facings: tuple[int, ...], *,
              tight: bool) -> list[tuple[str, str, Cell, int, tuple[int, ...]]]:
        """The steps after ``path`` the search tries (with ``tight``, as in its search;
        without, as for the steps given)."""
        if self.whole(path, point, facings) or len(path) >= self.longest:
            return []
        turns = len(path) - path.count("F")
        out = []
        for letter in "FLR":
            turning = letter != "F"
            if turns + turning > self.most_turns:
                continue
            if tight and turning and self.tight and path and path[-1] != "F":
                continue
            nxt, heading = advance(point, facing, movement.SIDES[letter])
            if (nxt, self.levels[len(path)]) in self.held:
                continue
            out.append((letter, path + letter, nxt, heading, (*facings, heading)))
        return out

    def whole(self, path: str, point: Cell, facings: tuple[int, ...]) -> bool:
        """Whether the rules end the path here (off the board, or a whole move)."""
        return bool(path) and (not self.grid.on_map(point) or movement.whole(
            self.data, self.kind, self.aircraft, self.flight.die, self.flight.change, path,
            facings, self.wind)[0])

    def legal_end(self, path: str) -> bool:
        move = movement.Move(path, self.flight.change, "level", self.flight.unjam)
        return movement.refusal(self.data, self.grid, self.kind, self.aircraft,
                                self.flight.die, move, self.others, **self.flags) is None

    def go_on(self, path: str, point: Cell, facing: int, facings: tuple[int, ...]) -> bool:
        """Whether the rules' search finds a whole legal move from ``path``."""
        key = self.key(path, point, facing, facings)
        if key not in self.goes_on:
            if self.whole(path, point, facings):
                found = self.legal_end(path)
            else:
                found = any(self.go_on(p, c, f, fs) for _, p, c, f, fs in
                            self.steps(path, point, facing, facings, tight=True))
            self.goes_on[key] = found
        return self.goes_on[key]

    def visit(self, path: str, point: Cell, facing: int, facings: tuple[int, ...]) -> int:
        """The node of ``path`` (its id); the caller knows the rules accept it."""
        key = self.key(path, point, facing, facings)
        known = self.ids.get(key)
        if known is not None:
            return known
        level = self.levels[len(path) - 1] if path else self.aircraft.level
        node: dict[str, Any] = {"cell": list(to_offset(point)), "facing": facing,
                                "level": level, "done": False,
                                "off": not self.grid.on_map(point), "next": {}}
        if self.whole(path, point, facings):
            self.finish(node, path)
        else:
            for letter, p, c, f, fs in self.steps(path, point, facing, facings, tight=False):
                if self.go_on(p, c, f, fs):
                    node["next"][letter] = self.visit(p, c, f, fs)
        self.nodes.append(node)
        self.ids[key] = len(self.nodes) - 1
        return len(self.nodes) - 1

    def finish(self, node: dict[str, Any], path: str) -> None:
        """A whole move's node: where it ends (the wind may take the last step), the
        shots it could take there and the ones it would risk."""
        data, grid, aircraft, flight = self.data, self.grid, self.aircraft, self.flight
        move = movement.Move(path, flight.change, "level", flight.unjam)
        _, steps = movement.finished(data, grid, self.kind, aircraft, flight.die, move,
                                     self.wind)
        point, facing = movement.fly(Cell(*(aircraft.point or (0, 0))), aircraft.facing,
                                     path)[steps - 1]
        level = self.levels[steps - 1]
        node.update({"cell": list(to_offset(point)), "facing": facing, "level": level,
                     "done": True, "off": not grid.on_map(point), "path": path})
        if grid.on_map(point):
            node["fire"], node["risk"] = self.shots(point, facing, level)

    def shots(self, point: Cell, facing: int, level: int) -> tuple[list[Any], list[Any]]:
        """The shots it could take, and risk, ending level at ``point`` (once an end)."""
        key = (point, facing, level)
        if key not in self.ends:
            there = replace(self.aircraft, where="zone", point=(point.q, point.r),
                            facing=facing, level=level, tilt="level")
            self.ends[key] = (
                [_option(o) for o in shots_at(self.state, there, self.enemies,
                                              offensive=True)],
                [{"aircraft": e.id, **_option(o)} for e in self.enemies
                 for o in shots_at(self.state, e, [there], offensive=False, spent=e.fired)])
        return self.ends[key]


def reach(state: AgeState) -> dict[str, Any] | None:
    """While an aircraft steers, every way its move may go on from the steps it took, as
    a graph: ``nodes`` (each a point ``cell`` as ``[column, row]``, ``facing``,
    ``level``, ``next`` = {step: node}, ``done`` for a whole move, which ends where the
    wind leaves it, ``off`` when it leaves the board; a whole move on the board adds
    ``fire``, the shots it could take there, and ``risk``, the enemies' defensive
    shots, as if it ended level) and ``start``, the node of the steps taken. A step is
    in ``next`` exactly when the rules would accept it (:func:`.ways.possible`).
    None when no aircraft steers."""
    flight = state.flight
    if flight is None or flight.stage != "steer":
        return None
    walk = _Walk(state, flight)
    flown = movement.fly(Cell(*(walk.aircraft.point or (0, 0))), walk.aircraft.facing,
                         flight.path)
    point, facing = flown[-1] if flown else (Cell(*(walk.aircraft.point or (0, 0))),
                                             walk.aircraft.facing)
    first = walk.visit(flight.path, point, facing, tuple(f for _, f in flown))
    return {"start": first, "nodes": walk.nodes}
