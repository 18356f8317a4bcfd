"""Down In Flames positions, bursts, slot limits and speed maneuvers.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import (
    A,
    X,
    act,
    acts,
    at,
    duel,
    events,
    hand,
    hands,
    legal,
    plane,
    prompt,
    rel,
    setup,
    to_actions,
)


def attacks(state: DifState, who: str, target: str) -> list[str]:
    return [d["play"] for d in legal(state, who) if d.get("as") == "attack"
            and d["target"] == target]


FIRE = ["in-my-sights-1", "in-my-sights-2", "in-my-sights-3", "out-of-the-sun"]


def test_bursts_neutral_advantaged_tailing() -> None:
    """book: 004_fe250b7836505b34.txt § Les cartes Chasseurs (Bursts), § Positions: a P-47D
    (2 bursts) has 2 bursts neutral, 3 advantaged and 5 tailing."""
    state = to_actions(duel("p-47d", "bf-109e"))
    p = plane(state, A)
    assert [GAME.cap(state, p, r) for r in (0, 1, 2)] == [2, 3, 5]
    state = hands(state, allies_1=FIRE)
    assert attacks(state, "allies", X) == ["in-my-sights-1", "in-my-sights-2", "out-of-the-sun"]
    state = at(state, (A, X, 1))
    assert "in-my-sights-3" in attacks(state, "allies", X)


def test_a_zero_burst_fighter_cannot_fire_from_neutral() -> None:
    """book: 004_fe250b7836505b34.txt § Positions: neutral, a fighter has only its inherent
    bursts (the Emil 0); advantaged it gains one."""
    state = hands(to_actions(duel("bf-109e", "spitfire-1", first=A, year=1945)),
                  allies_1=["in-my-sights-1"])
    # the Allied seat flies an Axis fighter only in a non-historical game
    assert attacks(state, "allies", X) == []
    state = at(state, (A, X, 1))
    assert attacks(state, "allies", X) == ["in-my-sights-1"]


def test_bursts_across_targets_once_a_turn() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer des Rafales contre des appareils différents:
    0 inherent bursts, advantaged: fire a 1 Burst; abandon, take the advantage on another
    target: no burst left; tailing it gives the two tailing bursts only."""
    state = setup({"aircraft": {"allies-1": "bf-109e", "allies-2": "bf-109e",
                                "axis-1": "spitfire-1", "axis-2": "spitfire-1"},
                   "planes_per_seat": 2, "historical": False, "first": "allies-1",
                   "vp": 100, "year": 1945})
    state = acts(state, *[(s, {"plane": f"{s}-{i}", "altitude": "medium"})
                          for s in ("allies", "axis") for i in (1, 2)])
    state = to_actions(state)
    state = hands(state, allies_1=["in-my-sights-1", "in-my-sights-1", "in-my-sights-2"])
    state = at(state, (A, "axis-1", 1))
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack",
                                    "target": "axis-1"}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}),
                 ("allies", {"abandon": "axis-1"}))
    state = at(state, (A, "axis-2", 1))
    assert attacks(state, "allies", "axis-2") == []
    state = at(state, (A, "axis-2", 2))
    assert attacks(state, "allies", "axis-2") == ["in-my-sights-1", "in-my-sights-2"]
    state = acts(state, ("allies", {"play": "in-my-sights-2", "as": "attack",
                                    "target": "axis-2"}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert attacks(state, "allies", "axis-2") == []  # never more than inherent + 3


def three_on_one() -> DifState:
    """Three Emils against a Spitfire, the Emils acting."""
    emils = {f"axis-{i}": "bf-109e" for i in (1, 2, 3)}
    spits = {f"allies-{i}": "spitfire-1" for i in (1, 2, 3)}
    state = setup({"aircraft": emils | spits, "planes_per_seat": 3, "first": "axis-3",
                   "vp": 300, "year": 1945})
    state = acts(state, *[(s, {"plane": f"{s}-{i}", "altitude": "medium"})
                          for s in ("allies", "axis") for i in (1, 2, 3)])
    return to_actions(state)


def test_two_advantaged_at_most_one_tailer_a_third_emil_must_tail() -> None:
    """book: 004_fe250b7836505b34.txt § Positionnement (example): two Bf-109E advantaged
    on a Spitfire; a third must attack from neutral or play a Maneuver 2 or more to tail
    it; a fighter can be tailed by one enemy only."""
    state = three_on_one()
    state = at(state, ("axis-1", A, 1), ("axis-2", A, 1))
    state = hands(state, axis_3=["yo-yo", "vertical-roll"])
    moves = {(d["play"], d["steps"]) for d in legal(state, "axis")
             if d.get("as") == "maneuver" and d["target"] == A}
    assert moves == {("vertical-roll", 2)}
    state = at(state, ("axis-1", A, 2))
    moves = {(d["play"], d["steps"]) for d in legal(state, "axis")
             if d.get("as") == "maneuver" and d["target"] == A}
    assert moves == {("yo-yo", 1), ("vertical-roll", 1)}


def test_one_position_at_a_time_abandon_before_another_target() -> None:
    """book: 004_fe250b7836505b34.txt § Positionnement: a fighter holds an advantage or
    tail on one enemy at a time and must abandon it before targeting another (§
    Actions: it may abandon to neutral)."""
    state = three_on_one()
    state = hands(state, axis_3=["yo-yo", "in-my-sights-1"])
    state = at(state, ("axis-3", A, 2))
    targets = {d["target"] for d in legal(state, "axis") if "target" in d}
    assert targets == {A}
    assert {"abandon": A} in legal(state, "axis")
    state = act(state, "axis", {"abandon": A})
    assert rel(state, "axis-3", A) == 0 and events("abandoned") == [
        {"plane": "axis-3", "target": A}]
    targets = {d["target"] for d in legal(state, "axis") if "target" in d}
    assert targets == {A, "allies-2", "allies-3"}


def test_speed_maneuvers_one_per_point_of_speed() -> None:
    """book: 004_fe250b7836505b34.txt § Manœuvrer avec vitesse: the Emil (2) gets one free
    Maneuver 1 against a Gladiator II (1); a P-51D (3) gets two against a Ki.27 (1)."""
    state = duel("gladiator-2", "bf-109e", first=X)
    state = act(state, "axis", {"altitude": "stay"})
    state = act(state, "axis", {"speed": A})
    assert events("speed-compared") == [{"plane": X, "target": A, "points": 1}]
    state = hands(duel("p-51d", "ki-27"), allies_1=["yo-yo"])  # no Redline to play
    state = acts(state, ("allies", {"altitude": "stay"}), ("allies", {"speed": X}),
                 ("allies", {"speed": "maneuver"}), ("axis", {"react": None}),
                 ("allies", {"speed": "maneuver"}), ("axis", {"react": None}))
    assert rel(state, A, X) == 2 and state.phase == "actions"


def test_a_speed_maneuver_is_a_maneuver_1_and_draws_no_turret_hand() -> None:
    """book: 004_fe250b7836505b34.txt § Manœuvrer avec vitesse: each speed point is a
    Maneuver 1, which Tight Turn can answer (§ Exemple d'un tour de combat aérien); only
    bombers draw turret hands (§ Tourelles des bombardiers) - a fighter drew two cards
    before the fix."""
    state = duel("f4u-corsair", "a6m5-zeke")
    state = hands(state, allies_1=["yo-yo"], axis_1=["tight-turn"])
    deck = len(state.deck)
    state = acts(state, ("allies", {"altitude": "stay"}), ("allies", {"speed": X}),
                 ("allies", {"speed": "maneuver"}))
    assert len(state.deck) == deck and plane(state, X).turret_hand == ()
    assert legal(state, "axis") == [{"react": "tight-turn"}, {"react": None}]
    state = acts(state, ("axis", {"react": "tight-turn"}), ("allies", {"react": "yo-yo"}),
                 ("axis", {"react": None}))
    assert rel(state, A, X) == 1 and hand(state, X) == []


def test_speed_from_a_position_only_against_the_held_enemy() -> None:
    """book: 004_fe250b7836505b34.txt § Manœuvrer avec vitesse: advantaged or tailing, you
    compare speed with the enemy you hold; you may abandon the position first; a slower
    or equal enemy gives no free maneuver."""
    state = hands(duel("p-51d", "bf-109e"), allies_1=["yo-yo"])  # no Redline to play
    state = at(state, (A, X, 1))
    state = act(state, "allies", {"altitude": "stay"})
    assert legal(state, "allies") == [{"speed": "skip"}, {"speed": X}, {"abandon": X}]
    slow = hands(duel("bf-109e", "p-51d", historical=False), allies_1=["yo-yo"])
    slow = act(slow, "allies", {"altitude": "stay"})
    assert prompt(slow) == {"allies": "actions"}  # nothing to compare: skipped
