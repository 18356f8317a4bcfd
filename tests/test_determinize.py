"""Determinisation for search pilots: a sampled state looks the same to the seat, and
what it hides does not depend on the real secrets."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dogfight.core import get_game
from dogfight.core.rng import new_rng
from dogfight.kit.piles import Pile
from tests.conftest import random_play
from tests.test_hidden_information import secret_variants as duel_variants
from tests.wings_of_war.test_secrets_and_data import ALL_RULES
from tests.wings_of_war.test_secrets_and_data import secret_variants as wow_variants


def dif_variants(state: Any, owner: str) -> list[Any]:
    """Down In Flames states that differ from ``state`` only in ``owner``'s secrets:
    its hands swapped with deck cards, its sealed choices and flak pattern changed."""
    out = []
    planes = list(state.planes)
    for i, p in enumerate(planes):
        if p.seat != owner or not p.hand or not state.deck:
            continue
        for j, card in enumerate(state.deck.cards):
            if card not in p.hand:
                hand = tuple(sorted((*p.hand[1:], card)))
                cards = state.deck.cards
                deck = Pile((*cards[:j], p.hand[0], *cards[j + 1:]), state.deck.discards)
                changed = [*planes[:i], msgspec.structs.replace(p, hand=hand), *planes[i + 1:]]
                out.append(msgspec.structs.replace(state, planes=tuple(changed), deck=deck))
                break
    sealed = [(pid, value) for pid, value in state.sealed.orders]
    for k, (pid, value) in enumerate(sealed):
        mine = pid == owner or any(p.id == pid and p.seat == owner for p in planes)
        if mine and value in ("very-low", "low", "medium"):
            other = "low" if value != "low" else "medium"
            out.append(msgspec.structs.replace(
                state, sealed=type(state.sealed)(
                    tuple([*sealed[:k], (pid, other), *sealed[k + 1:]]))))
    m = state.mission
    if m is not None and m.flak_pattern and owner == m.defender and not m.status:
        other = "tight" if m.flak_pattern != "tight" else "scattered"
        out.append(msgspec.structs.replace(
            state, mission=msgspec.structs.replace(m, flak_pattern=other)))
    return out


CASES = [("test-duel", {}, duel_variants), ("wings-of-war", {"scenario": "two-vs-two",
                                                             "rules": ALL_RULES},
                                            wow_variants),
         ("down-in-flames", {"seats_per_side": 2, "rules": {"wingmen": True}}, dif_variants),
         ("down-in-flames", {"mode": "mission"}, dif_variants)]


@pytest.mark.parametrize(("game_id", "options", "variants"), CASES,
                         ids=["duel", "wow", "dif", "dif-mission"])
def test_a_sampled_state_has_the_same_view_and_hides_nothing_real(
        game_id: str, options: dict[str, object], variants: object) -> None:
    game = get_game(game_id)

    @settings(max_examples=8)
    @given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
    def check(seed: int, pick: int) -> None:
        for match in random_play(game, options, seed, pick, max_decisions=150):
            if match.over:
                continue  # the end reveals everything
            state = match.state
            for seat in game.seats(state):
                sampled = game.determinize(state, seat, new_rng(seed))
                assert game.view(sampled, seat) == game.view(state, seat)
                assert game.invariants(sampled) == []
                for owner_index, owner in enumerate(game.seats(state)):
                    if owner == seat:
                        continue
                    args = (state, owner_index) if game_id == "test-duel" else (state, owner)
                    for variant in variants(*args):  # type: ignore[operator]
                        again = game.determinize(variant, seat, new_rng(seed))
                        assert game.encode(again) == game.encode(sampled), (
                            f"{seat}'s sample depends on {owner}'s secrets")

    check()
