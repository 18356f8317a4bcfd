"""The pages' gettext catalogues (no browser needed): every text a page passes to
``t("...")`` is a msgid of messages.po, translated in French, identity in English,
with the same {placeholders}."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from .conftest import require_browser

SERVER = Path(__file__).resolve().parents[2] / "src" / "dogfight" / "server"
LITERAL = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def page_strings() -> set[str]:
    found: set[str] = set()
    for path in sorted((SERVER / "static").rglob("*.js")):
        for match in LITERAL.finditer(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{match.group(1)}"'))
    return found


def catalogue(lang: str) -> dict[str, str]:
    with (SERVER / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle, locale=lang) if m.id}


def test_the_pages_use_translated_strings_only() -> None:
    strings = page_strings()
    assert len(strings) > 100
    french, english = catalogue("fr"), catalogue("en")
    assert not sorted(strings - set(french)), "texts of the pages missing from fr/messages.po"
    assert not sorted(strings - set(english)), "texts of the pages missing from en/messages.po"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_catalogues_are_complete_and_keep_placeholders(lang: str) -> None:
    entries = catalogue(lang)
    for msgid, msgstr in entries.items():
        if lang == "en":
            assert msgstr == "", f"en: {msgid!r} is its own translation (empty msgstr)"
            continue
        assert msgstr, f"fr: {msgid!r} has no translation"
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(msgstr)), msgid


def test_words_shared_with_the_game_logs_agree() -> None:
    """The server merges events.po and messages.po: a word in both means the same."""
    with (SERVER / "locales" / "fr" / "LC_MESSAGES" / "events.po").open("rb") as handle:
        events = {str(m.id): str(m.string) for m in read_po(handle, locale="fr")
                  if m.id and m.string}
    pages = catalogue("fr")
    differ = {k: (pages[k], events[k]) for k in set(pages) & set(events) if pages[k] != events[k]}
    assert not differ


# -- the lobby in a browser (Debian's Chromium; skipped without it) -----------------------
def open_match(base: str) -> str:
    """A Wings of War duel whose Central Powers seat is open; returns its id."""
    import urllib.request

    body = json.dumps({"game": "wings-of-war", "options": {},
                       "seats": {"allies": {"kind": "human"}, "central": {"kind": "open"}}})
    request = urllib.request.Request(f"{base}/api/matches", data=body.encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return str(json.loads(answer.read())["id"])


def test_the_lobby_puts_my_games_first_and_the_test_game_away(server: str,
                                                              new_page: Any) -> None:
    require_browser()
    page = new_page()
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#new-game[data-preview=ready]")
    games = page.eval_on_selector_all("select[name=game] option", "os => os.map(o => o.value)")
    assert "wings-of-war" in games and "test-duel" not in games
    first = page.eval_on_selector_all("#app > section.card", "ss => ss.map(s => s.id)")
    assert first[0] == "my-games" and first.index("my-games") < first.index("new-game")
    seats = page.inner_text("#seat-choice")
    assert "Allies" in seats and "Central Powers" in seats and "allies" not in seats
    developer = new_page()
    developer.goto(f"{server}/?dev=1")
    developer.wait_for_selector("#create:not([disabled])")
    assert "test-duel" in developer.eval_on_selector_all(
        "select[name=game] option", "os => os.map(o => o.value)")


@pytest.mark.parametrize(("lang", "allies", "central"),
                         [("fr", "Alliés", "Empires centraux"),
                          ("it", "Alleati", "Imperi Centrali")])
def test_the_lobby_names_the_sides_in_its_language(server: str, new_page: Any, lang: str,
                                                    allies: str, central: str) -> None:
    require_browser()
    page = new_page()
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector("#new-game[data-preview=ready]")
    assert page.get_attribute(f".lang-switch button[title]:has-text('{lang.upper()}')",
                              "aria-pressed") == "true"
    seats = page.inner_text("#seat-choice")
    assert allies in seats and central in seats


def test_wrong_and_dead_links_lead_back_to_the_lobby(server: str, new_page: Any) -> None:
    require_browser()
    page = new_page()
    page.goto(f"{server}/table.html?id=no-such-game&lang=en")
    page.wait_for_url("**/?lost=404*")
    page.wait_for_selector("#lost-link a.back-link")
    assert "This link leads nowhere" in page.inner_text("#lost-link")
    page.click("#lost-link a.back-link")
    page.wait_for_selector("#create:not([disabled])")
    assert "lost" not in page.url and page.is_hidden("#lost-link")
    match = open_match(server)
    page.goto(f"{server}/table.html?id={match}&token=not-a-token")
    page.wait_for_url("**/?lost=403*")
    page.wait_for_selector("#lost-link a.back-link")
    lost = page.inner_text("#lost-link")
    assert "not a seat of this game" in lost
    assert page.get_attribute("#lost-link a:not(.back-link)", "href") == f"table.html?id={match}"
    page.goto(f"{server}/?join={match}&seat=nobody")
    page.wait_for_selector("#join-invite a.back-link")
    assert "This game has no seat nobody" in page.inner_text("#join-invite")
    page.goto(f"{server}/?join=00000000-dead&seat=central")
    page.wait_for_selector("#join-invite a.back-link")
    assert "does not know" in page.inner_text("#join-invite")
