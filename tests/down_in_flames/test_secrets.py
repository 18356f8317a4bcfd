"""Down In Flames secrets: no seat's hand, sealed fighter, sealed altitude, flak pattern
or bomber turret hand reaches another seat's view, the spectator, or public events.

Method (tests/test_hidden_information.py): change the secret, keep everything else, and
check that every other seat's view (``GAME.view`` and ``observe``) stays the same; for
sealed choices, make two different choices and compare the events others see.
Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from typing import Any

import msgspec

from dogfight.core import Event, decide, observe
from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.state import DifState
from dogfight.kit.piles import Pile
from tests.down_in_flames.helpers import A, X, act, acts, duel, plane, put, raid, setup

SPECTATOR: list[str | None] = [None]


def others(state: DifState, owner: str) -> list[str | None]:
    return [s for s, _ in state.seats if s != owner] + SPECTATOR


def same_for_others(a: DifState, b: DifState, owner: str) -> None:
    for viewer in others(a, owner):
        assert GAME.view(a, viewer) == GAME.view(b, viewer), f"{viewer} sees {owner}'s secret"
        assert observe(GAME, a, viewer) == observe(GAME, b, viewer), viewer


def public(events: tuple[Event, ...], viewer: str | None) -> list[Any]:
    return [(e.kind, dict(e.data)) for e in events if e.visible_to(viewer)]


def same_events(state: DifState, seat: str, d1: dict[str, Any], d2: dict[str, Any]) -> None:
    s1, s2 = decide(GAME, state, seat, d1), decide(GAME, state, seat, d2)
    for viewer in others(state, seat):
        assert public(s1.events, viewer) == public(s2.events, viewer), viewer
    same_for_others(s1.state, s2.state, seat)


def test_hands_are_secret() -> None:
    """book: 004_fe250b7836505b34.txt § Préparer les cartes: the action cards are held in
    the hand; no other seat sees them, nor the deck's order."""
    state = duel()
    other = put(state, A, hand=["tight-turn"] * 4 + ["redline", "evasive"])
    assert plane(other, A).hand != plane(state, A).hand
    same_for_others(state, other, "allies")
    assert GAME.view(state, "allies") != GAME.view(other, "allies")
    deck = Pile(tuple(reversed(state.deck.cards)), state.deck.discards)
    shuffled = msgspec.structs.replace(state, deck=deck)
    for viewer in ("allies", "axis", None):
        assert GAME.view(state, viewer) == GAME.view(shuffled, viewer)


def test_drawn_cards_are_told_to_the_owner_only() -> None:
    """book: 004_fe250b7836505b34.txt § Tirage de cartes: others learn how many cards were
    drawn, not which."""
    state = duel()
    state = act(state, "allies", {"altitude": "dive"})
    step = decide(GAME, duel(), "allies", {"altitude": "dive"})
    secret = [e for e in step.events if e.kind == "cards-drawn-secret"]
    assert secret and all(e.to == ("allies",) for e in secret)
    assert [e.data for e in step.events if e.kind == "cards-drawn"] == [{"plane": A,
                                                                        "count": 1}]


def test_the_fighter_choice_is_secret_until_both_are_revealed() -> None:
    """book: 004_fe250b7836505b34.txt § Préparer les cartes: each picks a fighter in secret;
    both are revealed together."""
    state = setup({"vp": 12, "year": 1941})
    same_events(state, "allies", {"plane": A, "fighter": "p-39d"},
                {"plane": A, "fighter": "spitfire-1"})
    sealed = act(state, "allies", {"plane": A, "fighter": "p-39d"})
    view = GAME.view(sealed, "axis")
    assert view["sealed"] == {A: True} and "p-39d" not in str(view)
    assert GAME.view(sealed, "allies")["sealed"] == {A: "p-39d|"}


def test_the_starting_altitude_is_secret_until_revealed() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir l'altitude: chosen in secret with the
    altitude markers, revealed when everyone has chosen."""
    state = setup({"aircraft": {A: "spitfire-1", X: "bf-109e"}})
    same_events(state, "allies", {"plane": A, "altitude": "very-low"},
                {"plane": A, "altitude": "medium"})
    sealed = act(state, "allies", {"plane": A, "altitude": "very-low"})
    assert "very-low" not in str(GAME.view(sealed, "axis"))
    assert "very-low" not in str(GAME.view(sealed, None))


def test_the_flak_pattern_is_secret_until_the_bombing_patterns() -> None:
    """book: 004_fe250b7836505b34.txt § Sélectionnez le Schéma de Flak: the defender's
    marker lies face down; the attacker does not see it until the bombing patterns are
    revealed (§ Résoudre la Flak)."""
    state = setup({"mode": "mission", "mission": {"campaign": "poland-1939", "target": 3}})
    state = acts(state, ("axis", {"option": 4, "choice": ""}),
                 ("allies", {"option": 1, "choice": ""}),
                 ("allies", {"plane": "allies-1", "altitude": "medium"}))
    same_events(state, "allies", {"flak": "scattered"}, {"flak": "tight"})
    chosen = act(state, "allies", {"flak": "tight"})
    m = chosen.mission
    assert m is not None
    other = msgspec.structs.replace(chosen, mission=msgspec.structs.replace(
        m, flak_pattern="normal"))
    same_for_others(chosen, other, "allies")
    assert GAME.view(chosen, "allies")["mission"]["flak_pattern"] == "tight"
    assert "flak_pattern" not in GAME.view(chosen, "axis")["mission"]


def test_bomber_turret_hands_are_secret() -> None:
    """book: 004_fe250b7836505b34.txt § Tourelles des bombardiers: the bomber draws a
    temporary hand; the attacking fighter does not see it."""
    state = raid()
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}),
                 ("allies", {"bomber": A}), ("axis", {"speed": "maneuver"}))
    drawn = plane(state, A).turret_hand
    assert len(drawn) == 7
    other = put(state, A, turret_hand=["tight-turn"] * 5 + ["yo-yo", "yo-yo"])
    same_for_others(state, other, "allies")
    assert GAME.view(state, "allies")["planes"][0]["turret_hand"] == list(drawn)
