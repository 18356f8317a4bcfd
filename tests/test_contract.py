"""The core contract, checked on the built-in test game (Duel at Dawn)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from dogfight.core import (
    DogfightError,
    Event,
    IllegalDecision,
    InvalidOptions,
    MalformedDecision,
    Match,
    NotYourTurn,
    UnknownGame,
    decide,
    get_game,
    observe,
)
from dogfight.core.registry import BUILTIN, game_ids

DUEL = get_game("test-duel")


def test_registry_lists_games_and_names_the_known_ids_on_a_miss() -> None:
    assert "test-duel" in game_ids()
    assert set(game_ids()) == set(BUILTIN)
    with pytest.raises(UnknownGame, match=r"unknown game 'nope'; known games: .*test-duel"):
        get_game("nope")


def test_setup_validates_options_precisely() -> None:
    with pytest.raises(InvalidOptions, match="Object contains unknown field `speed`"):
        Match.new(DUEL, {"speed": 3}, 1)
    with pytest.raises(InvalidOptions, match=r"Expected `int`, got `str` - at `\$.rounds`"):
        Match.new(DUEL, {"rounds": "many"}, 1)
    with pytest.raises(InvalidOptions, match="rounds must be from 1 to 50, got 0"):
        Match.new(DUEL, {"rounds": 0}, 1)
    with pytest.raises(InvalidOptions, match=r"unknown field `ammo` - at `\$.rules`"):
        Match.new(DUEL, {"rules": {"ammo": True}}, 1)
    with pytest.raises(DogfightError, match="seed must be an integer"):
        Match.new(DUEL, {}, -3)


def test_simultaneous_orders_ask_several_seats_at_once() -> None:
    match = Match.new(DUEL, {}, 1)
    assert {seat: p.kind for seat, p in match.pending.items()} == {"red": "plan", "blue": "plan"}
    match.submit("blue", {"maneuver": "dive"})
    assert list(match.pending) == ["red"]


def test_legal_decisions_are_enumerated_for_pending_seats_only() -> None:
    match = Match.new(DUEL, {}, 1)
    assert DUEL.legal(match.state, "red") == [
        {"maneuver": "climb"}, {"maneuver": "dive"}, {"maneuver": "turn"}]
    match.submit("red", {"maneuver": "dive"})
    assert DUEL.legal(match.state, "red") == []


@pytest.mark.parametrize(
    ("seat", "decision", "error", "message"),
    [
        ("green", {"maneuver": "dive"}, NotYourTurn, "there is no seat 'green'"),
        (None, {"maneuver": "dive"}, NotYourTurn, "there is no seat None"),
        ("red", ["dive"], MalformedDecision, "a decision is a JSON object, got list"),
        ("red", "dive", MalformedDecision, "a decision is a JSON object, got str"),
        ("red", {"maneuver": math.nan}, MalformedDecision, "JSON values only"),
        ("red", {"maneuver": {1, 2}}, MalformedDecision, "JSON values only"),
        ("red", {"maneuver": "loop"}, IllegalDecision, "unknown maneuver 'loop'"),
        ("red", {"fire": True}, IllegalDecision,
         "no fire decision is asked now: the game waits for a plan decision"),
        ("red", {"fire": True, "x": 1}, MalformedDecision,
         "a plan decision is malformed: Object contains unknown field `fire`"),
        ("red", {"maneuver": "dive", "x": 1}, MalformedDecision, "unknown field `x`"),
        ("red", {"maneuver": 3}, MalformedDecision, "Expected `str`, got `int`"),
    ],
)
def test_bad_decisions_are_refused_precisely_and_change_nothing(
    seat: Any, decision: Any, error: type[Exception], message: str
) -> None:
    match = Match.new(DUEL, {}, 1)
    before = (match.digest(), list(match.actions), list(match.events))
    with pytest.raises(error, match=message.replace("[", r"\[").replace("(", r"\(")):
        match.submit(seat, decision)
    assert (match.digest(), match.actions, match.events) == before


def test_a_seat_that_already_decided_is_told_whom_we_wait_for() -> None:
    match = Match.new(DUEL, {}, 1)
    match.submit("red", {"maneuver": "dive"})
    with pytest.raises(NotYourTurn, match=r"seat 'red' has nothing to decide now "
                                          r"\(waiting for: blue\)"):
        match.submit("red", {"maneuver": "climb"})


def test_decisions_after_the_end_are_refused() -> None:
    match = Match.new(DUEL, {"rounds": 1}, 3)
    match.submit("red", {"maneuver": "dive"})
    match.submit("blue", {"maneuver": "turn"})  # turn beats dive: blue shoots
    match.submit("blue", {"fire": False})
    assert match.over
    with pytest.raises(NotYourTurn, match="the game is over"):
        match.submit("red", {"maneuver": "dive"})


def test_apply_never_mutates_its_input_state() -> None:
    match = Match.new(DUEL, {}, 1)
    state = match.state
    snapshot = DUEL.encode(state)
    step = decide(DUEL, state, "red", {"maneuver": "climb"})
    assert DUEL.encode(state) == snapshot and step.state is not state


def test_events_carry_their_visibility() -> None:
    match = Match.new(DUEL, {}, 1)
    step = match.submit("red", {"maneuver": "climb"})
    private = [e for e in step.events if e.kind == "planned"]
    public = [e for e in step.events if e.kind == "order-sealed"]
    assert private[0].to == ("red",) and private[0].visible_to("red")
    assert not private[0].visible_to("blue") and not private[0].visible_to(None)
    assert public[0].to is None and public[0].visible_to(None)
    assert [e.kind for e in match.events_for("blue")] == ["order-sealed"]
    assert Event("x").visible_to(None)


def test_observe_gives_the_prompt_and_legal_decisions_to_their_seat_only() -> None:
    match = Match.new(DUEL, {}, 1)
    mine = observe(DUEL, match.state, "red")
    assert mine["pending"] == {"red": "plan", "blue": "plan"}
    assert mine["prompt"]["kind"] == "plan" and len(mine["legal"]) == 3
    spectator = observe(DUEL, match.state, None)
    assert "prompt" not in spectator and "legal" not in spectator
    assert spectator["seats"] == {"red": "red", "blue": "blue"}
    assert spectator["outcome"] is None


def test_digest_is_sha256_of_canonical_state_and_differs_with_the_state() -> None:
    a = Match.new(DUEL, {}, 1)
    b = Match.new(DUEL, {}, 1)
    c = Match.new(DUEL, {}, 2)
    assert a.digest() == b.digest() != c.digest()
    assert len(a.digest()) == 64 and int(a.digest(), 16) >= 0


@pytest.mark.parametrize("game_id", game_ids())
def test_each_games_data_is_json(game_id: str) -> None:
    """``Game.data`` (what the pages draw cards and stats from) is JSON as it stands:
    no table keyed by what JSON cannot name (a tuple), no value it cannot write."""
    assert json.loads(json.dumps(get_game(game_id).data(), allow_nan=False))
