"""Saves and replays: a save replays to the same digest; an edited, truncated or
foreign save is reported with the index of the first failing action; nothing is
overwritten."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from dogfight.core import Action, CorruptSave, ReplayError, get_game
from dogfight.play import simulate
from dogfight.store.saves import (
    Save,
    check_save,
    load_save,
    parse_save,
    save_from_match,
    write_save,
)

DUEL = get_game("test-duel")


@pytest.fixture
def save() -> Save:
    match, players = simulate(DUEL, {"rules": {"jams": True}}, 17)
    return save_from_match(match, players)


def test_a_save_replays_to_the_same_digest(save: Save, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(save, path)
    loaded = load_save(path)
    assert loaded == save
    assert check_save(loaded).digest() == save.digest
    assert all(a.check and len(a.check) == 16 for a in loaded.actions)


def _flip(decision: dict[str, object]) -> dict[str, object]:
    if "fire" in decision:
        return {"fire": not decision["fire"]}
    others = {"climb": "dive", "dive": "turn", "turn": "climb"}
    return {"maneuver": others[str(decision["maneuver"])]}


@pytest.mark.parametrize("where", [0, 1, 5, -2, -1])
def test_one_flipped_action_fails_at_its_index(save: Save, where: int) -> None:
    index = where % len(save.actions)
    actions = list(save.actions)
    old = actions[index]
    actions[index] = Action(old.seat, _flip(old.decision), old.check)
    edited = msgspec.structs.replace(save, actions=actions)
    with pytest.raises(ReplayError) as info:
        check_save(edited)
    assert info.value.index == index


def test_an_action_given_to_the_wrong_seat_fails_at_its_index(save: Save) -> None:
    actions = list(save.actions)
    first = actions[0]
    actions[0] = Action("blue" if first.seat == "red" else "red", first.decision, first.check)
    actions[1] = Action(first.seat, actions[1].decision, actions[1].check)
    with pytest.raises(ReplayError) as info:
        check_save(msgspec.structs.replace(save, actions=actions))
    assert info.value.index == 0


def test_a_truncated_log_fails_at_its_end(save: Save) -> None:
    short = msgspec.structs.replace(save, actions=save.actions[:-3])
    with pytest.raises(ReplayError, match="final state differs") as info:
        check_save(short)
    assert info.value.index == len(save.actions) - 3


def test_a_save_without_checks_still_finds_an_illegal_action(save: Save) -> None:
    actions = [Action(a.seat, a.decision) for a in save.actions]
    actions[4] = Action(actions[4].seat, {"maneuver": "barrel-roll"})
    with pytest.raises(ReplayError, match="unknown maneuver 'barrel-roll'") as info:
        check_save(msgspec.structs.replace(save, actions=actions, digest=None))
    assert info.value.index == 4


def test_another_rules_version_is_named_when_replay_fails(save: Save) -> None:
    actions = list(save.actions)
    actions[2] = Action(actions[2].seat, {"maneuver": "loop"}, actions[2].check)
    other = msgspec.structs.replace(save, version="0", actions=actions)
    with pytest.raises(ReplayError, match="made with rules version 0, this is version 1"):
        check_save(other)


def test_unknown_game_is_reported_at_index_zero(save: Save) -> None:
    with pytest.raises(ReplayError, match="unknown game 'chess'") as info:
        check_save(msgspec.structs.replace(save, game="chess"))
    assert info.value.index == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b'{"game": "test-duel", "version"', "not valid JSON"),
        (b"[1, 2]", "not a dogfight save"),
        (b'{"game": "test-duel", "version": "1", "seed": "x"}', "not a dogfight save"),
        (b'{"game": "test-duel", "version": "1", "seed": 1, "format": "other/9"}',
         "has format 'other/9'"),
        (b'{"game": "test-duel", "version": "1", "seed": 1, "cheat": true}',
         "unknown field `cheat`"),
    ],
)
def test_corrupt_files_are_reported(text: bytes, message: str) -> None:
    with pytest.raises(CorruptSave, match=message):
        parse_save(text, "x.json")


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(CorruptSave, match="cannot read"):
        load_save(tmp_path / "none.json")


def test_checking_a_bad_save_leaves_its_file_untouched(save: Save, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(msgspec.structs.replace(save, actions=save.actions[:-1]), path)
    before = path.read_bytes()
    with pytest.raises(ReplayError):
        check_save(load_save(path))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left over
