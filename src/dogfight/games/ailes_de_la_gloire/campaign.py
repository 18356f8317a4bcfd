"""JEU DE CAMPAGNE: Les Dates, Nationalité, Les Pilotes, Les Avions, L'Expérience,
Victoires Homologuées, Compétences Spéciales, L'Expérience des Observateurs, Les pilotes
au sol derrière les lignes ennemies (their rolls are the game's: ``ending.land``).

Pure functions over a campaign record (plain JSON, kept by the store as it is): its
start (a month from January 1917 to October 1918; players on two sides, each with one
or two pilots, every pilot a novice on an aircraft of his nation's column that month,
on a counter nobody else may use), the record after a game (the decisions the week's
choice carried: who flew, on what, the skills taken; then experience, victories, pilots
and observers downed, killed or taken prisoner, replaced by novices), weeks in which a
side has nobody able to fly passed over, and the result once November 1918 is over.
The week's choices (who flies, new aircraft, skills earned) are in ``campaign_week``.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from dogfight.core import InvalidOptions, Outcome
from dogfight.games.ailes_de_la_gloire.data import AilesData
from dogfight.games.ailes_de_la_gloire.data_pilots import Nation
from dogfight.games.ailes_de_la_gloire.pilots import skills_earned

BOOK = "book: 001_6a970d9ea6ae2da0.txt"
FIRST, LAST_START, END = "1917-01", "1918-10", "1918-11"
WEEKS = 4
ALLIED_NATIONS: tuple[Nation, ...] = ("english", "french", "american")
FALLEN = ("shot-down", "killed", "prisoner")


class Observer(msgspec.Struct, forbid_unknown_fields=True):
    victories: int = 0
    skills: list[str] = []
    grounded: bool = False
    """Consigné au sol: his pilot flies an aircraft without an observer."""


class Pilot(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    nation: Nation | None = None
    """None: an Allied novice whose nationality his player chooses when he first flies."""
    aircraft: str | None = None
    """None: not yet assigned (chosen, among those in service, when he first flies)."""
    counter: int | None = None
    since: str = ""
    """The month he took his aircraft: the types come into service after it are new."""
    experience: int = 0
    victories: int = 0
    skills: list[str] = []
    skills_to_choose: int = 0
    games: int = 0
    observer: Observer | None = None


class Player(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    side: Literal["allied", "german"]
    pilots: list[Pilot]


class Record(msgspec.Struct, forbid_unknown_fields=True):
    campaign: str
    date: str
    week: int
    players: list[Player]
    fallen: list[dict[str, Any]] = []
    """Airmen out of the campaign: their record and fate (shot down, killed, prisoner)."""
    games: list[dict[str, Any]] = []
    """Each week: the game's result, or why no game was flown."""
    made: int = 0
    """Pilots enrolled so far (names the next one)."""
    decided: dict[str, list[Any]] = {}
    """This week's decisions so far, by player, in order: who flies, his nationality, his
    aircraft, each skill he takes, each his observer takes (``["observer", skill]``;
    ``campaign_week``). Cleared once the week's game is folded in."""


def load(record: Any) -> Record:
    try:
        return msgspec.convert(record, Record)
    except msgspec.ValidationError as exc:
        raise InvalidOptions(f"not a Les Ailes de la Gloire campaign record: {exc}") from None


def dump(record: Record) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(record)
    return out


def next_month(date: str) -> str:
    year, month = int(date[:4]), int(date[5:])
    return f"{year + month // 12}-{month % 12 + 1:02d}"


class PilotAsked(msgspec.Struct, forbid_unknown_fields=True):
    aircraft: str
    nation: str = ""


class PlayerAsked(msgspec.Struct, forbid_unknown_fields=True):
    side: Literal["allied", "german"]
    pilots: list[PilotAsked]
    name: str = ""


class StartOptions(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAsked]
    start: str = FIRST


def start(data: AilesData, name: str, options: dict[str, Any]) -> dict[str, Any]:
    """§ Les Dates, § Nationalité, § Les Pilotes, § Les Avions: ``{"start": "1917-04",
    "players": [{"name": "Anne", "side": "allied", "pilots": [{"nation": "english",
    "aircraft": "bristol-f2b"}]}, ...]}``."""
    if name != "western-front":
        raise InvalidOptions(f"unknown campaign {name!r}; known: western-front")
    try:
        asked = msgspec.convert(options, StartOptions)
    except msgspec.ValidationError as exc:
        raise InvalidOptions(f"invalid campaign options: {exc}") from None
    date = asked.start
    if not (len(date) == 7 and FIRST <= date <= LAST_START and date[4] == "-"):
        raise InvalidOptions(f"a campaign starts from {FIRST} to {LAST_START}, not {date!r} "
                             f"({BOOK} § Les Dates)")
    record = Record(name, date, 1, [])
    taken: set[int] = set()
    for entry in asked.players:
        if not 1 <= len(entry.pilots) <= 2:
            raise InvalidOptions(f"a player has one or two pilots ({BOOK} § Les Pilotes)")
        label = entry.name or entry.side
        if label in {p.name for p in record.players}:
            label = f"{label} {len(record.players) + 1}"
        player = Player(label, entry.side, [])
        for asked_pilot in entry.pilots:
            nation = asked_pilot.nation or ("german" if entry.side == "german" else "english")
            pilot = enrol(record, player, nation_of(entry.side, nation))
            assign(data, pilot, asked_pilot.aircraft, date, taken)
            player.pilots.append(pilot)
        record.players.append(player)
    if {p.side for p in record.players} != {"allied", "german"}:
        raise InvalidOptions(f"both sides need a player ({BOOK} § Nationalité)")
    return dump(pass_grounded_weeks(data, record))


def nation_of(side: str, nation: str) -> Nation:
    """§ Nationalité: Germans are German; an Allied pilot is English, French or American."""
    nations: tuple[Nation, ...] = ("german",) if side == "german" else ALLIED_NATIONS
    for known in nations:
        if known == nation:
            return known
    raise InvalidOptions(f"a {side} pilot is {' or '.join(nations)}, not {nation!r} "
                         f"({BOOK} § Les Pilotes)")


def enrol(record: Record, player: Player, nation: Nation | None) -> Pilot:
    """A new novice of ``player`` (§ Les Pilotes), named for his Carnet de Vol."""
    record.made += 1
    return Pilot(f"{player.name} #{record.made}", nation)


def assign(data: AilesData, pilot: Pilot, aircraft: str, date: str, taken: set[int]) -> None:
    """§ Les Avions: an aircraft of his nation's column in service in ``date``, on a
    counter nobody else uses (the lowest free one); an observer comes with a two-seater
    and is grounded when his pilot leaves it (§ L'Expérience des Observateurs)."""
    assert pilot.nation is not None
    if aircraft not in data.pilots.available(pilot.nation, date):
        raise InvalidOptions(f"no {aircraft or 'aircraft'} for a {pilot.nation} pilot in "
                             f"{date} ({BOOK} § Tableau des Avions en Ligne)")
    if aircraft != pilot.aircraft:
        if pilot.counter is not None:
            taken.discard(pilot.counter)
        pilot.counter = free_counter(data, aircraft, taken)
        taken.add(pilot.counter)
        pilot.aircraft, pilot.since = aircraft, date
    if data.aircraft[aircraft].has_observer:
        pilot.observer = pilot.observer or Observer()
        pilot.observer.grounded = False
    elif pilot.observer is not None:
        pilot.observer.grounded = True


def free_counter(data: AilesData, aircraft: str, taken: set[int]) -> int:
    free = [n for n in data.aircraft[aircraft].counters if n not in taken]
    if not free:
        raise InvalidOptions(f"every {data.aircraft[aircraft].name} counter has its pilot "
                             f"({BOOK} § Les Avions)")
    return free[0]


def counters(record: Record) -> set[int]:
    """The counters the campaign's pilots hold (nobody else may use them)."""
    return {p.counter for pl in record.players for p in pl.pilots if p.counter is not None}


def able(data: AilesData, pilot: Pilot, date: str) -> bool:
    """Whether a pilot may fly in ``date``: Americans cannot in March 1918 (note ***);
    a new Allied pilot may still be given a nationality that can."""
    nations = ALLIED_NATIONS if pilot.nation is None else (pilot.nation,)
    return any(data.pilots.available(n, date) for n in nations)


def grounded_side(data: AilesData, record: Record) -> str | None:
    """A side none of whose pilots may fly this month, or None."""
    for side in ("allied", "german"):
        if not any(able(data, p, record.date) for pl in record.players if pl.side == side
                   for p in pl.pilots):
            return side
    return None


def advance(record: Record) -> None:
    """One game a week, four a month (§ Les Dates)."""
    if record.week >= WEEKS:
        record.date, record.week = next_month(record.date), 1
    else:
        record.week += 1


def pass_grounded_weeks(data: AilesData, record: Record) -> Record:
    """A week in which one side has nobody able to fly (in March 1918 American pilots
    are in transfer: note *** of the Tableau des Avions en Ligne) has no game: the book
    is silent; ours, the week passes, noted in the record, nobody earns anything."""
    while record.date <= END and (side := grounded_side(data, record)) is not None:
        record.games.append({"date": record.date, "week": record.week, "reason":
                             f"no game: the {side} side has nobody able to fly",
                             "winner": None})
        advance(record)
    return record


def _fly_choices(data: AilesData, pilot: Pilot, flyer: dict[str, Any], date: str,
                 taken: set[int]) -> None:
    """The decisions the week's choice carried for the pilot who flew: his nationality
    (a new Allied pilot), his aircraft (a new type), the skills he and his observer took."""
    asked = flyer.get("pilot") or {}
    if pilot.nation is None:
        pilot.nation = nation_of("allied", str(asked.get("nation")))
    assign(data, pilot, str(flyer.get("aircraft")), date, taken)
    if pilot.counter != flyer.get("counter"):
        raise InvalidOptions(f"{pilot.name} flies counter {pilot.counter}, not "
                             f"{flyer.get('counter')} ({BOOK} § Les Avions)")
    skills = list(asked.get("skills", []))
    if skills[:len(pilot.skills)] != pilot.skills:
        raise InvalidOptions(f"{pilot.name}'s skills are {pilot.skills}, not {skills}")
    pilot.skills = skills
    if pilot.observer is not None and not pilot.observer.grounded:
        pilot.observer.skills = list(asked.get("observer_skills", []))


def _fold(data: AilesData, record: Record, player: Player, index: int,
          entry: dict[str, Any]) -> None:
    """§ L'Expérience, § Victoires Homologuées, § L'Expérience des Observateurs, § Les
    pilotes au sol: one pilot's game into his Carnet de Vol; a pilot shot down, killed or
    taken prisoner leaves the campaign and a novice takes his place; his observer, unless
    he too was lost, stays with the new pilot (grounded until a two-seater)."""
    pilot = player.pilots[index]
    pilot.games += 1
    pilot.experience += int(entry["experience"])
    pilot.victories += len(entry["victories"]) + len(entry["shared"])
    pilot.skills_to_choose = max(0, skills_earned(pilot.experience, pilot.victories)
                                 - len(pilot.skills))
    observer = pilot.observer
    if observer is not None and not observer.grounded:
        observer.victories += len(entry["observer_victories"]) + len(entry["observer_shared"])
        crew = entry.get("observer", "ok")
        if entry["fate"] == "shot-down" or crew in ("killed", "prisoner"):
            fate = "shot-down" if entry["fate"] == "shot-down" else crew
            record.fallen.append({"observer": msgspec.to_builtins(observer), "of": pilot.name,
                                  "fate": fate, "date": record.date})
            observer = None
        pilot.observer = observer or Observer()  # a novice observer takes a lost one's place
    if entry["fate"] in FALLEN:
        record.fallen.append({"pilot": msgspec.to_builtins(pilot), "fate": entry["fate"],
                              "date": record.date})
        novice = enrol(record, player, "german" if player.side == "german" else None)
        if observer is not None:
            observer.grounded = True
            novice.observer = observer
        player.pilots[index] = novice


def record_outcome(data: AilesData, record: Any, options: dict[str, Any],
                   outcome: Outcome) -> dict[str, Any]:
    """The record after the week's game: first the decisions its choice carried (who
    flew, on which aircraft, the skills taken), then each flyer's Carnet de Vol from
    ``Outcome.details["pilots"]``; then the next week (weeks with a side grounded
    passed over)."""
    rec = load(record)
    carnets = dict(outcome.details.get("pilots", {}))
    taken = counters(rec)
    by_name = {p.name: (player, i) for player in rec.players for i, p in enumerate(player.pilots)}
    flown: list[tuple[Player, int, str]] = []
    for flyer in options.get("flyers", []):
        name = str((flyer.get("pilot") or {}).get("name", ""))
        if name not in by_name:
            raise InvalidOptions(f"this game is not the campaign's: no pilot {name!r}")
        player, index = by_name[name]
        pilot = player.pilots[index]
        _fly_choices(data, pilot, flyer, rec.date, taken)
        assert pilot.aircraft is not None
        flown.append((player, index, f"{data.aircraft[pilot.aircraft].side}-{pilot.counter}"))
    for player, index, seat in flown:
        if seat in carnets:
            _fold(data, rec, player, index, carnets[seat])
    rec.games.append({"date": rec.date, "week": rec.week, "reason": outcome.reason,
                      "winner": outcome.winner})
    rec.decided = {}
    advance(rec)
    return dump(pass_grounded_weeks(data, rec))


def result(data: AilesData, record: Any) -> dict[str, Any] | None:
    """Once November 1918 is flown: each pilot's record, the aces named (observers too:
    five victories)."""
    rec = load(record)
    if rec.date <= END:
        return None
    pilots = [p for pl in rec.players for p in pl.pilots]
    ace = data.pilots.experience.ace_victories
    aces = [p.name for p in pilots if p.victories >= ace]
    aces += [f"{p.name}'s observer" for p in pilots
             if p.observer is not None and p.observer.victories >= ace]
    return {"pilots": {p.name: {"experience": p.experience, "victories": p.victories}
                       for p in pilots}, "aces": aces, "fallen": len(rec.fallen),
            "games": sum(1 for g in rec.games if not str(g["reason"]).startswith("no game"))}
