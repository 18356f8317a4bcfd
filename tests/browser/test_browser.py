"""The pages in a real browser against a real server (``dogfight serve``).

(a) a Wings of War game against the computer, from the lobby to the outcome, by
    clicking cards and fire orders; (b) two people in two browser contexts: neither
    ever receives the other's planned cards before they are revealed, on screen or in
    any WebSocket frame; (c) screenshots of the lobby and of a game in progress for
    the documentation (docs/img/).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from .conftest import require_browser

require_browser()

ROOT = Path(__file__).resolve().parents[2]
SEED = 18
"""A seed whose game (duel, the computer's random pilot) brings a shot within two turns."""
READY = """() => Boolean(
  document.querySelector('.outcome') ||
  document.querySelector('#prompt .hand button.card:not([disabled])') ||
  document.querySelector('#prompt button.decision:not([disabled])'))"""


# -- helpers ----------------------------------------------------------------------------
def create_game(page: Any, base: str, *, scenario: str = "duel", max_turns: int = 2,
                seats: dict[str, str] | None = None, rules: tuple[str, ...] = (),
                seed: int | None = None) -> str:
    """Fill in the lobby's form and create the game; returns the match id."""
    page.goto(f"{base}/")
    page.wait_for_selector("#create:not([disabled])")
    page.select_option("select[name=game]", "wings-of-war")
    page.select_option("select[name=scenario]", scenario)
    page.fill("input[name=max_turns]", str(max_turns))
    if seed is not None:
        page.fill("input[name=seed]", str(seed))
    for rule in rules:
        page.check(f"input[name='rules.{rule}']")
    page.locator("input[name=max_turns]").blur()
    page.wait_for_selector("#new-game[data-preview=ready]")  # seats and aircraft shown
    for seat, kind in (seats or {}).items():
        page.select_option(f"select[name='seat.{seat}']", kind)
        if kind == "computer":  # the random pilot: the seeds below rely on it
            page.select_option(f"select[name='level.{seat}']", "novice")
    page.click("#create")
    page.wait_for_url("**/table.html*")
    return parse_qs(urlparse(page.url).query)["id"][0]


def wait_ready(page: Any) -> None:
    """Until the seat has something to do, or the game is over."""
    page.wait_for_function(READY)


def pose(page: Any, plane: str) -> str:
    return str(page.get_attribute(f"svg g.plane[data-plane='{plane}'] g.pose", "transform"))


def log_length(page: Any) -> int:
    return int(page.locator("#log li.log-line").count())


def plan(page: Any, cards: dict[str, list[int]]) -> None:
    """Click cards into the plan of each plane, check the slots, confirm with Enter."""
    for plane, numbers in cards.items():
        for number in numbers:
            page.click(f"#prompt .plan-plane[data-plane='{plane}'] "
                       f"button.card[data-card='{number}']")
        picked = page.locator(f".plan-plane[data-plane='{plane}'] .slot.picked")
        assert picked.count() == len(numbers)
    page.keyboard.press("Enter")


def fire_if_asked(page: Any) -> int:
    """Give every fire order asked for (at a target when there is one); returns how many."""
    given = 0
    while page.locator("#prompt button.decision:not([disabled])").count():
        targets = page.locator("#prompt button.decision.target:not([disabled])")
        button = targets.first if targets.count() else page.locator(
            "#prompt button.decision:not([disabled])").first
        before = page.locator("#log li.log-line").count()
        button.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li.log-line').length > {before}")
        given += 1
        wait_ready(page)
    return given


def record_frames(page: Any) -> list[str]:
    """Every WebSocket frame the page receives, as text."""
    frames: list[str] = []

    def on_socket(socket: Any) -> None:
        def on_frame(frame: Any) -> None:
            payload = frame.get("payload") if isinstance(frame, dict) else frame
            frames.append(payload.decode() if isinstance(payload, bytes) else str(payload))

        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return frames


def wait_for_frame(page: Any, frames: list[str], text: str, seconds: float = 10) -> None:
    """Until a WebSocket frame holding ``text`` has come (a state may come first by HTTP)."""
    deadline = time.monotonic() + seconds
    while not any(text in frame for frame in frames):
        assert time.monotonic() < deadline, f"no WebSocket frame with {text!r}"
        page.wait_for_timeout(100)


# -- (a) a whole game against the computer ----------------------------------------------------
def test_a_game_against_the_computer_to_its_end(server: str, new_page: Any) -> None:
    page = new_page()
    # with this seed and these cards the aircraft come into each other's arcs
    create_game(page, server, max_turns=2, seats={"central": "computer"}, seed=SEED)
    page.wait_for_selector("svg.board g.plane[data-plane='spad']")
    assert "spad" in page.inner_text(".secrets")  # the seat's own aircraft, in secret
    deadline = time.monotonic() + 50
    turns = fire_orders = 0
    log_start = log_length(page)
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        wait_ready(page)
        if page.locator(".outcome").count():
            break
        if page.locator("#prompt .hand button.card:not([disabled])").count():
            before = pose(page, "spad")
            # first turn: straight ahead at the enemy; then turn left, bank, straight
            plan(page, {"spad": [1, 2, 3] if turns == 0 else [8, 4, 1]})
            page.wait_for_function(
                "(before) => document.querySelector(\"svg g.plane[data-plane='spad'] g.pose\")"
                "?.getAttribute('transform') !== before", arg=before)
            assert pose(page, "spad") != before
            turns += 1
        else:
            fire_orders += fire_if_asked(page)
    outcome = page.inner_text(".outcome")
    assert "Game over" in outcome
    assert turns >= 1
    assert fire_orders >= 1, f"no shot with seed {SEED} any more: choose another seed"
    assert log_length(page) > log_start
    assert "spad flies 'straight' (card 1)" in page.inner_text("#log")
    # a finished game offers its replay and its save
    assert page.locator("#prompt a[href^='replay.html']").count() == 1


# -- (b) two people, secrets kept ---------------------------------------------------------------
def test_b_two_people_never_see_each_others_planned_cards(server: str, new_page: Any) -> None:
    allies = new_page()
    central = new_page()
    allies_frames = record_frames(allies)
    central_frames = record_frames(central)
    match_id = create_game(allies, server, max_turns=2, seats={"central": "open"})
    allies.wait_for_selector("#prompt .hand button.card")

    # the friend's seat: taken with the invitation link the creator's table shows
    allies.wait_for_selector("#invites .invite-url")
    link = allies.input_value("#invites .invite-url")
    assert f"join={match_id}" in link and "invite=" in link
    central.goto(link)
    central.click("#join-invite button.join-invited")
    central.wait_for_url("**/table.html*")
    central.wait_for_selector("#prompt .hand button.card")

    # the Fokker (deck D) plans cards whose names the SPAD's deck A does not have
    secret = {10: "sharp turn left", 15: "Immelmann", 11: "sharp turn right"}
    for number in secret:
        central.click(f"#prompt button.card[data-card='{number}']")
    slots = central.locator(".plan-plane[data-plane='fokker'] .slot.picked").all_inner_texts()
    for text, name in zip(slots, secret.values(), strict=True):
        assert name in text
    central.keyboard.press("Enter")
    central.wait_for_function("() => document.querySelector('.plan-text')"
                              "?.textContent.includes('sharp turn right')")
    # the allies' table learns that the Fokker has planned, and nothing more
    allies.wait_for_function("() => document.querySelector(\"text.plane-label[data-plane="
                             "'fokker']\")?.textContent.includes('3/3')")
    text = allies.inner_text("body")
    assert not any(name in text for name in secret.values())
    assert "fokker plans card" not in text

    # the SPAD plans (the Fokker's seat sees no more of it), then the cards are revealed
    for number in (1, 4, 6):
        allies.click(f"#prompt button.card[data-card='{number}']")
    text = central.inner_text("body")
    assert "spad plans card" not in text
    allies.keyboard.press("Enter")
    allies.wait_for_function("() => document.querySelector('#log')"
                             "?.textContent.includes(\"fokker flies 'sharp turn left'\")")
    central.wait_for_function("() => document.querySelector('#log')"
                              "?.textContent.includes('spad flies')")
    assert "spad plans card" not in central.inner_text("body")

    # every frame the allies received: a Fokker card appears only once it is revealed
    wait_for_frame(allies, allies_frames, "fokker flies")
    wait_for_frame(central, central_frames, "spad flies")
    revealed: set[str] = set()
    for frame in allies_frames:
        data = json.loads(frame)
        for plane in data.get("observation", {}).get("view", {}).get("planes", []):
            if plane["id"] == "fokker":
                assert "plan" not in plane and "hand" not in plane
                revealed |= set(plane.get("revealed", []))
            if plane["id"] == "spad":
                assert "plan" in plane  # the seat's own secrets do come through
        # a card is public once its phase has been flown: "fokker flies 'NAME' (card N)"
        revealed |= {name for name in secret.values()
                     if any(f"fokker flies '{name}'" in line for line in data["log"])}
        for name in set(secret.values()) - revealed:
            assert name not in frame, f"{name!r} reached the allies before its reveal"
        assert "fokker plans card" not in frame
    assert revealed, "no reveal was seen: the check above proved nothing"
    for frame in central_frames:
        data = json.loads(frame)
        for plane in data.get("observation", {}).get("view", {}).get("planes", []):
            if plane["id"] == "spad":
                assert "plan" not in plane and "hand" not in plane
        assert "spad plans card" not in frame


# -- (c) pictures for the documentation ------------------------------------------------------------
def test_c_screenshots_of_the_lobby_and_a_game(server: str, new_page: Any,
                                               tmp_path: Any) -> None:
    """The pictures go to docs/img/ when DOGFIGHT_SCREENSHOTS=1 (to refresh the
    documentation), else to a temporary folder, so a test run leaves the tree clean."""
    import os

    images = ROOT / "docs" / "img" if os.environ.get("DOGFIGHT_SCREENSHOTS") else tmp_path
    images.mkdir(parents=True, exist_ok=True)
    page = new_page()
    create_game(page, server, scenario="bombing", max_turns=6, seats={"central": "computer"},
                rules=("altitude",), seed=3)
    wait_ready(page)
    before = pose(page, "spad")
    plan(page, {"breguet": [1, 2, 3], "spad": [1, 2, 4]})
    page.wait_for_function(
        "(before) => document.querySelector(\"svg g.plane[data-plane='spad'] g.pose\")"
        "?.getAttribute('transform') !== before", arg=before)
    wait_ready(page)
    fire_if_asked(page)
    if page.locator("#prompt .hand button.card:not([disabled])").count():
        page.click("#prompt .plan-plane[data-plane='breguet'] button.card[data-card='4']")
        page.click("#prompt .plan-plane[data-plane='breguet'] button.card[data-card='1']")
        page.click("#prompt .plan-plane[data-plane='spad'] button.card[data-card='6']")
    page.wait_for_selector("#connection.up")
    page.screenshot(path=str(images / "table.png"))
    page.goto(f"{server}/")
    page.wait_for_selector("#my-games-body table.games")
    page.screenshot(path=str(images / "lobby.png"), full_page=True)
    assert (images / "table.png").stat().st_size > 10_000
    assert (images / "lobby.png").stat().st_size > 10_000


# -- (d) hot-seat ------------------------------------------------------------------------
def test_d_hot_seat_hides_each_seat_behind_a_hand_over_screen(server: str,
                                                               new_page: Any) -> None:
    """Both seats on one screen: between them a hand-over screen, and the secrets of
    the seat that played are gone before the next one looks."""
    page = new_page()
    page.goto(f"{server}/")
    page.wait_for_selector("#create:not([disabled])")
    page.select_option("select[name=game]", "wings-of-war")
    page.select_option("select[name=scenario]", "duel")
    page.wait_for_selector("#new-game[data-preview=ready]")
    page.check("#hotseat")
    page.select_option("select[name='seat.allies']", "me")
    page.select_option("select[name='seat.central']", "me")
    page.click("#create")
    page.wait_for_url("**/table.html*hotseat=1*")
    page.wait_for_selector("#handover:not([hidden])")
    assert "Allies" in page.inner_text("#handover")
    page.click("#handover-button")
    page.wait_for_selector("#prompt .plan-plane[data-plane='spad']")
    plan(page, {"spad": [4, 6, 5]})  # bank left, bank right, bank left
    page.wait_for_selector("#handover:not([hidden])")
    assert "Central Powers" in page.inner_text("#handover")
    assert page.inner_text("#secrets").strip() == ""  # the SPAD's plan is gone
    assert page.locator(".plan-plane[data-plane='spad']").count() == 0
    page.click("#handover-button")
    page.wait_for_selector("#prompt .plan-plane[data-plane='fokker']")
    assert page.locator(".plan-plane[data-plane='spad']").count() == 0
    assert "bank right" not in page.inner_text("#secrets")
