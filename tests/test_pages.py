"""The shared pages name no game: a game is drawn by the board module of its kind of map
(static/boards/, chosen by ``observation.board``), so a new game on a known kind of map
changes no page, and a new kind of map adds one module to static/boards/."""

from __future__ import annotations

import re
from pathlib import Path

from dogfight.core.registry import all_games

STATIC = Path(__file__).resolve().parents[1] / "src" / "dogfight" / "server" / "static"
BOARDS = STATIC / "boards"


def shared_pages() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file() and BOARDS not in p.parents)


def test_no_shared_page_names_a_game() -> None:
    pages = shared_pages()
    assert {p.name for p in pages} >= {"board.js", "table.js", "replay.js", "lobby.js"}
    names = {name for game in all_games() for name in (game.id, game.id.replace("-", "_"))}
    found = [f"{page.relative_to(STATIC)}: {name}" for page in pages
             for name in sorted(names) if name in page.read_text(encoding="utf-8")]
    assert not found, f"shared pages naming a game (use its board module): {found}"


def test_every_board_kind_of_a_game_has_a_module() -> None:
    index = (BOARDS / "index.js").read_text(encoding="utf-8")
    registered = set(re.findall(r"^import \* as (\w+) from \"\./(\w+)\.js\";$", index, re.M))
    kinds = {kind for kind, module in registered if kind == module}
    assert {"table", "none", "hex", "triangle"} <= kinds
    assert {game.board for game in all_games()} <= kinds
    for kind in kinds:
        module = (BOARDS / f"{kind}.js").read_text(encoding="utf-8")
        assert re.search(r"^export function render\(observation, seat\)", module, re.M), kind
