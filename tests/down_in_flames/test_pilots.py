"""Down In Flames computer pilots: greedy (a card player's rules of thumb) and mcts
(search over determinised states with those rules in its roll-outs) decide from their
seat's observation only, always legally, and greedy beats random."""

from __future__ import annotations

import msgspec

from dogfight.ai import make_pilot
from dogfight.ai.down_in_flames import distinct, heuristic
from dogfight.bench import play_match
from dogfight.core import Match, get_game, observe
from dogfight.kit.piles import Pile
from dogfight.play import searcher

GAME = get_game("down-in-flames")
DUEL = {"year": 1940, "aircraft": {"allies-1": "spitfire-1", "axis-1": "bf-109e"}}


def test_greedy_beats_random() -> None:
    result = play_match("down-in-flames", ["greedy", "random"], 20, seed=3, options=DUEL)
    assert result["results"][0]["wins"] >= 17


def test_the_rules_of_thumb_always_choose_a_legal_decision() -> None:
    """Over random games of every mode, for every seat asked to decide."""
    for options in ({}, {"mode": "mission"}, {"seats_per_side": 2, "planes_per_seat": 2,
                                              "vp": 40, "year": 1944,
                                              "rules": {"wingmen": True}}):
        for seed in range(4):
            match = Match.new(GAME, options, seed)
            pilot = make_pilot("random", seed)
            while not match.over:
                seat = next(iter(match.pending))
                seen = observe(GAME, match.state, seat)
                assert heuristic(seen) in seen["legal"]
                assert set(map(str, distinct(seen, seen["legal"]))) <= set(
                    map(str, seen["legal"]))
                match.submit(seat, pilot.choose(GAME.id, seen))


def _with_other_hand(match: Match) -> object:
    """The same state but the Axis hand swapped for other cards of the deck."""
    state = match.state
    axis = next(p for p in state.planes if p.seat == "axis")
    new = tuple(sorted(state.deck.cards[:len(axis.hand)]))
    deck = Pile(state.deck.cards[len(axis.hand):] + axis.hand, state.deck.discards)
    planes = tuple(msgspec.structs.replace(p, hand=new) if p is axis else p
                   for p in state.planes)
    return msgspec.structs.replace(state, planes=planes, deck=deck)


def test_pilots_decide_from_the_view_only() -> None:
    """The same view with another hidden Axis hand gives the same decision (greedy, and
    mcts for the same seed)."""
    match = Match.new(GAME, {**DUEL, "first": "allies-1"}, 5)
    while "allies" not in match.pending or match.pending["allies"].kind != "actions":
        seat = next(iter(match.pending))
        match.submit(seat, GAME.legal(match.state, seat)[0])
    other = _with_other_hand(match)
    seen = observe(GAME, match.state, "allies")
    assert observe(GAME, other, "allies") == seen
    for name in ("greedy", "mcts:30"):
        picks = [make_pilot(name, 9).choose(GAME.id, observe(GAME, state, "allies"),
                                            search=searcher(GAME, state, "allies"))
                 for state in (match.state, other)]
        assert picks[0] == picks[1] and picks[0] in seen["legal"]


def test_mcts_plays_whole_games() -> None:
    result = play_match("down-in-flames", ["mcts:10", "greedy"], 2, seed=4, options=DUEL)
    assert sum(result["results"][0][k] for k in ("wins", "losses", "draws")) == 2
