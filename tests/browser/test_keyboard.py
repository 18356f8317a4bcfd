"""A Wings of War game played with the keyboard only: Tab to the hand, Enter and Space
pick the focused card (Space as it goes down) and the focus stays in the hand,
Backspace undoes, C confirms
(book: 000_caefe768ab735396.txt § PROGRAMMATION: three cards a turn)."""

from __future__ import annotations

import time
from typing import Any

from .conftest import require_browser
from .test_table_planning import READY, create

require_browser()

FOCUSED = "() => document.activeElement?.matches?.('{}') || false"


def tab_to(page: Any, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        if page.evaluate(FOCUSED.replace("{}", selector)):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def picked(page: Any) -> int:
    return int(page.locator("#prompt .slot.picked").count())


def test_a_keyboard_only_wings_of_war_game(server: str, new_page: Any) -> None:
    match_id, tokens = create(server, "wings-of-war", {"scenario": "duel", "max_turns": 2},
                              {"allies": {"kind": "human"},
                               "central": {"kind": "pilot", "pilot": "novice"}})
    page = new_page()
    page.goto(f"{server}/table.html?id={match_id}&token={tokens['allies']}")
    deadline = time.monotonic() + 60
    plans = 0
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        page.wait_for_function(READY)
        if page.locator(".outcome").count():
            break
        if page.locator("#prompt .hand button.card:not([disabled])").count():
            tab_to(page, "#prompt button.card:not([disabled])")
            page.keyboard.press("Enter")  # picks the focused card, does not confirm
            assert picked(page) == 1
            assert page.evaluate(FOCUSED.replace("{}", "#prompt button.card"))
            # Space picks as the key goes down: a redraw before its release (the
            # opponent's plan arriving) cannot lose it, and the release picks nothing more
            page.keyboard.down(" ")
            assert picked(page) == 2
            page.keyboard.up(" ")
            assert picked(page) == 2
            page.keyboard.press("Backspace")
            assert picked(page) == 1
            page.keyboard.press("ArrowRight")  # another card of the hand
            page.keyboard.press("Enter")
            page.keyboard.press("Enter")
            assert picked(page) == 3
            page.keyboard.press("c")
            page.wait_for_function("() => !document.querySelector('#prompt .slot.picked')")
            plans += 1
        else:
            tab_to(page, "#prompt button.decision:not([disabled])")
            before = page.locator("#log li").count()
            page.keyboard.press("Enter")
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}"
                " || document.querySelector('.outcome')")
    assert plans >= 1
    assert "Game over" in page.inner_text(".outcome")

    # its replay, phase by phase ("n"): each step shows what happened since the last
    page.goto(f"{server}/replay.html?id={match_id}&seat=allies")
    page.wait_for_selector("#next-phase")
    page.keyboard.press("n")
    page.wait_for_function("() => new URL(location.href).searchParams.get('step') > 0")
    step = int(page.evaluate("new URL(location.href).searchParams.get('step')"))
    assert step >= 3  # the planning (three cards at least) is one phase
    page.wait_for_selector("body[data-animating] #skip")  # the moves, played again
    page.keyboard.press("p")
    page.wait_for_function("() => new URL(location.href).searchParams.get('step') === '0'")
