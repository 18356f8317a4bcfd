"""LES PILOTES: L'expérience, Niveaux d'expérience (novice, vétéran, as), Tableau des
Compétences Spéciales, Compétence de Pilotage, Compétences de Tir; and what JEU DE
CAMPAGNE changes in a game (the novice's rolls: spin on 4-6 after a stall or
deterioration, recovery only on 4-6).

A flyer may bring his pilot's record (experience, victories, skills: the campaign's
Carnet de Vol); without one the game is the book's single game, where none of this
applies. The campaign (``campaign.py``, ``campaign_week.py``) keeps the records between
games and asks the skills as they are earned (``skill_choices``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal, get_args

import msgspec

from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.data_pilots import Nation

#: The skills (data ``pilots.toml`` names and sorts them: piloting or shooting, aces only).
Skill = Literal["restricted-tailing", "maneuvers", "long-range-tailing", "stability",
                "fire-bonus", "jams", "no-deflection", "combat-value", "extended-range"]
SKILLS: tuple[Skill, ...] = get_args(Skill)


class PilotRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A pilot's Carnet de Vol as it matters in a game: ``{"experience": 120,
    "victories": 2, "skills": ["jams"], "observer_victories": 0, "observer_skills": []}``;
    in a campaign also his name and nationality (the game itself does not read them)."""

    experience: int = 0
    victories: int = 0
    skills: tuple[Skill, ...] = ()
    observer_victories: int = 0
    observer_skills: tuple[Skill, ...] = ()
    name: str = ""
    nation: Nation | None = None


def skills_earned(experience: int, victories: int) -> int:
    """Tableau des Compétences Spéciales: one at 100 points, one more at 200, 300, 400,
    500 and 1000; one more for every five aircraft shot down."""
    table = dataset().pilots.skill_table
    return sum(1 for t in table.thresholds if experience >= t) + victories // table.per_victories


def observer_skills_earned(victories: int) -> int:
    """L'Expérience des Observateurs: an observer advances only by his own victories, so
    his points are 25 a victory (none a turn; our reading) on the same table."""
    return skills_earned(dataset().pilots.experience.per_victory * victories, victories)


def skill_choices(skills: Collection[str], victories: int,
                  observer: bool = False) -> tuple[Skill, ...]:
    """The skills a pilot (or an observer: Compétences de Tir only) may take now: the
    Tableau des Compétences Spéciales's, each once, Valeur de Combat and Portée Étendue
    for aces only."""
    pilots = dataset().pilots
    ace = victories >= pilots.experience.ace_victories
    out: list[Skill] = []
    for skill in SKILLS:
        info = pilots.skills[skill]
        if skill in skills or (observer and info.kind != "shooting") or \
                (info.aces_only and not ace):
            continue
        out.append(skill)
    return tuple(out)


def record_problem(record: PilotRecord) -> str | None:
    """Why a pilot's record breaks the tables, or None."""
    if record.experience < 0 or record.victories < 0 or record.observer_victories < 0:
        return "experience and victories cannot be negative"
    if len(set(record.skills)) != len(record.skills) or \
            len(set(record.observer_skills)) != len(record.observer_skills):
        return "a skill is taken once"
    if len(record.skills) > skills_earned(record.experience, record.victories):
        return (f"{len(record.skills)} skills for {record.experience} points and "
                f"{record.victories} victories (Tableau des Compétences Spéciales)")
    pilots = dataset().pilots
    if len(record.observer_skills) > observer_skills_earned(record.observer_victories):
        return "an observer earns skills by his victories only"
    if any(pilots.skills[s].kind != "shooting" for s in record.observer_skills):
        return "observers choose only shooting skills (Compétences de Tir)"
    for skills, victories in ((record.skills, record.victories),
                              (record.observer_skills, record.observer_victories)):
        if any(pilots.skills[s].aces_only for s in skills) and \
                victories < pilots.experience.ace_victories:
            return "Valeur de Combat and Portée Étendue are for aces only"
    return None


def is_novice(record: PilotRecord | None) -> bool:
    """Niveaux d'expérience: fewer than 50 points (only with a campaign record)."""
    return record is not None and record.experience < dataset().pilots.experience.novice_below


def is_ace(record: PilotRecord | None) -> bool:
    """As: at least five confirmed victories (shared ones count: ruling R21)."""
    return record is not None and record.victories >= dataset().pilots.experience.ace_victories


def better_stability(stability: Literal["A", "B", "C"]) -> Literal["A", "B", "C"]:
    """Stabilité: C counts as B, B as A."""
    return "A" if stability in ("A", "B") else "B"


def extended(fire_range: int) -> int:
    """Portée Étendue: range 3 counts as 2, 2 as 1; 1 and 0 stay."""
    return fire_range - 1 if fire_range >= 2 else fire_range
