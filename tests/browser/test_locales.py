"""The pages' gettext catalogues (no browser needed): every text a page passes to
``t("...")`` is a msgid of messages.po, translated in French, identity in English,
with the same {placeholders}."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

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
