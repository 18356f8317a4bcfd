"""The lobby's novice and veteran pilots (issue 14, "Pilots with character"): the
novice keeps to the table when it can; the veteran varies its choices, seeded per
game, so a stored game still replays exactly."""

from __future__ import annotations

from typing import Any

from dogfight.ai import make_pilot
from dogfight.ai.base import BLUNDER
from dogfight.ai.wings_of_war import scored
from dogfight.core.match import Match
from dogfight.core.registry import get_game

GAME = get_game("wings-of-war")


def _play(seed: int, pilots: dict[str, Any], check: Any = None) -> Match:
    match = Match.new(GAME, {}, seed)
    while pending := list(match.pending):
        seat = pending[0]
        observation = match.observe(seat)
        decision = pilots[seat].choose(GAME.id, observation)
        if check is not None:
            check(seat, observation, decision)
        match.submit(seat, decision)
    return match


def test_the_novice_never_plans_a_blunder_when_a_sensible_card_is_left() -> None:
    """A card whose every plan leaves the table is a blunder; the novice picks one only
    when nothing else is left."""
    checked = []

    def check(seat: str, observation: Any, decision: Any) -> None:
        if seat != "allies" or observation["prompt"]["kind"] != "plan":
            return
        scores = scored(observation)
        assert scores is not None
        chosen = scores[observation["legal"].index(decision)]
        assert chosen > BLUNDER or max(scores) <= BLUNDER
        checked.append(chosen)

    for seed in range(4):
        _play(seed, {"allies": make_pilot("novice", seed), "central": make_pilot("random", seed)},
              check)
    assert len(checked) > 12


def test_the_novice_keeps_to_the_table() -> None:
    left = 0
    for seed in range(6):  # measured: one aircraft left the table in these six games
        match = _play(seed, {"allies": make_pilot("novice", seed + 10),
                             "central": make_pilot("novice", seed + 20)})
        left += sum(1 for plane in match.state.planes if plane.status == "left-table")
    assert left <= 1


def test_the_novice_is_no_match_for_greedy_but_beats_random() -> None:
    """Sensible but bad: measured over a few games, never timed."""
    wins = 0
    for seed in range(6):
        match = _play(seed, {"allies": make_pilot("novice", seed),
                             "central": make_pilot("random", seed)})
        outcome = match.outcome()
        wins += outcome is not None and outcome.winner == "allies"
    assert wins >= 3


def test_the_veteran_varies_from_game_to_game_and_replays_exactly() -> None:
    def actions(pilot_seed: int) -> list[Any]:
        match = _play(3, {"allies": make_pilot("veteran", pilot_seed),
                          "central": make_pilot("greedy", 0)})
        return [a.decision for a in match.actions]

    assert actions(1) == actions(1)
    assert len({str(actions(seed)) for seed in range(1, 5)}) > 1
