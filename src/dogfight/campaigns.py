"""Campaigns: series of games kept in the database, whatever the game.

The game decides everything through its contract (``Game.campaign_start``,
``campaign_choices``, ``campaign_record``, ``campaign_result``); this module only
keeps the record and its games in the store, and folds each finished game into the
record in order, replaying the game's saved actions to get its outcome.
"""

from __future__ import annotations

from typing import Any

from dogfight.core import InvalidOptions, get_game
from dogfight.store.db import Conflict, Database
from dogfight.store.saves import check_save


def start(db: Database, game_id: str, name: str, options: dict[str, Any] | None = None) -> str:
    game = get_game(game_id)
    if name not in game.campaign_names():
        known = ", ".join(game.campaign_names()) or "none"
        raise InvalidOptions(f"{game_id} has no campaign {name!r}; campaigns: {known}")
    record = game.campaign_start(name, options or {})
    return db.create_campaign(game_id, name, record)


def sync(db: Database, campaign_id: str) -> None:
    """Fold every finished, unrecorded game into the record, in order."""
    info = db.campaign(campaign_id)
    game = get_game(info.game)
    record, version = info.record, info.version
    for seq, game_id, recorded in info.games:
        if recorded:
            continue
        match = check_save(db.export_save(game_id))
        outcome = match.outcome()
        if outcome is None:
            return  # still being played: later games wait for it
        record = game.campaign_record(record, match.options, outcome)
        over = game.campaign_result(record) is not None
        try:
            db.record_campaign_game(campaign_id, seq, version, record, over)
        except Conflict:
            return  # another process recorded it first
        version += 1


def status(db: Database, campaign_id: str) -> dict[str, Any]:
    sync(db, campaign_id)
    info = db.campaign(campaign_id)
    game = get_game(info.game)
    pending = [g for _, g, recorded in info.games if not recorded]
    return {
        "id": info.id, "game": info.game, "name": info.name, "status": info.status,
        "record": info.record,
        "games": [{"seq": s, "id": g, "recorded": r} for s, g, r in info.games],
        "choices": [] if pending else game.campaign_choices(info.record),
        "result": game.campaign_result(info.record),
    }


def _chosen(db: Database, campaign_id: str, choice: Any) -> tuple[dict[str, Any], int]:
    """Choice number ``choice`` of :func:`status`, and the record's version it was read at."""
    now = status(db, campaign_id)
    if now["result"] is not None:
        raise InvalidOptions(f"campaign {campaign_id} is over")
    if any(not g["recorded"] for g in now["games"]):
        raise InvalidOptions(f"campaign {campaign_id}: finish its current game first")
    choices = now["choices"]
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(choices):
        raise InvalidOptions(f"choice must be a number from 0 to {len(choices) - 1}, "
                             f"got {choice!r}")
    chosen: dict[str, Any] = choices[choice]
    return chosen, db.campaign(campaign_id).version


def is_decision(db: Database, campaign_id: str, choice: Any) -> bool:
    """Whether choice number ``choice`` is a decision (a new record, no game: the game's
    ``campaign_choices`` gives it a ``record`` instead of ``options``)."""
    return "record" in _chosen(db, campaign_id, choice)[0]


def decide(db: Database, campaign_id: str, choice: Any) -> None:
    """Take choice number ``choice``, a decision: the record becomes the one it gives
    (:class:`Conflict` if another writer changed the record first)."""
    chosen, version = _chosen(db, campaign_id, choice)
    if "record" not in chosen:
        raise InvalidOptions(f"choice {choice} is a game, not a decision: play it")
    info = db.campaign(campaign_id)
    # No game is recorded: game number -1 names none (the record alone is stored).
    db.record_campaign_game(campaign_id, -1, version, chosen["record"],
                            get_game(info.game).campaign_result(chosen["record"]) is not None)


def next_options(db: Database, campaign_id: str, choice: Any) -> dict[str, Any]:
    """The options of the next game, for choice number ``choice`` of :func:`status`."""
    chosen, _ = _chosen(db, campaign_id, choice)
    if "record" in chosen:
        raise InvalidOptions(f"choice {choice} is a decision, not a game: take it first "
                             f"({chosen['label']})")
    options: dict[str, Any] = chosen["options"]
    return options


def link(db: Database, campaign_id: str, game_id: str) -> int:
    """Make ``game_id`` the campaign's next game; returns its number."""
    seq = len(db.campaign(campaign_id).games)
    db.add_campaign_game(campaign_id, seq, game_id)
    return seq
