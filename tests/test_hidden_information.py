"""No secret of one seat reaches another seat's view, events, or the spectator.

Method: at every state of random games, change one seat's secrets (its sealed
maneuver before the reveal, its damage, the order of its damage deck) and check
that every other seat's view and the spectator's view stay exactly the same.
"""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from dogfight.core import canonical_json, get_game
from dogfight.core.rng import new_rng, shuffle
from dogfight.games.duel.state import SEATS, DuelState
from dogfight.kit.piles import Pile
from tests.conftest import random_play

DUEL = get_game("test-duel")


def secret_variants(state: DuelState, owner: int) -> list[DuelState]:
    """States that differ from ``state`` only in what ``owner`` alone may know."""
    pilot, seat = state.pilots[owner], SEATS[owner]
    out = []
    sealed = state.orders.of(seat)
    if sealed is not None and state.revealed is None:
        for other in ("climb", "dive", "turn"):
            if other != sealed:
                out.append(msgspec.structs.replace(state, orders=state.orders.seal(seat, other)))
    variants = []
    if not pilot.shot_down:
        variants.append(msgspec.structs.replace(pilot, damage=max(0, pilot.damage - 1),
                                                incoming=pilot.incoming + 3))
    cards, _ = shuffle(new_rng(state.rng.counter + 1), pilot.deck.cards)
    variants.append(msgspec.structs.replace(pilot, deck=Pile(cards, pilot.deck.discards)))
    for variant in variants:
        pilots = list(state.pilots)
        pilots[owner] = variant
        out.append(msgspec.structs.replace(state, pilots=(pilots[0], pilots[1])))
    return out


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32), jams=st.booleans())
def test_views_of_others_do_not_depend_on_a_seats_secrets(seed: int, pick: int,
                                                          jams: bool) -> None:
    for match in random_play(DUEL, {"rules": {"jams": jams}}, seed, pick):
        state = match.state
        if state.phase == "over":
            continue  # the end of the game reveals everything
        for owner, seat in enumerate(SEATS):
            others: list[str | None] = [s for s in SEATS if s != seat]
            others.append(None)
            for variant in secret_variants(state, owner):
                for viewer in others:
                    assert DUEL.view(variant, viewer) == DUEL.view(state, viewer), (
                        f"{viewer or 'spectator'} sees a secret of {seat}")


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_events_shown_to_others_never_carry_a_seats_secrets(seed: int, pick: int) -> None:
    *_, match = random_play(DUEL, {}, seed, pick)
    for viewer in (*SEATS, None):
        for event in match.events_for(viewer):
            if event.kind in {"planned", "damage-card"}:
                assert event.data["seat"] == viewer, f"{viewer} saw {event}"


def test_own_secrets_are_in_the_own_view_only() -> None:
    match: Any = None
    for match in random_play(DUEL, {}, 5, 5):
        if match.state.phase == "plan" and match.state.orders.has("red"):
            break
    red_view = DUEL.view(match.state, "red")
    blue_view = DUEL.view(match.state, "blue")
    assert red_view["pilots"]["red"]["maneuver"] == match.state.orders.of("red")
    assert "maneuver" not in blue_view["pilots"]["red"]
    assert blue_view["pilots"]["red"]["planned"] is True
    assert "damage" in red_view["pilots"]["red"] and "damage" not in blue_view["pilots"]["red"]
    spectator = canonical_json(DUEL.view(match.state, None))
    assert '"damage"' not in spectator and '"maneuver"' not in spectator
