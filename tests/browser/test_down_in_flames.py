"""Down In Flames in a real browser against a real server (``dogfight serve``).

(a) a duel against the computer (novice), from the lobby to the outcome, by clicking
    legal buttons ("No reaction" and "End actions" when offered, else the first);
(b) two people in two browser contexts: neither ever gets the other's hand (nor its
    fighter or altitude before their reveal), on screen or in any WebSocket frame.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from .conftest import require_browser
from .test_browser import record_frames, wait_for_frame
from .test_table_planning import create, images

require_browser()

GAME = "down-in-flames"
READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""
CLICK = """() => {
  const pick = (s) => document.querySelector(`#prompt ${s}:not([disabled])`);
  const button = pick('button.no-reaction') || pick('button.end-actions')
    || pick('button.decision.hold') || pick('button.decision');
  if (!button) return null;
  const text = button.textContent;
  button.dataset.clicked = "1";
  button.click();
  return text;
}"""


def create_duel(page: Any, base: str, seats: dict[str, str], seed: int = 7,
                turns: int = 2) -> str:
    """The lobby's form: Down In Flames, a dogfight duel; returns the match id."""
    page.goto(f"{base}/")
    page.wait_for_selector("#create:not([disabled])")
    page.select_option("select[name=game]", GAME)
    page.wait_for_selector("select[name=mode]")
    # its options: mode, VP, year, sorties (hidden in a dogfight), optional rules
    assert page.locator("select[name='mission.sortie']").count() == 1
    assert not page.locator("select[name='mission.sortie']").is_visible()
    assert "Wingmen" in page.inner_text("fieldset[data-group=rules]")
    page.select_option("select[name=mode]", "mission")
    assert page.locator("select[name='mission.sortie']").is_visible()
    page.select_option("select[name=mode]", "dogfight")
    page.fill("input[name=turns]", str(turns))
    page.fill("input[name=seed]", str(seed))
    page.locator("input[name=turns]").blur()
    page.wait_for_selector("#new-game[data-preview=ready]")
    page.wait_for_selector("select[name='seat.axis']")
    assert page.locator("#aircraft-choice select").count() == 0  # chosen in the game
    for seat, kind in seats.items():
        page.select_option(f"select[name='seat.{seat}']", kind)
        if kind == "computer":
            page.select_option(f"select[name='level.{seat}']", "novice")
    if "open" in seats.values():
        page.check("input[name=listed]")  # its open seat taken from the lobby's list
    page.click("#create")
    page.wait_for_url("**/table.html*")
    return str(parse_qs(urlparse(page.url).query)["id"][0])


def test_a_duel_against_the_computer_to_its_end(server: str, new_page: Any,
                                                 tmp_path: Path) -> None:
    page = new_page()
    create_duel(page, server, {"allies": "me", "axis": "computer"})
    page.wait_for_selector(".dif-board")
    page.wait_for_function(READY)
    # the fighter is chosen in secret: aircraft with their figures
    page.wait_for_selector("#prompt button.fighter-choice .dif-choice-stats")
    assert "speed" in page.inner_text("#prompt button.fighter-choice >> nth=0")
    clicked: list[str] = []
    seen_hand = False
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, f"the game did not end in time: {clicked[-10:]}"
        page.wait_for_function(READY)
        if page.locator(".outcome").count():
            break
        if page.locator("#prompt button.no-reaction").count():
            assert page.locator("#prompt button.no-reaction").inner_text() == "No reaction"
        hand = page.locator(".dif-hand[data-plane='allies-1'] .dif-card")
        seen_hand = seen_hand or hand.count() > 0
        text = page.evaluate(CLICK)
        if text is None:
            continue
        clicked.append(text)
        page.wait_for_function("() => !document.querySelector('#prompt [data-clicked]')")
        assert page.locator("#message:not([hidden])").count() == 0, page.inner_text("#message")
    assert "Game over" in page.inner_text(".outcome")
    assert seen_hand, "the seat's hand was never shown as cards"
    assert page.locator(".dif-aircraft[data-plane='allies-1'] .dif-stats").count() == 1
    assert page.locator(".dif-aircraft[data-plane='axis-1'] .dif-name").count() == 1
    assert page.locator(".dif-level[data-altitude]").count() >= 5
    assert page.locator("#prompt a[href^='replay.html']").count() == 1
    images = (Path(__file__).resolve().parents[2] / "docs" / "img"
              if os.environ.get("DOGFIGHT_SCREENSHOTS") else tmp_path)
    page.screenshot(path=str(images / "down-in-flames.png"), full_page=True)


def test_b_the_other_seats_hand_never_reaches_a_page(server: str, new_page: Any) -> None:
    allies = new_page()
    axis = new_page()
    allies_frames = record_frames(allies)
    axis_frames = record_frames(axis)
    match_id = create_duel(allies, server, {"allies": "me", "axis": "open"}, seed=11)
    allies.wait_for_selector("#prompt button.fighter-choice")
    axis.goto(f"{server}/")
    axis.click(f"#open-seats-body tr[data-id='{match_id}'][data-seat='axis'] button.join")
    axis.wait_for_url("**/table.html*")
    axis.wait_for_selector("#prompt button.fighter-choice")

    # the axis chooses its fighter first: the allies learn only that it is chosen
    axis.locator("#prompt button.fighter-choice").first.click()
    axis.wait_for_selector(".secrets li")
    allies.wait_for_function("() => document.querySelector('#log')"
                             "?.textContent.includes(\"Axis's fighter is chosen\")")
    assert allies.locator(".dif-aircraft[data-plane='axis-1'] .dif-stats").count() == 0
    allies.locator("#prompt button.fighter-choice").first.click()
    for page in (allies, axis):
        page.wait_for_selector("#prompt button.altitude-choice")
    axis.locator("#prompt button.altitude-choice").first.click()
    allies.locator("#prompt button.altitude-choice").last.click()

    # a few turns of play by both, each clicking its first legal button or no reaction
    deadline = time.monotonic() + 40
    hands_seen = {"allies": False, "axis": False}
    for _ in range(40):
        assert time.monotonic() < deadline
        for seat, page in (("allies", allies), ("axis", axis)):
            other = "axis-1" if seat == "allies" else "allies-1"
            mine = "allies-1" if seat == "allies" else "axis-1"
            # only counts for the other seat's hand, on screen
            assert page.locator(f".dif-hand[data-plane='{other}']").count() == 0
            if page.locator(f".dif-hand[data-plane='{mine}'] .dif-card").count():
                hands_seen[seat] = True
            if page.locator(".outcome").count() == 0:
                page.evaluate(CLICK)
        allies.wait_for_timeout(150)
        if allies.locator(".outcome").count():
            break
    assert all(hands_seen.values())
    wait_for_frame(allies, allies_frames, "draws")
    wait_for_frame(axis, axis_frames, "draws")

    def check(frames: list[str], other: str, other_seat: str) -> int:
        checked = 0
        for frame in frames:
            data = json.loads(frame)
            observation = data.get("observation") or {}
            view = observation.get("view") or {}
            for plane in view.get("planes", []):
                if plane["id"] == other and data.get("status") != "over":
                    assert "hand" not in plane and "turret_hand" not in plane, frame
                    checked += 1
            for line in data.get("log", []):  # the cards it draws are its own
                assert not (other in line and "cards=" in line), line
            for key, value in (view.get("sealed") or {}).items():
                if key.startswith(other_seat):
                    assert value is True, f"a sealed choice of {other} came through: {value}"
        return checked

    assert check(allies_frames, "axis-1", "axis") > 0
    assert check(axis_frames, "allies-1", "allies") > 0


# ---------------------------------------------------------------- at the table, in words
PLAYABLE = """() => Boolean(
  document.querySelector('.outcome') ||
  (document.querySelector('#prompt .dif-decisions.kind-actions') &&
   document.querySelector('.dif-hand .dif-card.playable')))"""


def play_until(page: Any, stop: str, seconds: float = 90) -> bool:
    """Click the first legal button (no reaction, end actions first) until ``stop``
    (a JavaScript predicate) holds; False when the game ended first."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the game did not get there in time"
        page.wait_for_function(READY)
        if page.locator(".outcome").count():
            return False
        page.wait_for_timeout(60)  # the hand's playable cards are marked at the next frame
        if page.evaluate(stop):
            return True
        if page.evaluate(CLICK) is None:
            continue
        page.wait_for_function("() => !document.querySelector('#prompt [data-clicked]')")


def english_left(page: Any, lang: str = "fr") -> list[str]:
    """Pieces of English sentences (from the catalogues, translated otherwise) on a
    page in ``lang``."""
    from babel.messages.pofile import read_po

    folder = (Path(__file__).resolve().parents[2] / "src" / "dogfight" / "server"
              / "locales" / lang / "LC_MESSAGES")
    pieces: set[str] = set()
    for path in folder.glob("*.po"):
        with path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                english, french = str(message.id), str(message.string)
                if not message.id or not french or english == french:
                    continue
                for piece in re.split(r"\{[^{}]*\}", english):
                    piece = piece.strip(" .,:;()")
                    if len(piece) >= 12 and " " in piece and piece not in french:
                        pieces.add(piece)
    text = page.inner_text("main") if page.locator("main").count() else page.inner_text("body")
    return sorted(p for p in pieces if p in text)


def test_c_a_hand_card_is_played_by_clicking_it(server: str, new_page: Any,
                                                tmp_path: Path) -> None:
    """book: 004_fe250b7836505b34.txt § Actions: a card of the hand played by clicking
    it; what a tactic, a Redline or a reaction does is said in words; the aircraft are
    named by nation; the end of the game says what counted."""
    page = new_page()
    match_id, tokens = create(server, GAME, {"mode": "dogfight", "turns": 2},
                              {"allies": {"kind": "human"},
                               "axis": {"kind": "pilot", "pilot": "novice"}}, seed=7)
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}&lang=en")
    page.wait_for_selector(".dif-board")
    assert play_until(page, PLAYABLE), "no card of the hand was ever playable"
    # every card of the hand prints its rule text (no hover needed); no tooltip only
    assert page.locator(".dif-hand .dif-card .dif-card-text").count() == page.locator(
        ".dif-hand .dif-card").count()
    assert page.locator(".dif-card[title]").count() == 0
    # a tactic says what it does; Redline that the hit is on one's own aircraft
    buttons = page.locator("#prompt button.decision").all_inner_texts()
    assert not [b for b in buttons if b.strip() in ("Tactic", "Redline: one hit, three cards")]
    for text in buttons:
        if text.startswith("Redline"):
            assert "your own aircraft" in text, text
    images_dir = images(tmp_path)
    page.screenshot(path=str(images_dir / "down-in-flames-hand.png"), full_page=True)
    # seats by nation, not by id: the board and the log
    nation = page.inner_text(".dif-aircraft[data-plane='axis-1'] .dif-nation")
    assert nation in ("Germany", "Japan"), nation
    mine = page.inner_text(".dif-aircraft[data-plane='allies-1'] .dif-nation")
    assert page.inner_text("#who").startswith(f"You: {mine}"), page.inner_text("#who")
    before = page.locator(".dif-hand .dif-card").count()
    card = page.locator(".dif-hand .dif-card.playable").first
    title = card.locator(".dif-card-title").inner_text()
    card.click()
    if page.locator(".dif-card-choices").count():
        page.locator(".dif-card-choices button").first.click()
    page.wait_for_function(
        "(title) => [...document.querySelectorAll('#log li')].some((li) => "
        "li.textContent.includes(' plays ') && li.textContent.includes(title))", arg=title)
    assert page.locator(".dif-hand .dif-card").count() != before or page.locator(
        ".dif-chain").count()
    log = page.inner_text("#log")
    assert not re.search(r"\b(allies|axis)-1\b", log), log[-400:]
    assert nation in log
    # to the end: the result explained, with what counted
    assert not play_until(page, "() => false")
    result = page.locator(".dif-result")
    assert result.is_visible()
    assert "Why the game ended so" in result.inner_text()
    assert page.locator(".dif-result tr[data-figure='dealt'] td[data-side='allies']").count()
    outcome = page.inner_text(".outcome")
    assert "allies 0" not in outcome and "axis 0" not in outcome  # seats by name
    page.screenshot(path=str(images_dir / "down-in-flames-end.png"), full_page=True)


LANGS = {  # the axis fighter's nations, a word of "plays", the result's title
    "fr": (("Allemagne", "Japon"), " joue ", "Pourquoi la partie"),
    "it": (("Germania", "Giappone"), " gioca ", "Perché la partita"),
}


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_d_card_text_on_a_phone_and_a_french_page(server: str, new_page: Any,
                                                  tmp_path: Path, lang: str) -> None:
    """A phone-sized touch screen (390 x 844): the cards' rule text is printed, not in a
    hover tooltip; a card is tapped to play it. The page in French (and Italian): no
    English left, the aircraft by nation (book: 004_fe250b7836505b34.txt § Actions)."""
    nations, plays, why = LANGS[lang]
    page = new_page(has_touch=True, is_mobile=True, device_scale_factor=2)
    page.set_viewport_size({"width": 390, "height": 844})
    match_id, tokens = create(server, GAME, {"mode": "dogfight", "turns": 2},
                              {"allies": {"kind": "human"},
                               "axis": {"kind": "pilot", "pilot": "novice"}}, seed=7)
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}&lang={lang}")
    page.wait_for_selector(".dif-board")
    assert play_until(page, PLAYABLE)
    text = page.locator(".dif-hand .dif-card .dif-card-text").first
    assert text.is_visible() and text.inner_text().strip()
    box = text.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    nation = page.inner_text(".dif-aircraft[data-plane='axis-1'] .dif-nation")
    assert nation in nations, nation
    assert english_left(page, lang) == []
    page.screenshot(path=str(images(tmp_path) / f"down-in-flames-phone-{lang}.png"),
                    full_page=True)
    page.locator(".dif-hand .dif-card.playable").first.tap()
    if page.locator(".dif-card-choices").count():
        page.locator(".dif-card-choices button").first.tap()
    page.wait_for_function("(word) => [...document.querySelectorAll('#log li')]"
                           ".some((li) => li.textContent.includes(word))", arg=plays)
    assert not play_until(page, "() => false")
    assert page.locator(".dif-result").is_visible()
    assert why in page.inner_text(".dif-result")
    assert english_left(page, lang) == []
    log = page.inner_text("#log")
    assert not re.search(r"\b(allies|axis)-1\b", log), log[-400:]
    page.screenshot(path=str(images(tmp_path) / f"down-in-flames-phone-{lang}-end.png"),
                    full_page=True)


DRAW_END = """async (observation) => {
  const board = await import("/board.js");
  const box = document.createElement("section");
  box.id = "fake-board";
  box.append(board.renderBoard(observation, "allies"));
  const log = document.createElement("ol");
  log.id = "fake-log";
  box.append(log);
  document.querySelector("main").replaceChildren(box);
  const { joinLog, renderPlayerLog } = await import("/log.js");
  const page = { log: ["allies-1 plays Redline (tactic)", "axis-1's turn"] };
  renderPlayerLog(log, board.namedLog(joinLog([], page), observation));
  return board.seatText(observation, "axis");
}"""


def test_e_a_draw_beside_damage_on_the_board_is_explained(server: str, new_page: Any) -> None:
    """book: 004_fe250b7836505b34.txt § Comment gagner: after the last turn the most
    damage inflicted wins; a board of 2 damage against 0 that is a draw says why (the
    2 are the Allied fighter's own Redline, not inflicted by the enemy)."""
    plane = {"bomber": False, "down": False, "gone": False, "altitude": "medium",
             "stats": {"speed": 2, "performance": 5, "horsepower": [1, 1], "bursts": 1,
                       "firepower": 0, "airframe": [3, 6], "specials": []}}
    observation = {
        "game": "down-in-flames", "board": "none", "turn": 2,
        "seats": {"allies": "allies", "axis": "axis"}, "pending": {},
        "view": {"turn": 2, "turns": 2, "phase": "over", "result": "turns", "rules": {},
                 "vp": {"allies": 0, "axis": 0}, "positions": [], "sealed": {},
                 "planes": [
                     {**plane, "id": "allies-1", "seat": "allies", "side": "allies",
                      "name": "Spitfire I", "nation": "United Kingdom", "damage": 2,
                      "hits_dealt": 0},
                     {**plane, "id": "axis-1", "seat": "axis", "side": "axis",
                      "name": "Bf-109E Emil", "nation": "Germany", "damage": 0,
                      "hits_dealt": 0}]},
        "outcome": {"winner": None, "reason": "turns over, equal damage inflicted",
                    "scores": {"allies": 0.0, "axis": 0.0},
                    "details": {"vp": {"allies": 0, "axis": 0},
                                "damage": {"allies": 0, "axis": 0}}}}
    page = new_page()
    page.goto(f"{server}/replay.html?lang=en")
    assert page.evaluate(DRAW_END, observation) == "Germany"
    result = page.inner_text("#fake-board .dif-result")
    assert "Equal damage inflicted: a draw." in result
    assert "Redline" in result
    table = "#fake-board .dif-result"
    for figure, allies, axis in (("dealt", "0", "0"), ("taken", "2", "0"), ("own", "2", "0")):
        row = f"{table} tr[data-figure='{figure}']"
        assert page.inner_text(f"{row} td[data-side='allies']") == allies
        assert page.inner_text(f"{row} td[data-side='axis']") == axis
    assert page.inner_text("#fake-log").splitlines() == [
        "United Kingdom plays Redline (tactic)", "Germany's turn"]


DRAW_OUTCOME = """async (observation) => {
  const board = await import("/board.js");
  const box = document.createElement("section");
  box.id = "fake-board";
  box.append(board.renderOutcome(observation, "allies"), board.renderBoard(observation, "allies"));
  document.querySelector("main").replaceChildren(box);
}"""


def test_f_a_mission_s_end_in_french(server: str, new_page: Any) -> None:
    """book: 004_fe250b7836505b34.txt § Déterminer l'issue de la campagne: a mission's
    net victory points read on the campaign's table, said in French."""
    observation = {
        "game": "down-in-flames", "board": "none", "turn": 3,
        "seats": {"allies": "allies", "axis": "axis"}, "pending": {},
        "view": {"turn": 3, "turns": 3, "phase": "over", "result": "defenders-down",
                 "rules": {}, "vp": {"allies": 6, "axis": 3}, "positions": [],
                 "sealed": {}, "planes": [],
                 "mission": {"campaign": "poland-1939", "target": 2, "attacker": "axis",
                             "defender": "allies", "damaged": 4, "destroyed": 8,
                             "flak": 1, "status": "", "bombs": 0, "options": []}},
        "outcome": {"winner": "allies", "reason": "target intact; net 3 VP: draw",
                    "scores": {"allies": 6.0, "axis": 3.0},
                    "details": {"vp": {"allies": 6, "axis": 3}, "status": "intact",
                                "net_vp": 3, "result": "draw"}}}
    page = new_page()
    page.goto(f"{server}/replay.html?lang=fr")
    page.wait_for_function(
        "async () => (await import('/i18n.js')).t('Game over') !== 'Game over'")
    page.evaluate(DRAW_OUTCOME, observation)
    outcome = page.inner_text("#fake-board .outcome")
    assert "match nul" in outcome and "target" not in outcome, outcome
    assert "table de la campagne" in page.inner_text("#fake-board .dif-result")
    assert english_left(page) == []


WORDS = """async (observation) => {
  const board = await import("/board.js");
  await board.loadBoard(observation);
  return [
    board.decisionText(observation, {react: "barrel-roll"}, ""),
    board.decisionText(observation, {react: null}, ""),
    board.decisionText(observation, {redline: "redline"}, ""),
    board.decisionText(observation, {play: "tight-turn", as: "tactic"}, ""),
    board.decisionText(observation, {play: "evasive", as: "tactic"}, ""),
    board.promptText(observation.prompt, observation),
  ];
}"""


def test_g_reactions_tactics_and_redline_in_words(server: str, new_page: Any) -> None:
    """book: 004_fe250b7836505b34.txt § Réactions, § Cartes de Tactique, § Redline: a
    reaction says what it cancels, a tactic what it does, Redline that its hit is on
    your own aircraft; the fighters named by nation."""
    observation = {
        "game": "down-in-flames", "board": "none", "turn": 1,
        "seats": {"allies": "allies", "axis": "axis"}, "pending": {"axis": "react"},
        "prompt": {"kind": "react", "data": {"plane": "axis-1"}},
        "view": {"turn": 1, "phase": "actions", "planes": [
            {"id": "allies-1", "seat": "allies", "side": "allies", "nation": "United Kingdom"},
            {"id": "axis-1", "seat": "axis", "side": "axis", "nation": "Germany"}],
            "chain": {"kind": "attack", "actor": "allies-1", "target": "axis-1",
                      "last": "In My Sights", "plays": [["allies-1", "in-my-sights-1"]]}}}
    page = new_page()
    page.goto(f"{server}/replay.html?lang=en")
    assert page.evaluate(WORDS, observation) == [
        "React with Barrel Roll: cancels In My Sights",
        "No reaction",
        "Redline: 1 hit on your own aircraft, then draw 3 cards",
        "Tight Turn (tactic): +1 hit to your next attack this turn",
        "Evasive (tactic): until your next turn, each In My Sights or Out of the Sun "
        "against you costs one more burst",
        "Germany: react?",
    ]


def test_h_seats_named_by_nation_in_the_outcome_and_log(server: str, new_page: Any) -> None:
    """book: 004_fe250b7836505b34.txt § Les cartes Chasseurs (a fighter's nation): a
    finished game, once revealed, names its seats by nation on the page (the seat, the
    outcome's headline, the server's log), in French too, never by id."""
    import urllib.request

    save = Path(__file__).resolve().parents[1] / "golden" / GAME / "all-rules.save.json"
    request = urllib.request.Request(f"{server}/api/saves", data=save.read_bytes(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        game = json.loads(answer.read())
    token = game["seats"]["axis-2"]["token"]
    page = new_page()
    page.goto(f"{server}/table.html?id={game['id']}&token={token}&lang=fr")
    page.wait_for_selector("#log li.log-line")
    page.wait_for_selector(".outcome")
    assert page.inner_text("#who").startswith("Vous\u202f: Allemagne")
    assert "Royaume-Uni, Pologne" in page.inner_text(".outcome h2")
    log = page.inner_text("#log")
    assert "Allemagne" in log and not re.search(r"(axis|allies)-\d", log)
