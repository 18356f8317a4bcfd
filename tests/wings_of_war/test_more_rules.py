"""Wings of War: collisions, scoring and a few rule details (book:
000_caefe768ab735396.txt)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from dogfight.core import InvalidOptions, Match
from dogfight.games.wings_of_war.damage import deck
from tests.wings_of_war.helpers import A, D, F, fire, game, get, kinds, plan, plane
from tests.wings_of_war.test_optional_rules import BIG, _drain


def test_collision_the_lowest_b_card_moves_first_the_other_backs_off() -> None:
    """§ CHEVAUCHEMENT DURANT LE MOUVEMENT: the aircraft go back, each draws a B card;
    the lowest corner number flies its maneuver, the other stops as close as it can,
    keeping its heading; the B cards are discarded."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 459, 542, 270),
                 stacked={"B": [30, 2]}, **BIG)
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    collision = kinds(match, "collision")[0].data
    assert collision == {"planes": ["spad", "fokker"], "cards": [2, 30]}
    first = [e.data for e in kinds(match, "moved")][:2]
    assert (first[0]["x"], first[0]["y"]) == (459, 450)  # the SPAD flew as planned
    fokker = first[1]
    assert fokker["heading"] == 270 and fokker["x"] == 459
    assert 480 <= fokker["y"] < 542  # backed off along its path, no further than needed
    assert deck(match.state, "B").discards == (30, 2)


def test_no_collision_in_tournament_play() -> None:
    """§ RÈGLES DE TOURNOI: with card bases the models never touch."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 330, 560, 270),
                 rules={"tournament": True}, **BIG)
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    assert not kinds(match, "collision")


def test_scoring_left_table_shot_down_and_own_losses() -> None:
    """§ VICTOIRE: +1 per enemy that left the table, +2 per enemy shot down, -1 per own
    aircraft shot down, for the winner."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("spad2", "allies", "spad-13", 300, 520, 0),
                 plane("fokker", "central", "fokker-dr1", 600, 480, 180),
                 plane("runner", "central", "fokker-dr1", 850, 100, 0),
                 stacked={"A": [26, 27, 23, 24, 19]})
    match.state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, damage=14) if p.id == "spad2" else p
        for p in match.state.planes))  # spad2 is nearly done for
    plan(match, spad=[A["stall"], 1, 2], spad2=[A["stall"], 1, 2], fokker=[1, 2, 3],
         runner=[1, 2, 3])
    fire(match, spad="fokker", spad2="fokker", fokker="spad2")
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.details["sides"]["allies"] == {
        "enemies_left_table": 1, "enemies_shot_down": 1, "own_shot_down": 1, "missions": 0}
    assert outcome.scores["allies"] == 1 + 2 - 1 and outcome.scores["central"] == 0


def test_interruption_also_loses_the_aiming_bonus() -> None:
    """§ INTERRUPTION: at least one damage point: no aiming bonus in the next phase. The
    SPAD fires at the Fokker two phases running; an Albatros behind hits the SPAD in
    between."""
    def second_shot_aims(albatros_fires: bool) -> bool:
        match = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                     plane("fokker", "central", "fokker-dr1", 220, 450, 0),
                     plane("alb", "central", "albatros-d5a", 20, 450, 0),
                     rules={"aiming": True, "interruption": True},
                     stacked={"A": [1, 19, 2, 3, 4, 5]}, **BIG)
        plan(match, spad=[1, 2, 3], fokker=[1, 2, 3], alb=[1, 2, 3])
        fire(match, spad="fokker", alb="spad" if albatros_fires else None)
        fire(match, spad="fokker")
        while match.state.step == "fire":
            fire(match, alb=None)
        spad_shots = [e.data for e in kinds(match, "fire") if e.data["plane"] == "spad"]
        assert len(spad_shots) == 2
        return bool(spad_shots[1]["aiming"])

    assert second_shot_aims(False) is True
    assert second_shot_aims(True) is False


def test_out_of_b_cards_one_a_card_halved() -> None:
    """§ ÊTRE À COURT DE CARTES DÉGÂT: no B card left: one A card, its points halved,
    rounded up (the rulings)."""
    match = game(plane("nieuport", "allies", "nieuport-17", 100, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 210, 450, 0),
                 rules={"out_of_cards": True}, stacked={"A": [26]}, **BIG)
    _drain(match, "B", 0)
    plan(match, nieuport=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, nieuport="fokker")
    card = kinds(match, "damage-card")[0].data
    assert (card["letter"], card["points"]) == ("A", 3)  # 5 halved, rounded up


def test_a_burning_plane_tails_again_after_two_more_turns() -> None:
    """§ DÉGÂTS SPÉCIAUX: on fire, no tailing for the rest of the turn nor the two next
    ones (its last flame counter goes before the first reveal of the third)."""
    def tailing_with_fire(counters: int) -> bool:
        match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                     plane("fokker", "central", "fokker-dr1", 390, 450, 0),
                     rules={"tailing": True, "special_damage": True}, **BIG)
        match.state = msgspec.structs.replace(match.state, planes=tuple(
            msgspec.structs.replace(p, fire=counters, tailing=None)
            if p.id == "spad" else p for p in match.state.planes))
        match.state = WOW_begin(match)
        return get(match, "spad").tailing == "fokker"

    assert not tailing_with_fire(3) and not tailing_with_fire(2)
    assert tailing_with_fire(1) and tailing_with_fire(0)


@pytest.mark.parametrize("special", ["smoke", "fire"])
def test_smoke_or_flames_stop_tailing_until_the_fourth_turn(special: str) -> None:
    """book: 000_caefe768ab735396.txt § DÉGÂTS SPÉCIAUX, § POURSUITE: smoke or flames
    taken in turn 1 stop tailing "pour le reste du tour, ni lors des deux tours suivants":
    turns 2 and 3; the aircraft tails again at the start of turn 4, the fourth turn,
    though a burning one still holds its last flame counter then (it goes before the
    first reveal: book § DÉGÂTS SPÉCIAUX). Reading in docs/rules/wings-of-war.md § 20."""
    from dogfight.games.wings_of_war.turn import end_turn
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 390, 450, 0),
                 rules={"tailing": True, "special_damage": True}, **BIG)
    state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, tailing=None, **{special: 3}) if p.id == "spad" else p
        for p in match.state.planes))
    tails = {}
    for _ in range(3):
        state = end_turn(state, [])
        spad = next(p for p in state.planes if p.id == "spad")
        tails[state.turn] = spad.tailing
        if special == "fire":  # the counter burnt before the first reveal (damage.burn)
            state = msgspec.structs.replace(state, planes=tuple(
                msgspec.structs.replace(p, fire=p.fire - 1) if p.id == "spad" else p
                for p in state.planes))
    assert tails == {2: None, 3: None, 4: "fokker"}


def WOW_begin(match: Match) -> Any:
    from dogfight.games.wings_of_war.turn import begin_turn
    return begin_turn(match.state, [])


def test_landing_fields_are_at_least_9_by_27_cm() -> None:
    """Italian text § Atterraggio: the field is at least 9 x 27 cm."""
    with pytest.raises(InvalidOptions, match="a landing field is at least 90 x 270 mm"):
        game(plane("a", "allies", "spad-13", 100, 100), plane("b", "central", "spad-13",
                                                              800, 800),
             rules={"altitude": True}, fields=[{"x": 500.0, "y": 500.0, "length": 100.0}])


def test_strafing_needs_an_unjammed_front_gun_low_over_the_trenches() -> None:
    """A two-seater with a front gun (the Roland C.II has none: book § RÈGLE SPÉCIALE
    POUR LE ROLAND C.)."""
    match = game(plane("ufag", "central", "ufag-c1", 400 + 144, 450, 180, 1),
                 plane("spad", "allies", "spad-13", 100, 880, 0),
                 scenario="strafing", rules={"altitude": True})
    plan(match, ufag=[1, 2, 3], spad=[A["stall"], 1, 6])
    assert kinds(match, "objective-achieved")[0].data["mission"] == "strafing"
    jammed = game(plane("ufag", "central", "ufag-c1", 400 + 144, 450, 180, 1),
                  plane("spad", "allies", "spad-13", 100, 880, 0),
                  scenario="strafing", rules={"altitude": True})
    jammed.state = msgspec.structs.replace(jammed.state, planes=tuple(
        msgspec.structs.replace(p, front=msgspec.structs.replace(p.front, jam=3, silent=3))
        if p.id == "ufag" else p for p in jammed.state.planes))
    plan(jammed, ufag=[1, 2, 3], spad=[A["stall"], 1, 6])
    assert not kinds(jammed, "objective-achieved")


def test_pick_up_land_in_the_field_take_off_and_fly_home() -> None:
    """The pick-up mission: land in the field, take off again, home by the west edge."""
    match = game(plane("dh4", "allies", "dh4", 100, 450, 0, 1),
                 plane("fokker", "central", "fokker-dr1", 2900, 1900, 180, 2),
                 scenario="pilot-pickup", area={"width": 3000.0, "height": 2000.0})
    plan(match, dh4=[1, 2, F["dive"]], fokker=[D["stall"], 1, 2])  # 0, one counter
    plan(match, dh4=[1, F["dive"], 2], fokker=[D["stall"], 1, 2])  # touches down, rolls
    plan(match, dh4=[F["stall"], 1, 2], fokker=[D["stall"], 1, 2])  # landed
    assert kinds(match, "landed") and get(match, "dh4").pose.x == 1050
    plan(match, dh4=[1, F["stall"], 2], fokker=[D["stall"], 1, 2])
    match.submit("allies", {"plane": "dh4", "heading": 180})  # turns on the ground
    assert get(match, "dh4").takeoff == 2
    plan(match, dh4=[F["climb"], 1, 2], fokker=[D["stall"], 1, 2])
    assert kinds(match, "took-off") and kinds(match, "objective-achieved")
    assert not match.over  # not home yet: the west edge
