"""Saves and replays: JSON files on disk and rows in a database (SQLite or PostgreSQL)."""

from dogfight.store.saves import (
    SAVE_FORMAT,
    Save,
    check_save,
    load_save,
    parse_save,
    save_from_match,
    write_save,
)

__all__ = [
    "SAVE_FORMAT",
    "Save",
    "check_save",
    "load_save",
    "parse_save",
    "save_from_match",
    "write_save",
]
