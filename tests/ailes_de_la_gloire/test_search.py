"""Les Ailes de la Gloire for search pilots: a determinised state looks the same to its
seat (LE SECRET kept: what the seat does not know is drawn anew, never read from the
real state), stays sound, and the evaluation prefers the side less hurt."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.core.rng import new_rng
from dogfight.games.ailes_de_la_gloire.game import GAME
from tests.ailes_de_la_gloire.helpers import placed
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
                    again = GAME.determinize(variant, seat, new_rng(seed))
                    assert again == sampled, f"{seat}'s sample reads {owner}'s secrets"


def test_evaluate_prefers_the_side_less_hurt() -> None:
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (15, 8, 3, "M")])
    assert GAME.evaluate(state, "allied-13") == 0.0
    hurt = state.with_plane(replace(state.plane("german-31"), wings=11))
    assert GAME.evaluate(hurt, "allied-13") == 0.5
    assert GAME.evaluate(hurt, "german-31") == -0.5
