"""Fixtures for the browser tests: a real ``dogfight serve`` process on a free port
and Debian's Chromium driven by Playwright (sync API).

Without Chromium or Playwright the browser tests are skipped, unless the
environment variable DOGFIGHT_REQUIRE_BROWSER is set: then they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if chromium_path() is None:
        return "Chromium is not installed (apt-get install chromium)"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``dogfight serve`` process on a fresh SQLite database; yields its base URL."""
    tmp = tmp_path_factory.mktemp("server")
    port = free_port()
    log = (tmp / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "dogfight", "serve", "--db", f"sqlite:///{tmp}/db.sqlite3",
         "--host", "127.0.0.1", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server stopped: {(tmp / 'server.log').read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/api/catalog", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer: {(tmp / 'server.log').read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(),
                                              args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in fresh browser contexts (each its own localStorage); errors in the pages'
    scripts fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(**options: Any) -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"


def require_browser() -> None:
    """Skip (or, with DOGFIGHT_REQUIRE_BROWSER, fail) when no browser can run."""
    missing = browser_missing()
    if missing is None:
        return
    if os.environ.get("DOGFIGHT_REQUIRE_BROWSER"):
        pytest.fail(f"DOGFIGHT_REQUIRE_BROWSER is set but {missing}", pytrace=False)
    pytest.skip(missing, allow_module_level=True)
