"""Games are registered under an id; modules are imported only when a game is asked for."""

from __future__ import annotations

import importlib
from typing import Any

from dogfight.core.contract import Game
from dogfight.core.errors import UnknownGame

BUILTIN: dict[str, str] = {
    "test-duel": "dogfight.games.duel",
    "wings-of-war": "dogfight.games.wings_of_war",
    "down-in-flames": "dogfight.games.down_in_flames",
    "age-of-dogfights": "dogfight.games.age_of_dogfights",
    "ailes-de-la-gloire": "dogfight.games.ailes_de_la_gloire",
}
"""Game id -> module holding a ``GAME`` object. A game is listed once it is playable."""

_loaded: dict[str, Game[Any]] = {}


def game_ids() -> list[str]:
    return sorted(BUILTIN)


def get_game(game_id: str) -> Game[Any]:
    """The registered game ``game_id``, or :class:`UnknownGame` naming the known ids."""
    if game_id not in _loaded:
        if game_id not in BUILTIN:
            known = ", ".join(game_ids())
            raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
        module = importlib.import_module(BUILTIN[game_id])
        game = module.GAME
        if not isinstance(game, Game) or game.id != game_id:
            raise UnknownGame(f"module {BUILTIN[game_id]} does not define game {game_id!r}")
        _loaded[game_id] = game
    return _loaded[game_id]


def all_games() -> list[Game[Any]]:
    return [get_game(game_id) for game_id in game_ids()]
