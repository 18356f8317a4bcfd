"""Fire and its results (book: 003_24ea110dc1b5a4d6.txt): every firing position, the
columns, coupled guns, the book's fire examples, jams, long bursts, pilots, the damage
die, two damages, experience."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, new_rng
from dogfight.games.age_of_dogfights import damage, fire
from dogfight.games.age_of_dogfights.data import AgeData, load_data
from dogfight.games.age_of_dogfights.fire import Option
from dogfight.games.age_of_dogfights.state import Aircraft, Pilot, Tilt
from dogfight.kit.grids import Cell, from_offset
from dogfight.kit.grids.lattice import ahead

DATA: AgeData = load_data()
ORIGIN = from_offset(10, 10)


def at(cell: Cell, facing: int, level: int = 3, tilt: Tilt = "level", nation: str = "france",
       number: int = 1, kind: str = "se5", pilot: Pilot = "average") -> Aircraft:
    return Aircraft(nation, number, kind, "second" if nation == "germany" else "first",
                    where="zone", point=tuple(cell), facing=facing, level=level,
                    tilt=tilt, bursts=(6, 4, 4), pilot=pilot)


def target(cell: Cell, facing: int, level: int = 3, tilt: Tilt = "level") -> Aircraft:
    return at(cell, facing, level, tilt, nation="germany", number=7, kind="albatros-d5")


def test_tir_fixe_exactement_par_derriere_h5() -> None:
    """§ TIR FIXE EXACTEMENT PAR DERRIERE: 1d directly behind, facing the target, column
    A; at an adjacent level the shooter is tilted toward the target; the target may be
    tilted either way."""
    shooter = at(ORIGIN, 0)
    front = ahead(ORIGIN, 0)
    assert fire.positions_between(DATA, shooter, target(front, 0)) == ("h5",)
    assert fire.positions_between(DATA, shooter, target(front, 0, tilt="down")) == ("h5",)
    se5 = DATA.aircraft["se5"]
    assert fire.options(DATA, se5, shooter, target(front, 0, level=4), offensive=True) == ()
    climbing = at(ORIGIN, 0, tilt="up")
    assert "h5" in fire.positions_between(DATA, climbing, target(front, 0, level=4))
    assert fire.positions_between(DATA, climbing, target(front, 0, level=3)) == ()
    [option] = fire.options(DATA, DATA.aircraft["se5"], shooter, target(front, 0),
                            offensive=True)
    assert (option.column, option.long_burst, option.group) == ("A", True, "fixed")


def test_tir_fixe_en_travers_de_derriere_h6() -> None:
    """§ TIR FIXE EN TRAVERS DE DERRIERE: as H5 but the target's heading differs (60°):
    column B, no long burst."""
    shooter = at(ORIGIN, 0)
    for heading in (1, 5):
        [option] = fire.options(DATA, DATA.aircraft["se5"], shooter,
                                target(ahead(ORIGIN, 0), heading), offensive=True)
        assert (option.position, option.column, option.long_burst) == ("h6", "B", False)


def test_tir_fixe_de_loin_par_derriere_h7_and_de_face_h8() -> None:
    """§ TIR FIXE DE LOIN PAR DERRIERE: 2d strictly behind, same level, the target level
    or tilted, column B. § TIR FIXE DE FACE: 2d head-on, same level, both level, B."""
    shooter = at(ORIGIN, 0)
    two = ahead(ORIGIN, 0, 2)
    assert fire.positions_between(DATA, shooter, target(two, 0, tilt="up")) == ("h7",)
    assert fire.positions_between(DATA, at(ORIGIN, 0, tilt="up"), target(two, 0)) == ()
    assert fire.positions_between(DATA, shooter, target(two, 3)) == ("h8",)
    assert fire.positions_between(DATA, shooter, target(two, 3, tilt="up")) == ()
    assert fire.positions_between(DATA, shooter, target(ahead(ORIGIN, 1, 2), 0)) == ()


def test_mitrailleuse_mobile_de_nez_h9() -> None:
    """§ MITRAILLEUSE MOBILE DE NEZ : POSITIONS: the flexible nose gun also fires at a
    target angled forward (same level or one up) or straight ahead one up, flying
    parallel, both level: column B; the fixed positions too."""
    dh2 = DATA.aircraft["airco-dh2"]
    shooter = at(ORIGIN, 0, kind="airco-dh2", nation="britain")
    angled = target(ahead(ORIGIN, 1), 0)
    [option] = fire.options(DATA, dh2, shooter, angled, offensive=True)
    assert (option.position, option.group, option.column) == ("h9", "nose", "B")
    assert fire.positions_between(DATA, shooter, target(ahead(ORIGIN, 0), 0, level=4)) == \
        ("h9-up",)
    assert fire.options(DATA, DATA.aircraft["se5"], at(ORIGIN, 0), angled,
                        offensive=True) == ()
    [locked] = fire.options(DATA, dh2, shooter, target(ahead(ORIGIN, 0), 0), offensive=True)
    assert (locked.position, locked.group, locked.column) == ("h5", "nose", "A")


def test_mitrailleuse_de_queue_h10_h11_h12() -> None:
    """§ MITRAILLEUSE DE QUEUE DROIT DERRIERE ET AU DESSUS (1d behind, one level up, A),
    § DERRIERE EN ANGLE (rear angled, same level or one up, B), § LOIN DERRIERE (2d
    behind, same level, B); both flying level, same heading."""
    hd3 = DATA.aircraft["hanriot-hd3"]
    shooter = at(ORIGIN, 0, kind="hanriot-hd3")
    behind = ahead(ORIGIN, 3)
    [up] = fire.options(DATA, hd3, shooter, target(behind, 0, level=4), offensive=True)
    assert (up.position, up.group, up.column) == ("h10", "tail", "A")
    assert fire.positions_between(DATA, shooter, target(behind, 0, level=3)) == ()
    for rear in (2, 4):
        found = fire.positions_between(DATA, shooter, target(ahead(ORIGIN, rear), 0))
        assert found == ("h11",)
    assert fire.positions_between(DATA, shooter, target(ahead(ORIGIN, 3, 2), 0)) == ("h12",)
    assert fire.positions_between(DATA, shooter,
                                  target(ahead(ORIGIN, 3, 2), 0, tilt="up")) == ()


def test_the_ventral_gun_fires_down_and_only_defensively() -> None:
    """§ POSITION DES MITRAILLEUSES ET DIRECTION DE TIR: the ventral gun fires in the
    three rear directions, downward only, in self-defence (R15)."""
    o400 = DATA.aircraft["handley-page-o400"]
    bomber = at(ORIGIN, 0, level=4, kind="handley-page-o400", nation="britain")
    below = target(ahead(ORIGIN, 3), 0, level=3, tilt="up")
    assert fire.options(DATA, o400, bomber, below, offensive=True) == ()
    [option] = fire.options(DATA, o400, bomber, below, offensive=False)
    assert (option.group, option.column, option.long_burst) == ("ventral", "B", False)


def test_tir_defensif_column_b_bombers_and_each_gun_once() -> None:
    """§ TIR DEFENSIF: column B from every position; bombers fire only defensively;
    § POSITIONS POUR LES TIRS DEFENSIFS: each gun once during the opponent's turn;
    § MODES DE JEU: a scout carrying a bomb fires only defensively."""
    gotha = DATA.aircraft["gotha-g5"]
    bomber = at(ORIGIN, 0, kind="gotha-g5", nation="germany")
    ahead_of_it = at(ahead(ORIGIN, 0), 0)
    assert fire.options(DATA, gotha, bomber, ahead_of_it, offensive=True) == ()
    [option] = fire.options(DATA, gotha, bomber, ahead_of_it, offensive=False)
    assert (option.position, option.column, option.long_burst) == ("h5", "B", False)
    fired = replace(bomber, fired=("front",))
    assert fire.options(DATA, gotha, fired, ahead_of_it, offensive=False) == ()
    scout = DATA.aircraft["salmson-2"]
    assert fire.can_fire(DATA, scout, bomber, "fixed", offensive=True, carrying_bomb=True)
    assert fire.can_fire(DATA, scout, bomber, "fixed", offensive=False,
                         carrying_bomb=True) is None


def test_no_fire_when_silenced_out_of_bursts_or_jammed() -> None:
    """§ TYPES DE DEGATS (guns damaged: no more fire), § PANNEAU DE CONTROLE (the last
    burst), § MACHINE GUN JAMMING (a jammed gun must be unjammed first)."""
    se5 = DATA.aircraft["se5"]
    shooter = at(ORIGIN, 0)
    assert fire.can_fire(DATA, se5, shooter, "fixed", offensive=True) is None
    for changed in (replace(shooter, damage=("guns",)), replace(shooter, bursts=(0, 4, 4)),
                    replace(shooter, jammed=("front",))):
        assert fire.can_fire(DATA, se5, changed, "fixed", offensive=True) is not None


H5 = Option("germany-7", "h5", "fixed", "A", True)
H6 = Option("germany-7", "h6", "fixed", "B", False)


def test_the_books_fire_examples() -> None:
    """§ ABATTU: 4 + 5 + 1 (two guns) = 10, column A: destroyed. § ECHEC: 2 + 2 + 1 = 5, A:
    failure. § DEGAT: 5 + 2 + 2 (three guns, the Fokker E.IV) = 9, B: damage. § LE SOLEIL:
    2 + 3 + 1 − 1 (into the sun) = 5, A: failure."""
    dr1, e4, camel = (DATA.aircraft[k] for k in ("fokker-dr1", "fokker-e4", "sopwith-camel"))
    me = at(ORIGIN, 0)
    assert fire.read_roll(DATA, dr1, me, H5, (4, 5)) == "destroyed"
    assert fire.read_roll(DATA, DATA.aircraft["spad-s13"], me, H5, (2, 2)) == "failure"
    assert fire.read_roll(DATA, e4, me, H6, (5, 2)) == "damage"
    assert fire.read_roll(DATA, camel, me, H5, (2, 3)) == "damage"
    assert fire.read_roll(DATA, camel, me, H5, (2, 3), against_sun=True) == "failure"


def test_machine_gun_jamming_and_the_long_bursts_jams() -> None:
    """§ MACHINE GUN JAMMING: a raw double 1 jams (R1: judged on the raw dice);
    § RAFALE LONGUE: the second roll jams on 2, 4, 6 or 8, otherwise reads the same
    column (R2)."""
    se5 = DATA.aircraft["se5"]
    me = at(ORIGIN, 0)
    assert fire.read_roll(DATA, se5, me, H5, (1, 1)) == "jammed"
    rookie = replace(me, pilot="rookie")
    assert fire.read_roll(DATA, se5, rookie, H5, (1, 2)) == "failure"
    assert [fire.read_roll(DATA, se5, me, H5, (d, 2), second=True) for d in (2, 4, 6)] == \
        ["jammed"] * 3
    assert fire.read_roll(DATA, se5, me, H5, (3, 2), second=True) == "damage"
    assert fire.read_roll(DATA, se5, me, H5, (5, 4), second=True) == "destroyed"


def test_rafale_longue_when_it_may_follow() -> None:
    """§ RAFALE LONGUE: only after a failure or damage, from a parallel position, with two
    bursts (R3)."""
    me = at(ORIGIN, 0)
    assert fire.long_burst_allowed(DATA, replace(me, bursts=(1, 0, 0)), H5, "failure")
    assert fire.long_burst_allowed(DATA, me, H5, "damage")
    assert not fire.long_burst_allowed(DATA, me, H5, "jammed")
    assert not fire.long_burst_allowed(DATA, me, H6, "failure")
    assert not fire.long_burst_allowed(DATA, replace(me, bursts=(0, 0, 0)), H5, "failure")


def test_pilotes_aces_and_rookies() -> None:
    """§ PILOTES: an ace's damage is a destruction, a rookie takes −1, only at the guns
    the pilot works; § NOTES "As contre As": every fighter pilot an ace."""
    se5, hd3 = DATA.aircraft["se5"], DATA.aircraft["hanriot-hd3"]
    ace = at(ORIGIN, 0, pilot="ace")
    assert fire.read_roll(DATA, se5, ace, H5, (3, 3)) == "destroyed"
    tail = Option("germany-7", "h11", "tail", "B", True)
    assert fire.read_roll(DATA, hd3, ace, tail, (4, 5)) == "damage"
    rookie = at(ORIGIN, 0, pilot="rookie")
    assert fire.read_roll(DATA, se5, rookie, H5, (2, 2)) == "failure"  # 4 + 1 − 1 = 4
    assert fire.read_roll(DATA, se5, rookie, H5, (3, 3)) == "damage"  # 6 + 1 − 1 = 6
    assert fire.read_roll(DATA, se5, at(ORIGIN, 0), H5, (3, 3), all_aces=True) == "destroyed"


def test_degat_the_damage_die_and_two_damages() -> None:
    """§ DEGAT, § TYPES DE DEGATS: the damage die (two blue wings, two orange tail, red
    guns, green engine); two damages shoot it down without a roll (§ RAFALE LONGUE's
    example: engine, then damage again)."""
    events: list[Event] = []
    plane = target(ORIGIN, 0)
    parts = []
    for face in range(1, 7):
        hit, _ = damage.hit(DATA, plane, "damage", new_rng(1, [face]), events)
        parts.append(hit.damage)
    assert parts == [("wings",), ("wings",), ("tail",), ("tail",), ("guns",), ("engine",)]
    hurt, rng = damage.hit(DATA, plane, "damage", new_rng(1, [6]), events)
    down, after = damage.hit(DATA, hurt, "damage", rng, events)
    assert down.where == "down" and after == rng  # no roll of the damage die
    assert damage.hit(DATA, plane, "failure", rng, events)[0] == plane
    assert damage.hit(DATA, plane, "destroyed", rng, events)[0].where == "down"


def test_jams_spend_ammunition_and_unjam() -> None:
    """§ MACHINE GUN JAMMING: the red cursor crosswise and moved one slot; unjammed, it
    is upright again; § RESUME, TIRS: two slots for a long burst."""
    events: list[Event] = []
    me = at(ORIGIN, 0)
    jammed = damage.jam(damage.spend(me, "fixed"), "fixed", events)
    assert jammed.bursts == (5, 4, 4) and jammed.jammed == ("front",)
    assert damage.unjam(jammed, "front", events).jammed == ()
    assert damage.spend(me, "tail", 2).bursts == (6, 2, 4)


def test_gagner_de_l_experience() -> None:
    """§ GAGNER DE L'EXPERIENCE: a rookie's first kill makes him average; three kills make
    an ace (R10: the first counts); a crewman's kill at the tail gun does not count."""
    se5 = DATA.aircraft["se5"]
    events: list[Event] = []
    rookie = at(ORIGIN, 0, pilot="rookie")
    one = damage.credit_kill(DATA, se5, rookie, "fixed", events)
    assert (one.pilot, one.kills) == ("average", 1)
    three = damage.credit_kill(DATA, se5, replace(one, kills=2), "fixed", events)
    assert (three.pilot, three.kills) == ("ace", 3)
    hd3 = DATA.aircraft["hanriot-hd3"]
    assert damage.credit_kill(DATA, hd3, rookie, "tail", events) == rookie
