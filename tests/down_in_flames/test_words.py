"""Down In Flames' decisions and log in words: each says what it does.

Book: 004_fe250b7836505b34.txt (§ Cartes de Tactique, § Règles détaillées concernant
les cartes d'Action: Redline, Tight Turn, Yo-Yo, Evasive, Vertical Roll; § Réactions).
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.state import DifState
from dogfight.games.down_in_flames.words import template, words
from tests.down_in_flames.helpers import A, X, act, at, duel, hands, to_actions


def labels(state: DifState, seat: str) -> dict[str, str]:
    return {str(d): GAME.label(state, seat, d) for d in GAME.legal(state, seat)}


def test_a_tactic_says_what_it_does() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de Tactique, § Tight Turn, § Yo-Yo,
    § Evasive, § Vertical Roll: played on your own aircraft, each its effect."""
    assert words({"play": "tight-turn", "as": "tactic"}) == (
        "Tight Turn (tactic): +1 hit to your next attack this turn")
    assert words({"play": "yo-yo", "as": "tactic"}).endswith(
        "+1 hit to your next attack this turn")
    assert "costs one more burst" in words({"play": "evasive", "as": "tactic"})
    assert words({"play": "vertical-roll", "as": "tactic", "altitude": "climb"}) == (
        "Vertical Roll (tactic): climb one altitude level")
    assert "(tactic)" in words({"play": "vertical-roll", "as": "tactic",
                                "altitude": "dive", "discard": "yo-yo"})


def test_redline_says_the_hit_is_on_your_own_aircraft() -> None:
    """book: 004_fe250b7836505b34.txt § Redline: on your own aircraft, one hit, then
    three cards."""
    for decision in ({"play": "redline", "as": "tactic"}, {"redline": "redline"}):
        assert "1 hit on your own aircraft, then draw 3 cards" in words(decision)


def test_a_reaction_says_what_it_cancels() -> None:
    """book: 004_fe250b7836505b34.txt § Réactions: a reaction cancels the card it
    answers (here Barrel Roll against In My Sights)."""
    state = at(hands(to_actions(duel()), allies_1=["in-my-sights-1"],
                     axis_1=["barrel-roll"]), (A, X, 1))
    state = act(state, "allies", {"play": "in-my-sights-1", "as": "attack", "target": X})
    said = labels(state, "axis")
    assert said[str({"react": "barrel-roll"})] == (
        "react with Barrel Roll: cancel In My Sights")
    assert said[str({"react": None})] == "no reaction"
    assert words({"react": "barrel-roll"}) == (
        "react with Barrel Roll: cancel the card played")


def test_the_log_names_an_aircraft_not_its_id() -> None:
    """book: 004_fe250b7836505b34.txt § Mise en place: the fighter chosen is named as
    printed on its card (Gladiator II), not by the data's key."""
    parts = template(Event("fighter-chosen", {"plane": A, "fighter": "gladiator-2",
                                              "pilot": ""}))
    assert parts is not None
    text, fields = parts
    assert fields["fighter"] == "Gladiator II"
    assert "gladiator-2" not in text.format(**fields)


def test_a_mission_s_end_in_the_log_keeps_its_words_apart() -> None:
    """book: 004_fe250b7836505b34.txt § Déterminer l'issue de la campagne: the game-over
    line of a mission is a sentence whose figures (target, net VP, the table's result)
    are fields, so that a catalogue translates it; in English it reads as before."""
    event = Event("game-over", {"reason": "target intact; net -3 VP: Axis minor victory",
                                "winner": "axis"})
    parts = template(event)
    assert parts is not None
    text, fields = parts
    assert text == "Game over: target {status}; net {net} VP: {result}"
    assert (fields["status"], fields["net"], fields["result"]) == (
        "intact", "-3", "Axis minor victory")
    assert GAME.describe(event) == "Game over: target intact; net -3 VP: Axis minor victory"


def test_redline_of_a_pilot_marked_re_says_no_hit() -> None:
    """book: 004_fe250b7836505b34.txt § Marqueurs de pilote expérimenté (Re: Redline
    without a hit): its words say so; without the marker, the hit on one's own
    aircraft."""
    marked = hands(duel(pilots={A: "Re"}), allies_1=["redline"])
    said = labels(marked, "allies")[str({"redline": "redline"})]
    assert said == "Redline: draw 3 cards (pilot marker Re: no hit)"
    plain = hands(duel(), allies_1=["redline"])
    assert labels(plain, "allies")[str({"redline": "redline"})] == (
        "Redline: 1 hit on your own aircraft, then draw 3 cards")
