"""JEU DE CAMPAGNE, the week's game and the decisions before it: each player flies one of
his pilots able to fly (§ Les Pilotes: "d'habitude ils n'en auront qu'un seul engagé");
a new Allied pilot is given his nationality and every new pilot his aircraft among the
types of his column in service (§ Les Pilotes, § Les Avions); a pilot may change to a
type come into service since he took his own, and must when his own is no longer his
column's (Americans leaving the Lafayette's Nieuport 17 and Spad VII in April 1918,
note *** of the Tableau des Avions en Ligne); a pilot or observer who has earned skills
takes them from the Tableau des Compétences Spéciales (observers: Compétences de Tir
only; Valeur de Combat and Portée Étendue: aces only).

These decisions are the campaign's ``choices``: each choice is one plan for every
player at once (the product of each player's plans) and the options of the game that
flies it; ``campaign.record_outcome`` reads the decisions back from those options. The
first choice keeps every pilot's aircraft and takes skills in the table's order, so a
program that always takes choice 0 (``dogfight campaign fly``) flies a whole campaign.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import msgspec

from dogfight.games.ailes_de_la_gloire.campaign import (
    ALLIED_NATIONS,
    END,
    Pilot,
    Player,
    Record,
    counters,
    load,
)
from dogfight.games.ailes_de_la_gloire.data import AilesData
from dogfight.games.ailes_de_la_gloire.data_pilots import Nation
from dogfight.games.ailes_de_la_gloire.pilots import (
    observer_skills_earned,
    skill_choices,
    skills_earned,
)


class Plan(msgspec.Struct, frozen=True):
    """One player's part of the week: his pilot who flies, as what, with which skills."""

    player: str
    side: str
    pilot: Pilot
    nation: Nation
    aircraft: str
    skills: tuple[str, ...]
    observer_skills: tuple[str, ...]
    decided: bool
    """Whether the player had another option (his pilot, aircraft, nationality, skills)."""


def _taken_skills(have: list[str], earned: int, offer: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every way of taking the skills earned and not yet taken (none when none is due)."""
    due = min(earned - len(have), len(offer))
    if due <= 0:
        return [tuple(have)]
    return [tuple(have) + extra for extra in itertools.combinations(offer, due)]


def _aircraft(data: AilesData, pilot: Pilot, nation: Nation, date: str) -> list[str]:
    """§ Les Avions: his own type first (if still his column's), then every type come
    into service since he took it; a new pilot: any type in service."""
    now = data.pilots.available(nation, date)
    if pilot.aircraft is None or pilot.aircraft not in now or pilot.nation != nation:
        return list(now)
    before = data.pilots.available(nation, pilot.since)
    return [pilot.aircraft] + [a for a in now if a not in before and a != pilot.aircraft]


def plans(data: AilesData, record: Record, player: Player) -> list[Plan]:
    """Everything ``player`` may decide this week, one :class:`Plan` each."""
    out: list[Plan] = []
    for pilot in player.pilots:
        nations = ALLIED_NATIONS if pilot.nation is None else (pilot.nation,)
        for nation in nations:
            for aircraft in _aircraft(data, pilot, nation, record.date):
                earned = skills_earned(pilot.experience, pilot.victories)
                offer = skill_choices(pilot.skills, pilot.victories)
                observer = pilot.observer
                watch: list[tuple[str, ...]] = [()]
                if data.aircraft[aircraft].has_observer and observer is not None:
                    watch = _taken_skills(observer.skills,
                                          observer_skills_earned(observer.victories),
                                          skill_choices(observer.skills, observer.victories,
                                                        observer=True))
                for skills in _taken_skills(pilot.skills, earned, offer):
                    for observer_skills in watch:
                        out.append(Plan(player.name, player.side, pilot, nation, aircraft,
                                        skills, observer_skills, False))
    decided = len(out) > 1
    return [msgspec.structs.replace(p, decided=decided) for p in out]


def _flyer(data: AilesData, plan: Plan, taken: set[int]) -> dict[str, Any] | None:
    """The game's flyer for a plan: the pilot's own counter, or the lowest free one of a
    type he takes (None if every counter of it has its pilot)."""
    pilot = plan.pilot
    if plan.aircraft != pilot.aircraft and pilot.counter is not None:
        taken.discard(pilot.counter)  # his old counter is free again, as in campaign.assign
    counter = pilot.counter if plan.aircraft == pilot.aircraft else next(
        (n for n in data.aircraft[plan.aircraft].counters if n not in taken), None)
    if counter is None:
        return None
    taken.add(counter)
    observer = pilot.observer if data.aircraft[plan.aircraft].has_observer else None
    return {"aircraft": plan.aircraft, "counter": counter,
            "pilot": {"name": pilot.name, "nation": plan.nation,
                      "experience": pilot.experience, "victories": pilot.victories,
                      "skills": list(plan.skills),
                      "observer_victories": observer.victories if observer else 0,
                      "observer_skills": list(plan.observer_skills)}}


def _words(data: AilesData, plan: Plan, flyer: dict[str, Any]) -> str:
    pilot = plan.pilot
    what = f"{data.aircraft[plan.aircraft].name} #{flyer['counter']}"
    if pilot.nation is None:
        what = f"{plan.nation}, {what}"
    elif plan.aircraft != pilot.aircraft:
        what = f"{what}, new" if pilot.aircraft is None else \
            f"{what} for his {data.aircraft[pilot.aircraft].name}"
    names = data.pilots.skills
    new = [names[s].name for s in plan.skills[len(pilot.skills):]]
    if new:
        what += f", takes {' and '.join(new)}"
    seen = pilot.observer.skills if pilot.observer else []
    taken = [names[s].name for s in plan.observer_skills[len(seen):]]
    if taken:
        what += f", observer takes {' and '.join(taken)}"
    return f"{plan.player}: {pilot.name} ({what})"


def _choices(data: AilesData, record: Record) -> Iterator[dict[str, Any]]:
    each = [p for p in (plans(data, record, player) for player in record.players) if p]
    held = counters(record)
    for combo in itertools.product(*each):
        taken = set(held)
        flyers = []
        for plan in combo:
            flyer = _flyer(data, plan, taken)
            if flyer is None:
                break
            flyers.append(flyer)
        else:
            sides = sorted({p.side for p in combo if p.decided})
            words = "; ".join(_words(data, p, f) for p, f in zip(combo, flyers, strict=True))
            yield {"chooser": "+".join(sides) or "allied",
                   "label": f"{record.date}, week {record.week}: {words}",
                   "options": {"flyers": flyers}}


def choices(data: AilesData, record: Any) -> list[dict[str, Any]]:
    """The week's games, one per plan of every player (empty once November 1918 is
    over, § Les Dates)."""
    rec = load(record)
    if rec.date > END:
        return []
    return list(_choices(data, rec))
