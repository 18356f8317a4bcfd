"""Age of Dogfights, what the triangle board draws for the aircraft steering
(``view.reach``, served as ``Game.hints``): every way its move may go on is exactly the
steps the rules accept, step after step, to the end of the move (MOUVEMENT A
L'HORIZONTAL, CHANGEMENT DE DIRECTION (AGILITE), RAYON DE BRAQUAGE, LE VENT); the other
seat gets nothing. Book: 003_24ea110dc1b5a4d6.txt."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dogfight.core import choice, decide, new_rng
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.kit.grids import Cell, to_offset
from tests.conftest import random_play

OPTIONS: list[dict[str, Any]] = [
    {"allies": ["britain-4", "britain-16"], "germany": ["germany-4", "germany-16"],
     "mode": "bombing", "turns": 3},
    {"allies": ["britain-6", "france-10"], "germany": ["germany-5", "germany-6"],
     "turns": 3, "rules": {"wind": "roll"}},
]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32), which=st.integers(0, 1))
def test_mouvement_a_l_horizontal_the_steps_drawn_are_the_steps_allowed(
        seed: int, pick: int, which: int) -> None:
    """At every steering prompt, walking the graph along random steps: each node offers
    exactly the legal steps of the rules, and a whole move ends the steering where the
    node says (its point and facing, the wind having its say)."""
    rng = new_rng(pick)
    for match in random_play(GAME, OPTIONS[which], seed, pick, max_decisions=100):
        state = match.state
        for seat in ("allies", "germany"):
            hints = GAME.hints(state, seat)
            pending = GAME.pending(state)
            if seat not in pending or pending[seat].kind != "steer":
                assert hints is None
                continue
            assert hints is not None
            nodes, node = hints["reach"]["nodes"], hints["reach"]["nodes"][hints["reach"]["start"]]
            walk = state
            while not node["done"]:
                assert set(node["next"]) == {d["step"] for d in GAME.legal(walk, seat)}
                step, rng = choice(rng, sorted(node["next"]))
                walk = decide(GAME, walk, seat, {"step": step}).state
                node = nodes[node["next"][step]]
            flight = walk.flight
            assert flight is None or flight.stage != "steer"
            mover = next(a for a in walk.aircraft if a.id == state.flight.aircraft)
            if not node["off"] and mover.where == "zone" and flight is not None \
                    and flight.stage != "tilt":
                assert [*to_offset(Cell(*mover.point))] == node["cell"]
                assert mover.facing == node["facing"]
