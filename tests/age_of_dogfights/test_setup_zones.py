"""The target zones placed by agreement at the set-up (book: 003_24ea110dc1b5a4d6.txt
§ MARQUEURS DE ZONE CIBLE: "at agreed or given positions"; § RECONNAISSANCE: "3 + 3
target zones, each player's three on the side opposite his start, symmetrically")."""

from __future__ import annotations

import pytest

from dogfight.core import IllegalDecision, Match
from dogfight.games.age_of_dogfights import reconnaissance
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.kit.grids import TriangleGrid, from_offset

BOOK = "book: 003_24ea110dc1b5a4d6.txt § MARQUEURS DE ZONE CIBLE"
AGREED = {"mode": "reconnaissance", "target_zones": "agreed"}
GRID = TriangleGrid(36, 15)


def agreed_match(**more: object) -> Match:
    return Match.new(GAME, {**AGREED, **more}, 3)


def test_marqueurs_de_zone_cible_the_first_player_proposes_before_the_aircraft() -> None:
    """§ MARQUEURS DE ZONE CIBLE: placed before the game; the first player (R11) begins,
    and may propose the given positions at once."""
    match = agreed_match(first="germany")
    assert match.state.phase == "targets"
    assert {s: p.kind for s, p in match.pending.items()} == {"germany": "target-zones"}
    legal = GAME.legal(match.state, "germany")
    assert legal[0] == {"given": True}
    assert all(d["zone"] == "A" for d in legal[1:])
    assert match.observe(None)["view"]["zones"] == {"allies": {}, "germany": {}}


def test_marqueurs_de_zone_cible_zones_placed_one_by_one_then_agreed() -> None:
    """§ MARQUEURS DE ZONE CIBLE: A, B, C placed in the other player's half, clear of the
    border zone; § RECONNAISSANCE: the Germans' three mirror them; the other player
    agrees and the set-up goes on (MISE EN PLACE)."""
    match = agreed_match()
    for zone, (column, row) in zip("ABC", [(20, 2), (24, 6), (30, 11)], strict=True):
        match.submit("allies", {"zone": zone, "column": column, "row": row})
    assert {s: p.kind for s, p in match.pending.items()} == {"germany": "target-answer"}
    draft = match.observe("allies")["view"]["zone_draft"]
    assert draft["zones"] == [[20, 2], [24, 6], [30, 11]] and draft["answering"]
    match.submit("germany", {"agree": True})
    assert match.state.targets == ((20, 2), (24, 6), (30, 11))
    assert match.state.phase == "place"
    assert {p.kind for p in match.pending.values()} == {"access"}
    zones = reconnaissance.zones_of(match.state, GRID, "allies")
    assert zones["A"] == frozenset(from_offset(20 + c, 2 + r) for c in range(3)
                                   for r in range(2))
    mirrored = reconnaissance.zones_of(match.state, GRID, "germany")
    assert mirrored["C"] == frozenset(from_offset(3 + c, 11 + r) for c in range(3)
                                      for r in range(2))
    view = match.observe(None)["view"]
    assert view["zone_draft"] is None
    assert [20, 2] in view["zones"]["allies"]["A"] and [3, 11] in view["zones"]["germany"]["C"]


def test_marqueurs_de_zone_cible_refusals_cite_the_book() -> None:
    """§ MARQUEURS DE ZONE CIBLE: a zone in one's own half, in the border zone, over
    another zone, or out of turn is refused, and the refusal changes nothing."""
    match = agreed_match()
    before = match.digest()
    for wrong in ({"zone": "A", "column": 5, "row": 3},     # the allies' own half
                  {"zone": "A", "column": 34, "row": 3},    # the border zone
                  {"zone": "B", "column": 20, "row": 3}):   # B before A
        with pytest.raises(IllegalDecision) as refused:
            match.submit("allies", wrong)
        assert refused.value.rule == BOOK
    assert match.digest() == before
    match.submit("allies", {"zone": "A", "column": 20, "row": 3})
    with pytest.raises(IllegalDecision):
        match.submit("allies", {"zone": "B", "column": 21, "row": 4})  # over A
    with pytest.raises(IllegalDecision):
        match.submit("allies", {"given": True})  # only before the first zone


def test_marqueurs_de_zone_cible_proposals_answered_the_third_stands() -> None:
    """§ MARQUEURS DE ZONE CIBLE, by agreement: the other player proposes back; after the
    third proposal (derived) only agreeing is left."""
    match = agreed_match()
    match.submit("allies", {"given": True})
    match.submit("germany", {"agree": False})
    assert {s: p.kind for s, p in match.pending.items()} == {"germany": "target-zones"}
    match.submit("germany", {"given": True})
    match.submit("allies", {"agree": False})
    match.submit("allies", {"given": True})
    assert GAME.legal(match.state, "germany") == [{"agree": True}]
    with pytest.raises(IllegalDecision):
        match.submit("germany", {"agree": False})
    match.submit("germany", {"agree": True})
    given = reconnaissance.given_corners(GAME.dataset, GRID)
    assert match.state.targets == given
    assert reconnaissance.zones_of(match.state, GRID, "allies") == \
        reconnaissance.target_zones(GAME.dataset, GRID, "allies")


def test_marqueurs_de_zone_cible_long_sides_mirror_north_south() -> None:
    """§ RECONNAISSANCE on the long sides (MISE EN PLACE): the allies' zones in the
    northern half, the Germans' their mirror in the southern one."""
    match = agreed_match(sides="long", rules={"hidden_pilots": True})
    legal = GAME.legal(match.state, "allies")
    assert max(d["row"] for d in legal[1:]) + 2 <= 7
    match.submit("allies", {"zone": "A", "column": 4, "row": 2})
    match.submit("allies", {"zone": "B", "column": 14, "row": 4})
    match.submit("allies", {"zone": "C", "column": 28, "row": 3})
    match.submit("germany", {"agree": True})
    assert match.state.phase == "pilots"  # the secret slips follow (PILOTES)
    german = reconnaissance.zones_of(match.state, GRID, "germany")
    assert from_offset(4, 11) in german["A"] and from_offset(4, 12) in german["A"]


def test_marqueurs_de_zone_cible_given_by_default_and_in_a_dogfight() -> None:
    """§ MARQUEURS DE ZONE CIBLE: "given positions" stay the default; the dogfight and the
    breakthrough have no zones to agree on."""
    assert Match.new(GAME, {"mode": "reconnaissance"}, 1).state.phase == "place"
    for mode in ("dogfight", "breakthrough"):
        state = Match.new(GAME, {"mode": mode, "target_zones": "agreed"}, 1).state
        assert state.phase == "place"


def test_marqueurs_de_zone_cible_the_pilots_fly_to_the_agreed_zones() -> None:
    """§ MARQUEURS DE ZONE CIBLE: the computer pilots read the zones from the view, so
    with zones agreed away from the given positions they aim at the agreed ones."""
    from dogfight.ai.age_of_dogfights import targets_in

    match = agreed_match()
    for zone, (column, row) in zip("ABC", [(20, 2), (24, 6), (30, 11)], strict=True):
        match.submit("allies", {"zone": zone, "column": column, "row": row})
    match.submit("germany", {"agree": True})
    for seat in ("allies", "germany"):
        read = dict(targets_in(match.observe(seat)["view"], seat))
        assert read == reconnaissance.zones_of(match.state, GRID, seat)
        assert read != reconnaissance.target_zones(GAME.dataset, GRID, seat)
