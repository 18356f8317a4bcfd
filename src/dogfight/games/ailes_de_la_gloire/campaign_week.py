"""JEU DE CAMPAGNE, the week's game and the decisions before it: each player flies one of
his pilots able to fly (§ Les Pilotes: "d'habitude ils n'en auront qu'un seul engagé");
a new Allied pilot is given his nationality and every new pilot his aircraft among the
types of his column in service (§ Les Pilotes, § Les Avions); a pilot may change to a
type come into service since he took his own, and must when his own is no longer his
column's (Americans leaving the Lafayette's Nieuport 17 and Spad VII in April 1918,
note *** of the Tableau des Avions en Ligne); a pilot or observer who has earned skills
takes them from the Tableau des Compétences Spéciales (observers: Compétences de Tir
only; Valeur de Combat and Portée Étendue: aces only).

These decisions are the campaign's ``choices``, one at a time: the players in order, each
deciding who of his pilots flies, then his nationality, his aircraft, his skills and his
observer's, each aspect with more than one option a decision of its own (a choice with
the ``record`` once it is taken, kept in the record's ``decided``); so the choices never
multiply over players or aspects. Once every plan is settled the one choice is the
week's game, whose options carry every decision; ``campaign.record_outcome`` reads them
back from those options (as it did when a choice was the whole week: records and games
of before still load and fold). The first choice of each decision keeps every pilot's
aircraft and takes skills in the table's order, so a program that always takes choice 0
(``dogfight campaign fly``) flies a whole campaign.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from dogfight.games.ailes_de_la_gloire.campaign import (
    ALLIED_NATIONS,
    END,
    Pilot,
    Player,
    Record,
    counters,
    dump,
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


ASPECTS = ("pilot", "nation", "aircraft", "skills", "observer_skills")
"""A player's decisions of the week, one at a time, in this order."""


def _key(plan: Plan) -> list[Any]:
    """A plan as its aspects' values (the record's ``decided`` holds a start of it)."""
    return [plan.pilot.name, plan.nation, plan.aircraft, list(plan.skills),
            list(plan.observer_skills)]


def _decision_words(data: AilesData, plan: Plan, depth: int) -> str:
    """What taking aspect ``depth`` of ``plan`` decides, in words."""
    pilot = plan.pilot
    if depth == 0:
        return f"{pilot.name} flies"
    if depth == 1:
        return f"{pilot.name} is {plan.nation}"
    if depth == 2:
        return f"{pilot.name} on the {data.aircraft[plan.aircraft].name}"
    names = data.pilots.skills
    if depth == 3:
        new = [names[s].name for s in plan.skills[len(pilot.skills):]]
        return f"{pilot.name} takes {' and '.join(new)}"
    seen = pilot.observer.skills if pilot.observer else []
    new = [names[s].name for s in plan.observer_skills[len(seen):]]
    return f"{pilot.name}'s observer takes {' and '.join(new)}"


def _week(data: AilesData, record: Record) -> list[dict[str, Any]]:
    """The next decision of the week (one choice per value of its aspect), or the week's
    game once every player's plan is settled: the players in order, each deciding who
    flies, then (when he has a choice) his nationality, his aircraft, his skills and his
    observer's, each a decision of its own; an aspect with one value only is no decision."""
    taken = counters(record)
    combo: list[tuple[Plan, dict[str, Any]]] = []
    choosers: set[str] = set()
    for player in record.players:
        options = [p for p in plans(data, record, player) if _flyer(data, p, set(taken))]
        if not options:
            continue
        if len(options) > 1:
            choosers.add(player.side)
        prefix = record.decided.get(player.name, [])
        consistent = [p for p in options if _key(p)[:len(prefix)] == prefix] or options
        for depth in range(len(ASPECTS)):
            values = list(dict.fromkeys(repr(_key(p)[depth]) for p in consistent))
            if len(values) > 1:
                firsts = [next(p for p in consistent if repr(_key(p)[depth]) == v)
                          for v in values]
                return [_decision(data, record, player, plan, depth) for plan in firsts]
        plan = consistent[0]
        flyer = _flyer(data, plan, taken)
        assert flyer is not None
        combo.append((plan, flyer))
    words = "; ".join(_words(data, p, f) for p, f in combo)
    return [{"chooser": "+".join(sorted(choosers)) or "allied",
             "label": f"{record.date}, week {record.week}: {words}",
             "options": {"flyers": [f for _, f in combo]}}]


def _decision(data: AilesData, record: Record, player: Player, plan: Plan,
              depth: int) -> dict[str, Any]:
    """A choice that is a decision, not a game: ``record`` is the record once taken."""
    after = dump(record)
    after["decided"] = {**record.decided, player.name: _key(plan)[:depth + 1]}
    return {"chooser": player.side,
            "label": f"{record.date}, week {record.week}: {player.name}: "
                     f"{_decision_words(data, plan, depth)}",
            "record": after}


def choices(data: AilesData, record: Any) -> list[dict[str, Any]]:
    """The week's next decision, one choice per option (each ``{"chooser", "label",
    "record"}``: the record once it is taken), or, every decision taken, its one game
    (``{"chooser", "label", "options"}``); empty once November 1918 is over (§ Les
    Dates)."""
    rec = load(record)
    if rec.date > END:
        return []
    return _week(data, rec)
