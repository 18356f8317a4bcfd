"""The floor of the pilots: what a pilot is, the random pilot, what a search pilot may
use, and the shape of the parts a game's pilot module registers.

Layers of ``dogfight.ai`` (imports point down only; tests/test_import_cycles.py)::

    pilots.py            PILOTS (name -> factory), make_pilot
    character.py         novice and veteran (over greedy and a game's paper scores)
    greedy.py, mcts.py   the generic pilots; they find a game's parts in POLICIES
    policies.py          POLICIES: game id -> its pilot module's GamePolicies
    wings_of_war.py, down_in_flames.py, ...   one game's greedy and search policies
    base.py              this module (imports the core only)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dogfight.core.contract import Decision, Game, Seat
from dogfight.core.errors import DogfightError
from dogfight.core.rng import Rng, choice, new_rng, randint

EXPLORATION = 0.5
"""UCB1's constant for leaf values on the scale of wins and losses (-1..1)."""
HORIZON = 1
"""Roll-outs stop when this many game turns after the current one have been flown."""


@dataclass
class Search:
    """What a search pilot may use: the game, its seat, and states like the real one."""

    game: Game[Any]
    seat: Seat
    sample: Callable[[Rng], Any]


class Pilot(Protocol):
    """A computer pilot for one seat.

    ``observation`` is :func:`dogfight.core.observe` for the pilot's seat: the seat's
    view, its prompt and its legal decisions (``observation["legal"]``).
    """

    name: str

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        """``search`` (search pilots only): states the seat cannot tell from the real
        one (``Game.determinize``)."""
        ...


class RandomPilot:
    """Uniform over the legal decisions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng: Rng = new_rng(seed)

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        legal = observation.get("legal") or []
        if not legal:
            raise DogfightError("the random pilot was asked to decide with no legal decision")
        decision, self.rng = choice(self.rng, legal)
        result: Decision = decision
        return result


def by_chance(rng: Rng, legal: Sequence[Decision], noise: int) -> tuple[Decision | None, Rng]:
    """A roll-out's random decision one time in ``noise`` (always when only one is
    legal), else ``None``: the policy decides by its own rule of thumb."""
    roll, rng = randint(rng, 1, noise)
    if roll == 1 or len(legal) == 1:
        pick, rng = choice(rng, legal)
        return pick, rng
    return None, rng


Scored = Callable[[dict[str, Any]], list[float] | None]
"""A game's paper score of each of an observation's legal decisions (in their order;
higher is better), or ``None`` where it has none; ``BLUNDER`` or below marks a decision
a sensible player avoids when anything else will do (flying off the table). Read by
the pilots with a character (``ai/character.py``)."""
BLUNDER = -1e8

Greedy = Callable[[dict[str, Any]], Decision | None]
"""A game's one-step chooser for ``greedy``: a decision from a seat's observation
alone, or ``None`` to leave it to the random fallback."""


class Policy(Protocol):
    """A game's knowledge for the ``mcts`` search; every method reads sampled states
    only (``Game.determinize``), never the real one."""

    horizon: int
    """The game turns a roll-out flies past the current one (``HORIZON`` unless the
    game knows better)."""
    exploration: float
    """UCB1's constant (``EXPLORATION`` unless leaf values are on a smaller scale)."""

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        """Sequences of ``seat``'s decisions to search at the root, the most promising
        first; each begins with one of ``legal``. ``state`` is one sample."""
        ...

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        """A sample with the other seats' secrets redrawn as they are likely to be."""
        ...

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        """The next decisions of a pending ``seat`` in a roll-out (at least one)."""
        ...

    def value(self, state: Any, seat: Seat) -> float:
        """The leaf's value for ``seat``, about -1..1 (``Game.evaluate`` or a pilot's
        own leaning on it)."""
        ...


@dataclass(frozen=True)
class GamePolicies:
    """One game's pilot parts, registered under its id in ``ai/policies.py``.

    A part left ``None`` gets the generic behaviour: ``greedy`` plays like ``random``,
    ``mcts`` searches every legal decision with random roll-outs."""

    game_id: str
    greedy: Greedy | None = None
    """The one-step chooser ``greedy`` plays."""
    search: Callable[[Game[Any]], Policy] | None = None
    """Makes the ``mcts`` search policy for the game (a fresh one per decision)."""
    scored: Scored | None = None
    """The paper score of every legal decision (``novice`` and ``veteran`` use it)."""
