"""Down In Flames set-up, the turn's phases, drawing and the end of the game.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

import msgspec
import pytest

from dogfight.core import InvalidOptions
from dogfight.games.down_in_flames import GAME
from tests.down_in_flames.helpers import (
    LOG,
    A,
    X,
    act,
    acts,
    duel,
    end_turn,
    events,
    finish_turns,
    hand,
    hands,
    legal,
    plane,
    prompt,
    put,
    setup,
    to_actions,
)


def test_fighters_are_chosen_in_secret_within_the_points_and_the_year() -> None:
    """book: 004_fe250b7836505b34.txt § Préparer les cartes: each player secretly picks a
    fighter whose points and year do not exceed the agreed ones (12 points in 1941: the
    Russian P-39D), then both are revealed together."""
    state = setup({"vp": 12, "year": 1941})
    assert prompt(state) == {"allies": "fighter", "axis": "fighter"}
    allies = {d["fighter"] for d in legal(state, "allies")}
    axis = {d["fighter"] for d in legal(state, "axis")}
    assert "p-39d" in allies and "spitfire-1" in allies
    assert "p-47d" not in allies  # 1943
    assert "a6m5-zeke" not in axis  # 1943
    assert not allies & axis  # historical: Axis against Allies
    state = act(state, "allies", {"plane": A, "fighter": "p-39d"})
    assert plane(state, A).aircraft == ""  # sealed, not yet on the table
    assert prompt(state) == {"axis": "fighter"}
    state = act(state, "axis", {"plane": X, "fighter": "bf-109e"})
    assert events("fighters-revealed") == [{"fighters": {A: "p-39d", X: "bf-109e"},
                                             "pilots": {}}]
    assert (plane(state, A).aircraft, plane(state, X).aircraft) == ("p-39d", "bf-109e")


def test_opening_hand_is_the_performance() -> None:
    """book: 004_fe250b7836505b34.txt § Préparer les cartes: each player draws as many
    cards as the Performance of the fighter (Corsair and Zeke 7: § Exemple d'un tour
    de combat aérien; P.11c 4)."""
    state = setup({"aircraft": {A: "f4u-corsair", X: "a6m5-zeke"}, "vp": 40, "year": 1943})
    assert (len(plane(state, A).hand), len(plane(state, X).hand)) == (7, 7)
    assert len(state.deck) == 110 - 14
    state = setup({"aircraft": {A: "p-11c", X: "bf-109e"}})
    assert (len(plane(state, A).hand), len(plane(state, X).hand)) == (4, 6)


def test_starting_altitude_is_secret_very_low_low_or_medium() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir l'altitude: Very Low, Low or Medium, chosen
    in secret and revealed together; a turbocharger may also start High (§ Notes
    spéciales sur les appareils, Turbocharger)."""
    state = setup({"aircraft": {A: "spitfire-1", X: "bf-109e"}})
    assert [d["altitude"] for d in legal(state, "allies")] == ["very-low", "low", "medium"]
    state = act(state, "allies", {"plane": A, "altitude": "low"})
    assert plane(state, A).altitude == -1 and state.sealed.orders == ((A, "low"),)
    state = act(state, "axis", {"plane": X, "altitude": "very-low"})
    assert events("altitudes-revealed") == [{"altitudes": {A: "low", X: "very-low"}}]
    assert (plane(state, A).altitude, plane(state, X).altitude) == (1, 0)
    turbo = setup({"aircraft": {A: "p-47d", X: "bf-109e"}, "year": 1945, "vp": 40})
    assert [d["altitude"] for d in legal(turbo, "allies")][-1] == "high"


def test_the_first_fighter_is_drawn_at_random() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir l'altitude: the first fighter to act is
    drawn at random (the option ``first`` fixes it for the book's examples)."""
    firsts = set()
    for seed in range(12):
        state = setup({"aircraft": {A: "spitfire-1", X: "bf-109e"}}, seed)
        state = acts(state, ("allies", {"plane": A, "altitude": "medium"}),
                     ("axis", {"plane": X, "altitude": "medium"}))
        firsts.add(state.active)
    assert firsts == {A, X}
    assert duel(first=X).active == X


def test_the_turn_runs_the_six_phases_in_order() -> None:
    """book: 004_fe250b7836505b34.txt § Séquence de jeu: pre-turn draw, altitude change,
    speed maneuver, actions, discard, post-turn draw; then the other player's turn."""
    state = duel("p-47d", "bf-109e")  # speeds 3 and 2: a speed maneuver to decide
    assert (state.active, state.phase) == (A, "climb")
    state = act(state, "allies", {"altitude": "stay"})
    assert state.phase == "speed"
    state = act(state, "allies", {"speed": "skip"})
    assert state.phase == "actions"
    state = act(state, "allies", {"end": True})
    assert state.phase == "discard"
    state = hands(state, allies_1=["yo-yo", "redline"])
    state = act(state, "allies", {"discard": "redline"})
    assert hand(state, A) == ["yo-yo"] and state.phase == "discard"
    state = act(state, "allies", {"discard": None})
    # post-turn draw: P-47D 3 at Medium; then the Emil's turn
    assert len(plane(state, A).hand) == 4
    assert state.active == X and plane(state, A).acted


def test_pre_turn_draw_stops_at_the_performance() -> None:
    """book: 004_fe250b7836505b34.txt § Tirage de cartes pré-tour: a P.11c (pre-turn 1,
    Performance 4) holding four cards draws none; holding three it draws one."""
    state = duel("bf-109e", "p-11c", first=A)
    state = end_turn(to_actions(state))
    # the P.11c's turn began with 4 cards: no draw
    assert state.active == X and len(plane(state, X).hand) == 4
    assert not [e for e in LOG if e.kind == "cards-drawn" and e.data["plane"] == X]
    state = duel("p-11c", "bf-109e", first=X)
    state = hands(state, allies_1=["yo-yo", "scissors", "redline"])
    state = end_turn(to_actions(state))
    assert state.active == A and len(plane(state, A).hand) == 4


def test_post_turn_draw_uses_post_turn_horsepower_under_the_performance() -> None:
    """book: 004_fe250b7836505b34.txt § Tirage de cartes post-tour: the P.11c's post-turn
    horsepower is 0; a Spitfire I (2/2, Performance 6) with 5 cards draws only 1."""
    state = duel("p-11c", "bf-109e")
    state = hands(state, allies_1=["yo-yo"])
    state = end_turn(to_actions(state))
    assert hand(state, A) == ["yo-yo"]
    state = duel("spitfire-1", "bf-109e")
    state = hands(state, allies_1=["yo-yo"] * 5)
    state = end_turn(to_actions(state))
    assert len(plane(state, A).hand) == 6


def test_a_damaged_fighter_keeps_cards_above_its_new_performance() -> None:
    """book: 004_fe250b7836505b34.txt § Endommager des chasseurs: the damaged side has
    lower figures; a player holding more cards than its new Performance need not
    discard (Spitfire I: Performance 6, 5 once damaged)."""
    state = duel("spitfire-1", "bf-109e", first=X)
    state = to_actions(state)
    state = hands(state, allies_1=["yo-yo"] * 6, axis_1=["in-my-sights-3"])
    state = put(state, X, hand=["in-my-sights-3"])
    state = msgspec.structs.replace(state, positions=((X, A, 2),))
    state = acts(state, ("axis", {"play": "in-my-sights-3", "as": "attack", "target": A}),
                 ("allies", {"react": None}), ("allies", {"evasive": False}))
    assert plane(state, A).damage == 3 and events("damaged") == [{"plane": A}]
    assert len(plane(state, A).hand) == 6
    assert GAME.stats(state, plane(state, A)).performance == 5
    state = end_turn(state)
    # the Spitfire's own turn: 6 cards, Performance 5, no pre-turn draw and no discard
    assert state.active == A and len(plane(state, A).hand) == 6


def test_after_six_turns_the_most_damage_wins() -> None:
    """book: 004_fe250b7836505b34.txt § Comment gagner, § Choisir l'altitude: turns
    alternate until both players have played six turns; then the player who did more
    damage to the enemy fighter wins."""
    state = finish_turns(duel())
    assert state.turn == 6
    turns = [e for e in LOG if e.kind == "fighter-turn"]
    assert turns[-1].data == {"plane": X, "turn": 6}
    out = GAME.outcome(state)
    assert out is not None and out.winner is None
    state = put(duel(), X, hits_dealt=1)
    out = GAME.outcome(finish_turns(state))
    assert out is not None and (out.winner, out.reason) == ("axis", "turns over, most damage "
                                                            "inflicted")


def test_shooting_the_enemy_down_wins_at_once() -> None:
    """book: 004_fe250b7836505b34.txt § Comment gagner: shoot the enemy fighter down to win
    at once (here in turn 1); its hand is discarded (§ Endommager des chasseurs)."""
    state = to_actions(duel("spitfire-1", "p-11c"))
    state = hands(state, allies_1=["in-my-sights-3", "in-my-sights-1"])
    state = put(state, X, damage=1)
    state = msgspec.structs.replace(state, positions=((A, X, 2),))
    state = acts(state, ("allies", {"play": "in-my-sights-3", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).down and plane(state, X).hand == ()
    out = GAME.outcome(state)
    assert out is not None and out.winner == "allies" and state.turn == 1
    assert out.scores == {"allies": 3.0, "axis": 0.0}


def test_teams_of_different_sizes() -> None:
    """book: 004_fe250b7836505b34.txt § Jeu par équipes (example: two Axis players and
    three Allied players; the teams alternate, each choosing who acts)."""
    state = setup({"side_seats": {"axis": 2, "allies": 3}, "vp": 100, "year": 1945})
    seats = dict(GAME.seats(state))
    assert seats == {"allies-1": "allies", "allies-2": "allies", "allies-3": "allies",
                     "axis-1": "axis", "axis-2": "axis"}
    assert len(state.planes) == 5


def test_one_seat_flies_three_fighters_against_one() -> None:
    """book: 004_fe250b7836505b34.txt § Voler sur plusieurs appareils (each aircraft has
    its own place in the order and its own hand): three Emils against one Spitfire."""
    state = setup({"side_planes": {"axis": 3}, "vp": 100, "year": 1945,
                   "aircraft": {"allies-1": "spitfire-1", "axis-1": "bf-109e",
                                "axis-2": "bf-109e", "axis-3": "bf-109e"}})
    assert [(p.id, p.seat, p.aircraft) for p in state.planes] == [
        ("allies-1", "allies", "spitfire-1"), ("axis-1", "axis", "bf-109e"),
        ("axis-2", "axis", "bf-109e"), ("axis-3", "axis", "bf-109e")]
    assert all(len(p.hand) > 0 for p in state.planes)


def test_bombers_in_a_plain_dogfight() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir un bombardier à attaquer (example: two
    B-24D Liberators side by side attacked by an Emil): bombers fly in a dogfight at
    their card's altitude, in formation, with no turn of their own."""
    state = setup({"side_planes": {"allies": 2}, "vp": 100, "year": 1945, "first": X,
                   "aircraft": {"allies-1": "b-24d", "allies-2": "b-24d", X: "bf-109e"}})
    assert [p.bomber for p in state.planes] == [True, True, False]
    assert {plane(state, b).altitude for b in (A, "allies-2")} == {3}  # high
    assert prompt(state) == {"axis": "altitude"}
    state = act(state, "axis", {"plane": X, "altitude": "medium"})
    assert prompt(state) == {"allies": "formation"}
    state = act(state, "allies", {"formation": "line"})
    assert state.phase not in ("formation", "altitude")


def test_the_aircraft_option_in_a_mission() -> None:
    """book: 004_fe250b7836505b34.txt § Flèches d'attaque: a mission's aircraft may be
    fixed by the `aircraft` option (a book example's own), replacing the arrow's picture
    (a bomber for a bomber, a fighter for a fighter) or adding aircraft."""
    base = {"mode": "mission", "mission": {"campaign": "poland-1939", "target": 1}}
    state = setup({**base, "aircraft": {"axis-1": "do-17z", "allies-2": "p-11c"}})
    assert {(p.id, p.aircraft, p.bomber) for p in state.planes} >= {
        ("axis-1", "do-17z", True), ("allies-1", "p-11c", False),
        ("allies-2", "p-11c", False)}
    with pytest.raises(InvalidOptions, match="allies-4"):
        setup({**base, "aircraft": {"allies-4": "p-11c"}})
    with pytest.raises(InvalidOptions, match="flies a bomber there"):
        setup({**base, "aircraft": {"axis-1": "bf-109e"}})
