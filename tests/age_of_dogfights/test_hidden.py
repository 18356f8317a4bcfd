"""Hidden pilots (book: 003_24ea110dc1b5a4d6.txt § PILOTES): each player's slips are his
secret until the aircraft fires; no other seat's view, nor the spectator's, nor an event
shown to them, depends on them; a sampled state for a search pilot keeps the seat's view."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.core import canonical_json, get_game, new_rng
from dogfight.games.age_of_dogfights.state import SEATS, AgeState
from tests.conftest import random_play

GAME = get_game("age-of-dogfights")
OPTIONS: dict[str, Any] = {"rules": {"hidden_pilots": True}, "turns": 3}


def variants(state: AgeState, owner: str) -> list[AgeState]:
    """States differing from ``state`` only in ``owner``'s slips not yet shown."""
    out = []
    for i, a in enumerate(state.aircraft):
        if a.seat == owner and not a.revealed:
            for pilot in ("average", "ace", "rookie"):
                if pilot != a.pilot:
                    planes = list(state.aircraft)
                    planes[i] = replace(a, pilot=pilot)  # type: ignore[arg-type]
                    out.append(replace(state, aircraft=tuple(planes)))
    return out


@settings(max_examples=3)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_pilotes_slips_stay_secret_until_the_aircraft_fires(seed: int, pick: int) -> None:
    """§ PILOTES: the slips are shown only when the aircraft fires."""
    for match in random_play(GAME, OPTIONS, seed, pick, max_decisions=300):
        state = match.state
        if match.over:  # the end shows every slip
            break
        if len(match.actions) % 10:
            continue
        for owner in SEATS:
            others = [s for s in (*SEATS, None) if s != owner]
            views = {s: canonical_json(GAME.view(state, s)) for s in others}
            for variant in variants(state, owner)[:4]:
                for s in others:
                    assert canonical_json(GAME.view(variant, s)) == views[s]
    for event in match.events:
        if event.kind == "pilot-marked":
            assert event.to is not None and len(event.to) == 1


def test_pilotes_a_slip_is_shown_when_its_aircraft_fires() -> None:
    """§ PILOTES: marking is secret (a private event, a public "slip written"); the view
    of the other player shows no pilot until the aircraft fires."""
    state = GAME.setup(OPTIONS, new_rng(3))
    assert state.phase == "pilots" and GAME.pending(state).keys() == {"allies"}
    step = GAME.apply(state, "allies", {"aircraft": "britain-4", "pilot": "ace"})
    marked = [e for e in step.events if e.kind == "pilot-marked"]
    assert marked[0].to == ("allies",)
    view = GAME.view(step.state, "germany")
    assert view["aircraft"]["britain-4"]["pilot"] is None
    assert GAME.view(step.state, "allies")["aircraft"]["britain-4"]["pilot"] == "ace"
    legal = GAME.legal(step.state, "allies")
    assert {"aircraft": "britain-4", "pilot": "rookie"} not in legal
    sampled = GAME.determinize(step.state, "germany", new_rng(9))
    assert canonical_json(GAME.view(sampled, "germany")) == canonical_json(view)
