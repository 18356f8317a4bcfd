"""Property tests for every registered game: random legal play never crashes, keeps the
state's invariants, replays identically, and random bad decisions change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dogfight.core import (
    DogfightError,
    Match,
    all_games,
    canonical_json,
    game_ids,
    get_game,
    replay,
)
from tests.conftest import options_from_schema, play_out, random_play

GAMES = game_ids()
json_leaf = st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=12)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8,
)
junk_decision = (
    st.dictionaries(st.text(max_size=10), json_value, max_size=4)
    | json_value
    | st.just(float("nan"))
    | st.builds(lambda: {"x": {1, 2}})
    | st.builds(lambda: {"x": b"bytes"})
)


def game_case(game_id: str) -> st.SearchStrategy[tuple[dict[str, Any], int, int]]:
    game = get_game(game_id)
    return st.tuples(options_from_schema(game.option_schema()), st.integers(0, 2**40),
                     st.integers(0, 2**40))


def test_every_game_is_registered_under_its_id() -> None:
    assert [g.id for g in all_games()] == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_keeps_invariants_and_legal_agrees_with_validate(game_id: str) -> None:
    game = get_game(game_id)

    @given(case=game_case(game_id))
    def check(case: tuple[dict[str, Any], int, int]) -> None:
        options, seed, pick = case
        for match in random_play(game, options, seed, pick):
            assert game.invariants(match.state) == []
            pending = match.pending
            if not pending:
                assert match.outcome() is not None
                continue
            assert match.outcome() is None
            for seat in pending:
                legal = game.legal(match.state, seat)
                assert legal, f"{seat} must decide but has no legal decision"
                for decision in legal:
                    game.validate(match.state, seat, decision)
            for viewer in [*game.seats(match.state), None]:
                canonical_json(match.observe(viewer))  # every view is plain JSON
        assert match.over, "random play did not finish the game"

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_reproduces_the_final_state(game_id: str) -> None:
    game = get_game(game_id)

    @given(case=game_case(game_id))
    def check(case: tuple[dict[str, Any], int, int]) -> None:
        options, seed, pick = case
        match = play_out(game, options, seed, pick, checkpoints=True)
        again = replay(game, options, seed, match.actions, expected_digest=match.digest())
        assert again.digest() == match.digest()
        assert again.events == match.events
        twin = play_out(game, options, seed, pick)
        assert twin.digest() == match.digest()

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_decisions_are_refused_with_the_state_unchanged(game_id: str) -> None:
    game = get_game(game_id)

    @given(case=game_case(game_id), data=st.data())
    def check(case: tuple[dict[str, Any], int, int], data: st.DataObject) -> None:
        options, seed, pick = case
        seats = list(Match.new(game, options, seed).pending) or ["x"]
        for match in random_play(game, options, seed, pick, max_decisions=40):
            if match.over:
                break
            seat = data.draw(st.sampled_from([*seats, "nobody", "", None]), label="seat")
            decision = data.draw(junk_decision, label="decision")
            if seat in match.pending and decision in list(game.legal(match.state, seat)):
                continue
            before = (match.digest(), len(match.actions), len(match.events))
            with pytest.raises(DogfightError):
                match.submit(seat, decision)
            assert (match.digest(), len(match.actions), len(match.events)) == before

    check()
