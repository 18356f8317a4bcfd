"""Les Ailes de la Gloire's options and state: immutable msgspec structs (a change is a
``replace``). One seat flies one aircraft (book § Choisir les avions: "chaque joueur
choisit un appareil de son camp"); a seat is named by its side and counter number
(``allied-13``, ``german-49``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.core import Rng, Seat
from dogfight.games.ailes_de_la_gloire.data import Level, Side
from dogfight.kit.grids import Cell
from dogfight.kit.piles import Cup
from dogfight.kit.prompts import Frame

#: The largest number of aircraft in one game (a table of players; not a rule).
MAX_FLYERS = 12


class AilesRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Options of the book, each a switch (defaults: the book's normal game)."""

    pilot_killed_chit: bool = False
    """Put the double "Pilote tué" chit back in the cup (36 chits; § Les Pions de Dégâts,
    ruling R1)."""
    reduced_fuel: bool = False
    """RÉDUCTION DE LA CONSOMMATION: half consumption (every player must agree)."""
    nieuport_variant: bool = False
    """La Variante du Nieuport 17: Nieuport 17s carry 1A + 1L (§ Tableau des
    Caractéristiques, "* Quelques Nieuports portent en plus 1AL")."""
    other_edges: Literal["forbidden", "disengage"] = "forbidden"
    """Ruling R15: a maneuver leaving the map by another edge than one's own is illegal
    ("forbidden"), or takes the aircraft out of the fight, neither fled nor shot down
    ("disengage")."""


class Flyer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One player's aircraft: its type (a key of the characteristics table) and, if the
    player wants a given one, its counter number (else the lowest free counter)."""

    aircraft: str
    counter: int | None = None


class AilesOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    flyers: tuple[Flyer, ...] = (Flyer("spad-13"), Flyer("fokker-d7"))
    rules: AilesRules = AilesRules()


class Gun(msgspec.Struct, frozen=True):
    """A gun on the Feuille de Vol: whose it is, whether it is a Lewis, its state."""

    mount: Literal["pilot", "observer"]
    lewis: bool
    jammed: bool = False
    destroyed: bool = False
    ammunition: int = 0
    """Lewis boxes crossed out so far (5 a drum, 20 in all; § MITRAILLEUSES LEWIS)."""


class Plane(msgspec.Struct, frozen=True):
    """One aircraft in play and its Feuille de Vol."""

    seat: Seat
    side: Side
    aircraft: str
    counter: int
    stability: Literal["A", "B", "C"]
    wings: int
    engine: int
    fuselage: int
    tail: int
    """Boxes left in each part (the table's value; § Remplir la Feuille de Vol)."""
    fuel: int
    """Fuel points left (twice the boxes with the reduced consumption rule)."""
    guns: tuple[Gun, ...]
    cell: Cell | None = None
    facing: int = 0
    level: Level = "M"
    placed: bool = False
    previous: str | None = None
    """The maneuver flown last turn (None on the first turn: any maneuver, § Commencez
    à Jouer)."""


Phase = Literal["set-up", "tailing", "maneuver", "fuel", "movement", "combat", "damage",
                "recovery", "problems", "fire-damage", "extinction", "over"]
#: The ten phases of a turn, in the book's order (§ DÉROULEMENT DU TOUR DE JEU).
PHASES: tuple[Phase, ...] = ("tailing", "maneuver", "fuel", "movement", "combat", "damage",
                             "recovery", "problems", "fire-damage", "extinction")


class AilesState(msgspec.Struct, frozen=True):
    options: AilesOptions
    rng: Rng
    planes: tuple[Plane, ...]
    cup: Cup[int]
    """The damage chits in the cup, by number (data ``chits.toml``)."""
    phase: Phase = "set-up"
    turn: int = 0
    prompts: tuple[Frame, ...] = ()

    def plane(self, seat: Seat) -> Plane:
        return next(p for p in self.planes if p.seat == seat)
