"""Play a game in the terminal against computer pilots: the README's main command until
the web server exists. The person sees only their seat's observation."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Mapping
from typing import Any, TextIO

from dogfight.ai import make_pilot
from dogfight.core.contract import Game, canonical_json
from dogfight.core.errors import DogfightError
from dogfight.core.match import Match
from dogfight.core.rng import MAX_SEED, derive_seed
from dogfight.play import searcher
from dogfight.textview import indent_text


def play_in_terminal(
    game: Game[Any],
    options: Mapping[str, Any],
    seed: int | None,
    seat: str | None,
    opponent: str,
    save_path: str | None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    match = Match.new(game, options, seed)
    seats = list(game.seats(match.state))
    human = seat or seats[0]
    if human not in seats:
        raise DogfightError(f"no seat {human!r} in {game.id}; seats: {', '.join(seats)}")
    pilots = {s: make_pilot(opponent, derive_seed(seed, "pilot", s)) for s in seats if s != human}
    print(f"{game.title}: you fly {human}; {opponent} pilots fly "
          f"{', '.join(s for s in seats if s != human)}. Seed {seed}.", file=out)
    print("Type the number of a decision, 'v' to see the table again, 'q' to quit.", file=out)
    seen = 0
    while not match.over:
        for line in _new_events(match, human, seen):
            print(f"  * {line}", file=out)
        seen = len(match.events)
        pending = match.pending
        if human in pending:
            observation = match.observe(human)
            print(f"\n-- turn {observation['turn']} --", file=out)
            print(indent_text(observation["view"], 1), file=out)
            if not _ask(match, human, observation, inp, out):
                print("You left the game.", file=out)
                break
            continue
        for other in list(pending):
            if other in match.pending:
                match.submit(other, pilots[other].choose(
                    game.id, match.observe(other),
                    search=searcher(game, match.state, other)))
    for line in _new_events(match, human, seen):
        print(f"  * {line}", file=out)
    outcome = match.outcome()
    if outcome is not None:
        result = "a draw" if outcome.winner is None else f"{outcome.winner} wins"
        print(f"\nGame over: {result} ({outcome.reason}).", file=out)
        print(indent_text(match.observe(human)["view"], 1), file=out)
    if save_path:
        from dogfight.store.saves import save_from_match, write_save

        players = {s: ("you" if s == human else opponent) for s in seats}
        write_save(save_from_match(match, players), save_path)
        print(f"Saved to {save_path}.", file=out)
    return 0


def _new_events(match: Match, viewer: str, seen: int) -> list[str]:
    return [match.game.describe(e) for e in match.events[seen:] if e.visible_to(viewer)]


def _ask(match: Match, seat: str, observation: Any, inp: TextIO, out: TextIO) -> bool:
    """Ask the person for one decision; False when they quit."""
    prompt = observation.get("prompt", {})
    legal = observation.get("legal", [])
    labels = observation.get("labels") or [canonical_json(d) for d in legal]
    print(f"{prompt.get('text') or prompt.get('kind')}:", file=out)
    for number, label in enumerate(labels, start=1):
        print(f"  {number}. {label}", file=out)
    while True:
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            return False
        answer = line.strip().lower()
        if answer in {"q", "quit"}:
            return False
        if answer == "v":
            print(indent_text(observation["view"], 1), file=out)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            try:
                match.submit(seat, legal[int(answer) - 1])
            except DogfightError as exc:
                print(f"Refused: {exc}", file=out)
                continue
            return True
        print(f"Please type a number from 1 to {len(legal)}, 'v' or 'q'.", file=out)
