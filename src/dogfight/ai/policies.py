"""Game id -> that game's pilot parts (``GamePolicies``: its ``greedy`` one-step
chooser and its ``mcts`` search policy).

One entry per game that has a pilot module in ``ai/``; a game not listed here gets
the generic pilots (``greedy`` plays like ``random``, ``mcts`` searches every legal
decision with random roll-outs). A new game adds its module to the tuple below.
"""

from __future__ import annotations

from dogfight.ai import down_in_flames, wings_of_war
from dogfight.ai.base import GamePolicies

POLICIES: dict[str, GamePolicies] = {
    parts.game_id: parts for parts in (
        wings_of_war.GAME_POLICIES,
        down_in_flames.GAME_POLICIES,
    )
}
"""Game id -> its pilot parts (see ``dogfight.ai.base.GamePolicies``)."""
