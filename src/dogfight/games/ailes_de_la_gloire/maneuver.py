"""2. Phase de Manœuvre: Carburant, Manœuvres spéciales (as the errata p. 6 word it),
Manœuvres non-renouvelables, L'Accélération, Altitude (with L'ALTITUDE: Piquer, Monter,
L'Atterrissage), and the "Restrictions aux manœuvres" of Détails importants; with
3. La Consommation de Carburant (what a maneuver costs).

The restrictions set elsewhere (gliding, spins, spin recovery, damage chits, forced climbs
and dives after a burst) are applied in ruling R25's order of priority: when they leave
nothing, the lowest priority is dropped first. The maneuver is written in secret
(``Sealed``): only its direction and altitude tokens are shown, to the tailers only.
Not yet: the campaign's novices and skills; formation flying.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from msgspec.structs import replace

from dogfight.core import Event, Seat, roll
from dogfight.core.data import per_data_dir
from dogfight.games.ailes_de_la_gloire.data import (
    LEVELS,
    AilesData,
    Sheet,
    dataset,
    read_code,
)
from dogfight.games.ailes_de_la_gloire.formation import leader_of
from dogfight.games.ailes_de_la_gloire.movement import course
from dogfight.games.ailes_de_la_gloire.state import (
    AilesState,
    Attitude,
    Choice,
    Plane,
)
from dogfight.games.ailes_de_la_gloire.tailing import (
    circles,
    direction_shown,
    speed_of,
    tailed_by,
    writing_order,
)
from dogfight.kit.grids import Cell
from dogfight.kit.prompts import Frame, PromptKind, answered, ask

BOOK = "book: 001_6a970d9ea6ae2da0.txt"

def consumption(code: str, altitude: Attitude = "level") -> int:
    """Fuel points a maneuver uses: its speed (§ 3. La Consommation de Carburant: 16G3
    uses 3), one more to climb (§ Monter), one less to dive, down to zero (§ Piquer,
    ruling R8)."""
    speed = read_code(code).speed
    if altitude == "climb":
        return speed + 1
    if altitude == "dive":
        return max(0, speed - 1)
    return speed


def special_refusal(previous: str | None, code: str, data: AilesData) -> str | None:
    """§ Manœuvres spéciales (errata p. 6): 27-36 only after a straight (2, 3, 4 or 5),
    or to repeat the same special maneuver when it is not non-repeatable."""
    rules = data.maneuver_rules
    number = read_code(code).number
    if number not in rules.special or previous is None:
        return None
    before = 0 if previous == "OV2" else read_code(previous).number
    if before in rules.straights:
        return None
    if before == number and number not in rules.non_repeatable:
        return None
    return (f"the special maneuver {code} needs a straight (2, 3, 4 or 5) last turn, or the "
            f"repeat of a special maneuver that is not non-repeatable (last: {previous}; "
            f"{BOOK} § Manœuvres spéciales)")


def repeat_refusal(previous: str | None, code: str, data: AilesData) -> str | None:
    """§ Manœuvres non-renouvelables: none of 1, 28, 31, 36 after any of them."""
    rules = data.maneuver_rules
    if previous is None:
        return None
    if previous != "OV2" and read_code(code).number in rules.non_repeatable and \
            read_code(previous).number in rules.non_repeatable:
        return (f"{code} cannot follow {previous}: 1, 28, 31 and 36 are not renewable "
                f"({BOOK} § Manœuvres non-renouvelables)")
    return None


def acceleration_refusal(previous: str | None, code: str) -> str | None:
    """§ L'Accélération: the speed differs by at most one from last turn's."""
    if previous is None:
        return None
    before, now = speed_of(previous), read_code(code).speed
    if abs(now - before) > 1:
        return (f"speed {now} after speed {before}: the speed may change by one at most "
                f"({BOOK} § L'Accélération)")
    return None


def altitude_refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """§ Monter: only after an A maneuver of speed 2 or more, and below the maximum
    speed; § L'Atterrissage: at TB a dive is a landing, on an A maneuver only. A climb
    beyond the ceiling is allowed: the aircraft stalls (§ Décrochage (Stall))."""
    code = read_code(choice.code)
    if choice.altitude == "climb":
        max_speed = data.sheet_of(plane.aircraft).max_speed
        if code.direction != "A" or code.speed < 2:
            return (f"a climb needs an A maneuver of speed 2 or more, not {choice.code} "
                    f"({BOOK} § Monter)")
        if code.speed > max_speed - 1:
            return (f"no climb at the maximum speed {max_speed} ({BOOK} § Monter)")
    if choice.altitude == "dive" and plane.level == LEVELS[0] and code.direction != "A":
        return (f"at TB a dive is a landing, on an A maneuver only, not {choice.code} "
                f"({BOOK} § L'Atterrissage)")
    return None


def refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """Why the book forbids this maneuver now, or None: on the aircraft's sheet, then the
    four "Restrictions aux manœuvres" (fuel, special, non-repeatable, acceleration) and
    the altitude conditions. The first turn has no previous maneuver (§ Commencez à
    Jouer: any maneuver of the sheet)."""
    return (base_refusal(plane, choice, data)
            or acceleration_refusal(plane.previous, choice.code))


def base_refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """Every restriction but those ruling R25 may drop (acceleration and the forced
    maneuvers): the sheet, fuel, special and non-repeatable maneuvers, altitude, and the
    damage that bans special or fast maneuvers."""
    sheet = data.sheet_of(plane.aircraft)
    if choice.code not in sheet.maneuvers:
        return (f"{choice.code} is not on the {data.aircraft[plane.aircraft].name}'s maneuver "
                f"sheet ({BOOK} § Les Feuilles de Manœuvres)")
    return (fuel_refusal(plane, choice)
            or code_refusal(plane, choice.code, data)
            or attitude_refusal(plane, choice, data))


def fuel_refusal(plane: Plane, choice: Choice) -> str | None:
    """§ Carburant: enough fuel left for the maneuver (none is used while gliding)."""
    need = 0 if plane.gliding else consumption(choice.code, choice.altitude)
    if plane.fuel < need:
        return (f"{choice.code} uses {need} fuel and {plane.fuel} is left "
                f"({BOOK} § Carburant)")
    return None


def code_refusal(plane: Plane, code: str, data: AilesData) -> str | None:
    """The restrictions on a code of the sheet whatever the altitude: the damage that
    bans special or fast maneuvers, a novice's special maneuvers, the special and
    non-repeatable maneuvers after last turn's."""
    parsed = read_code(code)
    special = parsed.number in data.maneuver_rules.special
    if special and (plane.no_special or plane.fire):
        return (f"no special maneuver: the fabric is torn or the engine burns "
                f"({BOOK} § DEGATS SPÉCIAUX)")
    if parsed.speed >= 3 and plane.no_fast:
        return f"no maneuver of speed 3 or 4 after this damage ({BOOK} § DEGATS SPÉCIAUX)"
    if special and plane.novice:
        return f"a novice flies no special maneuver ({BOOK} § Niveaux d'expérience)"
    if plane.previous is None:
        return None
    after = None if "maneuvers" in plane.skills else \
        special_refusal(plane.previous, code, data)  # R22: the skill lifts it
    return after or repeat_refusal(plane.previous, code, data)


def attitude_refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """The restrictions on the climb or the dive: no climb while gliding (§ Planer),
    then :func:`altitude_refusal`."""
    if choice.altitude == "level":
        return None
    if plane.gliding and choice.altitude == "climb":
        return f"a gliding aircraft cannot climb ({BOOK} § Planer)"
    return altitude_refusal(plane, choice, data)


def edge_refusal(plane: Plane, choice: Choice, data: AilesData,
                 other_edges: str) -> str | None:
    """§ Fuir and ruling R15: an aircraft may leave the map over its own edge (it flees);
    by any other edge only with the "disengage" option."""
    if plane.cell is None or other_edges != "forbidden":
        return None
    grid = data.map.grid
    q, r = plane.cell
    _, steps = course(tuple(data.maneuvers[choice.code].path), plane.facing)
    off = first_off(q, r, steps, grid.width or 0, grid.height or 0)
    sides = grid.beyond(off) if off is not None else None
    own = data.map.sides[plane.side].own_edge
    if not sides or sides == {own}:
        return None
    return (f"{choice.code} would leave the map by the {'/'.join(sorted(sides))} edge; "
            f"only your own edge ({own}) may be crossed (ruling R15)")


Constraint = Callable[[Plane, Choice, AilesData], bool]


def _max_speed(plane: Plane, choice: Choice, data: AilesData) -> bool:
    return read_code(choice.code).speed == data.sheet_of(plane.aircraft).max_speed


def _rudder(plane: Plane, choice: Choice, data: AilesData) -> bool:
    return read_code(choice.code).direction == plane.rudder


def _straight_wound(plane: Plane, choice: Choice, data: AilesData) -> bool:
    return read_code(choice.code).direction == "A"


def _slower_wound(plane: Plane, choice: Choice, data: AilesData) -> bool:
    before = speed_of(plane.previous)
    return read_code(choice.code).speed < before or before <= 1 == read_code(choice.code).speed


def _forced(plane: Plane, choice: Choice, data: AilesData) -> bool:
    return choice.altitude == plane.forced


def _accelerate(plane: Plane, choice: Choice, data: AilesData) -> bool:
    return acceleration_refusal(plane.previous, choice.code) is None


def forced_reason(rule: Constraint, plane: Plane, choice: Choice) -> str:
    """The forced maneuver ``rule`` in words, with its section of the book."""
    if rule is _accelerate:
        return acceleration_refusal(plane.previous, choice.code) or ""
    reasons: dict[Constraint, str] = {
        _max_speed: f"maximum speed the turn after a spin recovery ({BOOK} § Sortir d'une "
                    "vrille)",
        _rudder: f"a {plane.rudder} maneuver while the rudder is jammed ({BOOK} § "
                 "Gouvernail Bloqué)",
        _straight_wound: f"an A maneuver after the wound ({BOOK} § Pilote Blessé)",
        _slower_wound: f"a slower maneuver after the wound ({BOOK} § Pilote Blessé)",
        _forced: f"a {plane.forced} after last turn's burst at another level ({BOOK} § "
                 "Le Combat)",
    }
    return reasons[rule]


def constraints(plane: Plane) -> list[Constraint]:
    """The forced maneuvers that apply, in ruling R25's priority (gliding is applied
    before, as the sheet's only maneuvers 2 and 8)."""
    out: list[Constraint] = []
    if plane.must_max_speed:
        out.append(_max_speed)
    if plane.rudder is not None:
        out.append(_rudder)
    if plane.wound_straight and plane.rudder is None:  # § Pilote Blessé: ignored if jammed
        out.append(_straight_wound)
    if plane.wound_slower:
        out.append(_slower_wound)
    if plane.forced is not None:
        out.append(_forced)
    if not plane.gliding:  # gliding ignores the acceleration rule (R25)
        out.append(_accelerate)
    return out


class Entry(NamedTuple):
    """A code of a maneuver sheet, read once: what the restrictions ask of it."""

    code: str
    number: int
    speed: int
    special: bool
    non_repeatable: bool
    glides: bool
    courses: tuple[tuple[tuple[int, int], ...], ...]
    """The hexes its path enters from (0, 0), facing 0 to 5 (``movement.course``)."""
    spans: tuple[tuple[int, int, int, int], ...]
    """By facing and the parity of the start row (``2 * facing + parity``), the least
    and greatest change of offset column and of row along the path: the map's
    rectangle holds the path when it holds these."""
    choices: tuple[Choice, Choice, Choice]
    """Level, climb, dive."""
    costs: tuple[int, int, int]
    """Their consumption."""
    climbs: bool
    """An A maneuver of speed 2 up to one below the sheet's maximum (§ Monter)."""
    straight: bool
    """An A maneuver (at TB its dive is a landing: § L'Atterrissage)."""


def sheet_entries(data: AilesData, sheet: Sheet) -> tuple[Entry, ...]:
    """A sheet's codes read."""
    rules = data.maneuver_rules
    out = []
    for code in sheet.maneuvers:
        parsed = read_code(code)
        path = tuple(data.maneuvers[code].path)
        options = (Choice(code), Choice(code, "climb"), Choice(code, "dive"))
        courses = tuple(course(path, facing)[1] for facing in range(6))
        out.append(Entry(code, parsed.number, parsed.speed, parsed.number in rules.special,
                         parsed.number in rules.non_repeatable, parsed.number in rules.glide,
                         courses, tuple(_span(courses[f], parity)
                                        for f in range(6) for parity in (0, 1)),
                         options, (consumption(code), consumption(code, "climb"),
                                   consumption(code, "dive")),
                         parsed.direction == "A" and 2 <= parsed.speed <= sheet.max_speed - 1,
                         parsed.direction == "A"))
    return tuple(out)


def _span(steps: tuple[tuple[int, int], ...], parity: int) -> tuple[int, int, int, int]:
    """The least and greatest change of offset column and row along ``steps`` from a row
    of this parity (column = q + row // 2)."""
    if not steps:
        return 0, 0, 0, 0
    columns = [dq + (dr + parity) // 2 for dq, dr in steps]
    rows = [dr for _, dr in steps]
    return min(columns), max(columns), min(rows), max(rows)


def near_speeds(codes: tuple[Entry, ...]) -> tuple[tuple[Entry, ...], ...]:
    """For each speed flown last turn (0 to 4), the codes within one of it (§
    L'Accélération), in the sheet's order."""
    return tuple(tuple(e for e in codes if abs(e.speed - before) <= 1) for before in range(5))


@per_data_dir
def _read_sheets() -> dict[str, tuple[tuple[Entry, ...], tuple[tuple[Entry, ...], ...]]]:
    """Every sheet of the data as loaded, read once (per ``$DOGFIGHT_DATA_DIR``): its
    codes, and those :func:`near_speeds`."""
    data = dataset()
    out = {}
    for name, sheet in data.sheets.items():
        codes = sheet_entries(data, sheet)
        out[name] = (codes, near_speeds(codes))
    return out


def entries(plane: Plane, data: AilesData, near: int | None = None) -> tuple[Entry, ...]:
    """The codes of ``plane``'s maneuver sheet, read (once for the data as loaded); those
    within one of the speed ``near``, if given."""
    name = data.aircraft[plane.aircraft].sheet
    if data is dataset():
        codes, by_speed = _read_sheets()[name]
    else:
        codes = sheet_entries(data, data.sheets[name])
        by_speed = near_speeds(codes)
    return codes if near is None else by_speed[near]


def first_off(q: int, r: int, steps: tuple[tuple[int, int], ...], width: int,
              height: int) -> Cell | None:
    """The first hex off the map a path of ``steps`` from hex (q, r) enters, or None
    (``HexGrid.on_map`` written out: it is asked for every code of a sheet)."""
    for dq, dr in steps:
        row = r + dr
        if not (0 <= row < height and 0 <= q + dq + row // 2 < width):
            return Cell(q + dq, row)
    return None


def choices(plane: Plane, data: AilesData, other_edges: str = "forbidden") -> list[Choice]:
    """Every maneuver the book allows this aircraft now (each level, climb and dive),
    the forced maneuvers dropped from the lowest priority when they leave nothing; a
    voluntary spin is always allowed (§ Les Vrilles).

    The tests of :func:`base_refusal` and :func:`edge_refusal` (the property tests check
    that both agree), in the order that asks least: what holds whatever the altitude
    once a code (the damage and a novice's bans read first, the special and
    non-repeatable maneuvers only for their codes), then each altitude's fuel and
    conditions (:func:`attitude_refusal` read on the sheet's codes once: a climb on an
    A maneuver of speed 2 to the maximum less one, not gliding; at TB a dive on an A
    maneuver only); the acceleration (the last forced maneuver, ruling R25) read on the
    speed first (the codes within one of last turn's speed), the others by their
    functions."""
    rules = constraints(plane)
    if rules and rules[-1] is _accelerate:
        rules = rules[:-1]  # read here, on the speeds (none to read on the first turn)
        if plane.previous is not None:
            before = speed_of(plane.previous)
            near = allowed(plane, data, other_edges, before)
            kept = [c for c in near if all(rule(plane, c, data) for rule in rules)] \
                if rules else near
            if kept:
                return [*kept, Choice("vrille")]
    base = allowed(plane, data, other_edges)
    for keep in range(len(rules), 0, -1):
        kept = [c for c in base if all(rule(plane, c, data) for rule in rules[:keep])]
        if kept:
            return [*kept, Choice("vrille")]
    return [*base, Choice("vrille")]


def allowed(plane: Plane, data: AilesData, other_edges: str,
            near: int | None = None) -> list[Choice]:
    """The maneuvers :func:`base_refusal` and :func:`edge_refusal` allow (of these
    codes within one of the speed ``near`` only, if given), in the sheet's order."""
    base: list[Choice] = []
    gliding = plane.gliding
    banned_special = plane.no_special or plane.fire or plane.novice
    previous = plane.previous
    fuel = plane.fuel
    cell = plane.cell if other_edges == "forbidden" else None
    grid = data.map.grid
    width, height = grid.width or 0, grid.height or 0
    at_bottom = plane.level == LEVELS[0]
    q, r = cell if cell is not None else (0, 0)
    column = q + r // 2
    own = {data.map.sides[plane.side].own_edge}
    facing = plane.facing
    span = 2 * facing + r % 2
    # code_refusal's special and non-repeatable maneuvers, read once for last turn's
    rules = data.maneuver_rules
    last = 0 if previous in (None, "OV2") else read_code(previous).number
    any_special = previous is None or "maneuvers" in plane.skills or last in rules.straights
    no_repeat = last in rules.non_repeatable
    for entry in entries(plane, data, near):
        if gliding and not entry.glides:
            continue
        if (entry.special and banned_special) or (entry.speed >= 3 and plane.no_fast):
            continue
        if entry.special and not any_special and \
                (entry.number != last or entry.non_repeatable):
            continue
        if entry.non_repeatable and no_repeat:
            continue
        if cell is not None:  # edge_refusal; the path is the same whatever the altitude
            low, high, top, bottom = entry.spans[span]
            if not (column + low >= 0 and column + high < width
                    and r + top >= 0 and r + bottom < height):
                off = first_off(q, r, entry.courses[facing], width, height)
                if off is not None and grid.beyond(off) != own:
                    continue
        level, climb, dive = entry.choices
        if gliding or fuel >= entry.costs[0]:
            base.append(level)
        if entry.climbs and not gliding and fuel >= entry.costs[1]:  # attitude_refusal
            base.append(climb)
        if (gliding or fuel >= entry.costs[2]) and (entry.straight or not at_bottom):
            base.append(dive)
    return base


class Maneuvering(PromptKind[AilesState, Choice]):
    """Each pilot writes his maneuver in secret (§ 2. Phase de Manœuvre): a code of his
    sheet with "climb"/"dive", or "vrille"."""

    kind = "maneuver"
    decision = Choice
    rule = f"{BOOK} § 2. Phase de Manœuvre"

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[Choice]:
        return choices(state.plane(seat), dataset(), state.options.rules.other_edges)

    def refusal(self, state: AilesState, frame: Frame, seat: Seat,
                decision: Choice) -> str | None:
        plane = state.plane(seat)
        data = dataset()
        if decision == Choice("vrille"):
            return None  # § Les Vrilles: a voluntary spin is always allowed
        try:
            read_code(decision.code)
        except ValueError as exc:
            return str(exc)
        problem = (base_refusal(plane, decision, data)
                   or edge_refusal(plane, decision, data, state.options.rules.other_edges))
        if problem is not None:
            return problem
        if plane.gliding and read_code(decision.code).number not in data.maneuver_rules.glide:
            return f"a gliding aircraft flies maneuver 2 or 8 only ({BOOK} § Planer)"
        if all(rule(plane, decision, data) for rule in constraints(plane)):
            return None  # every forced maneuver kept: legal (R25 drops none)
        if decision in self.legal(state, frame, seat):
            return None
        broken = next(rule for rule in constraints(plane) if not rule(plane, decision, data))
        return (f"{decision.code} is not allowed now: a forced maneuver applies, "
                f"{forced_reason(broken, plane, decision)} (ruling R25)")

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: Choice,
              events: list[Event]) -> AilesState:
        events.append(Event("maneuver-written", {"seat": seat, "code": decision.code,
                                                 "altitude": decision.altitude}, to=(seat,)))
        events.append(Event("maneuver-sealed", {"seat": seat}))
        return answered(replace(state, codes=state.codes.seal(seat, decision)), seat)


def start_maneuvers(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 2 begins: circles of tailers roll a die each, lowest first, ties rolled
    again (§ Cas Particuliers, ruling R19); spinning aircraft record OV2 (§ Les
    Vrilles); then the first writers are asked."""
    rng = state.rng
    order: list[Seat] = []
    for circle in circles(state):
        pending = list(circle)
        rolls: dict[Seat, int] = {}
        while pending:
            for seat in pending:
                rolls[seat], rng = roll(rng, 6)
            low = min(rolls[s] for s in pending)
            lowest = [s for s in pending if rolls[s] == low]
            events.append(Event("circle-roll", {"rolls": {s: rolls[s] for s in pending}}))
            if len(lowest) == 1:
                order.append(lowest[0])
                order.extend(s for s in circle if s != lowest[0])
                pending = []
    codes = state.codes
    for plane in state.planes:
        if plane.flying and plane.spinning:
            codes = codes.seal(plane.seat, Choice("OV2"))
    state = replace(state, phase="maneuver", rng=rng, circle_order=tuple(order), codes=codes)
    return ask_next_writers(state, events)


def ask_next_writers(state: AilesState, events: list[Event]) -> AilesState:
    """The next writers: those whose tailed aircraft have written and shown their tokens
    (§ Effets de la Poursuite); none left: nothing asked (the phase is over). Each group
    that has written shows its tokens first."""
    for group in writing_order(state, state.circle_order):
        waiting = tuple(s for s in group if not state.codes.has(s))
        if waiting:
            return ask(state, Frame("maneuver", waiting, "Write your maneuver in secret"))
        state = show_tokens(state, group, events)
    return ask(state)


def show_tokens(state: AilesState, group: Sequence[Seat], events: list[Event]) -> AilesState:
    """Each aircraft of a group that has written shows its tokens to its tailers, once:
    the direction (G, A, D) and the altitude (Monté, Piqué, Stable), to them alone; a
    squadron leader shows his maneuver to his formation (§ Vol en Formation)."""
    data = dataset()
    shown = list(state.tokens_shown)
    for seat in group:
        choice = state.codes.of(seat)
        if seat in shown or choice is None:
            continue
        formation = tuple(p.seat for p in state.planes if leader_of(state, p.seat) == seat)
        if formation:
            events.append(Event("formation-shown", {"seat": seat, "code": choice.code,
                                                    "altitude": choice.altitude},
                                to=formation))
        tailers = tailed_by(state, seat)
        if tailers:
            tokens = (direction_shown(data, choice.code, choice.altitude)
                      if choice.code != "OV2" else {"direction": "A", "altitude": "Piqué"})
            events.append(Event("tokens-shown", {"seat": seat, **tokens}, to=tailers))
        if formation or tailers:
            shown.append(seat)
    return replace(state, tokens_shown=tuple(shown))
