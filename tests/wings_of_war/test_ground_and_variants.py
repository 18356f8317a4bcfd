"""Wings of War: the ground (book: 000_caefe768ab735396.txt § ATTERRISSAGE, DÉCOLLAGE ET
ACCIDENTS) and the altitude variants (§ PLONGÉE FORCÉE, § VOLER PLUS HAUT,
§ COUVERTURE NUAGEUSE)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from dogfight.core import IllegalDecision, InvalidOptions, Match
from tests.wings_of_war.helpers import WOW, A, C, D, game, get, kinds, plan, plane

ALT = {"altitude": True}
FIELD = {"x": 545.0, "y": 500.0, "length": 270.0, "width": 90.0, "heading": 0}
FAR = plane("far", "central", "fokker-dr1", 2800, 1800, 180, 1)
BIG = {"area": {"width": 3000.0, "height": 2000.0}}


def airfield(*planes: dict[str, Any], rules: dict[str, bool] | None = None,
             **kw: Any) -> Match:
    return game(*planes, FAR, rules={**ALT, **(rules or {})}, fields=[FIELD], **BIG, **kw)


def stay(match: Match) -> None:
    """Answer the free ground moves before phase 2 by keeping each heading."""
    while match.state.step == "ground-move":
        plane_id = match.state.prompts[-1].data["planes"][0]
        match.submit(get(match, plane_id).seat,
                     {"plane": plane_id, "heading": get(match, plane_id).pose.heading})


def grounded(x: float, **kw: Any) -> Match:
    return airfield({**plane("me", "allies", "spad-13", x, 500, 0), "on_ground": True}, **kw)


# -- landing --------
def test_landing_dive_straight_stall_then_bluff_cards() -> None:
    """§ Atterrissage: at 0 with counters, a dive discards them all (the aircraft
    touches the ground), then a straight, then a stall; the cards after it are not
    flown (bluff). In the next turn it may turn freely before phase 2."""
    field = {**FIELD, "x": 862.0}
    match = game(plane("me", "allies", "spad-13", 100, 500, 0, 1), FAR, rules=ALT,
                 fields=[field], **BIG)
    plan(match, me=[A["dive"], 1, 2], far=[1, 2, 3])  # to 0 with one counter
    assert (get(match, "me").altitude, get(match, "me").climb_counters) == (0, 1)
    plan(match, me=[A["dive"], 1, A["stall"]], far=[1, 2, 3])
    me = get(match, "me")
    assert me.status == "ground" and kinds(match, "touched-down") and kinds(match, "landed")
    assert me.pose.x == pytest.approx(100 + 159 * 3 + 159 + 159 + 86)
    plan(match, me=[1, 2, 3], far=[1, 2, 3])
    assert match.state.step == "ground-move" and match.state.maneuver == 2


def test_bluff_cards_after_landing_are_not_flown() -> None:
    """§ Atterrissage: 'posez des manœuvres après le décrochage pour bluffer'."""
    field = {**FIELD, "x": 1180.0}
    match = game(plane("me", "allies", "spad-13", 100, 500, 0, 1), FAR, rules=ALT,
                 fields=[field], **BIG)
    plan(match, me=[1, 2, A["dive"]], far=[1, 2, 3])  # 0 with a counter
    plan(match, me=[1, 2, A["dive"]], far=[1, 2, 3])  # touches down in the field
    assert get(match, "me").landing == 1
    plan(match, me=[1, A["stall"], 2], far=[1, 2, 3])
    assert kinds(match, "landed") and len(kinds(match, "card-ignored")) == 1


def test_touching_down_outside_a_field_is_an_accident() -> None:
    """§ Accidents: losing the last counter at 0 outside the landing field: a crash,
    four A cards, then immobile for the next turn."""
    match = airfield(plane("me", "allies", "spad-13", 100, 1200, 0, 1),
                     stacked={"A": [1, 2, 7, 8]})
    plan(match, me=[A["dive"], A["dive"] - 1, 1], far=[1, 2, 3])  # dive, climb (to 2 ctr)
    plan(match, me=[A["dive"], 1, 2], far=[1, 2, 3])
    me = get(match, "me")
    crash = kinds(match, "crashed")[0].data
    assert crash["cards"] == 4 and me.damage == 2 and me.status == "ground"
    assert me.immobile_until == match.state.turn
    x = me.pose.x
    plan(match, me=[A["stall"], 1, 2], far=[1, 2, 3])
    assert get(match, "me").pose.x == x  # immobile this turn


# -- take-off ---------------------------------------------------------------------------------
def test_take_off_stall_straight_climb() -> None:
    """§ Décollage: from the landing field, a stall, a straight (still on the ground),
    then the climb card: flying, one stand."""
    match = grounded(420)
    plan(match, me=[A["stall"], 1, A["climb"]], far=[1, 2, 3])
    me = get(match, "me")
    assert me.status == "flying" and (me.altitude, me.climb_counters) == (0, 1)
    assert kinds(match, "took-off")


def test_take_off_may_start_in_a_later_phase_and_a_fake_take_off_stays() -> None:
    """§ Décollage: cards before the stall are ignored (the sequence goes on next turn);
    three cards without a stall: the aircraft neither moves nor turns."""
    match = grounded(420)
    plan(match, me=[A["bank left"], A["stall"], 1], far=[1, 2, 3])
    stay(match)
    assert get(match, "me").takeoff == 2 and get(match, "me").pose.heading == 0
    plan(match, me=[A["climb"], 1, 2], far=[1, 2, 3])
    assert get(match, "me").status == "flying"
    fake = grounded(420)
    plan(fake, me=[1, A["bank left"], A["turn right"]], far=[1, 2, 3])
    stay(fake)
    assert get(fake, "me").pose == msgspec.convert(
        {"x": 420.0, "y": 500.0, "heading": 0}, type(get(fake, "me").pose))


def test_take_off_run_out_of_the_field_is_an_accident() -> None:
    """§ Accidents: the stand outside the field after the stall: two A cards."""
    match = grounded(620, stacked={"A": [7, 8]})
    plan(match, me=[A["stall"], 1, A["climb"]], far=[1, 2, 3])
    crash = kinds(match, "crashed")[0].data
    assert crash["cards"] == 2 and get(match, "me").damage == 2


def test_aircraft_on_the_ground_cannot_fire_but_can_be_hit() -> None:
    """§ Avions au sol: they cannot fire, but can be fired at."""
    match = game({**plane("me", "allies", "spad-13", 420, 500, 0), "on_ground": True},
                 plane("fokker", "central", "fokker-dr1", 420 - 134 - 70, 500, 0, 1),
                 rules=ALT, fields=[FIELD], **BIG)
    plan(match, me=[1, 2, 3], fokker=[1, 2, 3])
    assert [s.plane for s in match.state.fire_slots] == ["fokker"]


def test_on_the_ground_a_free_turn_before_phase_2() -> None:
    """§ Avions au sol: in the second phase, before the reveal, the owner may turn the
    aircraft freely."""
    match = grounded(420)
    plan(match, me=[1, 2, 3], far=[1, 2, 3])  # no stall: stays put
    assert match.state.step == "ground-move" and match.state.maneuver == 2
    assert len([d for d in WOW.legal(match.state, "allies") if not d["dx"] and not d["dy"]]
               ) == 24
    with pytest.raises(IllegalDecision, match="multiple of 15"):
        match.submit("allies", {"plane": "me", "heading": 7})
    match.submit("allies", {"plane": "me", "heading": 90})
    assert get(match, "me").pose.heading == 90


def test_on_the_ground_the_base_may_also_slide() -> None:
    """book: 000_caefe768ab735396.txt § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS (Avions au
    sol): the owner "peut bouger ou tourner la base": a slide of the stand within
    `data/table.toml` `ground_slide` (a base length, in steps), with or without a turn."""
    match = grounded(420)
    plan(match, me=[1, 2, 3], far=[1, 2, 3])
    before = get(match, "me").pose
    legal = WOW.legal(match.state, "allies")
    assert {"plane": "me", "heading": 90, "dx": 32, "dy": -16} in legal
    assert all(d["dx"] ** 2 + d["dy"] ** 2 <= 64 ** 2 for d in legal)
    with pytest.raises(IllegalDecision, match="within 64 mm"):
        match.submit("allies", {"plane": "me", "heading": 0, "dx": 64, "dy": 16})
    with pytest.raises(IllegalDecision, match="steps of 16 mm"):
        match.submit("allies", {"plane": "me", "heading": 0, "dx": 5, "dy": 0})
    match.submit("allies", {"plane": "me", "heading": 90, "dx": 32, "dy": -16})
    after = get(match, "me").pose
    assert (after.x, after.y, after.heading) == (before.x + 32, before.y - 16, 90)
    assert kinds(match, "moved-on-ground")


def test_fire_on_the_ground_is_fought_and_spreads() -> None:
    """§ Feu au sol: no take-off while burning; each turn an A card: a 0 puts one
    counter out without damage; a burning aircraft sets fire to those it overlaps."""
    match = airfield({**plane("me", "allies", "spad-13", 420, 500, 0), "on_ground": True},
                     {**plane("mate", "allies", "spad-13", 440, 500, 0), "on_ground": True},
                     stacked={"A": [1, 7]})
    match.state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, fire=3) if p.id == "me" else p
        for p in match.state.planes))
    plan(match, me=[A["stall"], 1, A["climb"]], mate=[4, 6, 5], far=[1, 2, 3])
    stay(match)
    me = get(match, "me")
    assert kinds(match, "fire-fought")  # a 0: one counter out
    assert me.damage == 1 and me.fire == 1  # then one burnt for the 1 of card 7
    assert me.status == "ground"  # no take-off while burning
    assert get(match, "mate").fire == 2  # it spread to the overlapping aircraft


# -- forced dive --------
def test_forced_dive_loses_a_second_level_after_the_straight() -> None:
    """§ PLONGÉE FORCÉE: a stall, a dive, a straight: one level at the dive, another at
    the end of the straight."""
    match = game(plane("me", "allies", "albatros-d5a", 200, 1000, 0, 3), FAR,
                 rules={**ALT, "forced_dive": True}, **BIG)
    plan(match, me=[C["stall"], C["dive"], 1], far=[1, 2, 3])
    assert not kinds(match, "illegal")
    assert [e.data["altitude"] for e in kinds(match, "altitude")] == [2, 1]


def test_forced_dive_rules_dive_is_steep_no_immelmann_no_forced_dive() -> None:
    """§ PLONGÉE FORCÉE: the dive is a steep maneuver; an aircraft without an
    Immelmann card cannot force a dive; too low, it crashes."""
    steep = game(plane("me", "allies", "albatros-d5a", 200, 1000, 0, 3), FAR,
                 rules={**ALT, "forced_dive": True}, **BIG)
    plan(steep, me=[C["dive"], C["stall"], 1], far=[1, 2, 3])
    assert kinds(steep, "illegal")[0].data["reason"] == "two steep maneuvers in a row"
    spad = game(plane("me", "allies", "spad-13", 200, 1000, 0, 3), FAR,
                rules={**ALT, "forced_dive": True}, **BIG)
    plan(spad, me=[A["stall"], A["dive"], 1], far=[1, 2, 3])
    assert "without an Immelmann" in kinds(spad, "illegal")[0].data["reason"]
    low = game(plane("me", "allies", "albatros-d5a", 200, 1000, 0, 1), FAR,
               rules={**ALT, "forced_dive": True}, **BIG)
    plan(low, me=[C["stall"], C["dive"], 1], far=[1, 2, 3])
    assert get(low, "me").status == "crashed"


def test_forced_dive_from_2_to_0_keeps_a_counter() -> None:
    match = game(plane("me", "allies", "albatros-d5a", 200, 1000, 0, 2), FAR,
                 rules={**ALT, "forced_dive": True}, **BIG)
    plan(match, me=[C["stall"], C["dive"], 1], far=[1, 2, 3])
    me = get(match, "me")
    assert (me.altitude, me.climb_counters, me.status) == (0, 1, "flying")


# -- flying higher --------
def higher(camel: int, fokker: int, floor: int = 4) -> Match:
    return game(plane("camel", "allies", "sopwith-camel", 200, 1000, 0, camel),
                plane("fokker", "central", "fokker-dr1", 2800, 1800, 180, fokker),
                rules={**ALT, "flying_higher": True}, floor=floor, **BIG)


def test_example_flying_higher_the_floor_may_become_3_or_5() -> None:
    """§ VOLER PLUS HAUT, EXEMPLE: a Camel at 5 and a Fokker Dr.I at 6 with the floor at
    4: the floor may be changed to 3 or 5 if both players agree."""
    match = higher(5, 6)
    assert sorted(d["floor"] for d in WOW.legal(match.state, "allies") if "floor" in d) == [3, 5]
    match.submit("allies", {"floor": 5})
    assert match.state.step == "vote" and set(match.pending) == {"central"}
    match.submit("central", {"agree": True})
    assert match.state.floor == 5 and match.state.step == "plan"
    assert not any("floor" in d for d in WOW.legal(match.state, "allies"))  # once a turn
    refused = higher(5, 6)
    refused.submit("central", {"floor": 3})
    refused.submit("allies", {"agree": False})
    assert refused.state.floor == 4 and kinds(refused, "floor-refused")


def test_flying_higher_starting_altitudes_and_the_aircraft_ceiling() -> None:
    """§ VOLER PLUS HAUT: start at least at 1, between floor and ceiling, and never
    above the aircraft's maximum altitude (the climb table)."""
    with pytest.raises(InvalidOptions, match="starting altitude is from 4 to 7"):
        higher(8, 6)
    halberstadt = game(plane("me", "central", "halberstadt-d3", 200, 1000, 0, 10),
                       plane("spad", "allies", "spad-13", 2800, 1800, 180, 9),
                       rules={**ALT, "flying_higher": True}, floor=8, **BIG)
    plan(halberstadt, me=[C["climb"], 1, C["climb"] - 1], spad=[1, 2, 3])
    plan(halberstadt, me=[C["climb"], 1, 2], spad=[1, 2, 3])
    plan(halberstadt, me=[C["climb"], 1, 2], spad=[1, 2, 3])
    plan(halberstadt, me=[C["climb"], 1, 2], spad=[1, 2, 3])
    plan(halberstadt, me=[C["climb"], 1, 2], spad=[1, 2, 3])
    reasons = [e.data["reason"] for e in kinds(halberstadt, "illegal")]
    assert "it would take the aircraft above altitude 10" in reasons


def test_diving_below_the_floor_eliminates() -> None:
    """§ VOLER PLUS HAUT: below the floor, eliminated as if off the table."""
    match = higher(4, 6)
    plan(match, camel=[D["dive"], 1, 2], fokker=[1, 2, 3])
    assert get(match, "camel").status == "left-table" and kinds(match, "below-floor")


# -- cloud cover --------
def test_cloud_cover_hides_the_aircraft_until_it_dives_out() -> None:
    """§ COUVERTURE NUAGEUSE: at the cloud level the aircraft stops on the table, cannot
    fire nor be fired at; its cards pile up, secret, until a dive or Split-S flies them
    all at once."""
    match = game(plane("me", "allies", "fokker-d7", 200, 1000, 0, 3), FAR,
                 rules={**ALT, "cloud_cover": True}, **BIG)
    plan(match, me=[4, A["climb"] + 1, 1], far=[1, 2, 3])  # bank, climb, straight (B deck)
    assert get(match, "me").climb_counters == 1
    plan(match, me=[14, 1, 2], far=[1, 2, 3])  # climb: second counter: into the clouds
    me = get(match, "me")
    assert me.in_cloud and me.altitude == 4
    pose = me.pose
    view = {p["id"]: p for p in WOW.view(match.state, "central")["planes"]}
    assert view["me"]["in_clouds"] and "stall" not in view["me"]["revealed"]
    plan(match, me=[4, 6, 15], far=[1, 2, 3])  # bank, bank, dive: out of the clouds
    me = get(match, "me")
    assert not me.in_cloud and me.altitude == 3 and me.pose != pose
    assert kinds(match, "leaves-clouds")[0].data["cards"] == 5


def test_cards_flown_into_the_clouds_are_checked_in_secret() -> None:
    """§ COUVERTURE NUAGEUSE with § PROGRAMMATION: a stall then a dive is still two steep
    maneuvers: the dive becomes a straight (the owner alone learns it) and the aircraft
    stays in the clouds."""
    match = game(plane("me", "allies", "fokker-d7", 200, 1000, 0, 3), FAR,
                 rules={**ALT, "cloud_cover": True}, **BIG)
    plan(match, me=[4, A["climb"] + 1, 1], far=[1, 2, 3])
    plan(match, me=[14, 1, 2], far=[1, 2, 3])
    assert get(match, "me").in_cloud
    plan(match, me=[12, 15, 1], far=[1, 2, 3])  # stall, dive (illegal), straight
    illegal = kinds(match, "illegal")
    assert illegal and illegal[-1].to == ("allies",)
    assert get(match, "me").in_cloud


def test_a_landing_roll_out_of_the_field_is_an_accident() -> None:
    """§ Accidents: the stand out of the field after the landing's straight: 3 A cards."""
    field = {**FIELD, "x": 755.0}  # 620..890: 736 is inside, 895 after the roll is not
    match = game(plane("me", "allies", "spad-13", 100, 500, 0, 1), FAR, rules=ALT,
                 fields=[field], stacked={"A": [7, 8, 9]}, **BIG)
    plan(match, me=[A["dive"], 1, 2], far=[1, 2, 3])
    plan(match, me=[A["dive"], 1, A["stall"]], far=[1, 2, 3])
    crash = kinds(match, "crashed")[0].data
    assert crash["cards"] == 3 and get(match, "me").damage == 3
