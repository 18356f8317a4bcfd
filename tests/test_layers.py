"""The layers import downwards only: a game never imports the server, the UI, the
pilots, the store or another game (only the core and the game kit); the kit imports
only the core; the core imports nothing above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent / "src" / "dogfight"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {name for name in found if name.startswith("dogfight")}


GAME_DIRS = sorted(p for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("game_dir", GAME_DIRS, ids=lambda p: p.name)
def test_a_game_imports_only_the_core_the_kit_and_itself(game_dir: Path) -> None:
    own = f"dogfight.games.{game_dir.name}"
    for path in game_dir.rglob("*.py"):
        for name in imports_of(path):
            assert name.startswith(("dogfight.core", "dogfight.kit", own)), \
                f"{path} imports {name}"


def test_the_kit_imports_only_the_core() -> None:
    for path in (ROOT / "kit").rglob("*.py"):
        for name in imports_of(path):
            assert name.startswith(("dogfight.core", "dogfight.kit")), f"{path} imports {name}"


def test_the_core_imports_nothing_above_it() -> None:
    for path in (ROOT / "core").rglob("*.py"):
        for name in imports_of(path):
            assert name.startswith("dogfight.core"), f"{path} imports {name}"


def test_the_store_and_pilots_do_not_import_user_interfaces() -> None:
    for layer in ("store", "ai"):
        for path in (ROOT / layer).rglob("*.py"):
            for name in imports_of(path):
                assert not name.startswith(("dogfight.cli", "dogfight.server",
                                            "dogfight.terminal", "dogfight.termboard")), \
                    f"{path} imports {name}"
