"""Les Ailes de la Gloire in a real browser against a real server (``dogfight serve``),
on its hex board (static/boards/hex.js).

(a) a game against the computer to its end: the zones, the counters with their altitude,
    the selected aircraft's arcs, the Feuille de Vol of one's own aircraft only, and the
    maneuver prompt's ghost (hovering a maneuver shows where it ends; choosing it shows it
    until Confirm writes it);
(b) two people in two browser contexts: neither page nor any WebSocket frame shows the
    other seat's maneuver code or fire order before the reveal (book:
    001_6a970d9ea6ae2da0.txt § LE SECRET).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import require_browser
from .grid_games import create, images, play_to_the_end
from .test_browser import record_frames

require_browser()

GAME = "ailes-de-la-gloire"
READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""
# one decision through the page: a maneuver chosen (first the straightest) and confirmed;
# else the first target of a fire order, or the page's first button
CLICK = """() => {
  const pick = (s) => document.querySelector(`#prompt ${s}:not([disabled])`);
  const maneuvers = [...document.querySelectorAll('#prompt button.maneuver:not([disabled])')];
  if (maneuvers.length) {
    const straight = maneuvers.find((b) => /^[2-5]A/.test(b.dataset.code)) || maneuvers[0];
    straight.click();
    const confirm = pick('#confirm');
    if (!confirm) return null;
    confirm.dataset.clicked = "1";
    confirm.click();
    return straight.dataset.code;
  }
  const button = pick('button.decision.target') || pick('button.decision');
  if (!button) return null;
  const text = button.textContent;
  button.dataset.clicked = "1";
  button.click();
  return text;
}"""


def test_a_game_against_the_computer_to_its_end(server: str, new_page: Any,
                                                tmp_path: Path) -> None:
    match = create(server, GAME, {}, {"allied-13": {"kind": "human"},
                                      "german-49": {"kind": "pilot", "pilot": "greedy"}}, seed=5)
    token = match["seats"]["allied-13"]["token"]
    page = new_page()
    page.goto(f"{server}/table.html?id={match['id']}&token={token}")
    page.wait_for_selector("svg.hex-board")
    # the zones and the start lines; the seat's own Feuille de Vol, nobody else's
    assert page.locator("svg.hex-board .zone[data-zone='no-mans-land']").count() == 1
    assert page.locator("svg.hex-board .start-line").count() == 2
    ghost_seen = False

    def check_the_ghost() -> None:
        nonlocal ghost_seen
        if ghost_seen or not page.locator("#prompt button.maneuver").count():
            return
        # hovering a maneuver shows where it ends: a ghost on the board
        first = page.locator("#prompt button.maneuver").first
        first.hover()
        code = first.get_attribute("data-code")
        page.wait_for_selector(f"svg.hex-board .ghosts .ghost[data-code='{code}'] .end")
        first.click()  # chosen: shown until confirmed, nothing sent yet
        assert page.locator("#prompt button.maneuver[aria-pressed=true]").count() == 1
        assert page.locator(f"svg.hex-board .ghost[data-code='{code}']").count() == 1
        assert "→" in page.inner_text("#prompt .maneuver-choice")
        assert "Feuille de Vol: allied-13" in page.inner_text("#secrets")
        assert "german-49" not in page.inner_text("#secrets")
        # the selected aircraft (one's own) shows its tailing arcs and fire range
        assert page.locator("svg.hex-board .plane-arcs[data-plane='allied-13'] "
                            ".arc-front").count() > 0
        assert page.locator("svg.hex-board .piece[data-piece='allied-13'].selected").count()
        assert page.locator("svg.hex-board .badge[data-piece='allied-13']").count() == 1
        page.screenshot(path=str(images(tmp_path) / "ailes-first-maneuver.png"))
        ghost_seen = True

    play_to_the_end(page, READY, CLICK, 150, check_the_ghost)
    assert ghost_seen
    assert "Game over" in page.inner_text(".outcome")
    assert page.locator("#prompt a[href^='replay.html']").count() == 1


def test_b_neither_seat_sees_the_others_maneuver_or_fire_order(server: str,
                                                               new_page: Any) -> None:
    match = create(server, GAME, {}, {"allied-13": {"kind": "human"},
                                      "german-49": {"kind": "human"}}, seed=9)
    pages: dict[str, Any] = {}
    frames: dict[str, list[str]] = {}
    for seat in ("allied-13", "german-49"):
        page = new_page()
        frames[seat] = record_frames(page)
        page.goto(f"{server}/table.html?id={match['id']}&token={match['seats'][seat]['token']}")
        page.wait_for_selector("svg.hex-board")
        pages[seat] = page
    # both place their aircraft (the hex, the facing, the altitude), then the Germans
    # write their maneuver first
    for _ in range(3):
        for page in pages.values():
            page.wait_for_function(READY)
            page.evaluate(CLICK)
            page.wait_for_function("() => !document.querySelector('#prompt [data-clicked]')")
    german, allied = pages["german-49"], pages["allied-13"]
    german.wait_for_selector("#prompt button.maneuver")
    written = german.evaluate(CLICK)
    assert written
    german.wait_for_function("() => document.querySelector('#log')?.textContent"
                             ".includes('german-49 writes')")
    allied.wait_for_function("() => document.querySelector('#log')?.textContent"
                             ".includes('german-49 has written a maneuver')")
    # before the reveal: the allied page shows nothing of it, and no frame carries it
    assert "german-49 writes" not in allied.inner_text("body")
    assert allied.locator("#secrets").inner_text().count("Feuille de Vol") == 1
    assert "german-49" not in allied.inner_text("#secrets")

    def check(seat: str, other: str) -> int:
        seen = 0
        for frame in frames[seat]:
            data = json.loads(frame)
            log = " ".join(data.get("log", []))
            if "Maneuvers revealed" in log:
                break
            view = (data.get("observation") or {}).get("view") or {}
            plane = (view.get("planes") or {}).get(other) or {}
            assert "sheet" not in plane and "tokens" not in plane, frame
            assert f"{other} writes" not in log, log
            assert "fire_order" not in json.dumps(plane), frame
            seen += 1
        return seen

    assert check("allied-13", "german-49") > 0
    allied.wait_for_selector("#prompt button.maneuver")
    allied.evaluate(CLICK)
    # once both are written, both are revealed to both
    for page in pages.values():
        page.wait_for_function("() => document.querySelector('#log')?.textContent"
                               ".includes('Maneuvers revealed')")
    assert written in allied.inner_text("#log")
    assert check("german-49", "allied-13") > 0
