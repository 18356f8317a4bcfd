"""Every campaign option of book 004_fe250b7836505b34.txt § Options, on a test sheet
that offers them all (a user's sheet in $DOGFIGHT_DATA_DIR/down-in-flames/campaigns/,
as a player who owns the real sheets would add one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from dogfight.core import decide, new_rng
from dogfight.games.down_in_flames.aircraft import put
from dogfight.games.down_in_flames.bombers import turret
from dogfight.games.down_in_flames.game import DownInFlames
from dogfight.games.down_in_flames.state import DifState
from dogfight.kit.piles import Pile

SHEET = """
[campaign]
name = "Test sheet"
year = 1944
theatre = "europe"
missions = 2
turns = 4
initiative = "allies"
interceptors = { axis = "bf-109g" }
source = "derived: a test sheet"

[[targets]]
number = 1
name = "Test factory"
kind = "factory"
damaged = 10
destroyed = 20
flak = 2
source = "derived: a test sheet"

[[arrows]]
side = "allies"
to = 1
aircraft = ["b-24d", "b-24d"]
source = "derived: a test sheet"

[[victory]]
result = "anything"
source = "derived: a test sheet"
"""
KINDS = [("altitude", 1, ""), ("bombs", 2, ""), ("defense", 1, ""),
         ("fighter", 0, "p-51d"), ("bomber", 0, "b-24d"), ("flak", 2, ""), ("fuel", 0, ""),
         ("gunner", 1, ""), ("late", 0, ""), ("pilot-names", 3, "bf-109g"),
         ("press", 4, ""), ("rest", 6, ""), ("shortage", 1, ""),
         ("sun-at-your-back", 2, ""), ("support", 1, ""), ("vital-mission", 0, ""),
         ("winds", 1, "")]


def _options(side: str) -> str:
    out = []
    for number, (kind, value, aircraft) in enumerate(KINDS, start=1):
        plane = aircraft if side == "allies" or kind == "pilot-names" else "bf-109g"
        if kind == "bomber" and side == "axis":
            plane = "ju-87b"
        if kind == "fighter" and side == "allies":
            plane = "p-51d"
        effect = f'kind = "{kind}"'
        if value:
            effect += f", value = {value}"
        if kind in ("fighter", "bomber"):
            effect += f', aircraft = "{plane}", count = 1'
        if kind == "pilot-names":
            target = "bf-109g" if side == "axis" else "p-51d"
            effect += f', aircraft = "{target}"'
        out.append(f'[[options]]\nside = "{side}"\nnumber = {number}\n'
                   f'effects = [{{ {effect} }}]\nsource = "derived: a test sheet"\n')
    return "\n".join(out)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[DownInFlames]:
    folder = tmp_path / "down-in-flames" / "campaigns"
    folder.mkdir(parents=True)
    (folder / "test-sheet.toml").write_text(SHEET + _options("allies") + _options("axis"))
    monkeypatch.setenv("DOGFIGHT_DATA_DIR", str(tmp_path))
    yield DownInFlames()  # dataset() reads $DOGFIGHT_DATA_DIR anew
    monkeypatch.delenv("DOGFIGHT_DATA_DIR")


def number(kind: str) -> int:
    return next(i for i, k in enumerate(KINDS, start=1) if k[0] == kind)


def mission(game: DownInFlames, allies: tuple[str, str], axis: tuple[str, str] = ("rest", ""),
            seed: int = 1) -> DifState:
    """Both sides reveal their option (book § Options: one each, chosen together)."""
    state = game.setup({"mode": "mission", "mission": {"sortie": "test-sheet:allies:start:1"}},
                       new_rng(seed))
    assert state.phase == "options"
    state = decide(game, state, "allies", {"option": number(allies[0]),
                                           "choice": allies[1]}).state
    return decide(game, state, "axis", {"option": number(axis[0]), "choice": axis[1]}).state


def planes(state: DifState, side: str) -> list[Any]:
    return [p for p in state.planes if p.side == side]


def test_fighter_and_bomber_options_add_aircraft(game: DownInFlames) -> None:
    """§ Options, Fighter/Bomber: the aircraft named join the mission (no bombs on the
    fighters)."""
    base = [p.aircraft for p in planes(mission(game, ("rest", "")), "allies")]
    assert base == ["b-24d", "b-24d"]
    more = mission(game, ("fighter", ""), ("bomber", ""))
    assert [p.aircraft for p in planes(more, "allies")] == ["b-24d", "b-24d", "p-51d"]
    assert not any(p.loaded for p in planes(more, "allies"))
    assert [p.aircraft for p in planes(more, "axis")] == ["bf-109g", "ju-87b"]


def test_altitude_option_moves_the_bombers(game: DownInFlames) -> None:
    """§ Options, Altitude: all your bombers one level higher or lower."""
    level = ("very-low", "low", "medium", "high", "very-high").index(
        game.dataset.aircraft["b-24d"].altitude)
    up = mission(game, ("altitude", "up"))
    down = mission(game, ("altitude", "down"))
    assert {p.altitude for p in planes(up, "allies")} == {min(4, level + 1)}
    assert {p.altitude for p in planes(down, "allies")} == {max(0, level - 1)}


def test_defense_and_support_change_the_turret_hands(game: DownInFlames) -> None:
    """§ Options, Defense / Support: your bombers' turret factors up, or the enemy's
    down."""
    plain = mission(game, ("rest", ""))
    b = planes(plain, "allies")[0]
    base = turret(plain, b)
    more = mission(game, ("defense", ""))
    assert turret(more, planes(more, "allies")[0]) == (base[0] + 1, base[1])
    less = mission(game, ("rest", ""), ("support", ""))
    assert turret(less, planes(less, "allies")[0]) == (base[0], max(0, base[1] - 1))


def test_gunner_option(game: DownInFlames) -> None:
    """§ Options, Gunner: enemy fighters' gunners down, friendly ones up (the Bf-110C)."""
    state = mission(game, ("rest", ""), ("gunner", ""))
    p = msgspec.structs.replace(planes(state, "axis")[0], aircraft="bf-110c")
    assert game.stats(state, p).gunner == game.dataset.aircraft["bf-110c"].gunner + 1
    state = mission(game, ("gunner", ""))
    assert game.stats(state, p).gunner == max(0, game.dataset.aircraft["bf-110c"].gunner - 1)


def test_shortage_sun_and_late(game: DownInFlames) -> None:
    """§ Options, Shortage: hits on every enemy aircraft at the start; Sun At Your Back:
    more cards for each of your fighters; Late: the enemy fighters neither act nor may be
    targeted in the first turn."""
    state = mission(game, ("shortage", ""))
    assert [p.damage for p in planes(state, "axis")] == [1]
    plain = mission(game, ("rest", ""), ("rest", ""))
    sun = mission(game, ("rest", ""), ("sun-at-your-back", ""))
    perf = game.stats(plain, planes(plain, "axis")[0]).performance
    assert len(planes(plain, "axis")[0].hand) == perf
    assert len(planes(sun, "axis")[0].hand) == perf + 2
    late = mission(game, ("late", ""))
    assert all(p.late for p in planes(late, "axis"))


def test_winds_add_or_take_turns(game: DownInFlames) -> None:
    """§ Options, Vents: declared at the start, turns added or taken away."""
    assert mission(game, ("winds", "more")).turns == 5
    assert mission(game, ("winds", "fewer")).turns == 3
    assert mission(game, ("rest", "")).turns == 4


def _flown(game: DownInFlames, state: DifState) -> DifState:
    """Fly the mission out by always taking the first legal decision."""
    for _ in range(5000):
        pending = game.pending(state)
        if not pending:
            return state
        seat = next(iter(pending))
        state = decide(game, state, seat, game.legal(state, seat)[0]).state
    raise AssertionError("the mission did not end")


def test_fuel_sends_the_enemy_fighters_home_before_the_last_turn(game: DownInFlames) -> None:
    """§ Options, Fuel: all enemy fighters leave before the last turn begins."""
    state = _flown(game, mission(game, ("fuel", "")))
    axis = planes(state, "axis")[0]
    assert axis.gone or axis.down


def test_vp_options_rest_press_vital_pilot_names(game: DownInFlames) -> None:
    """§ Options, Rest / Press: VP gained or lost; Vital Mission: the mission's VP
    doubled (§ Déterminer le succès de la mission)."""
    def vp(allies: tuple[str, str], axis: tuple[str, str]) -> dict[str, int]:
        state = _flown(game, mission(game, allies, axis, seed=4))
        out = game.outcome(state)
        assert out is not None
        return dict(out.details["vp"])

    base = vp(("bombs", ""), ("flak", ""))
    assert vp(("rest", ""), ("flak", ""))["allies"] == base["allies"] + 6
    assert vp(("press", ""), ("flak", ""))["allies"] == base["allies"] - 4
    assert vp(("vital-mission", ""), ("flak", ""))["allies"] == base["allies"] * 2


def test_bombs_and_flak_options_change_the_arithmetic(game: DownInFlames) -> None:
    """§ Options, Bombs and Flak, § Sélectionnez le Schéma de Flak: option values are
    applied before halving or doubling."""
    state = mission(game, ("bombs", ""), ("flak", ""))
    m = state.mission
    assert m is not None
    state = game.proceed(msgspec.structs.replace(state, phase="bombing", mission=msgspec
                                                 .structs.replace(m, flak_pattern="scattered")),
                         [])
    for p in planes(state, "allies"):
        state = decide(game, state, "allies", {"plane": p.id, "pattern": "normal"}).state
    out = game.outcome(state)
    assert out is not None
    load = game.dataset.aircraft["b-24d"].bombs[0] + 2
    assert out.details["bombs"] == 2 * load
    # flak 2 + 2 from the option, scattered: half of it on each bomber
    assert [p.damage for p in planes(state, "allies")] == [2, 2]


def test_pilot_names_gives_the_enemy_the_pilots_value(game: DownInFlames) -> None:
    """§ Options, Pilot Names: the named pilot's aircraft shot down gives the enemy its
    value in VP, on top of the aircraft's own."""
    def allied_vp(axis_option: str) -> int:
        state = mission(game, ("rest", ""), (axis_option, ""))
        axis = planes(state, "axis")[0]
        state = put(state, msgspec.structs.replace(axis, down=True, hand=()))
        assert state.mission is not None
        deck = Pile(state.deck.cards + axis.hand, state.deck.discards)
        state = msgspec.structs.replace(state, deck=deck, phase="bombing",
                                        mission=msgspec.structs.replace(
                                            state.mission, flak_pattern="scattered"))
        state = game.proceed(state, [])  # the bombing patterns are asked
        for p in planes(state, "allies"):
            state = decide(game, state, "allies", {"plane": p.id, "pattern": "normal"}).state
        out = game.outcome(state)
        assert out is not None
        return int(out.details["vp"]["allies"])

    assert allied_vp("pilot-names") == allied_vp("gunner") + 3
