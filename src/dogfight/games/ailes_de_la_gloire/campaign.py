"""JEU DE CAMPAGNE: Les Dates, Nationalité, Les Pilotes, Les Avions, L'Expérience,
Victoires Homologuées, Compétences Spéciales, L'Expérience des Observateurs, Les pilotes
au sol derrière les lignes ennemies (their rolls are the game's: ``ending.land``).

Pure functions over a campaign record (plain JSON, kept by the store as it is): its
start (a month from January 1917 to October 1918; players on two sides, each with one
or two pilots, every pilot a novice on an aircraft of his nation's column that month,
on a counter nobody else may use), the next game (one a week, four a month, each
player's first pilot able to fly), the record after a game (experience, victories,
skills earned, pilots downed, killed or taken prisoner replaced by novices), and the
result once November 1918 is over.

Not yet: choosing the skills earned (they are counted as ``skills_to_choose``), changing
aircraft as new types come, flying the second pilot instead of the first.
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


class Observer(msgspec.Struct, forbid_unknown_fields=True):
    victories: int = 0
    skills: list[str] = []


class Pilot(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    nation: Nation
    aircraft: str
    counter: int
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
    """Pilots out of the campaign: their record and fate (shot down, killed, prisoner)."""
    games: list[dict[str, Any]] = []


def _load(record: Any) -> Record:
    try:
        return msgspec.convert(record, Record)
    except msgspec.ValidationError as exc:
        raise InvalidOptions(f"not a Les Ailes de la Gloire campaign record: {exc}") from None


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
    taken: set[int] = set()
    players = []
    for entry in asked.players:
        if not 1 <= len(entry.pilots) <= 2:
            raise InvalidOptions(f"a player has one or two pilots ({BOOK} § Les Pilotes)")
        label = entry.name or entry.side
        nation = "german" if entry.side == "german" else "english"
        pilots = [new_pilot(data, date, entry.side, p.nation or nation, p.aircraft, taken,
                            f"{label} {i + 1}") for i, p in enumerate(entry.pilots)]
        players.append(Player(label, entry.side, pilots))
    if {p.side for p in players} != {"allied", "german"}:
        raise InvalidOptions(f"both sides need a player ({BOOK} § Nationalité)")
    record = Record(name, date, 1, players)
    out: dict[str, Any] = msgspec.to_builtins(record)
    return out


def new_pilot(data: AilesData, date: str, side: str, nation: str, aircraft: str,
              taken: set[int], name: str) -> Pilot:
    """A novice on an aircraft of his nation's column that month, with his own counter
    (§ Les Avions); an observer comes with a two-seater (§ L'Expérience des
    Observateurs)."""
    nations = ("german",) if side == "german" else ("english", "french", "american")
    if nation not in nations:
        raise InvalidOptions(f"a {side} pilot is {' or '.join(nations)}, not {nation!r}")
    typed: Nation = "german" if nation == "german" else "english" if nation == "english" \
        else "french" if nation == "french" else "american"
    if aircraft not in data.pilots.available(typed, date):
        raise InvalidOptions(f"no {aircraft or 'aircraft'} for a {nation} pilot in {date} "
                             f"({BOOK} § Tableau des Avions en Ligne)")
    free = [n for n in data.aircraft[aircraft].counters if n not in taken]
    if not free:
        raise InvalidOptions(f"every {data.aircraft[aircraft].name} counter has its pilot")
    taken.add(free[0])
    observer = Observer() if data.aircraft[aircraft].has_observer else None
    return Pilot(name, typed, aircraft, free[0], observer=observer)


def choices(data: AilesData, record: Any) -> list[dict[str, Any]]:
    """The week's game: each player's first pilot able to fly (Americans are grounded in
    March 1918); empty once November 1918 is over (§ Les Dates)."""
    rec = _load(record)
    if rec.date > END:
        return []
    flyers: list[dict[str, Any]] = []
    for player in rec.players:
        pilot = next((p for p in player.pilots
                      if data.pilots.available(p.nation, rec.date)), None)
        if pilot is not None:
            flyers.append({"aircraft": pilot.aircraft, "counter": pilot.counter,
                           "pilot": {"experience": pilot.experience,
                                     "victories": pilot.victories,
                                     "skills": pilot.skills,
                                     "observer_victories": pilot.observer.victories
                                     if pilot.observer else 0,
                                     "observer_skills": pilot.observer.skills
                                     if pilot.observer else []}})
    names = ", ".join(f["aircraft"] for f in flyers)
    return [{"chooser": "allied", "label": f"{rec.date}, week {rec.week}: {names}",
             "options": {"flyers": flyers}}]


def record_outcome(data: AilesData, record: Any, options: dict[str, Any],
                   outcome: Outcome) -> dict[str, Any]:
    """Each pilot's Carnet de Vol after the game (``Outcome.details["pilots"]``): points,
    victories (shared ones count toward ace, R21), skills earned, his observer's
    victories; a pilot shot down, killed or taken prisoner leaves the campaign and a
    novice takes his place and counter; then the next week."""
    rec = _load(record)
    carnets = dict(outcome.details.get("pilots", {}))
    taken = {p.counter for pl in rec.players for p in pl.pilots}
    for player in rec.players:
        for index, pilot in enumerate(player.pilots):
            carnet = carnets.get(f"{player.side}-{pilot.counter}")
            if carnet is None:
                continue
            pilot.games += 1
            pilot.experience += int(carnet["experience"])
            pilot.victories += len(carnet["victories"]) + len(carnet["shared"])
            if pilot.observer is not None:
                pilot.observer.victories += len(carnet["observer_victories"]) + len(
                    carnet["observer_shared"])
            pilot.skills_to_choose = skills_earned(pilot.experience, pilot.victories) - len(
                pilot.skills)
            if carnet["fate"] in ("shot-down", "killed", "prisoner"):
                rec.fallen.append({"pilot": msgspec.to_builtins(pilot),
                                   "fate": carnet["fate"], "date": rec.date})
                taken.discard(pilot.counter)
                player.pilots[index] = new_pilot(data, rec.date, player.side, pilot.nation,
                                                 pilot.aircraft, taken,
                                                 f"{player.name} {len(rec.fallen) + 2}")
    rec.games.append({"date": rec.date, "week": rec.week, "reason": outcome.reason,
                      "winner": outcome.winner})
    if rec.week >= WEEKS:
        rec.date, rec.week = next_month(rec.date), 1
    else:
        rec.week += 1
    out: dict[str, Any] = msgspec.to_builtins(rec)
    return out


def result(data: AilesData, record: Any) -> dict[str, Any] | None:
    """Once November 1918 is flown: each pilot's record, the aces named."""
    rec = _load(record)
    if rec.date <= END:
        return None
    pilots = [p for pl in rec.players for p in pl.pilots]
    aces = [p.name for p in pilots if p.victories >= data.pilots.experience.ace_victories]
    return {"pilots": {p.name: {"experience": p.experience, "victories": p.victories}
                       for p in pilots}, "aces": aces, "fallen": len(rec.fallen)}
