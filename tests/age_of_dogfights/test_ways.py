"""The steps offered while a piece moves (book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A
L'HORIZONTAL) and what the view shows, the same whether computed anew or kept: a move's
search (``ways.ways_for``) and the view's panels (``view.fleet_of``) are kept for the
inputs asked again, on immutable values only."""

from __future__ import annotations

import gc
from typing import Any

import msgspec
import pytest

from dogfight.ai.mcts import collector_paused
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import choice, new_rng
from dogfight.games.age_of_dogfights import movement, ways, zones
from dogfight.games.age_of_dogfights import view as board_view
from dogfight.games.age_of_dogfights.data import dataset
from dogfight.games.age_of_dogfights.state import AgeState


def _random_states(options: dict[str, Any], seeds: range) -> list[AgeState]:
    game = get_game("age-of-dogfights")
    states = []
    for seed in seeds:
        match, rng = Match.new(game, options, seed), new_rng(seed)
        while match.pending:
            states.append(match.state)
            seat, rng = choice(rng, list(match.pending))
            decision, rng = choice(rng, list(game.legal(match.state, seat)))
            match.submit(seat, decision)
    return states


def _copy(state: AgeState) -> AgeState:
    """An equal state made of other objects (as a save read back)."""
    return msgspec.json.decode(msgspec.json.encode(state), type=AgeState)


@pytest.mark.parametrize("options", [{}, {"rules": {"wind": "roll"}},
                                     {"mode": "reconnaissance", "pieces": 2}])
def test_mouvement_a_l_horizontal_the_steps_offered_the_same_kept_or_searched_anew(
        options: dict[str, Any]) -> None:
    """book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A L'HORIZONTAL: at every step of random
    games, the steps offered (the frame's ways) are those a search made anew for that
    step finds, and those found for an equal state read back (the kept search is
    found again by equality, and is the same object)."""
    checked = 0
    for state in _random_states(options, range(2)):
        frame = state.prompts[-1]
        if frame.kind != "steer":
            continue
        flight = state.flight
        assert flight is not None
        data, grid, kind, aircraft, move, flags = movement.context(state, flight, "")
        fresh = ways.Ways(data, grid, kind, aircraft, flight.die, move,
                          zones.others(state, aircraft.id), **flags)
        anew = dict(zip("FLR", fresh.completions(flight.path, ("F", "L", "R")), strict=True))
        assert frame.data["ways"] == {k: v for k, v in anew.items() if v is not None}
        copy = _copy(state)
        assert copy.aircraft is not state.aircraft
        assert ways.next_steps(copy, flight) == frame.data["ways"]
        assert ways.ways_for(copy, flight) is ways.ways_for(state, flight)
        checked += 1
    assert checked > 200


def test_mouvement_a_l_horizontal_another_die_another_search() -> None:
    """book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A L'HORIZONTAL: the kept search is
    the one of this die and level change (a move's length depends on them)."""
    state = next(s for s in _random_states({}, range(1))
                 if s.prompts[-1].kind == "steer" and s.flight is not None)
    flight = state.flight
    assert flight is not None
    kept = ways.ways_for(state, flight)
    other = msgspec.structs.replace(flight, die=flight.die + 1)
    assert ways.ways_for(state, other) is not kept
    assert ways.ways_for(state, flight) is kept


def test_a_search_dropped_leaves_nothing_for_the_cyclic_collector() -> None:
    """A move's search, once dropped from the cache, is freed at once with all it found
    (its recursive helpers hold no cycle): the searches see hundreds of moves a second,
    and what waits for the collector is walked again by it."""
    states = [s for s in _random_states({"rules": {"wind": "roll"}}, range(1))
              if s.prompts[-1].kind == "steer" and s.flight is not None]
    assert len(states) > 20
    with collector_paused():
        gc.collect()
        for state in states:
            flight = state.flight
            assert flight is not None
            data, grid, kind, aircraft, move, flags = movement.context(state, flight, "")
            search = ways.Ways(data, grid, kind, aircraft, flight.die, move,
                               zones.others(state, aircraft.id), **flags)
            search.completions(flight.path, ("F", "L", "R"))
            search.finished(flight.path)
            del search
        assert gc.collect() == 0


def test_the_view_s_panels_the_same_kept_or_made_anew() -> None:
    """book: 003_24ea110dc1b5a4d6.txt § PILOTES: the panels and pieces a seat sees are
    those made anew for it (hidden pilots included), whether kept or not."""
    data_key = id(dataset())
    states = _random_states({"rules": {"hidden_pilots": True}}, range(1))
    for state in states[::7]:
        for viewer in (None, "allies", "germany"):
            over = state.phase == "over"
            only = state.options.rules.withdrawn_only
            made = board_view.fleet(state.aircraft, viewer, over, only, data_key)
            assert board_view.fleet_of(state, viewer) == made
            assert board_view.fleet_of(_copy(state), viewer) == made
