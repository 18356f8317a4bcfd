"""Age of Dogfights' options and state: immutable msgspec structs (a change is a
``replace``). Pure data: the chapters' modules hold the rules over it."""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.core import Rng, Seat
from dogfight.kit.prompts import Frame

SEATS: tuple[Seat, Seat] = ("allies", "germany")
"""The two players: the German aircraft, and the French or British (REGLES GENERALES)."""

Where = Literal["patrol", "access", "zone", "left", "down"]
"""Where an aircraft is: in its patrol zone, on an access point, in the combat zone, out
of it for good (withdrawn or through), or shot down (PLATEAU et EXTENSIONS, REGLES
GENERALES)."""

Tilt = Literal["level", "up", "down"]
"""Level flight, "montée annoncée" or "descente annoncée" (CHANGEMENT d'ALTITUDE)."""

Pilot = Literal["average", "ace", "rookie"]
"""The pilot's skill (PILOTES): a secret of its owner until it fires, when hidden."""


class Aircraft(msgspec.Struct, frozen=True):
    """One piece and its control panel's line."""

    nation: str
    number: int
    kind: str
    """The aircraft type's id in ``aircraft.toml``."""
    seat: Seat
    where: Where = "patrol"
    point: tuple[int, int] | None = None
    """Axial ``(q, r)`` of the kit's triangle grid, in the zone or on an access point."""
    facing: int = 0
    level: int = 1
    tilt: Tilt = "level"
    damage: tuple[str, ...] = ()
    """The damage markers (wings, tail, guns, engine): two shoot it down."""
    bursts: tuple[int, int, int] = (0, 0, 0)
    """Bursts left: front (fixed or nose), tail, ventral (the red cursors)."""
    jammed: tuple[str, ...] = ()
    """Red cursors jammed (front, tail, ventral: the cursor crosswise)."""
    throttle: int = 0
    """Safe full-throttle uses left (the green cursor); -1 once removed."""
    pilot: Pilot = "average"
    kills: int = 0
    border: bool = False
    """It ended its last move in the border zone (LA ZONE EXTERIEURE)."""
    fired: tuple[str, ...] = ()
    """Red cursors (front, tail, ventral) that fired defensively this enemy turn."""
    revealed: bool = True
    """Its pilot's slip has been shown (it fired), or pilots are open (PILOTES)."""
    over: tuple[str, int, int] | None = None
    """Over a target zone: its letter, the points flown over in it, at which level."""
    photos: tuple[str, ...] = ()
    """The photo markers on its panel (RECONNAISSANCE)."""
    home: bool = False
    """It left the combat zone by the side its task sends it to (its own side with its
    photos; the far side breaking through)."""
    bombs: int = 0
    """Bombs on its panel (BOMBARDEMENT)."""
    drops: tuple[str, ...] = ()
    """The zones it has bombed."""

    @property
    def id(self) -> str:
        return f"{self.nation}-{self.number}"


class Cloud(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A cloud marker: the point it covers (``[column, row]``) and its top level, L1,
    L2 or L3 (LES NUAGES; R27)."""

    cell: tuple[int, int]
    top: int = 1


class AgeRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Optional rules and variants, each a switch (R20)."""

    wind: Literal["roll", "NE", "E", "SE", "SW", "W", "NW"] | None = None
    """Where the wind blows from (LE VENT), or ``roll`` for the red die at the set-up."""
    sun: Literal["roll", "E", "SE", "SW", "W"] | None = None
    """Where the sun stands (LE SOLEIL), or ``roll`` for the blue die at the set-up (the
    options in the state then hold the face's place); None: too high to matter."""
    clouds: tuple[Cloud, ...] = ()
    all_aces: bool = False
    """"As contre As" (NOTES): every fighter pilot an ace."""
    strict_dive: bool = False
    """R6's option: no tilt at all after a three-level dive (the summary's reading)."""
    plain: bool = False
    """NOTES: the aircraft's special characteristics (fast climb, slow descent, the
    gyroscopic effect) not applied."""
    single_level: bool = False
    """NOTES: the whole game at one altitude (L3, derived)."""
    experience: bool = True
    """GAGNER DE L'EXPERIENCE (R20: a switch): kills make rookies average and aces."""
    withdrawn_only: bool = False
    """R21's option: the 0.5 points only for damaged aircraft that withdrew."""
    hidden_pilots: bool = False
    """PILOTES: each player writes his aces' and rookies' numbers on slips, shown only
    when that aircraft fires."""
    bonus_round: bool = False
    """COMBAT AERIEN TOURNOYANT: when the player left with aircraft has fewer battle
    points, a bonus round with the undamaged survivors, refuelled and rearmed."""


_FIGHTERS: dict[str, tuple[str, ...]] = {
    "allies": ("britain-4", "britain-5", "britain-6", "france-10", "france-11", "france-12"),
    "germany": ("germany-4", "germany-5", "germany-6", "germany-10", "germany-11",
                "germany-12"),
}
_BOMBERS: dict[str, tuple[str, ...]] = {
    "allies": (*_FIGHTERS["allies"], "britain-16", "britain-17", "britain-18"),
    "germany": (*_FIGHTERS["germany"], "germany-16", "germany-17", "germany-18"),
}
DEFAULT_ROSTERS: dict[str, dict[str, tuple[str, ...]]] = {
    "dogfight": _FIGHTERS,
    "bombing": _BOMBERS,
    "breakthrough": _BOMBERS,
    "combined": {
        "allies": (*_BOMBERS["allies"], "france-13", "france-14", "france-15"),
        "germany": (*_BOMBERS["germany"], "germany-13", "germany-14", "germany-15")},
    "ground-attack": {
        "allies": tuple(f"france-{n}" for n in range(1, 13)),
        "germany": tuple(f"germany-{n}" for n in range(4, 19))},
    "general": {"allies": ("france-13", "france-4", "france-5", "france-6", "france-10",
                           "france-11", "france-12"),
                "germany": _FIGHTERS["germany"]},
    "reconnaissance": {
        "allies": (*_FIGHTERS["allies"], "france-13", "france-14", "france-15"),
        "germany": (*_FIGHTERS["germany"], "germany-13", "germany-14", "germany-15")},
}
"""Each mode's rosters when none are given (derived: six fighters a side, and in the
reconnaissance mode three reconnaissance aircraft as in "Volez haut", in the bombing
modes three bombers)."""


class AgeOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The agreed set-up (MISE EN PLACE): each side's aircraft (``nation-number``), the
    pilots marked ace or rookie (open markers), who plays first (R11), the board's
    pieces, the fighters allowed in the zone, and a turn limit after which the points
    decide (derived: the book sets none)."""

    allies: tuple[str, ...] = ()
    """The allied aircraft; empty: the mode's default (:data:`DEFAULT_ROSTERS`)."""
    germany: tuple[str, ...] = ()
    aces: tuple[str, ...] = ()
    rookies: tuple[str, ...] = ()
    mode: Literal["dogfight", "reconnaissance", "bombing", "breakthrough", "combined",
                  "general"] = "dogfight"
    """The game mode (MODES DE JEU), or the scenario "Interceptez le général"."""
    scenario: Literal["fly-high", "ground-attack"] | None = None
    """A scenario on a mode: "Volez haut" (reconnaissance) or "Attaque au sol"
    (breakthrough); "Interceptez le général" is the mode ``general``."""
    task_side: Literal["allies", "germany"] | None = None
    """The asymmetric reconnaissance variant: only this side photographs (RECONNAISSANCE);
    None: both."""
    escorts: tuple[str, ...] = ()
    """Reconnaissance aircraft flying as fighters in the bombing modes, without a bomb
    (BOMBARDEMENT)."""
    disarmed: tuple[str, ...] = ()
    """Reconnaissance aircraft flying without guns, one step faster (MODES DE JEU; not in
    the dogfight mode)."""
    first: Literal["allies", "germany"] = "allies"
    pieces: int = 3
    sides: Literal["short", "long"] = "short"
    """Each player's side of the board (MISE EN PLACE): the short sides (the allies West,
    the Germans East) or the long ones (the allies South, the Germans North)."""
    target_zones: Literal["given", "agreed"] = "given"
    """Where the target zones go (MARQUEURS DE ZONE CIBLE: "at agreed or given
    positions"): the given ones, or placed by the players at the set-up (one proposes,
    the other agrees or proposes back)."""
    max_fighters: int = 6
    turns: int = 20
    rules: AgeRules = AgeRules()


Phase = Literal["targets", "pilots", "place", "fly", "reinforce", "over"]
"""The step of the sequence of play: the target zones agreed (RECONNAISSANCE), the
secret pilot slips (PILOTES), aircraft put on
access points (MISE EN PLACE), the
moves and fire of the active player's aircraft (UN TOUR), aircraft brought up from
patrol (UN TOUR), the end."""

Stage = Literal["attitude", "route", "steer", "tilt", "land", "fire", "riposte", "burst",
                "last", "done"]
"""Where a flight stands: its level change and unjamming chosen, its path begun (R16),
stepped, its last attitude chosen, the move made, its fire, the enemy's riposte after
a shot, the long burst, the enemy's last riposte once it holds fire, done."""


class Flight(msgspec.Struct, frozen=True):
    """The aircraft moving now: its die, its level change, its path so far, R16's
    relaxations, the cursors that fired or cannot fire this move."""

    aircraft: str
    die: int
    stage: Stage = "attitude"
    change: int = 0
    unjam: bool = False
    path: str = ""
    relax: int = 0
    """R16: 1 the border rule relaxed, 2 the rule of the point ahead too."""
    tilt: Tilt = "level"
    fired: tuple[str, ...] = ()
    way: str = ""
    """A whole legal path through the steps taken, the one offered with the last step
    (for the record and the pilots: never a rule)."""


class Burst(msgspec.Struct, frozen=True):
    """An offensive shot whose long burst may follow (RAFALE LONGUE)."""

    target: str
    position: str
    group: str
    column: Literal["A", "B"]


class AgeState(msgspec.Struct, frozen=True):
    options: AgeOptions
    rng: Rng
    turn: int
    active: Seat
    phase: Phase
    aircraft: tuple[Aircraft, ...]
    prompts: tuple[Frame, ...] = ()
    moved: tuple[str, ...] = ()
    flight: Flight | None = None
    burst: Burst | None = None
    reinforced: int = 0
    wind: str | None = None
    """Where the wind blows from (LE VENT), or None."""
    result: str | None = None
    round: int = 1
    """2 in the bonus round (COMBAT AERIEN TOURNOYANT)."""
    first_round: Seat | None = None
    """The player left with aircraft at the end of the first round, once a bonus round
    is played."""
    targets: tuple[tuple[int, int], ...] = ()
    """The agreed target zones of the first player (``[column, row]`` of each zone's
    top-left point, A, B, C; the second's are mirrored); empty: the given positions."""
