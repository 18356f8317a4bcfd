"""The board modules (static/boards/) drawing small fake observations in a real browser,
chosen by ``observation.board`` alone: the maps to come (hex.js, triangle.js) from the
view shape a hex or triangle-point game fills (``map: {kind, width, height}``,
``pieces: [{id, cell, facing, label, side}]``), and the table and no-map boards for a
game id the pages do not know."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from .conftest import require_browser

require_browser()

WIDTH, HEIGHT = 7, 5
PIECES = [
    {"id": "a1", "cell": [1, 1], "facing": 2, "label": "a1 · Nieuport", "side": "allies",
     "seat": "a"},
    {"id": "b1", "cell": [4, 2], "facing": 3, "label": "b1 · Albatros", "side": "central",
     "seat": "b"},
    {"id": "b2", "cell": [4, 2], "facing": 0, "side": "central", "seat": "b", "status": "down"},
]
DRAW = """async (observation) => {
  const board = await import("/board.js");
  const box = document.createElement("section");
  box.id = "fake-board";
  box.className = "board-panel";
  box.append(board.renderBoard(observation, "a"));
  document.querySelector("main").replaceChildren(box);
  return {
    secrets: board.renderSecrets(observation, "a")?.textContent ?? null,
    prompt: board.promptText({kind: "move", text: "Move your aircraft"}, observation),
    decision: board.decisionText(observation, {piece: "a1", to: [2, 1]}, "a1: to 2,1"),
    status: board.statusText(observation),
  };
}"""


def fake(board: str) -> dict[str, Any]:
    return {"game": "fake-game", "board": board, "turn": 3,
            "seats": {"a": "allies", "b": "central"}, "pending": {"a": "move"},
            "view": {"map": {"kind": board, "width": WIDTH, "height": HEIGHT}, "pieces": PIECES,
                     "players": {"a": {"hand": 3}}}}


def centre(q: int, r: int) -> tuple[float, float]:
    """Odd-r offset: odd rows half a step right; rows sqrt(3)/2 apart; one step = 60."""
    return round((q + (r % 2) * 0.5) * 60, 1), round(r * math.sqrt(3) / 2 * 60, 1)


@pytest.mark.parametrize("board", ["hex", "triangle"])
def test_a_grid_board_draws_its_cells_and_pieces(server: str, new_page: Any, tmp_path: Path,
                                                 board: str) -> None:
    page = new_page()
    page.goto(f"{server}/replay.html")
    words = page.evaluate(DRAW, fake(board))
    svg = f"#fake-board svg.board.{board}-board"
    page.wait_for_selector(svg)
    assert page.locator(f"{svg} .cell").count() == WIDTH * HEIGHT
    assert page.get_attribute(f"{svg} .cell[data-cell='6,4']", "data-cell") == "6,4"
    if board == "triangle":  # the lines: east, and to the two points below
        edges = (WIDTH - 1) * HEIGHT + (HEIGHT - 1) * (2 * WIDTH - 1)
        assert page.locator(f"{svg} .grid-lines line").count() == edges
    # a piece at its cell's centre, turned 60 degrees per facing, clockwise from east as
    # the kit's grids number facings (2: south-west)
    x, y = centre(1, 1)
    transform = page.get_attribute(f"{svg} g.piece[data-piece='a1']", "transform")
    assert transform == f"translate({x:g},{y:g}) rotate(120)"
    assert "mine" in str(page.get_attribute(f"{svg} g.piece[data-piece='a1']", "class"))
    # two pieces on one cell side by side; a piece out of play greyed out
    xs = [float(str(page.get_attribute(f"{svg} g.piece[data-piece='{p}']", "transform"))
                .split("(")[1].split(",")[0]) for p in ("b1", "b2")]
    assert xs[0] < centre(4, 2)[0] < xs[1]
    assert "eliminated" in str(page.get_attribute(f"{svg} g.piece[data-piece='b2']", "class"))
    assert page.text_content(f"{svg} text.piece-label[data-piece='b1']") == "b1 · Albatros"
    assert "Allies: a (you)" in page.inner_text("#fake-board .legend")
    # the page's defaults: secrets under the seat's name, the prompt's text, the label
    assert words["secrets"] and "3" in words["secrets"]
    assert words["prompt"] == "Move your aircraft"
    assert words["decision"] == "a1: to 2,1"
    assert words["status"] == "Turn 3 · waiting for: a (move)"
    page.locator("#fake-board").screenshot(path=str(tmp_path / f"board-{board}.png"))


def test_the_board_follows_the_kind_of_map_not_the_game(server: str, new_page: Any) -> None:
    """A game unknown to the pages gets the board of its kind of map."""
    page = new_page()
    page.goto(f"{server}/replay.html")
    table = {"game": "fake-game", "board": "table", "seats": {"a": "allies"},
             "view": {"area": {"width": 900, "height": 600}, "planes": [
                 {"id": "p1", "name": "Camel", "seat": "a", "side": "allies", "status": "flying",
                  "x": 100, "y": 100, "heading": 90, "guns": {}}]}}
    page.evaluate(DRAW, table)
    assert page.locator("#fake-board svg.board.wow-board g.plane[data-plane='p1']").count() == 1
    none = {"game": "fake-game", "board": "none", "seats": {"a": "allies"},
            "view": {"round": 2, "pilots": {"a": {"deck": 16}}}}
    words = page.evaluate(DRAW, none)
    assert page.locator("#fake-board .generic-board table.json-table").count() >= 1
    assert words["secrets"] and "16" in words["secrets"]
