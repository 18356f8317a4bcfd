"""Les Ailes de la Gloire for the computer pilots: a fighter pilot's rules of thumb.

``greedy(observation)`` decides from a seat's observation only (its view, prompt and
legal decisions). Placement: the hex of the start line nearest the enemy, in the
enemy's row when it is already on the map, nose toward it, at its altitude (or M).
Maneuvers: each legal maneuver is flown on paper from the aircraft's hex and scored
against the enemy's plausible moves (a sample of its sheet flown from where it is, only
those of the direction it showed when the pilot tails it): an enemy on the nose line
within three hexes at an adjacent level (the pilot's fire arc, § 5. Le Combat) scores
most, then closing in, pointing at it and matching its altitude; being in its fire arc
costs; leaving the map (fleeing) and ending near an edge cost, unless the aircraft is
badly hurt (then it flees: a draw is better than a loss); spins, stalls and climbs past
the ceiling are avoided, and fuel is spared when it runs low. Fire: the pilot's longest
burst at the nearest enemy (long bursts risk a jam, but most fights are short), the
observer's likewise. Tailing: an enemy rather than a friend, the nearest.

``AilesPolicy`` gives ``mcts`` the same pilot: its candidates are the legal decisions in
the rule of thumb's order (the best few maneuvers), its roll-outs the rule of thumb
against a smaller sample of enemy moves with some random decisions, its leaves
``Game.evaluate`` with a small lean toward having an enemy in the fire arc.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dogfight.ai.base import EXPLORATION, HORIZON, GamePolicies
from dogfight.core.contract import Decision, Game, Seat
from dogfight.core.rng import Rng, choice, randint
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, dataset, read_code
from dogfight.games.ailes_de_la_gloire.movement import fly
from dogfight.kit.grids import AHEAD, Arc, Cell, distance, from_offset

FIRE_LINE = Arc.line({AHEAD}, 3)
"""The pilot's fire arc: the three hexes straight ahead (§ 5. Le Combat)."""
NOSE = Arc.cone({AHEAD}, 30)
"""Pointing at the enemy: within ±30° of the nose, at any range."""
ENEMY_MOVES = 45
"""Enemy maneuvers sampled when ``greedy`` scores a maneuver (fewer in roll-outs)."""
HURT = 0.3
"""Below this share of its weakest part, the aircraft flees over its own edge."""
BURSTS = {"long": 3, "medium": 2, "short": 1}


@dataclass(frozen=True)
class Flyer:
    """An aircraft as a pilot sees it on the table."""

    seat: Seat
    side: str
    aircraft: str
    cell: Cell
    facing: int
    level: int


def _flyers(view: dict[str, Any]) -> list[Flyer]:
    out = []
    for seat, p in view["planes"].items():
        if p.get("fate") is None and p.get("cell") is not None and p.get("placed", True):
            out.append(Flyer(seat, p["side"], p["aircraft"], from_offset(*p["cell"]),
                             p["facing"], LEVELS.index(p["altitude"])))
    return out


def _angle(a: Cell, facing: int, b: Cell) -> float:
    """How far ``b`` lies off the nose of an aircraft at ``a`` facing ``facing``, in
    sixths of a turn (0 on the nose, 3 straight behind)."""
    dx = (b.q - a.q) + (b.r - a.r) / 2
    dy = (b.r - a.r) * math.sqrt(3) / 2
    if dx == 0 and dy == 0:
        return 0.0
    off = math.degrees(math.atan2(dy, dx)) - 60 * facing
    off = (off + 180) % 360 - 180
    return abs(off) / 60


def _edge_room(data: AilesData, cell: Cell) -> int:
    """Hexes between a cell and the nearest map edge (0 on the edge)."""
    grid = data.map.grid
    column, row = cell.q + cell.r // 2, cell.r
    return min(column, (grid.width or 0) - 1 - column, row, (grid.height or 0) - 1 - row)


def _enemy_moves(data: AilesData, enemy: Flyer, tokens: dict[str, str] | None,
                 count: int) -> list[tuple[Cell, int, int]]:
    """Where an enemy may be after its move: a sample of its sheet's maneuvers flown
    from its hex (those of the direction it showed, if it showed one), those that stay
    on the map; where it is if none."""
    codes = data.sheet_of(enemy.aircraft).maneuvers
    level = enemy.level
    if tokens is not None:
        codes = [c for c in codes if read_code(c).direction == tokens.get("direction")] \
            or codes
        level += {"Monté": 1, "Piqué": -1}.get(tokens.get("altitude", ""), 0)
        level = max(0, min(len(LEVELS) - 1, level))
    step = max(1, len(codes) // count)
    grid = data.map.grid
    out = []
    for code in codes[::step]:
        cell, facing, _ = fly(enemy.cell, enemy.facing, code, data)
        if grid.on_map(cell):
            out.append((cell, facing, level))
    return out or [(enemy.cell, enemy.facing, enemy.level)]


def _position(cell: Cell, facing: int, level: int, ecell: Cell, efacing: int,
              elevel: int) -> float:
    """How good a position is against one enemy position."""
    d = distance(cell, ecell)
    levels = abs(level - elevel)
    score = -0.8 * d - 1.2 * _angle(cell, facing, ecell) - 1.0 * levels
    if levels <= 1:
        if 1 <= d <= 3 and FIRE_LINE.holds(cell, facing, ecell):
            score += 14 + 2 * (3 - d) + (1 if levels == 0 else 0)
        if 1 <= d <= 3 and FIRE_LINE.holds(ecell, efacing, cell):
            score -= 6
        if d <= 3 and NOSE.holds(cell, facing, ecell) and _angle(ecell, efacing, cell) >= 2:
            score += 3  # behind it: in position to tail
    return score


def _health(sheet: dict[str, Any], aircraft: Any) -> float:
    return float(min(sheet["wings"] / aircraft.wings, sheet["fuselage"] / aircraft.fuselage,
                     sheet["tail"] / aircraft.tail))


def _maneuver(view: dict[str, Any], seat: Seat, legal: list[Decision],
              samples: int = ENEMY_MOVES) -> Decision | None:
    """The legal maneuver scored best against the enemy's plausible moves."""
    data = dataset()
    flyers = _flyers(view)
    me = next((f for f in flyers if f.seat == seat), None)
    if me is None:
        return None
    mine = view["planes"][seat]
    sheet = mine.get("sheet") or {}
    aircraft = data.aircraft[me.aircraft]
    enemies = [f for f in flyers if f.side != me.side]
    positions: list[tuple[Cell, int, int]] = []
    for enemy in enemies:
        positions += _enemy_moves(data, enemy, view["planes"][enemy.seat].get("tokens"),
                                  max(1, samples // len(enemies)))
    flee = bool(sheet) and _health(sheet, aircraft) < HURT
    fuel = sheet.get("fuel", 99)
    ceiling = LEVELS.index(aircraft.ceiling)
    grid = data.map.grid
    stall = data.maneuver_rules.stall

    def score(decision: Decision) -> float:
        code, altitude = decision["code"], decision.get("altitude", "level")
        if code == "vrille":
            return -100.0
        cell, facing, entered = fly(me.cell, me.facing, code, data)
        if any(not grid.on_map(c) for c in entered):
            return 50.0 if flee else -60.0  # fleeing over its own edge (other edges: illegal)
        level = me.level + {"climb": 1, "dive": -1}.get(altitude, 0)
        value = 0.0
        parsed = read_code(code)
        if parsed.number in stall or level > ceiling:
            value -= 8
            level = me.level
        if level < 0:
            return -40.0  # a landing
        if level == 0:
            value -= 2  # at TB a hit in the engine may force a landing
        room = _edge_room(data, cell)
        if room < 2:
            value -= 3 * (2 - room) * (2 if _angle(cell, facing, _centre(data)) > 1 else 1)
        if fuel < 8:
            value -= parsed.speed * 0.5 + (1 if altitude == "climb" else 0)
        if flee:
            return value - distance(cell, _home(data, me.side, cell)) * 2
        if positions:
            value += sum(_position(cell, facing, level, c, f, lv)
                         for c, f, lv in positions) / len(positions)
        return value

    return max(legal, key=score)


def _centre(data: AilesData) -> Cell:
    grid = data.map.grid
    return from_offset((grid.width or 0) // 2, (grid.height or 0) // 2)


def _home(data: AilesData, side: str, cell: Cell) -> Cell:
    """The hex of its own edge nearest ``cell``'s row."""
    grid = data.map.grid
    west = any(s == side and z.own_edge == "west" for s, z in data.map.sides.items())
    column = 0 if west else (grid.width or 1) - 1
    return from_offset(column, cell.r)


def _place(view: dict[str, Any], seat: Seat, kind: str,
           legal: list[Decision]) -> Decision | None:
    data = dataset()
    flyers = _flyers({"planes": {s: {**p, "placed": True} for s, p in view["planes"].items()
                                 if p.get("cell") is not None}})
    me = view["planes"][seat]
    enemies = [f for f in flyers if f.side != me["side"]]
    centre = _centre(data)
    if kind == "placement":
        row = centre.r if not enemies else enemies[0].cell.r
        target = enemies[0].cell if enemies else centre
        return min(legal, key=lambda d: (distance(from_offset(d["column"], d["row"]), target),
                                         abs(d["row"] - row)))
    if kind == "facing":
        cell = from_offset(*me["cell"])
        target = enemies[0].cell if enemies else centre
        return min(legal, key=lambda d: _angle(cell, d["facing"], target))
    levels = [d["altitude"] for d in legal]
    placed = [p for p in view["planes"].values() if p["side"] != me["side"] and p["placed"]]
    wanted = placed[0]["altitude"] if placed else "M"
    return {"altitude": wanted} if wanted in levels else legal[-1]


def _fire(view: dict[str, Any], seat: Seat, legal: list[Decision]) -> Decision:
    flyers = {f.seat: f for f in _flyers(view)}
    me = flyers.get(seat)

    def gunner(shot: Any) -> float:
        if not shot:
            return 0.0
        target = flyers.get(shot["target"])
        d = distance(me.cell, target.cell) if me is not None and target is not None else 3
        return 10 - 2 * d + BURSTS[shot["burst"]]

    return max(legal, key=lambda d: gunner(d.get("pilot")) + gunner(d.get("observer")))


def _tail(view: dict[str, Any], seat: Seat, legal: list[Decision]) -> Decision:
    flyers = {f.seat: f for f in _flyers(view)}
    me = flyers[seat]

    def key(d: Decision) -> tuple[bool, int]:
        other = flyers.get(d["target"])
        return (other is None or other.side == me.side,
                distance(me.cell, other.cell) if other is not None else 9)

    return min(legal, key=key)


def greedy(observation: dict[str, Any], samples: int = ENEMY_MOVES) -> Decision | None:
    """The rule of thumb's decision for the observation's seat (None: no opinion)."""
    legal: list[Decision] = observation.get("legal") or []
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    kind = (observation.get("prompt") or {}).get("kind", "")
    view = observation["view"]
    seat = next((s for s, p in view["planes"].items() if "sheet" in p), None)
    if seat is None:
        return None
    if kind in ("placement", "facing", "start-altitude"):
        return _place(view, seat, kind, legal)
    if kind == "maneuver":
        return _maneuver(view, seat, legal, samples)
    if kind == "fire":
        return _fire(view, seat, legal)
    if kind == "tailing":
        return _tail(view, seat, legal)
    return None


def ranked(observation: dict[str, Any]) -> list[Decision]:
    """The legal decisions, the rule of thumb's first; maneuvers in its order."""
    legal: list[Decision] = observation.get("legal") or []
    kind = (observation.get("prompt") or {}).get("kind", "")
    view = observation["view"]
    seat = next((s for s, p in view["planes"].items() if "sheet" in p), None)
    if kind != "maneuver" or seat is None or len(legal) <= 1:
        first = greedy(observation)
        return ([first] if first is not None else []) + [d for d in legal if d != first]
    order: list[Decision] = []
    rest = list(legal)
    while rest and len(order) < CANDIDATES:
        best = _maneuver(view, seat, rest)
        if best is None:
            break
        order.append(best)
        rest.remove(best)
    return order


CANDIDATES = 6
"""Maneuvers the search weighs at the root (the rule of thumb's best)."""


class AilesPolicy:
    """The search policy of ``mcts`` for Les Ailes de la Gloire: the rule of thumb's
    best decisions as candidates, roll-outs by the rule of thumb (a smaller sample of
    enemy moves; one decision in ``NOISE`` random), leaves valued by
    ``Game.evaluate`` and a small lean toward an enemy in the fire arc."""

    NOISE = 6
    ROLLOUT_SAMPLES = 4
    horizon = HORIZON
    exploration = EXPLORATION

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def _observation(self, state: Any, seat: Seat) -> dict[str, Any]:
        game = self.game
        prompt = game.pending(state)[seat]
        return {"view": game.view(state, seat), "legal": list(game.legal(state, seat)),
                "prompt": {"kind": prompt.kind, "data": dict(prompt.data)}}

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        order = ranked(self._observation(state, seat))
        return [[d] for d in order if d in legal], rng

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        return state, rng

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        legal = list(self.game.legal(state, seat))
        roll, rng = randint(rng, 1, self.NOISE)
        if roll == 1 or len(legal) == 1:
            pick, rng = choice(rng, legal)
            return [pick], rng
        observation = self._observation(state, seat)
        decision = greedy(observation, self.ROLLOUT_SAMPLES)
        return [decision if decision is not None and decision in legal else legal[0]], rng

    def value(self, state: Any, seat: Seat) -> float:
        base = self.game.evaluate(state, seat)
        if self.game.outcome(state) is not None:
            return base
        view = self.game.view(state, seat)
        flyers = _flyers(view)
        me = next((f for f in flyers if f.seat == seat), None)
        if me is None:
            return base
        lean = 0.0
        for enemy in flyers:
            if enemy.side == me.side or abs(enemy.level - me.level) > 1:
                continue
            d = distance(me.cell, enemy.cell)
            if 1 <= d <= 3 and FIRE_LINE.holds(me.cell, me.facing, enemy.cell):
                lean += 0.1
            if 1 <= d <= 3 and FIRE_LINE.holds(enemy.cell, enemy.facing, me.cell):
                lean -= 0.1
        return max(-1.0, min(1.0, base + lean))


GAME_POLICIES = GamePolicies("ailes-de-la-gloire", greedy=greedy, search=AilesPolicy)
