"""The save format: a game is ``(game id, version, options, seed, ordered actions)``.

Each action carries ``check``, a short digest of the state after it, and the save
carries the final ``digest``: replaying reports the first action that is refused
or leads elsewhere (an edited save), or the end of the log when actions are
missing (a truncated save). See ``docs/saves.md``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from dogfight.core.errors import CorruptSave, DogfightError, ReplayError
from dogfight.core.match import Action, Match, replay
from dogfight.core.registry import get_game

SAVE_FORMAT = "dogfight-save/1"


class Save(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    version: str
    seed: int
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    actions: list[Action] = msgspec.field(default_factory=list)
    players: dict[str, str] = msgspec.field(default_factory=dict)
    digest: str | None = None
    format: str = SAVE_FORMAT


def save_from_match(match: Match, players: Mapping[str, str] | None = None) -> Save:
    """The save of a match; checks are computed by replaying if the match has none."""
    actions = match.actions
    if actions and any(a.check is None for a in actions):
        actions = replay(match.game, match.options, match.seed, [
            Action(a.seat, a.decision) for a in actions]).actions
    return Save(
        game=match.game.id,
        version=match.game.version,
        seed=match.seed,
        options=dict(match.options),
        actions=list(actions),
        players=dict(players or {}),
        digest=match.digest(),
    )


def encode_save(save: Save) -> bytes:
    return msgspec.json.format(msgspec.json.encode(save), indent=1) + b"\n"


def parse_save(data: bytes | str, source: str = "save") -> Save:
    """Read a save's JSON, or raise :class:`CorruptSave` saying what is wrong."""
    try:
        save = msgspec.json.decode(data, type=Save)
    except msgspec.ValidationError as exc:
        raise CorruptSave(f"{source} is not a dogfight save: {exc}") from None
    except msgspec.DecodeError as exc:
        raise CorruptSave(f"{source} is not valid JSON (truncated or edited?): {exc}") from None
    if save.format != SAVE_FORMAT:
        raise CorruptSave(f"{source} has format {save.format!r}; this dogfight reads "
                          f"{SAVE_FORMAT!r}")
    return save


def load_save(path: str | Path) -> Save:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CorruptSave(f"cannot read {path}: {exc.strerror}") from None
    return parse_save(data, str(path))


def write_save(save: Save, path: str | Path) -> None:
    """Write atomically: a crash never leaves a half-written save behind."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(encode_save(save))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def check_save(save: Save) -> Match:
    """Replay a save and check it; :class:`ReplayError` names the first failing action."""
    try:
        game = get_game(save.game)
    except DogfightError as exc:
        raise ReplayError(0, str(exc)) from None
    try:
        return replay(game, save.options, save.seed, save.actions, expected_digest=save.digest)
    except ReplayError as exc:
        if save.version != game.version:
            raise ReplayError(exc.index, f"{exc.message} (the save was made with rules "
                              f"version {save.version}, this is version {game.version})"
                              ) from None
        raise
