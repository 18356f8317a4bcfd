"""Down In Flames aircraft specials, damage and victory points.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from dogfight.games.down_in_flames import GAME, damage
from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import (
    A,
    X,
    act,
    acts,
    at,
    duel,
    finish_turns,
    hand,
    hands,
    legal,
    plane,
    put,
    rel,
    to_actions,
)


def fight(allies: str, axis: str, mine: list[str], theirs: list[str],
          *positions: tuple[str, str, int], first: str = A) -> DifState:
    state = to_actions(duel(allies, axis, first=first, historical=False))
    return at(hands(state, allies_1=mine, axis_1=theirs) if first == A else
              hands(state, axis_1=mine, allies_1=theirs), *positions)


def test_gunner_fires_at_a_fighter_on_it_without_firepower() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Gunner: the
    Bf-110C fires its gunner's burst with In My Sights or Out of the Sun at a fighter
    advantaged or tailing on it; its firepower does not count, a +1 hit card does."""
    state = fight("bf-110c", "la-7", ["in-my-sights-1", "tight-turn", "in-my-sights-2"],
                  [], (X, A, 1))
    gunner = [d["play"] for d in legal(state, "allies") if d.get("as") == "gunner"]
    assert gunner == ["in-my-sights-1"]  # one gunner burst
    state = acts(state, ("allies", {"play": "tight-turn", "as": "tactic"}),
                 ("allies", {"play": "in-my-sights-1", "as": "gunner", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 2
    neutral = fight("bf-110c", "la-7", ["in-my-sights-1"], [])
    assert not [d for d in legal(neutral, "allies") if d.get("as") == "gunner"]


def test_firepower_adds_to_every_attack() -> None:
    """book: 004_fe250b7836505b34.txt § Les cartes Chasseurs, Firepower: a La-7 (+1) firing
    an In My Sights for one hit deals two."""
    state = fight("la-7", "bf-109e", ["in-my-sights-1"], [], (A, X, 1))
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 2


def test_agile_plays_any_card_as_scissors_once_a_turn() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Agile: the P.11c,
    disadvantaged, plays an In My Sights as a Scissors to become advantaged; the enemy
    may answer it as a Scissors; once a turn only."""
    state = fight("p-11c", "bf-109e", ["in-my-sights-1", "yo-yo"], ["scissors"], (X, A, 1))
    assert {"play": "yo-yo", "as": "agile", "target": X} in legal(state, "allies")
    state = act(state, "allies", {"play": "in-my-sights-1", "as": "agile", "target": X})
    assert [d.get("react") for d in legal(state, "axis")] == ["scissors", None]
    state = act(state, "axis", {"react": None})
    assert rel(state, A, X) == 1
    state = at(state, (X, A, 1))
    assert not [d for d in legal(state, "allies") if d.get("as") == "agile"]


def test_agile_plays_from_the_hand_not_the_ace_pilot_marker() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Agile ("une
    carte d'Action depuis votre main") and § Marqueurs de pilote expérimenté (AP1: the
    marker used once as an « Ace Pilot » card): the disadvantaged P.11c plays its cards
    as a Scissors, and its marker only as a maneuver (a property test found the marker
    offered as a Scissors and then refused)."""
    state = fight("p-11c", "bf-109e", ["yo-yo"], ["scissors"], (X, A, 1))
    state = put(state, A, aces=1)
    offered = legal(state, "allies")
    assert {"play": "yo-yo", "as": "agile", "target": X} in offered
    marker = [d for d in offered if d.get("play") == "ace-marker"]
    assert marker and all(d["as"] == "maneuver" for d in marker)
    for decision in marker:  # every one offered is taken
        assert GAME.validate(state, "allies", decision) is None


def test_agile_is_no_reaction() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Agile: it does
    not allow playing a card in reaction as a Scissors."""
    state = fight("bf-109e", "p-11c", ["yo-yo"], ["in-my-sights-1"], (A, X, 1))
    state = act(state, "allies", {"play": "yo-yo", "as": "maneuver", "target": X, "steps": 1})
    assert legal(state, "axis") == [{"react": None}]


def test_barrage_plays_attacks_as_plus_one_hit_tactics() -> None:
    """book: 004_fe250b7836505b34.txt § Notes spéciales sur les appareils, Barrage: the
    Spitfire I plays two In My Sights as tactics: its next attack deals two more."""
    state = fight("spitfire-1", "bf-109e", ["in-my-sights-1", "in-my-sights-2",
                                            "in-my-sights-1"], [], (A, X, 1))
    state = acts(state, ("allies", {"play": "in-my-sights-2", "as": "tactic"}),
                 ("allies", {"play": "in-my-sights-1", "as": "tactic"}))
    assert plane(state, A).extra_hits == 2
    state = acts(state, ("allies", {"play": "in-my-sights-1", "as": "attack", "target": X}),
                 ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 3
    plain = fight("bf-109e", "spitfire-1", ["in-my-sights-1"], [])
    assert {"play": "in-my-sights-1", "as": "tactic"} not in legal(plain, "allies")


def hit(state: DifState, pid: str, hits: int) -> DifState:
    state = damage.hit(state, pid, hits, "", [])
    return state


def test_p11c_damaged_at_two_shot_down_at_four() -> None:
    """book: 004_fe250b7836505b34.txt § Endommager des chasseurs (example): a P.11c takes a
    hit, then another: its card turns to the damaged side; two more shoot it down and
    its hand is discarded."""
    state = duel("p-11c", "bf-109e")
    state = hit(state, A, 1)
    assert not GAME.damaged(state, plane(state, A))
    state = hit(state, A, 1)
    assert GAME.damaged(state, plane(state, A)) and not plane(state, A).down
    s = GAME.stats(state, plane(state, A))
    assert (s.performance, s.pre, s.post) == (3, 1, 0)
    discard = len(state.deck.discards)
    state = hit(state, A, 2)
    assert plane(state, A).down and plane(state, A).hand == ()
    assert len(state.deck.discards) == discard + 4


def test_victory_points_full_for_a_kill_half_for_a_damaged_survivor() -> None:
    """book: 004_fe250b7836505b34.txt § Points de victoire: a fighter shot down gives its
    VP; a P.11c (3 VP) ending damaged with three hits gives 1 (half, rounded down)."""
    state = put(duel("p-11c", "bf-109e"), A, damage=3)
    assert GAME.vp(finish_turns(state)) == {"allies": 0, "axis": 1}
    state = hit(duel("p-11c", "bf-109e"), X, 6)
    assert GAME.vp(state) == {"allies": 10, "axis": 0}
    assert hand(state, X) == []
