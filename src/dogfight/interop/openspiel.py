"""OpenSpiel adapter: any two-seat dogfight game as a pyspiel game.

``load(game_id, options)`` registers and returns a ``pyspiel.Game`` so that
OpenSpiel's algorithms (``pyspiel.random_sim_test``, ISMCTS, ...) run on our games.

- Turns: simultaneous orders are made sequential (the first pending seat moves).
- Chance: the game's seed is the first move, a chance node with ``SEEDS`` equally
  likely outcomes; later draws come from the state's own generator (seeded by it),
  so a game is reproducible from its action history.
- Actions: each decision (a JSON object) is the CRC-32 of its canonical JSON folded
  into 2**20 ids; when two of one state's legal decisions fold to the same id, the
  later in canonical order takes the next free id (a state's legal decisions, hence
  their ids, are the same in every state of one information set).
- Information: the information state string is the seat's view and every event it
  has seen (perfect recall); the observation string is its view alone.
  ``resample_from_infostate`` draws a state with ``Game.determinize``.
- Returns: +1 for the winning side, -1 for the other, 0 for a draw.

Needs ``pip install open-spiel`` (an optional extra: ``dogfight[openspiel]``).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from dogfight.ai.base import RandomPilot, Search
from dogfight.core.contract import Decision, Event, canonical_json, decide
from dogfight.core.errors import DogfightError
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import new_rng

ACTIONS = 1 << 20
SEEDS = 16
MAX_LENGTH = 5000


def action_ids(legal: Sequence[Decision]) -> dict[int, Decision]:
    """Action id -> decision for one state's legal decisions: each the CRC-32 of its
    canonical JSON folded into ``ACTIONS`` ids or, where two fold to one id, the next
    free id for the later in canonical order."""
    if len(legal) > ACTIONS:
        raise DogfightError(f"{len(legal)} legal decisions: more than {ACTIONS} action ids")
    out: dict[int, Decision] = {}
    for text, decision in sorted(((canonical_json(d), d) for d in legal), key=lambda t: t[0]):
        key = zlib.crc32(text.encode()) % ACTIONS
        while key in out:
            if canonical_json(out[key]) == text:
                raise DogfightError(f"the decision {text} is listed twice")
            key = (key + 1) % ACTIONS
        out[key] = decision
    return out


class DogfightState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: DogfightGame) -> None:
        super().__init__(game)
        self._dgame = game
        self._rules = get_game(game.game_id)
        self._state: Any = None
        self._seats: list[str] = []
        self._events: list[Event] = []
        self._steps = 0
        self._first: int | None = None
        """A seat to move first when several must decide (a pilot searching for it)."""

    # -- the pyspiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        if self._state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        pending = list(self._rules.pending(self._state))
        if self._first is not None and self._seats[self._first] in pending:
            return self._first
        return self._seats.index(pending[0])

    def _decisions(self, player: int) -> dict[int, Decision]:
        return action_ids(self._rules.legal(self._state, self._seats[player]))

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._decisions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        self._steps += 1
        if self._state is None:
            match = Match.new(self._rules, self._dgame.options, int(action))
            self._state = match.state
            self._seats = list(self._rules.seats(self._state))
            return
        seat = self._seats[self.current_player()]
        step = decide(self._rules, self._state, seat, self._decisions(
            self._seats.index(seat))[action])
        self._first = None
        self._state = step.state
        self._events.extend(step.events)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        decision = self._decisions(player).get(action)
        if decision is None:
            return f"action {action}"
        return self._rules.label(self._state, self._seats[player], decision)

    def is_terminal(self) -> bool:
        return self._state is not None and (not self._rules.pending(self._state)
                                            or self._steps >= MAX_LENGTH)

    def returns(self) -> list[float]:
        if self._state is None:
            return [0.0, 0.0]
        outcome = self._rules.outcome(self._state)
        if outcome is None or outcome.winner is None:
            return [0.0] * len(self._seats)
        sides = self._rules.seats(self._state)
        return [1.0 if sides[s] == outcome.winner else -1.0 for s in self._seats]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one (``Game.determinize``)."""
        other = self.clone()  # same history; the hidden parts drawn anew
        seed = int(probability_sampler() * (1 << 62))
        other._state = self._rules.determinize(self._state, self._seats[player_id],
                                               new_rng(seed))
        return other

    def __str__(self) -> str:
        if self._state is None:
            return "(no seed drawn yet)"
        return canonical_json(self._rules.view(self._state, None))

    # -- for the observer ------------------------------------------------------------------
    def seen_by(self, player: int, perfect_recall: bool) -> str:
        if self._state is None:
            return "start"
        seat = self._seats[player]
        view = self._rules.view(self._state, seat)
        if not perfect_recall:
            return canonical_json(view)
        seen = [[e.kind, dict(e.data)] for e in self._events if e.visible_to(seat)]
        return canonical_json({"view": view, "seen": seen})


class DogfightObserver:
    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: DogfightState, player: int) -> None:
        pass

    def string_from(self, state: DogfightState, player: int) -> str:
        return state.seen_by(player, self.perfect_recall)


class DogfightGame(pyspiel.Game):  # type: ignore[misc]
    """A registered dogfight game; ``load`` sets which and with what options."""

    def __init__(self, game_type: Any, info: Any, params: Any) -> None:
        super().__init__(game_type, info, params)
        self.game_id = ""
        self.options: dict[str, Any] = {}

    def new_initial_state(self) -> DogfightState:
        return DogfightState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> DogfightObserver:
        return DogfightObserver(iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


_registered: dict[str, Callable[[], DogfightGame]] = {}


def load(game_id: str, options: dict[str, Any] | None = None) -> DogfightGame:
    """The dogfight game ``game_id`` (two seats) as a pyspiel game."""
    rules = get_game(game_id)
    options = dict(options or {})
    probe = Match.new(rules, options, 0)
    if len(rules.seats(probe.state)) != 2:
        raise DogfightError("the OpenSpiel adapter takes two-seat games")
    short = "python_dogfight_" + game_id.replace("-", "_")
    if short not in _registered:
        game_type = pyspiel.GameType(
            short_name=short, long_name=f"dogfight {rules.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2, min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=False,
            parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=ACTIONS, max_chance_outcomes=SEEDS,
                                num_players=2, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0, max_game_length=MAX_LENGTH)

        class Registered(DogfightGame):
            def __init__(self, params: Any = None) -> None:
                super().__init__(game_type, info, params or {})

        _registered[short] = Registered
        pyspiel.register_game(game_type, Registered)
    game = _registered[short]()
    game.game_id = game_id
    game.options = options
    return game


class _OutOfTime(Exception):
    """The search's time is up (raised between two simulations, never inside one)."""


class IsmctsPilot:
    """OpenSpiel's ISMCTSBot (Python implementation, random roll-outs) as a dogfight
    pilot, to measure our ``mcts`` against it. It searches from a state drawn by the
    seat's sampler (``Game.determinize``), never from the real one.
    ``ismcts`` is 200 simulations, ``ismcts:N`` N simulations, ``ismcts:Ts`` as many as
    T seconds allow (the same budget as ``mcts:Ts``)."""

    name = "ismcts"

    def __init__(self, seed: int, simulations: int = 200,
                 seconds: float | None = None) -> None:
        self.seed = seed
        self.simulations = simulations
        self.seconds = seconds

    def choose(self, game_id: str, observation: Any, search: Search | None = None
               ) -> Decision:
        from open_spiel.python.algorithms.ismcts import ISMCTSBot
        from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

        legal: list[Decision] = observation.get("legal") or []
        if search is None or len(legal) == 1:
            return RandomPilot(self.seed).choose(game_id, observation)
        start = time.perf_counter()
        game = load(game_id)
        state = DogfightState(game)
        state._state = search.sample(new_rng(self.seed))
        state._seats = list(search.game.seats(state._state))
        state._first = state._seats.index(search.seat)  # simultaneous orders: ours first
        randomness = np.random.RandomState(self.seed % (1 << 32))
        seconds = self.seconds

        class Bot(ISMCTSBot):  # type: ignore[misc]
            def sample_root_state(self, root: Any) -> Any:
                # called once before each simulation: the time check goes between them
                if seconds is not None and self._root_node.total_visits \
                        and time.perf_counter() - start >= seconds:
                    raise _OutOfTime
                return super().sample_root_state(root)

        bot = Bot(game, RandomRolloutEvaluator(1, randomness), uct_c=2.0,
                  max_simulations=self.simulations if seconds is None else 1 << 30,
                  random_state=randomness, allow_inconsistent_action_sets=True)
        try:
            action = bot.step(state)
        except _OutOfTime:  # the bot's own final policy over what it searched
            root = bot.filter_illegals(bot._root_node, state.legal_actions())
            actions, probabilities = zip(*bot.get_final_policy(state, root), strict=True)
            action = randomness.choice(actions, p=probabilities)
        return state._decisions(state._seats.index(search.seat))[action]


def make_ismcts(spec: str, seed: int) -> IsmctsPilot:
    """``ismcts``, ``ismcts:N`` (simulations) or ``ismcts:Ts`` (seconds a decision)."""
    _, _, budget = spec.partition(":")
    if not budget:
        return IsmctsPilot(seed)
    if budget.endswith("s"):
        return IsmctsPilot(seed, seconds=float(budget[:-1]))
    return IsmctsPilot(seed, int(budget))
