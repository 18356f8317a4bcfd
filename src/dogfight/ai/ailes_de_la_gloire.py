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
badly hurt and fleeing pays (a friend still flies, or its side has lost fewer aircraft
for good: § LA FIN as this game's outcome reads it, the last aircraft of a side that
flees with as many losses hands the enemy the field and the game); spins, stalls and climbs past
the ceiling are avoided, and fuel is spared when it runs low. Fire: the pilot's longest
burst at the nearest enemy (long bursts risk a jam, but most fights are short), the
observer's likewise. Tailing: an enemy rather than a friend, the nearest.

``AilesPolicy`` gives ``mcts`` the same pilot: its candidates are the rule of thumb's
best few decisions; in each sample an enemy's maneuver already written is redrawn as
the rule of thumb would write it from that enemy's view (so ``mcts`` anticipates a pilot
like ``greedy``); roll-outs are the rule of thumb with some random decisions, to the end
of the current turn (the fire and the dice); a leaf is valued by the chits the fire
just exchanged draws on average, half of ``Game.evaluate``'s change, the fuel race (the
side dry first glides down and lands, and with as many losses the other holds the
field) and a small share of the rule of thumb's score of the position left for the next
turn. The scores are computed for all enemy positions at once with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import msgspec
import numpy as np
import numpy.typing as npt
from msgspec.structs import replace

from dogfight.ai.base import EXPLORATION, GamePolicies, by_chance
from dogfight.core.contract import Decision, Game, Seat
from dogfight.core.rng import Rng, randint
from dogfight.games.ailes_de_la_gloire.combat import (
    Gunner,
    combat_value,
    firing_guns,
    targets,
)
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, dataset, read_code
from dogfight.games.ailes_de_la_gloire.ending import LOST_FOR_GOOD
from dogfight.games.ailes_de_la_gloire.game import plane_fuel
from dogfight.games.ailes_de_la_gloire.maneuver import choices
from dogfight.games.ailes_de_la_gloire.movement import fly
from dogfight.games.ailes_de_la_gloire.state import AilesState, Burst, Choice, Plane
from dogfight.kit.grids import STEPS, Cell, distance, from_offset

LINE = tuple(frozenset((k * dq, k * dr) for k in (1, 2, 3)) for dq, dr in STEPS)
"""The pilot's fire arc, the three hexes straight ahead (§ 5. Le Combat), as offsets
by facing (the kit's ``Arc.line({AHEAD}, 3)``, read once: it is asked very often)."""
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
    off = _angle(cell, facing, ecell)
    score = -0.8 * d - 1.2 * off - 1.0 * levels
    if levels <= 1 and d <= 3:
        dq, dr = ecell.q - cell.q, ecell.r - cell.r
        if (dq, dr) in LINE[facing]:
            score += 14 + 2 * (3 - d) + (1 if levels == 0 else 0)
        if (-dq, -dr) in LINE[efacing]:
            score -= 6
        if off <= 0.5 and _angle(ecell, efacing, cell) >= 2:
            score += 3  # behind it: in position to tail
    return score


class Positions(NamedTuple):
    """Enemy positions as arrays: hex (q, r), facing, level; and each facing's step."""

    q: npt.NDArray[np.float64]
    r: npt.NDArray[np.float64]
    facing: npt.NDArray[np.float64]
    level: npt.NDArray[np.float64]
    step_q: npt.NDArray[np.float64]
    step_r: npt.NDArray[np.float64]


STEP_Q = np.array([float(dq) for dq, _ in STEPS])
STEP_R = np.array([float(dr) for _, dr in STEPS])
ROOT3 = math.sqrt(3) / 2


def _table(positions: list[tuple[Cell, int, int]]) -> Positions:
    facing = np.array([f for _, f, _ in positions], dtype=np.int64)
    return Positions(np.array([float(c.q) for c, _, _ in positions]),
                     np.array([float(c.r) for c, _, _ in positions]),
                     facing.astype(np.float64),
                     np.array([float(lv) for _, _, lv in positions]),
                     STEP_Q[facing], STEP_R[facing])


def _positions(poses: list[tuple[Cell, int, int]], table: Positions) -> npt.NDArray[np.float64]:
    """:func:`_position` of each of ``poses`` (hex, facing, level) against every enemy
    position at once: an array (poses × positions)."""
    index = np.array([f for _, f, _ in poses], dtype=np.int64)[:, None]
    facing = index.astype(np.float64)
    level = np.array([float(lv) for _, _, lv in poses])[:, None]
    dq = table.q - np.array([float(c.q) for c, _, _ in poses])[:, None]
    dr = table.r - np.array([float(c.r) for c, _, _ in poses])[:, None]
    d = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) / 2
    levels = np.abs(table.level - level)
    dx, dy = dq + dr / 2, dr * ROOT3
    heading = np.degrees(np.arctan2(dy, dx))
    off = np.where(d == 0, 0.0, np.abs((heading - 60 * facing + 180) % 360 - 180) / 60)
    back = np.abs((heading + 180 - 60 * table.facing + 180) % 360 - 180) / 60
    sq, sr = STEP_Q[index], STEP_R[index]
    close = (levels <= 1) & (d <= 3)
    mine = close & (dq == d * sq) & (dr == d * sr) & (d >= 1)
    theirs = close & (-dq == d * table.step_q) & (-dr == d * table.step_r) & (d >= 1)
    tail = close & (off <= 0.5) & (back >= 2) & (d >= 1)
    out: npt.NDArray[np.float64] = (-0.8 * d - 1.2 * off - levels
                                    + mine * (14 + 2 * (3 - d) + (levels == 0))
                                    - 6 * theirs + 3 * tail)
    return out


def _health(sheet: dict[str, Any], aircraft: Any) -> float:
    return float(min(sheet["wings"] / aircraft.wings, sheet["fuselage"] / aircraft.fuselage,
                     sheet["tail"] / aircraft.tail))


def _fleeing_pays(view: dict[str, Any], me: Flyer, flyers: list[Flyer]) -> bool:
    """Whether leaving the fight keeps what the game's outcome gives: a friend still
    flies (the fight goes on without one's loss), or one's side has lost fewer aircraft
    for good than the enemy's (the game ends with that lead)."""
    if any(f.side == me.side and f.seat != me.seat for f in flyers):
        return True
    lost = {"allied": 0, "german": 0}
    for plane in view["planes"].values():
        if plane.get("fate") in LOST_FOR_GOOD:
            lost[plane["side"]] += 1
    return lost[me.side] < lost["german" if me.side == "allied" else "allied"]


def _maneuver(view: dict[str, Any], seat: Seat, legal: list[Decision],
              samples: int = ENEMY_MOVES, may_flee: bool = True) -> Decision | None:
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
    flee = may_flee and bool(sheet) and _health(sheet, aircraft) < HURT \
        and _fleeing_pays(view, me, flyers)
    fuel = sheet.get("fuel", 99)
    ceiling = LEVELS.index(aircraft.ceiling)
    grid = data.map.grid
    stall = data.maneuver_rules.stall

    def score(decision: Decision) -> tuple[float, tuple[Cell, int, int] | None]:
        """The decision's value but its position's, and the position (None: final)."""
        code, altitude = decision["code"], decision.get("altitude", "level")
        if code == "vrille":
            return -100.0, None
        cell, facing, entered = fly(me.cell, me.facing, code, data)
        if any(not grid.on_map(c) for c in entered):
            return (50.0 if flee else -60.0), None  # fleeing (other edges: illegal)
        level = me.level + {"climb": 1, "dive": -1}.get(altitude, 0)
        value = 0.0
        parsed = read_code(code)
        if parsed.number in stall or level > ceiling:
            value -= 8
            level = me.level
        if level < 0:
            return -40.0, None  # a landing
        if level == 0:
            value -= 2  # at TB a hit in the engine may force a landing
        room = _edge_room(data, cell)
        if room < 2:
            value -= 3 * (2 - room) * (2 if _angle(cell, facing, _centre(data)) > 1 else 1)
        if fuel < 8:
            value -= parsed.speed * 0.5 + (1 if altitude == "climb" else 0)
        if flee:
            return value - distance(cell, _home(data, me.side, cell)) * 2, None
        return value, (cell, facing, level)

    scored = [score(d) for d in legal]
    poses = sorted({pose for _, pose in scored if pose is not None})
    if poses and positions:
        means = _positions(poses, _table(positions)).mean(axis=1)
        worth = dict(zip(poses, (float(m) for m in means), strict=True))
    else:
        worth = dict.fromkeys(poses, 0.0)
    values = [v + (worth[pose] if pose is not None else 0.0) for v, pose in scored]
    return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]


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


def greedy(observation: dict[str, Any], samples: int = ENEMY_MOVES,
           may_flee: bool = True) -> Decision | None:
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
        return _maneuver(view, seat, legal, samples, may_flee)
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


CANDIDATES = 12
"""Maneuvers the search weighs at the root (the rule of thumb's best)."""


class AilesPolicy:
    """The search policy of ``mcts`` for Les Ailes de la Gloire: the rule of thumb's
    best decisions as candidates; in each sample, an enemy's maneuver already written
    (drawn at random by ``Game.determinize``) redrawn as the rule of thumb would write
    it from that enemy's view of the sample (one in ``NOISE`` kept); roll-outs by the
    rule of thumb (the enemy's in full, the searcher's own against a smaller sample of
    enemy moves; one decision in ``NOISE`` random) to the end of this turn; leaves
    valued by the chits the fire just exchanged draws on average (dealt less taken),
    ``DICE`` of what the dice did (``Game.evaluate``'s change since the sample), the
    fuel race (turns of fuel left against the enemy's, guessed by ``enemy_fuel``), and
    the rule of thumb's score of the position left for the next turn."""

    NOISE = 6
    OWN_SAMPLES = 4
    LEAN = 0.01
    """Leaf value of one point of the rule of thumb's position score."""
    CHIT = 0.04
    """Leaf value of one damage chit expected from the fire exchanged (dealt less taken)."""
    DICE = 0.5
    """Weight of what the roll-out's dice did (``Game.evaluate``'s change)."""
    FUEL = 0.3
    """Leaf value of the fuel race at its steepest: with as many aircraft lost, the side
    out of fuel first glides down and lands, and the other holds the field."""
    RACE = 6.0
    """Turns of fuel ahead or behind over which the race's value rises (``tanh``)."""
    BURN = 3.0
    """Fuel a turn at a usual speed: the enemy's burn this turn, and fuel into turns."""
    horizon = 0
    exploration = EXPLORATION

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.before = 0.0
        """The sample's own evaluation (the hidden boxes drawn in it weigh the same at
        its leaf): a leaf is valued by what changed since."""
        self.searcher: Seat = ""
        """The seat searching (``candidates`` names it): its roll-out decisions use the
        smaller sample; the others' are the rule of thumb in full, never fleeing."""
        self.enemy_fuel = 0.0
        """The enemies' fuel at the root, estimated (their Feuilles de Vol are secret):
        a full tank less what the seat itself has burnt, both flying about as fast."""

    def _observation(self, state: Any, seat: Seat) -> dict[str, Any]:
        game = self.game
        prompt = game.pending(state).get(seat)
        return {"view": game.view(state, seat), "legal": list(game.legal(state, seat)),
                "prompt": {"kind": prompt.kind if prompt else "", "data": {}}}

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        self.searcher = seat
        self.enemy_fuel = enemy_fuel(state, seat)
        order = ranked(self._observation(state, seat))
        return [[d] for d in order if d in legal], rng

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        self.before = self.game.evaluate(state, seat)
        if state.flown:
            return state, rng
        codes = state.codes
        for owner in sorted(codes.owners()):
            written = codes.of(owner)
            if owner == seat or written is None or written.code == "OV2":
                continue
            roll, rng = randint(rng, 1, self.NOISE)
            if roll == 1:
                continue
            guess = self._enemy_maneuver(state, owner)
            if guess is not None:
                codes = codes.seal(owner, Choice(guess["code"], guess.get("altitude", "level")))
        return replace(state, codes=codes), rng

    def _enemy_maneuver(self, state: Any, owner: Seat) -> Decision | None:
        """What the rule of thumb writes for ``owner`` from its view of ``state``
        (never fleeing: its hurt is drawn at random in a sample)."""
        plane = state.plane(owner)
        legal = [msgspec.to_builtins(c) for c in
                 choices(plane, dataset(), state.options.rules.other_edges)]
        return _maneuver(self.game.view(state, owner), owner, legal, may_flee=False)

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        legal = list(self.game.legal(state, seat))
        pick, rng = by_chance(rng, legal, self.NOISE)
        if pick is not None:
            return [pick], rng
        observation = self._observation(state, seat)
        own = seat == self.searcher
        decision = greedy(observation, self.OWN_SAMPLES if own else ENEMY_MOVES,
                          may_flee=own)
        return [decision if decision is not None and decision in legal else legal[0]], rng

    def value(self, state: Any, seat: Seat) -> float:
        base = self.game.evaluate(state, seat)
        if self.game.outcome(state) is not None:
            return base
        base = self.DICE * (base - self.before)
        plane = state.plane(seat)
        if not plane.flying or plane.cell is None:
            return base
        fire = 0.0
        score = 0.0
        enemies = [p for p in state.planes if p.flying and p.side != plane.side
                   and p.cell is not None]
        if enemies:
            left = 0 if plane.gliding else plane.fuel
            race = (left - (self.enemy_fuel - self.BURN)) / self.BURN
            base += self.FUEL * math.tanh(race / self.RACE)
        for enemy in enemies:
            fire += expected_chits(state, plane, enemy) - expected_chits(state, enemy, plane)
            score += _position(plane.cell, plane.facing, LEVELS.index(plane.level),
                               enemy.cell, enemy.facing, LEVELS.index(enemy.level))
        if enemies:
            score /= len(enemies)
        return max(-1.0, min(1.0, base + self.CHIT * fire + self.LEAN * score))


def enemy_fuel(state: AilesState, seat: Seat) -> float:
    """The enemies' fuel on average as ``seat`` may guess it (§ 3. La Consommation de
    Carburant; LE SECRET keeps it hidden): each one's full tank less the fuel ``seat``
    has burnt itself (0 when no enemy flies)."""
    data = dataset()
    me = state.plane(seat)
    burnt = plane_fuel(state, data.aircraft[me.aircraft].fuel) - me.fuel
    tanks = [plane_fuel(state, data.aircraft[p.aircraft].fuel) - burnt
             for p in state.planes if p.flying and p.side != me.side]
    return sum(tanks) / len(tanks) if tanks else 0.0


def expected_chits(state: AilesState, shooter: Plane, target: Plane) -> float:
    """The damage chits ``shooter``'s longest bursts at ``target`` draw on average from
    where they are (the pilot's and the observer's; § 5. Le Combat, the fire and damage
    tables): the fire just exchanged at a leaf, read without its dice."""
    data = dataset()
    total = 0.0
    gunners: tuple[Gunner, Gunner] = ("pilot", "observer")
    bursts: tuple[Burst, Burst, Burst] = ("long", "medium", "short")
    for gunner in gunners:
        reach = targets(state, shooter, gunner).get(target.seat)
        if reach is None:
            continue
        burst = next((b for b in bursts if firing_guns(shooter, gunner, b)), None)
        if burst is None:
            continue
        guns = len(firing_guns(shooter, gunner, burst))
        value = combat_value(state, data, shooter, target, gunner, burst, reach, guns)
        total += sum(sum(data.damage(value, die)) for die in range(1, 7)) / 6
    return total


GAME_POLICIES = GamePolicies("ailes-de-la-gloire", greedy=greedy, search=AilesPolicy)
