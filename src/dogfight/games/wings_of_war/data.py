"""Wings of War data: aircraft, maneuver decks, damage decks, table geometry, scenarios.

Loaded once from ``data/*.toml`` (or a player's copies in
``$DOGFIGHT_DATA_DIR/wings-of-war/``), validated, and pre-computed (each maneuver
card's end pose) so that the rules never do it again.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

import msgspec

from dogfight.core import DataError
from dogfight.core.data import check_source, data_file, load_table, load_toml, per_data_dir

GAME_ID = "wings-of-war"
HERE = Path(__file__).parent

CardKind = Literal["straight", "bank", "turn", "sharp", "sideslip", "stall", "immelmann",
                   "climb", "dive"]
Direction = Literal["left", "right", "none"]
Symbol = Literal["none", "jam", "explosion", "rudder-left", "rudder-right", "wounded",
                 "engine", "smoke", "fire"]
Letter = Literal["A", "B"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# -- aircraft ---------------------------------------------------------------------------
class Aircraft(_Strict, frozen=True):
    name: str
    nation: str
    side: Literal["allies", "central"]
    maneuver_deck: str
    damage_front: Literal["A", "B", ""]
    damage_rear: Literal["A", "B", ""]
    structure: int
    max_altitude: int
    climb: int
    source: str
    rear_all_round_above: bool = False

    @property
    def two_seater(self) -> bool:
        return self.damage_rear != ""


# -- maneuvers ----------------------------------------------------------------------------
class Card(_Strict, frozen=True):
    number: int
    name: str
    kind: CardKind
    direction: Direction
    steep: bool
    x: float
    y: float
    heading: int

    @property
    def is_straight(self) -> bool:
        """A 'tout droit' for the Immelmann rules (the dive card only looks like one)."""
        return self.kind == "straight"


class Deck(_Strict, frozen=True):
    title: str
    source: str
    cards: list[Card]


# -- damage ---------------------------------------------------------------------------------
class DamageRow(_Strict, frozen=True):
    points: int
    symbol: Symbol
    count: int


class DamageDeckData(_Strict, frozen=True):
    source: str
    cards: list[DamageRow]


class DamageCard(msgspec.Struct, frozen=True, gc=False):
    """One card of a damage deck; ``number`` is the one in its corner."""

    letter: str
    number: int
    points: int
    symbol: str


# -- table -------------------------------------------------------------------------------------
class Sized(_Strict, frozen=True):
    source: str
    length: float = 0.0
    width: float = 0.0
    height: float = 0.0


class Arcs(_Strict, frozen=True):
    front_half_angle: float
    rear_half_angle: float
    source: str


class Collision(_Strict, frozen=True):
    min_centre_distance: float
    source: str


class GroundRoll(_Strict, frozen=True):
    """One step of a landing or a take-off on the ground: flying ``card`` at ``step``
    of ``sequence`` with the stand out of the field is an accident of
    ``accident_cards`` A cards; in the field, the sequence goes on at ``next``
    (0: landed)."""

    sequence: Literal["landing", "takeoff"]
    step: int
    card: CardKind
    accident_cards: int
    what: str
    next: int
    source: str


class GroundSlide(_Strict, frozen=True):
    """How far an aircraft on the ground may slide its stand before phase 2: ``reach``
    (mm, the most its centre moves), in ``step`` mm along each table axis."""

    reach: float
    step: float
    source: str


class TableFile(_Strict, frozen=True):
    base: Sized
    ruler: Sized
    arcs: Arcs
    collision: Collision
    play_area: Sized
    landing_field: Sized
    ground_roll: tuple[GroundRoll, ...]
    ground_slide: GroundSlide


# -- all of it -----------------------------------------------------------------------------------
class WowData(msgspec.Struct, frozen=True):
    aircraft: dict[str, Aircraft]
    decks: dict[str, Deck]
    damage: dict[str, tuple[DamageCard, ...]]
    damage_sources: dict[str, str]
    table: TableFile
    files: dict[str, str]
    plannable: dict[tuple[str, bool], tuple[int, ...]] = {}
    """Card numbers of each deck that may be planned, without and with the altitude
    rules (``(deck, altitude)``): climb and dive are removed without them."""

    def card(self, deck: str, number: int) -> Card:
        return self.decks[deck].cards[number - 1]


def load(directory: Path | None = None) -> WowData:
    """Load and check every data file (``directory`` replaces the shipped folder in tests)."""
    def path(name: str) -> Path:
        return directory / name if directory else data_file(HERE, GAME_ID, name)

    files = {name: str(path(name)) for name in
             ("aircraft.toml", "maneuvers.toml", "damage.toml", "table.toml")}
    aircraft = load_table(path("aircraft.toml"), "aircraft", Aircraft)
    decks = load_table(path("maneuvers.toml"), "decks", Deck)
    damage_decks = load_table(path("damage.toml"), "decks", DamageDeckData)
    table = load_toml(path("table.toml"), TableFile)

    f = files["maneuvers.toml"]
    for letter, deck in decks.items():
        check_source(deck.source, f, f"decks.{letter}")
        for index, card in enumerate(deck.cards):
            entry = f"decks.{letter}.cards[{index}]"
            if card.number != index + 1:
                raise DataError(f, entry, f"cards are numbered 1, 2, 3... in order; "
                                f"expected {index + 1}, got {card.number}")
            if card.kind in ("climb", "dive") and index < len(deck.cards) - 2:
                raise DataError(f, entry, "climb and dive must be the deck's last two cards")
            if card.heading % 360 not in range(360):
                raise DataError(f, entry, "heading must be whole degrees")
        kinds = [c.kind for c in deck.cards]
        if kinds[-2:] != ["climb", "dive"]:
            raise DataError(f, f"decks.{letter}", "the last two cards are climb and dive")
        if kinds.count("straight") < 1 or kinds.count("stall") < 1:
            raise DataError(f, f"decks.{letter}", "a deck needs a straight and a stall")

    f = files["aircraft.toml"]
    for key, plane in aircraft.items():
        check_source(plane.source, f, f"aircraft.{key}")
        if plane.maneuver_deck not in decks:
            raise DataError(f, f"aircraft.{key}.maneuver_deck",
                            f"no maneuver deck {plane.maneuver_deck!r} in maneuvers.toml")
        if not plane.damage_front and not plane.damage_rear:
            raise DataError(f, f"aircraft.{key}", "an aircraft needs a front or a rear gun")
        if plane.structure < 1 or plane.climb < 1 or plane.max_altitude < 1:
            raise DataError(f, f"aircraft.{key}", "structure, climb and max_altitude are "
                            "positive")

    f = files["damage.toml"]
    damage: dict[str, tuple[DamageCard, ...]] = {}
    for letter, deck_data in damage_decks.items():
        check_source(deck_data.source, f, f"decks.{letter}")
        cards: list[DamageCard] = []
        for row in deck_data.cards:
            if row.count < 0 or row.points < 0:
                raise DataError(f, f"decks.{letter}", "counts and points cannot be negative")
            for _ in range(row.count):
                cards.append(DamageCard(letter, len(cards) + 1, row.points, row.symbol))
        if not cards:
            raise DataError(f, f"decks.{letter}", "the deck holds no card")
        damage[letter] = tuple(cards)
    for letter in ("A", "B"):
        if letter not in damage:
            raise DataError(f, "decks", f"deck {letter} is missing (B also orders collisions)")

    f = files["table.toml"]
    for name, part in (("base", table.base), ("ruler", table.ruler),
                       ("play_area", table.play_area), ("landing_field", table.landing_field)):
        check_source(part.source, f, name)
    check_source(table.ground_slide.source, f, "ground_slide")
    if table.ground_slide.reach < 0 or table.ground_slide.step <= 0:
        raise DataError(f, "ground_slide", "the reach cannot be negative, the step is positive")
    for i, roll in enumerate(table.ground_roll):
        check_source(roll.source, f, f"ground_roll[{i}]")
        if roll.accident_cards < 0 or roll.step < 0 or roll.next < 0:
            raise DataError(f, f"ground_roll[{i}]", "steps and cards cannot be negative")
    if table.base.length <= 0 or table.base.width <= 0 or table.ruler.length <= 0:
        raise DataError(f, "base", "base and ruler lengths must be positive")
    if not 0 < table.arcs.front_half_angle < 180 or not 0 < table.arcs.rear_half_angle < 180:
        raise DataError(f, "arcs", "half angles are between 0 and 180 degrees")

    plannable = {(letter, altitude): tuple(c.number for c in deck.cards
                                           if altitude or c.kind not in ("climb", "dive"))
                 for letter, deck in decks.items() for altitude in (False, True)}
    return WowData(aircraft, decks, damage,
                   {k: v.source for k, v in damage_decks.items()}, table, files, plannable)


@per_data_dir
def dataset() -> WowData:
    """The data the rules use: the shipped files, or a player's copies (loaded once
    per ``$DOGFIGHT_DATA_DIR``)."""
    return load()



def card_end_pose(card: Card, base_length: float) -> tuple[float, float, int]:
    """The move of the base's centre (dx forward, dy left) and its turn, for a card."""
    half = base_length / 2
    turn = math.radians(card.heading)
    # start centre is half a base behind the front edge's centre (the origin of x, y)
    dx = half + card.x + half * math.cos(turn)
    dy = card.y + half * math.sin(turn)
    return dx, dy, card.heading
