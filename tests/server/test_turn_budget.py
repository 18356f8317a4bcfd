"""A computer side's budget of search a turn, for all its aircraft and decisions: each
decision of a pilot budgeted in seconds gets half of what its side has left this turn,
then the side decides as the greedy pilot (server/pilots.py)."""

from __future__ import annotations

from dogfight.server.pilots import SIDE_TURN_SECONDS, SLICE_SECONDS, budgeted, turn_budget


def test_each_decision_gets_half_of_what_is_left_then_greedy() -> None:
    spent, names = 0.0, []
    for _ in range(12):
        name = budgeted("mcts:1s", spent)
        names.append(name)
        if name.startswith("mcts:"):
            spent += float(name[5:-1])
    assert names[0] == f"mcts:{min(1.0, SIDE_TURN_SECONDS / 2):.3f}s"
    assert names[-1] == "greedy"
    assert spent <= SIDE_TURN_SECONDS
    assert all(float(n[5:-1]) >= SLICE_SECONDS for n in names if n.startswith("mcts:"))


def test_a_budget_never_grows_past_the_pilots_own() -> None:
    assert budgeted("mcts:0.2s", 0.0) == "mcts:0.200s"


def test_pilots_without_a_budget_in_seconds_are_asked_as_they_are() -> None:
    for name in ("random", "greedy", "mcts", "mcts:300"):
        assert budgeted(name, 100.0) == name
        assert turn_budget(name) is None
    assert turn_budget("mcts:1s") == SIDE_TURN_SECONDS
