"""Les Ailes de la Gloire for search pilots: a determinised state looks the same to its
seat (LE SECRET kept: what the seat does not know is drawn anew, never read from the
real state), stays sound, and the evaluation prefers the side less hurt; the computer
pilots (``ai/ailes_de_la_gloire.py``) take their shots, keep to the map, place
themselves sensibly and answer every prompt legally."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.ai.ailes_de_la_gloire import AilesPolicy, enemy_fuel, greedy
from dogfight.ai.mcts import MctsPilot
from dogfight.core import decide, observe
from dogfight.core.match import Match
from dogfight.core.rng import new_rng
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.combat import ask_fire_orders
from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.movement import fly
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice
from dogfight.kit.prompts import top
from dogfight.play import searcher
from tests.ailes_de_la_gloire.helpers import placed, put
from tests.ailes_de_la_gloire.test_secrets import OPTIONS, secret_variants
from tests.conftest import random_play


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_a_sampled_state_has_the_same_view_and_hides_nothing_real(seed: int,
                                                                  pick: int) -> None:
    for match in random_play(GAME, OPTIONS, seed, pick, max_decisions=80):
        if match.over:
            continue
        state = match.state
        for seat in GAME.seats(state):
            sampled = GAME.determinize(state, seat, new_rng(seed))
            assert GAME.view(sampled, seat) == GAME.view(state, seat)
            assert GAME.invariants(sampled) == []
            for owner in GAME.seats(state):
                if owner == seat:
                    continue
                for variant in secret_variants(state, owner):
                    # whom it fired at last turn is public (the shots are seen): kept
                    variant = put(variant, owner,
                                  pilot_target=state.plane(owner).pilot_target)
                    again = GAME.determinize(variant, seat, new_rng(seed))
                    assert again == sampled, f"{seat}'s sample reads {owner}'s secrets"


def test_evaluate_prefers_the_side_less_hurt() -> None:
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (15, 8, 3, "M")])
    assert GAME.evaluate(state, "allied-13") == 0.0
    hurt = state.with_plane(replace(state.plane("german-31"), wings=11))
    assert GAME.evaluate(hurt, "allied-13") == 0.5
    assert GAME.evaluate(hurt, "german-31") == -0.5


# -- the computer pilots (ai/ailes_de_la_gloire.py) -------------------------------------------
def _at_maneuver(state: AilesState) -> AilesState:
    """Turn 1 begun from a hand-placed state: the maneuvers are asked."""
    state = turn.proceed(state, [])
    frame = top(state)
    assert frame is not None and frame.kind == "maneuver"
    return state


def test_greedy_fires_its_longest_burst_at_an_enemy_in_its_arc() -> None:
    """book: 001_6a970d9ea6ae2da0.txt § 5. Le Combat: an enemy two hexes straight ahead
    at the same level; greedy writes a long burst at it (§ Enregistrement)."""
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (7, 8, 3, "M")])
    state = replace(state, phase="combat",
                    flown=(("allied-13", Choice("3A2")), ("german-31", Choice("3A2"))))
    state = ask_fire_orders(state)
    observation = observe(GAME, state, "allied-13")
    assert observation["prompt"]["kind"] == "fire"
    decision = greedy(observation)
    assert decision == {"pilot": {"target": "german-31", "burst": "long"}, "observer": None}


def test_greedy_stays_on_the_map_when_it_can() -> None:
    """book: 001_6a970d9ea6ae2da0.txt § Fuir: an aircraft on its own edge, nose out, may
    flee over it; a whole one does not (it turns back). A badly hurt one flees when
    fleeing pays (§ LA FIN as docs/rules reads it): a friend still flies, or its side has
    lost fewer aircraft for good; the last of a side with as many losses stays (fleeing
    would hand the enemy the field, and the game)."""
    for seat, places in (("allied-13", [(0, 8, 3, "M"), (15, 8, 3, "M"), (15, 12, 3, "M")]),
                         ("german-31", [(4, 8, 0, "M"), (19, 8, 0, "M"), (4, 12, 0, "M")])):
        third_type = "albatros-d5a" if seat == "allied-13" else "spad-7"  # an enemy
        state, _ = placed(["spad-13", "albatros-d3", third_type], places)
        state = _at_maneuver(state)
        third = state.planes[2].seat
        plane = state.plane(seat)
        assert plane.cell is not None and state.plane(third).side != plane.side
        observation = observe(GAME, state, seat)
        leaving = [d for d in observation["legal"] if d["code"] != "vrille" and not all(
            dataset().map.grid.on_map(c)
            for c in fly(plane.cell, plane.facing, d["code"], dataset())[2])]
        assert leaving, "the test wants a choice between fleeing and staying"
        decision = greedy(observation)
        assert decision in observation["legal"] and decision not in leaving
        hurt = put(state, seat, wings=1)  # the last of its side, no losses: it stays
        assert greedy(observe(GAME, hurt, seat)) not in leaving
        ahead = put(hurt, third, fate="shot-down")  # an enemy down for good: it flees
        assert greedy(observe(GAME, ahead, seat)) in leaving
        friend_type = "spad-7" if seat == "allied-13" else "albatros-d5a"
        with_a_friend, _ = placed(["spad-13", "albatros-d3", friend_type], places)
        friend = with_a_friend.planes[2].seat
        assert with_a_friend.plane(friend).side == plane.side
        with_a_friend = put(_at_maneuver(with_a_friend), seat, wings=1)
        assert greedy(observe(GAME, with_a_friend, seat)) in leaving


def test_greedy_places_near_the_enemy_facing_it() -> None:
    """book: 001_6a970d9ea6ae2da0.txt § Placez les pions avions sur la carte: the hex of
    its start line nearest the enemy, nose toward it, at its altitude."""
    state = GAME.setup({}, new_rng(3))
    state = decide(GAME, state, "german-49", {"column": 18, "row": 4}).state
    hex_choice = greedy(observe(GAME, state, "allied-13"))
    assert hex_choice == {"column": 2, "row": 4}
    state = decide(GAME, state, "allied-13", hex_choice).state
    assert greedy(observe(GAME, state, "allied-13")) == {"facing": 0}
    for seat, facing in (("allied-13", 0), ("german-49", 3)):
        state = decide(GAME, state, seat, {"facing": facing}).state
    state = decide(GAME, state, "german-49", {"altitude": "H"}).state
    assert greedy(observe(GAME, state, "allied-13")) == {"altitude": "H"}


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_greedy_is_legal_and_the_same_for_the_same_observation(seed: int) -> None:
    """Every prompt of a game between greedy pilots: a legal decision, the same twice."""
    match = Match.new(GAME, OPTIONS, seed)
    while not match.over and len(match.actions) < 300:
        seat = sorted(match.pending)[0]
        observation = observe(GAME, match.state, seat)
        decision = greedy(observation)
        assert decision in observation["legal"]
        assert greedy(observe(GAME, match.state, seat)) == decision
        match.submit(seat, decision)


def test_mcts_returns_a_legal_decision() -> None:
    """The search (a few iterations) answers a maneuver and a placement with a legal
    decision; its candidates are legal, the rule of thumb's first."""
    state, _ = placed(["spad-13", "albatros-d3"], [(6, 8, 0, "M"), (12, 8, 3, "M")])
    state = _at_maneuver(state)
    for current in (state, GAME.setup({}, new_rng(5))):
        observation = observe(GAME, current, "allied-13")
        pilot = MctsPilot(7, iterations=12)
        decision = pilot.choose(GAME.id, observation, searcher(GAME, current, "allied-13"))
        assert decision in observation["legal"]
    policy = AilesPolicy(GAME)
    observation = observe(GAME, state, "allied-13")
    macros, _ = policy.candidates(state, "allied-13", observation["legal"], new_rng(1))
    assert macros and all(m[0] in observation["legal"] for m in macros)
    assert macros[0][0] == greedy(observation)


def test_mcts_anticipates_a_written_maneuver_without_reading_it() -> None:
    """LE SECRET: the enemy's maneuver written before the searcher's is redrawn in each
    sample as the rule of thumb would write it from the enemy's view of that sample;
    the same whatever the enemy really wrote."""
    state, _ = placed(["spad-13", "albatros-d3"], [(6, 8, 0, "M"), (12, 8, 3, "M")])
    state = _at_maneuver(state)
    policy = AilesPolicy(GAME)
    legal = GAME.legal(state, "german-31")
    reshaped = []
    for written in (legal[0], legal[-2]):
        real = decide(GAME, state, "german-31", written).state
        sample = GAME.determinize(real, "allied-13", new_rng(4))
        expected = policy._enemy_maneuver(sample, "german-31")
        assert expected is not None
        codes = [policy.reshape(sample, "allied-13", new_rng(k))[0].codes.of("german-31")
                 for k in range(12)]
        # one sample in NOISE keeps the random draw
        assert codes.count(Choice(expected["code"], expected["altitude"])) >= 8
        reshaped.append(codes)
    assert reshaped[0] == reshaped[1]


def test_the_search_weighs_the_fuel_race_from_what_it_may_know() -> None:
    """book: 001_6a970d9ea6ae2da0.txt § 3. La Consommation de Carburant, § Planer and
    § LA FIN: the side out of fuel first glides down and lands. The search guesses the
    enemy's fuel (LE SECRET) as a full tank less what it burnt itself, never from the
    enemy's real boxes, and a leaf with more fuel left is worth more."""
    state, _ = placed(["spad-13", "fokker-d7"], [(6, 8, 0, "M"), (12, 8, 3, "M")])
    state = _at_maneuver(state)
    assert enemy_fuel(state, "allied-13") == 37  # the D.VII's full tank (§ Tableau)
    assert enemy_fuel(state, "german-49") == 52  # the SPAD XIII's
    burnt = put(state, "allied-13", fuel=45)
    assert enemy_fuel(burnt, "allied-13") == 30
    assert enemy_fuel(put(burnt, "german-49", fuel=3), "allied-13") == 30
    policy = AilesPolicy(GAME)
    policy.candidates(state, "allied-13", GAME.legal(state, "allied-13"), new_rng(1))
    assert policy.enemy_fuel == 37
    values = [policy.value(put(state, "allied-13", fuel=fuel), "allied-13")
              for fuel in (52, 40, 30, 0)]
    assert values == sorted(values, reverse=True) and len(set(values)) == 4
    # the race's value rises most near parity, and the German starts behind
    spad = policy.value(state, "allied-13") - policy.value(put(state, "allied-13", fuel=49),
                                                           "allied-13")
    assert 0 < spad < policy.FUEL
