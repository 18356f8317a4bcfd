"""Down In Flames campaign missions: options, flak, bombing, target status, VP, scale.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from typing import Any

import msgspec

from dogfight.core import Event
from dogfight.games.down_in_flames import GAME, missions, turn, victory
from dogfight.games.down_in_flames.damage import destroy
from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import act, acts, legal, plane, prompt, put, setup

POLAND3 = {"mode": "mission", "mission": {"campaign": "poland-1939", "target": 3}}



def bomb(state: DifState) -> tuple[DifState, list[Event]]:
    """Flak, then bombs (book § Résoudre la Flak, § Bombarder la cible), then the end."""
    events: list[Event] = []
    state = missions.bomb(state, events)
    return victory.finish(state, events, state.result or "turns"), events

def kates(*patterns: str, flak_pattern: str = "scattered", hurt: bool = False,
          **mission: Any) -> tuple[DifState, dict[str, int], dict[str, int]]:
    """Kates (one per bombing pattern) over Poland 1939 target #3 (airfield 4/8, flak 2),
    bombed at once: (state, flak hits by plane, bombs by plane)."""
    state = setup(POLAND3)
    stuka = plane(state, "axis-1")
    planes = [msgspec.structs.replace(stuka, id=f"axis-{i + 1}", aircraft="b5n2-kate",
                                      pattern=p, damage=3 if hurt else 0)
              for i, p in enumerate(patterns)]
    others = [p for p in state.planes if p.side != "axis"]
    m = state.mission
    assert m is not None
    state = msgspec.structs.replace(state, planes=(*planes, *others), mission=msgspec.structs
                                    .replace(m, flak_pattern=flak_pattern, **mission))
    state, events = bomb(state)
    flak = {e.data["plane"]: e.data["hits"] for e in events if e.kind == "flak"}
    bombs = {e.data["plane"]: e.data["bombs"] for e in events if e.kind == "bombs"}
    return state, flak, bombs


def test_kate_bombing_patterns() -> None:
    """book: 004_fe250b7836505b34.txt § Sélectionnez le Schéma de Bombardement: a B5N2 Kate
    carries 14 bombs (8 damaged): Normal 14/8, Tight 28/16, Dispersed 7/4."""
    _, _, bombs = kates("normal", "tight", "scattered", flak=0)
    assert bombs == {"axis-1": 14, "axis-2": 28, "axis-3": 7}
    _, _, bombs = kates("normal", "tight", "scattered", flak_pattern="scattered",
                        hurt=True, flak=0)
    assert bombs == {"axis-1": 8, "axis-2": 16, "axis-3": 4}


def test_flak_2_scattered_normal_tight_examples() -> None:
    """book: 004_fe250b7836505b34.txt § Sélectionnez le Schéma de Flak: flak 2 Dispersed
    hits every bomber for 1; Normal hits Normal and Tight bombers for 2; Tight hits only
    Tight bombers, for 4."""
    patterns = ("scattered", "normal", "tight")
    got = {fp: kates(*patterns, flak_pattern=fp)[1] for fp in patterns}
    assert got == {"scattered": {"axis-1": 1, "axis-2": 1, "axis-3": 1},
                   "normal": {"axis-2": 2, "axis-3": 2},
                   "tight": {"axis-3": 4}}


def test_option_flak_applies_before_halving_or_doubling() -> None:
    """book: 004_fe250b7836505b34.txt § Sélectionnez le Schéma de Flak: an option gives two
    more flak to a target of flak 2: 2 Dispersed, 4 Normal, 8 Tight."""
    state = setup({"mode": "mission",
                   "mission": {"sortie": "daylight-bombing-1944:allies:start:1"}})
    m = state.mission
    assert m is not None
    got = {}
    for fp in ("scattered", "normal", "tight"):
        s = msgspec.structs.replace(state, mission=msgspec.structs.replace(
            m, flak=2, flak_pattern=fp, options=(("axis", 4, ""),)))
        s = put(s, "allies-1", pattern="tight")
        _, events = bomb(s)
        got[fp] = [e.data["hits"] for e in events if e.kind == "flak"]
    assert got == {"scattered": [2], "normal": [4], "tight": [8]}


def test_the_kate_example_flak_then_bombs() -> None:
    """book: 004_fe250b7836505b34.txt § Résoudre la Flak (example): an undamaged Kate,
    Normal pattern, over flak 2 Dispersed: it takes 1 hit, then drops its 14 bombs."""
    state, flak, bombs = kates("normal")
    assert flak == {"axis-1": 1} and bombs == {"axis-1": 14}
    assert plane(state, "axis-1").damage == 1


def status(bombs_by: str, damaged: int = 5, destroyed: int = 10) -> str:
    state, _, _ = kates(bombs_by, flak=0, damaged=damaged, destroyed=destroyed)
    m = state.mission
    assert m is not None
    return m.status


def test_target_status_from_the_bombs() -> None:
    """book: 004_fe250b7836505b34.txt § Valeurs de Bombardement des cibles: an airfield at
    5/10 is Intact from 0 to 4 bombs, Damaged from 5 to 9, Destroyed from 10."""
    assert status("scattered") == "damaged"  # 7 bombs
    assert status("normal") == "destroyed"  # 14
    assert status("scattered", 8, 16) == "intact"  # 7 < 8
    assert status("scattered", 7, 16) == "damaged"
    assert status("normal", 5, 14) == "destroyed"


def test_mission_victory_points() -> None:
    """book: 004_fe250b7836505b34.txt § Déterminer le succès de la mission: Intact gives the
    defender the destroyed value; Damaged or Destroyed gives the attacker the damaged or
    destroyed value; each side adds the VP of the enemy aircraft it shot down (a
    Bf-110C: 10); § Tableau des points de victoire: the result is Allied minus Axis."""
    state, _, _ = kates("normal")  # 14 bombs on 4/8: destroyed
    assert GAME.vp(state) == {"axis": 8, "allies": 0}
    state, _, _ = kates("scattered", flak_pattern="tight", destroyed=16, damaged=7)
    assert GAME.vp(state) == {"axis": 7, "allies": 0}  # damaged
    state, _, _ = kates("scattered", flak_pattern="tight", destroyed=16, damaged=8)
    assert GAME.vp(state) == {"axis": 0, "allies": 16}  # intact
    base = setup(POLAND3)
    base = msgspec.structs.replace(base, planes=(*base.planes, msgspec.structs.replace(
        plane(base, "axis-1"), id="axis-2", aircraft="bf-110c", bomber=False, down=True)))
    m = base.mission
    assert m is not None
    base = msgspec.structs.replace(base, mission=msgspec.structs.replace(m, status="intact"))
    scored = missions.score_mission(base, [])
    assert GAME.vp(scored) == {"axis": 0, "allies": 8 + 10}
    out = GAME.outcome(msgspec.structs.replace(scored, phase="over"))
    assert out is not None and out.details["net_vp"] == 18


def test_campaign_outcome_on_the_victory_table() -> None:
    """book: 004_fe250b7836505b34.txt § Déterminer l'issue de la campagne: Daylight Bombing
    1944 ending 180 Allied VP to 60 Axis VP, 120, is a minor Allied victory."""
    camp = GAME.dataset.campaigns["daylight-bombing-1944"]
    assert camp.result(180 - 60) == "Allied minor victory"


def test_scale_3_to_1_poland_target_3() -> None:
    """book: 004_fe250b7836505b34.txt § Augmenter l'échelle d'une campagne: Poland 1939 at
    3:1, target #3, Axis option #1, Allied option #2: three Stukas and three Bf-110C
    against six P.11c (option and interceptor), Axis fighters late in turn 1, target
    12/24 with flak 2; VP are divided by 3, rounded down."""
    state = setup({"mode": "mission", "mission": {"campaign": "poland-1939", "target": 3,
                                                   "scale": 3}})
    state = acts(state, ("axis", {"option": 1, "choice": ""}),
                 ("allies", {"option": 2, "choice": ""}))
    aircraft = sorted(p.aircraft for p in state.planes)
    assert aircraft == ["bf-110c"] * 3 + ["ju-87b"] * 3 + ["p-11c"] * 6
    assert all(p.late for p in state.planes if p.aircraft == "bf-110c")
    m = state.mission
    assert m is not None and (m.damaged, m.destroyed, m.flak) == (12, 24, 2)
    down = tuple(msgspec.structs.replace(p, down=True) if p.id == "axis-4" else p
                 for p in state.planes)
    assert plane(state, "axis-4").aircraft == "bf-110c"
    state = msgspec.structs.replace(state, planes=down, mission=msgspec.structs.replace(
        m, status="destroyed"))
    scored = missions.score_mission(state, [])
    assert GAME.vp(scored) == {"axis": 24 // 3, "allies": 10 // 3}


def test_each_side_picks_one_option_in_secret() -> None:
    """book: 004_fe250b7836505b34.txt § Options: each player selects one, and only one,
    option per mission; the sheet lists them (Poland 1939: Axis #1-#6, Allies #1-#5)."""
    state = setup(POLAND3)
    assert prompt(state) == {"axis": "option", "allies": "option"}
    assert [d["option"] for d in legal(state, "axis")] == [1, 2, 3, 4, 5, 6]
    assert [d["option"] for d in legal(state, "allies")] == [1, 2, 3, 4, 5, 5]
    state = act(state, "axis", {"option": 4, "choice": ""})
    assert prompt(state) == {"allies": "option"}
    state = act(state, "allies", {"option": 1, "choice": ""})
    m = state.mission
    assert m is not None and m.options == (("axis", 4, ""), ("allies", 1, ""))


def test_mission_ends_when_the_attackers_are_down_and_bombs_when_defenders_are() -> None:
    """book: 004_fe250b7836505b34.txt § Résoudre la mission: if every attacker is shot down
    the mission ends; if every defender is, go to the bombing patterns."""
    state = setup(POLAND3)
    state = acts(state, ("axis", {"option": 4, "choice": ""}),
                 ("allies", {"option": 1, "choice": ""}),
                 ("allies", {"plane": "allies-1", "altitude": "medium"}),
                 ("allies", {"flak": "tight"}))
    down = turn.proceed(destroy(state, "allies-1", "", []), [])
    assert down.phase == "bombing" and prompt(down) == {"axis": "bombing"}
    down = act(down, "axis", {"plane": "axis-1", "pattern": "normal"})
    m = down.mission
    assert m is not None and (m.bombs, m.status) == (9, "destroyed")
    lost = turn.proceed(destroy(state, "axis-1", "", []), [])
    assert lost.phase == "over" and lost.mission is not None
    assert lost.mission.status == "intact"
