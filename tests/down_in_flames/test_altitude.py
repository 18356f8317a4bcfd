"""Down In Flames altitude: horsepower by level, climbing, diving, stalls, following.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import (
    A,
    X,
    act,
    acts,
    at,
    duel,
    end_turn,
    events,
    hand,
    hands,
    legal,
    plane,
    prompt,
    put,
    rel,
    setup,
    to_actions,
)


def follows(state: DifState) -> list[str]:
    """The fighters still asked whether they follow, the next first."""
    return [f.data["plane"] for f in reversed(state.prompts) if f.kind == "follow"]

def draws_at(level: str, aircraft: str = "spitfire-1") -> tuple[int, int]:
    """(pre-turn, post-turn) cards drawn by an empty-handed fighter at ``level``."""
    state = duel(aircraft, "bf-109e", first=X, year=1945)
    state = put(hands(state, allies_1=[]), A, altitude=level)
    state = end_turn(to_actions(state))  # the Emil's turn ends, the Allied turn begins
    pre = len(plane(state, A).hand)
    state = hands(to_actions(state), allies_1=[])
    state = end_turn(state)
    return pre, len(plane(state, A).hand)


def test_horsepower_by_altitude() -> None:
    """book: 004_fe250b7836505b34.txt § Effets de l'altitude sur la puissance du moteur:
    Very Low +1/+1, Low +0/+1, Medium none, High -1/-0, Very High -1/-1 (a Spitfire I
    draws 2/2 at Medium)."""
    got = {level: draws_at(level) for level in ("very-low", "low", "medium", "high",
                                                "very-high")}
    assert got == {"very-low": (3, 3), "low": (2, 3), "medium": (2, 2), "high": (1, 2),
                   "very-high": (1, 1)}


def test_a_turbocharger_treats_high_as_medium_and_very_high_as_high() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Turbocharger:
    a P-47D (3/3) draws 3/3 at High and 2/3 at Very High."""
    assert draws_at("high", "p-47d") == (3, 3)
    assert draws_at("very-high", "p-47d") == (2, 3)


def test_climbing_costs_a_card_and_an_empty_hand_cannot_climb() -> None:
    """book: 004_fe250b7836505b34.txt § Changer d'altitude: each level climbed discards an
    action card; with no card the fighter cannot climb."""
    state = hands(duel(), allies_1=["yo-yo", "scissors"])
    state = act(state, "allies", {"altitude": "climb", "discard": "scissors"})
    assert plane(state, A).altitude == 3 and hand(state, A) == ["yo-yo"]
    assert events("discarded") == [{"plane": A, "cards": ["scissors"], "why": "climb"}]
    empty = hands(duel(), allies_1=[])
    assert legal(empty, "allies") == [{"altitude": "stay"}, {"altitude": "dive"}]


def test_diving_draws_a_card_even_past_the_performance() -> None:
    """book: 004_fe250b7836505b34.txt § Changer d'altitude: Performance 6 with six cards, the
    fighter dives and draws a seventh."""
    state = duel()
    assert len(plane(state, A).hand) == 6
    state = act(state, "allies", {"altitude": "dive"})
    assert plane(state, A).altitude == 1 and len(plane(state, A).hand) == 7


def test_no_dive_below_very_low_nor_climb_above_very_high() -> None:
    """book: 004_fe250b7836505b34.txt § Altitude: five levels, Very Low to Very High."""
    state = duel(alt=("very-low", "very-low"))
    assert {"altitude": "dive"} not in legal(state, "allies")
    state = put(state, A, altitude="very-high")
    assert not [d for d in legal(state, "allies") if d["altitude"] == "climb"]


def test_stall_at_zero_horsepower_discards_a_card() -> None:
    """book: 004_fe250b7836505b34.txt § Décrochage: a post-turn horsepower of 0 brought to
    -1 by Very High altitude: discard a card (the P.11c, 1/0)."""
    state = duel("p-11c", "bf-109e", year=1945)
    state = put(hands(state, allies_1=["yo-yo", "scissors"]), A, altitude="very-high")
    state = act(to_actions(state), "allies", {"end": True})
    state = act(state, "allies", {"discard": None})
    assert prompt(state) == {"allies": "stall"} and events("stall") == [{"plane": A}]
    state = act(state, "allies", {"discard": "yo-yo"})
    assert hand(state, A) == ["scissors"] and state.active == X


def test_stall_with_no_card_dives_and_draws() -> None:
    """book: 004_fe250b7836505b34.txt § Décrochage: with no card in hand the fighter must
    dive a level at once and draw a card."""
    state = duel("p-11c", "bf-109e", year=1945)
    state = put(hands(state, allies_1=[]), A, altitude="very-high")
    state = end_turn(to_actions(state))
    assert plane(state, A).altitude == 3 and len(plane(state, A).hand) == 1


def follow_case(holding: int, direction: str) -> DifState:
    """The Emil holds ``holding`` on the Spitfire, which changes altitude in its turn."""
    state = duel()
    state = at(hands(state, allies_1=["yo-yo"], axis_1=["scissors", "tight-turn", "redline"]),
               (X, A, holding))
    move = {"altitude": "climb", "discard": "yo-yo"} if direction == "climb" else {
        "altitude": "dive"}
    return act(state, "allies", move)


def test_following_from_advantaged_costs_a_card_plus_the_climb() -> None:
    """book: 004_fe250b7836505b34.txt § Réagir à un changement d'altitude: the advantaged
    fighter discards a card to follow, and one more to climb."""
    state = follow_case(1, "climb")
    assert prompt(state) == {"axis": "follow"}
    options = legal(state, "axis")
    assert {"follow": True, "discard": ["redline", "scissors"]} in options
    assert all(len(d.get("discard", [1, 2])) == 2 for d in options if d["follow"])
    state = act(state, "axis", {"follow": True, "discard": ["redline", "scissors"]})
    assert plane(state, X).altitude == 3 and hand(state, X) == ["tight-turn"]
    assert rel(state, X, A) == 1


def test_following_from_tailing_is_free_and_a_dive_draws() -> None:
    """book: 004_fe250b7836505b34.txt § Réagir à un changement d'altitude: the tailing
    fighter follows a dive without discarding; both draw a card for the dive."""
    state = follow_case(2, "dive")
    assert legal(state, "axis") == [{"follow": False}, {"follow": True}]
    state = act(state, "axis", {"follow": True})
    assert plane(state, X).altitude == 1 and len(plane(state, X).hand) == 4
    assert rel(state, X, A) == 2


def test_not_following_loses_the_position() -> None:
    """book: 004_fe250b7836505b34.txt § Réagir à un changement d'altitude, § Positionnement:
    a fighter that stays behind loses its position (positions need one altitude)."""
    state = act(follow_case(1, "climb"), "axis", {"follow": False})
    assert rel(state, X, A) == 0 and plane(state, X).altitude == 2


def test_chains_decide_front_to_back() -> None:
    """book: 004_fe250b7836505b34.txt § Chaînes d'appareils engagés: the Mustang changes
    altitude; the Gustav tailing it decides first; only if it follows is the Thunderbolt
    tailing the Gustav asked; if the Gustav stays it keeps its own disadvantage."""
    def chain() -> DifState:
        state = setup({"aircraft": {"allies-1": "p-51d", "allies-2": "p-47d",
                                    "axis-1": "bf-109g", "axis-2": "bf-109g"},
                       "planes_per_seat": 2, "first": "allies-1", "vp": 100,
                       "year": 1945})
        state = acts(state, *[(s, {"plane": f"{s}-{i}", "altitude": "medium"})
                              for s in ("allies", "axis") for i in (1, 2)])
        state = act(state, "allies", {"act": "allies-1"})
        state = put(state, "axis-2", altitude="very-high")  # out of the way
        return at(state, ("axis-1", "allies-1", 2), ("allies-2", "axis-1", 2))

    state = act(chain(), "allies", {"altitude": "dive"})
    assert follows(state) == ["axis-1"]
    state = act(state, "axis", {"follow": True})
    assert follows(state) == ["allies-2"]
    state = act(state, "allies", {"follow": True})
    assert {(p.id, p.altitude) for p in state.planes} >= {("allies-1", 1), ("axis-1", 1),
                                                          ("allies-2", 1)}
    assert rel(state, "axis-1", "allies-1") == 2 and rel(state, "allies-2", "axis-1") == 2
    state = act(chain(), "allies", {"altitude": "dive"})
    state = act(state, "axis", {"follow": False})
    assert follows(state) == [] and rel(state, "allies-2", "axis-1") == 2
