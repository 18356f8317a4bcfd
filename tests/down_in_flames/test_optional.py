"""Down In Flames optional rules: wingmen, teams, several aircraft, free-for-all, VP
balancing, altitude bonus cards, experienced pilot markers.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from typing import Any

from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import (
    A,
    X,
    act,
    acts,
    at,
    duel,
    hands,
    legal,
    plane,
    prompt,
    put,
    rel,
    setup,
)


def pairs(rules: dict[str, bool] | None = None, **options: Any) -> DifState:
    """Two Spitfires against two Emils, altitudes revealed (all Medium)."""
    aircraft = {"allies-1": "spitfire-1", "allies-2": "spitfire-1", "axis-1": "bf-109e",
                "axis-2": "bf-109e"}
    state = setup({"aircraft": aircraft, "planes_per_seat": 2, "first": A, "vp": 100,
                   "year": 1945, "rules": rules or {}, **options})
    return acts(state, *[(s, {"plane": f"{s}-{i}", "altitude": "medium"})
                         for s in ("allies", "axis") for i in (1, 2)])


def test_wingmen_leader_draws_one_more_before_and_after() -> None:
    """book: 004_fe250b7836505b34.txt § Règles optionnelles : Ailiers: the Leader gains one
    pre-turn and one post-turn horsepower."""
    state = pairs({"wingmen": True})
    assert plane(state, "allies-2").leader == A
    s = GAME.stats(state, plane(state, A))
    assert (s.pre, s.post) == (3, 3)
    w = GAME.stats(state, plane(state, "allies-2"))
    assert (w.pre, w.post) == (2, 2)


def test_wingman_closes_on_its_leaders_altitude() -> None:
    """book: 004_fe250b7836505b34.txt § Ailiers: a Wingman starting its turn at another
    altitude than its Leader must change altitude toward it."""
    state = pairs({"wingmen": True})
    state = act(state, "allies", {"act": "allies-2"})
    state = put(state, A, altitude="high")
    steps = [d for d in legal(state, "allies") if "redline" not in d]  # book § Redline
    assert {d["altitude"] for d in steps} == {"climb"}
    state = put(state, A, altitude="low")
    assert [d for d in legal(state, "allies") if "redline" not in d] == [{"altitude": "dive"}]


def test_wingman_plays_only_against_the_leaders_enemies() -> None:
    """book: 004_fe250b7836505b34.txt § Ailiers: while the Leader is engaged, the Wingman
    plays cards only against the engaged enemies."""
    state = pairs({"wingmen": True})
    state = act(state, "allies", {"act": "allies-2"})
    state = acts(state, ("allies", {"altitude": "stay"}))
    if state.phase == "speed":
        state = act(state, "allies", {"speed": "skip"})
    state = at(hands(state, allies_2=["yo-yo"]), ("axis-1", A, 1))
    targets = {d["target"] for d in legal(state, "allies") if "target" in d}
    assert targets == {X}


def test_team_play_sides_alternate_and_choose_who_acts() -> None:
    """book: 004_fe250b7836505b34.txt § Jeu par équipes: the team with the initiative starts
    each turn, then the teams alternate; each team chooses which of its players acts."""
    state = setup({"aircraft": {"allies-1-1": "spitfire-1", "allies-2-1": "spitfire-1",
                                "axis-1-1": "bf-109e", "axis-2-1": "bf-109e"},
                   "seats_per_side": 2, "first": "axis-2-1", "vp": 100, "year": 1945})
    state = acts(state, *[(s, {"plane": f"{s}-1", "altitude": "medium"})
                          for s in ("allies-1", "allies-2", "axis-1", "axis-2")])
    assert prompt(state) == {"axis-1": "order", "axis-2": "order"}
    state = act(state, "axis-2", {"act": "axis-2-1"})
    state = acts(state, ("axis-2", {"altitude": "stay"}), ("axis-2", {"end": True}),
                 ("axis-2", {"discard": None}))
    assert prompt(state) == {"allies-1": "order", "allies-2": "order"}


def test_several_aircraft_each_with_its_own_hand() -> None:
    """book: 004_fe250b7836505b34.txt § Voler sur plusieurs appareils: each aircraft is
    played as if by its own player, with its own hand and place in the order."""
    state = pairs()
    assert [len(p.hand) for p in state.planes] == [6, 6, 6, 6]
    assert prompt(state) == {"allies": "order"}
    assert legal(state, "allies") == [{"act": A}, {"act": "allies-2"}]


def test_scissors_affects_only_the_named_enemy() -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une carte d'Action (plusieurs appareils): two
    enemies advantaged on you, a Scissors names one; the other keeps its position."""
    state = act(pairs(), "allies", {"act": A})
    state = acts(state, ("allies", {"altitude": "stay"}))
    state = at(hands(state, allies_1=["scissors"]), (X, A, 1), ("axis-2", A, 1))
    state = acts(state, ("allies", {"play": "scissors", "as": "scissors", "target": X}),
                 ("axis", {"react": None}))
    assert rel(state, A, X) == 1 and rel(state, "axis-2", A) == 1


def test_free_for_all_order_drawn_each_turn() -> None:
    """book: 004_fe250b7836505b34.txt § Chacun pour soi: everyone against everyone, the
    order drawn at random at the start of each turn."""
    orders = set()
    seats = ("allies-1", "allies-2", "axis-1", "axis-2")
    for seed in range(6):
        state = setup({"aircraft": {f"{s}-1": "spitfire-1" for s in seats},
                       "rules": {"free_for_all": True}, "seats_per_side": 2,
                       "vp": 100, "year": 1945}, seed)
        assert dict(state.seats) == {s: s for s in seats}
        state = acts(state, *[(s, {"plane": f"{s}-1", "altitude": "medium"}) for s in seats])
        orders.add(state.order)
        assert state.active == state.order[0]
    assert len(orders) > 1


def test_vp_balancing_the_weaker_side_starts_with_the_difference() -> None:
    """book: 004_fe250b7836505b34.txt § Equilibrer les points de victoire: Axis 10 VP
    against Allies 12: the Axis starts with 2 VP."""
    state = duel("spitfire-1", "bf-109e", rules={"vp_balancing": True})
    assert state.balance == (("axis", 2),) and GAME.vp(state) == {"allies": 0, "axis": 2}


def test_altitude_bonus_cards() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes bonus pour altitude de départ: two more cards
    starting Very Low, one more starting Low."""
    state = duel(alt=("very-low", "low"), rules={"altitude_bonus": True}, first=X)
    assert (len(plane(state, A).hand), len(plane(state, X).hand)) == (8, 7)


def test_pilot_markers_modify_the_aircraft() -> None:
    """book: 004_fe250b7836505b34.txt § Marqueurs de pilote expérimenté: A+1 makes a
    Spitfire I 4/7; B+1, F+1, H+1/+1, H+0/+1, P+2, S+1 add to bursts, firepower,
    horsepower, Performance and speed; AP2 gives two Ace Pilot uses."""
    def stats(pilot: str) -> Any:
        state = duel(pilots={A: pilot}, rules={"experienced_pilots": True})
        return GAME.stats(state, plane(state, A)), plane(state, A)

    assert stats("A+1")[0].airframe == (4, 7)
    assert stats("B+1")[0].bursts == 3
    assert stats("F+1")[0].firepower == 1
    assert (stats("H+1/+1")[0].pre, stats("H+1/+1")[0].post) == (3, 3)
    assert (stats("H+0/+1")[0].pre, stats("H+0/+1")[0].post) == (2, 3)
    assert stats("P+2")[0].performance == 8 and len(stats("P+2")[1].hand) == 8
    assert stats("S+1")[0].speed == 3
    assert stats("AP2")[1].aces == 2
    assert stats("Ag")[0].agile


def test_pilot_markers_change_climb_dive_redline_and_maneuver_0() -> None:
    """book: 004_fe250b7836505b34.txt § Marqueurs de pilote expérimenté: Cl climbs with one
    card fewer, Di draws one more diving, Re takes no hit from Redline, MO(1) plays
    Maneuver 0 cards as Maneuver 1."""
    state = hands(duel(pilots={A: "Cl"}), allies_1=["yo-yo"])
    assert {"altitude": "climb"} in legal(state, "allies")
    state = duel(pilots={A: "Di"})
    state = act(state, "allies", {"altitude": "dive"})
    assert len(plane(state, A).hand) == 8
    state = duel(pilots={A: "Re"})
    state = acts(hands(state, allies_1=["redline"]), ("allies", {"redline": "redline"}))
    assert plane(state, A).damage == 0 and len(plane(state, A).hand) == 3
    state = duel(pilots={A: "MO(1)"})
    state = acts(hands(state, allies_1=["tight-turn"]), ("allies", {"altitude": "stay"}))
    assert {"play": "tight-turn", "as": "maneuver", "target": X, "steps": 1} in legal(
        state, "allies")


def test_an_ace_pilot_marker_is_also_a_maneuver_of_4() -> None:
    """book: 004_fe250b7836505b34.txt § Marqueurs de pilote expérimenté (AP1: "Chacun
    d'eux peut être utilisé une fois comme une carte « Ace Pilot »") and § Ace Pilot
    (maneuver value 4): a Tailed fighter plays its marker as a maneuver and is no
    longer Tailed."""
    from tests.down_in_flames.helpers import to_actions
    state = hands(duel(pilots={A: "AP1"}), allies_1=["yo-yo"], axis_1=["yo-yo"])
    state = to_actions(at(state, (X, A, 2)))
    assert rel(state, A, X) == -2
    marker = [d for d in legal(state, "allies") if d.get("play") == "ace-marker"]
    assert marker == [{"play": "ace-marker", "as": "maneuver", "target": X, "steps": n}
                      for n in (1, 2, 3, 4)]
    state = acts(state, ("allies", {"play": "ace-marker", "as": "maneuver", "target": X,
                                    "steps": 2}), ("axis", {"react": None}))
    assert rel(state, A, X) == 0 and plane(state, A).aces == 0
    assert plane(state, A).hand == ("yo-yo",)
    assert not [d for d in legal(state, "allies") if d.get("play") == "ace-marker"]
