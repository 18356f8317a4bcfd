"""The log as a player's log (issue 14): in words without coordinates, no public
shadow of a seat's own secret, grouped by turn and phase, the whole game reachable a
page at a time, the seat's own secrets marked, seats named as sides in every language.

The games are the golden Wings of War duel (tests/golden/wings-of-war/duel.save.json,
25 turns: more lines than a page) and the Les Ailes duel, loaded as saves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dogfight.core import Event, get_game, new_rng
from dogfight.server import journal
from dogfight.server.app import create_app

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
COORDINATES = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)|heading \d")


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def load(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.post("/api/saves", content=(GOLDEN / name).read_bytes())
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def body(client: TestClient, game: dict[str, Any], seat: str | None,
         lang: str = "en") -> dict[str, Any]:
    headers = {} if seat is None else {
        "authorization": f"Bearer {game['seats'][seat]['token']}"}
    answer = client.get(f"/api/matches/{game['id']}", headers=headers,
                        params={"lang": lang})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def whole_log(client: TestClient, game: dict[str, Any], seat: str | None,
              lang: str = "en") -> tuple[list[str], list[dict[str, Any]]]:
    """The newest page, then every older page asked for, oldest first."""
    newest = body(client, game, seat, lang)
    lines, meta, start = list(newest["log"]), list(newest["log_meta"]), newest["log_from"]
    headers = {} if seat is None else {
        "authorization": f"Bearer {game['seats'][seat]['token']}"}
    while start > 0:
        older = client.get(f"/api/matches/{game['id']}/log", headers=headers,
                           params={"before": start, "lang": lang}).json()
        assert older["log_meta"][-1]["i"] == start - 1
        lines, meta, start = older["log"] + lines, older["log_meta"] + meta, older["log_from"]
    return lines, meta


def test_a_seat_reads_no_coordinates_and_no_doubles(client: TestClient) -> None:
    """Wings of War: a maneuver is said by its card, not by where the plane ends; the
    seat's own secret ("spad plans card 1: bank left") hides its public shadow ("spad
    plans a card"), the other side's public line stays."""
    game = load(client, "wings-of-war/duel.save.json")
    lines, _ = whole_log(client, game, "allies")
    assert not [line for line in lines if COORDINATES.search(line)]
    assert "spad flies 'bank left' (card 4)" in lines
    assert "spad plans a card" not in lines and "spad gives its fire order" not in lines
    assert lines.count("fokker plans a card") == sum(
        1 for line in lines if line.startswith("spad plans card "))
    spectator, _ = whole_log(client, game, None)
    assert "spad plans a card" in spectator and not any(
        line.startswith("spad plans card ") for line in spectator)


def test_the_log_is_grouped_by_turn_and_phase(client: TestClient) -> None:
    """Book 000_caefe768ab735396.txt § DÉROULEMENT DU JEU: a turn is planning, then
    three phases of movement and fire; each line carries its turn and phase, and a turn
    that only says "Turn 2" is the heading, not a line."""
    game = load(client, "wings-of-war/duel.save.json")
    lines, meta = whole_log(client, game, "allies")
    turns = [m["turn"] for m in meta]
    assert turns == sorted(turns) and turns[0] == 1 and turns[-1] == 25
    assert not [line for line in lines if re.fullmatch(r"Turn \d+", line)]
    for line, m in zip(lines, meta, strict=True):
        if " flies '" in line:
            assert m["phase"] in (1, 2, 3), line
        if line.startswith(("spad plans card", "fokker plans a card")):
            assert m["phase"] is None, line
    turn_two = [m["phase"] for m in meta if m["turn"] == 2]
    assert turn_two == sorted(turn_two, key=lambda p: -1 if p is None else p)


def test_the_whole_game_is_reachable_a_page_at_a_time(client: TestClient) -> None:
    """The body carries the newest page; older pages come by ``before=``, and together
    they are the whole log, every line once, in order."""
    game = load(client, "wings-of-war/duel.save.json")
    newest = body(client, game, "allies")
    assert newest["log_from"] > 0 and len(newest["log"]) == journal.PAGE
    assert newest["log_total"] == newest["log_from"] + journal.PAGE
    lines, meta = whole_log(client, game, "allies")
    assert [m["i"] for m in meta] == list(range(newest["log_total"]))
    assert lines[-len(newest["log"]):] == newest["log"]
    first = lines[0]
    assert first == "spad plans card 1: bank left"
    bad = client.get(f"/api/matches/{game['id']}/log", params={"before": -1})
    assert bad.status_code == 400 and "before" in bad.text
    token = {"authorization": "Bearer nope"}
    assert client.get(f"/api/matches/{game['id']}/log", headers=token,
                      params={"before": 5}).status_code == 403


def test_the_seats_own_secrets_are_marked_as_its_own(client: TestClient) -> None:
    game = load(client, "wings-of-war/duel.save.json")
    lines, meta = whole_log(client, game, "allies")
    mine = {line for line, m in zip(lines, meta, strict=True) if m["mine"]}
    assert "spad plans card 1: bank left" in mine
    assert any(line.startswith("spad orders: fire at fokker") for line in mine)
    assert all(line.startswith("spad") for line in mine)
    assert not any(m["mine"] for m in whole_log(client, game, None)[1])


@pytest.mark.parametrize(("lang", "allies", "central", "winner"), [
    ("en", "Allies", "Central Powers", "Game over: Central Powers win"),
    ("fr", "Alliés", "Empires centraux", "Empires centraux"),
    ("it", "Alleati", "Imperi Centrali", "Imperi Centrali"),
])
def test_seats_are_named_as_sides(client: TestClient, lang: str, allies: str, central: str,
                                  winner: str) -> None:
    game = load(client, "wings-of-war/duel.save.json")
    seen = body(client, game, "allies", lang)
    assert seen["seat_names"]["allies"] == allies
    assert seen["seat_names"]["central"] == central
    assert winner in seen["log"][-1] and "central" not in seen["log"][-1]


def test_an_aircraft_seat_is_named_and_a_game_may_name_its_seats(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Les Ailes: a seat is an aircraft ("allied-13"), named as the pages' seatName
    names it ("Allies 13"), but the log keeps the id the board labels it by; a game
    naming its seats (``Game.seat_names``, e.g. Down In Flames by nation) is followed."""
    ailes = load(client, "ailes-de-la-gloire/duel.save.json")
    seen = body(client, ailes, "allied-13", "it")
    assert seen["seat_names"]["allied-13"] == "Alleati 13"
    assert any(line.startswith("allied-13 ") for line in seen["log"])
    assert not any("Alleati 13" in line for line in seen["log"])
    wow = get_game("wings-of-war")
    monkeypatch.setattr(type(wow), "seat_names",
                        lambda self, state: {"allies": "France", "central": "Germany"})
    game = load(client, "wings-of-war/duel.save.json")
    assert body(client, game, "allies", "fr")["seat_names"] == {
        "allies": "France", "central": "Allemagne"}


def test_damage_and_collision_say_what_the_rules_do() -> None:
    """Book 000_caefe768ab735396.txt § CHEVAUCHEMENT DURANT LE MOUVEMENT: the B cards
    drawn only give the order ("on ne tient pas compte de leurs dégâts"); § DÉGÂTS
    SPÉCIAUX: a card's symbol is said by its own effect when that rule is in play,
    only an explosion is always one."""
    wow = get_game("wings-of-war")
    collision = wow.describe(Event("collision", {"planes": "spad, fokker", "cards": [3, 7]}))
    assert "no damage" in collision and "again in that order" in collision
    fire = Event("damage-card", {"plane": "spad", "letter": "A", "number": 4, "points": 2,
                                 "symbol": "fire"})
    assert wow.describe(fire) == "spad takes 2 damage"
    boom = Event("damage-card", {"plane": "spad", "letter": "A", "number": 9, "points": 0,
                                 "symbol": "explosion"})
    assert wow.describe(boom) == "spad takes 0 damage (explosion)"


def test_only_shadows_headings_and_positions_are_left_out() -> None:
    """Over every golden game and every seat (and a spectator), the events a player's
    log leaves out are exactly: the public shadows of the seat's own secrets (declared
    by the game, or a ``*-sealed`` event), turn events that are only a heading, and
    Wings of War's positions; never news such as a move, a turn's end, a reaction."""
    import msgspec

    from dogfight.store.saves import Save, check_save

    left_out: dict[tuple[str, bool], set[str]] = {}
    for path in sorted(GOLDEN.glob("*/*.save.json")):
        match = check_save(msgspec.json.decode(path.read_bytes(), type=Save))
        game = match.game
        for seat in [*game.seats(match.state), None]:
            events = match.events_for(seat)
            kept = {id(line.event) for line in
                    journal.lines(game, events, seat, game.turn(match.state))}
            left_out.setdefault((game.id, seat is None), set()).update(
                e.kind for e in events if id(e) not in kept)
    assert left_out == {
        ("age-of-dogfights", False): set(), ("age-of-dogfights", True): set(),
        ("ailes-de-la-gloire", False): {"fire-sealed", "maneuver-sealed", "turn"},
        ("ailes-de-la-gloire", True): {"turn"},
        ("down-in-flames", False): {"altitude-sealed", "fighter-sealed", "flak-sealed",
                                     "option-sealed"},
        ("down-in-flames", True): set(),
        ("test-duel", False): {"damage-card-drawn", "order-sealed"},
        ("test-duel", True): set(),
        ("wings-of-war", False): {"card-planned", "fire-sealed", "moved", "turn"},
        ("wings-of-war", True): {"moved", "turn"},
    }


def test_down_in_flames_names_seats_and_aircraft_by_nation(client: TestClient) -> None:
    """Book 002 (Down In Flames) § Les cartes Chasseurs: an aircraft is of a nation; once
    its card is face up, the log (the page, ``/log``) and the seats' names say that
    nation, numbered when several share it, in the reader's language, never an id."""
    game = load(client, "down-in-flames/all-rules.save.json")
    seen = body(client, game, "axis-2", "fr")
    assert seen["seat_names"]["axis-2"] == "Allemagne"
    assert seen["seat_names"]["allies-1"] == "Royaume-Uni"
    lines, _ = whole_log(client, game, "axis-2", "fr")
    assert not [line for line in lines if re.search(r"(axis|allies)-\d", line)]
    assert any(line.startswith("Allemagne ") for line in lines)
    several = load(client, "down-in-flames/free-for-all.save.json")
    named = body(client, several, None)["seat_names"]
    nations = {named[seat] for seat in ("allies", "axis")}
    assert not nations & {"Allies", "Axis"}, named


def test_down_in_flames_nations_stay_secret_until_revealed(client: TestClient) -> None:
    """Book 002 (Down In Flames) § Mise en place: the fighters are chosen face down and
    revealed together: until then no body (either seat's, a spectator's) names a
    nation, in its seat names or its log, though one seat has chosen."""
    dif = get_game("down-in-flames")
    nations = {a.nation for a in dif.dataset.aircraft.values()}  # type: ignore[attr-defined]
    answer = client.post("/api/matches", json={
        "game": "down-in-flames", "options": {}, "seed": 5,
        "seats": {"allies": {"kind": "human"}, "axis": {"kind": "human"}}})
    assert answer.status_code == 201, answer.text
    game = dict(answer.json())
    first = body(client, game, "axis")
    choice = first["observation"]["legal"][0]
    acted = client.post(f"/api/matches/{game['id']}/actions",
                        headers={"authorization": f"Bearer {game['seats']['axis']['token']}"},
                        json={"decision": choice, "seq": first["seq"]})
    assert acted.status_code == 200, acted.text
    for seat in ("allies", "axis", None):
        seen = body(client, game, seat)
        assert seen["observation"]["view"]["phase"] == "choose"
        told = [*seen["seat_names"].values(), *seen["log"]]
        assert not [text for text in told if any(n in text for n in nations)], seat
        assert seen["log"] == (["Axis: you chose the Bf-109E Emil"] if seat == "axis"
                               else ["Axis's fighter is chosen in secret"])
    listed = client.get("/api/matches", params={"ids": game["id"]}).json()
    assert not [n for n in listed[0]["seat_names"].values() if n in nations]


def test_down_in_flames_flak_choice_shows_once(client: TestClient) -> None:
    """Book 002 (Down In Flames) § Missions, la DCA: the defender sets the flak pattern
    in secret: its log says which, not also that "the defender has set" it; the
    attacker and a spectator read only that it is set."""
    game = load(client, "down-in-flames/mission.save.json")
    defender = [line for line in whole_log(client, game, "allies")[0] if "flak pattern" in line]
    assert defender == ["You set the flak pattern: normal"]
    for seat in ("axis", None):
        lines = whole_log(client, game, seat)[0]
        assert [line for line in lines if "flak pattern" in line] == [
            "The defender has set the flak pattern"]


def test_seats_sharing_a_name_are_numbered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seats of one nation read "Germany 1", "Germany 2" (as the page numbers the
    aircraft of one nation); a seat of two nations lists both, each translated."""
    wow = get_game("wings-of-war")
    monkeypatch.setattr(type(wow), "seat_names", lambda self, state: {
        "allies": "Germany", "central": "Germany", "plane-1": "United Kingdom, Germany"})
    state = wow.setup({"scenario": "duel"}, new_rng(1))
    french = {"Germany": "Allemagne", "United Kingdom": "Royaume-Uni"}
    named = journal.names(wow, state, lambda text: french.get(text, text))
    assert (named["allies"], named["central"]) == ("Allemagne 1", "Allemagne 2")
    assert named["plane-1"] == "Royaume-Uni, Allemagne"


def test_a_replay_reaches_its_older_lines(client: TestClient) -> None:
    """A replay's step carries its newest page; ``/replay/log`` gives the lines before it
    at that step as the replay's seat saw them: together the seat's whole log then."""
    game = load(client, "wings-of-war/duel.save.json")
    lines, _ = whole_log(client, game, "allies")
    steps = client.get(f"/api/matches/{game['id']}/replay", params={"seat": "allies"}).json()
    totals = []
    for step in (steps["steps"], steps["steps"] - 6):
        shown = client.get(f"/api/matches/{game['id']}/replay",
                           params={"seat": "allies", "step": step}).json()
        assert shown["log_from"] > 0
        older, start = list(shown["log"]), shown["log_from"]
        while start > 0:
            page = client.get(f"/api/matches/{game['id']}/replay/log", params={
                "seat": "allies", "step": step, "before": start}).json()
            assert page["log_meta"][-1]["i"] == start - 1
            older, start = page["log"] + older, page["log_from"]
        assert older == lines[:len(older)] and len(older) == shown["log_total"]
        totals.append(len(older))
    assert totals[1] < totals[0] == len(lines)
    spectator = client.get(f"/api/matches/{game['id']}/replay/log",
                           params={"before": 5, "step": steps["steps"]}).json()
    assert spectator["log"] == whole_log(client, game, None)[0][:5]
    bad = client.get(f"/api/matches/{game['id']}/replay/log", params={"before": -1})
    assert bad.status_code == 400


def test_age_of_dogfights_first_moves_are_under_turn_one() -> None:
    """book: 003_24ea110dc1b5a4d6.txt § UN TOUR: after the set-up (MISE EN PLACE) the
    first turn begins with the first player, announced as every later turn is; so the
    log puts the first player's first moves under "Turn 1", not before the first turn."""
    import random

    from dogfight.core import Match

    game = get_game("age-of-dogfights")
    match = Match.new(game, {"turns": 1}, 7)
    choose = random.Random(7)
    while match.pending:
        seat = sorted(match.pending)[0]
        match.submit(seat, choose.choice(list(game.legal(match.state, seat))))
    events = match.events_for("allies")
    turns = [e for e in events if e.kind == "turn"]
    assert turns[0].data == {"turn": 1, "seat": "allies"}
    log = journal.lines(game, events, "allies", game.turn(match.state))
    start = next(i for i, e in enumerate(events) if e is turns[0])
    played = [line for line in log if any(e is line.event for e in events[start:])]
    assert played and all(line.turn >= 1 for line in played)
    assert all(line.turn == 0 for line in log if line not in played)  # the set-up
