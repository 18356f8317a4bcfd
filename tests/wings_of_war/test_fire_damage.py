"""Wings of War: fire and damage (book: 000_caefe768ab735396.txt § TIR, § DÉGÂTS,
§ MITRAILLEUSES ENRAYÉES ET EXPLOSIONS, § CHEVAUCHEMENT, § VICTOIRE)."""

from __future__ import annotations

import pytest

from dogfight.core import IllegalDecision, Match
from tests.wings_of_war.helpers import (
    WOW,
    A,
    D,
    fire,
    game,
    get,
    kinds,
    plan,
    plane,
)

# damage deck A, by corner number (data/damage.toml): 1-6 are 0 points, 7-12 one,
# 13-18 two, 19-22 three, 23-25 four, 26-27 five, 28-29 jam, 30 explosion,
# 31/32 rudder left/right, 33-34 pilot wounded (3), 35 wounded (2), 36-37 engine,
# 38-39 smoke, 40-41 fire.


def spad_fokker_example(**kw: object) -> Match:
    """§ MOUVEMENT, EXEMPLE: the SPAD turns left, the Fokker sideslips right (steep)."""
    match = game(plane("spad", "allies", "spad-13", 300, 300, 0),
                 plane("fokker", "central", "fokker-dr1", 321, 508, 0), **kw)  # type: ignore[arg-type]
    plan(match, spad=[A["turn left"], 1, 2], fokker=[D["sideslip right"], 1, 2])
    return match


def test_example_spad_fires_at_short_range_the_fokker_cannot_fire() -> None:
    """§ MOUVEMENT, EXEMPLE: after the move the SPAD fires at short range, the Fokker
    draws 2 cards of deck A; the Fokker cannot fire (the SPAD is outside its arc)."""
    match = spad_fokker_example(stacked={"A": [19, 7]})
    assert [(s.plane, s.arc, s.targets) for s in match.state.fire_slots] == [
        ("spad", "front", (("fokker", 2),))]
    assert match.pending.keys() == {"allies"}
    fire(match, spad="fokker")
    drawn = kinds(match, "damage-card")
    assert [(e.data["letter"], e.data["points"]) for e in drawn] == [("A", 3), ("A", 1)]
    assert get(match, "fokker").damage == 4


def test_fire_is_optional() -> None:
    """§ TIR: 'Le tir n'est pas obligatoire'."""
    match = spad_fokker_example()
    fire(match, spad=None)
    assert get(match, "fokker").damage == 0 and kinds(match, "held-fire")


def test_second_half_of_the_ruler_draws_one_card() -> None:
    """§ TIR: reached only by the second half of the ruler: one card."""
    # after the move: SPAD at x 259 (a straight: 95 + one base), Fokker at 369 (a stall)
    match = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 287, 450, 0))
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    slot = match.state.fire_slots[0]
    assert slot.plane == "spad" and slot.targets == (("fokker", 1),)


def test_out_of_range_or_arc_no_fire_and_a_precise_refusal() -> None:
    match = spad_fokker_example()
    with pytest.raises(IllegalDecision, match="'central' has nothing to decide now"):
        match.submit("central", {"plane": "fokker", "arc": "front", "target": "spad"})
    with pytest.raises(IllegalDecision, match="spad has no 'rear' gun to fire now"):
        match.submit("allies", {"plane": "spad", "arc": "rear", "target": "fokker"})
    with pytest.raises(IllegalDecision, match="plane 'fokker' is not flown by seat 'allies'"):
        match.submit("allies", {"plane": "fokker", "arc": "front", "target": "spad"})


def test_line_of_fire_blocked_by_any_other_base() -> None:
    """§ TIR: no fire through other aircraft, friend or foe."""
    open_shot = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                     plane("fokker", "central", "fokker-dr1", 307, 450, 0))
    plan(open_shot, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    assert open_shot.state.fire_slots[0].targets == (("fokker", 1),)
    # a friendly Nieuport ends between them (x 325), its base not touching the SPAD's
    blocked = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                   plane("fokker", "central", "fokker-dr1", 307, 450, 0),
                   plane("nieuport", "allies", "nieuport-17", 186, 450, 0))
    plan(blocked, spad=[1, 2, 3], nieuport=[1, 2, 3], fokker=[D["stall"], 1, 2])
    assert not any(s.plane == "spad" for s in blocked.state.fire_slots)


def test_overlapping_bases_cannot_fire_at_each_other() -> None:
    """§ CHEVAUCHEMENT: overlapping aircraft cannot fire at each other."""
    match = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 217, 450, 0),
                 rules={"tournament": True})
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    assert geo_overlap(match)
    assert not any(s.plane == "spad" and s.targets for s in match.state.fire_slots)


def geo_overlap(match: Match) -> bool:
    from dogfight.games.wings_of_war.geometry import bases_overlap

    return bases_overlap(get(match, "spad").pose, get(match, "fokker").pose, 64, 42)


def test_damage_is_simultaneous_so_a_plane_shot_down_still_fires() -> None:
    """§ DÉGÂTS: all damage is resolved when all have fired: an aircraft shot down in
    this phase still fires."""
    match = game(plane("spad", "allies", "spad-13", 300, 450, 0),
                 plane("spad2", "allies", "spad-13", 300, 520, 0),
                 plane("fokker", "central", "fokker-dr1", 600, 480, 180),
                 stacked={"A": [26, 27, 23, 24, 19]})
    plan(match, spad=[A["stall"], 1, 2], spad2=[A["stall"], 1, 2], fokker=[1, 2, 3])
    assert [(s.plane, s.targets) for s in match.state.fire_slots] == [
        ("spad", (("fokker", 2),)), ("spad2", (("fokker", 1),)),
        ("fokker", (("spad", 2), ("spad2", 1)))]
    fire(match, spad="fokker", spad2="fokker", fokker="spad")
    assert get(match, "fokker").damage == 14 and get(match, "fokker").status == "shot-down"
    assert get(match, "spad").damage == 7  # the Fokker's shot still counts
    assert [e.data["plane"] for e in kinds(match, "fire")] == ["spad", "spad2", "fokker"]
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.scores == {"allies": 2.0, "central": 0.0}


def test_damage_total_is_secret_the_card_count_is_public() -> None:
    """§ DÉGÂTS: cards looked at secretly, the total not announced."""
    match = spad_fokker_example(stacked={"A": [19, 7]})
    fire(match, spad="fokker")
    theirs = next(p for p in WOW.view(match.state, "allies")["planes"] if p["id"] == "fokker")
    mine = next(p for p in WOW.view(match.state, "central")["planes"] if p["id"] == "fokker")
    assert "damage" not in theirs and theirs["damage_cards"] == 2
    assert mine["damage"] == 4
    private = kinds(match, "damage-card")
    assert all(e.to == ("central",) for e in private)


def test_a_jam_card_jams_the_shooter_for_three_maneuvers() -> None:
    """§ MITRAILLEUSES ENRAYÉES: the card is revealed; the shooter cannot fire after
    each of the next three maneuvers; two jams at once still three."""
    match = game(plane("spad", "allies", "spad-13", 100, 450, 0),
                 plane("fokker", "central", "fokker-dr1", 252, 450, 0),
                 stacked={"A": [28, 29]})
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    fire(match, spad="fokker")
    jams = kinds(match, "jam")
    assert len(jams) == 2 and jams[0].to is None and jams[0].data["plane"] == "spad"
    # three counters, one discarded after each maneuver: phases 2 and 3 flew by
    spad = get(match, "spad")
    assert match.state.turn == 2 and (spad.front.jam, spad.front.silent) == (1, 1)
    assert WOW.view(match.state, "central")["planes"][0]["guns"]["front"]["jam"] == 1
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    spad = get(match, "spad")
    assert (spad.front.jam, spad.front.silent) == (0, 0)


def test_an_explosion_eliminates_at_once() -> None:
    """§ MITRAILLEUSES ENRAYÉES ET EXPLOSIONS: ☠, the target explodes."""
    match = spad_fokker_example(stacked={"A": [30, 1]})
    fire(match, spad="fokker")
    assert get(match, "fokker").status == "exploded"
    assert kinds(match, "explosion")[0].to is None
    assert match.over and match.outcome().winner == "allies"  # type: ignore[union-attr]
