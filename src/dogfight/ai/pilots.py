"""The pilot interface and the random pilot (uniform over legal decisions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from dogfight.core.contract import Decision
from dogfight.core.errors import DogfightError
from dogfight.core.rng import Rng, choice, new_rng


class Pilot(Protocol):
    """A computer pilot for one seat.

    ``observation`` is :func:`dogfight.core.observe` for the pilot's seat: the seat's
    view, its prompt and its legal decisions (``observation["legal"]``).
    """

    name: str

    def choose(self, game_id: str, observation: Any, search: Any = None) -> Decision:
        """``search`` (search pilots only): a ``dogfight.ai.mcts.Search``, to sample
        states the seat cannot tell from the real one."""
        ...


class RandomPilot:
    """Uniform over the legal decisions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng: Rng = new_rng(seed)

    def choose(self, game_id: str, observation: Any, search: Any = None) -> Decision:
        legal = observation.get("legal") or []
        if not legal:
            raise DogfightError("the random pilot was asked to decide with no legal decision")
        decision, self.rng = choice(self.rng, legal)
        result: Decision = decision
        return result


def _greedy(seed: int) -> Pilot:
    from dogfight.ai.greedy import GreedyPilot

    return GreedyPilot(seed)


def _mcts(seed: int) -> Pilot:
    from dogfight.ai.mcts import MctsPilot

    return MctsPilot(seed)


PILOTS: dict[str, Callable[[int], Pilot]] = {
    "random": RandomPilot,
    "greedy": _greedy,
    "mcts": _mcts,
}
"""Pilot name (as given to ``--players``) -> factory taking a seed; ``mcts:N`` and
``mcts:Ts`` set the search's budget (iterations, or seconds a decision)."""
"""Pilot name (as given to ``--players``) -> factory taking a seed."""


def make_pilot(name: str, seed: int) -> Pilot:
    if name == "ismcts" or name.startswith("ismcts:"):
        try:
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
        from dogfight.ai.mcts import make_mcts

        try:
            return make_mcts(name, seed)
        except ValueError:
            raise DogfightError(f"{name!r}: the budget is mcts:N (iterations) or "
                                f"mcts:Ts (seconds)") from None
    if name not in PILOTS:
        known = ", ".join(sorted(PILOTS))
        raise DogfightError(f"unknown pilot {name!r}; known pilots: {known}")
    return PILOTS[name](seed)
