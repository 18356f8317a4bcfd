"""The OpenSpiel adapter: our games pass OpenSpiel's own random simulation test, and its
ISMCTS bot can fly as a pilot."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from dogfight.bench import play_match  # noqa: E402
from dogfight.interop.openspiel import load  # noqa: E402


@pytest.mark.parametrize(("game_id", "options"), [
    ("test-duel", {}), ("wings-of-war", {"scenario": "duel", "max_turns": 3}),
    ("down-in-flames", {}), ("down-in-flames", {"mode": "mission"}),
    ("ailes-de-la-gloire", {}), ("age-of-dogfights", {"turns": 3}),
    ("age-of-dogfights", {"mode": "reconnaissance", "turns": 3})])
def test_random_sim_test_passes(game_id: str, options: dict[str, object]) -> None:
    game = load(game_id, options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_decisions_folding_to_one_action_id_get_distinct_ids() -> None:
    from dogfight.interop.openspiel import ACTIONS, action_ids

    legal = [{"hex": n} for n in range(5000)]  # 5,000 ids in 2**20: collisions certain
    ids = action_ids(legal)
    assert len(ids) == len(legal) and all(0 <= k < ACTIONS for k in ids)
    assert ids == action_ids(list(reversed(legal)))  # the order listed does not matter


def test_resampling_keeps_the_information_state() -> None:
    game = load("wings-of-war", {"scenario": "duel"})
    state = game.new_initial_state()
    state.apply_action(3)  # the seed
    for _ in range(4):  # some planned cards
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    key = state.information_state_string(player)
    for i in range(3):
        other = state.resample_from_infostate(player, lambda i=i: 0.1 * (i + 1))
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()


def test_the_ismcts_bot_flies_as_a_pilot() -> None:
    result = play_match("test-duel", ["ismcts:20", "random"], 2, seed=1)
    assert sum(result["results"][0][k] for k in ("wins", "losses", "draws")) == 2


def test_the_ismcts_pilot_answers_for_its_own_seat_in_simultaneous_orders() -> None:
    """Both Wings of War seats plan at once: the bot must search the pilot's seat."""
    from dogfight.ai import make_pilot
    from dogfight.core import Match, get_game
    from dogfight.play import searcher

    wow = get_game("wings-of-war")
    match = Match.new(wow, {"scenario": "duel"}, 4)
    assert set(match.pending) == {"allies", "central"}
    decision = make_pilot("ismcts:10", 1).choose(
        wow.id, match.observe("central"), search=searcher(wow, match.state, "central"))
    assert decision in wow.legal(match.state, "central")


def test_the_ismcts_pilot_searches_for_a_time_budget() -> None:
    """``ismcts:Ts`` searches as long as ``mcts:Ts`` (the issue's same time per
    decision), then answers with the bot's own final policy."""
    import time

    from dogfight.ai import make_pilot
    from dogfight.core import Match, get_game
    from dogfight.play import searcher

    wow = get_game("wings-of-war")
    match = Match.new(wow, {"scenario": "duel"}, 4)
    pilot = make_pilot("ismcts:0.3s", 1)
    start = time.perf_counter()
    decision = pilot.choose(wow.id, match.observe("allies"),
                            search=searcher(wow, match.state, "allies"))
    spent = time.perf_counter() - start
    assert decision in wow.legal(match.state, "allies")
    assert spent >= 0.3  # it did not stop at a count of simulations
