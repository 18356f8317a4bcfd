"""Game id -> that game's pilot parts (``GamePolicies``: its ``greedy`` one-step
chooser and its ``mcts`` search policy), from the game's pilot module in ``ai/``.

A game not listed here gets the generic pilots (``greedy`` plays like ``random``,
``mcts`` searches every legal decision with random roll-outs). A new game writes
``ai/<game>.py`` ending in ``GAME_POLICIES = GamePolicies("<game-id>", ...)``, adds a
loader below and a line to ``POLICIES``.

A game's pilot module is imported when a pilot first meets the game, not with this
module: the modules bring numpy and their game's rules, which a command that plays
another game, or plays no pilot but ``random``, does not need (imported with this
module they made ``dogfight simulate test-duel`` take 0.20 s and 43 MiB instead of
0.07 s and 22 MiB). They import ``ai.base`` only, never this module: no circle
(tests/test_import_cycles.py reads these imports too).
"""

from __future__ import annotations

from collections.abc import Callable

from dogfight.ai.base import GamePolicies


def _wings_of_war() -> GamePolicies:
    from dogfight.ai import wings_of_war

    return wings_of_war.GAME_POLICIES


def _down_in_flames() -> GamePolicies:
    from dogfight.ai import down_in_flames

    return down_in_flames.GAME_POLICIES


def _ailes_de_la_gloire() -> GamePolicies:
    from dogfight.ai import ailes_de_la_gloire

    return ailes_de_la_gloire.GAME_POLICIES


POLICIES: dict[str, Callable[[], GamePolicies]] = {
    "wings-of-war": _wings_of_war,
    "down-in-flames": _down_in_flames,
    "ailes-de-la-gloire": _ailes_de_la_gloire,
}
"""Game id -> the loader of its pilot parts (see ``dogfight.ai.base.GamePolicies``)."""


def policies_for(game_id: str) -> GamePolicies | None:
    """The pilot parts of ``game_id``, or ``None`` for a game without a pilot module."""
    load = POLICIES.get(game_id)
    return load() if load is not None else None
