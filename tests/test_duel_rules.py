"""Rules of Duel at Dawn (src/dogfight/games/duel/__init__.py, rules 1-5)."""

from __future__ import annotations

import pytest

from dogfight.core import Match, get_game

DUEL = get_game("test-duel")


def plan(match: Match, red: str, blue: str) -> None:
    match.submit("red", {"maneuver": red})
    match.submit("blue", {"maneuver": blue})


def test_rule_2_plans_are_revealed_together_after_both_are_sealed() -> None:
    match = Match.new(DUEL, {}, 1)
    match.submit("red", {"maneuver": "climb"})
    assert not any(e.kind == "revealed" for e in match.events)
    match.submit("blue", {"maneuver": "turn"})
    revealed = [e for e in match.events if e.kind == "revealed"]
    assert revealed[0].data == {"red": "climb", "blue": "turn"} and revealed[0].to is None


@pytest.mark.parametrize(
    ("red", "blue", "shooters"),
    [("climb", "turn", ["red"]), ("turn", "climb", ["blue"]), ("dive", "climb", ["red"]),
     ("turn", "dive", ["red"]), ("dive", "dive", ["red", "blue"])],
)
def test_rule_2_the_winning_maneuver_gets_the_shot_head_on_both(
        red: str, blue: str, shooters: list[str]) -> None:
    match = Match.new(DUEL, {}, 1)
    plan(match, red, blue)
    assert DUEL.view(match.state, None)["shooters"] == shooters
    assert list(match.pending) == shooters[:1]


def test_rule_3_a_hit_draws_secret_damage_cards_from_the_target_deck() -> None:
    match = Match.new(DUEL, {}, 1, forced=[6])  # a 6: two damage cards
    deck = match.state.pilots[1].deck.cards
    plan(match, "climb", "turn")
    match.submit("red", {"fire": True})
    blue = match.state.pilots[1]
    assert blue.cards_taken == 2
    assert blue.damage == deck[0] + deck[1]  # applied at the end of the round
    drawn = [e for e in match.events if e.kind == "damage-card"]
    assert [e.data["points"] for e in drawn] == list(deck[:2])
    assert all(e.to == ("blue",) for e in drawn)


@pytest.mark.parametrize(("face", "cards"), [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 2)])
def test_rule_3_the_roll_reads_the_hit_table(face: int, cards: int) -> None:
    match = Match.new(DUEL, {}, 4, forced=[face])
    plan(match, "dive", "climb")
    match.submit("red", {"fire": True})
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.data["roll"] == face
    assert match.state.pilots[1].cards_taken == cards


def test_optional_jams_rule_a_one_jams_the_gun_for_the_next_round() -> None:
    off = Match.new(DUEL, {}, 4, forced=[1])
    plan(off, "dive", "climb")
    off.submit("red", {"fire": True})
    assert next(e for e in off.events if e.kind == "shot").data["result"] == "miss"
    on = Match.new(DUEL, {"rules": {"jams": True}}, 4, forced=[1])
    plan(on, "dive", "climb")
    on.submit("red", {"fire": True})
    assert next(e for e in on.events if e.kind == "shot").data["result"] == "jam"
    assert DUEL.view(on.state, None)["pilots"]["red"]["jammed"] is True
    plan(on, "dive", "climb")  # red would have the shot, but the gun is jammed
    assert any(e.kind == "jammed-no-shot" for e in on.events)
    assert DUEL.view(on.state, None)["round"] == 3
    assert DUEL.view(on.state, None)["pilots"]["red"]["jammed"] is False


def test_rule_4_damage_is_applied_together_so_both_can_fall() -> None:
    match = Match.new(DUEL, {"structure": 1}, 11, forced=[6, 6])
    deck_red, deck_blue = (p.deck.cards for p in match.state.pilots)
    plan(match, "dive", "dive")
    match.submit("red", {"fire": True})
    assert not match.state.pilots[1].shot_down  # not yet: damage waits for all fire
    match.submit("blue", {"fire": True})
    assert (deck_red[:2], deck_blue[:2]) == ((1, 0), (2, 2))  # seed 11: both decks hurt
    outcome = match.outcome()
    assert match.over and outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "both pilots shot down")


def test_rule_5_after_the_last_round_less_damage_wins() -> None:
    match = Match.new(DUEL, {"rounds": 1}, 1)
    plan(match, "climb", "turn")
    match.submit("red", {"fire": False})
    outcome = match.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "last round flown, equal damage"
