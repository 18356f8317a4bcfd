"""Down In Flames data: aircraft cards, the 110-card action deck, the rule tables of the
book's text (``rules.toml``: horsepower and bonus cards by altitude, bursts by position,
flak and bombing patterns, pilot markers), campaign sheets.

The cards and sheets are pictures in the rule book (``shared/seeds/004_fe250b7836505b34.txt``):
the files hold every figure its text pins down (``source = "book: ..."``) and derive the
rest (``source = "derived: ..."``). A player who owns the cards copies a file to
``$DOGFIGHT_DATA_DIR/down-in-flames/`` (campaigns to ``.../campaigns/``, where a new
sheet may also be added) and edits it; that copy is loaded instead. Everything is
checked on load: a malformed file is refused naming the file, the entry and the reason.
Each aircraft's figures for every pilot marker and side of its card are computed once on
load (:attr:`DifData.profiles`); :func:`dataset` is the data as loaded.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, NamedTuple

import msgspec

from dogfight.core import DataError
from dogfight.core.data import (
    check_source,
    check_sources,
    data_file,
    load_table,
    load_toml,
    per_data_dir,
)
from dogfight.games.down_in_flames.tables import (
    NO_PILOT,
    AltitudeRow,
    PilotMarker,
    RuleTables,
)

GAME_ID = "down-in-flames"
HERE = Path(__file__).parent
BOOK = "004_fe250b7836505b34.txt"
DECK_SIZE = 110  # book § Préparer les cartes: "les 110 cartes d'Action"
YEARS = range(1930, 1946)

Side = Literal["axis", "allies"]
Nation = Literal["Germany", "Japan", "United Kingdom", "USSR", "Poland", "United States"]
# book § Nationalité et année: the Axis (Germany and Japan) and the Allies (United
# Kingdom, Russia, Poland and the United States)
SIDE_OF: dict[str, Side] = {"Germany": "axis", "Japan": "axis", "United Kingdom": "allies",
                            "USSR": "allies", "Poland": "allies", "United States": "allies"}
Altitude = Literal["very-low", "low", "medium", "high", "very-high"]
Special = Literal["gunner", "turbocharger", "agile", "barrage", "bomber", "fighter-bomber"]
Kind = Literal["attack", "reaction", "attack & reaction", "maneuver", "tactic", "+1 hit"]
BARS = ("attack", "reaction", "attack & reaction")
# React To entries that are not card titles: a card played as a maneuver (speed
# maneuvers included) and any card played against your aircraft (Ace Pilot).
REACT_TOKENS = ("Maneuver", "Any")
TargetKind = Literal["tanks", "infantry", "factory", "bridge", "airfield", "cargo-ship",
                     "carrier", "railway"]
OptionKind = Literal["altitude", "bombs", "defense", "fighter", "bomber", "flak", "fuel",
                     "gunner", "late", "pilot-names", "press", "rest", "shortage",
                     "sun-at-your-back", "support", "vital-mission", "winds"]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# -- aircraft ----------------------------------------------------------------------------
class Damaged(_Strict, frozen=True):
    """The figures of the card's damaged side (book § Endommager des chasseurs)."""

    speed: int
    performance: int
    horsepower: tuple[int, int]
    bursts: int
    firepower: int
    turrets: tuple[int, int] = (0, 0)


class Aircraft(_Strict, frozen=True):
    name: str
    nation: Nation
    year: int
    speed: int
    performance: int
    horsepower: tuple[int, int]  # [pre-turn, post-turn]
    bursts: int
    firepower: int
    airframe: tuple[int, int]  # [hits to turn it damaged, hits in all to shoot it down]
    vp: int
    damaged: Damaged
    source: str
    specials: list[Special] = []
    gunner: int = 0  # the gunner's bursts
    bombs: tuple[int, int] = (0, 0)  # [healthy, damaged]
    turrets: tuple[int, int] = (0, 0)  # bombers: [defense, support]
    altitude: Altitude | Literal[""] = ""  # bombers: the altitude on the card

    @property
    def side(self) -> Side:
        return SIDE_OF[self.nation]

    @property
    def is_bomber(self) -> bool:
        return "bomber" in self.specials


# -- the action deck ------------------------------------------------------------------------
class BomberEffect(_Strict, frozen=True):
    """The card's "Bomber" effect, the only one a bomber gets (book § Restrictions aux
    cartes de réaction des bombardiers)."""

    hits: int = 0
    reduce: int = 0
    extra_hits: int = 0
    stop_fuel_tank: bool = False


class ActionCard(_Strict, frozen=True):
    title: str
    count: int
    kinds: list[Kind]
    maneuver: int
    text: str
    source: str
    subtitle: str = ""
    bursts: int = 0
    hits: int = 0
    react_to: list[str] = []
    any_time: bool = False
    fuel_tank: bool = False
    bomber: BomberEffect | None = None

    @property
    def full_title(self) -> str:
        return f"{self.title} ({self.subtitle})" if self.subtitle else self.title


# -- campaigns ------------------------------------------------------------------------------
class Interceptors(_Strict, frozen=True):
    axis: str = ""
    allies: str = ""


class CampaignHead(_Strict, frozen=True):
    name: str
    year: int
    theatre: Literal["europe", "pacific"]
    missions: int
    turns: int
    initiative: Side
    interceptors: Interceptors
    source: str


class Target(_Strict, frozen=True):
    number: int
    name: str
    kind: TargetKind
    damaged: int
    destroyed: int
    flak: int
    source: str


class Arrow(_Strict, frozen=True):
    side: Side
    to: int
    aircraft: list[str]
    source: str
    origin: int | Literal["start"] = msgspec.field(name="from", default="start")


class Effect(_Strict, frozen=True):
    kind: OptionKind
    value: int = 0
    aircraft: str = ""
    count: int = 0


class Option(_Strict, frozen=True):
    side: Side
    number: int
    effects: list[Effect]
    source: str


class VictoryRow(_Strict, frozen=True):
    """Net campaign VP (Allies minus Axis, book § Tableau des points de victoire)."""

    result: str
    source: str
    min: int | None = None
    max: int | None = None


class Campaign(_Strict, frozen=True):
    campaign: CampaignHead
    targets: list[Target]
    arrows: list[Arrow]
    options: list[Option]
    victory: list[VictoryRow]

    def target(self, number: int) -> Target:
        return next(t for t in self.targets if t.number == number)

    def starts(self, side: Side) -> list[Arrow]:
        return [a for a in self.arrows if a.side == side and a.origin == "start"]

    def result(self, net_vp: int) -> str:
        for row in self.victory:
            if (row.min is None or net_vp >= row.min) and (row.max is None or net_vp <= row.max):
                return row.result
        raise ValueError(net_vp)  # unreachable: load() checks the table covers every net


class Profile(NamedTuple):
    """An aircraft's figures with a pilot marker, on one side of its card (book § Les
    cartes Chasseurs, § Endommager des chasseurs, § Marqueurs de pilote expérimenté);
    computed once on load for every aircraft, marker and side."""

    speed: int
    performance: int
    pre: int
    post: int
    bursts: int
    firepower: int
    airframe: tuple[int, int]
    gunner: int
    agile: bool
    barrage: bool
    turbo: bool


def _profile(a: Aircraft, m: PilotMarker, hurt: bool) -> Profile:
    src = a.damaged if hurt else a
    pre, post = src.horsepower
    return Profile(src.speed + m.speed, src.performance + m.performance, pre + m.pre,
                   post + m.post, src.bursts + m.bursts, src.firepower + m.firepower,
                   (a.airframe[0] + m.airframe, a.airframe[1] + m.airframe), a.gunner,
                   "agile" in a.specials or (m.agile and not hurt),
                   "barrage" in a.specials, "turbocharger" in a.specials)


# -- all of it ------------------------------------------------------------------------------
class DifData(msgspec.Struct, frozen=True):
    aircraft: dict[str, Aircraft]
    action_deck: dict[str, ActionCard]
    campaigns: dict[str, Campaign]
    files: dict[str, str]
    tables: RuleTables
    profiles: dict[tuple[str, str, bool], Profile] = {}
    """(aircraft, pilot marker or "", damaged) -> its figures, computed on load."""
    altitude_rows: tuple[AltitudeRow, ...] = ()
    """``tables.altitudes`` by level, Very Low first."""
    position_bursts: tuple[int, int, int] = (0, 0, 0)
    """Bursts added at position 0 (neutral), 1 (advantaged), 2 (tailing)."""
    faces: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    """Aircraft -> what its card shows beside the figures: name, nation, specials."""

    def pilot(self, marker: str) -> PilotMarker:
        """A pilot marker's entry (no marker: nothing added)."""
        return self.tables.pilots.get(marker, NO_PILOT)

    def profile(self, aircraft: str, pilot: str, damage: int) -> Profile:
        """The figures of ``aircraft`` flown by ``pilot`` after ``damage`` hits."""
        healthy = self.profiles[aircraft, pilot, False]
        return self.profiles[aircraft, pilot, True] if damage >= healthy.airframe[0] else healthy

    def deck(self) -> tuple[str, ...]:
        """The 110 cards, by card id, in file order (shuffling is the rules' business)."""
        return tuple(key for key, card in self.action_deck.items() for _ in range(card.count))


def _check_aircraft(f: str, key: str, plane: Aircraft) -> None:
    entry = f"aircraft.{key}"
    check_source(plane.source, f, entry)
    if not plane.name.strip():
        raise DataError(f, f"{entry}.name", "an aircraft needs a name")
    if plane.year not in YEARS:
        raise DataError(f, f"{entry}.year", f"the year it entered service, {YEARS.start}-"
                        f"{YEARS.stop - 1}; got {plane.year}")
    healthy, down = plane.airframe
    if not 0 < healthy < down:
        raise DataError(f, f"{entry}.airframe", "[healthy, damaged]: hits that turn the card "
                        "damaged, then more hits in all that shoot it down (0 < healthy < "
                        f"damaged); got {list(plane.airframe)}")
    numbers = {"speed": plane.speed, "performance": plane.performance, "bursts": plane.bursts,
               "firepower": plane.firepower, "gunner": plane.gunner, "vp": plane.vp,
               "horsepower": min(plane.horsepower), "bombs": min(plane.bombs),
               "turrets": min(plane.turrets)}
    for name, value in numbers.items():
        if value < 0:
            raise DataError(f, f"{entry}.{name}", "cannot be negative")
    if plane.vp < 1:
        raise DataError(f, f"{entry}.vp", "an aircraft is worth at least 1 VP")
    if len(set(plane.specials)) != len(plane.specials):
        raise DataError(f, f"{entry}.specials", "a special is listed twice")
    if ("gunner" in plane.specials) != (plane.gunner > 0):
        raise DataError(f, f"{entry}.gunner", "a 'gunner' special goes with gunner bursts > 0")
    if plane.bombs[1] > plane.bombs[0]:
        raise DataError(f, f"{entry}.bombs", "[healthy, damaged]: a damaged aircraft drops "
                        "fewer bombs (book § Sélectionnez le Schéma de Bombardement)")
    if plane.is_bomber:
        # book § Bombardiers: no Performance, Horsepower, Bursts or Firepower; turrets instead
        if plane.performance or any(plane.horsepower) or plane.bursts or plane.firepower:
            raise DataError(f, entry, "a bomber has no performance, horsepower, bursts or "
                            "firepower (book § Bombardiers): set them to 0")
        if plane.turrets[0] < 1 or plane.bombs[0] < 1 or not plane.altitude:
            raise DataError(f, entry, "a bomber needs turrets = [defense >= 1, support], "
                            "bombs and the altitude on its card (book § Altitude des "
                            "bombardiers)")
        if "fighter-bomber" in plane.specials:
            raise DataError(f, f"{entry}.specials", "an aircraft is a bomber or a "
                            "fighter-bomber, not both")
    else:
        if plane.performance < 1:
            raise DataError(f, f"{entry}.performance", "a fighter holds at least one card")
        if any(plane.turrets) or plane.altitude:
            raise DataError(f, entry, "only bombers have turrets and a fixed altitude (a "
                            "fighter-bomber uses its horsepower as turrets, book § "
                            "Chasseurs-bombardiers)")
        if ("fighter-bomber" in plane.specials) != (plane.bombs[0] > 0):
            raise DataError(f, f"{entry}.bombs", "a fighter carries bombs if and only if it "
                            "is a 'fighter-bomber'")
    d = plane.damaged
    pairs = {"speed": (d.speed, plane.speed), "performance": (d.performance, plane.performance),
             "horsepower": (max(d.horsepower[0] - plane.horsepower[0],
                                d.horsepower[1] - plane.horsepower[1]), 0),
             "bursts": (d.bursts, plane.bursts), "firepower": (d.firepower, plane.firepower),
             "turrets": (max(d.turrets[0] - plane.turrets[0],
                             d.turrets[1] - plane.turrets[1]), 0)}
    for name, (worse, better) in pairs.items():
        if worse > better:
            raise DataError(f, f"{entry}.damaged.{name}", "the damaged side's figures are "
                            "reduced, never raised (book § Endommager des chasseurs)")
    if min(d.horsepower) < 0 or min(d.turrets) < 0 or min(d.speed, d.performance, d.bursts,
                                                            d.firepower) < 0:
        raise DataError(f, f"{entry}.damaged", "cannot be negative")
    if plane.is_bomber and d.turrets[0] < 1:
        raise DataError(f, f"{entry}.damaged.turrets", "a damaged bomber still has a defense "
                        "turret")


def _check_card(f: str, key: str, card: ActionCard, titles: set[str]) -> None:
    entry = f"cards.{key}"
    check_source(card.source, f, entry)
    if card.count < 1:
        raise DataError(f, f"{entry}.count", "a card in the deck has a count of at least 1")
    bars = [k for k in card.kinds if k in BARS]
    if len(bars) != 1:
        raise DataError(f, f"{entry}.kinds", "exactly one of attack, reaction, attack & "
                        "reaction (the card's red and blue bars, book § Action)")
    if len(set(card.kinds)) != len(card.kinds):
        raise DataError(f, f"{entry}.kinds", "a kind is listed twice")
    if not 0 <= card.maneuver <= 4:
        raise DataError(f, f"{entry}.maneuver", "a maneuver value is 0 to 4 (Ace Pilot's 4 "
                        "is the largest, book § Règles détaillées concernant les cartes "
                        "d'Action)")
    if ("maneuver" in card.kinds) != (card.maneuver > 0):
        raise DataError(f, f"{entry}.maneuver", "kind 'maneuver' if and only if the maneuver "
                        "value is above 0")
    if "+1 hit" in card.kinds and "tactic" not in card.kinds:
        raise DataError(f, f"{entry}.kinds", "a '+1 hit' card is a tactic (book § Cartes "
                        "« +1 Hits »)")
    reacts = bars[0] != "attack"
    if reacts and not card.react_to and not card.any_time:
        raise DataError(f, f"{entry}.react_to", "a reaction card lists what it reacts to "
                        "(book § Jouer une carte)")
    if not reacts and card.react_to:
        raise DataError(f, f"{entry}.react_to", "an attack card reacts to nothing")
    for name in card.react_to:
        if name not in titles and name not in REACT_TOKENS:
            raise DataError(f, f"{entry}.react_to", f"{name!r} is no card title (subtitles "
                            f"are ignored) nor one of {', '.join(REACT_TOKENS)}")
    if card.bursts < 0 or card.hits < 0:
        raise DataError(f, entry, "bursts and hits cannot be negative")
    if card.bomber is not None:
        b = card.bomber
        firing = card.title in ("In My Sights", "Out of the Sun")
        if not (firing or "+1 hit" in card.kinds or b.stop_fuel_tank):
            raise DataError(f, f"{entry}.bomber", "bombers play only In My Sights, Out of the "
                            "Sun, +1 hit and Stop Fuel Tank cards (book § Cartes d'Action des "
                            "bombardiers)")
        if min(b.hits, b.reduce, b.extra_hits) < 0:
            raise DataError(f, f"{entry}.bomber", "cannot be negative")


def _check_campaign(f: str, camp: Campaign, aircraft: dict[str, Aircraft]) -> None:
    head = camp.campaign
    check_source(head.source, f, "campaign")
    if head.year not in YEARS:
        raise DataError(f, "campaign.year", f"got {head.year}")
    if head.missions < 1 or head.turns < 1:
        raise DataError(f, "campaign", "missions and turns per mission are at least 1 (book "
                        "§ Durée)")

    def plane(entry: str, key: str, side: Side) -> Aircraft:
        if key not in aircraft:
            raise DataError(f, entry, f"no aircraft {key!r} in aircraft.toml")
        found = aircraft[key]
        if found.side != side:
            raise DataError(f, entry, f"{found.name} flies for the {found.side}, not the {side}")
        if found.year > head.year:
            raise DataError(f, entry, f"{found.name} enters service in {found.year}, after "
                            f"the campaign's {head.year}")
        return found

    sides: tuple[tuple[Literal["axis", "allies"], str], ...] = (
        ("axis", head.interceptors.axis), ("allies", head.interceptors.allies))
    for side, key in sides:
        if key and plane(f"campaign.interceptors.{side}", key, side).is_bomber:
            raise DataError(f, f"campaign.interceptors.{side}", "an interceptor is a fighter")

    numbers: set[int] = set()
    for i, target in enumerate(camp.targets):
        entry = f"targets[{i}]"
        check_source(target.source, f, entry)
        if target.number in numbers:
            raise DataError(f, f"{entry}.number", f"target #{target.number} is listed twice")
        numbers.add(target.number)
        if not 0 < target.damaged < target.destroyed:
            raise DataError(f, entry, "damaged/destroyed bombs: 0 < damaged < destroyed (book "
                            "§ Valeurs de Bombardement des cibles et points de victoire)")
        if target.flak < 0:
            raise DataError(f, f"{entry}.flak", "cannot be negative")
    if not numbers:
        raise DataError(f, "targets", "a campaign needs targets")

    for i, arrow in enumerate(camp.arrows):
        entry = f"arrows[{i}]"
        check_source(arrow.source, f, entry)
        if arrow.to not in numbers:
            raise DataError(f, f"{entry}.to", f"no target #{arrow.to}")
        if arrow.origin != "start" and (arrow.origin not in numbers or arrow.origin == arrow.to):
            raise DataError(f, f"{entry}.from", "'start' or another target's number")
        if not arrow.aircraft:
            raise DataError(f, f"{entry}.aircraft", "an attack arrow shows its attackers")
        for j, key in enumerate(arrow.aircraft):
            found = plane(f"{entry}.aircraft[{j}]", key, arrow.side)
            if not ({"bomber", "fighter-bomber"} & set(found.specials)):
                raise DataError(f, f"{entry}.aircraft[{j}]", "the pictures on an arrow are "
                                "bombers or fighter-bombers (book § Images d'appareils)")
    if not camp.starts(head.initiative):
        raise DataError(f, "arrows", f"the {head.initiative} have the initiative but no "
                        "'start' arrow (book § Première mission)")

    seen: set[tuple[str, int]] = set()
    for i, option in enumerate(camp.options):
        entry = f"options[{i}]"
        check_source(option.source, f, entry)
        if (option.side, option.number) in seen:
            raise DataError(f, f"{entry}.number", f"{option.side} option #{option.number} is "
                            "listed twice")
        seen.add((option.side, option.number))
        if not option.effects:
            raise DataError(f, f"{entry}.effects", "an option does something")
        for j, effect in enumerate(option.effects):
            where = f"{entry}.effects[{j}]"
            if effect.kind in ("fighter", "bomber"):
                found = plane(f"{where}.aircraft", effect.aircraft, option.side)
                if effect.count < 1 or found.is_bomber != (effect.kind == "bomber"):
                    raise DataError(f, where, f"a {effect.kind} option gives count >= 1 "
                                    f"{effect.kind}s (book § Options)")
            elif effect.kind == "pilot-names":
                # the named pilot's marker goes on this aircraft of the side (book §
                # Options, Pilot Names); value: the VP the enemy gains if it falls
                plane(f"{where}.aircraft", effect.aircraft, option.side)
            elif effect.aircraft or effect.count:
                raise DataError(f, where, "only fighter, bomber and pilot-names options "
                                "name aircraft")

    if not camp.victory:
        raise DataError(f, "victory", "a campaign needs its victory table")
    for i, row in enumerate(camp.victory):
        entry = f"victory[{i}]"
        check_source(row.source, f, entry)
        first, last = i == 0, i == len(camp.victory) - 1
        if (row.min is None) != first or (row.max is None) != last:
            raise DataError(f, entry, "the table runs from no minimum (first row) to no "
                            "maximum (last row)")
        if row.min is not None and row.max is not None and row.min > row.max:
            raise DataError(f, entry, "min is above max")
        if not first:
            before = camp.victory[i - 1].max
            if before is None or row.min != before + 1:
                raise DataError(f, f"{entry}.min", "each row starts one above the row before, "
                                "so that every net VP has a result")


def _campaign_names(directory: Path | None) -> list[str]:
    if directory:
        return sorted(p.name for p in (directory / "campaigns").glob("*.toml"))
    names = {p.name for p in (HERE / "data" / "campaigns").glob("*.toml")}
    override_root = os.environ.get("DOGFIGHT_DATA_DIR")
    if override_root:
        names |= {p.name for p in (Path(override_root) / GAME_ID / "campaigns").glob("*.toml")}
    return sorted(names)


def load(directory: Path | None = None) -> DifData:
    """Load and check every data file (``directory`` replaces the shipped folder in tests)."""
    def path(name: str) -> Path:
        return directory / name if directory else data_file(HERE, GAME_ID, name)

    files = {name: str(path(name)) for name in ("aircraft.toml", "action_deck.toml",
                                                 "rules.toml")}
    tables = load_toml(path("rules.toml"), RuleTables)
    for entries in (tables.altitudes, tables.positions, tables.patterns, tables.pilots):
        check_sources(entries, files["rules.toml"])
    levels = ("very-low", "low", "medium", "high", "very-high")
    if tuple(tables.altitudes) != levels:
        raise DataError(files["rules.toml"], "altitudes", "needs the five levels in order: "
                        f"{', '.join(levels)} (book § Altitude)")
    if set(tables.positions) != {"advantaged", "tailing"}:
        raise DataError(files["rules.toml"], "positions", "needs advantaged and tailing "
                        "(book § Bursts / Rafales)")
    if set(tables.patterns) != {"scattered", "normal", "tight"}:
        raise DataError(files["rules.toml"], "patterns", "needs scattered, normal and tight "
                        "(book § Sélectionnez le Schéma de Flak)")
    aircraft = load_table(path("aircraft.toml"), "aircraft", Aircraft)
    cards = load_table(path("action_deck.toml"), "cards", ActionCard)

    f = files["aircraft.toml"]
    if not aircraft:
        raise DataError(f, "aircraft", "the roster is empty")
    for key, plane in aircraft.items():
        _check_aircraft(f, key, plane)

    f = files["action_deck.toml"]
    titles = {card.title for card in cards.values()}
    for key, card in cards.items():
        _check_card(f, key, card, titles)
    total = sum(card.count for card in cards.values())
    if total != DECK_SIZE:
        raise DataError(f, "cards", f"the counts sum to {total}; the action deck holds exactly "
                        f"{DECK_SIZE} cards (book § Préparer les cartes)")

    campaigns: dict[str, Campaign] = {}
    for name in _campaign_names(directory):
        relative = f"campaigns/{name}"
        files[relative] = str(path(relative))
        camp = load_toml(path(relative), Campaign)
        _check_campaign(files[relative], camp, aircraft)
        campaigns[name.removesuffix(".toml")] = camp

    profiles = {(key, pilot, hurt): _profile(a, tables.pilots.get(pilot, NO_PILOT), hurt)
                for key, a in aircraft.items() for pilot in ("", *tables.pilots)
                for hurt in (False, True)}
    faces: dict[str, tuple[str, str, tuple[str, ...]]] = {
        key: (a.name, a.nation, tuple(a.specials)) for key, a in aircraft.items()}
    position_bursts = (0, tables.positions["advantaged"].bursts,
                       tables.positions["tailing"].bursts)
    return DifData(aircraft, cards, campaigns, files, tables, profiles,
                   tuple(tables.altitudes.values()), position_bursts, faces)


@per_data_dir
def dataset() -> DifData:
    """The data as loaded (once per ``$DOGFIGHT_DATA_DIR``)."""
    return load()

