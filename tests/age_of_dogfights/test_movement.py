"""Movement and altitude (book: 003_24ea110dc1b5a4d6.txt): the step counts, turns,
gyroscopic effect, turning radius, passing and ending rules, and the level changes, each
with the book's examples."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dogfight.games.age_of_dogfights import altitude, movement, zones
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType, load_data
from dogfight.games.age_of_dogfights.movement import Move, refusal
from dogfight.games.age_of_dogfights.state import Aircraft
from dogfight.kit.grids import TriangleGrid, from_offset
from dogfight.kit.grids.lattice import ahead

DATA: AgeData = load_data()
GRID = TriangleGrid(36, 30)
MIDDLE = tuple(from_offset(18, 14))


def kind(name: str, **changes: object) -> AircraftType:
    return replace(DATA.aircraft[name], **changes)


def plane(level: int = 3, **changes: object) -> Aircraft:
    base = Aircraft("germany", 4, "fokker-dr1", "first", where="zone", point=MIDDLE,
                    facing=0, level=level, bursts=(6, 0, 0))
    return replace(base, **changes)


def why(k: AircraftType, a: Aircraft, die: int, move: Move,
        others: tuple[Aircraft, ...] = (), **flags: bool) -> str | None:
    found = refusal(DATA, GRID, k, a, die, move, others, **flags)
    return None if found is None else found[1]


# -- MOUVEMENT A L'HORIZONTAL -------------------------------------------------------------

@pytest.mark.parametrize(("speed", "die", "path", "steps"), [
    (7, -1, "RFFRFF", 6),   # aircraft A: 7 + -1 = 6, two right turns
    (4, 3, "RFLFRFL", 7),   # aircraft B: 4 + 3 = 7
    (5, 0, "FFFFFF", 6),    # aircraft C: 5 + 0 + 1 (straight) = 6
])
def test_mouvement_a_l_horizontal_the_books_step_counts(
        speed: int, die: int, path: str, steps: int) -> None:
    """§ MOUVEMENT A L'HORIZONTAL: A 7 − 1 = 6; B 4 + 3 = 7; C 5 + 0 + 1 straight = 6."""
    k = kind("se5", speed=speed, agility=4, gyro=0)
    a = plane()
    assert movement.steps_for(DATA, k, a, die, 0, set(path) == {"F"}) == steps
    assert why(k, a, die, Move(path)) is None
    assert why(k, a, die, Move(path + "F")) == "book: 003_24ea110dc1b5a4d6.txt § " \
        "MOUVEMENT A L'HORIZONTAL"


def test_mouvement_a_l_horizontal_a_step_goes_ahead_or_60_degrees() -> None:
    """§ MOUVEMENT A L'HORIZONTAL: each step to the point ahead or at 60° left or right,
    the piece facing its way at every point."""
    start = from_offset(18, 7)
    flown = movement.fly(start, 0, "FRL")
    assert flown[0] == (ahead(start, 0), 0)
    assert flown[1] == (ahead(ahead(start, 0), 1), 1)
    assert flown[2][1] == 0


def test_no_passing_through_a_point_held_at_the_same_level() -> None:
    """§ MOUVEMENT A L'HORIZONTAL: no passing through a point held at the same altitude;
    passing over or under (§ GRIMPER's example) is allowed."""
    k = kind("se5", speed=5, gyro=0)
    a = plane(level=3)
    two_ahead = tuple(ahead(from_offset(18, 14), 0, 2))
    blocker = plane(level=3, number=9, nation="france", point=two_ahead, facing=3)
    assert why(k, a, 0, Move("FFFFFF"), (blocker,)) == \
        "book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A L'HORIZONTAL"
    assert why(k, a, 0, Move("FFFFFF"), (replace(blocker, level=1),)) is None


def test_no_ending_directly_in_front_of_another_piece() -> None:
    """§ MOUVEMENT A L'HORIZONTAL: a move never ends on the point ahead of another piece
    at its level; for a tilted piece, on the point ahead one level up or down."""
    k = kind("se5", speed=5, gyro=0)
    a = plane(level=3)
    end = movement.fly(from_offset(18, 14), 0, "FFFFFF")[-1][0]
    north_west = tuple(ahead(end, 4))  # a piece there facing South-East has the end ahead
    other = plane(level=3, nation="france", number=9, point=north_west, facing=1)
    assert why(k, a, 0, Move("FFFFFF"), (other,)) is not None
    assert why(k, a, 0, Move("FFFFFF"), (replace(other, level=2),)) is None
    assert why(k, a, 0, Move("FFFFFF"), (replace(other, level=2, tilt="up"),)) is not None
    assert why(k, a, 0, Move("FFFFFF"), (other,), relax_ahead=True) is None


# -- CHANGEMENT DE DIRECTION (AGILITE), EFFET GYROSCOPIQUE, RAYON DE BRAQUAGE --------------

def test_agilite_examples_d_and_e() -> None:
    """§ CHANGEMENT DE DIRECTION (AGILITE): D turned right three times, its maximum III;
    E turned left, left twice more and right once, four in all, its maximum IV."""
    d = kind("se5", speed=7, agility=3, gyro=0)
    assert why(d, plane(), 0, Move("RFRFRFF")) is None
    assert why(d, plane(), 0, Move("RFRFRFR")) == \
        "book: 003_24ea110dc1b5a4d6.txt § CHANGEMENT DE DIRECTION (AGILITE)"
    e = kind("se5", speed=8, agility=4, gyro=0)
    assert why(e, plane(), 0, Move("LFLFLFRF")) is None
    assert why(e, plane(), 0, Move("LFLFLFRL")) is not None


def test_effet_gyroscopique_examples_f_and_g() -> None:
    """§ EFFET GYROSCOPIQUE: F (rotary, IV) turning only left makes IV − I = III turns;
    G (Camel, IV + II) turning only right makes VI; both ways cancels the effect; a
    pusher (Airco DH.2) turns better to the left."""
    f = kind("se5", speed=8, agility=4, gyro=1)
    assert movement.turns_allowed(DATA, f, plane(), "LFLFLFFF") == 3
    assert why(f, plane(), 0, Move("LFLFLFFF")) is None
    assert why(f, plane(), 0, Move("LFLFLFLF")) is not None
    assert movement.turns_allowed(DATA, f, plane(), "RFRFRFRF") == 5
    assert movement.turns_allowed(DATA, f, plane(), "RFLFFFFF") == 4
    camel = DATA.aircraft["sopwith-camel"]
    assert movement.turns_allowed(DATA, camel, plane(), "RRRRRR") == 6
    assert why(camel, plane(), 1, Move("RRRRRR")) is None  # 360° in one move
    assert why(camel, plane(), 1, Move("LLLLLL")) is not None
    dh2 = DATA.aircraft["airco-dh2"]
    assert movement.turns_allowed(DATA, dh2, plane(), "LFLF") == dh2.agility + 1
    assert movement.turns_allowed(DATA, dh2, plane(), "RFRF") == dh2.agility - 1


def test_rayon_de_braquage_fighter_12_and_the_bomber() -> None:
    """§ RAYON DE BRAQUAGE: from 10 steps no turns on two successive steps (fighter 12
    turned four times with a straight step between turns); a multi-engine bomber never
    turns on successive steps."""
    fighter = kind("spad-s13", speed=7, agility=4)
    assert why(fighter, plane(), 3, Move("RFRFFRFFRF")) is None
    assert why(fighter, plane(), 3, Move("RRFFFRFFRF")) == \
        "book: 003_24ea110dc1b5a4d6.txt § RAYON DE BRAQUAGE"
    assert why(fighter, plane(), 1, Move("RRFFFRFF")) is None  # 8 steps: allowed
    bomber = DATA.aircraft["gotha-g5"]
    assert why(bomber, plane(), 0, Move("RFR")) is None
    assert why(bomber, plane(), 0, Move("RRF")) is not None


def test_types_de_degats_fewer_steps_and_turns_and_the_engine_example() -> None:
    """§ TYPES DE DEGATS: wings −1 step, engine −2 steps, tail −1 turn; the example:
    7 (speed) + 1 (die) + 1 (straight) − 2 (engine) = 7 steps."""
    spad = DATA.aircraft["spad-s13"]
    assert spad.speed == 7
    engine = plane(damage=("engine",))
    assert movement.steps_for(DATA, spad, engine, 1, 0, True) == 7
    assert movement.steps_for(DATA, spad, plane(damage=("wings",)), 1, 0, False) == 7
    assert movement.turns_allowed(DATA, spad, plane(damage=("tail",)), "RFLF") == 2


def test_machine_gun_jamming_unjamming_limits() -> None:
    """§ MACHINE GUN JAMMING: while unjamming its guns the pilot makes one turn or none
    and cannot change altitude (R18)."""
    k = kind("se5", speed=5, gyro=0)
    assert why(k, plane(), 0, Move("RFFFF", unjam=True)) is None
    assert why(k, plane(), 0, Move("RFFRF", unjam=True)) is not None
    climbing = plane(tilt="up")
    assert why(k, climbing, 1, Move("RFFFF", change=1, unjam=True)) == \
        "book: 003_24ea110dc1b5a4d6.txt § MACHINE GUN JAMMING"


def test_la_zone_exterieure_not_two_moves_running() -> None:
    """§ LA ZONE EXTERIEURE: no ending in the border zone two moves running (R8)."""
    k = kind("se5", speed=5, gyro=0)
    near_edge = plane(point=tuple(from_offset(18, 3)), facing=0)
    path = "FLRFL"
    end = movement.fly(from_offset(18, 3), 0, path)[-1][0]
    assert movement.in_border(DATA, GRID, end)
    assert why(k, near_edge, 0, Move(path)) is None
    assert why(k, replace(near_edge, border=True), 0, Move(path)) == \
        "book: 003_24ea110dc1b5a4d6.txt § LA ZONE EXTERIEURE"
    assert why(k, replace(near_edge, border=True), 0, Move(path), relax_border=True) is None


def test_regles_generales_leaving_the_combat_zone() -> None:
    """§ REGLES GENERALES: a fighter leaves the combat zone only damaged or out of
    ammunition (R13: by stepping off an edge, its last step)."""
    k = kind("se5", speed=5, gyro=0)
    at_edge = plane(point=tuple(from_offset(34, 7)), facing=0)
    assert why(k, at_edge, 0, Move("FF")) == "book: 003_24ea110dc1b5a4d6.txt § REGLES GENERALES"
    assert why(k, replace(at_edge, damage=("wings",)), 0, Move("FF")) is None
    assert why(k, replace(at_edge, bursts=(0, 0, 0)), 0, Move("FF")) is None
    assert why(k, replace(at_edge, damage=("wings",)), 0, Move("FFF")) is not None


# -- altitude ----------------------------------------------------------------------------

def test_grimper_the_climb_example() -> None:
    """§ GRIMPER: at L2, 5 + 3 = 8 steps, tilted up at the end; next move 5 + 2 − 1 = 6
    steps, L2 → L3 on the first step; tilted up again."""
    k = kind("se5", speed=5, gyro=0, fast_climb=False)
    a = plane(level=2)
    assert why(k, a, 3, Move("RFFRFFLF", tilt="up")) is None
    up = plane(level=2, tilt="up")
    assert altitude.level_changes(DATA, k, up) == (1,)
    assert movement.steps_for(DATA, k, up, 2, 1, False) == 6
    assert altitude.levels_along(DATA, 2, 1, 6) == (3, 3, 3, 3, 3, 3)
    assert why(k, up, 2, Move("RFFRFF", change=1, tilt="up")) is None
    assert why(k, up, 2, Move("RFFRFF", change=0)) == altitude.RULE  # a tilt forces a change


def test_ascension_rapide_the_fokker_d7() -> None:
    """§ ASCENSION RAPIDE: the Fokker D.VII climbs L1 → L3, at steps 1 and 3: 6 + 1 − 2
    = 5 steps, then tilts down."""
    d7 = DATA.aircraft["fokker-d7"]
    up = plane(level=1, tilt="up", kind="fokker-d7")
    assert altitude.level_changes(DATA, d7, up) == (1, 2)
    assert movement.steps_for(DATA, d7, up, 1, 2, False) == 5
    assert altitude.levels_along(DATA, 1, 2, 5) == (2, 2, 3, 3, 3)
    assert why(d7, up, 1, Move("RFFRF", change=2, tilt="down")) is None
    assert altitude.level_changes(DATA, DATA.aircraft["se5"], up) == (1,)


def test_descendre_the_two_turn_dive_and_the_straight_dive() -> None:
    """§ DESCENDRE: 6 + 2 + 1 = 9 steps L5 → L4; then 6 + 0 + 2 = 8 steps L4 → L3 → L2
    (steps 1 and 3), tilted up; a scout 4 − 1 + 1 + 3 = 7 steps L5 → L2 straight, and no
    tilting up after a three-level dive (R6)."""
    k = kind("spad-s7", speed=6)
    down = plane(level=5, tilt="down", kind="spad-s7")
    assert altitude.level_changes(DATA, k, down) == (-1, -2, -3)
    assert movement.steps_for(DATA, k, down, 2, -1, False) == 9
    assert why(k, down, 2, Move("RFFRFFLFF", change=-1, tilt="down")) is None
    again = plane(level=4, tilt="down", kind="spad-s7")
    assert movement.steps_for(DATA, k, again, 0, -2, False) == 8
    assert altitude.levels_along(DATA, 4, -2, 8)[:3] == (3, 3, 2)
    assert why(k, again, 0, Move("RFFRFFLF", change=-2, tilt="up")) is None
    scout = kind("re8", speed=4)
    high = plane(level=5, tilt="down", kind="re8")
    assert movement.steps_for(DATA, scout, high, -1, -3, True) == 7
    assert altitude.levels_along(DATA, 5, -3, 7) == (4, 4, 3, 3, 2, 2, 2)
    assert why(scout, high, -1, Move("FFFFFFF", change=-3, tilt="down")) is None
    assert why(scout, high, -1, Move("FFFFFFF", change=-3, tilt="up")) is not None
    assert altitude.tilts_after(DATA, 2, -3, strict_dive=True) == ("level",)


def test_descente_lente_and_the_altitude_limits() -> None:
    """§ DESCENTE LENTE: slow descenders (every bomber) dive two levels at most; R17: no
    tilting up at L5 nor down at L1, a dive stops at L1."""
    bomber = DATA.aircraft["handley-page-o400"]
    assert altitude.level_changes(DATA, bomber, plane(level=5, tilt="down")) == (-1, -2)
    se5 = DATA.aircraft["se5"]
    assert altitude.level_changes(DATA, se5, plane(level=2, tilt="down")) == (-1,)
    assert altitude.tilts_after(DATA, 5, 0) == ("level", "down")
    assert altitude.tilts_after(DATA, 1, 0) == ("level", "up")


@pytest.mark.parametrize("options", [
    {}, {"rules": {"wind": "NE"}}, {"mode": "breakthrough", "sides": "long"},
    {"mode": "reconnaissance", "pieces": 2, "rules": {"wind": "roll"}},
])
def test_mouvement_a_l_horizontal_every_step_offered_has_a_whole_move_refusal_accepts(
        options: dict[str, object]) -> None:
    """book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A L'HORIZONTAL: the search behind the
    steps offered judges the paths it finds without calling :func:`refusal`; every way it
    gives (a whole path through the step) is one :func:`refusal` accepts, and ends the
    move where :func:`movement.finished` says (random games, with and without wind)."""
    from dogfight.core.match import Match
    from dogfight.core.registry import get_game
    from dogfight.core.rng import choice, new_rng

    game = get_game("age-of-dogfights")
    checked = 0
    for seed in range(6):
        match, rng = Match.new(game, options, seed), new_rng(seed)
        while match.pending and checked < 2000:
            state = match.state
            frame = state.prompts[-1]
            if frame.kind == "steer":
                flight = state.flight
                data, grid, k, a, move, flags = movement.context(state, flight, flight.path)
                near = zones.others(state, a.id)
                for letter, way in frame.data["ways"].items():
                    assert way.startswith(flight.path + letter)
                    whole = replace(move, path=way)
                    assert refusal(data, grid, k, a, flight.die, whole, near, **flags) is None
                    assert movement.finished(data, grid, k, a, flight.die, whole,
                                             flags["wind"])[0]
                    checked += 1
            seat, rng = choice(rng, list(match.pending))
            decision, rng = choice(rng, list(game.legal(state, seat)))
            match.submit(seat, decision)
    assert checked >= 2000
