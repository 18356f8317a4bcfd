"""What the browser tests of the grid games share: a match created through the API, and
a game played through the page to its end, one decision at a time."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any


def create(base: str, game: str, options: dict[str, Any], seats: dict[str, dict[str, str]],
           seed: int) -> dict[str, Any]:
    """``POST /api/matches``: the match's id and the human seats' tokens."""
    body = {"game": game, "options": options, "seed": seed, "seats": seats}
    request = urllib.request.Request(f"{base}/api/matches", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        created: dict[str, Any] = json.load(answer)
    return created


def play_to_the_end(page: Any, ready: str, click: str, seconds: float,
                    before: Callable[[], None] = lambda: None) -> list[str]:
    """Until the outcome shows: wait for a decision, run ``before`` (checks of the prompt
    on screen), then ``click`` (a script deciding through the page, returning what it
    did, marking the button it pressed ``data-clicked``); every decision accepted."""
    clicked: list[str] = []
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"the game did not end in time: {clicked[-10:]}"
        page.wait_for_function(ready)
        if page.locator(".outcome").count():
            return clicked
        before()
        text = page.evaluate(click)
        if text is None:
            continue
        clicked.append(text)
        page.wait_for_function("() => !document.querySelector('#prompt [data-clicked]')")
        assert page.locator("#message:not([hidden])").count() == 0, page.inner_text("#message")


def images(tmp_path: Path) -> Path:
    """Where screenshots go: docs/img with $DOGFIGHT_SCREENSHOTS, else the test's folder."""
    return (Path(__file__).resolve().parents[2] / "docs" / "img"
            if os.environ.get("DOGFIGHT_SCREENSHOTS") else tmp_path)
