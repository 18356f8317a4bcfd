"""The ``greedy`` pilot: a game's one-step chooser, from its own seat's view.

It asks the game's ``greedy`` part in ``POLICIES`` (Wings of War: its three cards
planned on paper, :mod:`dogfight.ai.wings_of_war`; Down In Flames: a card player's
rules of thumb, :mod:`dogfight.ai.down_in_flames`) and plays its answer when it is
legal; for a game without one, or when the chooser has no answer, it plays like
``random``. It never sees a secret: only ``observe`` for its seat.
"""

from __future__ import annotations

from typing import Any

from dogfight.ai.base import RandomPilot, Search
from dogfight.ai.policies import policies_for
from dogfight.core.contract import Decision


class GreedyPilot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.fallback = RandomPilot(seed)

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        parts = policies_for(game_id)
        if parts is not None and parts.greedy is not None:
            decision = parts.greedy(observation)
            if decision is not None and decision in (observation.get("legal") or []):
                return decision
        return self.fallback.choose(game_id, observation)
