"""The search leaf of Age of Dogfights' ``mcts`` pilot (src/dogfight/ai/age_of_dogfights.py):
who can reach a firing position next move (book: 003_24ea110dc1b5a4d6.txt § MOUVEMENT A
L'HORIZONTAL, § CHANGEMENT DE DIRECTION, § TIR FIXE EXACTEMENT PAR DERRIERE), the task
points carried (the photos, § RECONNAISSANCE; the bomb carriers breaking through and the
bombs not yet dropped, § BOMBARDEMENT), the zone bombing's leaf fitted on its terms
(§ BOMBARDEMENT) and the general's way East (§ Scénario "Interceptez le général").
Deterministic: no timing, no match statistics."""

from __future__ import annotations

import math
from itertools import product
from typing import Any

import pytest
from msgspec.structs import replace

from dogfight.ai.age_of_dogfights import (
    FITTED,
    TERMS,
    AgeOfDogfightsPolicy,
    bombing_terms,
    general_way,
    reach,
    reach_lead,
    reach_table,
    tasks_carried,
    turns_table,
)
from dogfight.games.age_of_dogfights import movement
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import AgeOptions, AgeState
from dogfight.kit.grids import Cell, from_offset
from tests.age_of_dogfights.test_pilots import flying, plane

DATA = GAME.dataset


def test_turns_table_is_the_fewest_turns_of_every_path() -> None:
    """§ MOUVEMENT A L'HORIZONTAL, § CHANGEMENT DE DIRECTION: each step goes one point on,
    turning one side or none first; the table's fewest turns for each end (point and
    facing) and length are those of every path of up to six steps flown out."""
    table = turns_table()
    for n in range(1, 7):
        fewest: dict[tuple[int, int, int], int] = {}
        for letters in product("FLR", repeat=n):
            path = "".join(letters)
            end, facing = movement.fly(Cell(0, 0), 0, path)[-1]
            key = (end.q, end.r, facing)
            turns = n - path.count("F")
            fewest[key] = min(fewest.get(key, n), turns)
        for key, turns in fewest.items():
            assert table[key][n] == turns, (key, n)
        assert {k for k, ways in table.items() if n in ways} == set(fewest)


def test_reach_sees_a_tail_within_a_move() -> None:
    """§ TIR FIXE EXACTEMENT PAR DERRIERE: a SPAD five points behind a Dr.I flying its way
    (speed 4, the blue die: 3 to 6 steps, 7 straight) reaches its tail next move with
    most faces; turned away, or twenty points off, with none; the lead counts it for
    the seat, half against."""
    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(13, 7), 0)
    assert reach(DATA, me, enemy) >= 0.5
    assert reach(DATA, replace(me, facing=3), enemy) == 0.0
    far = replace(enemy, point=(me.point[0] + 20, me.point[1]))  # type: ignore[index]
    assert reach(DATA, me, far) == 0.0
    state = flying(AgeOptions(), me, enemy)
    mine = reach(DATA, me, enemy)
    theirs = reach(DATA, enemy, me)
    assert reach_lead(state, "allies") == mine - 0.5 * theirs
    assert reach_lead(state, "germany") == theirs - 0.5 * mine


def test_the_leaf_prefers_the_tail_to_the_nose() -> None:
    """The search's leaf: with the same points and no firing position held, an aircraft
    behind the enemy's tail (reaching a shot next move) is worth more than one flown past
    it, turned away."""
    policy = AgeOfDogfightsPolicy(GAME)
    me = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(13, 7), 0)
    behind = flying(AgeOptions(), me, enemy)
    away = flying(AgeOptions(), replace(me, facing=3), enemy)
    assert policy.value(behind, "allies") > policy.value(away, "allies")
    assert policy.value(behind, "germany") < policy.value(away, "germany")


def test_the_leaf_counts_the_photos_carried_more_near_home() -> None:
    """§ RECONNAISSANCE: a photo counts once home; the leaf counts one carried for half to
    all of its 3 points, more near its own side (the allies' West), against the enemy's."""
    options = AgeOptions(mode="reconnaissance")
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(30, 1), 3, level=5)
    near = plane("france", 13, "salmson-2", "allies", from_offset(2, 7), 3, photos=("A",))
    far = replace(near, point=(from_offset(28, 7).q, from_offset(28, 7).r))
    empty = replace(near, photos=())
    policy = AgeOfDogfightsPolicy(GAME)
    values = {name: policy.value(flying(options, enemy, a), "allies")
              for name, a in (("near", near), ("far", far), ("empty", empty))}
    assert values["near"] > values["far"] > values["empty"]
    assert 1.5 <= tasks_carried(flying(options, enemy, far), "allies") \
        < tasks_carried(flying(options, enemy, near), "allies") <= 3.0
    assert tasks_carried(flying(options, enemy, near), "germany") < 0
    assert tasks_carried(flying(AgeOptions(), enemy, near), "allies") == 0.0


def test_the_leaf_counts_the_bomb_carriers_breaking_through() -> None:
    """§ BOMBARDEMENT (the breakthrough: 5 points a bomber through the far side): the leaf
    counts a bomber still carrying its bombs for half to all of its 5 points, more near
    the far side (for the Germans the allies' West); shot down or without bombs, none."""
    options = AgeOptions(mode="breakthrough")
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(2, 1), 3, level=5)
    bomber = plane("germany", 16, "gotha-g5", "germany", from_offset(30, 7), 3, bombs=1)
    far = replace(bomber, point=(from_offset(28, 7).q, from_offset(28, 7).r))
    near = replace(bomber, point=(from_offset(2, 7).q, from_offset(2, 7).r))
    carried = {name: tasks_carried(flying(options, enemy, a), "germany")
               for name, a in (("far", far), ("near", near))}
    assert 2.5 <= carried["far"] < carried["near"] <= 5.0
    assert tasks_carried(flying(options, enemy, near), "allies") == -carried["near"]
    for gone in (replace(near, where="down"), replace(near, bombs=0)):
        assert tasks_carried(flying(options, enemy, gone), "germany") == 0.0
    assert tasks_carried(flying(AgeOptions(), enemy, near), "germany") == 0.0
    policy = AgeOfDogfightsPolicy(GAME)
    assert policy.value(flying(options, enemy, near), "germany") > \
        policy.value(flying(options, enemy, far), "germany")


def test_the_leaf_counts_the_bombs_not_yet_dropped() -> None:
    """§ BOMBARDEMENT (zone bombing: 5 points a bomb dropped on a target zone, one as the
    carrier leaves a zone it flew two points over at one level): the leaf counts each bomb
    carried for half its 5 points, the next one up to the whole as the carrier nears the
    seat's zones (the Germans' in the allies' West half) and all of it once two points
    over one; shot down, none."""
    options = AgeOptions(mode="bombing")
    enemy = plane("france", 4, "spad-s13", "allies", from_offset(30, 1), 3, level=5)
    bomber = plane("germany", 16, "gotha-g5", "germany", from_offset(30, 7), 3, bombs=3)

    def at(column: int, **more: object) -> AgeState:
        cell = from_offset(column, 7)
        return flying(options, enemy, replace(bomber, point=(cell.q, cell.r), **more))

    carried = [tasks_carried(at(column), "germany") for column in (30, 20, 10)]
    assert 7.5 < carried[0] < carried[1] < carried[2] < 10.0
    over = tasks_carried(at(20, over=("B", 2, 3)), "germany")
    assert over == 10.0 == tasks_carried(at(5), "germany")  # column 5: in zone B
    assert tasks_carried(at(20, bombs=1), "germany") == pytest.approx(carried[1] - 5.0)
    assert tasks_carried(at(20), "allies") == -carried[1]
    assert tasks_carried(at(20, where="down"), "germany") == 0.0
    policy = AgeOfDogfightsPolicy(GAME)
    assert policy.value(at(10), "germany") > policy.value(at(30), "germany")


def test_the_leaf_follows_the_general_east() -> None:
    """§ Scénario "Interceptez le général": the general (the Salmson 2 no. 13) wins the
    game for the allies by leaving to the East. The leaf's way is his progress East, less
    a damage, less a German fighter's reach of a shot on him; the Germans' the opposite."""
    options = AgeOptions(mode="general")
    general = plane("france", 13, "salmson-2", "allies", from_offset(10, 7), 0)
    enemy = plane("germany", 4, "fokker-dr1", "germany", from_offset(1, 1), 3, level=5)
    east = replace(general, point=(from_offset(25, 7).q, from_offset(25, 7).r))
    west = flying(options, enemy, general)
    assert general_way(flying(options, enemy, east), "allies") > general_way(west, "allies")
    assert general_way(west, "germany") == -general_way(west, "allies")
    hit = flying(options, enemy, replace(general, damage=("wings",)))
    assert general_way(hit, "allies") == general_way(west, "allies") - 1.0
    hunter = replace(enemy, point=(from_offset(5, 7).q, from_offset(5, 7).r), facing=0,
                     level=3)
    chased = flying(options, hunter, general)
    assert reach(DATA, hunter, general) > 0
    assert general_way(chased, "allies") == general_way(west, "allies") \
        - reach(DATA, hunter, general)
    assert general_way(flying(AgeOptions(), enemy, general), "allies") == 0.0
    policy = AgeOfDogfightsPolicy(GAME)
    assert policy.value(flying(options, enemy, east), "allies") > policy.value(west, "allies")
    assert policy.value(chased, "germany") > policy.value(west, "germany")


def test_the_zone_bombing_leaf_reads_the_books_criteria() -> None:
    """§ BOMBARDEMENT (zone bombing): the winner has more points of the main criterion,
    5 a bomb dropped and 1 an enemy bomber destroyed; the second criterion adds the other
    kills. The fitted leaf, mid-game (turn 10): an enemy bomber shot down with its three
    bombs is worth more than a fighter, both more than nothing, and a bomb the enemy
    drops costs more than either gains."""
    options = AgeOptions(mode="bombing")
    fighter = plane("france", 4, "spad-s13", "allies", from_offset(30, 1), 3, level=5)
    bomber = plane("germany", 16, "gotha-g5", "germany", from_offset(30, 7), 3, bombs=3)
    scout = plane("germany", 4, "fokker-dr1", "germany", from_offset(20, 1), 3, level=1)
    policy = AgeOfDogfightsPolicy(GAME)

    def value(*aircraft: Any) -> float:
        return policy.value(replace(flying(options, *aircraft), turn=10), "allies")

    even = value(fighter, bomber, scout)
    fighter_down = value(fighter, bomber, replace(scout, where="down"))
    bomber_down = value(fighter, replace(bomber, where="down"), scout)
    bombed = value(fighter, replace(bomber, bombs=2, drops=("A",)), scout)
    assert bomber_down > fighter_down > even
    assert even - bombed > bomber_down - even


def test_the_zone_bombing_leaf_is_fitted_on_its_terms() -> None:
    """§ BOMBARDEMENT (zone bombing: 5 points a bomb dropped, bombers first, then the
    fighters): the leaf's terms are each the seat's less the enemy's (the bombs and
    carriers in play, the next drop's nearness, the fighters, the enemy fighters' reach
    on the carriers, the fighters' reach on each other), each again times the share of
    the turns left; the leaf is ``tanh`` of half their weighted sum (2p - 1), opposite
    for the two seats, and prefers a bomber over its zone and a fighter behind the
    enemy's bomber."""
    options = AgeOptions(mode="bombing")
    fighter = plane("france", 4, "spad-s7", "allies", from_offset(8, 7), 0)
    hunter = plane("germany", 4, "fokker-dr1", "germany", from_offset(2, 7), 0)
    bomber = plane("germany", 16, "gotha-g5", "germany", from_offset(13, 7), 0, bombs=2)
    state = flying(options, fighter, bomber, hunter)
    table = reach_table(state)
    allies, germany = bombing_terms(state, "allies", table), bombing_terms(
        state, "germany", table)
    assert set(allies) == set(TERMS) | {f"{name}:left" for name in TERMS} == set(
        FITTED["bombing"])
    assert all(germany[name] == -allies[name] for name in allies)
    assert germany["bombs"] == 2 and germany["carriers"] == 1 and germany["fighters"] == 0
    assert germany["threat"] == table[fighter.id, bomber.id] > 0  # its carrier in reach
    assert allies["duel"] == table[fighter.id, hunter.id] - table[hunter.id, fighter.id]
    left = (options.turns - state.turn) / options.turns
    assert all(allies[f"{name}:left"] == pytest.approx(allies[name] * left) for name in TERMS)
    over = flying(options, fighter, replace(bomber, over=("B", 2, 3)), hunter)
    assert bombing_terms(over, "germany", reach_table(over))["near"] == 1.0 > germany["near"]
    policy = AgeOfDogfightsPolicy(GAME)
    weighed = sum(w * allies[name] for name, w in FITTED["bombing"].items())
    assert policy.value(state, "allies") == pytest.approx(math.tanh(0.5 * weighed))
    assert policy.value(state, "germany") == pytest.approx(-policy.value(state, "allies"))
    assert policy.value(over, "germany") > policy.value(state, "germany")
    away = flying(options, replace(fighter, facing=3), bomber, hunter)
    assert policy.value(state, "allies") > policy.value(away, "allies")
