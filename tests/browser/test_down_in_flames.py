"""Down In Flames in a real browser against a real server (``dogfight serve``).

(a) a duel against the computer (novice), from the lobby to the outcome, by clicking
    legal buttons ("No reaction" and "End actions" when offered, else the first);
(b) two people in two browser contexts: neither ever gets the other's hand (nor its
    fighter or altitude before their reveal), on screen or in any WebSocket frame.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from .conftest import require_browser
from .test_browser import record_frames, wait_for_frame

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
                             "?.textContent.includes(\"axis-1's fighter is chosen\")")
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
