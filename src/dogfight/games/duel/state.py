"""The duel's options and state: immutable msgspec structs (a change is a ``replace``)."""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.core import Rng, Seat
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import Frame
from dogfight.kit.sealed import Sealed

SEATS: tuple[Seat, Seat] = ("red", "blue")


class DuelRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Optional rules, each a switch."""

    jams: bool = False


class DuelOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 6
    structure: int = 5
    rules: DuelRules = DuelRules()


class Pilot(msgspec.Struct, frozen=True):
    deck: Pile[int]
    """The pilot's own damage deck, face down (its order is nobody's)."""
    damage: int = 0
    incoming: int = 0
    """Damage drawn this round, applied at its end (rule 4)."""
    cards_taken: int = 0
    jammed: int = 0
    shot_down: bool = False


Phase = Literal["plan", "fire", "over"]


class DuelState(msgspec.Struct, frozen=True):
    options: DuelOptions
    rng: Rng
    round: int
    phase: Phase
    pilots: tuple[Pilot, Pilot]
    prompts: tuple[Frame, ...] = ()
    orders: Sealed[str] = Sealed()
    """The maneuvers sealed this round, by seat (rule 2)."""
    revealed: tuple[str, str] | None = None
    shooters: tuple[int, ...] = ()
    result: str | None = None
