"""Les Ailes de la Gloire in a real browser against a real server (``dogfight serve``),
on its hex board (static/boards/hex.js).

(a) a game against the computer to its end: the zones, the counters with their altitude,
    the selected aircraft's arcs, the Feuille de Vol of one's own aircraft only, and the
    maneuver prompt's ghost (hovering a maneuver shows where it ends; choosing it shows it
    until Confirm writes it);
(b) two people in two browser contexts: neither page nor any WebSocket frame shows the
    other seat's maneuver code or fire order before the reveal (book:
    001_6a970d9ea6ae2da0.txt § LE SECRET);
(c) the fire order as a widget on the board (book: 001_6a970d9ea6ae2da0.txt § Le Combat,
    Enregistrement; LES OBSERVATEURS): a Bristol F.2B's pilot and observer, each with the
    aircraft in range lit on the map, a burst (courte, moyenne, longue), by mouse, by touch
    (44 px) and by keyboard; Confirm writes the legal decision, and the fire table's roll
    is drawn as a die over the board (§ Résolution, Jet de Dé).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import require_browser
from .grid_games import create, images, play_to_the_end
from .test_browser import record_frames

require_browser()

GAME = "ailes-de-la-gloire"
READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt .fire-planner #confirm:not([disabled])') ||
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
  if (document.querySelector('#prompt .fire-planner')) {
    const target = pick('button.fire-target');
    if (target) target.click();
    const confirm = pick('#confirm');
    if (!confirm) return null;
    const order = document.querySelector('#prompt .fire-planner .order').textContent;
    confirm.dataset.clicked = "1";
    confirm.click();
    return order;
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
    # § LA FIN in words: how it ended and who won, as docs/rules rules it
    assert re.search(r"(Every aircraft of one side is out|The turn limit is reached)\. "
                     r"(.+ win: (fewer aircraft lost|as many losses, the enemy fled)"
                     r"|A draw: as many losses on both sides)", page.inner_text(".outcome"))
    page.screenshot(path=str(images(tmp_path) / "ailes-the-end.png"))
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


SAVE = Path(__file__).parent / "saves" / "ailes-two-seater-fire.save.json"
# the save: a Bristol F.2B (allied-29) between an Albatros D.Va (german-33, behind it, in
# the observer's arc) and a Fokker D.VII (german-49, ahead, in the pilot's fire range),
# writing its fire order (greedy pilots to this point, seed 1)
CUT = """() => [...document.querySelectorAll('#prompt .fire-planner button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => [b.textContent.trim().slice(0, 30), b.getBoundingClientRect()])
  .filter(([, r]) => r.height < 43.5 || r.width < 43.5 || r.right > window.innerWidth + 1)
  .map(([text, r]) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def upload(server: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server}/api/saves", data=SAVE.read_bytes(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        uploaded: dict[str, Any] = json.load(answer)
    return uploaded


def test_c_the_fire_order_widget_and_its_roll_as_a_die(server: str, new_page: Any,
                                                       tmp_path: Path) -> None:
    """book: 001_6a970d9ea6ae2da0.txt § Le Combat (Enregistrement: target and burst,
    courte, moyenne ou longue; LES OBSERVATEURS: his own target and burst)."""
    match = upload(server)
    page = new_page()
    page.goto(f"{server}/table.html?id={match['id']}"
              f"&token={match['seats']['allied-29']['token']}")
    page.wait_for_selector("#prompt .fire-planner")
    planner = "#prompt .fire-planner"
    # the pilot's targets lit on the map (range 0-3 ahead), the observer's section too
    assert page.locator(f"{planner} fieldset[data-gunner='pilot']").count() == 1
    assert page.locator(f"{planner} fieldset[data-gunner='observer']").count() == 1
    assert page.locator("svg.hex-board .piece.in-range[data-piece='german-49']").count() == 1
    assert page.locator("svg.hex-board .piece.in-range[data-piece='german-33']").count() == 0
    assert page.locator("svg.hex-board .plane-arcs[data-plane='allied-29'] .arc-fire").count()
    # nothing chosen: holding fire; a burst needs a target
    assert "hold fire" in page.inner_text(f"{planner} .order")
    assert page.locator(f"{planner} button.fire-burst[data-gunner='pilot']:not([disabled])"
                        ).count() == 0
    # the pilot's target tapped on the map, a long burst
    page.locator("svg.hex-board .piece[data-piece='german-49']").dispatch_event("click")
    assert page.locator("svg.hex-board .piece.targeted[data-piece='german-49']").count() == 1
    page.click(f"{planner} button.fire-burst[data-gunner='pilot'][data-burst='long']")
    # the observer's own target and burst, by keyboard: his section lights his targets
    page.focus(f"{planner} button.fire-target[data-gunner='observer']")
    page.keyboard.press("Enter")
    assert page.locator("svg.hex-board .piece.in-range[data-piece='german-33']").count() == 1
    page.focus(f"{planner} button.fire-burst[data-gunner='observer'][data-burst='medium']")
    page.keyboard.press("Space")
    order = page.inner_text(f"{planner} .order")
    assert ("long burst at 49 Fokker D.VII" in order
            and "medium burst at 33 Albatros D.Va" in order), order
    assert page.locator("svg.hex-board .piece.targeted.by-observer[data-piece='german-33']"
                        ).count() == 1
    page.screenshot(path=str(images(tmp_path) / "ailes-fire-order.png"))
    # C confirms (the page's key): the legal decision is written, the roll shown as a die
    page.locator("body").press("c")
    page.wait_for_selector(".dice-tray .die")
    text = page.inner_text(".dice-tray")
    assert "fire value" in text and "chits" in text
    face = page.locator(".dice-tray svg.die").first.get_attribute("aria-label")
    assert face in {"1", "2", "3", "4", "5", "6"}
    assert f"die {face}" in text
    page.screenshot(path=str(images(tmp_path) / "ailes-fire-dice.png"))
    page.wait_for_function("() => document.querySelector('#log')?.textContent"
                           ".includes('allied-29 writes its fire')")


def test_d_the_fire_order_on_a_phone(server: str, new_page: Any, tmp_path: Path) -> None:
    """book: 001_6a970d9ea6ae2da0.txt § Le Combat, Enregistrement: on a 390 x 844 touch
    screen every button of the fire order is at least 44 px and the page no wider."""
    match = upload(server)
    page = new_page(has_touch=True, is_mobile=True, device_scale_factor=2)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/table.html?id={match['id']}"
              f"&token={match['seats']['allied-29']['token']}")
    page.wait_for_selector("#prompt .fire-planner")
    page.tap("#prompt .fire-planner button.fire-target[data-gunner='pilot']")
    page.tap("#prompt .fire-planner button.fire-burst[data-gunner='pilot'][data-burst='short']")
    assert page.evaluate(CUT) == [], page.evaluate(CUT)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(images(tmp_path) / "ailes-fire-order-phone.png"), full_page=True)
    page.tap("#confirm")
    page.wait_for_selector(".dice-tray .die")
