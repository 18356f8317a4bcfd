"""Computer pilots decide from their seat's observation only."""

from __future__ import annotations

import itertools
import math
from typing import Any

import msgspec
import pytest

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


def test_mcts_pauses_the_garbage_collector_for_its_search_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search runs with Python's cyclic collector paused (a speed choice,
    ``mcts.collector_paused``) and leaves it running as it found it, on an error too;
    a collector already paused by someone else stays paused."""
    import gc

    from dogfight.ai import mcts
    from dogfight.play import searcher

    seen: list[bool] = []

    class Watching(mcts.UniformPolicy):
        def value(self, state: Any, seat: str) -> float:
            seen.append(gc.isenabled())
            return super().value(state, seat)

    match = Match.new(WOW, {"scenario": "duel"}, 3)
    pilot = make_pilot("mcts:6", 5)
    watching = Watching(WOW)
    monkeypatch.setattr(mcts, "policy_for", lambda game: watching)
    assert gc.isenabled()
    pilot.choose(WOW.id, observe(WOW, match.state, "allies"),
                 search=searcher(WOW, match.state, "allies"))
    assert seen and not any(seen) and gc.isenabled()
    with pytest.raises(RuntimeError), mcts.collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a search that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with mcts.collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_mcts_plays_whole_games() -> None:
    result = play_match("test-duel", ["mcts:40", "random"], 6, seed=2)
    assert sum(result["results"][0][k] for k in ("wins", "losses", "draws")) == 6


def _near_the_edge(seed: int) -> Match:
    """The SPAD 200 mm from the east edge heading east: most plans leave the table,
    some (sharp banks and turns back) keep it on."""
    return Match.new(WOW, {"planes": [
        {"id": "spad", "seat": "allies", "aircraft": "spad-13", "x": 700.0, "y": 450.0,
         "heading": 0},
        {"id": "fokker", "seat": "central", "aircraft": "fokker-dr1", "x": 200.0,
         "y": 450.0, "heading": 0}],
        "seats": {"allies": "allies", "central": "central"}}, seed)


def _flies_off(plan: list[int], match: Match) -> bool:
    from dogfight.games.wings_of_war import geometry as geo
    from dogfight.games.wings_of_war.data import card_end_pose, dataset

    data = dataset()
    spad = next(p for p in match.state.planes if p.id == "spad")
    pose = spad.pose
    for number in plan:
        pose = geo.moved(pose, *card_end_pose(data.card(spad.deck, number),
                                              data.table.base.length))
        if not geo.inside(pose, match.state.area.width, match.state.area.height):
            return True
    return False


def test_the_edge_state_has_plans_on_and_off_the_table() -> None:
    import itertools

    match = _near_the_edge(1)
    offs = [_flies_off(list(plan), match) for plan in itertools.permutations(range(1, 13), 3)]
    assert any(offs) and not all(offs)


def test_mcts_keeps_to_the_table_when_it_can() -> None:
    """Across seeds, the plan mcts builds card by card never flies off the table, and
    every plan it searches at the root stays on it."""
    from dogfight.ai.mcts import policy_for
    from dogfight.core.rng import new_rng
    from dogfight.play import searcher

    for seed in range(4):
        match = _near_the_edge(seed)
        first = WOW.determinize(match.state, "allies", new_rng(seed))
        macros, _ = policy_for(WOW).candidates(first, "allies",
                                               WOW.legal(match.state, "allies"), new_rng(seed))
        assert len(macros) > 1
        assert not any(_flies_off([d["card"] for d in m], match) for m in macros)
        pilot = make_pilot("mcts:12", seed)
        for card in (1, 2, 3):
            match.submit("allies", pilot.choose(WOW.id, match.observe("allies"),
                                                search=searcher(WOW, match.state, "allies")))
            if card == 1:  # the enemy plans in between, as in a real game
                for n in (1, 2, 3):
                    match.submit("central", {"plane": "fokker", "card": n})
        planned = [c for c in next(p for p in match.state.planes if p.id == "spad").plan]
        assert not _flies_off(planned, match), (seed, planned)
        spad = next(p for p in match.state.planes if p.id == "spad")
        assert spad.status == "flying", seed


def test_mcts_plans_are_legal_and_ranked_by_the_paper_score() -> None:
    from dogfight.ai.wings_of_war import Plans

    match = Match.new(WOW, {"scenario": "duel"}, 3)
    spad = next(p for p in match.state.planes if p.id == "spad")
    plans = Plans(match.state, spad)
    assert len(plans) > 100
    assert list(plans.scores) == sorted(plans.scores, reverse=True)
    assert all(len(set(plans.plan(i))) == 3 for i in range(len(plans)))
    # with a planned first card, only the plans that begin with it
    fixed = Plans(match.state, msgspec.structs.replace(spad, plan=(5,)))
    assert len(fixed) and all(fixed.plan(i)[0] == 5 for i in range(len(fixed)))


def test_mcts_redraws_the_enemy_cards_it_cannot_see_only() -> None:
    """The enemy's sealed cards in a sample are redrawn as plausible plans; the count
    stays the public one and the seat's own plan is untouched."""
    from dogfight.ai.mcts import policy_for
    from dogfight.core.rng import new_rng

    match = Match.new(WOW, {"scenario": "duel"}, 3)
    match.submit("allies", {"plane": "spad", "card": 4})
    match.submit("central", {"plane": "fokker", "card": 7})
    match.submit("central", {"plane": "fokker", "card": 8})
    policy = policy_for(WOW)
    for seed in range(5):
        sample = WOW.determinize(match.state, "allies", new_rng(seed))
        shaped, _ = policy.reshape(sample, "allies", new_rng(seed))
        fokker = next(p for p in shaped.planes if p.id == "fokker")
        spad = next(p for p in shaped.planes if p.id == "spad")
        assert len(fokker.plan) == 2 and len(set(fokker.plan)) == 2
        assert spad.plan == (4,)
        assert not WOW.invariants(shaped)


def _pair(fokker_heading: int, **fokker: object) -> Match:
    """The SPAD at the table's centre heading east, the Fokker 120 mm ahead of it."""
    return Match.new(WOW, {"planes": [
        {"id": "spad", "seat": "allies", "aircraft": "spad-13", "x": 400.0, "y": 450.0,
         "heading": 0},
        {"id": "fokker", "seat": "central", "aircraft": "fokker-dr1", "x": 520.0,
         "y": 450.0, "heading": fokker_heading, **fokker}],
        "seats": {"allies": "allies", "central": "central"}}, 1)


def test_mcts_values_a_tail_over_a_crossing_enemy() -> None:
    """Both in the SPAD's arc and range and the SPAD out of the Fokker's: the game's
    evaluation cannot tell them apart; the search's leaf value prefers the tail."""
    from dogfight.ai.mcts import policy_for

    tail, crossing = _pair(0).state, _pair(90).state
    assert WOW.evaluate(tail, "allies") == WOW.evaluate(crossing, "allies")
    policy = policy_for(WOW)
    assert policy.value(tail, "allies") > policy.value(crossing, "allies")
    assert policy.value(tail, "central") < policy.value(crossing, "central")


def test_mcts_lead_fades_at_the_turn_limit() -> None:
    """A lead in damage is worth nothing when the duel ends in a draw at the turn
    limit: near it, the same leaf is worth less than earlier (a kill keeps its 1)."""
    from dogfight.ai.mcts import policy_for

    policy = policy_for(WOW)
    state = _pair(90).state
    fokker = next(p for p in state.planes if p.id == "fokker")
    hurt = msgspec.structs.replace(state, planes=tuple(
        msgspec.structs.replace(p, damage=6) if p is fokker else p for p in state.planes))
    early = policy.value(msgspec.structs.replace(hurt, turn=10), "allies")
    late = policy.value(msgspec.structs.replace(hurt, turn=hurt.options.max_turns), "allies")
    assert early > late > 0


def test_mcts_anticipates_the_enemys_likeliest_plan() -> None:
    """The first plans searched are the best on paper against where the enemy's own
    best plan takes it, card by card (not against a Fokker flying straight on)."""
    from dogfight.ai.mcts import policy_for
    from dogfight.ai.wings_of_war import Plans
    from dogfight.core.rng import new_rng
    from dogfight.games.wings_of_war import geometry as geo
    from dogfight.games.wings_of_war.data import card_end_pose, dataset

    match = Match.new(WOW, {"scenario": "duel"}, 3)
    state = match.state
    spad, fokker = (next(p for p in state.planes if p.id == n) for n in ("spad", "fokker"))
    theirs = Plans(state, fokker)
    path = theirs.path(fokker)
    pose = fokker.pose  # the path is where the cards of that plan take the Fokker
    for number, (x, y, h) in zip(theirs.plan(0), path, strict=True):
        pose = geo.moved(pose, *card_end_pose(dataset().card(fokker.deck, number),
                                              dataset().table.base.length))
        assert abs(pose.x - x) < 0.05 and abs(pose.y - y) < 0.05  # geometry rounds to 0.01
        assert (pose.heading - h) % 360 == 0
    ahead = Plans(state, spad, {"fokker": path})
    assert ahead.plan(0) != Plans(state, spad).plan(0)
    macros, _ = policy_for(WOW).candidates(
        WOW.determinize(state, "allies", new_rng(1)), "allies", WOW.legal(state, "allies"),
        new_rng(1))
    assert [d["card"] for d in macros[0]] == list(ahead.plan(0))


def test_mcts_rollouts_anticipate_for_the_searching_seat_only() -> None:
    """In a roll-out the searching seat flies its plans scored against the enemy's
    likeliest path (a turn valued by the attack it sets up next); the enemy flies its
    own paper score, expecting the searcher to fly straight on."""
    from collections import Counter

    from dogfight.ai.mcts import policy_for
    from dogfight.ai.wings_of_war import Plans
    from dogfight.core.rng import new_rng
    from dogfight.games.wings_of_war.data import dataset

    state = Match.new(WOW, {"scenario": "duel"}, 3).state
    spad, fokker = (next(p for p in state.planes if p.id == n) for n in ("spad", "fokker"))

    def names(deck: str, plan: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(dataset().card(deck, n).name for n in plan)  # twin cards alike

    ahead = names(spad.deck, Plans(state, spad, {"fokker": Plans(state, fokker).path(
        fokker)}).plan(0))
    plain = names(spad.deck, Plans(state, spad).plan(0))
    assert ahead != plain
    policy = policy_for(WOW)
    sample = WOW.determinize(state, "allies", new_rng(1))
    policy.candidates(sample, "allies", WOW.legal(state, "allies"), new_rng(1))

    def flown(seat: str) -> Counter[tuple[str, ...]]:
        drawn: Counter[tuple[str, ...]] = Counter()
        for seed in range(60):
            decisions, _ = policy.act(state, seat, new_rng(seed))
            deck = spad.deck if seat == "allies" else fokker.deck
            drawn[names(deck, tuple(d["card"] for d in decisions))] += 1
        return drawn

    mine = flown("allies")
    assert mine.most_common(1)[0][0] == ahead
    assert mine[ahead] > mine[plain]
    theirs = flown("central")
    assert theirs.most_common(1)[0][0] == names(fokker.deck, Plans(state, fokker).plan(0))


def test_every_game_pilot_module_is_registered_under_its_game() -> None:
    """``POLICIES`` names known games, each under its own id, with both parts."""
    from dogfight.ai import down_in_flames, wings_of_war
    from dogfight.ai.policies import POLICIES, policies_for
    from dogfight.core import game_ids

    assert set(POLICIES) <= set(game_ids())
    assert all(load().game_id == game_id for game_id, load in POLICIES.items())
    assert policies_for("wings-of-war") == wings_of_war.GAME_POLICIES
    assert policies_for("down-in-flames") == down_in_flames.GAME_POLICIES
    assert wings_of_war.GAME_POLICIES.greedy is wings_of_war.greedy
    assert down_in_flames.GAME_POLICIES.greedy is down_in_flames.heuristic
    assert wings_of_war.GAME_POLICIES.search is wings_of_war.WingsOfWarPolicy
    assert down_in_flames.GAME_POLICIES.search is down_in_flames.DownInFlamesPolicy


def test_a_game_without_pilot_parts_gets_the_generic_pilots() -> None:
    """The duel has no pilot module: greedy plays like random (same seed, same
    decisions) and mcts searches every legal decision with random roll-outs."""
    from dogfight.ai.mcts import UniformPolicy, policy_for
    from dogfight.ai.policies import policies_for

    duel = get_game("test-duel")
    assert policies_for(duel.id) is None
    assert isinstance(policy_for(duel), UniformPolicy)
    match = Match.new(duel, {}, 4)
    greedy, random = make_pilot("greedy", 3), make_pilot("random", 3)
    while not match.over:
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        decision = greedy.choose(duel.id, seen)
        assert random.choose(duel.id, seen) == decision
        match.submit(seat, decision)


def test_the_generic_pilots_name_no_game() -> None:
    """Only a game's own pilot module and the table of them (``ai/policies.py``) name
    it: the generic modules hold no game id (no ``if game_id == ...``)."""
    import ast
    from pathlib import Path

    from dogfight.core import game_ids

    ai = Path(__file__).parent.parent / "src" / "dogfight" / "ai"
    ids = set(game_ids())
    for name in ("__init__", "base", "greedy", "mcts", "pilots"):
        tree = ast.parse((ai / f"{name}.py").read_text(encoding="utf-8"))
        named = {n.value for n in ast.walk(tree)
                 if isinstance(n, ast.Constant) and isinstance(n.value, str)} & ids
        assert not named, f"ai/{name}.py names {named}"


def _decisions_along_a_game(game_id: str, seed: int, every: int) -> list[tuple[Any, str]]:
    """States and seats along a random game, every ``every``-th decision with a choice."""
    from dogfight.core.rng import choice, new_rng

    game = get_game(game_id)
    match = Match.new(game, {}, seed)
    rng = new_rng(seed)
    found: list[tuple[Any, str]] = []
    while not match.over and len(match.actions) < 300:
        seat, rng = choice(rng, list(match.pending))
        legal = list(game.legal(match.state, seat))
        if len(legal) > 1 and len(match.actions) % every == 0:
            found.append((match.state, seat))
        decision, rng = choice(rng, legal)
        match.submit(seat, decision)
    return found


@pytest.mark.parametrize("game_id", ["test-duel", "wings-of-war"])
def test_mcts_early_stop_makes_the_choice_the_whole_budget_makes(game_id: str) -> None:
    """With an iteration budget the search stops once the leader cannot be overtaken:
    the same decision as the whole budget, never more iterations, fewer on clear ones."""
    from dogfight.ai.mcts import MctsPilot
    from dogfight.play import searcher

    game = get_game(game_id)
    saved = 0
    for state, seat in _decisions_along_a_game(game_id, 4, 5)[:8]:
        view = observe(game, state, seat)
        quick = MctsPilot(11, iterations=60)
        whole = MctsPilot(11, iterations=60, early_stop=False)
        chosen = [pilot.choose(game.id, view, search=searcher(game, state, seat))
                  for pilot in (quick, whole)]
        assert chosen[0] == chosen[1]
        assert quick.last_iterations <= whole.last_iterations
        saved += whole.last_iterations - quick.last_iterations
    assert saved > 0


def test_mcts_settles_when_the_lead_exceeds_what_is_left() -> None:
    from dogfight.ai.mcts import MctsPilot

    assert MctsPilot._settled([10, 3, 0], 6)
    assert not MctsPilot._settled([10, 3, 0], 7)  # 3 + 7 ties: the tie-break may turn it
    assert not MctsPilot._settled([5, 5], 0)
    pilot = MctsPilot(1, iterations=100)
    assert pilot._left(40, 123.0) == 60
    timed = MctsPilot(1, iterations=None, seconds=2.0)
    assert timed._left(0, 0.0) == math.inf  # no rate yet
    assert timed._left(30, 0.5) == pytest.approx(90)  # 60 a second, 1.5 s left
    assert timed._left(30, 2.0) == 0


def test_mcts_time_budget_stops_early_on_a_clear_decision() -> None:
    """A time budget stops when the leader's lead exceeds the iterations the time left
    allows at the rate so far (a counting clock stands for time: not a timed test)."""
    from dogfight.ai.mcts import MctsPilot
    from dogfight.play import searcher

    game = get_game("test-duel")
    ticks = itertools.count()
    runs = []
    states = _decisions_along_a_game("test-duel", 4, 5)[:6]
    for early in (True, False):
        for state, seat in states:
            pilot = MctsPilot(11, iterations=None, seconds=80.0, early_stop=early)
            pilot.clock = lambda: next(ticks) * 1.0  # one "second" a look at the clock
            decision = pilot.choose(game.id, observe(game, state, seat),
                                    search=searcher(game, state, seat))
            runs.append((early, decision, pilot.last_iterations))
    quick, whole = runs[:len(states)], runs[len(states):]
    assert len(quick) == len(whole) >= 3
    assert [r[1] for r in quick] == [r[1] for r in whole]
    assert sum(r[2] for r in quick) < sum(r[2] for r in whole)


def test_match_clock_cpu_counts_the_pilot_threads_cpu_time() -> None:
    """``dogfight match --clock cpu``: ``mcts:Ts`` counts time.thread_time, so a loaded
    machine (other threads and processes running) does not shorten the search."""
    import time

    from dogfight.ai.mcts import make_mcts, on_clock

    assert on_clock("mcts:1s", "cpu") == "mcts:1s:cpu"
    assert on_clock("mcts:200", "cpu") == "mcts:200"  # iterations: no clock
    assert on_clock("greedy", "cpu") == "greedy"
    assert on_clock("mcts:1s", "wall") == "mcts:1s"
    assert make_mcts("mcts:0.5s:cpu", 1).clock is time.thread_time
    assert make_mcts("mcts:0.5s", 1).clock is time.perf_counter
    for wrong in ("mcts:0.5s:moon", "mcts:40:cpu"):
        with pytest.raises(ValueError):
            make_mcts(wrong, 1)
    result = play_match("test-duel", ["mcts:0.01s", "random"], 2, seed=2, clock="cpu")
    assert result["clock"] == "cpu" and result["players"] == ["mcts:0.01s", "random"]
    with pytest.raises(ValueError):
        play_match("test-duel", ["random", "random"], 2, seed=2, clock="moon")


def test_the_match_command_takes_a_clock(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dogfight.cli import main

    assert main(["match", "test-duel", "--players", "mcts:0.01s,random", "--games", "2",
                 "--clock", "cpu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["clock"] == "cpu"
    with pytest.raises(SystemExit):
        main(["match", "test-duel", "--players", "random,random", "--clock", "moon"])
