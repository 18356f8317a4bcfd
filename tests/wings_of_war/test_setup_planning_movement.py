"""Wings of War: set-up, planning, movement (book: 000_caefe768ab735396.txt)."""

from __future__ import annotations

import math

import pytest

from dogfight.core import IllegalDecision, InvalidOptions, Match
from dogfight.games.wings_of_war.data import dataset
from tests.wings_of_war.helpers import WOW, A, C, D, game, get, hold_all, kinds, plan, plane

DATA = dataset()


def duel(**kw: object) -> Match:
    return game(plane("spad", "allies", "spad-13", 200, 450),
                plane("fokker", "central", "fokker-dr1", 700, 450, 180), **kw)  # type: ignore[arg-type]


# -- PREPARATION --------
def test_preparation_the_maneuver_deck_follows_the_blue_letter() -> None:
    """§ PREPARATION: each aircraft takes the maneuver deck of its base's blue letter."""
    match = duel()
    assert get(match, "spad").deck == DATA.aircraft["spad-13"].maneuver_deck == "A"
    assert get(match, "fokker").deck == "D"


def test_preparation_climb_and_dive_cards_are_removed_without_altitude() -> None:
    """§ PREPARATION: without the altitude rules the two last cards are removed."""
    legal = WOW.legal(duel().state, "allies")
    cards = {d["card"] for d in legal if d["plane"] == "spad"}
    assert cards == set(range(1, 13))
    with pytest.raises(IllegalDecision, match="removed without the altitude rules"):
        duel().submit("allies", {"plane": "spad", "card": A["climb"]})
    with_altitude = {d["card"] for d in WOW.legal(duel(rules={"altitude": True}).state,
                                                 "allies") if d["plane"] == "spad"}
    assert with_altitude == set(range(1, 15))


def test_preparation_damage_decks_are_shuffled_from_the_seed() -> None:
    """§ PREPARATION: one damage deck per letter, shuffled."""
    a1 = [d.pile.cards for d in duel(seed=1).state.decks]
    a2 = [d.pile.cards for d in duel(seed=1).state.decks]
    b = [d.pile.cards for d in duel(seed=2).state.decks]
    assert a1 == a2 != b
    assert sorted(duel().state.decks[0].pile.cards) == list(range(1, 42))


def test_tournament_rules_remove_the_explosion_cards() -> None:
    """§ RÈGLES DE TOURNOI: without explosion cards."""
    match = duel(rules={"tournament": True})
    for deck in match.state.decks:
        symbols = {DATA.damage[deck.letter][n - 1].symbol for n in deck.pile.cards}
        assert "explosion" not in symbols and len(deck.pile) == 40


def test_preparation_several_aircraft_per_player_and_teams() -> None:
    """§ PREPARATION: several aircraft per player, and teams of players."""
    match = game(plane("a1", "red-1", "sopwith-camel", 100, 100),
                 plane("a2", "red-1", "spad-13", 100, 300),
                 plane("a3", "red-2", "nieuport-17", 100, 500),
                 plane("g1", "black", "fokker-dr1", 800, 300, 180),
                 seats={"red-1": "allies", "red-2": "allies", "black": "central"})
    assert set(match.pending) == {"red-1", "red-2", "black"}
    assert {d["plane"] for d in WOW.legal(match.state, "red-1")} == {"a1", "a2"}


@pytest.mark.parametrize(("options", "message"), [
    ({"scenario": "moon"}, "unknown scenario 'moon'"),
    ({"aircraft": {"spad": "zeppelin"}}, "unknown aircraft 'zeppelin'"),
    ({"aircraft": {"nobody": "spad-13"}}, "no plane 'nobody'"),
    ({"rules": {"gravity": True}}, "unknown field `gravity`"),
    ({"max_turns": 0}, "max_turns must be from 1 to 500"),
    ({"stacked_damage": {"A": [1, 1]}}, "card numbers must be distinct"),
])
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Match.new(WOW, options, 1)


# -- PROGRAMMATION --------
def test_planning_three_secret_cards_then_reveal_together() -> None:
    """§ PROGRAMMATION / § MOUVEMENT: three cards face down, revealed simultaneously."""
    match = duel()
    plan(match, spad=[1, A["bank left"], 2])
    assert not kinds(match, "revealed")
    theirs = WOW.view(match.state, "central")["planes"][0]
    assert theirs["cards_planned"] == 3 and "plan" not in theirs
    mine = WOW.view(match.state, "allies")["planes"][0]
    assert [c["name"] for c in mine["plan"]] == ["straight", "bank left", "straight"]
    plan(match, fokker=[1, 2, 3])
    revealed = kinds(match, "revealed")
    assert [(e.data["plane"], e.data["phase"]) for e in revealed][:2] == [("spad", 1),
                                                                          ("fokker", 1)]


def test_a_card_cannot_be_planned_twice_in_a_turn() -> None:
    match = duel()
    match.submit("allies", {"plane": "spad", "card": 1})
    with pytest.raises(IllegalDecision, match="card 1 is already planned"):
        match.submit("allies", {"plane": "spad", "card": 1})


# -- MOUVEMENT --------
def test_movement_the_base_ends_with_its_rear_on_the_arrow_head() -> None:
    """§ MOUVEMENT: the card at the base's front, the base's rear on the arrow head."""
    match = duel()
    plan(match, spad=[1, A["turn left"], 2], fokker=[D["stall"], 1, 2])
    moves = [e.data for e in kinds(match, "moved") if e.data["plane"] == "spad"]
    base = DATA.table.base.length
    straight = DATA.card("A", A["straight"])
    assert moves[0]["x"] == pytest.approx(200 + base + straight.x)
    assert moves[0]["heading"] == 0
    assert moves[1]["heading"] == 90  # a left turn of 90 degrees
    turn = DATA.card("A", A["turn left"])
    assert moves[1]["x"] == pytest.approx(moves[0]["x"] + base / 2 + turn.x)
    assert moves[1]["y"] == pytest.approx(450 + turn.y + base / 2)


def test_leaving_the_area_by_the_stand_eliminates() -> None:
    """§ SORTIR DE L'AIRE DE JEU: the stand off the table at the end of a maneuver."""
    match = game(plane("spad", "allies", "spad-13", 850, 450),
                 plane("fokker", "central", "fokker-dr1", 100, 100),
                 plane("fokker2", "central", "fokker-dr1", 100, 800))
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3], fokker2=[4, 6, 5])
    assert get(match, "spad").status == "left-table"
    assert kinds(match, "left-table")[0].data == {"plane": "spad"}
    assert match.over and match.outcome().winner == "central"  # type: ignore[union-attr]


# -- steep, Immelmann, illegal maneuvers --------
def test_two_steep_maneuvers_in_a_row_become_a_straight() -> None:
    """§ PROGRAMMATION: never two ♦ in a row; an illegal card becomes a straight."""
    match = duel()
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], D["sideslip left"], D["straight"]])
    illegal = kinds(match, "illegal")
    assert illegal[0].data["plane"] == "fokker" and illegal[0].data["result"] == "straight"
    assert "two steep" in illegal[0].data["reason"]
    flown = [e.data["plane"] for e in kinds(match, "moved")]
    assert flown.count("fokker") == 3 and get(match, "fokker").last_kind == "straight"


def test_steep_is_forbidden_across_turns_too() -> None:
    """§ PROGRAMMATION: 'y compris d'un tour à l'autre'; § RESTE DU TOUR: the token."""
    match = duel()
    plan(match, spad=[1, 2, 3], fokker=[1, D["bank left"], D["stall"]])
    hold_all(match)
    assert get(match, "fokker").last_steep
    plan(match, spad=[1, 2, 3], fokker=[D["sideslip right"], 1, 2])
    assert kinds(match, "illegal")[-1].data["card"] == D["sideslip right"]


def test_immelmann_only_after_a_straight_even_from_last_turn() -> None:
    """§ PROGRAMMATION: an Immelmann after a straight, or first if the last card of the
    previous turn was a straight."""
    match = duel()
    plan(match, spad=[1, 2, 3], fokker=[D["bank left"], D["immelmann"], D["straight"]])
    assert "an Immelmann must follow a straight" in kinds(match, "illegal")[0].data["reason"]
    hold_all(match)
    match = duel()
    plan(match, spad=[1, 2, 3], fokker=[D["bank left"], D["bank right"], D["straight"]])
    hold_all(match)
    before = len(kinds(match, "illegal"))
    plan(match, spad=[1, 2, 3], fokker=[D["immelmann"], 1, D["bank left"]])
    assert len(kinds(match, "illegal")) == before
    assert "immelmann" in get(match, "fokker").executed


def test_after_an_immelmann_a_straight_is_compulsory() -> None:
    """§ RESTE DU TOUR: after an Immelmann, the next turn must start with a straight
    (the Italian text: a straight right before and right after)."""
    match = duel()
    plan(match, spad=[1, 2, 3], fokker=[1, D["immelmann"], D["bank left"]])
    reason = kinds(match, "illegal")[0].data["reason"]
    assert "must be followed by a straight" in reason


def test_optional_illegal_maneuver_destroys_the_aircraft() -> None:
    """§ MOUVEMENT INTERDIT: out of control, eliminated, counts as shot down."""
    match = duel(rules={"illegal_maneuver": True})
    plan(match, spad=[1, 2, 3], fokker=[D["stall"], D["sideslip right"], 1])
    assert get(match, "fokker").status == "out-of-control"
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.details["sides"]["allies"]["enemies_shot_down"] == 1
    assert outcome.scores == {"allies": 2.0, "central": 0.0}


def test_immelmann_card_reverses_the_heading() -> None:
    match = game(plane("alb", "central", "albatros-d5a", 450, 450),
                 plane("spad", "allies", "spad-13", 100, 100))
    plan(match, alb=[1, C["immelmann"], 2], spad=[1, 2, 3])
    moves = [e.data["heading"] for e in kinds(match, "moved") if e.data["plane"] == "alb"]
    assert moves[:2] == [0, 180]


def test_movement_is_simultaneous_and_deterministic() -> None:
    one, two = duel(seed=4), duel(seed=4)
    for m in (one, two):
        plan(m, spad=[4, 1, 6], fokker=[4, 1, 6])
    assert one.digest() == two.digest()
    assert math.isclose(get(one, "spad").pose.y, get(two, "spad").pose.y)
