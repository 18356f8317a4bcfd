"""Les Ailes de la Gloire, LES PILOTES in a game: the novice's restrictions and rolls,
the Tableau des Compétences Spéciales, every skill's effect. Book:
001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, new_rng
from dogfight.core.rng import with_forced
from dogfight.games.ailes_de_la_gloire.altitude import stall_roll
from dogfight.games.ailes_de_la_gloire.combat import combat_value, resolve
from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.maneuver import Choice, refusal
from dogfight.games.ailes_de_la_gloire.pilots import PilotRecord, record_problem, skills_earned
from dogfight.games.ailes_de_la_gloire.problems import problems_phase
from dogfight.games.ailes_de_la_gloire.recovery import recovery_phase
from dogfight.games.ailes_de_la_gloire.state import Gun, Order, Shot
from dogfight.games.ailes_de_la_gloire.tailing import candidates
from dogfight.kit.sealed import Sealed
from tests.ailes_de_la_gloire.helpers import placed, put


def test_tableau_des_competences_speciales() -> None:
    """One skill at 100 points, one more at 200, 300, 400, 500 and 1000; one more for
    every five aircraft shot down."""
    assert [skills_earned(p, 0) for p in (99, 100, 250, 500, 999, 1000)] == [0, 1, 2, 5, 5, 6]
    assert skills_earned(0, 10) == 2
    assert record_problem(PilotRecord(100, 0, ("jams",))) is None
    assert "2 skills" in str(record_problem(PilotRecord(100, 0, ("jams", "stability"))))
    assert "aces only" in str(record_problem(PilotRecord(100, 4, ("combat-value",))))
    assert record_problem(PilotRecord(100, 5, ("combat-value",))) is None
    assert "shooting skills" in str(record_problem(PilotRecord(0, 0, (), 5, ("stability",))))
    with pytest.raises(InvalidOptions, match="LES PILOTES"):
        GAME.setup({"flyers": [{"aircraft": "spad-13", "pilot": {"experience": 10,
                                                                  "skills": ["jams"]}},
                               {"aircraft": "fokker-d7"}]}, new_rng(1))


def pilots(allied: dict[str, Any] | None, german: dict[str, Any] | None,
           places: list[tuple[int, int, int, str]]) -> Any:
    state, _ = placed(["spad-13", "albatros-d3"], places)
    for seat, record in (("allied-13", allied), ("german-31", german)):
        if record is not None:
            r = PilotRecord(**record)
            state = put(state, seat, novice=r.experience < 50, ace=r.victories >= 5,
                        skills=r.skills, observer_skills=r.observer_skills)
    return state


def test_niveaux_d_experience_a_novice_tails_friends_only_and_flies_no_special() -> None:
    """Pilote novice: no tailing of enemy aircraft, no special maneuvers."""
    behind = [(5, 8, 0, "M"), (6, 8, 0, "M")]
    assert candidates(pilots(None, None, behind), "allied-13") == ("german-31",)
    assert candidates(pilots({"experience": 10}, None, behind), "allied-13") == ()
    novice = pilots({"experience": 10}, None, behind).plane("allied-13")
    assert "novice" in str(refusal(replace(novice, previous="3A2"), Choice("29G2"), dataset()))
    veteran = pilots({"experience": 60}, None, behind).plane("allied-13")
    assert refusal(replace(veteran, previous="3A2"), Choice("29G2"), dataset()) is None


def test_competences_de_pilotage() -> None:
    """Poursuite restreinte (tailed by aces only), Poursuite à Longue Distance (four
    hexes), Manœuvres (specials as normal maneuvers, the cross-exclusion kept: R22)."""
    behind = [(5, 8, 0, "M"), (6, 8, 0, "M")]
    restricted = pilots(None, {"experience": 100, "skills": ("restricted-tailing",)}, behind)
    assert candidates(restricted, "allied-13") == ()
    ace = pilots({"experience": 100, "victories": 5}, {"experience": 100,
                                                       "skills": ("restricted-tailing",)},
                 behind)
    assert candidates(ace, "allied-13") == ("german-31",)
    far = [(5, 8, 0, "M"), (9, 8, 0, "M")]
    assert candidates(pilots(None, None, far), "allied-13") == ()
    assert candidates(pilots({"experience": 100, "skills": ("long-range-tailing",)}, None,
                             far), "allied-13") == ("german-31",)
    skilled = pilots({"experience": 100, "skills": ("maneuvers",)}, None, behind)
    plane = replace(skilled.plane("allied-13"), previous="12G2")
    assert refusal(plane, Choice("29G2"), dataset()) is None
    assert refusal(replace(plane, previous="28G2"), Choice("31G2"), dataset()) is not None


def test_competences_de_tir_in_the_fire_value() -> None:
    """Stabilité (B counts as A), Suppression de la Déflexion, Valeur de Combat (+1),
    Portée Étendue (range 3 read as 2)."""
    state = pilots(None, None, [(5, 8, 0, "M"), (8, 8, 1, "M")])
    state = replace(state, flown=(("allied-13", Choice("2A1")), ("german-31", Choice("2A1"))))
    spad, albatros = state.plane("allied-13"), state.plane("german-31")
    plain = combat_value(state, dataset(), spad, albatros, "pilot", "short", 3, 2)
    assert plain == 2 + 0 + 0 - 3  # base, short, stability B, deflection
    skilled = replace(spad, skills=("stability", "no-deflection", "combat-value",
                                    "extended-range"))
    # range read as 2: base 3, stability A +1, no deflection, +1
    assert combat_value(state, dataset(), skilled, albatros, "pilot", "short", 3, 2) == 5


def test_bonus_au_tir_adds_one_to_the_die_six_stays_six() -> None:
    state = pilots({"experience": 100, "skills": ("fire-bonus",)}, None,
                   [(5, 8, 0, "M"), (6, 8, 0, "M")])
    state = replace(state, phase="combat", flown=(("allied-13", Choice("2A1")),
                                                  ("german-31", Choice("2A1"))))
    order = Order(Shot("german-31", "short"), None)
    state = replace(state, orders=Sealed().seal("allied-13", order))
    events: list[Event] = []
    resolve(with_forced(state, [3, 0]), events)
    assert next(e for e in events if e.kind == "shot").data["roll"] == 4
    events = []
    resolve(with_forced(state, [6, 0, 0]), events)
    assert next(e for e in events if e.kind == "shot").data["roll"] == 6


def test_l_enrayement_and_the_novices_rolls() -> None:
    """L'Enrayement: jams only on a 6, unjams on 3-6; a campaign novice spins after a
    stall on 4-6 and recovers only on 4-6 (§ Décrochage, § Sortir d'une vrille)."""
    state = pilots({"experience": 100, "skills": ("jams",)}, None,
                   [(5, 8, 0, "M"), (15, 8, 3, "M")])
    state = put(state, "allied-13", long_burst=(0,))
    assert not problems_phase(with_forced(state, [5]), []).plane("allied-13").guns[0].jammed
    jammed = put(state, "allied-13", guns=(Gun("pilot", False, jammed=True),
                                           Gun("pilot", False)),
                 long_burst=())
    jammed = replace(jammed, flown=(("allied-13", Choice("3A2")),))
    assert not recovery_phase(with_forced(jammed, [3]), []).plane("allied-13").guns[0].jammed
    novice = pilots({"experience": 0}, None, [(5, 8, 0, "M"), (15, 8, 3, "M")])
    assert stall_roll(with_forced(novice, [4]), novice.plane("allied-13"),
                      []).plane("allied-13").spinning
    veteran = pilots(None, None, [(5, 8, 0, "M"), (15, 8, 3, "M")])
    assert not stall_roll(with_forced(veteran, [4]), veteran.plane("allied-13"),
                          []).plane("allied-13").spinning
    spinning = replace(put(novice, "allied-13", spinning=True, spin_turn=1), turn=2)
    assert recovery_phase(with_forced(spinning, [3]), []).plane("allied-13").spinning


def test_niveaux_d_experience_thresholds() -> None:
    """Pilote novice: fewer than 50 points; Vétéran: at least 50; As: at least five
    confirmed victories (shared ones count, R21)."""
    from dogfight.games.ailes_de_la_gloire.pilots import is_ace, is_novice
    assert is_novice(PilotRecord(49)) and not is_novice(PilotRecord(50))
    assert not is_novice(None) and not is_ace(None)  # a game without campaign records
    assert not is_ace(PilotRecord(500, 4)) and is_ace(PilotRecord(100, 5))
