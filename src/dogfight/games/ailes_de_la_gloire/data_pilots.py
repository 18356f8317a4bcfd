"""Les Ailes de la Gloire's ``pilots.toml``: LES PILOTES (experience, levels, the special
skills table) and the Tableau des Avions en Ligne (availability by month and nation),
typed and checked on load (read by ``data.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import msgspec

from dogfight.core import DataError
from dogfight.core.data import check_source, check_sources, load_toml

Nation = Literal["english", "french", "american", "german"]
#: The skills whose effects the chapters implement (pilots.toml must list exactly these).
SKILLS = ("restricted-tailing", "maneuvers", "long-range-tailing", "stability", "fire-bonus",
          "jams", "no-deflection", "combat-value", "extended-range")


class Experience(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    per_turn: int
    per_victory: int
    novice_below: int
    ace_victories: int
    source: str


class SkillTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    thresholds: list[int]
    per_victories: int
    source: str


class SkillData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: Literal["piloting", "shooting"]
    source: str
    aces_only: bool = False


class Month(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    date: str
    english: list[str]
    french: list[str]
    american: list[str]
    german: list[str]
    source: str

    def column(self, nation: Nation) -> list[str]:
        """The types of a nation's column this month."""
        return {"english": self.english, "french": self.french,
                "american": self.american, "german": self.german}[nation]


class Lafayette(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    until: str
    aircraft: list[str]
    grounded: str
    source: str


class PilotsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    experience: Experience
    skill_table: SkillTable
    skills: dict[str, SkillData]
    months: list[Month]
    lafayette: Lafayette

    def available(self, nation: Nation, date: str) -> tuple[str, ...]:
        """The types a pilot of ``nation`` may fly in the month ``date`` ("1917-08"):
        every type of his column come into service by then (ruling R20); Americans fly
        the Lafayette's types until February 1918, nothing in March 1918."""
        if nation == "american":
            if date <= self.lafayette.until:
                return tuple(self.lafayette.aircraft)
            if date == self.lafayette.grounded:
                return ()
        out: list[str] = []
        for month in self.months:
            if month.date <= date:
                out += [a for a in month.column(nation) if a not in out]
        return tuple(out)



_DATE = re.compile(r"^19(1[78])-(0[1-9]|1[0-2])$")


def load_pilots(path: Path, sides: dict[str, str]) -> PilotsFile:
    """Load and check ``pilots.toml`` (``sides``: each aircraft type's side)."""
    data = load_toml(path, PilotsFile)
    source = str(path)
    check_source(data.experience.source, source, "experience")
    check_source(data.skill_table.source, source, "skill_table")
    check_sources(data.skills, source)
    check_source(data.lafayette.source, source, "lafayette")
    if sorted(data.skills) != sorted(SKILLS):
        raise DataError(source, "skills", f"the skills are exactly {', '.join(SKILLS)}")
    if data.skill_table.thresholds != sorted(data.skill_table.thresholds):
        raise DataError(source, "skill_table.thresholds", "thresholds go up")
    dates = [m.date for m in data.months]
    for index, month in enumerate(data.months):
        check_source(month.source, source, f"months[{index}]")
        if not _DATE.match(month.date):
            raise DataError(source, f"months[{index}].date", "a month of 1917 or 1918, "
                            "written YYYY-MM")
        nations: tuple[Nation, ...] = ("english", "french", "american", "german")
        for nation in nations:
            for key in month.column(nation):
                if key not in sides:
                    raise DataError(source, f"months[{index}].{nation}", f"no aircraft {key!r}")
                want = "german" if nation == "german" else "allied"
                if sides[key] != want:
                    raise DataError(source, f"months[{index}].{nation}",
                                    f"{key} is not of the {want} side")
    if dates != sorted(set(dates)):
        raise DataError(source, "months", "one row a month, in order")
    return data
