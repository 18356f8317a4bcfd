"""A game in progress: its set-up, its state and the ordered log of accepted decisions.

A :class:`Match` is what saves, replays, the command line and the server hold. Its
saved form is only ``(game id, options, seed, actions)``; the state is always
recomputed by replaying, so a save can never disagree with its own log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from dogfight.core.contract import (
    Decision,
    Event,
    Game,
    Outcome,
    Seat,
    Step,
    decide,
    digest,
    observe,
)
from dogfight.core.errors import DogfightError, InvalidOptions, ReplayError
from dogfight.core.rng import new_rng, with_forced


class Action(msgspec.Struct, frozen=True):
    """One accepted decision, in order. ``check`` is a short digest of the state after it."""

    seat: Seat
    decision: Decision
    check: str | None = None


CHECK_LENGTH = 16


@dataclass
class Match:
    """A game being played: mutable holder of an immutable state and its log."""

    game: Game[Any]
    options: Mapping[str, Any]
    seed: int
    state: Any
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    checkpoints: bool = False
    """When true, each action records ``check`` (costs a state digest per action)."""

    @classmethod
    def new(
        cls,
        game: Game[Any],
        options: Mapping[str, Any] | None,
        seed: int,
        *,
        forced: Sequence[int] = (),
        checkpoints: bool = False,
    ) -> Match:
        """Set a game up; ``forced`` queues results for the draws made after the set-up."""
        options = dict(options or {})
        rng = new_rng(seed)
        try:
            start = game.start(options, rng)
        except InvalidOptions:
            raise
        except DogfightError as exc:
            raise InvalidOptions(str(exc)) from None
        state = start.state
        if forced:
            state = with_forced(state, forced)
        return cls(game, options, seed, state, events=list(start.events),
                   checkpoints=checkpoints)

    def submit(self, seat: Any, decision: Any) -> Step[Any]:
        """Apply a seat's decision; on any error the match is left exactly as it was."""
        step = decide(self.game, self.state, seat, decision)
        check = digest(self.game, step.state)[:CHECK_LENGTH] if self.checkpoints else None
        self.state = step.state
        self.actions.append(Action(seat, decision, check))
        self.events.extend(step.events)
        return step

    # -- reading -------------------------------------------------------------------
    @property
    def pending(self) -> Mapping[Seat, Any]:
        return self.game.pending(self.state)

    @property
    def over(self) -> bool:
        return not self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def digest(self) -> str:
        return digest(self.game, self.state)

    def observe(self, viewer: Seat | None) -> Any:
        return observe(self.game, self.state, viewer)

    def events_for(self, viewer: Seat | None) -> list[Event]:
        """The log of events as ``viewer`` saw them."""
        return [event for event in self.events if event.visible_to(viewer)]


def replay(
    game: Game[Any],
    options: Mapping[str, Any] | None,
    seed: int,
    actions: Sequence[Action],
    *,
    expected_digest: str | None = None,
    checkpoints: bool = True,
) -> Match:
    """Rebuild a match from its log, checking every action.

    Raises :class:`ReplayError` with the index of the first action that is refused or
    whose recorded ``check`` differs from the replayed state; the index is
    ``len(actions)`` when all apply but the final digest is not ``expected_digest``.
    """
    try:
        match = Match.new(game, options, seed, checkpoints=checkpoints)
    except DogfightError as exc:
        raise ReplayError(0, f"the set-up does not load: {exc}") from None
    for index, action in enumerate(actions):
        try:
            match.submit(action.seat, action.decision)
        except DogfightError as exc:
            raise ReplayError(index, f"refused ({action.seat}): {exc}") from None
        recorded = action.check
        if recorded is not None and checkpoints:
            got = match.actions[-1].check
            if got != recorded:
                raise ReplayError(
                    index,
                    f"the state after this action differs from the save ({got} != {recorded})",
                )
    if expected_digest is not None and match.digest() != expected_digest:
        raise ReplayError(
            len(actions),
            "every action applies but the final state differs from the save "
            "(actions missing or edited)",
        )
    return match
