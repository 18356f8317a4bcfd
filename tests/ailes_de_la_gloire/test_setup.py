"""Les Ailes de la Gloire, PRÉPARATION DU JEU: sides, aircraft and counters, the Feuille
de Vol, the cup, placement behind the start line. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import msgspec
import pytest

from dogfight.core import Event, InvalidOptions, new_rng, parse_options
from dogfight.games.ailes_de_la_gloire.setup import (
    Altitude,
    Facing,
    Heading,
    Place,
    Placement,
    StartAltitude,
    new_state,
)
from dogfight.games.ailes_de_la_gloire.state import AilesOptions, AilesState
from dogfight.kit.grids import to_offset
from dogfight.kit.prompts import top


def start(flyers: list[dict[str, object]], **rules: object) -> AilesState:
    options = parse_options({"flyers": flyers, "rules": rules}, AilesOptions)
    return new_state(options, new_rng(7))


def test_choisir_les_avions_counters_and_seats() -> None:
    """§ Choisir les avions: each player takes a counter of his type; seats are named by
    side and counter."""
    state = start([{"aircraft": "spad-13"}, {"aircraft": "spad-13"},
                   {"aircraft": "fokker-d7", "counter": 52}])
    assert [p.seat for p in state.planes] == ["allied-13", "allied-14", "german-52"]
    assert [p.side for p in state.planes] == ["allied", "allied", "german"]


def test_composition_du_jeu_counters_cap_a_type() -> None:
    """§ COMPOSITION DU JEU: one Siemens-Schuckert D.III counter (55), so only one flies."""
    start([{"aircraft": "siemens-schuckert-d3"}, {"aircraft": "spad-7"}])
    with pytest.raises(InvalidOptions, match=r"only 1 Siemens-Schuckert D\.III counters"):
        start([{"aircraft": "siemens-schuckert-d3"}, {"aircraft": "siemens-schuckert-d3"},
               {"aircraft": "spad-7"}])
    with pytest.raises(InvalidOptions, match=r"counter 13 is not a Spad VII"):
        start([{"aircraft": "spad-7", "counter": 13}, {"aircraft": "albatros-d3"}])
    with pytest.raises(InvalidOptions, match="chosen twice"):
        start([{"aircraft": "spad-7", "counter": 2}, {"aircraft": "spad-7", "counter": 2},
               {"aircraft": "albatros-d3"}])


def test_choisir_un_camp_both_sides_fly() -> None:
    """§ Choisir un camp: Germans against Allies."""
    with pytest.raises(InvalidOptions, match="both sides"):
        start([{"aircraft": "spad-7"}, {"aircraft": "spad-13"}])
    with pytest.raises(InvalidOptions, match="no aircraft 'spad-8'"):
        start([{"aircraft": "spad-8"}, {"aircraft": "albatros-d3"}])


def test_remplir_la_feuille_de_vol_the_nieuport_17() -> None:
    """§ Remplir la Feuille de Vol: the boxes are the table's values (a Nieuport 17's
    engine is 6); its guns, with the variant 1A + 1L (§ La Variante du Nieuport 17)."""
    state = start([{"aircraft": "nieuport-17"}, {"aircraft": "albatros-d3"}])
    nieuport = state.plane("allied-7")
    assert (nieuport.engine, nieuport.wings, nieuport.fuselage, nieuport.tail) == (6, 13, 20, 4)
    assert nieuport.fuel == 45 and nieuport.stability == "B"
    assert [(g.mount, g.lewis) for g in nieuport.guns] == [("pilot", False)]
    variant = start([{"aircraft": "nieuport-17"}, {"aircraft": "albatros-d3"}],
                    nieuport_variant=True)
    assert [(g.mount, g.lewis) for g in variant.plane("allied-7").guns] == [
        ("pilot", False), ("pilot", True)]


def test_reduction_de_la_consommation_doubles_the_points() -> None:
    """§ RÉDUCTION DE LA CONSOMMATION: each box holds two points."""
    state = start([{"aircraft": "fokker-dr1"}, {"aircraft": "spad-7"}], reduced_fuel=True)
    assert state.plane("german-35").fuel == 74


def test_mettez_les_35_pions_degats_dans_une_tasse() -> None:
    """§ Mettez les 35 pions Dégâts dans une tasse; the double "Pilote tué" chit back in
    with the option (§ Les Pions de Dégâts, ruling R1)."""
    assert len(start([{"aircraft": "spad-7"}, {"aircraft": "albatros-d3"}]).cup) == 35
    assert 27 not in start([{"aircraft": "spad-7"}, {"aircraft": "albatros-d3"}]).cup.chits
    full = start([{"aircraft": "spad-7"}, {"aircraft": "albatros-d3"}], pilot_killed_chit=True)
    assert len(full.cup) == 36


def test_placez_les_pions_avions_behind_the_start_line() -> None:
    """§ Placez les pions avions sur la carte: behind one's own start line, facing as one
    likes, at any altitude the aircraft can reach (§ L'Altitude de départ); asked as three
    small decisions (the hex, the facing, the altitude), every player at once in each."""
    state = start([{"aircraft": "sopwith-triplane"}, {"aircraft": "fokker-dr1"}])
    frame = top(state)
    assert frame is not None and frame.kind == "placement"
    assert frame.seats == ("allied-27", "german-35")
    kind = Placement()
    legal = kind.legal(state, frame, "allied-27")
    assert {p.column for p in legal} == {0, 1, 2}
    assert len(legal) == 3 * 18
    german = kind.legal(state, frame, "german-35")
    assert {p.column for p in german} == {17, 18, 19}
    assert kind.refusal(state, frame, "allied-27", Place(1, 4)) is None
    assert "not behind your start line" in str(
        kind.refusal(state, frame, "allied-27", Place(5, 4)))
    assert "off the map" in str(kind.refusal(state, frame, "german-35", Place(18, 40)))
    events: list[Event] = []
    state = kind.apply(state, frame, "allied-27", Place(1, 4), events)
    state = kind.apply(state, top(state), "german-35", Place(18, 4), events)  # type: ignore[arg-type]
    frame = top(state)
    assert frame is not None and frame.kind == "facing"
    assert frame.seats == ("allied-27", "german-35")
    assert Facing().legal(state, frame, "allied-27") == [Heading(f) for f in range(6)]
    assert "facing" in str(Facing().refusal(state, frame, "german-35", Heading(6)))
    state = Facing().apply(state, frame, "allied-27", Heading(2), events)
    state = Facing().apply(state, top(state), "german-35", Heading(3), events)  # type: ignore[arg-type]
    frame = top(state)
    assert frame is not None and frame.kind == "start-altitude"
    levels = Altitude().legal(state, frame, "allied-27")
    assert {a.altitude for a in levels} == {"TB", "B", "M", "H", "TH"}
    assert {a.altitude for a in Altitude().legal(state, frame, "german-35")} == \
        {"TB", "B", "M", "H"}
    assert Altitude().refusal(state, frame, "allied-27", StartAltitude("TH")) is None
    assert "cannot reach TH" in str(
        Altitude().refusal(state, frame, "german-35", StartAltitude("TH")))
    assert events == []  # nothing is placed before its altitude is chosen


def test_placement_is_applied_and_seen_by_all() -> None:
    """§ Placez les pions avions sur la carte: the counter goes on the map (in view of
    everyone); when every aircraft is placed nothing of the placement is left to ask."""
    state = start([{"aircraft": "spad-7"}, {"aircraft": "albatros-d3"}])
    events: list[Event] = []
    for kind, allied, german in ((Placement(), Place(2, 9), Place(19, 9)),
                                 (Facing(), Heading(0), Heading(3)),
                                 (Altitude(), StartAltitude("H"), StartAltitude("M"))):
        frame = top(state)
        assert frame is not None and frame.seats == ("allied-1", "german-31")
        state = kind.apply(state, frame, "allied-1", allied, events)  # type: ignore[attr-defined]
        frame = top(state)
        assert frame is not None and frame.seats == ("german-31",)
        state = kind.apply(state, frame, "german-31", german, events)  # type: ignore[attr-defined]
    plane = state.plane("allied-1")
    assert plane.placed and plane.cell is not None and to_offset(plane.cell) == (2, 9)
    assert (plane.facing, plane.level) == (0, "H")
    assert events == [Event("placed", {"seat": "allied-1", "cell": [2, 9], "facing": 0,
                                       "altitude": "H"}),
                      Event("placed", {"seat": "german-31", "cell": [19, 9], "facing": 3,
                                       "altitude": "M"})]
    assert top(state) is None


def test_placement_decision_shape() -> None:
    """The decisions' JSON shapes: a malformed one names its field."""
    assert msgspec.to_builtins(Place(1, 2)) == {"column": 1, "row": 2}
    assert msgspec.to_builtins(Heading(3)) == {"facing": 3}
    assert msgspec.to_builtins(StartAltitude("M")) == {"altitude": "M"}
    with pytest.raises(Exception, match="altitude"):
        Altitude().decode({"altitude": "XX"})
    with pytest.raises(Exception, match="row"):
        Placement().decode({"column": 1, "row": "2"})
