"""Down In Flames action cards: their uses, the chains of reactions, each card's effect.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from dogfight.games.down_in_flames.positions import targetable
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
    put,
    rel,
    to_actions,
    top,
)


def fight(allies: list[str], axis: list[str], *positions: tuple[str, str, int],
          allies_plane: str = "spitfire-1", axis_plane: str = "bf-109e") -> DifState:
    """The Allied fighter's action phase, with these hands and positions."""
    state = to_actions(duel(allies_plane, axis_plane))
    return at(hands(state, allies_1=allies, axis_1=axis), *positions)


def reactions(state: DifState, who: str) -> list[str | None]:
    return [d.get("react") for d in legal(state, who) if "react" in d]


def test_chain_the_last_card_decides_in_my_sights_cancelled() -> None:
    """book: 004_fe250b7836505b34.txt § Action: In My Sights, answered by Barrel Roll,
    countered by Yo-Yo, answered by Vertical Roll: the attack is cancelled; all the cards
    played are discarded (§ Jouer une carte)."""
    state = fight(["in-my-sights-1", "yo-yo"], ["barrel-roll", "vertical-roll"])
    discard = len(state.deck.discards)
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": "barrel-roll"}), ("allies", {"react": "yo-yo"}),
                 ("axis", {"react": "vertical-roll"}))
    assert reactions(state, "allies") == [None]  # nothing answers Vertical Roll
    state = act(state, "allies", {"react": None})
    assert events("action-resolved")[0]["success"] is False
    assert plane(state, X).damage == 0 and hand(state, A) == hand(state, X) == []
    assert len(state.deck.discards) == discard + 4


def test_unanswered_in_my_sights_deals_its_hits() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une carte: the enemy plays no reaction and
    takes the hits on the In My Sights card."""
    state = fight(["in-my-sights-2"], [], (A, X, 1))
    state = acts(state, ("allies", {"play": "in-my-sights-2", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 2 and plane(state, A).hits_dealt == 2


def test_a_card_reacts_only_to_the_titles_in_its_react_to() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une carte: Barrel Roll answers In My Sights,
    Scissors does not; subtitles are ignored (§ Règles détaillées, In My Sights)."""
    state = fight(["in-my-sights-fuel-tank"],
                  ["barrel-roll", "scissors", "tight-turn", "vertical-roll", "yo-yo"], (A, X, 1))
    state = act(state, "allies", {"play": "in-my-sights-fuel-tank", "as": "attack",
                                  "target": X})
    assert reactions(state, "axis") == ["barrel-roll", "tight-turn", "vertical-roll", None]


def test_barrel_roll_from_disadvantaged_cancelled_by_yo_yo() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une carte (example): disadvantaged, you play
    Barrel Roll to become neutral; the enemy reacts with Yo-Yo; you do not react: the
    Barrel Roll is cancelled."""
    state = fight(["barrel-roll"], ["yo-yo"], (X, A, 1))
    state = acts(state, ("allies", {"play": "barrel-roll", "as": "barrel-roll", "target": X}),
                 ("axis", {"react": "yo-yo"}), ("allies", {"react": None}))
    assert rel(state, A, X) == -1
    state = fight(["barrel-roll"], [], (X, A, 2))
    state = acts(state, ("allies", {"play": "barrel-roll", "as": "barrel-roll", "target": X}),
                 ("axis", {"react": None}))
    assert rel(state, A, X) == 0  # tailed to neutral (§ Barrel Roll)


def test_ace_pilot_maneuver_2_chain_ends_tailing() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une carte (example): neutral, Ace Pilot
    declared "Maneuver 2"; Tight Turn, Scissors, Scissors, Barrel Roll, no answer: the
    Maneuver 2 succeeds and you tail the enemy."""
    state = fight(["ace-pilot", "scissors", "barrel-roll"], ["tight-turn", "scissors"])
    assert {"play": "ace-pilot", "as": "maneuver", "target": X, "steps": 2} in legal(
        state, "allies")
    state = acts(state, ("allies", {"play": "ace-pilot", "as": "maneuver", "target": X,
                                    "steps": 2}),
                 ("axis", {"react": "tight-turn"}), ("allies", {"react": "scissors"}),
                 ("axis", {"react": "scissors"}), ("allies", {"react": "barrel-roll"}),
                 ("axis", {"react": None}))
    assert rel(state, A, X) == 2 and events("position") == [
        {"plane": A, "target": X, "position": "tailing"}]


def test_maneuver_value_caps_the_declared_steps() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de Manœuvre: Out of the Sun moves up to 3
    steps (here 2 reach tailing), Yo-Yo 1; Barrel Roll and Tight Turn are no maneuver
    (§ Règles détaillées)."""
    state = fight(["out-of-the-sun", "yo-yo", "barrel-roll", "tight-turn"], [])
    steps = {(d["play"], d["steps"]) for d in legal(state, "allies") if d.get("as") == "maneuver"}
    assert steps == {("out-of-the-sun", 1), ("out-of-the-sun", 2), ("yo-yo", 1)}
    state = fight(["out-of-the-sun"], [], (X, A, 2))
    steps = {d["steps"] for d in legal(state, "allies") if d.get("as") == "maneuver"}
    assert steps == {1, 2, 3}  # tailed: three steps reach advantaged


def test_a_maneuver_one_step_from_advantaged_is_tailing() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de Manœuvre: a Yo-Yo (Maneuver 1) moves the
    fighter one position; Tight Turn reacts to a maneuver."""
    state = fight(["yo-yo"], ["tight-turn"], (A, X, 1))
    assert reactions(act(state, "allies", {"play": "yo-yo", "as": "maneuver", "target": X,
                                           "steps": 1}), "axis") == ["tight-turn", None]
    state = acts(state, ("allies", {"play": "yo-yo", "as": "maneuver", "target": X,
                                    "steps": 1}), ("axis", {"react": None}))
    assert rel(state, A, X) == 2


def test_tactics_cannot_be_answered_and_add_hits_to_the_next_attack() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de Tactique, § Cartes « +1 Hits »: In My
    Sights for 1 with Tight Turn and Yo-Yo deals 3; nobody reacts to a tactic."""
    state = fight(["in-my-sights-1", "tight-turn", "yo-yo"], [], (A, X, 1))
    state = act(state, "allies", {"play": "tight-turn", "as": "tactic"})
    assert state.chain is None and state.phase == "actions"
    state = acts(state, ("allies", {"play": "yo-yo", "as": "tactic"}),
                 ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 3 and plane(state, A).extra_hits == 0


def test_attack_cards_are_not_reactions() -> None:
    """book: 004_fe250b7836505b34.txt § Action: attack cards (two red bars) cannot be
    played in an opponent's turn; In My Sights (Jinking) is attack & reaction."""
    state = fight(["in-my-sights-1"], ["in-my-sights-1", "out-of-the-sun",
                                       "in-my-sights-jinking"], (A, X, 1))
    state = act(state, "allies", {"play": "in-my-sights-1", "as": "attack", "target": X})
    assert reactions(state, "axis") == ["in-my-sights-jinking", None]


def test_ace_pilot_reacts_to_anything_even_ace_pilot() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Ace Pilot: it reacts to any card
    played against you, other Ace Pilots included."""
    state = fight(["in-my-sights-1", "ace-pilot"], ["ace-pilot"], (A, X, 1))
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": "ace-pilot"}))
    assert reactions(state, "allies") == ["ace-pilot", None]
    state = acts(state, ("allies", {"react": "ace-pilot"}), ("axis", {"react": None}),
                 ("axis", {"evasive": False}))
    assert plane(state, X).damage == 1


def test_evasive_tactic_costs_the_attacker_one_more_burst() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Evasive: until its next turn,
    every In My Sights or Out of the Sun against it costs one more Burst."""
    state = to_actions(duel("spitfire-1", "bf-109e", first=X))
    state = hands(state, axis_1=["evasive"])
    state = act(state, "axis", {"play": "evasive", "as": "tactic"})
    assert plane(state, X).evasive
    state = to_actions(act(state, "axis", {"end": True}))
    state = hands(state, allies_1=["in-my-sights-2", "in-my-sights-1"])
    attacks = [d["play"] for d in legal(state, "allies") if d.get("as") == "attack"]
    assert attacks == ["in-my-sights-1"]  # Spitfire 2 bursts: 1 + 1 only
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, A).spent == 2


def test_evasive_after_a_successful_attack_takes_two_hits_off() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Evasive: played after a
    successful In My Sights against you, you take two hits fewer."""
    state = fight(["in-my-sights-3"], ["evasive"], (A, X, 2))
    state = acts(state, ("allies", {"play": "in-my-sights-3", "as": "attack", "target": X}),
                 ("axis", {"react": None}))
    assert legal(state, "axis") == [{"evasive": True}, {"evasive": False}]
    state = act(state, "axis", {"evasive": True})
    assert plane(state, X).damage == 1 and hand(state, X) == []


def test_fuel_tank_destroys_and_evasive_does_not_help() -> None:
    """book: 004_fe250b7836505b34.txt § In My Sights (Fuel Tank): the target is destroyed
    if the defender cannot counter; Evasive does not affect it."""
    state = fight(["in-my-sights-fuel-tank"], ["evasive"], (A, X, 1))
    state = acts(state, ("allies", {"play": "in-my-sights-fuel-tank", "as": "attack",
                                    "target": X}), ("axis", {"react": None}))
    assert plane(state, X).down and events("fuel-tank") == [{"plane": A, "target": X}]


def test_jinking_reacts_to_in_my_sights_and_out_of_the_sun() -> None:
    """book: 004_fe250b7836505b34.txt § In My Sights (Jinking): it can react to In My
    Sights and Out of the Sun, cancelling the attack."""
    state = fight(["out-of-the-sun"], ["in-my-sights-jinking"], (A, X, 1))
    state = acts(state, ("allies", {"play": "out-of-the-sun", "as": "attack", "target": X}),
                 ("axis", {"react": "in-my-sights-jinking"}), ("allies", {"react": None}))
    assert plane(state, X).damage == 0


def test_redline_one_hit_then_three_cards_at_any_time() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Redline: play it on your own
    aircraft at any time: take one hit, then draw three cards (even in the enemy's
    turn)."""
    state = fight(["redline"], [])
    state = top(state, "yo-yo", "scissors", "tight-turn")
    state = acts(state, ("allies", {"play": "redline", "as": "tactic"}))
    assert hand(state, A) == []  # the hit comes first (Evasive may be offered against it)
    state = acts(state, ("allies", {"evasive": False}))
    assert plane(state, A).damage == 1 and hand(state, A) == ["scissors", "tight-turn", "yo-yo"]
    state = fight(["in-my-sights-1"], ["redline"], (A, X, 1))
    state = act(state, "allies", {"play": "in-my-sights-1", "as": "attack", "target": X})
    assert {"redline": "redline"} in legal(state, "axis")
    state = act(state, "axis", {"redline": "redline"})
    # Evasive is asked on top of the chain, which waits for the Axis fighter's answer
    assert [f.kind for f in state.prompts] == ["actions", "react", "evasive"]
    state = act(state, "axis", {"evasive": False})
    assert [f.kind for f in state.prompts] == ["actions", "react"]
    assert plane(state, X).damage == 1 and len(plane(state, X).hand) == 3


def test_scissors_turns_disadvantaged_into_advantaged() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Scissors: as an action, from
    Disadvantaged to Advantaged; it reacts to Scissors, Yo-Yo and Tight Turn."""
    state = fight(["scissors"], ["scissors"], (X, A, 1))
    state = act(state, "allies", {"play": "scissors", "as": "scissors", "target": X})
    assert reactions(state, "axis") == ["scissors", None]
    state = act(state, "axis", {"react": None})
    assert rel(state, A, X) == 1
    neutral = fight(["scissors"], [])
    assert not [d for d in legal(neutral, "allies") if d.get("as") == "scissors"]


def test_vertical_roll_changes_altitude_and_drops_positions() -> None:
    """book: 004_fe250b7836505b34.txt § Règles détaillées, Vertical Roll: played on
    yourself, it takes you a level up or down (climbing discards a card, § Changer
    d'altitude); a position needs the same altitude (§ Positionnement)."""
    state = fight(["vertical-roll", "yo-yo"], [], (A, X, 1))
    state = act(state, "allies", {"play": "vertical-roll", "as": "tactic", "altitude": "climb",
                                  "discard": "yo-yo"})
    assert plane(state, A).altitude == 3 and hand(state, A) == [] and state.positions == ()
    state = fight(["vertical-roll"], [])
    state = top(state, "scissors")
    state = act(state, "allies", {"play": "vertical-roll", "as": "tactic", "altitude": "dive"})
    assert plane(state, A).altitude == 1 and hand(state, A) == ["scissors"]


def test_no_attack_from_disadvantaged_on_the_fighter_holding_it() -> None:
    """book: 004_fe250b7836505b34.txt § Positions: a disadvantaged or tailed fighter cannot
    attack the fighter on it with In My Sights or Out of the Sun."""
    state = fight(["in-my-sights-1", "out-of-the-sun"], [], (X, A, 1))
    assert not [d for d in legal(state, "allies") if d.get("as") == "attack"]
    state = put(state, X, altitude=3)
    assert targetable(state, plane(state, A), plane(state, X)) is False
