"""Les Ailes de la Gloire: 6. Les Dégâts and DEGATS SPÉCIAUX, 7. Phase de Rétablissement,
8. Les Problèmes, 9. Dégâts dus aux incendies, 10. Extinction des Incendies et de la
Fumée, L'ALTITUDE (Les Vrilles, S'Ecraser). Book: 001_6a970d9ea6ae2da0.txt.

Chit numbers (data chits.toml): 1-8 wings (blue 1,1,2,2,3,3,4,4), 9-12 engine, 13-20
fuselage, 21-24 tail, 25 smoke/fire, 26 smoke/tank, 27 pilot killed twice, 28-36 the
paired special chits."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.core.rng import with_forced
from dogfight.games.ailes_de_la_gloire.damage import damage_phase
from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.extinction import extinction_phase
from dogfight.games.ailes_de_la_gloire.fire_damage import fire_damage_phase
from dogfight.games.ailes_de_la_gloire.maneuver import choices
from dogfight.games.ailes_de_la_gloire.problems import problems_phase
from dogfight.games.ailes_de_la_gloire.recovery import recovery_phase
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice, Damage, Gun
from tests.ailes_de_la_gloire.helpers import placed, put


def two() -> AilesState:
    state, _ = placed(["nieuport-17", "albatros-d3"], [(5, 8, 0, "M"), (8, 8, 3, "M")])
    return replace(state, turn=3)


def hit(state: AilesState, *chits: tuple[int, str, str], rolls: tuple[int, ...] = ()
        ) -> tuple[AilesState, list[Event]]:
    state = put(state, "allied-7", incoming=Damage(tuple(chits)))  # type: ignore[arg-type]
    events: list[Event] = []
    return damage_phase(with_forced(state, list(rolls)), events), events


def test_les_degats_boxes_and_the_secret() -> None:
    """§ 6. Les Dégâts: "4 Ailes" crosses out four wing boxes; § Le Secret: the kind and
    amount are the pilot's alone. Wings hit: one deterioration roll (here 2: no spin)."""
    state, events = hit(two(), (7, "blue", "other"), rolls=(2,))
    assert state.plane("allied-7").wings == 13 - 4
    damage = [e for e in events if e.kind == "damage"]
    assert [(e.data["text"], e.to) for e in damage] == [("4 Ailes", ("allied-7",))]
    assert not state.plane("allied-7").spinning


def test_deterioration_spins_on_5_or_6_once_a_turn() -> None:
    """§ Détérioration: wing or tail damage in combat, one die: 5 or 6, a spin (R12:
    one roll whatever the number of hits)."""
    state, events = hit(two(), (1, "blue", "other"), (21, "blue", "other"), rolls=(5,))
    assert state.plane("allied-7").spinning
    assert [e.data["roll"] for e in events if e.kind == "deterioration-roll"] == [5]
    assert [e.to for e in events if e.kind == "spin"] == [None]  # the marker is seen


def test_modificateur_de_direction() -> None:
    """§ Modificateur de Direction: from straight ahead, tail hits become engine hits;
    from directly behind, engine hits become tail hits."""
    state, _ = hit(two(), (21, "blue", "ahead"))  # 1 Empennage
    plane = state.plane("allied-7")
    assert (plane.tail, plane.engine) == (4, 5)
    state, _ = hit(two(), (9, "blue", "behind"), rolls=(1,))  # 1 Moteur
    plane = state.plane("allied-7")
    assert (plane.tail, plane.engine) == (3, 6)


def test_destruction_des_ailes_a_spin_for_good_and_a_crash() -> None:
    """§ Destruction des Ailes...: all wing boxes gone, a spin never recovered; § Les
    Avions Abattus: it is shot down when it reaches the ground (§ S'Ecraser)."""
    state = put(two(), "allied-7", wings=3, level="TB")
    state, _ = hit(state, (5, "blue", "other"), rolls=(1,))
    plane = state.plane("allied-7")
    assert plane.wings == 0 and plane.spinning and plane.spin_for_good
    state = replace(state, turn=4)
    state = recovery_phase(with_forced(state, [6]), [])
    assert state.plane("allied-7").spinning  # no recovery roll at all
    events: list[Event] = []
    state = problems_phase(state, events)
    assert state.plane("allied-7").fate == "shot-down"
    assert [e.kind for e in events] == ["spin-descent", "crashed"]


def test_destruction_du_moteur_glides() -> None:
    """§ Destruction du moteur: no engine boxes left, the aircraft glides: maneuvers 2 or
    8 only (§ Planer), which nobody else is told (LE SECRET)."""
    state, _ = hit(put(two(), "allied-7", engine=2, previous="3A2"), (12, "blue", "other"))
    plane = state.plane("allied-7")
    assert plane.gliding
    assert {c.code[:-2] for c in choices(plane, dataset()) if c.code != "vrille"} <= {"2", "8"}


def test_degats_speciaux_explosion_smoke_fire_observer() -> None:
    """§ DEGATS SPÉCIAUX: the tank explodes (destroyed, announced); smoke and fire are
    announced; an observer killed is announced, ignored without an observer."""
    state, events = hit(two(), (29, "red", "other"))
    assert state.plane("allied-7").fate == "shot-down"
    assert [e.kind for e in events if e.to is None] == ["exploded"]
    state, events = hit(two(), (25, "red", "other"))
    assert state.plane("allied-7").fire and [e.kind for e in events if e.to is None] == ["fire"]
    state, events = hit(two(), (25, "blue", "other"))
    assert state.plane("allied-7").smoke
    state, events = hit(two(), (32, "blue", "other"))
    assert [e.kind for e in events if e.to is None] == []  # no observer on a Nieuport
    assert state.plane("allied-7").fuselage == 20 - 3


def test_pilote_tue_spins_for_good() -> None:
    """Errata p. 13, § Pilote Tué: the aircraft goes into a spin (for good, R11)."""
    state, _ = hit(two(), (27, "blue", "other"))
    plane = state.plane("allied-7")
    assert plane.spinning and plane.spin_for_good


def test_gouvernail_bloque_and_moteur_endommage_swap_by_direction() -> None:
    """§ Gouvernail Bloqué: G maneuvers for 2 turns; from straight ahead it is "Moteur
    Endommagé" instead; a second rudder chit is ignored. § Moteur Endommagé: no speed 3
    or 4; from directly behind a 3-turn rudder jam instead (direction by a die, R5)."""
    state, _ = hit(two(), (30, "red", "other"))
    plane = state.plane("allied-7")
    assert (plane.rudder, plane.rudder_turns) == ("G", 2)
    state = replace(state, turn=4)
    again, _ = hit(state, (35, "red", "other"))
    assert (again.plane("allied-7").rudder, again.plane("allied-7").rudder_turns) == ("G", 2)
    ahead, _ = hit(two(), (30, "red", "ahead"))
    assert ahead.plane("allied-7").rudder is None and ahead.plane("allied-7").no_fast
    behind, _ = hit(two(), (31, "blue", "behind"), rolls=(5,))
    plane = behind.plane("allied-7")
    assert (plane.rudder, plane.rudder_turns, plane.no_fast) == ("D", 3, False)
    assert plane.engine == 6  # the "+2 Moteurs" of that chit became tail hits
    assert plane.tail == 4 - 2


def test_the_rudder_forces_its_direction_first() -> None:
    """§ Gouvernail Bloqué (with ruling R25): a jammed rudder's letter is forced; the
    wound's "Avant" is ignored while the rudder is jammed (§ Pilote Blessé)."""
    plane = replace(two().plane("allied-7"), rudder="D", rudder_turns=2, wound_straight=1,
                    previous="3A2")
    codes = {c.code for c in choices(plane, dataset())} - {"vrille"}
    assert codes and all(code[-2] == "D" for code in codes)


def test_sortir_d_une_vrille() -> None:
    """§ Sortir d'une vrille (errata p. 8): no recovery the turn the spin began; on 3-6
    the aircraft recovers, its facing from the orientation hex, and flies at its maximum
    speed next turn; the spin marker goes."""
    state = put(two(), "allied-7", spinning=True, spin_turn=3)
    assert recovery_phase(with_forced(state, [6]), []).plane("allied-7").spinning
    state = replace(state, turn=4)
    events: list[Event] = []
    state = recovery_phase(with_forced(state, [3, 4]), events)
    plane = state.plane("allied-7")
    assert not plane.spinning and plane.facing == 3 and plane.must_max_speed
    codes = {c.code for c in choices(replace(plane, previous="OV2"), dataset())} - {"vrille"}
    assert codes and all(code.endswith("3") for code in codes)  # the Nieuport's maximum
    failed = recovery_phase(with_forced(put(state, "allied-7", spinning=True), [2]), [])
    assert failed.plane("allied-7").spinning


def test_debloquer_les_mitrailleuses() -> None:
    """§ Débloquer les mitrailleuses: after a non-special A maneuver, 4-6 unjams."""
    state = put(two(), "allied-7", guns=(Gun("pilot", False, jammed=True),))
    straight = replace(state, flown=(("allied-7", Choice("3A2")),))
    assert not recovery_phase(with_forced(straight, [4]), []).plane("allied-7").guns[0].jammed
    assert recovery_phase(with_forced(straight, [3]), []).plane("allied-7").guns[0].jammed
    turning = replace(state, flown=(("allied-7", Choice("12G2")),))
    assert recovery_phase(with_forced(turning, [6]), []).plane("allied-7").guns[0].jammed


def test_mitrailleuses_enrayees_after_a_long_burst() -> None:
    """§ Mitrailleuses enrayées: a die for each gun that fired long, jammed on 5-6,
    known to its pilot only (LE SECRET)."""
    state = put(two(), "german-31", long_burst=(0, 1))
    events: list[Event] = []
    state = problems_phase(with_forced(state, [5, 4]), events)
    guns = state.plane("german-31").guns
    assert (guns[0].jammed, guns[1].jammed) == (True, False)
    assert all(e.to == ("german-31",) for e in events if e.kind == "jam-roll")


def test_effets_d_une_vrille_a_level_and_two_fuel() -> None:
    """§ Effets d'une vrille, § Les Vrilles: a level down, 2 fuel, OV2 recorded."""
    state = put(two(), "allied-7", spinning=True, spin_turn=3)
    state = problems_phase(state, [])
    plane = state.plane("allied-7")
    assert (plane.level, plane.fuel, plane.previous) == ("B", 45 - 2, "OV2")


def test_degats_dus_aux_incendies_a_blue_chit_at_once() -> None:
    """§ 9. Dégâts dus aux incendies: a burning aircraft draws one chit, its blue face,
    applied at once."""
    state = put(two(), "allied-7", fire=True)
    state = fire_damage_phase(with_forced(state, [6]), [])  # the 7th chit left: 4 Ailes
    assert state.plane("allied-7").wings == 13 - 4 and len(state.cup) == 35


def test_extinction_des_incendies_et_de_la_fumee() -> None:
    """§ Extinction des Incendies: 5-6, or 4-6 after a slip (8, 16, 17), fire becomes
    smoke; § Extinction de la Fumée: 6 out, 1 becomes fire."""
    burning = put(two(), "allied-7", fire=True)
    out = extinction_phase(with_forced(burning, [5]), []).plane("allied-7")
    assert (out.fire, out.smoke) == (False, True)
    assert extinction_phase(with_forced(burning, [4]), []).plane("allied-7").fire
    slipped = replace(burning, flown=(("allied-7", Choice("8G2")),))
    assert not extinction_phase(with_forced(slipped, [4]), []).plane("allied-7").fire
    smoking = put(two(), "allied-7", smoke=True)
    assert not extinction_phase(with_forced(smoking, [6]), []).plane("allied-7").smoke
    lit = extinction_phase(with_forced(smoking, [1]), []).plane("allied-7")
    assert lit.fire and not lit.smoke
    assert extinction_phase(with_forced(smoking, [3]), []).plane("allied-7").smoke
