"""The catalogue check: every text the pages show goes through a gettext catalogue
(locales/<lang>/LC_MESSAGES/{messages,events}.po) with a non-empty translation in
French and Italian, in the right typography.

The texts gathered: the pages' ``t("...")`` literals (static/*.js, static/boards/*.js)
and their tables of option and choice titles (lobby.js), and what the server sends for
the pages to translate: each game's title, summary, option titles and choices, seats
and sides, the computer levels, and the log's sentences (each game's ``EVENT_TEXTS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from dogfight.core import Match
from dogfight.core.registry import all_games
from dogfight.games.age_of_dogfights.game import EVENT_TEXTS as AGE_EVENTS
from dogfight.games.ailes_de_la_gloire.game import EVENT_TEXTS as AILES_EVENTS
from dogfight.games.down_in_flames.words import EVENT_TEXTS as DIF_EVENTS
from dogfight.games.duel.game import EVENT_TEXTS as DUEL_EVENTS
from dogfight.games.wings_of_war.words import EVENT_TEXTS as WOW_EVENTS
from dogfight.server.pilots import LEVELS

SERVER = Path(__file__).resolve().parents[1] / "src" / "dogfight" / "server"
STATIC = SERVER / "static"
LITERAL = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NAMES = r"(plane|seat|seats|target|winner|leader|actor|aircraft|fighter|side|tailer|game)\b"
EVENTS = {"age-of-dogfights": AGE_EVENTS, "ailes-de-la-gloire": AILES_EVENTS,
          "down-in-flames": DIF_EVENTS, "test-duel": DUEL_EVENTS,
          "wings-of-war": WOW_EVENTS}
REQUIRED = {
    # the language: the games whose texts it must translate (the pages' always)
    "fr": tuple(EVENTS),
    "it": tuple(EVENTS),
}


def js_table(name: str, page: str = "lobby.js") -> dict[str, str]:
    """A ``const NAME = {key: "English", ...};`` table of a page's script."""
    text = (STATIC / page).read_text(encoding="utf-8")
    body = re.search(rf"const {name} = \{{(.*?)\}};", text, re.S)
    assert body is not None, name
    pairs = re.findall(r'"?([\w-]+)"?\s*:\s*"((?:[^"\\]|\\.)*)"', body.group(1))
    return {key: json.loads(f'"{value}"') for key, value in pairs}


def humanize(name: str) -> str:
    """lobby.js's humanize: "two-vs-two" -> "Two vs two"."""
    text = re.sub(r"[_-]+", " ", str(name))
    return text[:1].upper() + text[1:]


def page_strings() -> set[str]:
    found: set[str] = set()
    for path in sorted(STATIC.rglob("*.js")):
        for match in LITERAL.finditer(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{match.group(1)}"'))
    found |= set(js_table("OPTION_TITLES").values()) | set(js_table("CHOICE_TITLES").values())
    found |= set(js_table("SIDE_NAMES", "i18n.js").values())
    return found


def options(schema: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for name, spec in schema.items():
        if isinstance(spec, Mapping):
            yield name, spec
            if "type" not in spec:
                yield from options(spec)


def game_strings(game_id: str) -> set[str]:
    """The texts of one game the server sends to be translated by the pages."""
    game = next(g for g in all_games() if g.id == game_id)
    option_titles, choice_titles = js_table("OPTION_TITLES"), js_table("CHOICE_TITLES")
    found = {game.title, game.summary, *EVENTS[game_id].values()}
    for name, spec in options(game.option_schema()):
        found.add(spec.get("title") or option_titles.get(name) or humanize(name))
        for choice in spec.get("choices", []) if spec.get("type") == "choice" else []:
            if choice is None:
                continue
            parts = str(choice).split(":")
            if len(parts) == 4:  # a campaign's sortie: "campaign:side:from:to"
                found.add(parts[1])
            elif str(choice) not in choice_titles:
                found.add(humanize(choice))
    match = Match.new(game, {}, 0)
    sides = js_table("SIDE_NAMES", "i18n.js")
    for side in game.seats(match.state).values():
        assert side in sides, f"{game_id}: side {side!r} has no name in i18n.js"
        found.add(sides[side])
    return found


def catalogue(lang: str, domain: str | None = None) -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sorted((SERVER / "locales" / lang / "LC_MESSAGES").glob("*.po")):
        if domain is not None and path.stem != domain:
            continue
        with path.open("rb") as handle:
            table.update({str(m.id): str(m.string) for m in read_po(handle, locale=lang)
                          if m.id})
    return table


@pytest.mark.parametrize("lang", sorted(REQUIRED))
def test_every_text_of_the_pages_is_translated(lang: str) -> None:
    wanted = page_strings() | {str(level) for level in LEVELS}
    assert len(wanted) > 300
    table = catalogue(lang)
    missing = sorted(s for s in wanted if not table.get(s))
    assert not missing, f"{lang}: {len(missing)} texts of the pages untranslated"


@pytest.mark.parametrize(("lang", "game_id"),
                         [(lang, g) for lang, games in sorted(REQUIRED.items()) for g in games])
def test_every_text_of_a_game_is_translated(lang: str, game_id: str) -> None:
    table = catalogue(lang)
    missing = sorted(s for s in game_strings(game_id) if not table.get(s))
    assert not missing, f"{lang}: {len(missing)} texts of {game_id} untranslated"


def test_every_game_has_its_log_sentences_here() -> None:
    assert {g.id for g in all_games()} == set(EVENTS)


def outside_placeholders(text: str) -> str:
    return PLACEHOLDER.sub("X", text)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    for msgid, msgstr in catalogue(lang).items():
        if msgstr:
            assert sorted(PLACEHOLDER.findall(msgid)) == sorted(
                PLACEHOLDER.findall(msgstr)), (lang, msgid, msgstr)


def test_french_typography() -> None:
    """A narrow no-break space (U+202F) before : ; ! ? in French, no other space."""
    wrong = []
    for msgid, msgstr in catalogue("fr").items():
        text = outside_placeholders(msgstr)
        for found in re.finditer(r"[:;!?](?![\w/])", text):  # not in a link ("?id=")
            before = text[found.start() - 1] if found.start() else ""
            if before != "\u202f":
                wrong.append((msgid, msgstr))
                break
    assert not wrong, wrong[:10]


def test_french_grammar_no_article_before_a_name() -> None:
    """An id or a name after "de", "le", "la" or "que" would miss its elision
    ("de l'Albatros", not "de Albatros"): sentences are worded around them."""
    bad = [(k, v) for k, v in catalogue("fr").items()
           if re.search(r"\b(de|le|la|que|du|ne|se)\s+\{" + NAMES, v, re.I)]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_space_before_a_colon(lang: str) -> None:
    """English and Italian put no space before : ; ! ?"""
    texts = catalogue(lang) if lang == "it" else {k: k for k in catalogue("fr")}
    bad = [v for v in texts.values()
           if re.search(r"[\s\u202f\u00a0][:;!?]", outside_placeholders(v))]
    assert not bad, bad[:10]


def test_french_and_italian_translate_the_same_texts() -> None:
    """A text translated in French has its Italian translation, and the other way
    round: a text added to one language only would show English on the other's pages
    (issue 14). A text nothing uses any more leaves both catalogues (and English)."""
    french = {k for k, v in catalogue("fr").items() if v}
    italian = {k for k, v in catalogue("it").items() if v}
    assert not sorted(french - italian), f"{len(french - italian)} French texts not in Italian"
    assert not sorted(italian - french), f"{len(italian - french)} Italian texts not in French"
