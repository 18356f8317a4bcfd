"""Plain-text rendering of JSON views and data, for terminals."""

from __future__ import annotations

import json
from typing import Any


def indent_text(value: Any, depth: int = 0) -> str:
    pad = "  " * depth
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, dict | list | tuple) and item:
                lines.append(f"{pad}{key}:")
                lines.append(indent_text(item, depth + 1))
            else:
                lines.append(f"{pad}{key}: {scalar(item)}")
        return "\n".join(lines)
    if isinstance(value, list | tuple):
        if all(not isinstance(item, dict | list | tuple) for item in value):
            return pad + ", ".join(scalar(item) for item in value)
        lines = []
        for item in value:
            text = indent_text(item, depth + 1)
            lines.append(f"{pad}- " + text.lstrip())
        return "\n".join(lines)
    return pad + scalar(value)


def scalar(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)
