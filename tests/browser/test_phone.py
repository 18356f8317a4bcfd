"""Whole games on a phone-sized touch screen (390 x 844): Wings of War and Down In
Flames to their end, the board first, then the decisions, then the log; nothing wider
than the screen, touch targets of at least 44 px, no keyboard hint. Age of Dogfights'
step planner and target-zone planner as a bottom sheet over the board, both in sight.
Screenshots go to docs/img when DOGFIGHT_SCREENSHOTS is set (else a temporary folder).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .conftest import require_browser
from .test_down_in_flames import CLICK
from .test_down_in_flames import READY as DIF_READY
from .test_table_planning import READY, create, images

require_browser()

PHONE = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}
WIDE = "() => document.documentElement.scrollWidth"
CUT = """() => [...document.querySelectorAll('button, select, a.button-link')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => [b.textContent.trim().slice(0, 30), b.getBoundingClientRect()])
  .filter(([, r]) => r.right > window.innerWidth + 1 || r.left < -1 || r.height < 43.5)
  .map(([text, r]) => `${text} ${Math.round(r.left)}..${Math.round(r.right)}`
    + ` h${Math.round(r.height)}`)"""


def phone(new_page: Any) -> Any:
    page = new_page(**PHONE)
    page.set_viewport_size({"width": 390, "height": 844})
    return page


def order_of(page: Any, *selectors: str) -> list[float]:
    return [float(page.locator(s).first.bounding_box()["y"]) for s in selectors]


def test_a_wings_of_war_game_on_a_phone(server: str, new_page: Any, tmp_path: Path) -> None:
    page = phone(new_page)
    page.goto(f"{server}/")
    page.wait_for_selector("#create:not([disabled])")
    assert page.evaluate(WIDE) <= 390, "the lobby scrolls sideways"
    match_id, tokens = create(server, "wings-of-war", {"scenario": "duel", "max_turns": 2},
                              {"allies": {"kind": "human"},
                               "central": {"kind": "pilot", "pilot": "novice"}})
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    page.wait_for_function(READY)
    assert page.locator(".kbd-hint").is_hidden()  # no keyboard hint on a touch screen
    board, prompt, log = order_of(page, "#board", "#prompt", "#log")
    assert board < prompt < log
    shot = False
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        page.wait_for_function(READY)
        assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
        assert page.evaluate(CUT) == [], page.evaluate(CUT)
        if page.locator(".outcome").count():
            break
        if page.locator("#prompt .hand button.card:not([disabled])").count():
            for number in (4, 1, 6):
                page.tap(f"#prompt button.card[data-card='{number}']")
            if not shot:
                page.screenshot(path=str(images(tmp_path) / "wings-of-war-phone.png"),
                                full_page=True)
                shot = True
            page.tap("#confirm")
            page.wait_for_function("() => !document.querySelector('#prompt .slot.picked')")
            if page.locator("#skip").count():
                page.tap("#skip")
        else:
            before = page.locator("#log li").count()
            page.locator("#prompt button.decision:not([disabled])").first.tap()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}"
                " || document.querySelector('.outcome')")
    assert "Game over" in page.inner_text(".outcome")


def test_a_down_in_flames_game_on_a_phone(server: str, new_page: Any, tmp_path: Path) -> None:
    page = phone(new_page)
    match_id, tokens = create(server, "down-in-flames", {"mode": "dogfight", "turns": 2},
                              {"allies": {"kind": "human"},
                               "axis": {"kind": "pilot", "pilot": "novice"}}, seed=7)
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    page.wait_for_function(DIF_READY)
    assert page.locator(".kbd-hint").count() == 0 or page.locator(".kbd-hint").is_hidden()
    deadline = time.monotonic() + 90
    shot = False
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        page.wait_for_function(DIF_READY)
        assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
        assert page.evaluate(CUT) == [], page.evaluate(CUT)
        if page.locator(".outcome").count():
            break
        if not shot and page.locator(".dif-hand .dif-card").count():
            page.screenshot(path=str(images(tmp_path) / "down-in-flames-phone.png"),
                            full_page=True)
            shot = True
        if page.evaluate(CLICK) is None:
            continue
        page.wait_for_function("() => !document.querySelector('#prompt [data-clicked]')")
    assert "Game over" in page.inner_text(".outcome")


AOD_READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt .steer-planner') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""
SHEET = """() => {
  const sheet = document.querySelector('#prompt').getBoundingClientRect();
  const board = document.querySelector('svg.triangle-board').getBoundingClientRect();
  const confirm = document.querySelector('#prompt #confirm').getBoundingClientRect();
  return {top: sheet.top, bottom: sheet.bottom, boardTop: board.top,
          position: getComputedStyle(document.querySelector('#prompt')).position,
          confirmBottom: confirm.bottom, height: window.innerHeight};
}"""


def sheet_in_sight(page: Any) -> dict[str, Any]:
    """The decisions a bottom sheet: fixed at the foot of the screen, under half of it,
    the board's top above it and in sight, Confirm in sight without scrolling."""
    box: dict[str, Any] = page.evaluate(SHEET)
    assert box["position"] == "fixed", box
    assert abs(box["bottom"] - box["height"]) <= 1 and box["top"] >= box["height"] * 0.5, box
    assert 0 <= box["boardTop"] < box["top"] - 250, box  # 250 px of board at least
    assert box["confirmBottom"] <= box["height"], box
    return box


def test_age_of_dogfights_planners_are_a_bottom_sheet_on_a_phone(
        server: str, new_page: Any, tmp_path: Path) -> None:
    """book: 003_24ea110dc1b5a4d6.txt § UN TOUR (the move step by step) and § MARQUEURS
    DE ZONE CIBLE (the zones placed by agreement): on a phone the planner sits over the
    board's foot, so the board and the planner are used together; it folds down."""
    page = phone(new_page)
    match_id, tokens = create(server, "age-of-dogfights",
                              {"mode": "reconnaissance", "target_zones": "agreed", "turns": 1,
                               "allies": ["britain-4", "france-13"],
                               "germany": ["germany-4", "germany-13"]},
                              {"allies": {"kind": "human"},
                               "germany": {"kind": "pilot", "pilot": "random"}}, seed=3)
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    page.wait_for_selector("#prompt .zone-planner")
    sheet_in_sight(page)
    assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
    assert page.evaluate(CUT) == [], page.evaluate(CUT)
    page.screenshot(path=str(images(tmp_path) / "aod-target-zones-phone.png"))
    page.tap("#prompt .zone-planner button.given")  # the given positions, all at once
    deadline = time.monotonic() + 60
    while not page.locator("#prompt .steer-planner").count():
        assert time.monotonic() < deadline, "no move to plan"
        page.wait_for_function(AOD_READY)
        if page.locator("#prompt .steer-planner").count():
            break
        before = page.locator("#log li").count()
        page.locator("#prompt button.decision:not([disabled])").first.tap()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}"
                               " || document.querySelector('#prompt .steer-planner')")
    if page.locator("#skip").count():
        page.tap("#skip")
    sheet_in_sight(page)
    assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
    assert page.evaluate(CUT) == [], page.evaluate(CUT)
    page.tap("#prompt button.step:not([disabled])")
    assert page.locator("svg.triangle-board .plans .plan-line").count() == 1
    page.screenshot(path=str(images(tmp_path) / "aod-planner-phone.png"))
    # folded down: the whole board in sight; up again
    page.tap("#prompt .sheet-toggle")
    assert page.evaluate("() => document.querySelector('#prompt').getBoundingClientRect()"
                         ".height") < 80
    page.tap("#prompt .sheet-toggle")
    sheet_in_sight(page)


def test_a_les_ailes_de_la_gloire_game_on_a_phone(server: str, new_page: Any,
                                                   tmp_path: Path) -> None:
    """Les Ailes de la Gloire to its end on a 390 x 844 touch screen against the computer:
    the hex board first, nothing wider than the screen, every control 44 px high."""
    from .grid_games import create as create_grid
    from .grid_games import play_to_the_end
    from .test_ailes import CLICK as AILES_CLICK
    from .test_ailes import READY as AILES_READY

    match = create_grid(server, "ailes-de-la-gloire", {},
                        {"allied-13": {"kind": "human"},
                         "german-49": {"kind": "pilot", "pilot": "greedy"}}, seed=5)
    page = phone(new_page)
    page.goto(f"{server}/table.html?id={match['id']}&token="
              f"{match['seats']['allied-13']['token']}")
    page.wait_for_selector("svg.hex-board")
    board, prompt, log = order_of(page, "#board", "#prompt", "#log")
    assert board < prompt < log
    shots: list[str] = []

    def fits() -> None:
        assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
        assert page.evaluate(CUT) == [], page.evaluate(CUT)
        if not shots and page.locator("#prompt button.maneuver").count():
            page.screenshot(path=str(images(tmp_path) / "ailes-phone.png"))
            shots.append("ailes")

    play_to_the_end(page, AILES_READY, AILES_CLICK, 150, fits)
    assert shots
    assert "Game over" in page.inner_text(".outcome")


def test_an_age_of_dogfights_game_on_a_phone(server: str, new_page: Any,
                                             tmp_path: Path) -> None:
    """Age of Dogfights to its end on a 390 x 844 touch screen against the computer, the
    step planner a bottom sheet: nothing wider than the screen, every control 44 px."""
    from .grid_games import create as create_grid
    from .grid_games import play_to_the_end
    from .test_age_of_dogfights import CLICK as AGE_CLICK
    from .test_age_of_dogfights import MODES
    from .test_age_of_dogfights import READY as AGE_READY

    match = create_grid(server, "age-of-dogfights",
                        {**MODES["dogfight"], "mode": "dogfight", "turns": 1},
                        {"allies": {"kind": "human"},
                         "germany": {"kind": "pilot", "pilot": "random"}}, seed=3)
    page = phone(new_page)
    page.goto(f"{server}/table.html?id={match['id']}&token={match['seats']['allies']['token']}")
    page.wait_for_selector("svg.triangle-board")
    planned: list[str] = []

    def fits() -> None:
        assert page.evaluate(WIDE) <= 390, "the table scrolls sideways"
        assert page.evaluate(CUT) == [], page.evaluate(CUT)
        if page.locator("#prompt .steer-planner").count():
            planned.append("steer")

    play_to_the_end(page, AGE_READY, AGE_CLICK, 120, fits)
    assert planned
    assert "Game over" in page.inner_text(".outcome")
