"""Age of Dogfights in a real browser against a real server (``dogfight serve``), on its
triangle board (static/boards/triangle.js): a short game of each mode (option ``mode``,
docs/rules/age-of-dogfights.md) against the computer, to its end, moving each aircraft
with the planner (the reachable points after the die, step by step, undo, Confirm), the
control panels (with the task markers, § MARQUEUR PHOTO et BOMBE) and the die shown.
Book: 003_24ea110dc1b5a4d6.txt (MODES DE JEU). And the target zones placed by agreement
on the board, by two people (§ MARQUEURS DE ZONE CIBLE, § RECONNAISSANCE), by mouse,
touch and keyboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import require_browser
from .grid_games import create, images, play_to_the_end

require_browser()

GAME = "age-of-dogfights"
# small rosters and one turn: each mode's game ends in a few dozen decisions
MODES: dict[str, dict[str, Any]] = {
    "dogfight": {"allies": ["britain-4"], "germany": ["germany-4"],
                 "rules": {"wind": "W", "sun": "E", "clouds": [{"cell": [16, 7], "top": 2}]}},
    "reconnaissance": {"allies": ["britain-4", "france-13"],
                       "germany": ["germany-4", "germany-13"]},
    "bombing": {"allies": ["britain-4", "britain-16"], "germany": ["germany-4", "germany-16"]},
    "breakthrough": {"allies": ["britain-4", "britain-16"],
                     "germany": ["germany-4", "germany-16"]},
    "combined": {"allies": ["britain-16", "france-13"],
                 "germany": ["germany-16", "germany-13"]},
    "general": {"allies": ["france-13", "france-4"], "germany": ["germany-4"]},
}
READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt .steer-planner') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""
# one decision through the page: in the planner, the straightest step until the move is
# whole, then Confirm; else a shot when offered, or the page's first button
CLICK = """() => {
  const pick = (s) => document.querySelector(`#prompt ${s}:not([disabled])`);
  if (document.querySelector('#prompt .steer-planner')) {
    for (let i = 0; i < 30 && !pick('#confirm'); i += 1) {
      const step = pick("button.step[data-step='F']") || pick('button.step');
      if (!step) return null;
      step.click();
    }
    const confirm = pick('#confirm');
    if (!confirm) return null;
    const plan = document.querySelector('#prompt .plan').dataset.plan;
    confirm.dataset.clicked = "1";
    confirm.click();
    return `steer ${plan}`;
  }
  const buttons = [...document.querySelectorAll('#prompt button.decision:not([disabled])')];
  const button = buttons.find((b) => /fires its/.test(b.textContent)) || buttons[0];
  if (!button) return null;
  const text = button.textContent;
  button.dataset.clicked = "1";
  button.click();
  return text;
}"""


@pytest.mark.parametrize("mode", list(MODES))
def test_a_game_of_each_mode_to_its_end(server: str, new_page: Any, tmp_path: Path,
                                        mode: str) -> None:
    match = create(server, GAME, {**MODES[mode], "mode": mode, "turns": 1},
                   {"allies": {"kind": "human"}, "germany": {"kind": "pilot", "pilot": "random"}},
                   seed=3)
    page = new_page()
    page.goto(f"{server}/table.html?id={match['id']}&token={match['seats']['allies']['token']}")
    page.wait_for_selector("svg.triangle-board")
    planned = False

    def check_the_planner() -> None:
        nonlocal planned
        if planned or not page.locator("#prompt .steer-planner").count():
            return
        # the reachable points after the die; a step planned, undone, nothing sent
        assert page.locator("svg.triangle-board .plans .reach-end").count() > 0
        assert page.locator(".aod-flight svg.die").count() == 1
        assert page.locator(".aod-panels tr.moving").count() == 1
        assert page.locator("#prompt #confirm[disabled]").count() == 1
        before = page.get_attribute("#prompt .plan", "data-plan")
        page.locator("#prompt button.step:not([disabled])").first.click()
        after = page.get_attribute("#prompt .plan", "data-plan")
        assert after is not None and before is not None and len(after) == len(before) + 1
        assert page.locator("svg.triangle-board .plans .plan-line").count() == 1
        page.click("#prompt #undo")
        assert page.get_attribute("#prompt .plan", "data-plan") == before
        if mode == "dogfight":
            assert page.locator("svg.triangle-board .sun").count() == 1
            assert page.locator("svg.triangle-board .wind").count() == 1
            assert page.locator("svg.triangle-board .cloud").count() == 1
            assert page.locator("svg.triangle-board .piece-edge").count() == 2
            page.screenshot(path=str(images(tmp_path) / "aod-dogfight-planner.png"))
        else:
            assert page.locator("svg.triangle-board .target-zone").count() > 0
            # the panels' task column: the photos and bombs markers (MARQUEUR PHOTO et BOMBE)
            assert "Task" in page.inner_text(".aod-panels thead")
            tasks = page.locator(".aod-panels td.task").all_inner_texts()
            carriers = mode in ("bombing", "breakthrough", "combined")
            assert any("bombs left:" in text for text in tasks) == carriers, tasks
        planned = True

    clicked = play_to_the_end(page, READY, CLICK, 120, check_the_planner)
    assert planned, clicked
    assert "Game over" in page.inner_text(".outcome")


ZONES = {"mode": "reconnaissance", "target_zones": "agreed",
         "allies": ["britain-4", "france-13"], "germany": ["germany-4", "germany-13"]}


def test_target_zones_placed_by_agreement(server: str, new_page: Any, tmp_path: Path) -> None:
    """book: 003_24ea110dc1b5a4d6.txt § MARQUEURS DE ZONE CIBLE ("at agreed or given
    positions") and § RECONNAISSANCE (3 + 3 zones, symmetrical): the allies place A, B,
    C on the board, the Germans propose the given ones back, the allies agree."""
    match = create(server, GAME, ZONES, {"allies": {"kind": "human"},
                                         "germany": {"kind": "human"}}, seed=3)
    pages = {}
    for seat in ("allies", "germany"):
        page = new_page()
        page.goto(f"{server}/table.html?id={match['id']}"
                  f"&token={match['seats'][seat]['token']}")
        page.wait_for_selector("svg.triangle-board")
        pages[seat] = page
    allies, germany = pages["allies"], pages["germany"]
    allies.wait_for_selector("#prompt .zone-planner")
    assert "proposal 1 of 3" in allies.inner_text("#status")
    # zone A: a lit place tapped on the board shows the zone and its mirror
    corners = allies.locator("svg.triangle-board .plans .zone-corner")
    assert corners.count() > 50
    corners.nth(20).dispatch_event("click")
    chosen = allies.inner_text("#prompt .zone-chosen")
    assert allies.locator("svg.triangle-board .plans .zone-ghost").count() == 2
    allies.click("#prompt button.zone-move[data-move='1,0']")  # one point East
    moved = allies.inner_text("#prompt .zone-chosen")
    assert moved != chosen
    allies.screenshot(path=str(images(tmp_path) / "aod-target-zones.png"))
    allies.click("#prompt #confirm")
    allies.wait_for_function("() => document.querySelector('#prompt .zone-planner strong')"
                             "?.textContent.includes('B')")
    assert allies.locator("svg.triangle-board .target-zone").count() == 2  # A and its mirror
    # zone B by keyboard: an arrow button, then C (the page's key) confirms
    allies.focus("#prompt button.zone-move[data-move='0,1']")
    allies.keyboard.press("Enter")
    allies.locator("body").press("c")
    allies.wait_for_function("() => document.querySelector('#prompt .zone-planner strong')"
                             "?.textContent.includes('C')")
    # zone C: the first place still lit
    allies.locator("svg.triangle-board .plans .zone-corner").first.dispatch_event("click")
    allies.click("#prompt #confirm")
    # the Germans see the proposal and propose the given positions back
    germany.wait_for_selector("#prompt button.decision >> text=Propose other target zones")
    assert germany.locator("svg.triangle-board .target-zone").count() == 6
    germany.click("#prompt button.decision >> text=Propose other target zones")
    germany.wait_for_selector("#prompt .zone-planner button.given")
    germany.click("#prompt .zone-planner button.given")
    allies.wait_for_selector("#prompt button.decision >> text=Agree to these target zones")
    assert "proposal 2 of 3" in allies.inner_text("#status")
    allies.click("#prompt button.decision >> text=Agree to these target zones")
    # agreed: the zones stay on the board, and the set-up goes on (MISE EN PLACE)
    allies.wait_for_function("() => !document.querySelector('#status')?.textContent"
                             ".includes('target zones: proposal')")
    allies.wait_for_function("() => /agrees to the target zones/"
                             ".test(document.querySelector('#log')?.textContent)")
    assert allies.locator("svg.triangle-board .target-zone").count() == 6
    assert allies.locator("#prompt .zone-planner").count() == 0
