"""The state of a Wings of War game: immutable structures, copied by ``replace``, and
the few reads every chapter shares (an aircraft by id, an aircraft put back)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeVar

import msgspec

from dogfight.core import IllegalDecision, Prompt, Rng
from dogfight.games.wings_of_war.geometry import Pose
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import Frame, PromptKind
from dogfight.kit.sealed import Sealed

BOOK = "000_caefe768ab735396.txt"
"""The French rule book, cited in refusals (``book: BOOK § SECTION``)."""
ACTIVE = ("flying", "ground")
"""Still in play."""
replace = msgspec.structs.replace

Status = Literal["flying", "ground", "shot-down", "exploded", "left-table", "crashed",
                 "out-of-control", "exited"]
ELIMINATED = ("shot-down", "exploded", "left-table", "crashed", "out-of-control", "exited")
"""Out of play. ``exited``: left the table by its own edge with its mission done."""
SHOT_DOWN = ("shot-down", "exploded", "crashed", "out-of-control")
"""Eliminations that count as shot down for victory points (book § VICTOIRE,
§ MOUVEMENT INTERDIT)."""

Phase = Literal["tailing", "planning", "reordering", "ground-moves", "fire", "over"]
"""The step of the sequence of play (book § TOUR DE JEU): choosing whom to tail,
planning, tailers reordering before a reveal, aircraft on the ground turning, fire;
over. Who decides now is the top frame of ``WowState.prompts``."""

STEPS = {"tail": "tail-choose", "plan": "plan", "vote": "vote", "reorder": "tail-reorder",
         "ground-move": "ground-move", "fire": "fire"}
"""The public name of the step (the view's ``step``) for each prompt kind."""


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The optional rules, each a switch (book § VARIANTES: all players agree first)."""

    special_damage: bool = False
    aiming: bool = False
    illegal_maneuver: bool = False
    tailing: bool = False
    tournament: bool = False
    interruption: bool = False
    out_of_cards: bool = False
    blind_spot: bool = False
    altitude: bool = False
    forced_dive: bool = False
    flying_higher: bool = False
    cloud_cover: bool = False


class PlaneSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    seat: str
    aircraft: str
    x: float
    y: float
    heading: int = 0
    altitude: int = 1
    on_ground: bool = False
    """Starts on the ground in a landing field (altitude rules)."""


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    width: float
    height: float


class Field(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A landing field: a rectangle centred on (x, y), its length along ``heading``."""

    x: float
    y: float
    length: float = 270.0
    width: float = 90.0
    heading: int = 0


class Objective(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A scenario's mission (the book's mission tokens: § LES PIONS, OBJECTIFS DE
    SCÉNARIO; the scenario pages that say how they are won are missing, so this is
    derived): an aircraft of ``side`` (a two-seater) ends ``phases`` maneuvers running
    within ``radius`` of (x, y), at ``max_altitude`` or lower (altitude rules), with
    its observer unhurt if ``needs_observer``; a strafing also needs an unjammed front
    gun, a pick-up a landing and a take-off there; then, if ``exit_edge`` is set, the
    aircraft must leave the table by that edge to bring the mission home."""

    kind: Literal["bombing", "photo", "strafing", "pickup", "spotting"]
    side: str
    x: float
    y: float
    radius: float = 60.0
    max_altitude: int | None = None
    phases: int = 1
    exit_edge: Literal["north", "south", "east", "west"] | None = None
    needs_observer: bool = True
    points: int = 3
    source: str = "derived: the scenario pages of the book are missing"


class Progress(msgspec.Struct, frozen=True, gc=False):
    """How far an aircraft is with an objective."""

    objective: int
    plane: str
    streak: int = 0
    landed: bool = False
    achieved: bool = False
    home: bool = False


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scenario: str = "duel"
    aircraft: dict[str, str] = msgspec.field(default_factory=dict)
    planes: list[PlaneSetup] | None = None
    seats: dict[str, Literal["allies", "central"]] | None = None
    area: Area | None = None
    fields: list[Field] | None = None
    floor: int = 0
    """The lowest level (flying higher, book § VOLER PLUS HAUT); the ceiling is 3 above."""
    cloud_level: int | None = None
    """The cloud cover's level (book § COUVERTURE NUAGEUSE); default: ceiling + 1."""
    rules: Rules = Rules()
    max_turns: int = 30
    stacked_damage: dict[str, list[int]] = msgspec.field(default_factory=dict)
    """Damage cards (by corner number) put on top of a shuffled deck, in order: for
    scenario scripts that replay a book example's draws."""


class Gun(msgspec.Struct, frozen=True, gc=False):
    """One arc's gun: its damage letter, jam counters (public), silent maneuvers left
    (secret: a wounded pilot's jams last one maneuver longer), its aiming target."""

    letter: str
    jam: int = 0
    silent: int = 0
    aim_target: str | None = None
    aim_phase: int = -1
    aim_streak: int = 0


class Plane(msgspec.Struct, frozen=True):
    id: str
    seat: str
    side: str
    aircraft: str
    deck: str
    pose: Pose
    status: Status = "flying"
    altitude: int = 1
    climb_counters: int = 0
    front: Gun | None = None
    rear: Gun | None = None
    plan: tuple[int, ...] = ()
    """The turn's cards, secret until each is revealed."""
    executed: tuple[str, ...] = ()
    """What was flown this turn, card by card: the card's kind (``split-s`` for an
    Immelmann card flown as a Split-S), after illegal cards became straights."""
    executed_steep: tuple[bool, ...] = ()
    last_kind: str | None = None
    """The last maneuver of the previous turn (the token on the board between turns:
    book § RESTE DU TOUR)."""
    last_steep: bool = False
    damage: int = 0
    damage_cards: tuple[tuple[str, int], ...] = ()
    """(letter, number) of the damage cards taken: secret."""
    wounded: int = 0
    observer_wounded: bool = False
    engine: int = 0
    engine_turn: int = 0
    rudder: str | None = None
    rudder_turn: int = 0
    smoke: int = 0
    fire: int = 0
    tailing: str | None = None
    interrupted: bool = False
    hit_this_phase: bool = False
    immobile_until: int = 0
    """On the ground after a crash: no move nor take-off until this turn is over."""
    landing: int = 0
    """Landing sequence (book § ATTERRISSAGE): 1 after the dive, 2 after the straight."""
    takeoff: int = 0
    """Take-off sequence: 1 after the stall, 2 after the straight."""
    landed_turn: int = 0
    """The turn the aircraft landed in: its later cards that turn are bluff."""
    forced_dive: bool = False
    """A forced dive's second level is lost at the end of the next straight."""
    in_cloud: bool = False
    cloud_stack: tuple[int, ...] = ()
    """Cards flown while in the clouds, executed at once on leaving them (secret)."""


class Shown(msgspec.Struct, frozen=True, gc=False):
    """A card the tailed plane showed to its tailer (book § POURSUITE)."""

    tailer: str
    target: str
    phase: int
    card: int


class FireSlot(msgspec.Struct, frozen=True, gc=False):
    plane: str
    arc: str
    targets: tuple[tuple[str, int], ...]
    """(target, damage cards it would draw: 2 short range, 1 long range)."""


class FireOrder(msgspec.Struct, frozen=True, gc=False):
    plane: str
    arc: str
    target: str | None
    cards: int = 0


def gun_key(plane_id: str, arc: str) -> str:
    """The owner of a sealed fire order: one gun of one aircraft."""
    return f"{plane_id}/{arc}"


class DeckState(msgspec.Struct, frozen=True):
    """A damage deck: its red letter and its cards by corner number, to draw (secret
    order) and discarded (book § DÉGÂTS; the pile's rules are in :mod:`.damage`)."""

    letter: str
    pile: Pile[int]


class WowState(msgspec.Struct, frozen=True):
    options: Options
    rng: Rng
    seats: tuple[tuple[str, str], ...]
    area: Area
    planes: tuple[Plane, ...]
    decks: tuple[DeckState, ...]
    turn: int = 1
    phase: Phase = "planning"
    maneuver: int = 0
    """Which card of three is flown: 0 while planning; 1, 2, 3 while a maneuver (the
    book's "phase") is being flown."""
    prompts: tuple[Frame, ...] = ()
    """Who must decide now, and about what: a stack of frames, the top one last."""
    phase_count: int = 0
    """Phases flown since the start (aiming counts consecutive phases across turns)."""
    fire_orders: Sealed[FireOrder] = Sealed()
    """This phase's fire orders, sealed by gun (:func:`gun_key`) until all are given
    (book § TIR)."""
    shown: tuple[Shown, ...] = ()
    result: str | None = None
    winner: str | None = None
    fields: tuple[Field, ...] = ()
    floor: int = 0
    cloud_level: int | None = None
    proposed: tuple[str, ...] = ()
    """Seats that proposed a change this turn (one proposal a seat a turn)."""
    objectives: tuple[Objective, ...] = ()
    progress: tuple[Progress, ...] = ()

    # -- reads of the top frame (the view, the AI and tests use them) ----------------------
    @property
    def step(self) -> str:
        """The public name of the decision asked now (``over`` when none is)."""
        return STEPS[self.prompts[-1].kind] if self.prompts else "over"

    @property
    def fire_slots(self) -> tuple[FireSlot, ...]:
        """Guns that may fire now and have not given their order (the fire frame's)."""
        if not self.prompts or self.prompts[-1].kind != "fire":
            return ()
        return slots_of(self.prompts[-1])


def slots_of(frame: Frame) -> tuple[FireSlot, ...]:
    """The fire slots a fire frame holds (plain JSON in the frame's data)."""
    return tuple(FireSlot(plane, arc, tuple((t, n) for t, n in targets))
                 for plane, arc, targets in frame.data["slots"])


# -- prompt kinds ------------------------------------------------------------------------------
D = TypeVar("D")


class Asked(PromptKind[WowState, D]):
    """A prompt kind whose frame's data is the rules' bookkeeping (the guns left to
    fire, the tailers waiting...): the seat is shown the frame's kind and text only."""

    def prompt(self, state: WowState, frame: Frame, seat: str) -> Prompt:
        return Prompt(frame.kind, frame.text)


# -- aircraft by id ----------------------------------------------------------------------------
def find(state: WowState, plane_id: object) -> Plane | None:
    return next((p for p in state.planes if p.id == plane_id), None)


def plane(state: WowState, plane_id: str) -> Plane:
    """The aircraft ``plane_id`` (a refusal if there is none)."""
    found = find(state, plane_id)
    if found is None:
        raise IllegalDecision(f"there is no plane {plane_id!r}")
    return found


def flown_by(state: WowState, plane_id: str, seat: str) -> Plane | IllegalDecision:
    """The aircraft ``plane_id`` when ``seat`` flies it, else the refusal to give."""
    found = find(state, plane_id)
    if found is None:
        return IllegalDecision(f"there is no plane {plane_id!r}")
    if found.seat != seat:
        return IllegalDecision(f"plane {plane_id!r} is not flown by seat {seat!r}")
    return found


def index(state: WowState, plane_id: str) -> int:
    return next(i for i, p in enumerate(state.planes) if p.id == plane_id)


def put(state: WowState, new: Plane) -> WowState:
    """``state`` with ``new`` in place of the aircraft of the same id."""
    return replace(state, planes=tuple(new if p.id == new.id else p for p in state.planes))


def seats_of(state: WowState, plane_ids: Iterable[str]) -> tuple[str, ...]:
    """The seats flying ``plane_ids``, each once, in the order of the aircraft given."""
    by_id = {p.id: p.seat for p in state.planes}
    return tuple(dict.fromkeys(by_id[pid] for pid in plane_ids))
