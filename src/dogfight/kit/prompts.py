"""Prompts: who must decide now, and each kind of decision as one object.

A game's state keeps a stack of :class:`Frame` in its field ``prompts`` (the top frame
is the last). A frame says what kind of decision is asked, of which seats, about what.
An interruption (a reaction in a Down In Flames chain, defensive fire in the middle
of an Age of Dogfights move, the tailer's reveal in Les Ailes de la Gloire) pushes a
frame; answering it pops the frame and the interrupted one is on top again. So
``pending`` is a read of the state, not a computation.

Each kind of decision is one :class:`PromptKind` (Rally the Troops' "one decision
point, one object"): its prompt, its legal decisions, the book's reason a decision is
refused, and its effect, all in one place named after the rule. A game lists its kinds
in an explicit table (:func:`prompt_table`) and answers the contract's ``pending``,
``legal``, ``validate`` and ``apply`` through :class:`PromptedGame`.

Decisions stay JSON objects on the wire and in saves; each kind declares their typed
shape (``decision``: a msgspec Struct, or several), so a malformed decision is refused
by the decoder with the field at fault before any rule is asked.

    class Tailing(PromptKind[WowState, Tail]):       # book: POURSUITE
        kind = "tail"
        decision = Tail
        def legal(self, state, frame, seat): ...     # the decisions, and only these
        def refusal(self, state, frame, seat, d): ...  # the book's reason, or None
        def apply(self, state, frame, seat, d, events): ...  # the effect, next frames

    PROMPTS = prompt_table(Planning(), Tailing(), Fire())
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, Union

import msgspec
import msgspec.structs

from dogfight.core.contract import Decision, Event, Game, Prompt, Seat, Step, canonical_json
from dogfight.core.errors import IllegalDecision, MalformedDecision

S = TypeVar("S")
D = TypeVar("D")

_replace: Any = msgspec.structs.replace
"""A state with some fields changed (typed loosely: every game's state has ``prompts``)."""


class Frame(msgspec.Struct, frozen=True, gc=False):
    """One decision asked: its ``kind``, the ``seats`` that must still answer (several
    at once for simultaneous orders), the ``text`` shown to them, and ``data`` the kind
    needs (which aircraft, which chain...). Kept in the state, so saved and digested."""

    kind: str
    seats: tuple[Seat, ...]
    text: str = ""
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)


# -- the stack, in the state's field ``prompts`` ------------------------------------------------
def frames(state: Any) -> tuple[Frame, ...]:
    """The state's prompt stack, bottom first."""
    stack: tuple[Frame, ...] = state.prompts
    return stack


def top(state: Any) -> Frame | None:
    """The frame being answered now, or ``None`` when nobody must decide (game over)."""
    stack: tuple[Frame, ...] = state.prompts
    return stack[-1] if stack else None


def push(state: S, *new: Frame) -> S:
    """``state`` with ``new`` frames on top (the last one given is answered first)."""
    return _with(state, (*frames(state), *new))


def pop(state: S) -> S:
    """``state`` without its top frame."""
    return _with(state, frames(state)[:-1])


def replace_top(state: S, frame: Frame | None) -> S:
    """``state`` whose top frame is ``frame`` (``None``: removed)."""
    rest = frames(state)[:-1]
    return _with(state, rest if frame is None else (*rest, frame))


def ask(state: S, *new: Frame) -> S:
    """``state`` whose whole stack is ``new`` (a new step of the sequence of play)."""
    return _with(state, new)


def answered(state: S, seat: Seat) -> S:
    """``state`` where ``seat`` has answered the top frame: it leaves the frame's seats,
    and the frame goes when no seat is left."""
    stack = frames(state)
    if not stack:
        return state
    frame = stack[-1]
    seats = tuple([s for s in frame.seats if s != seat])
    if seats:
        return _with(state, (*stack[:-1], msgspec.structs.replace(frame, seats=seats)))
    return _with(state, stack[:-1])


def _with(state: S, stack: tuple[Frame, ...]) -> S:
    out: S = _replace(state, prompts=stack)
    return out


# -- decoding decisions -------------------------------------------------------------------------
class Decoder:
    """Turns a decision's JSON object into one of the typed shapes of a prompt kind.

    With one shape, or a msgspec tagged union, msgspec decodes it and names the field
    at fault. With several untagged shapes (saves keep their historical JSON), the
    shape is chosen by its keys: the one whose fields hold every key given and whose
    required fields are all there; failing that, the nearest shape's error is given.
    """

    def __init__(self, name: str, shapes: type[Any] | Sequence[type[Any]]) -> None:
        self.name = name
        self.shapes: tuple[type[Any], ...] = (
            tuple(shapes) if isinstance(shapes, Sequence) else (shapes,))
        self._by_keys: dict[frozenset[str], Any] = {}
        """Shape chosen for each set of keys met so far (a handful per kind)."""

    @functools.cached_property
    def _fields(self) -> list[tuple[type[Any], frozenset[str], frozenset[str]]]:
        """Each struct shape with its keys and its required keys (read when first
        needed: loading a game inspects no shape)."""
        fields = []
        for shape in self.shapes:
            info = msgspec.inspect.type_info(shape)
            if isinstance(info, msgspec.inspect.StructType):
                names = frozenset(f.encode_name for f in info.fields)
                required = frozenset(f.encode_name for f in info.fields if f.required)
                fields.append((shape, names, required))
        return fields

    def decode(self, decision: Decision) -> Any:
        if not isinstance(decision, dict):
            raise MalformedDecision(f"a {self.name} decision is a JSON object, "
                                    f"got {type(decision).__name__}")
        if len(self.shapes) == 1:
            shape = self.shapes[0]
        else:  # _choose, inlined for the shapes met before
            shape = self._by_keys.get(frozenset(decision)) or self._choose(decision)
        try:
            return msgspec.convert(decision, shape, strict=True)
        except msgspec.ValidationError as exc:
            raise MalformedDecision(f"a {self.name} decision is malformed: {exc}") from None

    def _choose(self, decision: Decision) -> Any:
        if len(self._fields) != len(self.shapes):  # a msgspec tagged union
            return self._union
        keys = frozenset(decision)
        shape = self._by_keys.get(keys)
        if shape is None:
            shape = self._by_keys[keys] = self._shape_for(keys)
        return shape

    def _shape_for(self, keys: frozenset[str]) -> type[Any]:
        for shape, names, required in self._fields:
            if keys <= names and required <= keys:
                return shape
        # the nearest shape: most keys in common, so its error names the field at fault
        return max(self._fields, key=lambda f: len(keys & f[1]) - len(keys - f[1]))[0]

    @functools.cached_property
    def _union(self) -> Any:
        return Union[self.shapes]  # noqa: UP007


# -- one kind of decision -------------------------------------------------------------------------
class PromptKind(Generic[S, D]):
    """One point of the sequence of play where a seat decides: its prompt, the legal
    decisions, the book's reason for a refusal, and the effect. Stateless."""

    kind: ClassVar[str]
    """The public name of the prompt (``Prompt.kind``)."""
    decision: ClassVar[type[Any] | Sequence[type[Any]]]
    """The typed shape (or shapes) of this kind's decisions."""
    rule: ClassVar[str] = ""
    """Book and section of the rule, cited in refusals (``book: FILE § SECTION``)."""

    _decoder: ClassVar[Decoder]
    _shows_frame: ClassVar[bool] = True
    """The kind keeps the default :meth:`prompt` (every seat is shown the frame)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "decision" in cls.__dict__:
            if "kind" not in cls.__dict__:
                raise TypeError(f"{cls.__name__} declares its decision shapes but no kind")
            cls._decoder = Decoder(cls.kind, cls.decision)
        cls._shows_frame = cls.prompt is PromptKind.prompt

    def prompt(self, state: S, frame: Frame, seat: Seat) -> Prompt:
        """What ``seat`` is shown (its own): by default the frame's text and data."""
        return Prompt(frame.kind, frame.text, frame.data)

    def legal(self, state: S, frame: Frame, seat: Seat) -> Sequence[D]:
        """Every legal decision of ``seat`` at this frame, typed."""
        raise NotImplementedError

    def refusal(self, state: S, frame: Frame, seat: Seat,
                decision: D) -> str | IllegalDecision | None:
        """Why the rules refuse ``decision``, or ``None`` when it is legal: the message
        (:attr:`rule` is cited), or an :class:`IllegalDecision` citing another section.
        By default: not among :meth:`legal`. A kind whose
        legal decisions are many answers it directly, and must agree with ``legal``
        (the property tests check it for every game)."""
        if decision in self.legal(state, frame, seat):
            return None
        return f"{canonical_json(msgspec.to_builtins(decision))} is not a legal {self.kind} now"

    def apply(self, state: S, frame: Frame, seat: Seat, decision: D,
              events: list[Event]) -> S:
        """The next state (``events`` receives what the table sees happen, in order).
        Called only with a decision :meth:`refusal` accepts."""
        raise NotImplementedError

    # -- for the game ----------------------------------------------------------------------
    def decode(self, decision: Decision) -> D:
        """The decision typed, or :class:`MalformedDecision` naming the field at fault."""
        typed: D = self._decoder.decode(decision)
        return typed


def prompt_table(*kinds: PromptKind[Any, Any]) -> dict[str, PromptKind[Any, Any]]:
    """The explicit table of a game's prompt kinds, by name (each name once)."""
    table: dict[str, PromptKind[Any, Any]] = {}
    for k in kinds:
        if k.kind in table:
            raise ValueError(f"two prompt kinds are named {k.kind!r}")
        table[k.kind] = k
    return table


def as_json(decisions: Iterable[Any]) -> list[Decision]:
    """Typed decisions as the JSON objects the contract speaks."""
    out: list[Decision] = msgspec.to_builtins(
        decisions if isinstance(decisions, list) else list(decisions))
    return out


class PromptedGame(Game[S]):
    """A game whose ``pending``, ``legal``, ``validate`` and ``apply`` are answered by
    its table of prompt kinds over the prompt stack kept in the state.

    A subclass sets ``prompts`` (from :func:`prompt_table`) and keeps ``prompts:
    tuple[Frame, ...]`` in its state; the rest of the contract is its own. After each
    decision the kit calls :meth:`proceed` (the game's sequence of play), which
    resolves what follows once every frame is answered (or what the book resolves at
    once, e.g. a hit that ends the game while a reaction is still asked) and asks the
    next decision; so a chapter's prompt kinds do their chapter's part and never need
    to know which chapter comes next.
    """

    prompts: ClassVar[Mapping[str, PromptKind[Any, Any]]]

    def proceed(self, state: S, events: list[Event]) -> S:
        """The sequence of play after a decision: the state unchanged while a frame
        waits for an answer, else what the book resolves without a decision and the
        next frame (an empty stack after it means the game is over). By default,
        nothing follows."""
        return state

    def pending(self, state: S) -> Mapping[Seat, Prompt]:
        stack: tuple[Frame, ...] = state.prompts  # type: ignore[attr-defined]
        if not stack:
            return {}
        frame = stack[-1]
        kind = self.prompts[frame.kind]
        if kind._shows_frame:  # the frame's own prompt, for every seat
            shown = Prompt(frame.kind, frame.text, frame.data)
            seats = frame.seats
            return {seats[0]: shown} if len(seats) == 1 else dict.fromkeys(seats, shown)
        return {seat: kind.prompt(state, frame, seat) for seat in frame.seats}

    def legal(self, state: S, seat: Seat) -> Sequence[Decision]:
        stack: tuple[Frame, ...] = state.prompts  # type: ignore[attr-defined]
        if not stack or seat not in stack[-1].seats:
            return []
        frame = stack[-1]
        return as_json(self.prompts[frame.kind].legal(state, frame, seat))

    def validate(self, state: S, seat: Seat, decision: Decision) -> None:
        kind, frame, typed = self._read(state, seat, decision)
        self._refuse(kind, state, frame, seat, typed)

    def apply(self, state: S, seat: Seat, decision: Decision) -> Step[S]:
        return self._resolve(state, seat, decision, check=False)

    def play(self, state: S, seat: Seat, decision: Decision) -> Step[S]:
        """Validate and apply with one reading of the decision: ``_read``, ``_refuse``
        and ``_resolve`` written out in one function, as it runs at every decision of
        every game (two calls fewer: 1-2% of a Down In Flames game)."""
        stack: tuple[Frame, ...] = state.prompts  # type: ignore[attr-defined]
        if not stack or seat not in stack[-1].seats:
            raise IllegalDecision(f"seat {seat!r} has nothing to decide now")
        frame = stack[-1]
        kind = self.prompts[frame.kind]
        try:
            typed = kind._decoder.decode(decision)
        except MalformedDecision as exc:
            raise self._not_asked(frame, decision, exc) from None
        reason = kind.refusal(state, frame, seat, typed)
        if reason is not None:
            if isinstance(reason, IllegalDecision):
                raise reason
            raise IllegalDecision(reason, rule=kind.rule or None)
        events: list[Event] = []
        state = kind.apply(state, frame, seat, typed, events)
        return Step(self.proceed(state, events), tuple(events))

    def _read(self, state: S, seat: Seat,
              decision: Decision) -> tuple[PromptKind[S, Any], Frame, Any]:
        """The top frame ``seat`` must answer, its kind, and the decision typed."""
        stack: tuple[Frame, ...] = state.prompts  # type: ignore[attr-defined]
        if not stack or seat not in stack[-1].seats:
            raise IllegalDecision(f"seat {seat!r} has nothing to decide now")
        frame = stack[-1]
        kind = self.prompts[frame.kind]
        try:
            return kind, frame, kind._decoder.decode(decision)
        except MalformedDecision as exc:
            raise self._not_asked(frame, decision, exc) from None

    def _not_asked(self, frame: Frame, decision: Decision,
                   malformed: MalformedDecision) -> IllegalDecision:
        """A decision the top frame cannot read: when it is the shape of another kind
        (a card planned once the plans are made, an action in the discard step), the
        refusal says so and cites the rule of the step the game is at; otherwise it is
        malformed."""
        kind = self.prompts[frame.kind]
        for other in self.prompts.values():
            if other is kind:
                continue
            try:
                other._decoder.decode(decision)
            except MalformedDecision:
                continue
            return IllegalDecision(f"no {other.kind} decision is asked now: the game waits "
                                   f"for a {frame.kind} decision", rule=kind.rule or None)
        return malformed

    @staticmethod
    def _refuse(kind: PromptKind[S, Any], state: S, frame: Frame, seat: Seat,
                typed: Any) -> None:
        """Raise the book's refusal of ``typed``, if the rules have one."""
        reason = kind.refusal(state, frame, seat, typed)
        if reason is not None:
            if isinstance(reason, IllegalDecision):
                raise reason
            raise IllegalDecision(reason, rule=kind.rule or None)

    def _resolve(self, state: S, seat: Seat, decision: Decision, *, check: bool) -> Step[S]:
        """The decision's effect (refused first when ``check``), then the sequence of
        play (:meth:`proceed`)."""
        kind, frame, typed = self._read(state, seat, decision)
        if check:
            self._refuse(kind, state, frame, seat, typed)
        events: list[Event] = []
        state = kind.apply(state, frame, seat, typed, events)
        return Step(self.proceed(state, events), tuple(events))
