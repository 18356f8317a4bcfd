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
deciding who of his pilots flies, then his nationality, his aircraft, each skill he
takes and each his observer takes, each with more than one option a decision of its own
(a choice with the ``record`` once it is taken, kept in the record's ``decided``); so
the choices never multiply over players or over what each decides. Once every plan is
settled the one choice is the week's game, whose options carry every decision;
``campaign.record_outcome`` reads them back from those options (as it did when a choice
was the whole week: records and games of before still load and fold). The first choice
of each decision keeps every pilot's aircraft and takes skills in the table's order, so
a program that always takes choice 0 (``dogfight campaign fly``) flies a whole campaign.
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


def _key(plan: Plan) -> list[Any]:
    """A plan as the values of its decisions, in order (the record's ``decided`` holds a
    start of it): who flies, his nationality, his aircraft, each skill he takes, each
    skill his observer takes (``["observer", skill]``)."""
    observer = plan.pilot.observer.skills if plan.pilot.observer else []
    return [plan.pilot.name, plan.nation, plan.aircraft,
            *plan.skills[len(plan.pilot.skills):],
            *(["observer", s] for s in plan.observer_skills[len(observer):])]


def _decision_words(data: AilesData, plan: Plan, key: list[Any]) -> str:
    """What the decision that ends with the last of ``key`` decides, in words."""
    pilot, value = plan.pilot, key[-1]
    if len(key) == 1:
        return f"{pilot.name} flies"
    if len(key) == 2:
        return f"{pilot.name} is {plan.nation}"
    if len(key) == 3:
        return f"{pilot.name} on the {data.aircraft[plan.aircraft].name}"
    if isinstance(value, list):
        return f"{pilot.name}'s observer takes {data.pilots.skills[value[1]].name}"
    return f"{pilot.name} takes {data.pilots.skills[value].name}"


def _matches(plan: Plan, decided: list[Any]) -> bool:
    """Whether ``plan`` keeps the decisions taken: who flies, nationality and aircraft as
    decided, and every skill taken among its own (skills are a set: taken in any order)."""
    key = _key(plan)
    return key[:min(3, len(decided))] == decided[:3] and \
        all(item in key[3:] for item in decided[3:])


def _next(consistent: list[Plan], decided: list[Any]) -> tuple[list[Any], list[Plan]]:
    """The next decision's options, each as the decisions taken with it and a plan that
    keeps them; none when the plan is settled. Who flies, then the nationality, the
    aircraft; then each skill the pilot takes, any of those left; then his observer's."""
    for depth in range(3):
        values = list(dict.fromkeys(repr(_key(p)[depth]) for p in consistent))
        if len(values) > 1:
            firsts = [next(p for p in consistent if repr(_key(p)[depth]) == v) for v in values]
            return [_key(p)[:depth + 1] for p in firsts], firsts
    if len(consistent) == 1:
        return [], []
    taken = decided[3:]
    left = [x for p in consistent for x in _key(p)[3:] if x not in taken]
    mine = [x for x in left if isinstance(x, str)] or left  # the pilot's first
    values = list(dict.fromkeys(repr(x) for x in mine))
    picks = [next(x for x in mine if repr(x) == v) for v in values]
    base = _key(consistent[0])[:3] + taken
    return ([[*base, x] for x in picks],
            [next(p for p in consistent if x in _key(p)[3:]) for x in picks])


def _week(data: AilesData, record: Record) -> list[dict[str, Any]]:
    """The next decision of the week (one choice per option), or the week's game once
    every player's plan is settled: the players in order, each deciding who flies, then
    (when he has a choice) his nationality, his aircraft, each skill he takes and each his
    observer takes, each a decision of its own; one option only is no decision."""
    taken = counters(record)
    combo: list[tuple[Plan, dict[str, Any]]] = []
    choosers: set[str] = set()
    for player in record.players:
        options = [p for p in plans(data, record, player) if _flyer(data, p, set(taken))]
        if not options:
            continue
        if len(options) > 1:
            choosers.add(player.side)
        decided = record.decided.get(player.name, [])
        consistent = [p for p in options if _matches(p, decided)] or options
        keys, examples = _next(consistent, decided)
        if keys:
            return [_decision(data, record, player, plan, key)
                    for plan, key in zip(examples, keys, strict=True)]
        plan = consistent[0]
        flyer = _flyer(data, plan, taken)
        assert flyer is not None
        combo.append((plan, flyer))
    words = "; ".join(_words(data, p, f) for p, f in combo)
    return [{"chooser": "+".join(sorted(choosers)) or "allied",
             "label": f"{record.date}, week {record.week}: {words}",
             "options": {"flyers": [f for _, f in combo]}}]


def _decision(data: AilesData, record: Record, player: Player, plan: Plan,
              key: list[Any]) -> dict[str, Any]:
    """A choice that is a decision, not a game: ``record`` is the record once taken."""
    after = dump(record)
    after["decided"] = {**record.decided, player.name: key}
    return {"chooser": player.side,
            "label": f"{record.date}, week {record.week}: {player.name}: "
                     f"{_decision_words(data, plan, key)}",
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
