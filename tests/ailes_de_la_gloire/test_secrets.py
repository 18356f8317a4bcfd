"""Les Ailes de la Gloire, LE SECRET: no seat's secret reaches another seat's view (even
of its own side) nor the spectator's, over whole random games: the maneuver written
(only its direction and altitude tokens go to its tailers), the fire order, the boxes
left, fuel (and so gliding), the chits drawn, jams and ammunition. Smoke, fire, an
observer's death and a destruction are announced. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.games.ailes_de_la_gloire.data import dataset, read_code
from dogfight.games.ailes_de_la_gloire.formation import leader_of
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice, Damage, Order
from tests.conftest import random_play

OPTIONS: dict[str, Any] = {"flyers": [{"aircraft": "bristol-f2b"}, {"aircraft": "se-5a"},
                                      {"aircraft": "halberstadt-cl2a"},
                                      {"aircraft": "fokker-d7"}],
                            "rules": {"formation": True}}
PRIVATE_EVENTS = {"maneuver-written", "fuel-used", "out-of-fuel", "fire-written", "chits",
                  "damage", "unjam-roll", "jam-roll"}


def secret_variants(state: AilesState, seat: str) -> list[AilesState]:
    """States that differ only in what ``seat`` alone may know."""
    plane = state.plane(seat)
    out = []
    written = state.codes.of(seat)
    shown_to_formation = seat in state.tokens_shown and any(
        leader_of(state, p.seat) == seat for p in state.planes)
    if written is not None and not state.flown and written.code not in ("OV2", "vrille") \
            and not shown_to_formation:
        code = read_code(written.code)
        sheet = dataset().sheet_of(plane.aircraft).maneuvers
        same_tokens = [c for c in sheet if c != written.code
                       and read_code(c).direction == code.direction]
        if same_tokens:
            out.append(replace(state, codes=state.codes.seal(
                seat, Choice(same_tokens[0], written.altitude))))
    if state.orders.has(seat):
        out.append(replace(state, orders=state.orders.seal(seat, Order(None, None))))
    if plane.flying:
        out.append(state.with_plane(replace(
            plane, wings=max(1, plane.wings - 3), fuel=max(0, plane.fuel - 7),
            engine=max(0, plane.engine - 1), incoming=Damage(((3, "red", "other"),)),
            guns=tuple(replace(g, jammed=not g.jammed, drum=max(0, g.drum - 1))
                       for g in plane.guns),
            no_fast=not plane.no_fast, rudder="G" if plane.rudder is None else None,
            rudder_turns=2 if plane.rudder is None else 0, forced="dive",
            pilot_target=None)))
    return out


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_le_secret_views_of_others_do_not_depend_on_a_seats_secrets(seed: int,
                                                                    pick: int) -> None:
    for match in random_play(GAME, OPTIONS, seed, pick, max_decisions=400):
        state = match.state
        if state.phase == "over":
            continue
        seats = list(GAME.seats(state))
        for seat in seats:
            viewers: list[str | None] = [s for s in seats if s != seat]
            viewers.append(None)
            for variant in secret_variants(state, seat):
                for viewer in viewers:
                    assert GAME.view(variant, viewer) == GAME.view(state, viewer), (
                        f"{viewer or 'spectator'} sees a secret of {seat}")


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_le_secret_private_events_go_to_their_pilot_only(seed: int, pick: int) -> None:
    *_, match = random_play(GAME, OPTIONS, seed, pick, max_decisions=600)
    seats = list(GAME.seats(match.state))
    for viewer in (*seats, None):
        for event in match.events_for(viewer):
            if event.kind in PRIVATE_EVENTS:
                assert event.data["seat"] == viewer, f"{viewer} saw {event}"
            if event.kind == "tokens-shown":
                assert viewer is not None and viewer != event.data["seat"]
