"""What the terminal game draws from a seat's observation: the map (a continuous table,
a hex map, a triangle-point grid, or none), the panel of what only this seat sees, and
the keys a person types for each decision.

Everything here reads the observation :func:`dogfight.core.observe` gives one seat, the
same the browser gets; nothing reads a game's state. The map follows the documented
view shapes (docs/architecture.md, "The browser's boards"): a ``table`` view has an
``area`` and ``planes`` with ``x``, ``y`` and ``heading`` (degrees clockwise from east,
``y`` down); a ``hex`` or ``triangle`` view has ``map: {width, height}`` and ``pieces``
with ``cell: [column, row]`` ("odd-r" offset) and ``facing`` (60° steps clockwise from
east).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from dogfight.core.contract import canonical_json

ARROWS_8 = "→↘↓↙←↖↑↗"
"""A heading in steps of 45° clockwise from east (the table's y axis points down)."""
ARROWS_6 = "→↘↙←↖↗"
"""A facing in steps of 60° clockwise from east (the kit's grids)."""
SIDE_STYLES = ("bold cyan", "bold red", "bold green", "bold magenta")
COMMANDS = {"v", "q", "?"}
"""What the person may type besides a decision's key: view again, quit, help."""


def side_styles(observation: Mapping[str, Any]) -> dict[str, str]:
    """A colour per side, in the order of the seats (the same for every viewer)."""
    sides: list[str] = []
    for side in (observation.get("seats") or {}).values():
        if side not in sides:
            sides.append(side)
    return {side: SIDE_STYLES[i % len(SIDE_STYLES)] for i, side in enumerate(sides)}


# -- the map ----------------------------------------------------------------------------------
def draw_map(board: str, observation: Mapping[str, Any], width: int = 48) -> Text | None:
    """The map of the observation's view as coloured text, or ``None`` for a game with
    no map (``board`` is the game's kind of map, ``Game.board``)."""
    view = observation.get("view") or {}
    styles = side_styles(observation)
    if board == "table" and isinstance(view.get("area"), Mapping):
        return _draw_table(view, styles, width)
    if board in ("hex", "triangle") and isinstance(view.get("map"), Mapping):
        return _draw_grid(view, styles, hexes=board == "hex")
    return None


def _draw_table(view: Mapping[str, Any], styles: dict[str, str], width: int) -> Text:
    area = view["area"]
    table_w, table_h = float(area.get("width") or 1), float(area.get("height") or 1)
    rows = max(8, round(width * table_h / table_w / 2))  # a character is about 1:2
    grid: list[list[tuple[str, str]]] = [[("·", "dim")] * width for _ in range(rows)]
    for plane in view.get("planes") or []:
        if plane.get("status") not in (None, "flying", "on ground", "ground"):
            continue
        x, y = plane.get("x"), plane.get("y")
        if not isinstance(x, int | float) or not isinstance(y, int | float):
            continue
        col = min(width - 1, max(0, int(x / table_w * width)))
        row = min(rows - 1, max(0, int(y / table_h * rows)))
        arrow = ARROWS_8[round(float(plane.get("heading") or 0) / 45) % 8]
        style = styles.get(str(plane.get("side")), "bold")
        grid[row][col] = (arrow, style)
        if col + 1 < width:
            grid[row][col + 1] = (str(plane.get("id", "?"))[:1].upper(), style)
    return _text_of(grid)


def _draw_grid(view: Mapping[str, Any], styles: dict[str, str], hexes: bool) -> Text:
    size = view["map"]
    columns, rows = int(size.get("width") or 1), int(size.get("height") or 1)
    cells: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for piece in view.get("pieces") or []:
        cell = piece.get("cell")
        if isinstance(cell, Sequence) and len(cell) == 2:
            cells.setdefault((int(cell[0]), int(cell[1])), []).append(piece)
    grid: list[list[tuple[str, str]]] = []
    for r in range(rows):
        line: list[tuple[str, str]] = [(" ", "")] if hexes and r % 2 else []
        for q in range(columns):
            here = cells.get((q, r))
            if not here:
                line += [("·", "dim"), (" ", "")]
                continue
            top = here[-1]
            style = styles.get(str(top.get("side")), "bold")
            facing = top.get("facing")
            glyph = ARROWS_6[int(facing) % 6] if isinstance(facing, int) else "●"
            mark = str(len(here)) if len(here) > 1 else str(top.get("id", "?"))[:1].upper()
            line += [(glyph, style), (mark, style)]
        grid.append(line)
    return _text_of(grid)


def _text_of(grid: list[list[tuple[str, str]]]) -> Text:
    text = Text()
    for index, line in enumerate(grid):
        for glyph, style in line:
            text.append(glyph, style=style or None)
        if index < len(grid) - 1:
            text.append("\n")
    return text


def pieces_table(observation: Mapping[str, Any]) -> Table | None:
    """Every aircraft the view shows, a line each: what a player reads off the map."""
    rows = aircraft_of(observation.get("view") or {})
    if not rows:
        return None
    styles = side_styles(observation)
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    fields = [f for f in ("side", "name", "aircraft", "type", "label", "altitude", "level",
                          "status", "where", "damage", "structure") if any(f in r for _, r in rows)]
    table.add_column("aircraft")
    for field in fields:
        table.add_column(field)
    for ident, row in rows:
        style = styles.get(str(row.get("side") or (observation.get("seats") or {}).get(
            str(row.get("seat")), "")), "")
        table.add_row(Text(ident, style=style),
                      *(Text(_short(row.get(f))) for f in fields))  # Text: no markup read
    return table


def aircraft_of(view: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The view's aircraft as (id, fields): its ``planes`` (a list or a mapping by id),
    its ``aircraft`` mapping, or else its ``pieces``."""
    for key in ("planes", "aircraft", "pieces"):
        found = view.get(key)
        if isinstance(found, Mapping) and found:
            return [(str(k), v) for k, v in found.items() if isinstance(v, Mapping)]
        if isinstance(found, list) and found:
            return [(str(v.get("id", i)), v) for i, v in enumerate(found)
                    if isinstance(v, Mapping)]
    return []


# -- what only this seat sees -----------------------------------------------------------------
def secrets_of(observation: Mapping[str, Any], seat: str,
               public: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """For each of the seat's aircraft, what its view shows that the spectator's view
    (``public``) does not: what the seat alone knows (its plan, hand, damage, fuel...)."""
    seen = dict(aircraft_of(public))
    side = (observation.get("seats") or {}).get(seat)
    found = []
    for ident, row in aircraft_of(observation.get("view") or {}):
        if row.get("seat", seat) != seat or row.get("side", side) != side:
            continue
        other = seen.get(ident) or {}
        private = {k: v for k, v in row.items() if _worth(v) and other.get(k) != v}
        if private:
            found.append((ident, private))
    return found


def secrets_text(secrets: list[tuple[str, dict[str, Any]]]) -> Text:
    text = Text()
    for index, (ident, fields) in enumerate(secrets):
        if index:
            text.append("\n")
        text.append(ident, style="bold")
        for key, value in _flatten(fields):
            text.append(f"\n  {key}: ", style="dim")
            text.append(_short(value))
    return text


def _flatten(fields: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in fields.items():
        if isinstance(value, Mapping) and value:
            out += _flatten({k: v for k, v in value.items() if _worth(v)}, f"{prefix}{key}.")
        elif _worth(value):
            out.append((f"{prefix}{key}", value))
    return out


def _worth(value: Any) -> bool:
    return value not in (None, False, "", [], {}, ())


def _short(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(_short(v) for v in value)
    if isinstance(value, Mapping):
        return " ".join(f"{k} {_short(v)}" if v is not True else str(k)
                        for k, v in value.items() if _worth(v))
    if isinstance(value, list | tuple):
        return " | ".join(_short(v) for v in value)
    return canonical_json(value)


# -- decisions --------------------------------------------------------------------------------
def decision_keys(legal: Sequence[Any]) -> list[str]:
    """A key to type for each legal decision, stable while the choices change.

    When the decisions differ in one field only and its values are short, they are the
    keys (a Wings of War card keeps its number after another card is picked); otherwise
    the decisions are numbered.
    """
    numbered = [str(i) for i in range(1, len(legal) + 1)]
    if not legal or not all(isinstance(d, Mapping) for d in legal):
        return numbered
    fields = sorted(set().union(*(d.keys() for d in legal)))
    varying = [f for f in fields if len({canonical_json(d.get(f)) for d in legal}) > 1]
    if len(varying) != 1:
        return numbered
    keys = [str(d.get(varying[0])).lower() for d in legal]
    usable = all(k and len(k) <= 4 and " " not in k and k not in COMMANDS for k in keys)
    return keys if usable and len(set(keys)) == len(keys) else numbered


def match_choice(answer: str, keys: Sequence[str], labels: Sequence[str]) -> list[int]:
    """The decisions an answer names: its exact key, or else the labels holding every word
    of it (a filter for long lists)."""
    answer = answer.strip().lower()
    if not answer:
        return []
    if answer in keys:
        return [keys.index(answer)]
    words = answer.split()
    return [i for i, label in enumerate(labels) if all(w in label.lower() for w in words)]
