"""The state of a Down In Flames game: immutable structures, copied by ``replace``.

Book: ``shared/seeds/004_fe250b7836505b34.txt``. Names follow the book's English card
titles; positions are numbers from the holder's side: +2 tailing, +1 advantaged, 0
neutral, -1 disadvantaged, -2 tailed (book § Positions).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.core import Rng
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import Frame
from dogfight.kit.sealed import Sealed

ALTITUDES = ("very-low", "low", "medium", "high", "very-high")
"""Book § Altitude: five levels, index 0 (Très Basse) to 4 (Très Haute)."""
START_ALTITUDES = ("very-low", "low", "medium")
"""Book § Choisir l'altitude; a turbocharger adds High (book § Turbocharger)."""
FORMATIONS = ("column", "line", "box")
"""How the attacker arranges bombers of one altitude (book § Formations de
bombardiers; the three pictured examples are lost, these three shapes are derived:
one behind the other, side by side, two abreast)."""

Side = str  # "axis" / "allies", or a seat in free-for-all


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Optional rules (book § Règles optionnelles), each a switch."""

    wingmen: bool = False
    """§ Ailiers: a side's fighters pair as leader and wingman (first and second)."""
    free_for_all: bool = False
    """§ Chacun pour soi: every seat for itself, order drawn each turn."""
    vp_balancing: bool = False
    """§ Equilibrer les points de victoire: the weaker side starts with the difference."""
    altitude_bonus: bool = False
    """§ Cartes bonus pour altitude de départ: +2 cards at Very Low, +1 at Low."""
    experienced_pilots: bool = False
    """§ Marqueurs de pilote expérimenté: a pilot marker chosen with the fighter."""


class MissionOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One campaign mission (book § Jouer une campagne)."""

    sortie: str = ""
    """"<campaign>:<side>:<from>:<target>", one attack arrow of a sheet (the lobby's
    choice); when given it sets campaign, attacker, origin and target."""
    campaign: str = "poland-1939"
    target: int = 3
    attacker: Literal["axis", "allies"] | Literal[""] = ""
    """The side with the initiative flies the attack; "" = the campaign's initiative."""
    origin: int | Literal["start"] = "start"
    """The arrow's tail: "start" or a target the attacker controls."""
    scale: int = 1
    """§ Augmenter l'échelle d'une campagne: aircraft and target values times this."""
    used: list[str] = []
    """Campaign options already used, "<side>:<number>" (each once a campaign)."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    mode: Literal["dogfight", "mission"] = "dogfight"
    vp: int = 12
    """§ Mise en place: the agreed victory points (each seat's fighters at most this)."""
    year: int = 1940
    """§ Mise en place: the agreed year (fighters in service by then)."""
    seats_per_side: int = 1
    """More than one: team play (book § Jeu par équipes)."""
    planes_per_seat: int = 1
    """More than one: § Voler sur plusieurs appareils."""
    side_seats: dict[Literal["allies", "axis"], int] = {}
    """Seats of one side, instead of ``seats_per_side`` (teams of different sizes:
    book § Jeu par équipes, two Axis players against three Allied ones)."""
    side_planes: dict[Literal["allies", "axis"], int] = {}
    """Aircraft per seat of one side, instead of ``planes_per_seat`` (three Emils
    against one Spitfire: § Voler sur plusieurs appareils)."""
    historical: bool = True
    """§ Nationalité et année: Axis fighters against Allied fighters."""
    turns: int = 6
    """§ Mise en place: six turns each (a campaign sheet gives its own)."""
    deck: Literal["full", "pacific", "europe"] = "full"
    """§ Cartes d'Action Pacifique / Europe: 55 cards of one theatre."""
    decks: int = 1
    """§ Plusieurs paquets de cartes d'Action."""
    aircraft: dict[str, str] = {}
    """Plane id -> aircraft id fixed in advance (scenarios, scripts); else chosen in secret."""
    pilots: dict[str, str] = {}
    """Plane id -> pilot marker fixed in advance (experienced pilots)."""
    stack: list[str] = []
    """Cards put on top of the shuffled deck, first drawn first (book examples in scripts)."""
    first: str = ""
    """The plane that acts first (book examples); else drawn at random."""
    mission: MissionOptions = MissionOptions()
    rules: Rules = Rules()


class Plane(msgspec.Struct, frozen=True, gc=False):
    id: str
    seat: str
    side: Side
    aircraft: str = ""
    """"" until its owner's secret choice is revealed."""
    pilot: str = ""
    hand: tuple[str, ...] = ()
    altitude: int = -1
    """Index in ALTITUDES; -1 until the secret choice is revealed."""
    damage: int = 0
    down: bool = False
    bomber: bool = False
    """A bomber card (it has turrets, never a turn of its own)."""
    loaded: bool = False
    """A fighter-bomber with its bombs (book § Chasseurs-bombardiers): flies as a bomber."""
    acted: bool = False
    spent: int = 0
    """Bursts spent this turn (book § Jouer des Rafales contre des appareils différents)."""
    gunner_spent: int = 0
    extra_hits: int = 0
    """+1 hit cards played for the next attack of this turn."""
    agile_used: bool = False
    evasive: bool = False
    aces: int = 0
    """Ace Pilot markers left (pilot marker AP1/AP2)."""
    leader: str = ""
    """Wingmen: this plane's leader."""
    row: int = 0
    col: int = 0
    """A bomber's place in its formation (row 0 is the front)."""
    turret_hand: tuple[str, ...] = ()
    """A bomber's temporary hand while a fighter attacks it (book § Tourelles)."""
    turret_drawn: bool = False
    selected: str = ""
    """A fighter's chosen bomber this turn (book § Choisir un bombardier à attaquer)."""
    late: bool = False
    """Campaign option Late: no action and no target during the first turn."""
    hits_dealt: int = 0
    gone: bool = False
    """Sent home before the last turn (campaign option Fuel): out, not shot down."""
    pattern: str = ""
    """A bomber's bombing pattern, once declared."""


class Chain(msgspec.Struct, frozen=True, gc=False):
    """An action and the reactions to it (book § Jouer une carte)."""

    kind: Literal["attack", "gunner", "maneuver", "speed", "scissors", "barrel-roll"]
    actor: str
    target: str
    card: str = ""
    steps: int = 0
    hits: int = 0
    fuel_tank: bool = False
    plays: tuple[tuple[str, str], ...] = ()
    """(plane, card) in the order played, the action first."""
    last: str = ""
    """What the last card is, for "React To": a title or "Maneuver"."""
    responder: str = ""
    """The plane asked to react now."""
    # a bomber's answer (book § Cartes d'Action des bombardiers)
    bomber_card: str = ""
    bomber_hits: int = 0
    bomber_boost: int = 0
    reduce: int = 0
    stop_fuel: bool = False
    bomber_done: bool = False


class Mission(msgspec.Struct, frozen=True):
    campaign: str
    target: int
    attacker: str
    defender: str
    damaged: int
    destroyed: int
    flak: int
    flak_pattern: str = ""
    bombs: int = 0
    status: str = ""
    vp: tuple[tuple[str, int], ...] = ()
    options: tuple[tuple[str, int, str], ...] = ()
    """(side, option number, choice) as revealed."""
    vital: tuple[str, ...] = ()


Phase = Literal["options", "choose", "formation", "altitude", "flak", "start", "order",
                "jettison", "climb", "speed", "actions", "discard", "bombing", "over"]
"""The step of the sequence of play; "start" only between a set-up decision and the
first fighter drawn (``turn.proceed``), never seen by a player."""


class DifState(msgspec.Struct, frozen=True, gc=False):
    options: Options
    rng: Rng
    deck: Pile[str]
    """The action deck, top first, and its discard pile."""
    planes: tuple[Plane, ...]
    seats: tuple[tuple[str, Side], ...]
    phase: Phase
    turn: int = 1
    turns: int = 6
    positions: tuple[tuple[str, str, int], ...] = ()
    """(holder, target, 1 advantaged or 2 tailing)."""
    order: tuple[str, ...] = ()
    """Free-for-all: this turn's order of planes."""
    first_side: Side = ""
    active: str = ""
    last_side: Side = ""
    sealed: Sealed[str] = Sealed()
    """Secret choices not yet revealed, by plane (fighter "<aircraft>|<pilot>", or
    altitude) or by side (campaign option "<number>|<choice>")."""
    speed_target: str = ""
    speed_points: int = 0
    chain: Chain | None = None
    balance: tuple[tuple[str, int], ...] = ()
    """Victory points granted at the start (VP balancing, campaign options)."""
    mission: Mission | None = None
    formed: tuple[int, ...] = ()
    """Altitudes whose bombers are arranged in formation."""
    result: str = ""
    prompts: tuple[Frame, ...] = ()
    """Who must decide now (the kit's prompt stack, top last): the step of the sequence
    of play at the bottom, and above it the interruptions pushed by the rules, the last
    the most urgent: a reaction to the chain (``react``), the fighters that may follow
    an altitude change (``follow``), the defender's choice of a bomber (``pick``),
    Evasive against hits about to land (``evasive``), a stall's discard (``stall``)."""
