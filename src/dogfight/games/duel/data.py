"""The duel's data file (``data/duel.toml``): maneuvers, the hit table, the damage deck.

Every game's ``data.py`` looks like this: typed structs of its files, a loader that
checks each figure's source and the file's consistency (a :class:`DataError` names
file, entry and reason), and ``dataset()``, the data as loaded (a player's copy under
``$DOGFIGHT_DATA_DIR/test-duel/`` replaces the shipped file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from dogfight.core import DataError
from dogfight.core.data import check_sources, data_file, load_toml, per_data_dir

GAME_ID = "test-duel"


class ManeuverData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    beats: str
    source: str


class HitRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    low: int
    high: int
    result: Literal["jam", "miss", "hit"]
    cards: int
    source: str


class DamageCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    points: int
    count: int
    source: str


class DuelData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: str
    source: str
    maneuvers: dict[str, ManeuverData]
    hit_table: list[HitRow]
    damage_deck: list[DamageCards]

    def fresh_deck(self) -> tuple[int, ...]:
        """A whole damage deck, unshuffled: each card's points."""
        return tuple(c.points for c in self.damage_deck for _ in range(c.count))

    def hit(self, face: int) -> HitRow:
        """The hit table's row for a die face."""
        return next(r for r in self.hit_table if r.low <= face <= r.high)


def load_data(path: Path | None = None) -> DuelData:
    """Load and check the data file (a user's override if there is one)."""
    path = path or data_file(Path(__file__).parent, GAME_ID, "duel.toml")
    data = load_toml(path, DuelData)
    source = str(path)
    check_sources(data.maneuvers, source)
    for name, maneuver in data.maneuvers.items():
        if maneuver.beats not in data.maneuvers or maneuver.beats == name:
            raise DataError(source, f"maneuvers.{name}.beats",
                            f"{maneuver.beats!r} is not another maneuver")
    faces = sorted(face for row in data.hit_table for face in range(row.low, row.high + 1))
    if faces != list(range(1, 7)):
        raise DataError(source, "hit_table", "the rows must cover die faces 1 to 6 exactly once")
    for index, row in enumerate(data.hit_table):
        if not row.source:
            raise DataError(source, f"hit_table[{index}]", "needs a source")
    if sum(cards.count for cards in data.damage_deck) < 1:
        raise DataError(source, "damage_deck", "the deck holds no card")
    if any(cards.count < 0 or cards.points < 0 for cards in data.damage_deck):
        raise DataError(source, "damage_deck", "counts and points cannot be negative")
    return data


@per_data_dir
def dataset() -> DuelData:
    """The duel's data as loaded (once per ``$DOGFIGHT_DATA_DIR``)."""
    return load_data()
