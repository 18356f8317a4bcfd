"""Les Ailes de la Gloire: 5. Le Combat (arc, same hex, blocking, the fire value and its
modifiers, the book's B3R example, the deflection diagram, the chits), MITRAILLEUSES
LEWIS, LES OBSERVATEURS, L'ALTITUDE § Le Combat. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, decide
from dogfight.core.rng import with_forced
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.combat import (
    combat_value,
    deflection,
    orders,
    resolve,
    targets,
)
from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice, Order, Shot
from dogfight.kit.sealed import Sealed
from tests.ailes_de_la_gloire.helpers import placed, put


def flown(state: AilesState, **codes: str) -> AilesState:
    """The state in the combat phase, these maneuvers flown this turn."""
    return replace(state, phase="combat",
                   flown=tuple((seat.replace("_", "-"), Choice(code))
                               for seat, code in codes.items()))


def test_portee_the_fire_arc_is_three_hexes_straight_ahead() -> None:
    """§ 5. Le Combat: the own hex (with its conditions) and three hexes straight ahead."""
    state, _ = placed(["spad-13", "albatros-d3", "pfalz-d3a", "fokker-d7"],
                      [(5, 8, 0, "M"), (8, 8, 0, "M"), (9, 8, 0, "M"), (6, 6, 0, "M")])
    state = flown(state, allied_13="3A2", german_31="3A2", german_43="3A2", german_49="3A2")
    assert targets(state, state.plane("allied-13"), "pilot") == {"german-31": 3}


def test_a_friend_in_between_blocks_at_the_shooters_or_targets_level() -> None:
    """§ 5. Le Combat: no fire through a hex holding a friend at the shooter's or the
    target's level; a friend at another level does not block."""
    state, _ = placed(["spad-13", "spad-7", "albatros-d3"],
                      [(5, 8, 0, "M"), (6, 8, 0, "M"), (7, 8, 0, "M")])
    state = flown(state, allied_13="3A2", allied_1="3A2", german_31="3A2")
    assert targets(state, state.plane("allied-13"), "pilot") == {}
    state = put(state, "allied-1", level="TH")
    assert targets(state, state.plane("allied-13"), "pilot") == {"german-31": 2}


def test_combat_dans_le_meme_hex() -> None:
    """§ Combat dans le même hex.: same facing and the attacker slower this turn."""
    state, _ = placed(["spad-13", "albatros-d3"], [(9, 8, 0, "M"), (9, 8, 0, "M")])
    slower = flown(state, allied_13="3A2", german_31="4A3")
    assert targets(slower, slower.plane("allied-13"), "pilot") == {"german-31": 0}
    assert targets(slower, slower.plane("german-31"), "pilot") == {}
    turned = put(slower, "german-31", facing=2)
    assert targets(turned, turned.plane("allied-13"), "pilot") == {}


def test_le_combat_levels_and_spins() -> None:
    """§ L'ALTITUDE, Le Combat: no fire more than one level away; errata p. 7: an
    aircraft in a spin cannot fire; § Feu: a burning aircraft's pilot cannot fire."""
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (7, 8, 0, "TB")])
    state = flown(state, allied_13="3A2", german_31="3A2")
    assert targets(state, state.plane("allied-13"), "pilot") == {}
    state = put(state, "german-31", level="B")
    assert targets(state, state.plane("allied-13"), "pilot") == {"german-31": 2}
    assert targets(put(state, "allied-13", spinning=True), state.plane("allied-13"), "pilot") \
        == {"german-31": 2}  # the plane passed is the one judged
    spinning = put(state, "allied-13", spinning=True)
    assert targets(spinning, spinning.plane("allied-13"), "pilot") == {}
    burning = put(state, "allied-13", fire=True)
    assert targets(burning, burning.plane("allied-13"), "pilot") == {}


def test_jet_de_de_the_books_example_value_11_die_4_gives_b3r() -> None:
    """§ 3. Jet de Dé: a combat value of 11 and a die of 4 give B3R. The value: range 1
    (base 5), long burst (+3), stability B (+1), the target tailed (+2)."""
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (6, 8, 0, "M")])
    state = flown(state, allied_13="2A1", german_31="2A1")
    state = replace(state, tails=(("allied-13", "german-31"),))
    spad, albatros = state.plane("allied-13"), state.plane("german-31")
    assert combat_value(state, dataset(), spad, albatros, "pilot", "long", 1, 2) == 11
    order = Order(Shot("german-31", "long"), None)
    state = replace(state, orders=Sealed().seal("allied-13", order))
    state = with_forced(state, [4, 0, 0, 0, 0])
    events: list[Event] = []
    state = resolve(state, events)
    shot = next(e for e in events if e.kind == "shot")
    assert (shot.data["value"], shot.data["roll"], shot.data["blue"], shot.data["red"]) == (
        11, 4, 1, 3)
    assert [(c, f) for c, f, _ in state.plane("german-31").incoming.chits] == [
        (1, "blue"), (2, "red"), (3, "red"), (4, "red")]
    assert len(state.cup) == 35  # all back in the cup
    assert [e.to for e in events if e.kind == "chits"] == [("german-31",)]
    assert state.plane("allied-13").long_burst == (0, 1)


def test_tir_avec_deflexion_the_schema_de_deflexion() -> None:
    """§ Tir avec déflexion: the Albatros is the target; the Triplane fires with
    deflection (-2 at range 2), the Camel (behind, same way) and the Snipe (ahead, facing
    it) without (positions derived, ruling R17)."""
    state, _ = placed(["sopwith-triplane", "sopwith-camel", "sopwith-snipe", "albatros-d3"],
                      [(8, 6, 1, "M"), (8, 8, 0, "M"), (12, 8, 3, "M"), (10, 8, 0, "M")])
    albatros = state.plane("german-31")
    triplane, camel, snipe = (state.plane(s) for s in ("allied-27", "allied-19", "allied-25"))
    assert deflection(triplane, albatros, "pilot")
    assert not deflection(camel, albatros, "pilot")
    assert not deflection(snipe, albatros, "pilot")
    assert dataset().modifier("deflection", 2) == -2


def test_cible_immobile_cible_acquise_altitude_and_speed_modifiers() -> None:
    """§ 2. Valeur de Tir: Cible immobile (target flew 1G, 1A or 1D; errata p. 7), the
    fast attacker, one gun, the same target as last turn, another level."""
    state, _ = placed(["nieuport-17", "albatros-d3"], [(5, 8, 0, "M"), (7, 8, 0, "B")])
    state = flown(state, allied_7="4A3", german_31="1A1")
    nieuport = put(state, "allied-7", pilot_target="german-31").plane("allied-7")
    value = combat_value(state, dataset(), nieuport, state.plane("german-31"), "pilot",
                         "short", 2, 1)
    # base 3, stability B 0, still +2, fast -2, one gun -2, same target +1, level -3
    assert value == 3 + 0 + 2 - 2 - 2 + 1 - 3


def test_le_combat_a_medium_burst_at_a_lower_target_forces_a_dive() -> None:
    """§ Le Combat (L'ALTITUDE): a medium or long burst at a lower target forces a dive
    next turn, at a higher one a climb; a short burst nothing."""
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (6, 8, 0, "B")])
    state = flown(state, allied_13="2A1", german_31="2A1")
    order = Order(Shot("german-31", "medium"), None)
    state = replace(state, orders=Sealed().seal("allied-13", order))
    state = resolve(with_forced(state, [1]), [])
    assert state.plane("allied-13").forced == "dive"


def test_mitrailleuses_lewis_boxes_drums_and_reload() -> None:
    """§ MITRAILLEUSES LEWIS: one, two or three boxes a burst, no burst beyond the drum,
    a new drum at the end of a turn flown with 2, 3 or 4."""
    state, _ = placed(["se-5a", "albatros-d3"], [(5, 8, 0, "M"), (6, 8, 0, "M")])
    state = flown(state, allied_22="3A2", german_31="3A2")
    order = Order(Shot("german-31", "long"), None)
    state = replace(state, orders=Sealed().seal("allied-22", order))
    state = resolve(with_forced(state, [1]), [])
    lewis = state.plane("allied-22").guns[1]
    assert lewis.lewis and lewis.drum == 2
    state = put(state, "allied-22", guns=(state.plane("allied-22").guns[0],
                                          replace(lewis, drum=1)))
    options = orders(state, "allied-22")
    long_order = Order(Shot("german-31", "long"), None)
    assert long_order in options  # the ordinary gun still fires a long burst
    state = put(state, "allied-22", guns=(replace(state.plane("allied-22").guns[0],
                                                  destroyed=True), replace(lewis, drum=1)))
    assert Order(Shot("german-31", "long"), None) not in orders(state, "allied-22")
    assert Order(Shot("german-31", "short"), None) in orders(state, "allied-22")
    state = put(state, "allied-22", guns=(state.plane("allied-22").guns[0],
                                          replace(lewis, drum=0)))
    after = turn.end_of_turn(state.plane("allied-22"), state)
    assert after.guns[1].drum == 5 and after.guns[1].spare_drums == 2


def test_les_observateurs_arc_and_burning() -> None:
    """§ LES OBSERVATEURS: the rear arc but the hex right behind (unless the target is a
    level above); he fires even when his aircraft burns; never range 0 (R23)."""
    state, _ = placed(["bristol-f2b", "albatros-d3", "fokker-d7"],
                      [(8, 8, 0, "M"), (7, 8, 0, "M"), (6, 9, 0, "M")])
    state = flown(state, allied_29="3A2", german_31="3A2", german_49="3A2")
    bristol = state.plane("allied-29")
    assert targets(state, bristol, "observer") == {"german-49": 2}
    above = put(state, "german-31", level="H")
    assert targets(above, above.plane("allied-29"), "observer") == {"german-31": 1,
                                                                    "german-49": 2}
    burning = put(state, "allied-29", fire=True)
    assert targets(burning, burning.plane("allied-29"), "observer") == {"german-49": 2}
    dead = put(state, "allied-29", observer="killed")
    assert targets(dead, dead.plane("allied-29"), "observer") == {}


def test_enregistrement_the_fire_order_is_sealed_until_resolved() -> None:
    """§ Enregistrement, LE SECRET: the target and burst are written in secret."""
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (8, 8, 0, "M")])
    state = turn.proceed(state, [])
    step = decide(GAME, state, "german-31", {"code": "1A1", "altitude": "level"})  # tailed
    step = decide(GAME, step.state, "allied-13", {"code": "2A1", "altitude": "level"})
    state = step.state
    assert state.phase == "combat"
    legal = GAME.legal(state, "allied-13")
    assert {"pilot": {"target": "german-31", "burst": "long"}, "observer": None} in legal
    order = {"pilot": {"target": "german-31", "burst": "long"}, "observer": None}
    step = decide(GAME, state, "allied-13", order)
    if step.state.phase == "combat":  # the Albatros may have a shot too
        assert GAME.view(step.state, "german-31")["planes"]["allied-13"]["fire_written"]
        assert "sheet" not in GAME.view(step.state, "german-31")["planes"]["allied-13"]


def test_le_se5a_one_lewis_box_left_short_plus_long_is_medium() -> None:
    """§ Le S.E.5a: with one Lewis box left, a short Lewis burst and a long burst of the
    other gun count as a medium burst (two guns); the other gun rolls for a jam."""
    state, _ = placed(["se-5a", "albatros-d3"], [(5, 8, 0, "M"), (6, 8, 0, "M")])
    state = flown(state, allied_22="3A2", german_31="3A2")
    guns = state.plane("allied-22").guns
    state = put(state, "allied-22", guns=(guns[0], replace(guns[1], drum=1)))
    assert Order(Shot("german-31", "medium"), None) in orders(state, "allied-22")
    order = Order(Shot("german-31", "medium"), None)
    state = replace(state, orders=Sealed().seal("allied-22", order))
    events: list[Event] = []
    state = resolve(with_forced(state, [1]), events)
    shot = next(e for e in events if e.kind == "shot")
    # base 5, medium +2, stability A +2, no one-gun modifier (two guns fire)
    assert shot.data["value"] == 5 + 2 + 2
    plane = state.plane("allied-22")
    assert plane.guns[1].drum == 0 and plane.long_burst == (0,)
