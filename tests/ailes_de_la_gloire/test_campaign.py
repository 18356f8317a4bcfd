"""Les Ailes de la Gloire, JEU DE CAMPAGNE: the start (dates, sides, nationality,
pilots on available aircraft with their own counters), the week's game, the Carnet de
Vol after it (experience, victories, skills to choose, downed pilots replaced), the end
in November 1918. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from typing import Any

import pytest

from dogfight.core import InvalidOptions, Outcome, decide, new_rng
from dogfight.core.rng import choice
from dogfight.games.ailes_de_la_gloire.game import GAME

PLAYERS: list[dict[str, Any]] = [
    {"name": "Anne", "side": "allied",
     "pilots": [{"nation": "english", "aircraft": "bristol-f2b"},
                {"nation": "french", "aircraft": "spad-7"}]},
    {"name": "Karl", "side": "german", "pilots": [{"aircraft": "albatros-d3"}]},
]


def test_les_dates_and_les_avions_at_the_start() -> None:
    """§ Les Dates: January 1917 to October 1918; § Les Avions: an aircraft of the
    pilot's own column that month, a counter of his own."""
    record = GAME.campaign_start("western-front", {"start": "1917-04", "players": PLAYERS})
    anne = record["players"][0]["pilots"]
    assert [(p["aircraft"], p["counter"]) for p in anne] == [("bristol-f2b", 29),
                                                             ("spad-7", 1)]
    assert anne[0]["observer"] == {"victories": 0, "skills": []}
    with pytest.raises(InvalidOptions, match="Les Dates"):
        GAME.campaign_start("western-front", {"start": "1918-11", "players": PLAYERS})
    with pytest.raises(InvalidOptions, match="Tableau des Avions en Ligne"):
        GAME.campaign_start("western-front", {"start": "1917-01", "players": PLAYERS})
    early_american = [{"name": "Sam", "side": "allied",
                       "pilots": [{"nation": "american", "aircraft": "nieuport-28"}]},
                      PLAYERS[1]]
    with pytest.raises(InvalidOptions, match="Tableau des Avions en Ligne"):
        GAME.campaign_start("western-front", {"start": "1917-06", "players": early_american})


def play(options: dict[str, Any], seed: int) -> Outcome:
    rng = new_rng(seed)
    state = GAME.setup(options, rng)
    while (outcome := GAME.outcome(state)) is None:
        seat = sorted(GAME.pending(state))[0]
        decision, rng = choice(rng, GAME.legal(state, seat))
        state = decide(GAME, state, seat, decision).state
    return outcome


def test_a_week_of_the_campaign_and_its_record() -> None:
    """Four games a month (§ Les Dates); the game gives each pilot's Carnet de Vol."""
    record = GAME.campaign_start("western-front", {"start": "1917-04", "players": PLAYERS})
    games = GAME.campaign_choices(record)
    assert len(games) == 1 and games[0]["label"].startswith("1917-04, week 1")
    options = games[0]["options"]
    assert [f["counter"] for f in options["flyers"]] == [29, 31]
    outcome = play(options, 3)
    after = GAME.campaign_record(record, options, outcome)
    assert (after["date"], after["week"]) == ("1917-04", 2)
    carnet = outcome.details["pilots"]
    bristol = after["players"][0]["pilots"][0]
    if carnet["allied-29"]["fate"] in ("shot-down", "killed", "prisoner"):
        assert after["fallen"][0]["pilot"]["counter"] == 29 and bristol["experience"] == 0
    else:
        assert bristol["experience"] == carnet["allied-29"]["experience"]
        assert bristol["games"] == 1


def test_the_campaign_ends_after_november_1918() -> None:
    record = GAME.campaign_start("western-front", {"start": "1918-10", "players": PLAYERS})
    record = dict(record, date="1918-11", week=4)
    options = GAME.campaign_choices(record)[0]["options"]
    done = GAME.campaign_record(record, options, Outcome(None, "draw", {}, {"pilots": {}}))
    assert done["date"] == "1918-12"
    assert GAME.campaign_choices(done) == []
    result = GAME.campaign_result(done)
    assert result is not None and result["aces"] == []


def test_skills_to_choose_and_a_fallen_pilot_replaced() -> None:
    """§ Compétences Spéciales: a skill at 100 points; § Les Pilotes: a pilot shot down is
    replaced by a novice."""
    record = GAME.campaign_start("western-front", {"start": "1917-08", "players": PLAYERS})
    options = GAME.campaign_choices(record)[0]["options"]
    carnet = {"allied-29": {"fate": None, "turns": 100, "experience": 125,
                            "victories": ["german-31"], "shared": [],
                            "observer_victories": [], "observer_shared": []},
              "german-31": {"fate": "shot-down", "turns": 100, "experience": 100,
                            "victories": [], "shared": [], "observer_victories": [],
                            "observer_shared": []}}
    after = GAME.campaign_record(record, options, Outcome("allied", "won", {},
                                                          {"pilots": carnet}))
    bristol = after["players"][0]["pilots"][0]
    assert (bristol["experience"], bristol["victories"], bristol["skills_to_choose"]) == (
        125, 1, 1)
    karl = after["players"][1]["pilots"][0]
    assert (karl["experience"], karl["counter"]) == (0, 31)
    assert after["fallen"][0]["fate"] == "shot-down"


def test_a_whole_campaign_flown_by_random_pilots() -> None:
    """From September 1918 to the end of the war, four games a month."""
    record = GAME.campaign_start("western-front", {"start": "1918-09", "players": [
        {"name": "Anne", "side": "allied",
         "pilots": [{"nation": "american", "aircraft": "spad-13"}]},
        {"name": "Karl", "side": "german", "pilots": [{"aircraft": "fokker-d7"}]}]})
    seed = 0
    while (games := GAME.campaign_choices(record)):
        options = games[0]["options"]
        record = GAME.campaign_record(record, options, play(options, seed))
        seed += 1
    assert seed == 12 and len(record["games"]) == 12
    assert GAME.campaign_result(record) is not None


@pytest.mark.parametrize("options", [
    {"players": ["Anne"]},
    {"players": [{"side": "neutral", "pilots": []}]},
    {"players": [{"side": "allied", "pilots": [{"aircraft": "spad-7"}] * 3}]},
    {"players": [PLAYERS[0]]},
    {"start": 1917, "players": PLAYERS},
])
def test_malformed_campaign_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.campaign_start("western-front", options)
