"""Game data files: TOML, validated on load, each figure with its source.

A game keeps its data in ``games/<game>/data/*.toml``. A player who owns the real
cards may replace any file by putting an edited copy in
``$DOGFIGHT_DATA_DIR/<game-id>/`` (same file name): that copy is loaded instead.
A malformed file is refused with the file, the entry and the reason.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from collections.abc import Callable
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


def per_data_dir(load: Callable[[], T]) -> Callable[[], T]:
    """``load`` run once for each value of ``$DOGFIGHT_DATA_DIR``: a game's
    ``dataset()`` is loaded and checked once, and a player's copy (or a test's) put
    there later is still read."""

    @functools.cache
    def cached(_data_dir: str) -> T:
        return load()

    @functools.wraps(load)
    def dataset() -> T:
        return cached(_data_dir())

    return dataset


_ENVIRON: dict[Any, Any] | None = getattr(os.environ, "_data", None)
_KEY: Any = os.environ.encodekey("DOGFIGHT_DATA_DIR") if _ENVIRON is not None else None


def _data_dir() -> Any:
    """The value of ``$DOGFIGHT_DATA_DIR`` as the process holds it (``dataset()`` is asked
    at every decision: CPython's mapping behind ``os.environ`` answers in 15 ns where
    ``os.environ.get`` takes 600 ns; any other Python asks ``os.environ``)."""
    if _ENVIRON is not None:
        return _ENVIRON.get(_KEY, "")
    return os.environ.get("DOGFIGHT_DATA_DIR", "")


def load_toml(path: Path, schema: type[T]) -> T:
    """Parse and validate ``path`` against ``schema`` (a msgspec Struct type)."""
    return convert(read_toml(path), schema, str(path))


def convert(raw: Any, schema: type[T], source: str, prefix: str = "") -> T:
    """Validate already-parsed data, reporting errors as :class:`DataError`.

    ``prefix`` names where ``raw`` sits in its file (``aircraft.spad-13``)."""
    try:
        return msgspec.convert(raw, schema)
    except msgspec.ValidationError as exc:
        message = str(exc)
        match = _PATH.search(message)
        path = match.group("path").removeprefix("$") if match else ""
        entry = (prefix + path).lstrip(".") or "(top level)"
        reason = _PATH.sub("", message).strip().rstrip("-").strip()
        raise DataError(source, entry, reason) from None


def load_table(path: Path, name: str, schema: type[T]) -> dict[str, T]:
    """A file whose table ``name`` holds entries keyed by id (``[aircraft.spad-13]``):
    each entry is checked on its own, so that an error names its key."""
    raw = read_toml(path)
    source = str(path)
    if set(raw) != {name}:
        extra = sorted(set(raw) - {name}) or [name]
        raise DataError(source, "(top level)", f"expects only the table [{name}], "
                        f"found {', '.join(extra)}")
    table = raw[name]
    if not isinstance(table, dict):
        raise DataError(source, name, "must be a table of entries")
    return {key: convert(value, schema, source, f"{name}.{key}")
            for key, value in table.items()}


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(str(path), "(file)", f"cannot be read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), "(syntax)", str(exc)) from None


def check_source(text: str | None, file: str, entry: str) -> None:
    """An entry names where its figures come from: a book's section, or why derived."""
    if not text or not text.startswith(("book:", "derived:")):
        raise DataError(file, entry, 'needs source = "book: <file> § <section>" or '
                        '"derived: <why>"')


def check_sources(entries: dict[str, Any], source: str) -> None:
    """Every entry of a data table names where its figures come from."""
    for name, entry in entries.items():
        check_source(getattr(entry, "source", None), source, name)
