"""Scenario scripts: a set-up plus a list of seat decisions, in TOML (``docs/scripts.md``).

This is how the books' examples become tests, tutorials and bug reports::

    game = "test-duel"
    seed = 7
    forced = [6]                  # optional: the next draws of the game's generator
    [options]
    structure = 4
    [state]                       # optional: the starting state, patched by dotted path
    "pilots.1.damage" = 2
    [[step]]
    seat = "red"
    decision = { maneuver = "climb" }
    turn = 1                      # optional: refused unless the game is at this turn
    [step.expect]                 # optional: a checkpoint after this step
    "state.round" = 1
    [[step]]
    seat = "blue"
    decision = { maneuver = "climb" }
    error = "not a legal"         # optional: this step must be refused with this text
    [expect]                      # optional: values in the final result, by dotted path
    "outcome.winner" = "red"
    absent = ["views.blue.pilots.red.damage"]   # paths that must not exist
    null = ["outcome.details.x"]                # paths whose value is null
    not = { "state.round" = 9 }                  # paths whose value differs
    range = { "state.round" = [1, 3] }           # paths whose value lies within
    len = { "events" = 12 }                      # paths holding so many items
    [[expect_event]]              # optional: an event of this kind with these data
    kind = "shot"
    data = { seat = "red", roll = 6 }
    count = 1                     # optional: exactly this many such events

The result has ``state`` (the whole state), ``outcome``, ``views`` (one per seat and
``spectator``), ``events`` (every event, with its visibility, and the ``step``,
``turn`` and ``phase`` of the decision that made it; step 0 is the set-up) and
``log``. Nothing here knows any game: a starting state is the game's own encoded
state with some values replaced, decoded again (and so checked) by msgspec against
the state's type, and then checked by the game's ``invariants``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

import msgspec

from dogfight.core.contract import Decision, Event, Game
from dogfight.core.errors import DogfightError, ScriptError
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import with_forced

RESERVED = ("absent", "null", "not", "range", "len")
"""Keys of an expectation table that are not paths."""


class ExpectedEvent(msgspec.Struct, forbid_unknown_fields=True):
    """Events of this kind whose data hold these items: at least one, exactly ``count``,
    or none (``none``); ``step``, ``turn`` and ``phase`` narrow them to a moment."""

    kind: str
    data: dict[str, Any] = msgspec.field(default_factory=dict)
    null: list[str] = msgspec.field(default_factory=list)
    """Keys of the data whose value is null."""
    to: list[str] | None = None
    none: bool = False
    count: int | None = None
    step: int | None = None
    turn: int | None = None
    phase: str | None = None


class ScriptStep(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's decision, or (without ``seat``) a checkpoint only."""

    seat: str | None = None
    decision: Decision = msgspec.field(default_factory=dict)
    error: str | None = None
    note: str = ""
    null: list[str] = msgspec.field(default_factory=list)
    """Keys of the decision whose value is JSON null (TOML has no null)."""
    turn: int | None = None
    """The game's turn this step must be taken at (else the script fails)."""
    phase: str | None = None
    """The state's ``phase`` this step must be taken at."""
    prompt: str | None = None
    """The kind of decision the seat must be asked (its pending prompt)."""
    state: dict[str, Any] = msgspec.field(default_factory=dict)
    """Values of the state set before this step (as the script's ``[state]``): the
    table arranged once the set-up's own decisions are taken."""
    expect: dict[str, Any] = msgspec.field(default_factory=dict)
    """A checkpoint: expectations on the result after this step."""
    expect_event: list[ExpectedEvent] = msgspec.field(default_factory=list)
    """Expected events among this step's events."""
    events: list[str] | None = None
    """The kinds of this step's events, exactly and in order."""


class Campaign(msgspec.Struct, forbid_unknown_fields=True):
    """Play one game of a campaign: its options are the game's choice ``choice`` of the
    record (``record``, or a new record of campaign ``name``), under the script's own;
    ``decisions`` are the choices taken before it, in order (choices that give a new
    record, no game)."""

    name: str = ""
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    record: Any = None
    decisions: list[int] = msgspec.field(default_factory=list)
    choice: int = 0


class Script(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    seed: int = 0
    title: str = ""
    source: str = ""
    forced: list[int] = msgspec.field(default_factory=list)
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    setup_error: str | None = None
    """The set-up must be refused with a message holding this text."""
    files: dict[str, str] = msgspec.field(default_factory=dict)
    """Data files of the script's own (relative path under the game's data directory:
    TOML text), read instead of the shipped ones."""
    campaign: Campaign | None = None
    state: dict[str, Any] = msgspec.field(default_factory=dict)
    """The starting state: values by dotted path (``null``: paths set to null)."""
    step: list[ScriptStep] = msgspec.field(default_factory=list)
    expect: dict[str, Any] = msgspec.field(default_factory=dict)
    expect_event: list[ExpectedEvent] = msgspec.field(default_factory=list)
    expect_order: list[ExpectedEvent] = msgspec.field(default_factory=list)
    """Events found in this order (each after the one before)."""


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


# -- paths --------------------------------------------------------------------------------------
_MISSING = object()


def _child(value: Any, part: str) -> Any:
    if isinstance(value, dict) and part in value:
        return value[part]
    if isinstance(value, list | tuple):
        if part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            return value[int(part)]
        key, eq, wanted = part.partition("=")
        if eq:  # the item whose field ``key`` is ``wanted`` ("planes.id=spad.damage")
            for item in value:
                if isinstance(item, dict) and str(item.get(key, _MISSING)) == wanted:
                    return item
    return _MISSING


def lookup(value: Any, path: str) -> Any:
    """The value at a dotted path (list items by index, or ``field=value`` for the item
    whose field holds that value), or a missing marker."""
    for part in path.split("."):
        value = _child(value, part)
        if value is _MISSING:
            return _MISSING
    return value


def patch(value: Any, path: str, new: Any) -> None:
    """Set the value at ``path`` (which must exist but for its last dict key) in place."""
    *parents, last = path.split(".")
    for part in parents:
        value = _child(value, part)
        if value is _MISSING or not isinstance(value, dict | list):
            raise ScriptError(f"no value at {path!r} to set (at {part!r})")
    if isinstance(value, dict):
        value[last] = new
        return
    target = _child(value, last)
    if target is _MISSING:
        raise ScriptError(f"no value at {path!r} to set")
    value[value.index(target) if not last.lstrip("-").isdigit() else int(last)] = new


def plain(value: Any) -> Any:
    """JSON values only, as TOML reads them: structs become dicts, tuples lists (so a
    state's tuple equals a TOML array), each list and dict a new one."""
    return _lists(msgspec.to_builtins(value))


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value


def start_state(game: Game[Any], state: Any, values: Mapping[str, Any]) -> Any:
    """``state`` with ``values`` set by dotted path (``null``: paths set to null),
    decoded again against the state's type and checked by the game's invariants."""
    encoded = plain(game.encode(state))
    for path, value in values.items():
        if path == "null":
            for null_path in value:
                patch(encoded, null_path, None)
        else:
            patch(encoded, path, value)
    try:
        new = msgspec.convert(encoded, type(state))
    except msgspec.ValidationError as exc:
        raise ScriptError(f"the starting state does not fit the game's state: {exc}"
                          ) from None
    broken = game.invariants(new)
    if broken:
        raise ScriptError("the starting state breaks the game's invariants: "
                          + "; ".join(broken))
    return new


# -- data files of the script's own ------------------------------------------------------------
@contextlib.contextmanager
def script_files(game_id: str, files: Mapping[str, str]) -> Iterator[None]:
    """``$DOGFIGHT_DATA_DIR`` pointing, while the script runs, at a directory holding
    ``files`` (and the files of the directory it pointed at before). The directory is
    named after its contents, so a game's data loaded from it once is loaded once."""
    if not files:
        yield
        return
    for name in files:
        rel = PurePosixPath(name)
        if rel.is_absolute() or ".." in rel.parts or not rel.parts:
            raise ScriptError(f"a script's file must be a relative path inside the game's "
                              f"data directory: {name!r}")
    previous = os.environ.get("DOGFIGHT_DATA_DIR")
    key = hashlib.sha256(repr((previous, game_id, sorted(files.items()))).encode())
    root = Path(tempfile.gettempdir()) / f"dogfight-script-{key.hexdigest()[:16]}"
    if previous:
        for base, _dirs, names in os.walk(previous):
            for n in names:
                source = Path(base) / n
                target = root / source.relative_to(previous)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read_bytes())
    for name, text in files.items():
        target = root / game_id / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    os.environ["DOGFIGHT_DATA_DIR"] = str(root)
    try:
        yield
    finally:
        if previous is None:
            del os.environ["DOGFIGHT_DATA_DIR"]
        else:
            os.environ["DOGFIGHT_DATA_DIR"] = previous


# -- running ------------------------------------------------------------------------------------
def run_script(script: Script, name: str = "script") -> dict[str, Any]:
    """Play the script's steps; raise :class:`ScriptError` at the first surprise."""
    with script_files(script.game, script.files):
        return _run(script, name)


def _where(game: Game[Any], state: Any) -> tuple[int, Any]:
    """The game's turn and its state's ``phase`` (``None`` when it keeps none)."""
    return game.turn(state), getattr(state, "phase", None)


def _tagged(events: tuple[Event, ...] | list[Event], step: int, turn: int, phase: Any
            ) -> list[dict[str, Any]]:
    return [{**plain(e), "step": step, "turn": turn, "phase": plain(phase)} for e in events]


def _run(script: Script, name: str) -> dict[str, Any]:
    game = get_game(script.game)
    if script.setup_error is not None and (script.step or script.state or script.expect):
        raise ScriptError(f"{name}: a script whose set-up is refused has no steps, "
                          f"starting state or expectations")
    options = dict(script.options)
    record = None
    if script.campaign is not None:
        record, options = _campaign_options(game, script.campaign, options, name)
    try:
        match = Match.new(game, options, script.seed)
    except DogfightError as exc:
        if script.setup_error is None:
            raise ScriptError(f"{name}: set-up refused: {exc}") from None
        if script.setup_error not in str(exc):
            raise ScriptError(f"{name}: set-up was refused with {str(exc)!r}, expected a "
                              f"message containing {script.setup_error!r}") from None
        return {"game": game.id, "setup_error": str(exc), "log": [f"set-up refused: {exc}"],
                "state": None, "outcome": None, "digest": None}
    if script.setup_error is not None:
        raise ScriptError(f"{name}: the set-up was accepted but should be refused "
                          f"({script.setup_error!r})")
    if script.state:
        try:
            match.state = start_state(game, match.state, script.state)
        except ScriptError as exc:
            raise ScriptError(f"{name}: {exc}") from None
    if script.forced:
        match.state = with_forced(match.state, script.forced)
    turn, phase = _where(game, match.state)
    tagged = _tagged(match.events, 0, turn, phase)
    log: list[str] = [_line(game, e) for e in match.events]
    for number, step in enumerate(script.step, start=1):
        where = f"{name}: step {number}" + (f" ({step.seat})" if step.seat else "")
        if step.state:
            try:
                match.state = start_state(game, match.state, step.state)
            except ScriptError as exc:
                raise ScriptError(f"{where}: {exc}") from None
        turn, phase = _where(game, match.state)
        _check_moment(game, match, step, turn, phase, where)
        made: list[dict[str, Any]] = []
        if step.seat is not None:
            try:
                decision = {**step.decision, **dict.fromkeys(step.null)}
                result = match.submit(step.seat, decision)
            except DogfightError as exc:
                if step.error is None:
                    raise ScriptError(f"{where} refused: {exc}") from None
                if step.error not in str(exc):
                    raise ScriptError(f"{where} was refused with {str(exc)!r}, expected a "
                                      f"message containing {step.error!r}") from None
                log.append(f"step {number}: {step.seat} refused as expected: {exc}")
            else:
                if step.error is not None:
                    raise ScriptError(f"{where} was accepted but should be refused "
                                      f"({step.error!r})")
                made = _tagged(result.events, number, turn, phase)
                tagged.extend(made)
                log.extend(_line(game, e) for e in result.events)
        elif step.decision or step.error is not None:
            raise ScriptError(f"{where}: a decision or an error needs a seat")
        if step.events is not None and [e["kind"] for e in made] != step.events:
            raise ScriptError(f"{where}: its events are {[e['kind'] for e in made]}, "
                              f"expected {step.events}")
        if step.expect or step.expect_event:
            current = result_of(match, tagged, log)
            failures = check(step.expect, current) + check_events(step.expect_event, made)
            if failures:
                raise ScriptError(f"{where}: " + "; ".join(failures))
    final = result_of(match, tagged, log)
    if script.campaign is not None:
        final["campaign"] = _campaign_after(game, record, options, match)
    failures = (check(script.expect, final) + check_events(script.expect_event, tagged)
                + check_order(script.expect_order, tagged))
    if failures:
        raise ScriptError(f"{name}: " + "; ".join(failures))
    return final


def _line(game: Game[Any], event: Event) -> str:
    seen_by = "" if event.to is None else f"[{', '.join(event.to)} only] "
    return seen_by + game.describe(event)


def _check_moment(game: Game[Any], match: Match, step: ScriptStep, turn: int, phase: Any,
                  where: str) -> None:
    """A step tied to a turn, a phase or a prompt fails when the game is elsewhere."""
    wrong = []
    if step.turn is not None and step.turn != turn:
        wrong.append(f"turn {step.turn} (the game is at turn {turn})")
    if step.phase is not None and step.phase != phase:
        wrong.append(f"phase {step.phase!r} (the game is at phase {phase!r})")
    if step.prompt is not None:
        asked = match.pending.get(step.seat) if step.seat else None
        kinds = {p.kind for p in match.pending.values()}
        if (asked.kind if asked else None) != step.prompt and \
                (step.seat is not None or step.prompt not in kinds):
            wrong.append(f"prompt {step.prompt!r} (pending: "
                         f"{ {s: p.kind for s, p in match.pending.items()} })")
    if wrong:
        raise ScriptError(f"{where} is tied to " + " and ".join(wrong))


def result_of(match: Match, events: list[dict[str, Any]], log: list[str]
              ) -> dict[str, Any]:
    """The result as the script's paths read it, every value plain JSON."""
    game = match.game
    outcome = match.outcome()
    seats = list(game.seats(match.state))
    turn, phase = _where(game, match.state)
    return {
        "game": game.id,
        "seed": match.seed,
        "decisions": len(match.actions),
        "turn": turn,
        "phase": plain(phase),
        "digest": match.digest(),
        "pending": {seat: prompt.kind for seat, prompt in match.pending.items()},
        "outcome": None if outcome is None else plain(outcome),
        "state": plain(game.encode(match.state)),
        "views": plain({seat: game.view(match.state, seat) for seat in seats}
                       | {"spectator": game.view(match.state, None)}),
        "events": events,
        "log": log,
    }


def final_result(match: Match) -> dict[str, Any]:
    """The result of a match played outside a script (its events untagged by step)."""
    turn, phase = _where(match.game, match.state)
    return result_of(match, _tagged(match.events, 0, turn, phase), [])


# -- campaigns ------------------------------------------------------------------------------------
def _campaign_options(game: Game[Any], campaign: Campaign, options: dict[str, Any],
                      name: str) -> tuple[Any, dict[str, Any]]:
    try:
        record = campaign.record if campaign.record is not None else \
            game.campaign_start(campaign.name, campaign.options)
        for number, taken in enumerate([*campaign.decisions, campaign.choice]):
            choices = game.campaign_choices(record)
            if not 0 <= taken < len(choices):
                raise ScriptError(f"{name}: the campaign offers {len(choices)} choices, "
                                  f"no choice {taken}")
            decision = number < len(campaign.decisions)
            if decision != ("record" in choices[taken]):
                raise ScriptError(f"{name}: the campaign's choice {taken} is "
                                  f"{'a game' if decision else 'a decision'}: "
                                  f"{choices[taken]['label']}")
            if decision:
                record = choices[taken]["record"]
    except DogfightError as exc:
        raise ScriptError(f"{name}: the campaign is refused: {exc}") from None
    return record, {**choices[campaign.choice]["options"], **options}


def _campaign_after(game: Game[Any], record: Any, options: dict[str, Any],
                    match: Match) -> dict[str, Any]:
    """The campaign before the game (``record``, ``choices``) and, once it is over,
    after it (``next``: the record, ``result``, ``next_choices``)."""
    out: dict[str, Any] = {"record": record, "choices": game.campaign_choices(record)}
    outcome = match.outcome()
    if outcome is not None:
        after = game.campaign_record(record, options, outcome)
        out |= {"next": after, "result": game.campaign_result(after),
                "next_choices": game.campaign_choices(after)}
    plain_out: dict[str, Any] = plain(out)
    return plain_out


# -- expectations ---------------------------------------------------------------------------------
def check(expect: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """What ``result`` fails of ``expect`` (paths: equal values; ``absent``, ``null``,
    ``not``, ``range`` and ``len`` as documented)."""
    failures = []
    for path, expected in expect.items():
        if path in RESERVED:
            continue
        got = lookup(result, path)
        if got is _MISSING:
            failures.append(f"{path} is missing (expected {expected!r})")
        elif plain(got) != plain(expected):
            failures.append(f"{path} is {got!r}, expected {expected!r}")
    for path in expect.get("absent", ()):
        if lookup(result, path) is not _MISSING:
            failures.append(f"{path} should be absent, is {lookup(result, path)!r}")
    for path in expect.get("null", ()):
        got = lookup(result, path)
        if got is not None:
            failures.append(f"{path} is {'missing' if got is _MISSING else repr(got)}, "
                            f"expected null")
    for path, unwanted in expect.get("not", {}).items():
        got = lookup(result, path)
        if got is _MISSING:
            failures.append(f"{path} is missing (expected anything but {unwanted!r})")
        elif plain(got) == plain(unwanted):
            failures.append(f"{path} is {got!r}, expected anything else")
    for path, bounds in expect.get("range", {}).items():
        low, high = bounds
        got = lookup(result, path)
        if got is _MISSING or isinstance(got, bool) or not isinstance(got, int | float) \
                or not low <= got <= high:
            shown = "missing" if got is _MISSING else repr(got)
            failures.append(f"{path} is {shown}, expected within {low}..{high}")
    for path, size in expect.get("len", {}).items():
        got = lookup(result, path)
        if not isinstance(got, list | dict | str) or len(got) != size:
            shown = "missing" if got is _MISSING else repr(got)
            failures.append(f"{path} is {shown}, expected {size} items")
    return failures


def _matches(wanted: ExpectedEvent, event: Mapping[str, Any]) -> bool:
    data = event["data"]
    return (event["kind"] == wanted.kind
            and all(plain(data.get(k, _MISSING)) == plain(v) if k in data else False
                    for k, v in wanted.data.items())
            and all(k in data and data[k] is None for k in wanted.null)
            and (wanted.to is None or list(event["to"] or []) == wanted.to)
            and (wanted.step is None or event["step"] == wanted.step)
            and (wanted.turn is None or event["turn"] == wanted.turn)
            and (wanted.phase is None or event["phase"] == wanted.phase))


def _described(wanted: ExpectedEvent) -> str:
    moment = {k: v for k, v in (("step", wanted.step), ("turn", wanted.turn),
                                ("phase", wanted.phase)) if v is not None}
    return f"{wanted.kind} {wanted.data}" + (f" at {moment}" if moment else "")


def check_events(expected: list[ExpectedEvent], events: list[dict[str, Any]]) -> list[str]:
    failures = []
    for wanted in expected:
        found = [e for e in events if _matches(wanted, e)]
        if wanted.none and found:
            failures.append(f"an event {_described(wanted)} happened: {found[0]}")
        elif wanted.count is not None and len(found) != wanted.count:
            failures.append(f"{len(found)} events {_described(wanted)}, "
                            f"expected {wanted.count}")
        elif not wanted.none and not found:
            failures.append(f"no event {_described(wanted)}")
    return failures


def check_order(expected: list[ExpectedEvent], events: list[dict[str, Any]]) -> list[str]:
    """Each expected event found after the one found for the entry before it."""
    at = 0
    for wanted in expected:
        index = next((i for i in range(at, len(events)) if _matches(wanted, events[i])), None)
        if index is None:
            return [f"no event {_described(wanted)} after event {at} (expect_order)"]
        at = index + 1
    return []
