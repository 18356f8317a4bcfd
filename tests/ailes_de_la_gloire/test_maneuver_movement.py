"""Les Ailes de la Gloire: 2. Phase de Manœuvre (the restrictions and their examples),
3. La Consommation de Carburant, 4. Le Mouvement. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dogfight.core import new_rng, parse_options
from dogfight.games.ailes_de_la_gloire.data import dataset, read_code
from dogfight.games.ailes_de_la_gloire.maneuver import Choice, choices, consumption, refusal
from dogfight.games.ailes_de_la_gloire.movement import fly
from dogfight.games.ailes_de_la_gloire.setup import new_state
from dogfight.games.ailes_de_la_gloire.state import AilesOptions, Plane
from dogfight.kit.grids import Cell


def plane(aircraft: str = "sopwith-camel", previous: str | None = None, fuel: int | None = None,
          level: str = "M") -> Plane:
    options = parse_options({"flyers": [{"aircraft": aircraft}, {"aircraft": "fokker-dr1"
                                         if aircraft != "fokker-dr1" else "spad-7"}]},
                            AilesOptions)
    p = new_state(options, new_rng(1)).planes[0]
    return replace(p, previous=previous, fuel=p.fuel if fuel is None else fuel, level=level)


def why(p: Plane, code: str, altitude: str = "level") -> str | None:
    return refusal(p, Choice(code, altitude), dataset())  # type: ignore[arg-type]


def test_consommation_de_carburant_examples() -> None:
    """§ 3. La Consommation de Carburant: 16G3 and 20D3 use 3; § Monter one more;
    § Piquer one less, down to zero (ruling R8)."""
    assert consumption("16G3") == 3 and consumption("20D3") == 3
    assert consumption("3A2", "climb") == 3
    assert consumption("3A2", "dive") == 1 and consumption("1A1", "dive") == 0


def test_carburant_enough_fuel_left() -> None:
    """§ Carburant: the boxes left must cover the maneuver's consumption."""
    assert why(plane(fuel=3), "16G3") is None
    assert "uses 3 fuel and 2 is left" in str(why(plane(fuel=2), "16G3"))


def test_manoeuvres_speciales_only_after_a_straight() -> None:
    """§ Manœuvres spéciales (errata p. 6): after 28, no special maneuver; after 29, 29
    again but no other special one; after a straight, any."""
    assert "Manœuvres spéciales" in str(why(plane(previous="28G2"), "29G2"))
    assert why(plane(previous="29G2"), "29G2") is None
    assert "Manœuvres spéciales" in str(why(plane(previous="29G2"), "30G3"))
    # the book counts by number ("la manœuvre n°29"): the derived sheet's 29D is a 29 too
    assert why(plane(previous="29G2"), "29D2") is None
    for straight in ("2A1", "3A2", "4A3"):
        assert why(plane(previous=straight), "29G2") is None
    assert "Manœuvres spéciales" in str(why(plane(previous="12G2"), "29G2"))


def test_errata_manoeuvres_speciales_a_non_repeatable_special_is_not_repeated() -> None:
    """Errata § Manœuvres spéciales, p. 6 / § Détails importants, p. 16: the repeat
    exception does not cover the non-repeatable special maneuvers."""
    assert why(plane(previous="31G2"), "31G2") is not None
    assert why(plane(previous="36G3"), "36G3") is not None


def test_manoeuvres_non_renouvelables_cross_exclusion() -> None:
    """§ Manœuvres non-renouvelables: after 28, none of 1, 28, 31 or 36."""
    after = plane(previous="28G2")
    for code in ("1G1", "1A1", "1D1"):
        assert "non-renouvelables" in str(why(after, code))
    after_stall = plane(previous="1A1")
    assert "non-renouvelables" in str(why(after_stall, "1D1"))
    assert why(after_stall, "2A1") is None


def test_acceleration_one_step() -> None:
    """§ L'Accélération: after speed 3, speeds 2, 3 and 4 but not 1."""
    fast = plane("spad-13", previous="4A3")
    assert why(fast, "3A2") is None and why(fast, "16G3") is None and why(fast, "5A4") is None
    assert "Accélération" in str(why(fast, "2A1"))


def test_commencez_a_jouer_any_maneuver_on_the_first_turn() -> None:
    """§ Commencez à Jouer: on the first turn any maneuver of the sheet (no previous)."""
    first = plane("sopwith-camel")
    codes = {c.code for c in choices(first, dataset()) if c.altitude == "level"} - {"vrille"}
    assert codes == set(dataset().sheets["sopwith-camel"].maneuvers)


def test_the_sheet_limits_the_maneuvers() -> None:
    """§ Les Feuilles de Manœuvres: only the maneuvers of the aircraft's own sheet."""
    assert "maneuver sheet" in str(why(plane("sopwith-camel"), "5A4"))


def test_monter_a_maneuvers_of_speed_two_below_the_maximum() -> None:
    """§ Monter: an A maneuver of speed 2 or more, below the maximum speed."""
    camel = plane("sopwith-camel")  # maximum speed 3 (derived)
    assert why(camel, "3A2", "climb") is None
    assert "maximum speed 3" in str(why(camel, "4A3", "climb"))
    assert "A maneuver of speed 2" in str(why(camel, "2A1", "climb"))
    assert "A maneuver of speed 2" in str(why(camel, "12G2", "climb"))


def test_atterrissage_a_dive_at_tb_only_on_an_a_maneuver() -> None:
    """§ L'Atterrissage: at TB an aircraft lands by diving on an A maneuver."""
    low = plane(level="TB")
    assert why(low, "2A1", "dive") is None
    assert "L'Atterrissage" in str(why(low, "12G2", "dive"))
    assert why(plane(level="M"), "12G2", "dive") is None


def test_le_mouvement_maneuver_12_two_ahead_then_left() -> None:
    """§ 4. Le Mouvement: maneuver 12 moves two hexes ahead then turns 60° left."""
    end, facing, entered = fly(Cell(5, 5), 0, "12G2", dataset())
    assert (end, facing) == (Cell(7, 5), 5) and entered == (Cell(6, 5), Cell(7, 5))


@pytest.mark.parametrize("code", ["1G1", "1D1", "27G2", "28D2"])
def test_le_mouvement_turns_in_place(code: str) -> None:
    """§ 4. Le Mouvement: 1G, 1D, 27 and 28 stay in the hex and change facing."""
    end, facing, entered = fly(Cell(5, 5), 2, code, dataset())
    assert end == Cell(5, 5) and facing != 2 and entered == ()


def test_le_mouvement_1a1_does_not_move() -> None:
    """§ 4. Le Mouvement: "Pour la manœuvre 1A1, l'avion ne bouge pas du tout"."""
    assert fly(Cell(5, 5), 4, "1A1", dataset()) == (Cell(5, 5), 4, ())


def test_slips_keep_the_nose() -> None:
    """The slips 8, 16, 17 (§ Extinction des Incendies) slide, nose unchanged (derived)."""
    for code in dataset().maneuvers:
        if read_code(code).number in dataset().maneuver_rules.slips:
            _, facing, entered = fly(Cell(0, 0), 1, code, dataset())
            assert facing == 1 and len(entered) >= 2
