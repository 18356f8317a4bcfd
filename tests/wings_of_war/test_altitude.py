"""Wings of War altitude rules (book: 000_caefe768ab735396.txt § ALTITUDE, § PLONGÉE,
§ MONTER, § MANŒUVRES D'IMMELMANN, § SPLIT-S, § VISÉE BLOQUÉE, § TIR, § POURSUITE,
§ ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS)."""

from __future__ import annotations

from typing import Any

from dogfight.core import Match
from dogfight.games.wings_of_war.data import dataset
from tests.wings_of_war.helpers import A, C, D, game, get, kinds, plan, plane

ALT = {"altitude": True}
BIG = {"area": {"width": 3000.0, "height": 2000.0}}


def lone(aircraft: str, altitude: int, **kw: Any) -> Match:
    """One aircraft of each side, far apart, flying their own way."""
    return game(plane("me", "allies", aircraft, 200, 1000, 0, altitude),
                plane("far", "central", "fokker-dr1", 2800, 1800, 180, 1),
                rules={**ALT, **kw.pop("rules", {})}, **BIG, **kw)


def test_climb_table_is_the_books() -> None:
    """§ MONTER: the table of maximum altitude and climb value, exactly."""
    data = dataset().aircraft
    table = {"albatros-d5a": (13, 3), "fokker-dr1": (13, 2), "sopwith-camel": (13, 2),
             "spad-13": (14, 3), "halberstadt-d3": (10, 5), "dh4": (11, 4),
             "breguet-14": (12, 4), "sopwith-snipe": (14, 2)}
    for key, (ceiling, climb) in table.items():
        assert (data[key].max_altitude, data[key].climb) == (ceiling, climb)
    assert len(data) >= 21


def test_starting_altitude_is_1_2_or_3() -> None:
    """§ ALTITUDE: each aircraft starts at 1, 2 or 3."""
    import pytest

    from dogfight.core import InvalidOptions

    with pytest.raises(InvalidOptions,
                       match=r"\(Albatros D.Va\): the starting altitude is from 1 to 3"):
        lone("albatros-d5a", 4)


def test_example_albatros_climbs_to_level_3_with_its_third_counter() -> None:
    """§ MONTER, EXEMPLE: an Albatros D.Va (climb 3) at 2 with two counters climbs: the
    third counter takes it to 3 and the counters are discarded."""
    match = lone("albatros-d5a", 2)
    plan(match, me=[C["climb"], 1, 2], far=[1, 2, 3])
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (2, 1)
    plan(match, me=[C["climb"], 1, 2], far=[1, 2, 3])
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (2, 2)
    plan(match, me=[C["climb"], 1, 2], far=[1, 2, 3])
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (3, 0)


def test_no_climb_above_altitude_3() -> None:
    """§ ALTITUDE: a card taking the aircraft to 4 is illegal."""
    match = lone("fokker-dr1", 3)
    plan(match, me=[D["climb"], 1, D["climb"] - 1], far=[1, 2, 3])  # climb, straight, stall
    plan(match, me=[D["climb"], 1, 2], far=[1, 2, 3])
    reasons = [e.data["reason"] for e in kinds(match, "illegal")]
    assert "it would take the aircraft above altitude 3" in reasons


def test_dive_loses_a_level_and_keeps_one_counter_at_zero() -> None:
    """§ PLONGÉE: a dive loses one level and discards the climb counters; down at 0 the
    aircraft keeps (or gets) one counter."""
    match = lone("spad-13", 1)
    plan(match, me=[A["dive"], 1, 2], far=[1, 2, 3])
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (0, 1)


def test_touching_the_ground_away_from_a_field_is_a_crash() -> None:
    """§ ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS: losing the last counter at 0 outside the
    landing field: a crash, four A cards (points, explosions and fire only)."""
    match = lone("spad-13", 1, stacked={"A": [1, 2, 3, 7]})
    plan(match, me=[A["dive"], 1, A["dive"] - 1], far=[1, 2, 3])  # dive, straight, climb
    plan(match, me=[A["dive"], 1, 2], far=[1, 2, 3])
    me = get(match, "me")
    assert me.status == "ground" and me.damage == 1
    assert kinds(match, "crashed")[0].data["plane"] == "me"


def test_immelmann_gives_a_climb_counter_and_not_with_a_climb() -> None:
    """§ MANŒUVRES D'IMMELMANN: a climb counter; not in the same turn as a climb."""
    match = lone("albatros-d5a", 1)
    plan(match, me=[1, C["immelmann"], 2], far=[1, 2, 3])
    assert get(match, "me").climb_counters == 1
    match = lone("albatros-d5a", 1)
    plan(match, me=[C["climb"], 1, C["immelmann"]], far=[1, 2, 3])
    reasons = [e.data["reason"] for e in kinds(match, "illegal")]
    assert "no Immelmann in the same turn as a climb" in reasons


def test_example_split_s_albatros_and_camel() -> None:
    """§ SPLIT-S, EXAMPLE: an Albatros D.Va (climb 3) at 3 without counters flies a
    sideslip right, a stall and the Immelmann card as a Split-S: it goes to 2 with 2
    counters (3-1). A Sopwith Camel would get only 1 (2-1)."""
    match = lone("albatros-d5a", 3)
    plan(match, me=[C["sideslip right"], C["stall"], C["immelmann"]], far=[1, 2, 3])
    assert not kinds(match, "illegal")
    assert get(match, "me").last_kind == "split-s"
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (2, 2)
    camel = lone("sopwith-camel", 3)
    plan(camel, me=[D["bank right"], D["stall"], D["immelmann"]], far=[1, 2, 3])
    assert (get(camel, "me").altitude, get(camel, "me").climb_counters) == (2, 1)


def test_split_s_at_zero_without_counters_crashes() -> None:
    """§ SPLIT-S: at altitude 0, losing the last counter to a Split-S crashes."""
    match = lone("albatros-d5a", 1)
    plan(match, me=[C["dive"], 1, 2], far=[1, 2, 3])  # to 0 with one counter
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (0, 1)
    plan(match, me=[C["bank left"], C["stall"], C["immelmann"]], far=[1, 2, 3])
    assert get(match, "me").status == "crashed"


def test_no_split_s_in_the_same_turn_as_a_dive() -> None:
    """§ SPLIT-S: not in the same turn as a dive (the dive being steep, only a Split-S
    that opens the turn after a stall can share a turn with one)."""
    match = lone("albatros-d5a", 3)
    plan(match, me=[1, C["bank left"], C["stall"]], far=[1, 2, 3])
    plan(match, me=[C["immelmann"], 1, C["dive"]], far=[1, 2, 3])
    reasons = [e.data["reason"] for e in kinds(match, "illegal")]
    assert get(match, "me").last_kind != "dive"
    assert "no dive in the same turn as a Split-S" in reasons


def test_the_dive_is_a_steep_maneuver() -> None:
    """§ PLONGÉE FORCÉE: 'La plongée est une manœuvre en piqué' (and the Italian text):
    without the forced dive variant, no dive right after a stall."""
    match = lone("albatros-d5a", 3)
    plan(match, me=[C["stall"], C["dive"], 1], far=[1, 2, 3])
    assert kinds(match, "illegal")[0].data["reason"] == "two steep maneuvers in a row"


def test_example_a_dive_is_not_a_straight_before_an_immelmann() -> None:
    """§ PLONGÉE, EXEMPLE: dive, Immelmann, straight cannot be planned: the Immelmann
    needs a straight before it."""
    match = lone("albatros-d5a", 2)
    plan(match, me=[C["dive"], C["immelmann"], 1], far=[1, 2, 3])
    assert kinds(match, "illegal")[0].data["reason"] == "an Immelmann must follow a straight"


def test_example_engine_damage_straight_climb_sideslip_is_illegal() -> None:
    """§ MONTER, EXEMPLE: with engine damage, straight + climb + sideslip left is not
    allowed: a stall every turn."""
    import msgspec

    match = lone("albatros-d5a", 1, rules={"special_damage": True})
    match.state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, engine=1, engine_turn=0) if p.id == "me" else p
        for p in match.state.planes))
    plan(match, me=[1, C["climb"], C["sideslip left"]], far=[1, 2, 3])
    assert kinds(match, "illegal")[0].data["reason"] == \
        "a damaged engine forces a stall every turn"


# -- fire and altitude --------
def _fire_slots(me_alt: int, them_alt: int, gap: float) -> Any:
    """SPAD (straight: 159) behind a Fokker Dr.I (stall: 82), ``gap`` between stands
    after the move."""
    match = game(plane("spad", "allies", "spad-13", 100, 450, 0, me_alt),
                 plane("fokker", "central", "fokker-dr1", 100 + 159 - 82 + gap, 450, 0,
                       them_alt), rules=ALT)
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], 1, 2])
    return match.state.fire_slots if match.state.maneuver == 1 else ()


def test_fire_one_level_apart_is_long_range_within_half_a_ruler() -> None:
    """§ TIR (altitude): one level apart, short range counts as long range (one card);
    more than half a ruler away, no fire; two levels apart, no fire."""
    assert _fire_slots(2, 2, 75)[0].targets == (("fokker", 2),)
    assert _fire_slots(2, 1, 75)[0].targets == (("fokker", 1),)
    assert _fire_slots(2, 2, 110)[0].targets == (("fokker", 1),)
    assert not _fire_slots(2, 1, 110)
    assert not _fire_slots(3, 1, 75)


def test_only_aircraft_at_the_same_level_block() -> None:
    """§ VISÉE BLOQUÉE: at the same altitude, only aircraft at that altitude block."""
    def blocked(blocker_alt: int) -> bool:
        match = game(plane("spad", "allies", "spad-13", 100, 450, 0, 2),
                     plane("fokker", "central", "fokker-dr1", 307, 450, 0, 2),
                     plane("nieuport", "allies", "nieuport-17", 186, 450, 0, blocker_alt),
                     rules=ALT)
        plan(match, spad=[1, 2, 3], nieuport=[1, 2, 3], fokker=[D["stall"], 1, 2])
        return not any(s.plane == "spad" for s in match.state.fire_slots)

    assert blocked(2) and not blocked(3)


def test_tailing_across_levels() -> None:
    """§ POURSUITE (altitude): the tailer may be one level higher, not two, not lower."""
    def tails(me: int, them: int) -> bool:
        match = game(plane("spad", "allies", "spad-13", 300, 450, 0, me),
                     plane("fokker", "central", "fokker-dr1", 390, 450, 0, them),
                     rules={**ALT, "tailing": True})
        return get(match, "spad").tailing == "fokker"

    assert tails(2, 2) and tails(3, 2) and not tails(3, 1) and not tails(1, 2)


def test_roland_rear_gun_fires_all_round_at_higher_targets() -> None:
    """§ RÈGLE SPÉCIALE POUR LE ROLAND C.: its rear gun ignores the arc against a higher
    target."""
    def rear_targets(them_alt: int) -> Any:
        match = game(plane("roland", "central", "roland-c2", 300, 450, 0, 1),
                     plane("spad", "allies", "spad-13", 300 + 144 - 95 + 10, 450 + 70, 0,
                           them_alt), rules=ALT, **BIG)
        plan(match, roland=[1, 2, 3], spad=[A["stall"], 1, 2])
        return [s.targets for s in match.state.fire_slots
                if s.plane == "roland" and s.arc == "rear"]

    assert rear_targets(2) and not rear_targets(1)
