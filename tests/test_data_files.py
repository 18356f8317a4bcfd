"""Data files: loaded and checked; a malformed file names the file, entry and reason;
a player's edited copy in $DOGFIGHT_DATA_DIR replaces the shipped one."""

from __future__ import annotations

from pathlib import Path

import pytest

from dogfight.core import DataError
from dogfight.games.duel.data import dataset, load_data

SHIPPED = Path(__file__).parent.parent / "src/dogfight/games/duel/data/duel.toml"


def test_every_figure_has_a_source() -> None:
    data = load_data()
    assert all(m.source.startswith(("book:", "derived:")) for m in data.maneuvers.values())
    assert all(r.source for r in data.hit_table) and all(c.source for c in data.damage_deck)


@pytest.mark.parametrize(
    ("edit", "entry", "reason"),
    [
        (("count = 6", 'count = "six"'), "damage_deck[1].count", "Expected `int`, got `str`"),
        (('beats = "turn"', 'beats = "loop"'), "maneuvers.climb.beats", "not another maneuver"),
        (("low = 6\nhigh = 6", "low = 5\nhigh = 6"), "hit_table", "cover die faces 1 to 6"),
        (('source = "derived: rock-paper-scissors, so no order dominates"\n\n[maneuvers.dive]',
          'source = "guess"\n\n[maneuvers.dive]'), "climb", "needs source"),
        (("[[hit_table]]", "[[hit_tables]]"), "(top level)", "unknown field `hit_tables`"),
        (("title =", "title = = "), "(syntax)", "Invalid value"),
    ],
)
def test_a_malformed_file_is_refused_with_file_entry_and_reason(
        tmp_path: Path, edit: tuple[str, str], entry: str, reason: str) -> None:
    text = SHIPPED.read_text()
    assert edit[0] in text
    bad = tmp_path / "duel.toml"
    bad.write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(DataError) as info:
        load_data(bad)
    assert info.value.file == str(bad)
    assert info.value.entry == entry
    assert reason in info.value.reason


def test_a_players_copy_replaces_the_shipped_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "test-duel"
    folder.mkdir()
    (folder / "duel.toml").write_text(SHIPPED.read_text().replace("count = 6", "count = 9", 1))
    monkeypatch.setenv("DOGFIGHT_DATA_DIR", str(tmp_path))
    assert sum(c.count for c in dataset().damage_deck) == 19
