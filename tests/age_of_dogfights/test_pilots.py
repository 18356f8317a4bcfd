"""The computer pilots of Age of Dogfights (src/dogfight/ai/age_of_dogfights.py): the
greedy chooser fires from a firing position (book: 003_24ea110dc1b5a4d6.txt § TIR
OFFENSIF), flies over a target zone next to it (§ RECONNAISSANCE), leaves by its own
side with its photos; the search returns a legal decision; both are registered.
Deterministic: no timing, no match statistics."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from dogfight.ai import make_pilot
from dogfight.ai.age_of_dogfights import AgeOfDogfightsPolicy, greedy
from dogfight.ai.policies import policies_for
from dogfight.core import Match, new_rng, observe
from dogfight.games.age_of_dogfights import reconnaissance, turn, zones
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import AgeOptions, AgeState, Aircraft, Flight
from dogfight.kit.grids import Cell, from_offset, to_offset
from dogfight.play import searcher

DATA = GAME.dataset


def plane(nation: str, number: int, kind: str, seat: str, cell: Cell, facing: int,
          **more: object) -> Aircraft:
    base = Aircraft(nation, number, kind, seat, where="zone", point=(cell.q, cell.r),
                    facing=facing, level=3, bursts=(4, 4, 0))
    return replace(base, **more)  # type: ignore[arg-type]


def flying(options: AgeOptions, mover: Aircraft, *others: Aircraft, die: int = 3,
           stage: str = "route") -> AgeState:
    """``mover`` about to fly (its die rolled), the rules asking the next decision."""
    state = AgeState(options, new_rng(5), 1, mover.seat, "fly", (mover, *others),
                     flight=Flight(mover.id, die, stage=stage))  # type: ignore[arg-type]
    return turn.proceed(state, [])


def test_policies_registered() -> None:
    parts = policies_for("age-of-dogfights")
    assert parts is not None and parts.greedy is greedy
    assert parts.search is AgeOfDogfightsPolicy


def test_greedy_fires_from_a_firing_position() -> None:
    """§ TIR OFFENSIF: at the end of its move, with an enemy in an offensive firing
    position, greedy fires rather than holds."""
    grid = zones.board(replace(flying(AgeOptions(), plane(
        "france", 4, "spad-s7", "allies", from_offset(10, 7), 0)), flight=None))
    for attempt in range(40):  # a random game until a shot is offered
        match = Match.new(GAME, {}, attempt)
        rng = new_rng(attempt)
        from dogfight.core.rng import choice

        while match.pending:
            seat = next(iter(match.pending))
            seen = match.observe(seat)
            if seen["prompt"]["kind"] == "fire" and len(seen["legal"]) > 1:
                decision = greedy(seen)
                assert decision is not None and "guns" in decision
                assert decision in seen["legal"]
                return
            decision, rng = choice(rng, seen["legal"])
            match.submit(seat, decision)
    raise AssertionError(f"no shot offered in 40 random games ({grid.width})")


def test_greedy_steps_into_a_firing_position() -> None:
    """§ TIR FIXE EXACTEMENT PAR DERRIERE: an enemy straight ahead a few points away,
    flying the same way, eight points away: greedy flies straight to its tail and fires."""
    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(17, 7), 0)
    state = flying(AgeOptions(), me, enemy, die=1)
    kinds = {a.kind for a in state.aircraft}
    assert all(k in DATA.aircraft for k in kinds)
    pilot = make_pilot("greedy", 1)
    while state.flight is not None and state.flight.stage != "fire" and \
            GAME.pending(state).get("allies") is not None and \
            GAME.pending(state)["allies"].kind in ("steer", "tilt", "attitude"):
        decision = pilot.choose(GAME.id, observe(GAME, state, "allies"))
        state = GAME.apply(state, "allies", decision).state
    assert GAME.pending(state)["allies"].kind == "fire"
    seen = observe(GAME, state, "allies")
    assert "guns" in (greedy(seen) or {})


def test_greedy_flies_over_the_target_zone_next_to_it() -> None:
    """§ RECONNAISSANCE: a scout just West of its target zone, facing it, flies over two
    points of it or more and out of it (the photo)."""
    options = AgeOptions(mode="reconnaissance")
    grid = zones.grid_of(DATA, options.pieces)
    zone = reconnaissance.target_zones(DATA, grid, "allies")["B"]
    west = min(to_offset(c)[0] for c in zone)
    row = sorted(to_offset(c)[1] for c in zone)[0]
    me = plane("france", 13, "salmson-2", "allies", from_offset(west - 2, row), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(3, 1), 3, level=5)
    state = flying(options, me, enemy, die=1)
    pilot = make_pilot("greedy", 1)
    path = ""
    while GAME.pending(state).get("allies") is not None and \
            GAME.pending(state)["allies"].kind in ("steer", "attitude", "tilt"):
        decision = pilot.choose(GAME.id, observe(GAME, state, "allies"))
        state = GAME.apply(state, "allies", decision).state
        path += str(decision.get("step", ""))
    after = next(a for a in state.aircraft if a.id == me.id)
    assert after.photos == ("B",) or (after.over is not None and after.over[1] >= 2), path


def _greedy_move(state: AgeState, aircraft: str) -> Aircraft:
    """``aircraft`` (the allies') after greedy has flown the rest of its move."""
    pilot = make_pilot("greedy", 1)
    while GAME.pending(state).get("allies") is not None and \
            GAME.pending(state)["allies"].kind in ("steer", "attitude", "tilt"):
        decision = pilot.choose(GAME.id, observe(GAME, state, "allies"))
        state = GAME.apply(state, "allies", decision).state
    return next(a for a in state.aircraft if a.id == aircraft)


def test_greedy_takes_its_photos_home() -> None:
    """§ RECONNAISSANCE: a scout with two photos at its own (West) edge leaves by it."""
    options = AgeOptions(mode="reconnaissance")
    me = plane("france", 13, "salmson-2", "allies", from_offset(1, 7), 3,
               photos=("A", "B"))
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(30, 1), 3, level=5)
    state = flying(options, me, enemy, die=1)
    after = _greedy_move(state, me.id)
    assert after.where == "left" and after.home


def test_greedy_takes_its_photos_home_on_the_long_sides() -> None:
    """§ MISE EN PLACE ("les côtés longs": the allies South) and § RECONNAISSANCE: on the
    long sides a scout with two photos near its own (South) edge, in the middle of the
    board's width (the West edge far), leaves by the South."""
    options = AgeOptions(mode="reconnaissance", sides="long")
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(30, 1), 3, level=5)
    height = zones.board(flying(options, enemy)).height or 0
    me = plane("france", 13, "salmson-2", "allies", from_offset(18, height - 2), 1,
               photos=("A", "B"))
    state = flying(options, me, enemy, die=1)
    assert observe(GAME, state, "allies")["view"]["map"]["sides"] == "long"
    after = _greedy_move(state, me.id)
    assert after.where == "left" and after.home


def test_greedy_is_a_function_of_the_observation() -> None:
    match = Match.new(GAME, {}, 2)
    for _ in range(30):
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        assert greedy(seen) == greedy(match.observe(seat))
        match.submit(seat, make_pilot("greedy", 1).choose(GAME.id, seen))


def test_mcts_returns_a_legal_decision() -> None:
    """A few iterations at a step of a move and at the set-up: a legal decision."""
    match = Match.new(GAME, {}, 4)
    pilot = make_pilot("mcts:4", 3)
    kinds = set()
    for _ in range(60):
        if not match.pending:
            break
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        decision = pilot.choose(GAME.id, seen, search=searcher(GAME, match.state, seat))
        assert decision in seen["legal"]
        kinds.add(seen["prompt"]["kind"])
        match.submit(seat, decision)
    assert "steer" in kinds and "access" in kinds


def test_roll_outs_quick_steps_into_a_firing_position() -> None:
    """§ TIR FIXE EXACTEMENT PAR DERRIERE, the search's roll-outs: with the same enemy
    ahead, the quick rules (no planning: the end of the rules' whole path through each
    next step) fly the fighter to its tail too, and a task aircraft is left to greedy."""
    from dogfight.ai.age_of_dogfights import quick_step

    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(17, 7), 0)
    state = flying(AgeOptions(), me, enemy, die=1)
    while state.flight is not None and GAME.pending(state).get("allies") is not None \
            and GAME.pending(state)["allies"].kind in ("steer", "tilt", "attitude"):
        frame = state.prompts[-1]
        if frame.kind == "steer":
            step = quick_step(state, state.flight, frame.data["ways"])
            assert step is not None and step in frame.data["ways"]
            decision = {"step": step}
        else:
            decision = greedy(observe(GAME, state, "allies")) or {}
        state = GAME.apply(state, "allies", decision).state
    assert GAME.pending(state)["allies"].kind == "fire"
    scout = plane("france", 13, "salmson-2", "allies", from_offset(8, 7), 0)
    tasked = flying(AgeOptions(mode="reconnaissance"), scout, enemy, die=1)
    assert tasked.prompts[-1].kind == "steer"
    assert quick_step(tasked, tasked.flight, tasked.prompts[-1].data["ways"]) is None


def _first_step(seed: int) -> tuple[Match, str]:
    """A greedy game (seed ``seed``) stopped at an aircraft's first step of a move, with
    a choice of steps and several whole paths to try (§ MOUVEMENT A L'HORIZONTAL)."""
    from dogfight.ai.mcts import policy_for

    match = Match.new(GAME, {}, seed)
    pilot = make_pilot("greedy", 1)
    while match.pending:
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        flight = seen["view"].get("flight")
        if seen["prompt"]["kind"] == "steer" and flight and not flight["path"] \
                and len(seen["legal"]) > 1:
            macros, _ = policy_for(GAME).candidates(match.state, seat, seen["legal"],
                                                    new_rng(1))
            if len(macros) > 2:
                return match, seat
        match.submit(seat, pilot.choose(GAME.id, seen))
    raise AssertionError("no move with several paths to search")


def test_mcts_searches_whole_paths_with_distinct_ends() -> None:
    """§ MOUVEMENT A L'HORIZONTAL, the search's candidates at a move's first step: whole
    legal paths of the die (the rules accept every step of each), near the best
    planned path, at most ``width``, no two ending on the same point, facing and step
    count unless they begin with different steps; the best planned path first."""
    from dogfight.ai.age_of_dogfights import ranked_paths
    from dogfight.ai.mcts import policy_for
    from dogfight.games.age_of_dogfights import movement

    match, seat = _first_step(3)
    policy = policy_for(GAME)
    assert isinstance(policy, AgeOfDogfightsPolicy)
    seen = match.observe(seat)
    macros, _ = policy.candidates(match.state, seat, seen["legal"], new_rng(1))
    ranked = ranked_paths(seen["view"], seen["view"]["flight"])
    paths = ["".join(str(d["step"]) for d in m) for m in macros]
    assert paths[0] == ranked[0][1] and 2 < len(paths) <= policy.width
    score = dict((p, s) for s, p in reversed(ranked))
    assert all(score[p] >= ranked[0][0] - policy.margin for p in paths)
    me = next(a for a in match.state.aircraft if a.id == seen["view"]["flight"]["aircraft"])
    ends = [(movement.fly(Cell(*me.point), me.facing, p)[-1], len(p), p[0]) for p in paths]
    assert len(set(ends)) == len(ends)
    for macro in macros:  # every step of each offered in turn by the rules
        state = match.state
        for decision in macro:
            assert decision in GAME.legal(state, seat)
            state = GAME.apply(state, seat, decision).state


def test_mcts_flies_its_searched_path_to_the_end() -> None:
    """§ MOUVEMENT A L'HORIZONTAL: the path chosen at the first step is flown step by
    step as chosen (``mcts.Following``), without searching again."""
    match, seat = _first_step(3)
    pilot = make_pilot("mcts:12", 2)
    seen = match.observe(seat)
    first = pilot.choose(GAME.id, seen, search=searcher(GAME, match.state, seat))
    plan = list(pilot.plan)  # type: ignore[attr-defined]
    assert plan and first in seen["legal"]
    match.submit(seat, first)
    flown = [first]
    while plan:
        seen = match.observe(seat)
        decision = pilot.choose(GAME.id, seen, search=None)  # no search: the plan only
        assert decision == plan.pop(0) and decision in seen["legal"]
        match.submit(seat, decision)
        flown.append(decision)
    assert match.observe(seat)["prompt"]["kind"] != "steer"
    assert pilot.plan == []  # type: ignore[attr-defined]


def test_mcts_roll_outs_fly_the_enemy_reply() -> None:
    """§ UN TOUR, the search's horizon: a roll-out from the active player's move ends
    once the other player has flown his whole turn after it; from a decision in the
    enemy's turn (a riposte), at the end of that turn."""
    match, seat = _first_step(3)
    policy = AgeOfDogfightsPolicy(GAME)
    start = match.state
    enemy = turn.other(seat)
    assert start.active == seat and not policy.halted(start, start, seat)
    mine_done = replace(start, active=enemy,
                        turn=start.turn + (enemy == start.options.first))
    assert not policy.halted(start, mine_done, seat)
    reply_done = replace(mine_done, active=seat,
                         turn=mine_done.turn + (seat == start.options.first))
    assert policy.halted(start, reply_done, seat)
    assert policy.halted(mine_done, reply_done, seat)  # in the enemy's turn: its end


def test_mcts_roll_outs_fly_the_enemy_as_greedy_plans() -> None:
    """§ MOUVEMENT A L'HORIZONTAL, the search's roll-outs: the enemy's fighter steps as
    ``greedy`` plans its move (the opponent modelled as it plays); the searching seat's
    own fighter by the quick rules."""
    from dogfight.ai.age_of_dogfights import quick_step

    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(12, 7), 0)
    state = flying(AgeOptions(), enemy, me, die=2)
    assert state.prompts[-1].kind == "steer"
    policy = AgeOfDogfightsPolicy(GAME)
    planned = greedy(observe(GAME, state, "germany"))
    quick = quick_step(state, state.flight, state.prompts[-1].data["ways"])
    assert planned != {"step": quick}  # the two rules differ here
    policy.searching = "allies"
    assert policy.act(state, "germany", new_rng(1))[0] == [planned]
    policy.searching = "germany"
    assert policy.act(state, "germany", new_rng(1))[0] == [{"step": quick}]


def test_mcts_leaves_the_planned_path_on_evidence_only() -> None:
    """The search on common samples (``mcts.Pairing``): another candidate replaces the
    policy's first only when its mean gain over it, less a standard error, is above 0:
    a steady small gain does, a larger but noisy one does not, nor one round."""
    from dogfight.ai.mcts import MctsPilot

    steady = [0.1] * 9  # candidate 1 gains 0.1 on every sample
    noisy = [1.0, -0.8, 1.0, -0.8, 1.0, -0.8, 1.0, -0.8, 1.0]  # mean 0.2, deviation 0.95
    for gains, chosen in ((steady, 1), (noisy, 0)):
        total = [0.0, sum(gains)]
        square = [0.0, sum(g * g for g in gains)]
        assert MctsPilot._assured(total, square, len(gains)) == chosen
    assert MctsPilot._assured([0.0, 0.5], [0.0, 0.25], 1) == 0


def test_mcts_searches_a_task_aircrafts_tilt() -> None:
    """§ CHANGEMENT D'ALTITUDE (the tilt announces the next move's climb or dive), §
    Scénario "Interceptez le général": the search tries every legal tilt of a task
    aircraft (the general), ``greedy``'s first; a fighter's tilt and level change follow
    ``greedy`` alone (toward the nearest enemy's level)."""
    from dogfight.ai.age_of_dogfights import greedy
    from dogfight.ai.mcts import policy_for

    match = Match.new(GAME, {"mode": "general"}, 3)
    pilot = make_pilot("greedy", 1)
    seen_kinds: set[tuple[str, bool]] = set()
    while match.pending and not {("tilt", True), ("tilt", False)} <= seen_kinds:
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        kind = seen["prompt"]["kind"]
        flight = seen["view"].get("flight") or {}
        if kind in ("attitude", "tilt") and len(seen["legal"]) > 1:
            general = flight.get("aircraft") == "france-13"
            macros, _ = policy_for(GAME).candidates(match.state, seat, seen["legal"],
                                                    new_rng(1))
            assert macros[0] == [greedy(seen)]
            if general:
                assert sorted(map(str, macros)) == sorted(str([d]) for d in seen["legal"])
            else:
                assert len(macros) == 1
            seen_kinds.add((kind, general))
        match.submit(seat, pilot.choose(GAME.id, seen))
    assert {("tilt", True), ("tilt", False)} <= seen_kinds


def test_mcts_searches_every_fighters_tilt_in_the_dogfight() -> None:
    """§ CHANGEMENT D'ALTITUDE, § COMBAT AERIEN TOURNOYANT: in the dogfight, where the
    fight is the whole game, the search tries every legal tilt and level change of a
    fighter too, ``greedy``'s first (in the other modes a fighter's follow ``greedy``:
    the test above)."""
    from dogfight.ai.age_of_dogfights import greedy
    from dogfight.ai.mcts import policy_for

    match = Match.new(GAME, {"mode": "dogfight"}, 5)  # a level change to choose at last
    pilot = make_pilot("greedy", 1)
    seen_kinds: set[str] = set()
    while match.pending and not {"tilt", "attitude"} <= seen_kinds:
        seat = next(iter(match.pending))
        seen = match.observe(seat)
        kind = seen["prompt"]["kind"]
        if kind in ("attitude", "tilt") and len(seen["legal"]) > 1:
            macros, _ = policy_for(GAME).candidates(match.state, seat, seen["legal"],
                                                    new_rng(1))
            assert macros[0] == [greedy(seen)]
            assert sorted(map(str, macros)) == sorted(str([d]) for d in seen["legal"])
            seen_kinds.add(kind)
        match.submit(seat, pilot.choose(GAME.id, seen))
    assert {"tilt", "attitude"} <= seen_kinds


def test_mcts_brings_its_bombers_in_high_in_the_zone_bombing() -> None:
    """§ MISE EN PLACE, § UN TOUR (a stand of the player's choice), § BOMBARDEMENT: in the
    zone bombing the search brings a bomber in at ``CARRIER_LEVEL`` (4) where ``greedy``
    brings it at the middle level (3), at greedy's point; its fighters, and every
    aircraft of the other modes, come in as ``greedy`` brings them."""
    from dogfight.ai.age_of_dogfights import CARRIER_LEVEL, carrier_bring, pieces, role
    from dogfight.ai.mcts import policy_for

    for mode in ("bombing", "breakthrough", "combined"):
        match = Match.new(GAME, {"mode": mode}, 3)
        pilot = make_pilot("greedy", 1)
        roles: set[str] = set()
        while match.pending and match.state.turn < 2:
            seat = next(iter(match.pending))
            seen = match.observe(seat)
            if seen["prompt"]["kind"] == "access":
                best = greedy(seen)
                assert best is not None and "point" in best
                macros, _ = policy_for(GAME).candidates(match.state, seat, seen["legal"],
                                                        new_rng(1))
                bomber = role(pieces(seen["view"])[str(best["aircraft"])]) == "bomber"
                roles.add("bomber" if bomber else "fighter")
                assert best["level"] == 3
                if mode == "bombing" and bomber:
                    assert macros == [[{**best, "level": 4}]] and CARRIER_LEVEL == 4
                else:
                    assert macros == [[best]]
                    assert carrier_bring(seen, best) == best
            match.submit(seat, pilot.choose(GAME.id, seen))
        assert roles == {"bomber", "fighter"}, mode


def test_the_planner_flies_round_points_held_and_noses() -> None:
    """§ MOUVEMENT A L'HORIZONTAL: a move never passes a point held at its level and
    never ends just ahead of another aircraft. The planner's paths are the empty sky's
    (searched once a move and kept) less those through a point another aircraft holds
    at the level flown there, and those ending just ahead of one; one a level higher
    holds nothing at the mover's; every path left is one the rules accept."""
    from dogfight.ai.age_of_dogfights import paths, sky_paths
    from dogfight.games.age_of_dogfights import movement, ways
    from dogfight.kit.grids import STEPS

    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    grid = zones.board(flying(AgeOptions(), me))
    width, height = grid.width or 0, grid.height or 0
    sky = {p for p, *_ in sky_paths(me, 3, 0, "", width, height, "dogfight", None, None,
                                    False).paths}

    def points(path: str) -> set[Cell]:
        return {c for c, _ in movement.fly(Cell(*me.point or (0, 0)), me.facing, path)}

    def end(path: str) -> Cell:
        return movement.fly(Cell(*me.point or (0, 0)), me.facing, path)[-1][0]

    def planned(*others: Aircraft) -> set[str]:
        return {p for p, *_ in paths(grid, me, 3, 0, "", others, mode="dogfight",
                                     wind=None, home=None, entering=False)}

    two_on = end("FF")
    blocker = plane("germany", 4, "fokker-dr1", "germany", two_on, 3)
    around = planned(blocker)
    assert any(p.startswith("FF") for p in sky) and around
    assert around == {p for p in sky if two_on not in points(p)}
    assert planned(replace(blocker, level=4)) == sky
    state = flying(AgeOptions(), me, blocker, die=3)
    assert state.flight is not None
    assert all(ways.possible(state, state.flight, p) for p in around)

    target = end(min(sky))  # a nose pointing at the end of one of the sky's paths
    dq, dr = STEPS[2]
    nose = plane("germany", 5, "fokker-dr1", "germany",
                 Cell(target.q - dq, target.r - dr), 2, level=3)
    shy = planned(nose)
    assert any(end(p) == target for p in sky)
    assert shy and not any(end(p) == target for p in shy)
    assert movement.ahead_of(nose) == (target, 3)
    assert shy == {p for p in sky if end(p) != target
                   and Cell(target.q - dq, target.r - dr) not in points(p)}


def test_the_planner_s_sky_leaves_nothing_for_the_cyclic_collector() -> None:
    """The empty sky's paths are found by a recursive helper that holds no cycle: made
    anew (the cache aside), they leave nothing for the collector to walk again."""
    import gc

    from dogfight.ai.age_of_dogfights import sky_paths
    from dogfight.ai.mcts import collector_paused

    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    grid = zones.board(flying(AgeOptions(), me))
    with collector_paused():
        gc.collect()
        for die in range(-1, 3):
            sky = sky_paths.__wrapped__(me, die, 0, "", grid.width or 0, grid.height or 0,
                                        "dogfight", None, None, False)
            assert sky.paths
            del sky
        assert gc.collect() == 0


@pytest.mark.parametrize("kind", ["sopwith-camel", "airco-dh2", "bristol-f2",
                                  "handley-page-o400"])
@pytest.mark.parametrize("bursts", [(4, 4, 4), (0, 4, 4)])
def test_the_planner_s_firing_poses_are_the_firing_positions_read_backwards(
        kind: str, bursts: tuple[int, int, int]) -> None:
    """book: 003_24ea110dc1b5a4d6.txt § POSITION DES MITRAILLEUSES ET DIRECTION DE TIR:
    the poses the planner aims for (kept for a type and its guns, moved to where the
    aircraft stands) are exactly those where the rules' positions (``fire.positions_
    between``) find a gun still firing: from which a shooter flying level may fire at
    the target (level or tilted), and where a target flying level is exposed to it."""
    from dogfight.ai.age_of_dogfights import armed, exposed_poses, firing_poses
    from dogfight.games.age_of_dogfights.fire import positions_between

    data = GAME.dataset
    positions = data.rules.positions
    shooter = plane("britain", 2, kind, "allies", Cell(0, 0), 0, bursts=bursts)
    spec = data.aircraft[kind]

    def fires(a: Aircraft, b: Aircraft) -> bool:
        return any(armed(spec, a, g) for key in positions_between(data, a, b)
                   for g in positions[key].guns)

    def around(centre: Aircraft) -> Iterator[Aircraft]:
        q0, r0 = centre.point or (0, 0)
        for q in range(q0 - 4, q0 + 5):
            for r in range(r0 - 4, r0 + 5):
                for f in range(6):
                    for level in range(1, 6):
                        yield replace(shooter, point=(q, r), facing=f, level=level)

    found = 0
    for facing in range(6):
        for tilt in ("level", "up"):
            target = plane("germany", 5, "fokker-dr1", "germany", Cell(10, 8), facing,
                           tilt=tilt)
            held = {(a.point or (0, 0)) + (a.facing, a.level) for a in around(target)
                    if fires(a, target)}
            assert set(firing_poses(data, shooter, target, offensive=False)) == held
            found += len(held)
        gunner = replace(shooter, point=(10, 8), facing=facing)
        exposed = {(b.point or (0, 0)) + (b.facing, b.level) for b in around(gunner)
                   if fires(gunner, replace(b, kind="fokker-dr1"))}
        assert set(exposed_poses(data, gunner)) == exposed
        found += len(exposed)
    assert bool(found) == any(armed(spec, shooter, g) for g in ("fixed", "nose", "tail"))
