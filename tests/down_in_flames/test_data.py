"""Down In Flames data files: loaded and checked, the book's figures pinned, a malformed
file refused naming the file, the entry and the reason, a player's copy preferred.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dogfight.core import DataError
from dogfight.games.down_in_flames import data as dif
from dogfight.games.down_in_flames.data import DifData, load

SHIPPED = Path(dif.__file__).parent / "data"


@pytest.fixture(scope="module")
def d() -> DifData:
    return load()


def card(d: DifData, title: str, subtitle: str = "") -> dif.ActionCard:
    return next(c for c in d.action_deck.values()
                if c.title == title and c.subtitle == subtitle)


def speed_maneuvers(d: DifData, mine: str, theirs: str) -> int:
    return max(0, d.aircraft[mine].speed - d.aircraft[theirs].speed)


# -- the files as a whole ---------------------------------------------------------------------
def test_every_entry_names_its_source(d: DifData) -> None:
    """Every figure is 'book: <file> § <section>' or 'derived: <why>' (docs/architecture.md)."""
    sources = [p.source for p in d.aircraft.values()] + [c.source for c in d.action_deck.values()]
    for camp in d.campaigns.values():
        sources += [camp.campaign.source] + [t.source for t in camp.targets]
        sources += [a.source for a in camp.arrows] + [o.source for o in camp.options]
        sources += [v.source for v in camp.victory]
    assert sources and all(s.startswith(("book:", "derived:")) for s in sources)
    assert all(dif.BOOK in s for s in sources if s.startswith("book:"))


def test_the_action_deck_holds_exactly_110_cards(d: DifData) -> None:
    """§ Préparer les cartes: "Mélangez les 110 cartes d'Action"; § Cartes d'Action
    Pacifique / Europe: 55 + 55 pictures, so every derived count is even."""
    assert sum(c.count for c in d.action_deck.values()) == 110
    assert len(d.deck()) == 110
    assert all(c.count % 2 == 0 for c in d.action_deck.values())


def test_every_card_title_of_the_book_is_in_the_deck(d: DifData) -> None:
    """§ Règles détaillées concernant les cartes d'Action: the twelve titles described."""
    titles = {c.full_title for c in d.action_deck.values()}
    assert {"Ace Pilot", "Barrel Roll", "Evasive", "In My Sights (1 Burst)",
            "In My Sights (Fuel Tank)", "In My Sights (Jinking)", "Out of the Sun", "Redline",
            "Scissors", "Tight Turn", "Vertical Roll", "Yo-Yo"} <= titles


def test_the_roster_holds_every_aircraft_the_book_names(d: DifData) -> None:
    """Every aircraft named anywhere in the book, each with a nation and a year
    (§ Nationalité et année)."""
    names = {p.name for p in d.aircraft.values()}
    assert {"Spitfire I", "Bf-109E Emil", "P-39D Airacobra", "P-47D Thunderbolt", "La-7",
            "P.11c", "Bf-110C", "Gladiator II", "P-51D Mustang", "Ki.27 Nate",
            "Bf-109G Gustav", "F4U Corsair", "A6M5 Zeke", "Ju-87B Stuka", "B-24D Liberator",
            "Do-17Z", "B5N2 Kate"} <= names
    for plane in d.aircraft.values():
        assert plane.nation in dif.SIDE_OF and plane.year in dif.YEARS
        assert len(plane.horsepower) == 2 and len(plane.airframe) == 2


# -- action cards ---------------------------------------------------------------------------------
def test_maneuver_values_named_by_the_book(d: DifData) -> None:
    """§ Règles détaillées concernant les cartes d'Action (and § Cartes de Manœuvre): Ace
    Pilot 4, Evasive 2, Out of the Sun 3, Redline 1, Scissors 1, Vertical Roll 2, Yo-Yo 1;
    Barrel Roll and Tight Turn cannot be played as maneuvers; In My Sights 1 to 3."""
    expected = {"Ace Pilot": 4, "Evasive": 2, "Out of the Sun": 3, "Redline": 1,
                "Scissors": 1, "Vertical Roll": 2, "Yo-Yo": 1, "Barrel Roll": 0,
                "Tight Turn": 0}
    for title, value in expected.items():
        assert card(d, title).maneuver == value, title
    assert {c.maneuver for c in d.action_deck.values() if c.title == "In My Sights"} == {1, 2, 3}


def test_react_to_lists_of_the_book(d: DifData) -> None:
    """§ Règles détaillées concernant les cartes d'Action: the React To sections."""
    assert set(card(d, "Barrel Roll").react_to) == {"Barrel Roll", "Scissors", "In My Sights",
                                                    "Maneuver"}
    assert set(card(d, "Scissors").react_to) == {"Scissors", "Yo-Yo", "Tight Turn"}
    assert set(card(d, "Tight Turn").react_to) == {"Tight Turn", "Barrel Roll", "In My Sights",
                                                   "Maneuver"}
    assert set(card(d, "Vertical Roll").react_to) == {"Vertical Roll", "Out of the Sun",
                                                      "In My Sights", "Yo-Yo"}
    assert set(card(d, "Yo-Yo").react_to) == {"Yo-Yo", "Tight Turn", "Scissors", "Barrel Roll",
                                              "Vertical Roll"}
    assert set(card(d, "In My Sights", "Jinking").react_to) == {"In My Sights", "Out of the Sun"}
    assert card(d, "Ace Pilot").react_to == ["Any"]
    # § Jouer une carte: Scissors cannot react to In My Sights
    assert "In My Sights" not in card(d, "Scissors").react_to


def test_kinds_of_the_book(d: DifData) -> None:
    """§ Cartes de Tactique, § Cartes « +1 Hits », § Redline, § In My Sights (Fuel Tank)."""
    assert "tactic" in card(d, "Evasive").kinds
    assert {"tactic", "+1 hit"} <= set(card(d, "Tight Turn").kinds)
    assert {"tactic", "+1 hit"} <= set(card(d, "Yo-Yo").kinds)
    assert card(d, "Redline").any_time
    assert card(d, "In My Sights", "Fuel Tank").fuel_tank
    assert card(d, "In My Sights", "1 Burst").kinds[0] == "attack"
    # § Cartes de dégâts réduits des bombardiers: "In My Sights, Bomber: -1 Hit"
    jinking = card(d, "In My Sights", "Jinking").bomber
    assert jinking is not None and jinking.reduce == 1
    tight = card(d, "Tight Turn").bomber
    assert tight is not None and tight.extra_hits == 1


# -- the worked example and the card examples ----------------------------------------------------
def test_worked_example_corsair_against_zeke_1943(d: DifData) -> None:
    """§ Exemple d'un tour de combat aérien: F4U Corsair (US) vs A6M5 Zeke (Japan), 1943."""
    corsair, zeke = d.aircraft["f4u-corsair"], d.aircraft["a6m5-zeke"]
    assert (corsair.nation, zeke.nation) == ("United States", "Japan")
    assert corsair.year <= 1943 and zeke.year <= 1943
    assert corsair.performance == zeke.performance == 7  # "chaque joueur reçoit sept cartes"
    assert (corsair.speed, zeke.speed) == (3, 2)  # "J'ai une Vitesse de 3, et lui de 2"
    assert speed_maneuvers(d, "f4u-corsair", "a6m5-zeke") == 1
    assert speed_maneuvers(d, "a6m5-zeke", "f4u-corsair") == 0
    assert corsair.bursts + 1 == 2  # inherent + Advantaged
    assert corsair.horsepower[1] == 3  # draws three after its turn
    one, two = card(d, "In My Sights", "1 Burst"), card(d, "In My Sights", "2 Bursts, 3 Hits")
    assert (one.bursts, one.hits + corsair.firepower) == (1, 1)
    assert (two.bursts, two.hits + corsair.firepower) == (2, 3)
    assert zeke.airframe[0] == 3  # three hits turn it damaged
    assert zeke.horsepower == (2, 2)  # draws two before (Medium) and two after (High: -1/-0)
    assert zeke.bursts == 0 and zeke.bursts + 1 == 1  # 0 inherent, 1 for the Advantage
    assert "agile" in zeke.specials
    assert one.hits + zeke.firepower + 1 == 3  # 1 + Zeke bonus + Tight Turn


def test_aircraft_card_examples(d: DifData) -> None:
    """§ Performance (Spitfire I 6), § Bursts / Rafales (P-47D 2: 3 Advantaged, 5 tailing),
    § Firepower (La-7 +1), § Airframe (P.11c 2/4), § Agile (P.11c), § Gunner (Bf-110C),
    § Barrage (Spitfire I), § Points de Victoire (P.11c 3), § Tirage de cartes pré-tour and
    post-tour (P.11c horsepower 1/0, four cards fill its hand), § Marqueurs de pilote
    expérimenté (Spitfire I 3/6), § Mise en place (P-39D, Russian, 1941, 12 points)."""
    a = d.aircraft
    spit, p47, p11 = a["spitfire-1"], a["p-47d"], a["p-11c"]
    assert (spit.performance, spit.bursts, spit.airframe) == (6, 2, (3, 6))
    assert "barrage" in spit.specials and spit.nation == "United Kingdom"
    assert (p47.bursts, p47.bursts + 1, p47.bursts + 3) == (2, 3, 5)
    assert a["la-7"].firepower == 1 and a["la-7"].nation == "USSR"
    assert p11.airframe == (2, 4) and "agile" in p11.specials and p11.vp == 3
    assert p11.horsepower == (1, 0) and p11.performance < 4 + 1  # a 5th card is refused
    assert p11.nation == "Poland"
    assert p11.vp // 2 == 1  # § Points de victoire: damaged at game end scores half, down
    assert "gunner" in a["bf-110c"].specials and a["bf-110c"].gunner > 0
    p39 = a["p-39d"]
    assert p39.nation == "USSR" and p39.year <= 1941 and p39.vp <= 12


def test_speed_examples(d: DifData) -> None:
    """§ Manœuvrer avec vitesse: Bf-109E 2 vs Gladiator II 1 (one speed maneuver), P-51D 3
    vs Ki.27 Nate 1 (two)."""
    assert (d.aircraft["bf-109e"].speed, d.aircraft["gladiator-2"].speed) == (2, 1)
    assert speed_maneuvers(d, "bf-109e", "gladiator-2") == 1
    assert (d.aircraft["p-51d"].speed, d.aircraft["ki-27"].speed) == (3, 1)
    assert speed_maneuvers(d, "p-51d", "ki-27") == 2
    # § Cartes d'Action des bombardiers: Emil 2 vs Liberator 1
    assert speed_maneuvers(d, "bf-109e", "b-24d") == 1


def test_bomber_turret_arithmetic(d: DifData) -> None:
    """§ Tourelles des bombardiers: two B-24D one behind the other, the lead draws 5 + 2 = 7;
    three Ju-87B side by side, an end one draws 3, the middle one 4."""
    lib, stuka = d.aircraft["b-24d"], d.aircraft["ju-87b"]
    assert lib.is_bomber and stuka.is_bomber
    assert lib.turrets == (5, 2) and lib.turrets[0] + lib.turrets[1] == 7
    defense, support = stuka.turrets
    assert defense + support == 3 and defense + 2 * support == 4
    assert lib.speed == 1  # § Cartes d'Action des bombardiers


def test_kate_bombs_and_patterns(d: DifData) -> None:
    """§ Sélectionnez le Schéma de Bombardement: a B5N2 Kate carries 14 bombs, 8 damaged;
    Normal 14/8, Tight 28/16, Dispersed 7/4."""
    kate = d.aircraft["b5n2-kate"]
    assert kate.nation == "Japan" and kate.bombs == (14, 8)
    assert [2 * b for b in kate.bombs] == [28, 16]
    assert [b // 2 for b in kate.bombs] == [7, 4]


def test_bombers_have_no_fighter_figures(d: DifData) -> None:
    """§ Bombardiers: no Performance, Horsepower, Bursts or Firepower; turrets and the
    altitude on the card instead (§ Altitude des bombardiers)."""
    for plane in d.aircraft.values():
        if plane.is_bomber:
            assert (plane.performance, plane.horsepower, plane.bursts) == (0, (0, 0), 0)
            assert plane.turrets[0] > 0 and plane.altitude


# -- campaigns ------------------------------------------------------------------------------------
def test_poland_1939(d: DifData) -> None:
    """§ Première mission: the Axis chooses among missions #1, #2, #3, #4 and #6;
    § Augmenter l'échelle d'une campagne: target #3 is the airfield, 4/8 bombs, flak 2; the
    Axis gets a Stuka and a Bf-110C (option #1), the Allies two P.11c (option #2 and the
    interceptor) and the Axis fighters are late; at 3:1, 12/24 bombs."""
    poland = d.campaigns["poland-1939"]
    assert poland.campaign.name == "Poland 1939" and poland.campaign.initiative == "axis"
    assert sorted(a.to for a in poland.starts("axis")) == [1, 2, 3, 4, 6]
    airfield = poland.target(3)
    assert (airfield.kind, airfield.damaged, airfield.destroyed, airfield.flak) == (
        "airfield", 4, 8, 2)
    assert (3 * airfield.damaged, 3 * airfield.destroyed) == (12, 24)
    assert poland.campaign.interceptors.allies == "p-11c"
    arrow = next(a for a in poland.starts("axis") if a.to == 3)
    axis1 = next(o for o in poland.options if o.side == "axis" and o.number == 1)
    assert sorted(arrow.aircraft + [e.aircraft for e in axis1.effects]) == ["bf-110c", "ju-87b"]
    allies2 = next(o for o in poland.options if o.side == "allies" and o.number == 2)
    assert [(e.kind, e.aircraft) for e in allies2.effects] == [("fighter", "p-11c"),
                                                               ("late", "")]


def test_daylight_bombing_1944(d: DifData) -> None:
    """§ Déterminer l'issue de la campagne: 180 Allied VP - 60 Axis VP = 120, a minor Allied
    victory; § Tableau des points de victoire: the net is Allies minus Axis."""
    daylight = d.campaigns["daylight-bombing-1944"]
    assert daylight.campaign.name == "Daylight Bombing 1944"
    assert daylight.result(180 - 60) == "Allied minor victory"
    assert {"b-24d"} <= {k for a in daylight.arrows for k in a.aircraft}


# -- malformed files and players' copies ---------------------------------------------------------
@pytest.mark.parametrize(
    ("file", "edit", "entry", "reason"),
    [
        ("action_deck.toml", ("count = 4\n", "count = 5\n"), "cards",
         "the counts sum to 111; the action deck holds exactly 110"),
        ("action_deck.toml", ('count = 4\nkinds = ["reaction", "maneuver"]',
                              'count = "four"\nkinds = ["reaction", "maneuver"]'),
         "cards.ace-pilot.count", "Expected `int`, got `str`"),
        ("action_deck.toml", ('source = "book: 004_fe250b7836505b34.txt § Ace Pilot',
                              'source = "guess: 004_fe250b7836505b34.txt § Ace Pilot'),
         "cards.ace-pilot", "needs source"),
        ("action_deck.toml", ('react_to = ["Scissors", "Yo-Yo", "Tight Turn"]',
                              'react_to = ["Scissors", "Yoyo", "Tight Turn"]'),
         "cards.scissors.react_to", "'Yoyo' is no card title"),
        ("action_deck.toml", ("maneuver = 4", "maneuver = 0"), "cards.ace-pilot.maneuver",
         "kind 'maneuver' if and only if"),
        ("aircraft.toml", ("airframe = [3, 6]\nvp = 12\nspecials = [\"barrage\"]",
                           "airframe = [3, 6, 9]\nvp = 12\nspecials = [\"barrage\"]"),
         "aircraft.spitfire-1.airframe", "Expected `array` of length 2, got 3"),
        ("aircraft.toml", ("airframe = [3, 6]\nvp = 12\nspecials = [\"barrage\"]",
                           "airframe = [6, 3]\nvp = 12\nspecials = [\"barrage\"]"),
         "aircraft.spitfire-1.airframe", "0 < healthy < damaged"),
        ("aircraft.toml", ("horsepower = [1, 0]", "horsepower = [1]"),
         "aircraft.p-11c.horsepower", "Expected `array` of length 2, got 1"),
        ("aircraft.toml", ('nation = "Poland"', 'nation = "France"'),
         "aircraft.p-11c.nation", "Invalid enum value 'France'"),
        ("aircraft.toml", ("year = 1934\n", ""), "aircraft.p-11c",
         "missing required field `year`"),
        ("aircraft.toml", ("year = 1934\n", "year = 1914\n"), "aircraft.p-11c.year",
         "got 1914"),
        ("aircraft.toml", ('source = "derived: named by the book (§ Positionnement',
                           'source = "named by the book (§ Positionnement'),
         "aircraft.bf-109g", "needs source"),
        ("campaigns/poland-1939.toml", ('from = "start"\nto = 6', 'from = "start"\nto = 9'),
         "arrows[4].to", "no target #9"),
        ("campaigns/poland-1939.toml", ('aircraft = "bf-110c"', 'aircraft = "bf-111"'),
         "options[0].effects[0].aircraft", "no aircraft 'bf-111'"),
        ("campaigns/poland-1939.toml", ("min = -39", "min = -38"), "victory[1].min",
         "each row starts one above"),
        ("campaigns/poland-1939.toml", ("flak = 2\n", "flak = 2\nbombs = 3\n"),
         "targets[2]", "unknown field `bombs`"),
        ("campaigns/daylight-bombing-1944.toml", ('aircraft = ["b-24d"]',
                                                  'aircraft = ["spitfire-1"]'),
         "arrows[0].aircraft[0]", "bombers or fighter-bombers"),
        ("campaigns/daylight-bombing-1944.toml", ('aircraft = ["fw-190a-8"]',
                                                  'aircraft = ["p-51d"]'),
         "arrows[8].aircraft[0]", "flies for the allies, not the axis"),
        ("rules.toml", ('bursts = 3\nsource = "book:', 'bursts = 3\nsource = "my notes:'),
         "tailing", "needs source"),
        ("rules.toml", ("[patterns.tight]", "[patterns.tighter]"), "patterns",
         "needs scattered, normal and tight"),
        ("rules.toml", ("[altitudes.low]", "[altitudes.lower]"), "altitudes",
         "the five levels in order"),
    ],
)
def test_a_malformed_file_is_refused_naming_file_entry_and_reason(
        tmp_path: Path, file: str, edit: tuple[str, str], entry: str, reason: str) -> None:
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED, folder)
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert edit[0] in text
    target.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load(folder)
    assert info.value.file == str(target)
    assert info.value.entry == entry
    assert reason in info.value.reason


def test_a_players_copy_replaces_the_shipped_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/architecture.md § Data files: a copy in $DOGFIGHT_DATA_DIR/<game-id>/ is loaded
    instead; a campaign sheet added there is loaded too."""
    folder = tmp_path / dif.GAME_ID
    (folder / "campaigns").mkdir(parents=True)
    deck = (SHIPPED / "action_deck.toml").read_text(encoding="utf-8")
    edited = deck.replace('title = "Barrel Roll"\ncount = 12', 'title = "Barrel Roll"\ncount = 10')
    edited = edited.replace('title = "Scissors"\ncount = 10', 'title = "Scissors"\ncount = 12')
    assert edited.count("count = 12") == deck.count("count = 12")
    (folder / "action_deck.toml").write_text(edited, encoding="utf-8")
    poland = (SHIPPED / "campaigns/poland-1939.toml").read_text(encoding="utf-8")
    (folder / "campaigns/my-poland.toml").write_text(
        poland.replace('name = "Poland 1939"', 'name = "My Poland"'), encoding="utf-8")
    monkeypatch.setenv("DOGFIGHT_DATA_DIR", str(tmp_path))
    d = load()
    assert d.files["action_deck.toml"] == str(folder / "action_deck.toml")
    assert len(d.deck()) == 110
    assert d.action_deck["barrel-roll"].count == 10 and d.action_deck["scissors"].count == 12
    assert d.campaigns["my-poland"].campaign.name == "My Poland"
    assert "poland-1939" in d.campaigns


def test_the_rule_tables_come_from_the_data_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The book's tables (horsepower by altitude, bursts by position, flak patterns, pilot
    markers) are read from rules.toml, each entry with its source: a player's copy
    changes the rules (here four bursts more when tailing)."""
    from dogfight.games.down_in_flames import positions
    from tests.down_in_flames.helpers import A, X, duel, plane

    shipped = load()
    assert shipped.tables.positions["tailing"].bursts == 3
    assert [row.pre for row in shipped.altitude_rows] == [1, 0, 0, -1, -1]
    assert shipped.tables.patterns["tight"].times(3) == 6
    assert shipped.tables.patterns["scattered"].times(3) == 1
    assert shipped.pilot("AP2").aces == 2 and shipped.pilot("").vp == 0
    assert all(e.source for e in shipped.tables.pilots.values())
    folder = tmp_path / dif.GAME_ID
    folder.mkdir()
    rules = (SHIPPED / "rules.toml").read_text(encoding="utf-8")
    (folder / "rules.toml").write_text(
        rules.replace("[positions.tailing]\nbursts = 3", "[positions.tailing]\nbursts = 4"),
        encoding="utf-8")
    state = duel()
    before = positions.cap(state, plane(state, A), 2)
    monkeypatch.setenv("DOGFIGHT_DATA_DIR", str(tmp_path))
    assert positions.cap(state, plane(state, A), 2) == before + 1
    assert positions.cap(state, plane(state, X), 1) == positions.cap(state, plane(state, X), 0) + 1
