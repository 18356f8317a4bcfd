"""Wings of War's table in a real browser: the maneuver cards drawn with their arrows,
the ghost of the aircraft where a card ends, the warning of a plan that leaves the
table (book: 000_caefe768ab735396.txt § SORTIR DE L'AIRE DE JEU), the phase's moves
animated and skippable, and the computer pilots shown thinking.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import require_browser

require_browser()

READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt .hand button.card:not([disabled])') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""


def create(base: str, game: str, options: dict[str, Any], seats: dict[str, Any],
           seed: int = 5) -> tuple[str, dict[str, str]]:
    """A practice game through the API: its id and the people's tokens."""
    request = urllib.request.Request(
        f"{base}/api/matches", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"game": game, "options": options, "seed": seed,
                         "seats": seats}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        body = json.load(answer)
    tokens = {seat: info["token"] for seat, info in body["seats"].items() if "token" in info}
    return str(body["id"]), tokens


def images(tmp_path: Path) -> Path:
    """docs/img when DOGFIGHT_SCREENSHOTS is set (refreshing the documentation), else
    a temporary folder."""
    if os.environ.get("DOGFIGHT_SCREENSHOTS"):
        return Path(__file__).resolve().parents[2] / "docs" / "img"
    return tmp_path


def card(page: Any, plane: str, number: int) -> Any:
    return page.locator(f"#prompt .plan-plane[data-plane='{plane}'] "
                        f"button.card[data-card='{number}']")


def test_the_ghost_and_the_off_table_warning(server: str, new_page: Any,
                                             tmp_path: Path) -> None:
    """book: 000_caefe768ab735396.txt § SORTIR DE L'AIRE DE JEU"""
    seats = {"allies-1": {"kind": "human"},
             **{s: {"kind": "pilot", "pilot": "novice"}
                for s in ("allies-2", "central-1", "central-2")}}
    match_id, tokens = create(server, "wings-of-war", {"scenario": "furball"}, seats)
    page = new_page()
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies-1']}")
    page.wait_for_selector("#prompt button.card svg.card-face path.face-path", state="attached")
    # hovering a card shows the ghost of the aircraft where that card ends
    assert page.locator("svg.wow-board g.ghost").count() == 0
    assert page.locator("#prompt button.card.warn").count() == 0  # no card leaves yet
    card(page, "spad-1", 9).hover()
    page.wait_for_selector("svg.wow-board g.ghost.candidate")
    # turn right, then a straight: spad-1 is near the south edge, a second straight
    # takes it off the table, and the card says so before anything is confirmed
    card(page, "spad-1", 9).click()
    card(page, "spad-1", 1).click()
    assert page.locator("svg.wow-board g.ghost.chain").count() == 2  # the plan's ghosts chain
    straight = card(page, "spad-1", 2)
    assert "warn" in str(straight.get_attribute("class"))
    assert "leaves the table" in straight.inner_text()
    straight.hover()
    page.screenshot(path=str(images(tmp_path) / "wings-of-war-planning.png"))
    straight.click()
    warning = page.locator("#prompt .plan-warnings")
    assert "spad-1, card 3" in warning.inner_text()
    assert "leaves the table" in warning.inner_text()
    assert page.locator("svg.wow-board g.ghost.chain.warn").count() == 1
    assert page.inner_text("#confirm") == "Confirm anyway"
    page.keyboard.press("Backspace")  # undone: the warning goes
    assert page.locator("#prompt .plan-warnings li").count() == 0


def test_the_moves_are_animated_and_skippable(server: str, new_page: Any,
                                              tmp_path: Path) -> None:
    match_id, tokens = create(server, "wings-of-war", {"scenario": "duel", "max_turns": 2},
                              {"allies": {"kind": "human"},
                               "central": {"kind": "pilot", "pilot": "novice"}})
    page = new_page()
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    page.wait_for_function(READY)
    before = page.get_attribute("svg g.plane[data-plane='spad'] g.pose", "transform")
    for number in (1, 2, 3):
        card(page, "spad", number).click()
    page.click("#confirm")
    # the phases are played on the board, with a speed control and a skip button
    page.wait_for_selector("body[data-animating] #player #skip")
    assert page.locator("#player select#speed").count() == 1
    assert page.locator("svg.wow-board.animating").count() == 1
    page.wait_for_timeout(600)
    page.screenshot(path=str(images(tmp_path) / "wings-of-war-phases.png"))
    moving = page.get_attribute("svg g.plane[data-plane='spad'] g.pose", "transform")
    page.click("#skip")
    page.wait_for_function("() => !document.body.dataset.animating")
    after = page.get_attribute("svg g.plane[data-plane='spad'] g.pose", "transform")
    assert before != after and moving != after  # it was on its way, then at the end
    assert page.locator("svg.wow-board.animating").count() == 0
    assert page.locator("#player").is_hidden()
    assert page.inner_text("#announce")  # the turn told to screen readers


def test_the_thinking_indicator_during_a_computer_turn(server: str, new_page: Any) -> None:
    page = new_page()
    # whether the page ever said that the computer thinks (it may be quick)
    page.add_init_script("""
      window.sawThinking = [];
      new MutationObserver(() => {
        const box = document.getElementById('thinking');
        if (box && !box.hidden && box.textContent) window.sawThinking.push(box.textContent);
      }).observe(document, {subtree: true, childList: true, attributes: true});""")
    match_id, tokens = create(server, "wings-of-war", {"scenario": "duel", "max_turns": 2},
                              {"allies": {"kind": "human"},
                               "central": {"kind": "pilot", "pilot": "ace"}})
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    deadline = time.monotonic() + 30
    while not page.evaluate("window.sawThinking.length"):
        assert time.monotonic() < deadline, "the page never said the computer was thinking"
        page.wait_for_function(READY)
        if page.locator(".outcome").count():
            break
        if page.locator("#prompt .hand button.card:not([disabled])").count():
            for number in (1, 2, 3):
                card(page, "spad", number).click()
            page.click("#confirm")
        elif page.locator("#prompt button.decision:not([disabled])").count():
            page.locator("#prompt button.decision:not([disabled])").first.click()
        page.wait_for_timeout(100)
    seen = page.evaluate("window.sawThinking")
    assert any("Central Powers (computer) is thinking" in text for text in seen), seen
