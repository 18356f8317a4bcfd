"""Computer pilots decide from their seat's observation only."""

from __future__ import annotations

import msgspec

from dogfight.ai import make_pilot
from dogfight.bench import play_match
from dogfight.core import Match, get_game, observe

WOW = get_game("wings-of-war")


def test_greedy_beats_random_at_wings_of_war() -> None:
    result = play_match("wings-of-war", ["greedy", "random"], 20, seed=7)
    assert result["results"][0]["wins"] >= 18


def test_greedy_decides_from_the_view_only() -> None:
    """The same observation with different hidden truths (the enemy's planned cards,
    its damage) gives the same decision."""
    match = Match.new(WOW, {"scenario": "duel"}, 3)
    for card in (4, 5, 6):
        match.submit("central", {"plane": "fokker", "card": card})
    other = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, plan=(1, 2, 3), damage=9) if p.id == "fokker" else p
        for p in match.state.planes))
    seen = observe(WOW, match.state, "allies")
    assert observe(WOW, other, "allies") == seen
    assert make_pilot("greedy", 1).choose(WOW.id, seen) == \
        make_pilot("greedy", 1).choose(WOW.id, observe(WOW, other, "allies"))


def test_greedy_keeps_to_the_table_when_it_can() -> None:
    """Near the edge, heading out, it turns back rather than fly off."""
    match = Match.new(WOW, {"planes": [
        {"id": "spad", "seat": "allies", "aircraft": "spad-13", "x": 700.0, "y": 450.0,
         "heading": 0},
        {"id": "fokker", "seat": "central", "aircraft": "fokker-dr1", "x": 200.0,
         "y": 450.0, "heading": 0}],
        "seats": {"allies": "allies", "central": "central"}}, 1)
    pilot = make_pilot("greedy", 1)
    for _ in range(3):
        match.submit("allies", pilot.choose(WOW.id, match.observe("allies")))
    for card in (1, 2, 3):
        match.submit("central", {"plane": "fokker", "card": card})
    spad = next(p for p in match.state.planes if p.id == "spad")
    assert spad.status == "flying"


def test_mcts_decides_from_its_view_and_samples_only() -> None:
    """The same view with different hidden truths gives the same decision for the same
    seed: the search draws its states from the seat's information only."""
    from dogfight.play import searcher

    match = Match.new(WOW, {"scenario": "duel"}, 3)
    for card in (4, 5, 6):
        match.submit("central", {"plane": "fokker", "card": card})
    other = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, plan=(1, 2, 3), damage=9) if p.id == "fokker" else p
        for p in match.state.planes))
    decisions = []
    for state in (match.state, other):
        pilot = make_pilot("mcts:30", 5)
        decisions.append(pilot.choose(WOW.id, observe(WOW, state, "allies"),
                                      search=searcher(WOW, state, "allies")))
    assert decisions[0] == decisions[1]
    assert decisions[0] in WOW.legal(match.state, "allies")


def test_mcts_plays_whole_games() -> None:
    result = play_match("test-duel", ["mcts:40", "random"], 6, seed=2)
    assert sum(result["results"][0][k] for k in ("wins", "losses", "draws")) == 6
