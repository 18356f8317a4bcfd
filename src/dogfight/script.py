"""Scenario scripts: a set-up plus a list of seat decisions, in TOML (``docs/scripts.md``).

This is how the books' examples become tests, tutorials and bug reports::

    game = "test-duel"
    seed = 7
    forced = [6]                  # optional: the next draws of the game's generator
    [options]
    structure = 4
    [[step]]
    seat = "red"
    decision = { maneuver = "climb" }
    [[step]]
    seat = "blue"
    decision = { maneuver = "climb" }
    error = "not a legal"         # optional: this step must be refused with this text
    [expect]                      # optional: values in the final result, by dotted path
    "outcome.winner" = "red"
    "state.pilots.1.damage" = 2
    absent = ["view.blue.pilots.red.damage"]   # paths that must not exist
    [[expect_event]]              # optional: an event of this kind with these data
    kind = "shot"
    data = { seat = "red", roll = 6 }

The final result has ``state`` (the whole state), ``outcome``, ``views`` (one per
seat and ``spectator``), ``events`` (every event, with its visibility) and ``log``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from dogfight.core.contract import Decision
from dogfight.core.errors import DogfightError, ScriptError
from dogfight.core.match import Match
from dogfight.core.registry import get_game


class ScriptStep(msgspec.Struct, forbid_unknown_fields=True):
    seat: str
    decision: Decision
    error: str | None = None
    note: str = ""
    null: list[str] = msgspec.field(default_factory=list)
    """Keys of the decision whose value is JSON null (TOML has no null)."""


class ExpectedEvent(msgspec.Struct, forbid_unknown_fields=True):
    """Some event of this kind whose data hold these items (or none, with ``none``)."""

    kind: str
    data: dict[str, Any] = msgspec.field(default_factory=dict)
    to: list[str] | None = None
    none: bool = False


class Script(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    seed: int = 0
    title: str = ""
    source: str = ""
    forced: list[int] = msgspec.field(default_factory=list)
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    step: list[ScriptStep] = msgspec.field(default_factory=list)
    expect: dict[str, Any] = msgspec.field(default_factory=dict)
    expect_event: list[ExpectedEvent] = msgspec.field(default_factory=list)


def load_script(path: str | Path) -> Script:
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScriptError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(f"{path}: not valid TOML: {exc}") from None
    try:
        return msgspec.convert(raw, Script)
    except msgspec.ValidationError as exc:
        raise ScriptError(f"{path}: {exc}") from None


_MISSING = object()


def lookup(value: Any, path: str) -> Any:
    """The value at a dotted path (list indexes are numbers), or a missing marker."""
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list | tuple) and part.lstrip("-").isdigit() and \
                -len(value) <= int(part) < len(value):
            value = value[int(part)]
        else:
            return _MISSING
    return value


def run_script(script: Script, name: str = "script") -> dict[str, Any]:
    """Play the script's steps; raise :class:`ScriptError` at the first surprise."""
    game = get_game(script.game)
    try:
        match = Match.new(game, script.options, script.seed, forced=script.forced)
    except DogfightError as exc:
        raise ScriptError(f"{name}: set-up refused: {exc}") from None
    log: list[str] = []
    for number, step in enumerate(script.step, start=1):
        try:
            decision = {**step.decision, **dict.fromkeys(step.null)}
            result = match.submit(step.seat, decision)
        except DogfightError as exc:
            if step.error is None:
                raise ScriptError(f"{name}: step {number} ({step.seat}) refused: {exc}"
                                  ) from None
            if step.error not in str(exc):
                raise ScriptError(f"{name}: step {number} was refused with {str(exc)!r}, "
                                  f"expected a message containing {step.error!r}") from None
            log.append(f"step {number}: {step.seat} refused as expected: {exc}")
            continue
        if step.error is not None:
            raise ScriptError(f"{name}: step {number} ({step.seat}) was accepted but should "
                              f"be refused ({step.error!r})")
        for event in result.events:
            seen_by = "" if event.to is None else f"[{', '.join(event.to)} only] "
            log.append(seen_by + game.describe(event))
    final = final_result(match)
    final["log"] = log
    check_expectations(script, final, name)
    return final


def final_result(match: Match) -> dict[str, Any]:
    game = match.game
    outcome = match.outcome()
    seats = list(game.seats(match.state))
    return {
        "game": game.id,
        "seed": match.seed,
        "decisions": len(match.actions),
        "turn": game.turn(match.state),
        "digest": match.digest(),
        "pending": {seat: prompt.kind for seat, prompt in match.pending.items()},
        "outcome": None if outcome is None else msgspec.to_builtins(outcome),
        "state": game.encode(match.state),
        "views": {seat: game.view(match.state, seat) for seat in seats}
        | {"spectator": game.view(match.state, None)},
        "events": [msgspec.to_builtins(e) for e in match.events],
    }


def check_expectations(script: Script, final: dict[str, Any], name: str) -> None:
    failures = []
    for path, expected in script.expect.items():
        if path == "absent":
            for absent in expected:
                if lookup(final, absent) is not _MISSING:
                    failures.append(f"{absent} should be absent, is {lookup(final, absent)!r}")
            continue
        got = lookup(final, path)
        if got is _MISSING:
            failures.append(f"{path} is missing (expected {expected!r})")
        elif got != expected:
            failures.append(f"{path} is {got!r}, expected {expected!r}")
    for wanted in script.expect_event:
        found = [e for e in final["events"] if e["kind"] == wanted.kind
                 and all(e["data"].get(k, _MISSING) == v for k, v in wanted.data.items())
                 and (wanted.to is None or list(e["to"] or []) == wanted.to)]
        if wanted.none and found:
            failures.append(f"an event {wanted.kind} {wanted.data} happened: {found[0]}")
        elif not wanted.none and not found:
            failures.append(f"no event {wanted.kind} with {wanted.data}")
    if failures:
        raise ScriptError(f"{name}: " + "; ".join(failures))
