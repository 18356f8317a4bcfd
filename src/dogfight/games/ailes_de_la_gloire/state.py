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
from dogfight.games.ailes_de_la_gloire.pilots import PilotRecord, Skill
from dogfight.kit.grids import Cell
from dogfight.kit.piles import Cup
from dogfight.kit.prompts import Frame
from dogfight.kit.sealed import Sealed

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
    formation: bool = False
    """Vol en Formation (LE SECRET): if both sides agree, each side's first aircraft
    leads a formation."""
    formation_leaders: int = 0
    """Vol en Formation in a large game: formation leaders a side besides the squadron
    leader (each formation one or two pilots besides its leader; ``formation.py``)."""
    other_edges: Literal["forbidden", "disengage"] = "forbidden"
    """Ruling R15: a maneuver leaving the map by another edge than one's own is illegal
    ("forbidden"), or takes the aircraft out of the fight, neither fled nor shot down
    ("disengage")."""


class Flyer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One player's aircraft: its type (a key of the characteristics table) and, if the
    player wants a given one, its counter number (else the lowest free counter); with a
    campaign, its pilot's record (LES PILOTES)."""

    aircraft: str
    counter: int | None = None
    pilot: PilotRecord | None = None


class AilesOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    flyers: tuple[Flyer, ...] = (Flyer("spad-13"), Flyer("fokker-d7"))
    rules: AilesRules = AilesRules()


Attitude = Literal["level", "climb", "dive"]
ATTITUDES: tuple[Attitude, ...] = ("level", "climb", "dive")


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A maneuver written on the Feuille de Vol: its code and, after it, "Monté" or
    "Piqué" (``climb``, ``dive``) or nothing (``level``); or ``{"code": "vrille"}``, a
    voluntary spin (§ Les Vrilles)."""

    code: str
    altitude: Attitude = "level"


class Gun(msgspec.Struct, frozen=True):
    """A gun on the Feuille de Vol: whose it is, whether it is a Lewis, its state."""

    mount: Literal["pilot", "observer"]
    lewis: bool
    jammed: bool = False
    destroyed: bool = False
    drum: int = 5
    """Lewis: boxes left in the drum on the gun (5 a drum; § MITRAILLEUSES LEWIS)."""
    spare_drums: int = 3
    """Lewis: full drums left (four drums a gun, the first on the gun)."""


Fate = Literal["fled", "shot-down", "prisoner", "disengaged", "killed"]
Face = Literal["blue", "red"]
Towards = Literal["ahead", "behind", "other"]
"""Where fire came from, seen from its target (§ Modificateur de Direction)."""


class Damage(msgspec.Struct, frozen=True):
    """Damage drawn in the combat phase, recorded now and applied in the damage phase
    (§ 6. Les Dégâts): the chits' faces as (chit number, "blue" or "red"), with the
    direction each came from (for the direction modifier and the rudder/engine swap)."""

    chits: tuple[tuple[int, Face, Towards], ...]


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
    novice: bool = False
    """A campaign novice (LES PILOTES): no tailing of enemies, no special maneuvers, spins
    on 4-6, recovers only on 4-6."""
    ace: bool = False
    skills: tuple[Skill, ...] = ()
    observer_skills: tuple[Skill, ...] = ()
    previous: str | None = None
    """The maneuver flown last turn (None on the first turn: any maneuver, § Commencez
    à Jouer; "OV2" after a spin)."""
    fate: Fate | None = None
    """Out of the fight: fled, shot down, prisoner, disengaged (ruling R15), killed."""
    spinning: bool = False
    spin_turn: int = 0
    """The turn the spin began (no recovery that turn)."""
    spin_for_good: bool = False
    """A spin that cannot be recovered (a part destroyed, the pilot killed: R11)."""
    glide_turns: int = 0
    """Turns glided since the last descent (§ Planer: one level every two turns)."""
    smoke: bool = False
    fire: bool = False
    must_max_speed: bool = False
    """After a spin recovery: next maneuver at maximum speed (§ Sortir d'une vrille)."""
    rudder: Literal["G", "D"] | None = None
    rudder_turns: int = 0
    wound_straight: int = 0
    """Turns left of "Avant" maneuvers (Pilote gazé; ruling R4)."""
    wound_slower: bool = False
    no_special: bool = False
    no_fast: bool = False
    forced: Literal["climb", "dive"] | None = None
    """A medium or long burst at another level: climb or dive next turn (§ Le Combat)."""
    observer: Literal["none", "ok", "killed", "prisoner"] = "none"
    observer_wounded: int = 0
    """Turns the observer still cannot fire (§ Observateur Blessé)."""
    pilot_target: Seat | None = None
    observer_target: Seat | None = None
    """Whom the pilot and the observer fired at last turn (§ Cible Acquise)."""
    long_burst: tuple[int, ...] = ()
    """Guns that fired a long burst this turn (jam rolls in § 8. Les Problèmes)."""
    incoming: Damage = Damage(())
    hit_by: tuple[tuple[Seat, Literal["pilot", "observer"]], ...] = ()
    """Who hit it last, pilot or observer (§ Victoires Homologuées)."""
    burned: bool = False
    """Destroyed by a fire-damage chit: no victory (§ Victoires Homologuées, R29)."""
    combat_turns: int = 0
    """Turns on the map while an enemy was on it (L'Expérience, ruling R27)."""

    @property
    def flying(self) -> bool:
        return self.fate is None

    @property
    def gliding(self) -> bool:
        """§ Planer: no fuel left, or the engine destroyed."""
        return self.fuel <= 0 or self.engine <= 0


Burst = Literal["short", "medium", "long"]


class Shot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One gunner's fire: ``{"target": "german-49", "burst": "long"}``."""

    target: Seat
    burst: Burst


class Order(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A fire order, written in secret at the start of the combat phase: the pilot's
    shot and the observer's (None: no fire), both written: ``{}`` is not an order (the
    page, the pilots and saves write ``{"pilot": null, "observer": null}`` to hold fire)."""

    pilot: Shot | None
    observer: Shot | None


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
    tails: tuple[tuple[Seat, Seat], ...] = ()
    """Who tails whom this turn (tailer, tailed), set in the tailing phase."""
    circle_order: tuple[Seat, ...] = ()
    """The seats of circular tailing chains, lowest die first (§ Cas Particuliers)."""
    tokens_shown: tuple[Seat, ...] = ()
    """The tailed aircraft that have shown their tokens this turn."""
    codes: Sealed[Choice] = Sealed()
    """The maneuvers written this turn, secret to all but their writer."""
    flown: tuple[tuple[Seat, Choice], ...] = ()
    """The maneuvers revealed this turn (from the movement phase on)."""
    orders: Sealed[Order] = Sealed()
    """The fire orders written this turn (§ Enregistrement), secret until resolved."""
    result: str | None = None

    def plane(self, seat: Seat) -> Plane:
        for p in self.planes:
            if p.seat == seat:
                return p
        raise KeyError(seat)  # never for a seat of the game

    def with_plane(self, plane: Plane) -> AilesState:
        """The state with ``plane`` replacing the aircraft of its seat."""
        planes = tuple(plane if p.seat == plane.seat else p for p in self.planes)
        return msgspec.structs.replace(self, planes=planes)

    def flown_by(self, seat: Seat) -> Choice | None:
        return next((c for s, c in self.flown if s == seat), None)
