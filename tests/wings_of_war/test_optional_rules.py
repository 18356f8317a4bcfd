"""Wings of War optional rules (book: 000_caefe768ab735396.txt § VARIANTES and after)."""

from __future__ import annotations

from typing import Any

import msgspec

from dogfight.core import Event, Match
from dogfight.games.wings_of_war.damage import deck, draw, with_deck
from dogfight.games.wings_of_war.state import find
from dogfight.kit.piles import Pile
from tests.wings_of_war.helpers import (
    WOW,
    A,
    D,
    fire,
    game,
    get,
    hold_all,
    kinds,
    plan,
    plane,
    seat_of,
)

BIG = {"area": {"width": 3000.0, "height": 900.0}}


def chase(rules: dict[str, bool], stacked: list[int], **kw: Any) -> Match:
    """The SPAD behind the Fokker, both flying straights: phase 1 at long range (one
    card), phase 2 at short range (two cards), phase 3 overlapping (no fire)."""
    return game(plane("spad", "allies", "spad-13", 100, 450, 0),
                plane("fokker", "central", "fokker-dr1", 220, 450, 0),
                rules=rules, stacked={"A": stacked}, **BIG, **kw)


# -- DÉGÂTS SPÉCIAUX --------
def test_special_damage_is_ignored_without_the_rule() -> None:
    """§ DÉGÂTS: in the basic game only points, explosions and jams count."""
    match = chase({}, [36])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    assert get(match, "fokker").engine == 0 and get(match, "fokker").damage == 2


def test_second_pilot_wound_eliminates_and_wounds_are_secret() -> None:
    """§ DÉGÂTS SPÉCIAUX: pilot wounded, secret; a second wound eliminates."""
    match = chase({"special_damage": True}, [33, 34, 1])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    fokker = get(match, "fokker")
    assert fokker.wounded == 1 and fokker.status == "flying"
    secret = [e for e in kinds(match, "special")]
    assert secret and all(e.to == ("central",) for e in secret)
    assert WOW.view(match.state, "allies")["planes"][1].get("secret") is None
    assert WOW.view(match.state, "central")["planes"][1]["secret"]["pilot_wounded"] is True
    fire(match, spad="fokker")
    assert get(match, "fokker").status == "shot-down"


def test_two_specials_of_a_kind_at_once_count_once() -> None:
    """§ DÉGÂTS SPÉCIAUX: received together, only the last drawn counts."""
    match = chase({"special_damage": True}, [1, 33, 34])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad=None)
    fire(match, spad="fokker")  # two cards at short range: two wounds together
    assert get(match, "fokker").wounded == 1 and get(match, "fokker").status == "flying"


def _wound(match: Match, plane_id: str) -> Match:
    match.state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, wounded=1) if p.id == plane_id else p
        for p in match.state.planes))
    return match


def test_wounded_pilot_jams_last_four_maneuvers_with_three_counters() -> None:
    """§ DÉGÂTS SPÉCIAUX (Italian text, per the rulings): a wounded pilot's jams last four
    maneuvers, though the usual three counters are shown."""
    match = _wound(chase({"special_damage": True}, [28]), "spad")
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    gun = get(match, "spad").front
    # phases 2 and 3 flew by: the public counters say 1 more maneuver, the truth 2
    assert (gun.jam, gun.silent) == (1, 2)


def test_wounded_pilot_cannot_fire_right_after_a_steep_maneuver() -> None:
    """§ DÉGÂTS SPÉCIAUX (Italian text): no fire right after a steep maneuver, an
    Immelmann, a Split-S or a climb."""
    for wounded, first_fire_phase in ((False, 1), (True, 2)):
        match = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                     plane("fokker", "central", "fokker-dr1", 160, 450, 0),
                     rules={"special_damage": True})
        if wounded:
            _wound(match, "spad")
        plan(match, spad=[A["stall"], 1, 2], fokker=[1, 2, 3])
        assert match.state.step == "fire" and match.state.maneuver == first_fire_phase


def test_rudder_jammed_forbids_turns_that_way_next_turn() -> None:
    """§ DÉGÂTS SPÉCIAUX: the rudder jammed left: no maneuver to the left next turn."""
    match = chase({"special_damage": True}, [31])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    hold_all(match)
    assert get(match, "fokker").rudder == "left"
    plan(match, spad=[A["turn right"], A["stall"], 1], fokker=[D["bank left"], 1, 2])
    illegal = kinds(match, "illegal")
    assert illegal and "rudder is jammed" in illegal[0].data["reason"]


def test_engine_damage_forces_a_stall_and_a_second_explodes() -> None:
    """§ DÉGÂTS SPÉCIAUX: engine damage: at least one stall every turn; a second engine
    damage explodes the aircraft."""
    match = chase({"special_damage": True}, [36])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    hold_all(match)
    assert get(match, "fokker").engine == 1
    plan(match, spad=[A["turn right"], A["stall"], 1], fokker=[1, 2, 3])
    reasons = [e.data["reason"] for e in kinds(match, "illegal")]
    assert "a damaged engine forces a stall every turn" in reasons
    match = chase({"special_damage": True}, [36, 37, 1])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    fire(match, spad="fokker")
    assert get(match, "fokker").status == "exploded"


def test_smoke_is_announced_and_stops_tailing() -> None:
    """§ DÉGÂTS SPÉCIAUX: smoke is announced, three counters, one off each turn end."""
    match = chase({"special_damage": True}, [38])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    smoke = kinds(match, "smoke")
    assert smoke and smoke[0].to is None and get(match, "fokker").smoke == 3
    hold_all(match)
    assert get(match, "fokker").smoke == 2
    assert WOW.view(match.state, "allies")["planes"][1]["smoke"] == 2


def test_fire_burns_a_card_before_each_turn() -> None:
    """§ DÉGÂTS SPÉCIAUX: on fire: before the first reveal, one counter off and one A
    card, counting only points and explosions."""
    match = chase({"special_damage": True}, [40, 19])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    hold_all(match)
    assert get(match, "fokker").fire == 3
    before = get(match, "fokker").damage
    plan(match, spad=[A["turn right"], A["stall"], 1], fokker=[D["bank right"], 1, 2])
    assert get(match, "fokker").fire == 2
    assert get(match, "fokker").damage == before + 3
    assert kinds(match, "flames")[0].to is None


# -- VISER --------
def test_aiming_example_dh4_rear_arc() -> None:
    """§ VISER and its two-seater EXEMPLE: a DH.4 fires at a Fokker Dr.I by its rear arc
    at the end of a turn and again at the first phase of the next at short range: the
    Fokker draws 0 and 3, a total of 4 (0 and 3+1)."""
    match = game(plane("dh4", "allies", "dh4", 150, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 112, 450, 0),
                 rules={"aiming": True}, stacked={"A": [1, 2, 3, 19]}, **BIG)
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    _fire_rear_and_hold(match)  # phase 3
    assert get(match, "fokker").damage == 0
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    shots = [e.data for e in kinds(match, "fire")]
    _fire_rear_and_hold(match)  # phase 1 of turn 2
    shots = [e.data for e in kinds(match, "fire")]
    assert shots[-1]["aiming"] is True and shots[0]["aiming"] is False
    assert [e.data["points"] for e in kinds(match, "damage-card")][-2:] == [0, 4]
    assert get(match, "fokker").damage == 4


def _fire_rear_and_hold(match: Match) -> None:
    while match.state.step == "fire":
        slot = match.state.fire_slots[0]
        order: dict[str, Any] = {"plane": slot.plane, "arc": slot.arc}
        order.update({"target": slot.targets[0][0]} if slot.arc == "rear" else {"hold": True})
        match.submit(seat_of(match, slot.plane), order)
        if slot.arc == "rear":
            break
    hold_all(match)


def test_no_aiming_bonus_without_the_rule() -> None:
    match = game(plane("dh4", "allies", "dh4", 150, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 112, 450, 0),
                 stacked={"A": [1, 2, 3, 19]}, **BIG)
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    _fire_rear_and_hold(match)
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    _fire_rear_and_hold(match)
    assert get(match, "fokker").damage == 3


# -- POURSUITE --------
def tail_game(**kw: Any) -> Match:
    return game(plane("spad", "allies", "spad-13", 300, 450, 0),
                plane("fokker", "central", "fokker-dr1", 390, 450, 0),
                rules={"tailing": True, **kw.pop("rules", {})}, **BIG, **kw)


def test_tailing_is_checked_at_turn_start_with_the_ruler() -> None:
    """§ POURSUITE: the ruler through the tailer's front edge and the target's rear edge."""
    match = tail_game()
    assert get(match, "spad").tailing == "fokker" and get(match, "fokker").tailing is None
    assert WOW.view(match.state, None)["planes"][0]["tailing"] == "fokker"
    assert tail_game(rules={"tailing": False}).state.planes[0].tailing is None


def test_tailed_shows_its_card_to_the_tailer_only_who_may_reorder() -> None:
    """§ POURSUITE: before the reveal the tailed shows its first card to the tailer, who
    may reorder his three cards; then the second card before phase 2."""
    match = tail_game()
    plan(match, spad=[1, 2, 3], fokker=[D["bank left"], 1, 2])
    assert match.state.step == "tail-reorder" and set(match.pending) == {"allies"}
    shown = kinds(match, "shown")
    assert shown[0].to == ("allies",) and shown[0].data["name"] == "bank left"
    assert WOW.view(match.state, "allies")["shown_to_you"][0]["name"] == "bank left"
    assert WOW.view(match.state, "central")["shown_to_you"] == []
    assert WOW.view(match.state, None)["shown_to_you"] == []
    legal = WOW.legal(match.state, "allies")
    assert len(legal) == 6  # the three cards in any order
    match.submit("allies", {"plane": "spad", "order": [1, 3, 2]})
    assert get(match, "spad").plan == (1, 3, 2)


def test_tailing_is_never_gained_during_a_turn_and_one_target_a_turn() -> None:
    """§ POURSUITE: only between aircraft in position at the start of the turn."""
    match = tail_game()
    assert match.state.step == "plan"
    assert get(match, "fokker").tailing is None  # and no choice was asked (step "plan")


def _interruption_game(interruption: bool) -> Match:
    """The SPAD tails the Fokker; an Albatros coming head-on hits the SPAD in phase 1."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 390, 450, 0),
                 plane("alb", "central", "albatros-d5a", 700, 480, 180),
                 rules={"tailing": True, "interruption": interruption, "aiming": True},
                 stacked={"A": [1, 2, 19]}, **BIG)
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3], alb=[1, 2, 3])
    match.submit("allies", {"plane": "spad", "order": [1, 2, 3]})
    fire(match, spad="fokker", alb="spad")
    return match


def test_interruption_loses_tailing_and_aiming_for_a_phase() -> None:
    """§ INTERRUPTION: at least one damage point: no tailing advantage (nor aiming) for
    the next phase."""
    without = _interruption_game(False)
    assert [e.data["phase"] for e in kinds(without, "shown")] == [1, 2]
    hit = _interruption_game(True)
    assert get(hit, "spad").damage == 3
    assert [e.data["phase"] for e in kinds(hit, "shown")] == [1]


def test_no_tailing_between_overlapping_bases() -> None:
    """§ POURSUITE: aircraft with overlapping bases cannot tail each other."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 350, 450, 0),
                 rules={"tailing": True}, **BIG)
    assert get(match, "spad").tailing is None


def test_a_tailer_chooses_among_several_targets() -> None:
    """§ POURSUITE: 'il doit en choisir un pour le tour en cours'."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("f1", "central", "fokker-dr1", 385, 430, 0),
                 plane("f2", "central", "fokker-dr1", 385, 475, 0),
                 rules={"tailing": True}, **BIG)
    assert match.state.step == "tail-choose" and set(match.pending) == {"allies"}
    assert {d["tail"] for d in WOW.legal(match.state, "allies")} == {"f1", "f2"}
    match.submit("allies", {"plane": "spad", "tail": "f2"})
    assert get(match, "spad").tailing == "f2" and match.state.step == "plan"


# -- ÊTRE À COURT DE CARTES DÉGÂT --------
def _drain(match: Match, letter: str, keep: int) -> Match:
    pile = deck(match.state, letter)
    match.state = with_deck(match.state, letter, Pile(pile.cards[:keep], pile.discards))
    return match


def test_out_of_a_cards_two_b_cards_instead() -> None:
    """§ ÊTRE À COURT DE CARTES DÉGÂT: no A card left: two B cards instead."""
    match = _drain(chase({"out_of_cards": True}, []), "A", 0)
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    drawn = kinds(match, "damage-card")
    assert [e.data["letter"] for e in drawn] == ["B", "B"]
    assert kinds(match, "deck-substituted")


def test_the_eliminated_aircraft_cards_come_back_first() -> None:
    """§ ÊTRE À COURT DE CARTES DÉGÂT: an empty deck takes back the cards of the
    aircraft out of play, with its discards, before any other remedy."""
    match = chase({"out_of_cards": True}, [])
    state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, status="shot-down",
                                damage_cards=(("A", 7), ("B", 3), ("A", 12)))
        if p.id == "fokker" else p for p in match.state.planes))
    state = with_deck(state, "A", Pile((), (5,)))
    events: list[Event] = []
    state, cards = draw(state, "A", events)
    assert [(e.kind, e.data) for e in events] == [
        ("deck-reshuffled", {"letter": "A", "cards": 3})]
    pile = deck(state, "A")
    assert sorted((*pile.cards, cards[0].number)) == [5, 7, 12] and not pile.discards
    assert find(state, "fokker").damage_cards == (("B", 3),)  # type: ignore[union-attr]


def test_without_the_rule_an_empty_deck_is_reshuffled_whole() -> None:
    match = _drain(chase({}, []), "A", 0)
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    assert [e.data["letter"] for e in kinds(match, "damage-card")] == ["A"]
    assert kinds(match, "deck-reshuffled")[0].data["all"] is True


# -- BIPLACES --------
def test_two_seaters_have_a_rear_arc_with_its_own_letter() -> None:
    """§ SECOND ARC DE TIR: front and rear arcs, letters front then rear."""
    match = game(plane("dh4", "allies", "dh4", 150, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 112, 450, 0), **BIG)
    dh4 = get(match, "dh4")
    assert dh4.front.letter == "B" and dh4.rear.letter == "A"
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    assert {s.arc for s in match.state.fire_slots if s.plane == "dh4"} == {"rear"}


def test_blind_spot_of_the_rear_gun() -> None:
    """§ ANGLES MORTS: the ruler through the rear edge and the target within its first
    half: no fire."""
    for rules, expected in (({}, True), ({"blind_spot": True}, False)):
        match = game(plane("dh4", "allies", "dh4", 150, 450, 0),
                     plane("fokker", "central", "fokker-dr1", 112, 450, 0), rules=rules,
                     **BIG)
        plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
        rear = any(s.plane == "dh4" and s.arc == "rear" for s in match.state.fire_slots)
        assert rear is expected, rules


def test_observer_wounded_silences_the_rear_gun() -> None:
    """§ OBSERVATEUR BLESSÉ: a wound card of other than 3 points on a two-seater hits the
    observer: no more rear fire; secret."""
    match = game(plane("fokker", "central", "fokker-dr1", 100, 450, 0),
                 plane("dh4", "allies", "dh4", 210, 450, 0),
                 rules={"special_damage": True}, stacked={"A": [35]}, **BIG)
    plan(match, dh4=[1, 2, 3], fokker=[1, 2, 3])
    while match.state.step == "fire":
        slot = match.state.fire_slots[0]
        order: dict[str, Any] = {"plane": slot.plane, "arc": slot.arc}
        order.update({"target": "dh4"} if slot.plane == "fokker" else {"hold": True})
        match.submit(seat_of(match, slot.plane), order)
    assert get(match, "dh4").observer_wounded is True
    assert get(match, "dh4").wounded == 0
