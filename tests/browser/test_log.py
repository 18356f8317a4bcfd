"""The player's log and the shot's range band in a real browser (issue 14).

The game is the golden Wings of War duel (tests/golden/wings-of-war/duel.save.json,
25 turns, more lines than a page), loaded as a save: its table for the allies shows
the log grouped by turn and phase, the seat's own lines marked, older lines on
demand, seats named as sides (en, fr, it); its replay shows a shot with the ruler's
two halves (book: 000_caefe768ab735396.txt § TIR).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

import msgspec

from dogfight.core.match import Match
from dogfight.store.saves import Save

from .conftest import require_browser

require_browser()

ROOT = Path(__file__).resolve().parents[2]
SAVE = ROOT / "tests" / "golden" / "wings-of-war" / "duel.save.json"
LINES = "() => document.querySelectorAll('#log li.log-line').length"


def upload(base: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{base}/api/saves", data=SAVE.read_bytes(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return dict(json.loads(answer.read()))


def first_shot_step() -> int:
    """The number of decisions after which the first shot has been fired."""
    save = msgspec.json.decode(SAVE.read_bytes(), type=Save)
    from dogfight.core import get_game
    match = Match.new(get_game(save.game), save.options, save.seed)
    for index, action in enumerate(save.actions):
        match.submit(action.seat, action.decision)
        if any(e.kind == "fire" for e in match.events):
            return index + 1
    raise AssertionError("the golden duel has no shot")


def test_the_log_is_grouped_marked_and_whole(server: str, new_page: Any) -> None:
    game = upload(server)
    token = game["seats"]["allies"]["token"]
    page = new_page()
    page.goto(f"{server}/table.html?id={game['id']}&token={token}&lang=en")
    page.wait_for_selector("#log li.log-line")
    assert page.inner_text("#who") == "You: Allies"
    text = page.inner_text("#log")
    assert not re.search(r"\(\d+, \d+\)|heading \d", text)
    assert "spad plans a card" not in text
    headings = page.locator("#log h4.log-heading").all_inner_texts()
    assert headings[-1] == "Turn 25" and len(set(headings)) == len(headings)
    phases = page.locator("#log li.log-turn[data-turn='25'] h5.log-heading").all_inner_texts()
    assert phases and phases == sorted(phases) and phases[0] == "Phase 1"
    # the seat's own secrets: a mark people see and words screen readers read
    mine = page.locator("#log li.log-line.mine")
    assert mine.count() > 0
    assert mine.first.locator(".mine-mark").inner_text().strip().lower() == "mine"
    assert "Only you see this line" in mine.first.text_content()
    assert page.locator("#log li.log-line:not(.mine)", has_text="spad plans card").count() == 0
    # the whole game: the older lines come on demand, the first line of the game last
    shown = page.evaluate(LINES)
    page.click("#log li.log-older button")
    page.wait_for_function(f"{LINES} > {shown}")
    assert page.locator("#log li.log-older").count() == 0
    first = page.locator("#log li.log-line").first
    assert first.inner_text().endswith("spad plans card 1: bank left")
    assert page.locator("#log h4.log-heading").first.inner_text() == "Turn 1"
    # no list numbers (a number of 100 or more showed as "00.")
    style = "() => getComputedStyle(document.querySelector('#log')).listStyleType"
    assert page.evaluate(style) == "none"


def test_seats_are_named_as_sides_in_every_language(server: str, new_page: Any) -> None:
    game = upload(server)
    token = game["seats"]["central"]["token"]
    for lang, who, winner in (("fr", "Vous\u202f: Empires centraux", "Empires centraux"),
                              ("it", "Tu: Imperi Centrali", "Imperi Centrali")):
        page = new_page()
        page.goto(f"{server}/table.html?id={game['id']}&token={token}&lang={lang}")
        page.wait_for_selector("#log li.log-line")
        assert page.inner_text("#who") == who
        assert winner in page.locator("#log li.log-line").last.inner_text()
        assert "central" not in page.inner_text("#log")


def test_a_shot_is_drawn_with_its_range_band(server: str, new_page: Any,
                                             tmp_path: Any) -> None:
    game = upload(server)
    step = first_shot_step()
    page = new_page()
    page.goto(f"{server}/replay.html?id={game['id']}&step={step - 1}&seat=allies&lang=en")
    page.wait_for_selector("svg.board g.plane")
    page.click("#next-phase")  # on to the next phase, the shot shown as it happened
    page.wait_for_selector("svg.board g.range-band", state="attached")
    # read at once: the band goes with the shot's step of the animation
    seen = page.evaluate("""() => {
      const band = document.querySelector('svg.board g.range-band');
      const l = band.querySelector('line.ruler-short');
      const [x1, y1] = [l.x1.baseVal.value, l.y1.baseVal.value];
      return {
        label: band.querySelector('text.range-label').textContent,
        parts: ['ruler-short', 'ruler-long', 'ruler-tick'].map(
          (c) => band.querySelectorAll('line.' + c).length),
        half: Math.hypot(l.x2.baseVal.value - x1, l.y2.baseVal.value - y1),
        shot: Boolean(document.querySelector('svg.board line.shot')),
      };
    }""")
    if os.environ.get("DOGFIGHT_SCREENSHOTS") == "1":
        page.screenshot(path=str(tmp_path / "range-band.png"))
    assert seen["label"] in ("short range", "long range") and seen["shot"]
    assert seen["parts"] == [1, 1, 1]
    # the first half is the ruler's half: 50 mm of the 100 mm ruler
    assert abs(seen["half"] - 50) <= 1.5


def test_a_replay_shows_its_older_lines_on_demand(server: str, new_page: Any) -> None:
    """The replay's last step shows the newest 300 lines; "Show older lines" brings the
    rest, the game's first line first, as the table does."""
    game = upload(server)
    page = new_page()
    page.goto(f"{server}/replay.html?id={game['id']}&step=100000&seat=allies&lang=en")
    page.wait_for_selector("#log li.log-line")
    shown = page.evaluate(LINES)
    page.click("#log li.log-older button")
    page.wait_for_function(f"{LINES} > {shown}")
    page.wait_for_function("() => !document.querySelector('#log li.log-older')")
    assert page.locator("#log li.log-line").first.inner_text().endswith(
        "spad plans card 1: bank left")
