"""The pilots by name, as given to ``--players``: the top of ``dogfight.ai``."""

from __future__ import annotations

from collections.abc import Callable

from dogfight.ai.base import Pilot, RandomPilot
from dogfight.ai.character import NovicePilot, VeteranPilot
from dogfight.ai.greedy import GreedyPilot
from dogfight.ai.mcts import MctsPilot, make_mcts
from dogfight.core.errors import DogfightError

PILOTS: dict[str, Callable[[int], Pilot]] = {
    "random": RandomPilot,
    "greedy": GreedyPilot,
    "mcts": MctsPilot,
    "novice": NovicePilot,
    "veteran": VeteranPilot,
}
"""Pilot name (as given to ``--players``) -> factory taking a seed (``novice`` and
``veteran``: pilots with a character, ``ai/character.py``); ``mcts:N`` and
``mcts:Ts`` set the search's budget (iterations, or seconds a decision), and
``ismcts`` (``ismcts:N``, ``ismcts:Ts``) is OpenSpiel's bot when it is installed."""


def make_pilot(name: str, seed: int) -> Pilot:
    if name == "ismcts" or name.startswith("ismcts:"):
        try:
            # imported here, not above: OpenSpiel is an optional extra
            # (``dogfight[openspiel]``) and the adapter imports pyspiel at its top, so
            # the other pilots work without it. The adapter imports only the core and
            # ``ai.base``, never this module: no circle.
            from dogfight.interop.openspiel import make_ismcts
        except ImportError:
            raise DogfightError("the ismcts pilot needs OpenSpiel: pip install "
                                "'dogfight[openspiel]'") from None
        try:
            return make_ismcts(name, seed)
        except ValueError:
            raise DogfightError(f"{name!r}: the budget is ismcts:N (simulations) or "
                                f"ismcts:Ts (seconds)") from None
    if name.startswith("mcts:"):
        try:
            return make_mcts(name, seed)
        except ValueError:
            raise DogfightError(f"{name!r}: the budget is mcts:N (iterations) or "
                                f"mcts:Ts (seconds)") from None
    if name not in PILOTS:
        known = ", ".join(sorted(PILOTS))
        raise DogfightError(f"unknown pilot {name!r}; known pilots: {known}")
    return PILOTS[name](seed)
