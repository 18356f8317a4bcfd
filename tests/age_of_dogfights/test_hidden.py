"""Hidden pilots (book: 003_24ea110dc1b5a4d6.txt § PILOTES): each player's slips are his
secret until the aircraft fires; no other seat's view, nor the spectator's, nor an event
shown to them, depends on them; a sampled state for a search pilot keeps the seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.core import DogfightError, canonical_json, get_game, new_rng, observe
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


MODES = ("dogfight", "reconnaissance", "bombing", "breakthrough", "combined", "general")


def public_events(events: Any, viewer: str | None) -> list[Any]:
    """The events ``viewer`` (None: the spectator) is shown."""
    return [(e.kind, e.data) for e in events
            if e.to is None or (viewer is not None and viewer in e.to)]


@pytest.mark.parametrize("mode", MODES)
def test_pilotes_no_slip_leaks_in_any_mode_to_any_seat(mode: str) -> None:
    """§ PILOTES (the hidden variant), over whole random games of every mode: at every
    state, changing one player's slips not yet shown changes nothing that the other
    player or the spectator observes (view, who must decide, his prompt and legal
    decisions, the outcome), and the next decision gives them the same events, unless
    it shows a slip (the aircraft fires)."""
    options = {**OPTIONS, "mode": mode, "turns": 2}
    shown_at_end = False
    for match in random_play(GAME, options, SEEDS[mode], 7, max_decisions=2000):
        state = match.state
        if match.over:
            shown_at_end = all(v["pilot"] is not None for v in
                               GAME.view(state, None)["aircraft"].values())
            break
        (mover, *_) = match.pending
        decision = GAME.legal(state, mover)[0]
        real = GAME.apply(state, mover, decision).events
        for owner in SEATS:
            others = [s for s in (*SEATS, None) if s != owner]
            seen = {s: canonical_json(observe(GAME, state, s)) for s in others}
            for variant in variants(state, owner)[:2]:
                for s in others:
                    assert canonical_json(observe(GAME, variant, s)) == seen[s], (owner, s)
                try:
                    moved = GAME.apply(variant, mover, decision).events
                except DogfightError:
                    continue  # the owner's own decision may differ with his own slips
                if any(e.kind == "pilot-revealed" for e in (*real, *moved)):
                    continue
                for s in others:
                    assert public_events(moved, s) == public_events(real, s), (owner, s)
    assert match.over and shown_at_end
    marked = [e for e in match.events if e.kind == "pilot-marked"]
    assert all(e.to is not None and len(e.to) == 1 for e in marked)


SEEDS = {mode: 11 + i for i, mode in enumerate(MODES)}
