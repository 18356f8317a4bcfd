"""The core contract: what every game is, and the one door through which it is played.

A game is an object with a handful of pure functions over an immutable state
(see ``docs/architecture.md``)::

    setup(options, rng)          -> state        options validated first
    seats(state)                 -> {seat: side}
    pending(state)               -> {seat: Prompt}   who must decide now (several = simultaneous)
    legal(state, seat)           -> [decision]   every legal decision, enumerable
    validate(state, seat, d)     -> None         raises IllegalDecision with the rule's reason
    apply(state, seat, d)        -> Step         next state + events (input never mutated)
    view(state, viewer)          -> JSON         the only door out; viewer None = spectator
    outcome(state)               -> Outcome | None

Nothing outside a game's package touches its state directly except the store
(which serialises it for digests) and scenario scripts (which print it whole):
the server, the user interfaces and the computer pilots see a game only through
:func:`observe`, which is built from ``view`` and the seat's own prompt.

Decisions are JSON objects (``dict`` with string keys and JSON values) so that
they can be saved, sent over a network and typed by hand.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from dogfight.core.errors import IllegalDecision, InvalidOptions, MalformedDecision, NotYourTurn
from dogfight.core.rng import Rng

Seat = str
Side = str
JSON = Any
"""A JSON-compatible value: None, bool, int, float, str, list or dict with str keys."""
Decision = dict[str, Any]

S = TypeVar("S")
OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)


class Prompt(msgspec.Struct, frozen=True, gc=False):
    """What a seat is asked to decide: ``kind`` is public, ``text`` and ``data`` are the seat's."""

    kind: str
    text: str = ""
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)


class Event(msgspec.Struct, frozen=True, gc=False):
    """Something a person at the table would see happen.

    ``to`` is ``None`` for a public event, else the seats that may see it.
    """

    kind: str
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)
    to: tuple[Seat, ...] | None = None

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)


class Outcome(msgspec.Struct, frozen=True):
    """The end of a game: the winning side (``None`` for a draw), scores per seat, why.

    ``details`` carries what a campaign keeps from the game (kills, pilots' fates...).
    """

    winner: Side | None
    reason: str
    scores: Mapping[Seat, float] = msgspec.field(default_factory=dict)
    details: Mapping[str, Any] = msgspec.field(default_factory=dict)


class Step(msgspec.Struct, Generic[S], frozen=True, gc=False):
    """The result of applying one decision."""

    state: S
    events: tuple[Event, ...] = ()


class Game(ABC, Generic[S]):
    """A rule system. Subclasses are stateless: every function takes and returns states."""

    id: ClassVar[str]
    """Registry id, e.g. ``wings-of-war``."""
    title: ClassVar[str]
    version: ClassVar[str]
    """Rules version written into saves; bump it when a change alters replays."""
    summary: ClassVar[str] = ""
    board: ClassVar[str] = "none"
    """The kind of map the game is played on, which chooses the browser's board:
    ``table`` (a continuous table), ``hex`` (a hex map), ``triangle`` (a triangle-point
    grid) or ``none`` (no map: cards and counters only)."""
    shadows: ClassVar[Mapping[str, str]] = {}
    """Public event kinds that only tell everyone else what the seat's own secret event
    just before says (``{"card-planned": "planned"}``): a player's log shows the seat
    its secret, not both. Without it, a public ``*-sealed`` event is read so."""
    developer: ClassVar[bool] = False
    """A game for developers (tests): the lobby offers it only with ``?dev=1``."""

    # -- set-up ---------------------------------------------------------------
    @abstractmethod
    def setup(self, options: Mapping[str, Any], rng: Rng) -> S:
        """The initial state; raises :class:`InvalidOptions` with a precise message."""

    def start(self, options: Mapping[str, Any], rng: Rng) -> Step[S]:
        """The set-up and the events it made (e.g. victory points granted to balance the
        sides), for the log of a match; by default :meth:`setup` and no event."""
        return Step(self.setup(options, rng))

    def option_schema(self) -> JSON:
        """A description of the options (names, defaults, choices) for user interfaces."""
        return {}

    # -- who decides what --------------------------------------------------------
    @abstractmethod
    def seats(self, state: S) -> Mapping[Seat, Side]:
        """Every seat of the game, in table order, with its side (team)."""

    def seat_names(self, state: S) -> Mapping[Seat, str]:
        """Seats as people name them (English msgids, e.g. a nation), where the game
        names them, only once that name is public; the others are named after their
        side (the server's pages). A game may name its pieces here too (an aircraft
        whose id reads in the log). Several names one key holds are joined by ", "; a
        name several seats (or pieces) share is numbered by the server."""
        return {}

    @abstractmethod
    def pending(self, state: S) -> Mapping[Seat, Prompt]:
        """Seats that must decide now; empty once the game is over."""

    @abstractmethod
    def legal(self, state: S, seat: Seat) -> Sequence[Decision]:
        """Every legal decision of ``seat`` now (empty if it has none to take)."""

    def validate(self, state: S, seat: Seat, decision: Decision) -> None:
        """Raise :class:`IllegalDecision` with the rule's reason unless ``decision`` is legal.

        The default compares with :meth:`legal`; games override it for precise reasons
        and must agree with :meth:`legal` (a property test checks it).
        """
        if decision not in self.legal(state, seat):
            raise IllegalDecision(f"{canonical_json(decision)} is not a legal decision now")

    @abstractmethod
    def apply(self, state: S, seat: Seat, decision: Decision) -> Step[S]:
        """The next state and its events; called only with a validated decision."""

    def play(self, state: S, seat: Seat, decision: Decision) -> Step[S]:
        """:meth:`validate` then :meth:`apply`, as :func:`decide` needs them; a game may
        answer both at once (the kit's prompts read the decision only once)."""
        self.validate(state, seat, decision)
        return self.apply(state, seat, decision)

    # -- what is seen -------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, viewer: Seat | None) -> JSON:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may know of the game."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def turn(self, state: S) -> int:
        """The current game turn (1-based), as the book counts turns."""

    def label(self, state: S, seat: Seat, decision: Decision) -> str:
        """A legal decision in words, for menus (the seat's own view of it)."""
        return canonical_json(decision)

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        """The event as an English message template (``str.format`` style) and its
        fields, so that a user interface can translate the template with a gettext
        catalogue before filling it in; ``None`` when the game has none."""
        return None

    def describe(self, event: Event) -> str:
        """The event in words, for logs."""
        parts = self.template(event)
        if parts is not None and parts[0]:  # an empty template: not in a player's log
            return parts[0].format(**parts[1])
        if not event.data:
            return event.kind
        details = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}: {details}"

    # -- data and checks ------------------------------------------------------------
    def data(self) -> JSON:
        """The game's data as loaded (aircraft, decks, tables), for ``dogfight data``."""
        return {}

    def encode(self, state: S) -> JSON:
        """The whole state as JSON values (for digests and ``dogfight script``)."""
        return msgspec.to_builtins(state)

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (empty when sound); used by property tests."""
        return []

    def hints(self, state: S, seat: Seat) -> JSON:
        """What ``seat``'s own decisions would do, for the pages' planners (e.g. where
        each maneuver it may plan ends, and which the rules refuse), or None. Worked
        out by the rules from what the seat may know; given to the seat's pages with
        its observation (the server adds it), not to pilots: it may be costly."""
        return None

    # -- campaigns (optional): a series of games, each one's options from the record ------
    def campaign_names(self) -> list[str]:
        """The campaigns this game offers (empty: none)."""
        return []

    def campaign_start(self, name: str, options: Mapping[str, Any]) -> JSON:
        """A new campaign record (plain JSON, kept by the store as it is)."""
        raise InvalidOptions(f"{self.id} has no campaigns")

    def campaign_choices(self, campaign: JSON) -> list[JSON]:
        """The games that may be played next, each ``{"chooser": side, "label": str,
        "options": {...}}``, or the decisions to take before the next game, each
        ``{"chooser", "label", "record": {...}}`` (the record once it is taken; no game is
        played: ``campaigns.decide``); empty once the campaign is over."""
        return []

    def campaign_record(self, campaign: JSON, options: Mapping[str, Any],
                        outcome: Outcome) -> JSON:
        """The record after a finished game of the campaign (played with ``options``)."""
        raise InvalidOptions(f"{self.id} has no campaigns")

    def campaign_result(self, campaign: JSON) -> JSON:
        """The campaign's result once it is over, else ``None``."""
        return None

    # -- for search pilots (optional) --------------------------------------------------
    def determinize(self, state: S, seat: Seat, rng: Rng) -> S:
        """A state ``seat`` cannot tell from ``state``: everything it does not see
        (others' sealed orders, hidden damage, deck orders, future draws) drawn anew
        from ``rng``. Its view is unchanged; its hidden parts do not depend on the real
        ones. Search pilots sample these and never touch the real state."""
        raise NotImplementedError(f"{self.id} cannot determinise a state yet")

    def evaluate(self, state: S, seat: Seat) -> float:
        """How good ``state`` looks for ``seat`` (search pilots' leaf value), about -1..1."""
        outcome = self.outcome(state)
        if outcome is None:
            return 0.0
        side = self.seats(state)[seat]
        return 0.0 if outcome.winner is None else (1.0 if outcome.winner == side else -1.0)


def parse_options(raw: Mapping[str, Any] | None, options_type: type[OptionsT]) -> OptionsT:
    """Convert raw options to a game's options struct, or raise a precise InvalidOptions."""
    try:
        return msgspec.convert(dict(raw or {}), options_type)
    except msgspec.ValidationError as exc:
        raise InvalidOptions(f"invalid options: {exc}") from None


def check_decision_shape(decision: Any) -> Decision:
    """A decision must be a JSON object with string keys and JSON values."""
    if not isinstance(decision, dict):
        raise MalformedDecision(
            f"a decision is a JSON object, got {type(decision).__name__}: {decision!r:.80}"
        )
    if _plain_json(decision):  # the common case, without encoding anything
        return decision
    try:
        canonical_json(decision)
    except (TypeError, ValueError) as exc:
        raise MalformedDecision(f"a decision must hold JSON values only: {exc}") from None
    return decision


def _plain_json(value: Any, depth: int = 0) -> bool:
    """True for str/int/bool/None and lists or str-keyed dicts of them (a few levels
    deep); anything else (floats, odd types, deep nesting) goes through the encoder."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if depth > 4:
        return False
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str:
                return False
            t = type(v)  # a scalar is checked here, without a call (most values)
            if not (t is str or t is int or t is bool or v is None or _plain_json(v, depth + 1)):
                return False
        return True
    if kind is list:
        return all(_plain_json(v, depth + 1) for v in value)
    return False


def decide(game: Game[S], state: S, seat: Any, decision: Any) -> Step[S]:
    """The one way to change a game: check the seat, the shape, the rules, then apply.

    ``state`` is never changed (states are immutable); on any error nothing happens.
    """
    pending = game.pending(state)
    if not isinstance(seat, str) or seat not in game.seats(state):
        raise NotYourTurn(f"there is no seat {seat!r} in this game")
    if seat not in pending:
        if not pending:
            raise NotYourTurn("the game is over")
        waiting = ", ".join(pending)
        raise NotYourTurn(f"seat {seat!r} has nothing to decide now (waiting for: {waiting})")
    decision = check_decision_shape(decision)
    return game.play(state, seat, decision)


def observe(game: Game[S], state: S, viewer: Seat | None) -> JSON:
    """Everything ``viewer`` may know now, in one JSON object.

    ``view`` is the game's own view; ``pending`` names who must decide and the kind of
    decision (public); ``prompt`` and ``legal`` are the viewer's own, when it must decide.
    """
    pending = game.pending(state)
    out: dict[str, Any] = {
        "game": game.id,
        "turn": game.turn(state),
        "seats": dict(game.seats(state)),
        "pending": {seat: prompt.kind for seat, prompt in pending.items()},
        "view": game.view(state, viewer),
    }
    if viewer is not None and viewer in pending:
        out["prompt"] = msgspec.to_builtins(pending[viewer])
        legal = out["legal"] = list(game.legal(state, viewer))
        label = game.label
        out["labels"] = [label(state, viewer, d) for d in legal]
    outcome = game.outcome(state)
    out["outcome"] = None if outcome is None else msgspec.to_builtins(outcome)
    return out


def canonical_json(value: JSON) -> str:
    """Canonical JSON: sorted keys, no spaces, no NaN; the same bytes on every machine."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def digest(game: Game[S], state: S) -> str:
    """SHA-256 (hex) of the canonical JSON of the whole state."""
    return hashlib.sha256(canonical_json(game.encode(state)).encode()).hexdigest()
