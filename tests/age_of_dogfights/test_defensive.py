"""Defensive fire (book: 003_24ea110dc1b5a4d6.txt § TIR DEFENSIF, § POSITIONS POUR LES
TIRS DEFENSIFS): the book's examples played through the sequence of play, with R4 and
R5."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dogfight.core import new_rng
from dogfight.games.age_of_dogfights import turn, zones
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import AgeOptions, AgeState, Aircraft, Flight
from dogfight.kit.grids import Cell, from_offset
from dogfight.kit.grids.lattice import ahead
from dogfight.kit.prompts import Frame

C = from_offset(15, 7)


def flying(ident: str, kind: str, cell: Cell, facing: int = 0, **more: Any) -> Aircraft:
    nation, _, number = ident.rpartition("-")
    data = GAME.dataset.aircraft[kind]
    seat = "germany" if nation == "germany" else "allies"
    base = Aircraft(nation, int(number), kind, seat, where="zone", point=(cell.q, cell.r),
                    facing=facing, level=3, bursts=(data.front_bursts, data.tail_bursts,
                                                    data.ventral_bursts),
                    throttle=data.full_throttle)
    return replace(base, **more)


def moved(mover: str, forced: list[int], *aircraft: Aircraft, mode: str = "bombing") -> AgeState:
    """``mover`` has just ended its move: its fire, then the ripostes."""
    state = AgeState(AgeOptions(mode=mode), new_rng(3, forced), 1,  # type: ignore[arg-type]
                     "allies", "fly", aircraft, flight=Flight(mover, 0, stage="fire"))
    return turn.proceed(state, [])


def formation(**bomber18: Any) -> tuple[Aircraft, ...]:
    """The French fighter 2d strictly behind German bomber 18, bomber 17 just behind the
    fighter in the same direction, bomber 16 beside, flying another way."""
    return (flying("france-10", "spad-s13", C),
            flying("germany-18", "gotha-g5", ahead(C, 0, 2), **bomber18),
            flying("germany-17", "gotha-g5", ahead(C, 3, 1)),
            flying("germany-16", "gotha-g5", ahead(C, 1, 1), facing=2))


def test_positions_pour_les_tirs_defensifs_the_formation_example() -> None:
    """§ POSITIONS POUR LES TIRS DEFENSIFS: a French fighter damages the tail of German
    bomber 18 (H7, column B: 5 + 4 + 1 = 10, damage; the die: orange, the tail). In the
    riposte no. 18 fires its tail gun (H12, B: 1 + 2, a failure); no. 16 cannot fire, not
    flying in the French fighter's direction; no. 17 fires its flexible nose gun (H5,
    column B from every position: 6 + 6 = 12) and destroys the French fighter. Several
    defenders join one riposte (R24: two dice)."""
    state = moved("france-10", [5, 4, 3, 1, 2, 6, 6], *formation())
    shot = {"target": "germany-18", "position": "h7", "guns": "fixed"}
    assert shot in GAME.legal(state, "allies")
    step = GAME.apply(state, "allies", shot)
    assert [(e.kind, e.data.get("part")) for e in step.events
            if e.kind == "damaged"] == [("damaged", "tail")]
    state = step.state
    assert list(GAME.pending(state)) == ["germany"]
    legal = GAME.legal(state, "germany")
    assert {d.get("aircraft") for d in legal} == {"germany-18", "germany-17", None}
    tail = {"aircraft": "germany-18", "target": "france-10", "position": "h12",
            "guns": "tail"}
    nose = {"aircraft": "germany-17", "target": "france-10", "position": "h5",
            "guns": "nose"}
    assert tail in legal and nose in legal
    step = GAME.apply(state, "germany", tail)
    assert [e.data["result"] for e in step.events if e.kind == "fired"] == ["failure"]
    state = step.state
    assert GAME.legal(state, "germany") == [nose, {"hold": True}]  # each gun once
    step = GAME.apply(state, "germany", nose)
    assert [e.data["result"] for e in step.events if e.kind == "fired"] == ["destroyed"]
    fighter = next(a for a in step.state.aircraft if a.id == "france-10")
    assert fighter.where == "down"


def test_tir_defensif_not_from_a_gun_silenced_by_the_shot() -> None:
    """§ TIR DEFENSIF (R4): after damage to its guns the target cannot answer; another
    aircraft with a gun bearing still may (R5)."""
    state = moved("france-10", [5, 4, 5], *formation())
    state = GAME.apply(state, "allies", {"target": "germany-18", "position": "h7",
                                         "guns": "fixed"}).state
    assert {d.get("aircraft") for d in GAME.legal(state, "germany")} == {"germany-17", None}


def test_tir_defensif_without_offensive_fire() -> None:
    """§ POSITIONS POUR LES TIRS DEFENSIFS (R5): a British fighter ends its move 2d ahead
    of a German fighter heading the same way; it holds its fire (it has no gun bearing
    back), yet the German fires defensively (H7, column B: 4 + 4 + 1 = 9, damage) and
    damages its tail."""
    camel = flying("britain-4", "sopwith-camel", ahead(C, 0, 2))
    fokker = flying("germany-10", "fokker-d7", C)
    state = moved("britain-4", [4, 4, 3], camel, fokker, mode="dogfight")
    assert [f.kind for f in state.prompts] == ["riposte"]  # the Camel had nothing to fire
    back = {"aircraft": "germany-10", "target": "britain-4", "position": "h7",
            "guns": "fixed"}
    assert back in GAME.legal(state, "germany")
    step = GAME.apply(state, "germany", back)
    assert [e.data["part"] for e in step.events if e.kind == "damaged"] == ["tail"]
    assert next(e.data for e in step.events if e.kind == "fired")["result"] == "damage"


def test_tir_defensif_bombers_are_fired_on_defensively() -> None:
    """§ POSITIONS POUR LES TIRS DEFENSIFS: bombers may not attack, but they can be the
    target of defensive fire: a German bomber ends 2d ahead of a French fighter flying
    its way, whose fixed guns answer (H7)."""
    gotha = flying("germany-16", "gotha-g5", ahead(C, 0, 2))
    spad = flying("france-10", "spad-s13", C)
    state = AgeState(AgeOptions(mode="bombing"), new_rng(3), 1, "germany", "fly",
                     (spad, gotha), flight=Flight("germany-16", 0, stage="fire"))
    state = turn.proceed(state, [])
    assert list(GAME.pending(state)) == ["allies"]
    assert {"aircraft": "france-10", "target": "germany-16", "position": "h7",
            "guns": "fixed"} in GAME.legal(state, "allies")


def test_regles_generales_the_limit_of_fighters_in_the_zone() -> None:
    """§ REGLES GENERALES: at most six fighters a player in the combat zone (those on
    access points count), or another number if the players agree (option
    ``max_fighters``)."""
    seven = [f"germany-{n}" for n in range(1, 8)]
    frame = Frame("access", ("germany",), "", {"required": False})
    for limit in (6, 2):
        state = GAME.setup({"germany": seven, "max_fighters": limit}, new_rng(1))
        for in_zone, room in ((limit, False), (limit - 1, True)):
            planes = tuple(replace(a, where="zone" if a.number <= in_zone - 1 else
                                   "access" if a.number == in_zone else "patrol",
                                   point=(a.number, 2))
                           if a.seat == "germany" else a for a in state.aircraft)
            legal = zones.Access().legal(replace(state, aircraft=planes), frame, "germany")
            assert any(isinstance(d, zones.Bring) for d in legal) is room, (limit, in_zone)


def test_plateau_two_pieces_for_a_short_game() -> None:
    """§ MISE EN PLACE: for a short game two board pieces may be used (derived: each
    12 × 15 points)."""
    view = GAME.view(GAME.setup({"pieces": 2}, new_rng(1)), None)
    assert view["map"] == {"kind": "triangle", "width": 24, "height": 15, "sides": "short"}
