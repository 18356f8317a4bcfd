"""Whole games between computer pilots, and the result summary shared by the CLI."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dogfight.ai.base import Search
from dogfight.ai.pilots import make_pilot
from dogfight.core.contract import Game
from dogfight.core.errors import DogfightError
from dogfight.core.match import Match
from dogfight.core.rng import derive_seed

MAX_DECISIONS = 1_000_000


def assign_pilots(game: Game[Any], match: Match, spec: Sequence[str] | None) -> dict[str, str]:
    """Seat -> pilot name from a ``--players`` list (one name for all, or one per seat)."""
    seats = list(game.seats(match.state))
    names = list(spec or ["random"])
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise DogfightError(
            f"{game.id} has {len(seats)} seats ({', '.join(seats)}); "
            f"--players names {len(names)} pilots"
        )
    return dict(zip(seats, names, strict=True))


def simulate(
    game: Game[Any],
    options: Mapping[str, Any] | None,
    seed: int,
    players: Sequence[str] | None = None,
    *,
    checkpoints: bool = False,
    max_decisions: int = MAX_DECISIONS,
) -> tuple[Match, dict[str, str]]:
    """Play a whole game between computer pilots; each pilot sees only its seat."""
    match = Match.new(game, options, seed, checkpoints=checkpoints)
    assignment = assign_pilots(game, match, players)
    pilots = {
        seat: make_pilot(name, derive_seed(seed, "pilot", seat))
        for seat, name in assignment.items()
    }
    while pending := list(match.pending):
        if len(match.actions) >= max_decisions:
            raise DogfightError(f"the game did not end within {max_decisions} decisions")
        for index, seat in enumerate(pending):
            if index and seat not in match.pending:  # answered by the seats before it
                continue
            decision = pilots[seat].choose(game.id, match.observe(seat),
                                           search=searcher(game, match.state, seat))
            match.submit(seat, decision)
    return match, assignment


def searcher(game: Game[Any], state: Any, seat: str) -> Search:
    """What a search pilot may use: states ``seat`` cannot tell from ``state``."""
    return Search(game, seat, lambda rng: game.determinize(state, seat, rng))


def result_summary(match: Match, players: Mapping[str, str] | None) -> dict[str, Any]:
    """The result object printed by ``simulate`` and ``replay`` (``--json``)."""
    outcome = match.outcome()
    return {
        "game": match.game.id,
        "version": match.game.version,
        "seed": match.seed,
        "options": dict(match.options),
        "players": dict(players or {}),
        "winner": outcome.winner if outcome else None,
        "over": outcome is not None,
        "reason": outcome.reason if outcome else None,
        "scores": dict(outcome.scores) if outcome else {},
        "turns": match.game.turn(match.state),
        "decisions": len(match.actions),
        "digest": match.digest(),
    }
