"""Pilots with a character, the lobby's ``novice`` and ``veteran``.

Both read the game's paper score of every legal decision (``GamePolicies.scored``, the
score ``greedy`` plays the best of) and their own seeded generator, so a replay of a
stored game is exact while two games against the same moves differ:

- ``novice`` flies sensibly but badly: it avoids what the score marks as a blunder
  (leaving the table) whenever anything else will do, plays the best on paper now and
  then (``NOVICE_BEST``), and otherwise any of the better half of the sensible
  decisions at random (the worse half hugs the table's edge, where the next turn may
  leave no way to stay on). For a game
  without a score it plays ``greedy`` half the time and ``random`` the other half.
- ``veteran`` plays ``greedy``'s choice most of the time and otherwise one of the
  other decisions scored close to it (``VETERAN_CLOSE`` of the spread between the best
  and the worst sensible one), so its games vary; without a score it is ``greedy``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dogfight.ai.base import BLUNDER, RandomPilot, Search
from dogfight.ai.greedy import GreedyPilot
from dogfight.ai.policies import policies_for
from dogfight.core.contract import Decision
from dogfight.core.rng import Rng, choice, new_rng, next_u64

NOVICE_BEST = 0.3
"""How often the novice plays the best decision on paper."""
VETERAN_BEST = 0.6
"""How often the veteran plays the best decision on paper."""
VETERAN_CLOSE = 0.15
"""The veteran's other choices: within this share of the spread of sensible scores."""


def _chance(rng: Rng, share: float) -> tuple[bool, Rng]:
    value, rng = next_u64(rng)
    return value % 1_000_000 < share * 1_000_000, rng


def _scores(game_id: str, observation: Any) -> list[float] | None:
    parts = policies_for(game_id)
    if parts is None or parts.scored is None:
        return None
    scores = parts.scored(observation)
    legal = observation.get("legal") or []
    return scores if scores is not None and len(scores) == len(legal) else None


def sensible(legal: Sequence[Decision], scores: Sequence[float]) -> list[int]:
    """The indices of the decisions that are not blunders (all of them if every one is)."""
    kept = [i for i, s in enumerate(scores) if s > BLUNDER]
    return kept or list(range(len(legal)))


class NovicePilot:
    name = "novice"

    def __init__(self, seed: int) -> None:
        self.rng: Rng = new_rng(seed)
        self.greedy = GreedyPilot(seed)
        self.random = RandomPilot(seed)

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        legal = observation.get("legal") or []
        scores = _scores(game_id, observation)
        best, self.rng = _chance(self.rng, NOVICE_BEST if scores is not None else 0.5)
        if scores is None:
            pilot = self.greedy if best else self.random
            return pilot.choose(game_id, observation)
        ranked = sorted(sensible(legal, scores), key=lambda i: -scores[i])
        if best:
            index = ranked[0]
        else:
            index, self.rng = choice(self.rng, ranked[:max(1, (len(ranked) + 1) // 2)])
        result: Decision = legal[index]
        return result


class VeteranPilot:
    name = "veteran"

    def __init__(self, seed: int) -> None:
        self.rng: Rng = new_rng(seed)
        self.greedy = GreedyPilot(seed)

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        legal = observation.get("legal") or []
        scores = _scores(game_id, observation)
        if scores is None:
            return self.greedy.choose(game_id, observation)
        kept = sensible(legal, scores)
        ranked = sorted(kept, key=lambda i: -scores[i])
        best, self.rng = _chance(self.rng, VETERAN_BEST)
        spread = scores[ranked[0]] - scores[ranked[-1]]
        close = [i for i in ranked[1:] if scores[ranked[0]] - scores[i] <= VETERAN_CLOSE * spread]
        if best or not close:
            index = ranked[0]
        else:
            index, self.rng = choice(self.rng, close)
        result: Decision = legal[index]
        return result
