"""Play a game in the terminal against computer pilots (``dogfight play``, ``./dev play``).

The screen is drawn with Rich from the person's seat's observation only (what the
browser gets): the map, every aircraft a line, a panel of what only this seat knows
(its plan, hand, damage, fuel...), the log in words grouped by turn, and the decisions
with keys that stay the same while the choices change (``termboard.decision_keys``).
Long lists are filtered by typing words of a label.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Mapping
from typing import Any, TextIO

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from dogfight.ai import make_pilot
from dogfight.core.contract import Game, canonical_json
from dogfight.core.errors import DogfightError
from dogfight.core.match import Match
from dogfight.core.rng import MAX_SEED, derive_seed
from dogfight.play import searcher
from dogfight.server import journal
from dogfight.termboard import (
    decision_keys,
    draw_map,
    match_choice,
    pieces_table,
    secrets_of,
    secrets_text,
    side_styles,
)

SHOWN = 40
"""At most this many decisions listed at once; more are reached by typing words."""
HELP = ("Type a decision's key (or words of its label to filter a long list); "
        "'v' shows the table again, '?' this help, 'q' quits.")


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
    console = Console(file=stdout or sys.stdout, highlight=False, soft_wrap=False)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    match = Match.new(game, options, seed)
    seats = list(game.seats(match.state))
    human = seat or seats[0]
    if human not in seats:
        raise DogfightError(f"no seat {human!r} in {game.id}; seats: {', '.join(seats)}")
    pilots = {s: make_pilot(opponent, derive_seed(seed, "pilot", s)) for s in seats if s != human}
    console.print(f"[bold]{game.title}[/bold]: you fly {human}; {opponent} pilots fly "
                  f"{', '.join(s for s in seats if s != human)}. Seed {seed}.")
    console.print(HELP)
    log = Log(match, human)
    while not match.over:
        pending = match.pending
        if human in pending:
            log.show(console)
            observation = match.observe(human)
            console.print(screen(game, observation, human, match.observe(None)["view"]))
            if not _ask(console, match, human, observation, inp):
                console.print("You left the game.")
                break
            continue
        for other in list(pending):
            if other in match.pending:
                match.submit(other, pilots[other].choose(
                    game.id, match.observe(other),
                    search=searcher(game, match.state, other)))
    log.show(console)
    outcome = match.outcome()
    if outcome is not None:
        result = "a draw" if outcome.winner is None else f"{outcome.winner} wins"
        console.print(f"\n[bold]Game over: {escape(result)}[/bold] ({escape(outcome.reason)}).")
        console.print(screen(game, match.observe(human), human, match.observe(None)["view"]))
    if save_path:
        from dogfight.store.saves import save_from_match, write_save

        players = {s: ("you" if s == human else opponent) for s in seats}
        write_save(save_from_match(match, players), save_path)
        console.print(f"Saved to {save_path}.")
    return 0


class Log:
    """The events this seat may see, in words, printed once each under their turn."""

    def __init__(self, match: Match, seat: str) -> None:
        self.match, self.seat = match, seat
        self.seen = 0
        self.turn: int | None = None

    def show(self, console: Console) -> None:
        events = self.match.events[self.seen:]
        self.seen = len(self.match.events)
        game, state = self.match.game, self.match.state
        turn = game.turn(state)
        named = journal.names(game, state, numbered=False)  # e.g. nations, once public
        lines = [(journal.words(game, e, None, named), e.to is not None)
                 for e in events if e.visible_to(self.seat)]
        if not lines:
            return
        if turn != self.turn:
            console.rule(f"turn {turn}", style="dim")
            self.turn = turn
        for text, private in lines:
            console.print(f"  • {escape(text)}" + ("  [dim](only you)[/dim]" if private else ""))


def screen(game: Game[Any], observation: Mapping[str, Any], seat: str,
           public: Mapping[str, Any]) -> Group:
    """The table as this seat sees it: map, aircraft, and, in a panel, what its view
    shows that the spectator's (``public``) does not."""
    parts: list[Any] = []
    view = observation.get("view") or {}
    title = f"{game.title} · turn {observation.get('turn')}"
    phase = view.get("phase") if isinstance(view, Mapping) else None
    if not isinstance(phase, str) and isinstance(view, Mapping):
        phase = view.get("step")
    if isinstance(phase, str) and phase:
        title += f" · {phase}"
    drawn = draw_map(game.board, observation)
    if drawn is not None:
        parts.append(Panel(drawn, title=title, expand=False))
    else:
        parts.append(Rule(title, style="dim"))
    pieces = pieces_table(observation)
    if pieces is not None:
        parts.append(pieces)
    mine = secrets_of(observation, seat, public)
    if mine:
        style = side_styles(observation).get(str((observation.get("seats") or {}).get(seat)), "")
        parts.append(Panel(secrets_text(mine), title="only you see", border_style=style,
                           expand=False))
    return Group(*parts)


def _ask(console: Console, match: Match, seat: str, observation: Any, inp: TextIO) -> bool:
    """Ask the person for one decision; False when they quit."""
    prompt = observation.get("prompt") or {}
    legal = observation.get("legal") or []
    labels = observation.get("labels") or [canonical_json(d) for d in legal]
    keys = decision_keys(legal)
    console.print(f"\n[bold]{escape(str(prompt.get('text') or prompt.get('kind')))}[/bold]")
    _list(console, keys, labels, range(len(legal)))
    while True:
        console.print("> ", end="")
        console.file.flush()
        line = inp.readline()
        if not line:
            return False
        answer = line.strip().lower()
        if answer in {"q", "quit"}:
            return False
        if answer == "v":
            console.print(screen(match.game, observation, seat, match.observe(None)["view"]))
            _list(console, keys, labels, range(len(legal)))
            continue
        if answer == "?":
            console.print(HELP)
            continue
        found = match_choice(answer, keys, labels)
        if len(found) == 1:
            try:
                match.submit(seat, legal[found[0]])
            except DogfightError as exc:
                console.print(f"[red]Refused:[/red] {escape(str(exc))}")
                continue
            return True
        if found:
            console.print(f"{len(found)} decisions match {escape(repr(answer))}:")
            _list(console, keys, labels, found)
        else:
            console.print(f"No decision has the key or words {escape(repr(answer))}. {HELP}")


def _list(console: Console, keys: list[str], labels: list[str], which: Any) -> None:
    chosen = list(which)
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="bold yellow", justify="right")
    table.add_column()
    for index in chosen[:SHOWN]:
        table.add_row(escape(keys[index]), escape(labels[index]))
    console.print(table)
    if len(chosen) > SHOWN:
        console.print(f"  … and {len(chosen) - SHOWN} more: type words of a label to find one.")
