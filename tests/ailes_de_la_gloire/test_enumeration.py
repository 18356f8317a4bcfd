"""Les Ailes de la Gloire: the fast enumeration of maneuvers (``maneuver.choices``, which
reads each sheet once and tests codes before altitudes) gives exactly what the rules'
own refusals allow (book: 001_6a970d9ea6ae2da0.txt § 2. Phase de Manœuvre, Restrictions
aux manœuvres, ruling R25), in random games and on hand-made aircraft near every edge,
damaged, gliding, forced."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dogfight.core import new_rng
from dogfight.games.ailes_de_la_gloire.data import LEVELS, dataset, read_code
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.maneuver import (
    base_refusal,
    choices,
    constraints,
    edge_refusal,
)
from dogfight.games.ailes_de_la_gloire.state import ATTITUDES, Choice, Plane
from dogfight.kit.grids import from_offset
from tests.ailes_de_la_gloire.test_secrets import OPTIONS
from tests.conftest import random_play


def reference(plane: Plane, other_edges: str = "forbidden") -> list[Choice]:
    """The book's choices read from the refusals alone, one by one (the slow way)."""
    data = dataset()
    base = []
    for code in data.sheet_of(plane.aircraft).maneuvers:
        for altitude in ATTITUDES:
            choice = Choice(code, altitude)
            if plane.gliding and read_code(code).number not in data.maneuver_rules.glide:
                continue
            if base_refusal(plane, choice, data) is None and \
                    edge_refusal(plane, choice, data, other_edges) is None:
                base.append(choice)
    rules = constraints(plane)
    for keep in range(len(rules), -1, -1):
        kept = [c for c in base if all(rule(plane, c, data) for rule in rules[:keep])]
        if kept:
            return [*kept, Choice("vrille")]
    return [Choice("vrille")]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_choices_agree_with_the_refusals_in_random_games(seed: int, pick: int) -> None:
    for match in random_play(GAME, OPTIONS, seed, pick, max_decisions=120):
        for plane in match.state.planes:
            if plane.placed and plane.flying:
                assert choices(plane, dataset()) == reference(plane)


@settings(max_examples=80, deadline=None)
@given(column=st.integers(0, 19), row=st.integers(0, 17), facing=st.integers(0, 5),
       level=st.sampled_from(LEVELS), previous=st.sampled_from(
           [None, "OV2", "2A1", "3A2", "5A4", "28G2", "31D2", "1A1", "16G3", "27G2"]),
       fuel=st.integers(0, 12), aircraft=st.sampled_from(["spad-13", "fokker-d7",
                                                           "bristol-f2b", "albatros-d3"]),
       damage=st.sampled_from(["none", "no_special", "no_fast", "fire", "novice",
                               "rudder", "forced", "must_max_speed", "wound"]),
       edges=st.sampled_from(["forbidden", "disengage"]))
def test_choices_agree_with_the_refusals_anywhere(column: int, row: int, facing: int,
                                                   level: str, previous: str | None,
                                                   fuel: int, aircraft: str, damage: str,
                                                   edges: str) -> None:
    enemy = "albatros-d3" if dataset().aircraft[aircraft].side == "allied" else "spad-7"
    state = GAME.setup({"flyers": [{"aircraft": aircraft}, {"aircraft": enemy}]}, new_rng(1))
    plane = replace(state.planes[0], cell=from_offset(column, row), facing=facing,
                    level=level, previous=previous, fuel=fuel, placed=True)
    changes = {"no_special": {"no_special": True}, "no_fast": {"no_fast": True},
               "fire": {"fire": True}, "novice": {"novice": True},
               "rudder": {"rudder": "G", "rudder_turns": 2},
               "forced": {"forced": "climb"}, "must_max_speed": {"must_max_speed": True},
               "wound": {"wound_straight": 1, "wound_slower": True}}.get(damage, {})
    plane = replace(plane, **changes)  # type: ignore[arg-type]
    fast, slow = choices(plane, dataset(), edges), reference(plane, edges)
    assert fast == slow, (plane, set(map(str, fast)) ^ set(map(str, slow)))
