"""Les Ailes de la Gloire, what the hex board draws (``view.py``): the map's zones, each
aircraft's tailing arcs and fire range, and where each maneuver a pilot may write would
end — computed by the rules' own functions, and the preview only in its pilot's own
view (LE SECRET). Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dogfight.core import decide, observe
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.tailing import in_position
from dogfight.kit.grids import to_offset
from tests.ailes_de_la_gloire.helpers import placed
from tests.ailes_de_la_gloire.test_secrets import OPTIONS, secret_variants
from tests.conftest import random_play


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_le_secret_the_preview_of_the_maneuvers_is_its_pilots_alone(seed: int,
                                                                      pick: int) -> None:
    """§ LE SECRET, § 2. Phase de Manœuvre: a seat writing its maneuver sees where each
    code it may write ends (the pages' hints); nobody else gets any preview, and no view
    carries one."""
    for match in random_play(GAME, {}, seed, pick, max_decisions=120):
        state = match.state
        for seat in GAME.seats(state):
            seen = observe(GAME, state, seat)
            codes = {d["code"] for d in seen.get("legal", []) if "code" in d}
            assert set(GAME.hints(state, seat).get("preview", {})) == codes
            assert "preview" not in seen["view"]


def test_4_le_mouvement_the_preview_is_where_the_maneuver_ends() -> None:
    """§ 4. Le Mouvement: each previewed end hex and facing is where the written
    maneuver takes the aircraft."""
    state, _ = placed(["spad-13", "fokker-d7"], [(5, 10, 0, "TB"), (14, 10, 3, "TB")])
    state = turn.proceed(state, [])
    while "allied-13" not in GAME.pending(state) or \
            GAME.pending(state)["allied-13"].kind != "maneuver":
        seat = sorted(GAME.pending(state))[0]
        state = decide(GAME, state, seat, GAME.legal(state, seat)[0]).state
    preview = GAME.hints(state, "allied-13")["preview"]
    code = "4A3" if "4A3" in preview else sorted(c for c in preview if c != "vrille")[0]
    state = decide(GAME, state, "allied-13", {"code": code, "altitude": "level"}).state
    for seat in sorted(GAME.pending(state)):
        state = decide(GAME, state, seat, {"code": "vrille"}).state
    plane = state.plane("allied-13")
    assert plane.cell is not None
    assert [*to_offset(plane.cell)] == preview[code]["cell"]
    assert plane.facing == preview[code]["facing"]


def test_la_definition_de_la_poursuite_the_arcs_drawn_are_the_tailing_arcs() -> None:
    """§ La Définition de la Poursuite: an aircraft in another's front arc, which has it
    in its rear arc, is in a position to tail it; the arcs drawn say the same."""
    state, _ = placed(["spad-13", "fokker-d7"], [(5, 10, 0, "TB"), (7, 10, 0, "TB")])
    arcs = GAME.hints(state, "german-49")["arcs"]
    spad, fokker = state.plane("allied-13"), state.plane("german-49")
    assert fokker.cell is not None and spad.cell is not None
    assert [*to_offset(fokker.cell)] in arcs["allied-13"]["front"]
    assert [*to_offset(spad.cell)] in arcs["german-49"]["rear"]
    assert [*to_offset(fokker.cell)] in arcs["allied-13"]["fire"]
    assert in_position(spad, fokker)
    zones = GAME.view(state, None)["zones"]
    assert zones["edges"] == {"allied": "west", "german": "east"}


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_le_secret_no_hints_depend_on_another_seats_secrets(seed: int, pick: int) -> None:
    """§ LE SECRET: what the pages draw for one seat (its hints) is the same whatever
    another seat wrote, holds in its boxes, tank and guns."""
    for match in random_play(GAME, OPTIONS, seed, pick, max_decisions=200):
        state = match.state
        if state.phase == "over":
            continue
        seats = list(GAME.seats(state))
        for seat in seats:
            for variant in secret_variants(state, seat):
                for viewer in [s for s in seats if s != seat]:
                    assert GAME.hints(variant, viewer) == GAME.hints(state, viewer)
