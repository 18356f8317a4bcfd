"""Les Ailes de la Gloire, JEU DE CAMPAGNE: the start (§ Les Dates, § Nationalité, § Les
Pilotes, § Les Avions), the week's game and the decisions before it (who flies, new
aircraft by the Tableau des Avions en Ligne, the skills of the Tableau des Compétences
Spéciales), the Carnet de Vol after it (§ L'Expérience, § Victoires Homologuées, § L'
Expérience des Observateurs, § Les pilotes au sol derrière les lignes ennemies), weeks
with a side grounded, the end in November 1918. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dogfight.core import InvalidOptions, Outcome, decide, new_rng
from dogfight.core.rng import choice
from dogfight.games.ailes_de_la_gloire.campaign import load
from dogfight.games.ailes_de_la_gloire.campaign_week import plans
from dogfight.games.ailes_de_la_gloire.game import GAME

PLAYERS: list[dict[str, Any]] = [
    {"name": "Anne", "side": "allied",
     "pilots": [{"nation": "english", "aircraft": "bristol-f2b"},
                {"nation": "french", "aircraft": "spad-7"}]},
    {"name": "Karl", "side": "german", "pilots": [{"aircraft": "albatros-d3"}]},
]


def start(date: str, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = GAME.campaign_start(
        "western-front", {"start": date, "players": players or PLAYERS})
    return record


def entry(fate: str | None = None, experience: int = 0, victories: int = 0,
          observer: str = "none", observer_victories: int = 0) -> dict[str, Any]:
    """One aircraft's line of ``Outcome.details["pilots"]`` (``ending.carnet``)."""
    return {"fate": fate, "turns": experience, "experience": experience,
            "victories": [f"v{i}" for i in range(victories)], "shared": [],
            "observer": observer,
            "observer_victories": [f"o{i}" for i in range(observer_victories)],
            "observer_shared": []}


def after(record: dict[str, Any], options: dict[str, Any],
          pilots: dict[str, dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = GAME.campaign_record(record, options,
                                               Outcome(None, "test", {}, {"pilots": pilots}))
    return out


def pilot(record: dict[str, Any], player: int, index: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = record["players"][player]["pilots"][index]
    return out


def week_games(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every game the week may end in, each way of taking its decisions one after the
    other (the choices that give a ``record``), in the choices' order."""
    out: list[dict[str, Any]] = []
    for chosen in GAME.campaign_choices(record):
        out += week_games(chosen["record"]) if "record" in chosen else [chosen]
    return out


def allied(games: list[dict[str, Any]]) -> list[str]:
    """The aircraft the first player's pilot may fly, in the choices' order."""
    return list(dict.fromkeys(g["options"]["flyers"][0]["aircraft"] for g in games))


def test_les_dates_and_les_avions_at_the_start() -> None:
    """§ Les Dates: January 1917 to October 1918; § Les Avions: an aircraft of the
    pilot's own column that month, a counter of his own; § L'Expérience des
    Observateurs: a novice observer with a two-seater."""
    record = start("1917-04")
    anne = record["players"][0]["pilots"]
    assert [(p["name"], p["aircraft"], p["counter"]) for p in anne] == [
        ("Anne #1", "bristol-f2b", 29), ("Anne #2", "spad-7", 1)]
    assert anne[0]["observer"] == {"victories": 0, "skills": [], "grounded": False}
    with pytest.raises(InvalidOptions, match="Les Dates"):
        start("1918-11")
    with pytest.raises(InvalidOptions, match="Tableau des Avions en Ligne"):
        start("1917-01")  # no Bristol before April 1917
    early_american = [{"name": "Sam", "side": "allied",
                       "pilots": [{"nation": "american", "aircraft": "nieuport-28"}]},
                      PLAYERS[1]]
    with pytest.raises(InvalidOptions, match="Tableau des Avions en Ligne"):
        start("1917-06", early_american)


def play(options: dict[str, Any], seed: int) -> Outcome:
    """A game flown by uniformly random pilots."""
    rng = new_rng(seed)
    state = GAME.setup(options, rng)
    while (outcome := GAME.outcome(state)) is None:
        seat = sorted(GAME.pending(state))[0]
        decision, rng = choice(rng, GAME.legal(state, seat))
        state = decide(GAME, state, seat, decision).state
    return outcome


def test_a_week_of_the_campaign_and_its_record() -> None:
    """Four games a month (§ Les Dates); each player flies one pilot (§ Les Pilotes); the
    game gives each pilot's Carnet de Vol."""
    record = start("1917-04")
    games = week_games(record)
    assert len(games) == 2  # Anne flies her first or her second pilot
    assert games[0]["label"] == ("1917-04, week 1: Anne: Anne #1 (Bristol F.2B #29); "
                                 "Karl: Karl #3 (Albatros D.III #31)")
    assert games[1]["label"].startswith("1917-04, week 1: Anne: Anne #2 (Spad VII #1)")
    options = games[0]["options"]
    assert [f["counter"] for f in options["flyers"]] == [29, 31]
    outcome = play(options, 3)
    later = GAME.campaign_record(record, options, outcome)
    assert (later["date"], later["week"]) == ("1917-04", 2)
    carnet = outcome.details["pilots"]["allied-29"]
    if carnet["fate"] in ("shot-down", "killed", "prisoner"):
        assert later["fallen"][0]["pilot"]["name"] == "Anne #1"
        assert pilot(later, 0)["name"] == "Anne #4" and pilot(later, 0)["nation"] is None
    else:
        assert pilot(later, 0)["experience"] == carnet["experience"]
        assert pilot(later, 0)["games"] == 1
    assert pilot(later, 0, 1)["games"] == 0  # the second pilot stayed on the ground


def test_flying_the_second_pilot() -> None:
    """§ Les Pilotes: a player's two pilots; usually one of them flies a given game."""
    record = start("1917-04")
    second = week_games(record)[1]["options"]
    assert second["flyers"][0]["pilot"]["name"] == "Anne #2"
    later = after(record, second, {"allied-1": entry(experience=12),
                                   "german-31": entry(experience=12)})
    assert (pilot(later, 0)["experience"], pilot(later, 0, 1)["experience"]) == (0, 12)
    assert pilot(later, 0, 1)["games"] == 1


def test_competences_speciales_are_chosen_when_earned() -> None:
    """Tableau des Compétences Spéciales: a skill at 100 points; the player chooses it
    among the Compétences de Pilotage and de Tir (Valeur de Combat and Portée Étendue:
    aces only); it is his from the next game on."""
    record = start("1917-04")
    first = week_games(record)[0]["options"]
    record = after(record, first, {"allied-29": entry(experience=100),
                                   "german-31": entry(experience=30)})
    assert pilot(record, 0)["skills_to_choose"] == 1
    games = [g for g in week_games(record)
             if g["options"]["flyers"][0]["pilot"]["name"] == "Anne #1"]
    taken = [g["options"]["flyers"][0]["pilot"]["skills"] for g in games]
    assert taken == [["restricted-tailing"], ["maneuvers"], ["long-range-tailing"],
                     ["stability"], ["fire-bonus"], ["jams"], ["no-deflection"]]
    assert "takes Poursuite restreinte" in games[0]["label"]
    assert games[0]["chooser"] == "allied"
    record = after(record, games[5]["options"], {"allied-29": entry(experience=20),
                                                 "german-31": entry(experience=20)})
    assert pilot(record, 0)["skills"] == ["jams"] and pilot(record, 0)["skills_to_choose"] == 0
    again = week_games(record)[0]["options"]["flyers"][0]["pilot"]
    assert again["skills"] == ["jams"]  # the game's Carnet carries the skill


def test_an_ace_and_the_skills_for_aces_only() -> None:
    """As: five victories; "Par cinq avions abattus +1"; Valeur de Combat and Portée
    Étendue become choices."""
    record = start("1917-04")
    first = week_games(record)[0]["options"]
    record = after(record, first, {"allied-29": entry(experience=125, victories=5),
                                   "german-31": entry()})
    assert pilot(record, 0)["skills_to_choose"] == 2  # 100 points, and five victories
    games = [g for g in week_games(record)
             if g["options"]["flyers"][0]["pilot"]["name"] == "Anne #1"]
    assert len({frozenset(g["options"]["flyers"][0]["pilot"]["skills"]) for g in games}) \
        == 36  # two of the nine skills (taken one after the other, in either order)
    assert ["combat-value", "extended-range"] in [
        g["options"]["flyers"][0]["pilot"]["skills"] for g in games]
    assert GAME.campaign_result(dict(record, date="1918-12"))["aces"] == ["Anne #1"]


def test_victoires_homologuees_shared_victories_count_for_ace() -> None:
    """§ Victoires Homologuées: 25 points for a shared victory; ruling R21: it counts
    toward the five of an ace."""
    record = start("1917-04")
    first = week_games(record)[0]["options"]
    shared = dict(entry(experience=4 * 25 + 25, victories=4), shared=["german-x"])
    record = after(record, first, {"allied-29": shared, "german-31": entry()})
    assert (pilot(record, 0)["victories"], pilot(record, 0)["experience"]) == (5, 125)
    result = GAME.campaign_result(dict(record, date="1918-12"))
    assert result is not None and result["aces"] == ["Anne #1"]


def test_l_experience_des_observateurs() -> None:
    """An observer advances only by his own victories; his pilot gets nothing for them;
    observers choose only shooting skills (four victories: 100 points, our reading)."""
    record = start("1917-04")
    first = week_games(record)[0]["options"]
    record = after(record, first, {"allied-29": entry(experience=10, observer="ok",
                                                      observer_victories=4),
                                   "german-31": entry()})
    assert pilot(record, 0)["observer"]["victories"] == 4
    assert (pilot(record, 0)["experience"], pilot(record, 0)["victories"]) == (10, 0)
    games = [g for g in week_games(record)
             if g["options"]["flyers"][0]["pilot"]["name"] == "Anne #1"]
    assert [g["options"]["flyers"][0]["pilot"]["observer_skills"] for g in games] == [
        ["fire-bonus"], ["jams"], ["no-deflection"]]
    assert "observer takes L'Enrayement" in games[1]["label"]
    record = after(record, games[1]["options"], {"allied-29": entry(), "german-31": entry()})
    assert pilot(record, 0)["observer"]["skills"] == ["jams"]


def test_changing_aircraft_as_new_types_come() -> None:
    """§ Les Avions: a pilot may change when new types come into service (Tableau des
    Avions en Ligne); the counter he leaves is free for others; an observer comes with a
    two-seater and is grounded when his pilot leaves it."""
    record = start("1917-01", [{"name": "Bert", "side": "allied",
                                "pilots": [{"nation": "english", "aircraft": "nieuport-17"}]},
                               PLAYERS[1]])
    assert len(week_games(record)) == 1
    record = dict(record, date="1917-04")
    games = week_games(record)
    assert allied(games) == ["nieuport-17", "sopwith-triplane", "bristol-f2b"]
    assert "Bristol F.2B #29 for his Nieuport 17" in games[2]["label"]
    record = after(record, games[2]["options"], {"allied-29": entry(), "german-31": entry()})
    bert = pilot(record, 0)
    assert (bert["aircraft"], bert["counter"], bert["since"]) == ("bristol-f2b", 29, "1917-04")
    assert bert["observer"] == {"victories": 0, "skills": [], "grounded": False}
    record = dict(record, date="1917-06")
    games = week_games(record)
    assert allied(games) == ["bristol-f2b", "se-5a"]  # times Karl's new Albatros D.Va
    se5a = next(g for g in games if g["options"]["flyers"][0]["aircraft"] == "se-5a")
    record = after(record, se5a["options"], {"allied-22": entry(), "german-31": entry()})
    assert pilot(record, 0)["observer"]["grounded"]


def test_americans_lafayette_then_march_1918_then_the_usaas() -> None:
    """Tableau des Avions en Ligne, note ***: Americans fly the Lafayette's Nieuport 17
    and Spad VII until February 1918; in March 1918 they cannot fly (then a player's other
    pilot flies; a side with nobody able to fly has no game that week: the book is
    silent, our reading); from April 1918 only their own column (the Nieuport 28)."""
    sam = {"name": "Sam", "side": "allied",
           "pilots": [{"nation": "american", "aircraft": "spad-7"},
                      {"nation": "english", "aircraft": "sopwith-camel"}]}
    record = start("1918-02", [sam, PLAYERS[1]])
    record = dict(record, week=4)
    flyers = week_games(record)[0]["options"]
    record = after(record, flyers, {"allied-1": entry(), "german-31": entry()})
    assert record["date"] == "1918-03"
    games = week_games(record)
    assert [g["options"]["flyers"][0]["pilot"]["name"] for g in games] == ["Sam #2"]
    alone = start("1918-02", [{"name": "Sam", "side": "allied",
                               "pilots": [{"nation": "american", "aircraft": "spad-7"}]},
                              PLAYERS[1]])
    alone = after(dict(alone, week=4), week_games(dict(alone, week=4))[0]["options"],
                  {"allied-1": entry(), "german-31": entry()})
    assert (alone["date"], alone["week"]) == ("1918-04", 1)
    assert [g["reason"] for g in alone["games"][1:]] == [
        "no game: the allied side has nobody able to fly"] * 4
    games = week_games(alone)
    assert allied(games) == ["nieuport-28"]  # Karl may take the new German types
    with pytest.raises(InvalidOptions, match="Tableau des Avions en Ligne"):
        start("1918-03", [sam, PLAYERS[1]])  # no American starts in March 1918


def test_downed_pilots_prisoners_and_their_replacements() -> None:
    """§ Les Pilotes: a pilot shot down is replaced by a novice, whose nationality an
    Allied player chooses; § Les pilotes au sol: a prisoner of war is noted and replaced;
    his observer, on his own rolls, may come back (grounded with the new pilot until a
    two-seater), an observer killed or taken is replaced by a novice."""
    record = start("1917-04")
    first = week_games(record)[0]["options"]
    record = after(record, first, {
        "allied-29": entry("prisoner", 40, 1, observer="ok", observer_victories=1),
        "german-31": entry("shot-down", 20)})
    assert [(f.get("pilot", {}).get("name"), f["fate"]) for f in record["fallen"]] == [
        ("Anne #1", "prisoner"), ("Karl #3", "shot-down")]
    anne = pilot(record, 0)
    assert (anne["name"], anne["nation"], anne["aircraft"], anne["experience"]) == (
        "Anne #4", None, None, 0)
    assert anne["observer"] == {"victories": 1, "skills": [], "grounded": True}
    assert pilot(record, 1)["nation"] == "german" and pilot(record, 1)["aircraft"] is None
    games = week_games(record)
    new = [g for g in games if g["options"]["flyers"][0]["pilot"]["name"] == "Anne #4"]
    nations = {g["options"]["flyers"][0]["pilot"]["nation"] for g in new}
    assert nations == {"english", "french", "american"}  # an American in the Lafayette
    bristol = next(g for g in new if g["options"]["flyers"][0]["aircraft"] == "bristol-f2b")
    assert bristol["options"]["flyers"][0]["counter"] == 29  # the counter left is free
    record = after(record, bristol["options"], {
        "allied-29": entry(observer="killed"), "german-31": entry()})
    assert record["fallen"][-1] == {"observer": {"victories": 1, "skills": [],
                                                 "grounded": False},
                                    "of": "Anne #4", "fate": "killed", "date": "1917-04"}
    assert pilot(record, 0)["observer"] == {"victories": 0, "skills": [], "grounded": False}
    assert pilot(record, 0)["nation"] == "english"


def test_the_campaign_ends_after_november_1918() -> None:
    record = dict(start("1918-10"), date="1918-11", week=4)
    options = week_games(record)[0]["options"]
    done = after(record, options, {})
    assert done["date"] == "1918-12"
    assert week_games(done) == []
    result = GAME.campaign_result(done)
    assert result is not None and result["aces"] == [] and result["games"] == 1


def fly_campaign(record: dict[str, Any], pick: random.Random | None) -> dict[str, Any]:
    """Fly every week to the end of the war, random pilots in the games; the choices by
    ``pick`` (or always the first, as ``dogfight campaign fly`` does)."""
    seed = 0
    while choices := GAME.campaign_choices(record):
        chosen = pick.choice(choices) if pick else choices[0]
        if "record" in chosen:  # a decision of the week: no game
            record = chosen["record"]
            continue
        record = GAME.campaign_record(record, chosen["options"], play(chosen["options"], seed))
        seed += 1
    return record


def test_a_whole_campaign_from_january_1917_to_the_armistice() -> None:
    """Every week of the war flown by computer pilots, the week's decisions (who flies,
    aircraft, nationality, skills) chosen at random; Americans grounded in March 1918."""
    players = [PLAYERS[0],
               {"name": "Sam", "side": "allied",
                "pilots": [{"nation": "american", "aircraft": "nieuport-17"}]},
               PLAYERS[1], {"name": "Otto", "side": "german",
                            "pilots": [{"aircraft": "albatros-d3"}]}]
    record = fly_campaign(start("1917-01", [players[1], players[2]]), None)
    assert len(record["games"]) == 23 * 4
    assert sum(g["reason"].startswith("no game") for g in record["games"]) in (0, 4)
    result = GAME.campaign_result(record)
    assert result is not None and result["games"] + result["fallen"] >= 88
    wide = fly_campaign(start("1917-01", [{**players[0], "pilots": [
        {"nation": "english", "aircraft": "nieuport-17"}]}, *players[1:]]), random.Random(5))
    assert len(wide["games"]) == 92 and GAME.campaign_result(wide) is not None
    made = {p["name"] for pl in wide["players"] for p in pl["pilots"]} | {
        f["pilot"]["name"] for f in wide["fallen"] if "pilot" in f}
    assert len(made) == wide["made"]


@pytest.mark.parametrize("options", [
    {"players": ["Anne"]},
    {"players": [{"side": "neutral", "pilots": []}]},
    {"players": [{"side": "allied", "pilots": [{"aircraft": "spad-7"}] * 3}]},
    {"players": [PLAYERS[0]]},
    {"start": 1917, "players": PLAYERS},
    {"players": [{"side": "allied", "pilots": [{"nation": "german", "aircraft": "spad-7"}]},
                 PLAYERS[1]]},
])
def test_malformed_campaign_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.campaign_start("western-front", options)


def test_a_game_from_elsewhere_is_refused() -> None:
    record = start("1917-04")
    with pytest.raises(InvalidOptions, match="not the campaign's"):
        after(record, {"flyers": [{"aircraft": "spad-13", "pilot": {"name": "Zoe"}}]}, {})


def four_players() -> dict[str, Any]:
    """May 1918: Anne's and Otto's pilots are new (nationality, aircraft to choose), Bert's
    has earned a skill, Karl's two (100 points, five victories)."""
    def new(name: str, nation: str | None) -> dict[str, Any]:
        return {"name": name, "nation": nation}

    return {"campaign": "western-front", "date": "1918-05", "week": 1, "made": 4,
            "players": [
                {"name": "Anne", "side": "allied", "pilots": [new("Anne #1", None)]},
                {"name": "Bert", "side": "allied", "pilots": [
                    {"name": "Bert #2", "nation": "english", "aircraft": "sopwith-camel",
                     "counter": 19, "since": "1918-05", "experience": 100,
                     "skills_to_choose": 1}]},
                {"name": "Karl", "side": "german", "pilots": [
                    {"name": "Karl #3", "nation": "german", "aircraft": "fokker-d7",
                     "counter": 49, "since": "1918-05", "experience": 130, "victories": 5,
                     "skills_to_choose": 2}]},
                {"name": "Otto", "side": "german", "pilots": [new("Otto #4", "german")]}]}


def test_the_weeks_decisions_one_player_and_one_thing_at_a_time() -> None:
    """§ Les Pilotes, § Les Avions, Tableau des Compétences Spéciales: each player decides
    for himself, one thing at a time (his pilot's nationality, aircraft, skills), not the
    whole week's product of every player's plans; the games reachable are the same."""
    record = four_players()
    rec = load(record)
    each = [len(plans(GAME.dataset, rec, player)) for player in rec.players]
    assert each == [9, 7, 36, 8]  # the week as one product: 18,144 games to choose from
    asked: list[tuple[str, int]] = []
    while "options" not in (first := GAME.campaign_choices(record))[0]:
        label = first[0]["label"]
        asked.append((label.split(": ")[1], len(first)))
        assert {c["chooser"] for c in first} == {first[0]["chooser"]}
        record = first[0]["record"]
    assert asked == [("Anne", 3), ("Anne", 5), ("Bert", 7), ("Karl", 9), ("Karl", 8), ("Otto", 8)]
    assert len(first) == 1 and first[0]["label"] == (
        "1918-05, week 1: Anne: Anne #1 (english, Nieuport 17 #7); Bert: Bert #2 (Sopwith "
        "Camel #19, takes Poursuite restreinte); Karl: Karl #3 (Fokker D.VII #49, takes "
        "Poursuite restreinte and Manœuvres); Otto: Otto #4 (Albatros D.III #31, new)")
    assert GAME.campaign_choices(record) == first


def test_a_decision_names_its_player_and_what_it_decides() -> None:
    record = four_players()
    nations = GAME.campaign_choices(record)
    assert [c["label"] for c in nations] == [
        "1918-05, week 1: Anne: Anne #1 is english", "1918-05, week 1: Anne: Anne #1 is french",
        "1918-05, week 1: Anne: Anne #1 is american"]
    french = nations[1]["record"]
    assert french["decided"] == {"Anne": ["Anne #1", "french"]}
    assert french["players"] == GAME.campaign_choices(record)[0]["record"]["players"]
    assert french["players"][0]["pilots"][0]["nation"] is None  # set once the game is flown
    aircraft = GAME.campaign_choices(french)
    assert [c["label"].split(": ", 2)[2] for c in aircraft] == [
        "Anne #1 on the Nieuport 17", "Anne #1 on the Spad VII", "Anne #1 on the Spad XIII"]
    assert all(c["chooser"] == "allied" for c in aircraft)


def test_a_record_and_a_game_of_before_still_fold() -> None:
    """A record kept before the week's decisions were split (no ``decided``) still loads,
    and a game whose options carry every player's plan at once still folds in."""
    record = four_players()
    assert "decided" not in record
    while "options" not in (last := GAME.campaign_choices(record)[-1]):
        record = last["record"]
    options = last["options"]
    record = four_players()
    later = after(record, options, {})
    assert later["decided"] == {} and later["week"] == 2
    assert pilot(later, 0)["nation"] == options["flyers"][0]["pilot"]["nation"]
    assert pilot(later, 2)["skills"] == options["flyers"][2]["pilot"]["skills"]
