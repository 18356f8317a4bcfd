"""Game data files: TOML, validated on load, each figure with its source.

A game keeps its data in ``games/<game>/data/*.toml``. A player who owns the real
cards may replace any file by putting an edited copy in
``$DOGFIGHT_DATA_DIR/<game-id>/`` (same file name): that copy is loaded instead.
A malformed file is refused with the file, the entry and the reason.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from dogfight.core.errors import DataError

T = TypeVar("T")

_PATH = re.compile(r"- at `(?P<path>[^`]*)`$")


def data_file(package_dir: Path, game_id: str, name: str) -> Path:
    """The file to load: a user's override if one exists, else the shipped one."""
    override_root = os.environ.get("DOGFIGHT_DATA_DIR")
    if override_root:
        candidate = Path(override_root) / game_id / name
        if candidate.is_file():
            return candidate
    return package_dir / "data" / name


def load_toml(path: Path, schema: type[T]) -> T:
    """Parse and validate ``path`` against ``schema`` (a msgspec Struct type)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(str(path), "(file)", f"cannot be read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), "(syntax)", str(exc)) from None
    return convert(raw, schema, str(path))


def convert(raw: Any, schema: type[T], source: str) -> T:
    """Validate already-parsed data, reporting errors as :class:`DataError`."""
    try:
        return msgspec.convert(raw, schema)
    except msgspec.ValidationError as exc:
        message = str(exc)
        match = _PATH.search(message)
        entry = match.group("path").replace("$.", "", 1) if match else "(top level)"
        reason = _PATH.sub("", message).strip().rstrip("-").strip()
        raise DataError(source, entry, reason) from None


def check_sources(entries: dict[str, Any], source: str) -> None:
    """Every entry of a data table names where its figures come from."""
    for name, entry in entries.items():
        text = getattr(entry, "source", None)
        if not text or not (text.startswith("book:") or text.startswith("derived:")):
            raise DataError(source, name, 'needs source = "book: <file> § <section>" or '
                            '"derived: <why>"')
