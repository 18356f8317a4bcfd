"""What the game kit asks of every game's rules (docs/architecture.md, "One vocabulary
across games"): the rules split into modules of readable size, every game on the
kit's prompts, no dispatch by a string, no memo kept on the game object."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from dogfight.core import all_games
from dogfight.kit.prompts import PromptedGame, PromptKind
from tests.conftest import random_play

ROOT = Path(__file__).parent.parent / "src" / "dogfight" / "games"
MODULES = sorted(p for p in ROOT.rglob("*.py"))
MAX_LINES = 600
GAMES = all_games()


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_a_game_is_over_about_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_getattr_dispatch_by_string(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "getattr" and len(node.args) >= 2 \
                and not isinstance(node.args[1], ast.Constant):
            pytest.fail(f"{path.name}:{node.lineno} dispatches by a computed name")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_answers_through_the_kit_s_prompt_table(game: Any) -> None:
    assert isinstance(game, PromptedGame)
    assert game.prompts and all(isinstance(k, PromptKind) for k in game.prompts.values())
    assert all(name == k.kind for name, k in game.prompts.items())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_game_object_keeps_no_memo_while_a_game_is_played(game: Any) -> None:
    *_, match = random_play(game, {}, 3, 3)
    assert match.over or len(match.actions) > 10
    kept = set(vars(game))
    assert kept <= {"dataset"}, f"{game.id} keeps {sorted(kept - {'dataset'})} on itself"
