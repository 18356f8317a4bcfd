"""The sequence of play (book: 003_24ea110dc1b5a4d6.txt): the set-up, the turn, fire with
defensive fire interrupting the mover as a pushed frame, the long burst after it, full
throttle and its risk, the patrol rule, the end and the battle points."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dogfight.core import Event, new_rng
from dogfight.games.age_of_dogfights import altitude, turn, zones
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import (
    AgeOptions,
    AgeState,
    Aircraft,
    Flight,
)
from dogfight.kit.grids import from_offset
from dogfight.kit.grids.lattice import ahead
from tests.conftest import random_play

X = from_offset(15, 7)


def flying(nation: str, number: int, kind: str, seat: str, cell: Any, **more: Any) -> Aircraft:
    data = GAME.dataset.aircraft[kind]
    base = Aircraft(nation, number, kind, seat, where="zone", point=(cell.q, cell.r),
                    facing=0, level=3, bursts=(data.front_bursts, data.tail_bursts,
                                               data.ventral_bursts),
                    throttle=data.full_throttle)
    return replace(base, **more)


def duel_state(forced: list[int], **mover: Any) -> AgeState:
    """A Camel 2d behind a German Aviatik, both level at L3, the Camel's move made."""
    camel = flying("britain", 4, "sopwith-camel", "allies", X, **mover)
    scout = flying("germany", 13, "aviatik-dfw-c5", "germany", ahead(X, 0, 2))
    state = AgeState(AgeOptions(), new_rng(7, forced), 1, "allies", "fly", (camel, scout),
                     flight=Flight("britain-4", 0, stage="fire"))
    return turn.proceed(state, [])


def kinds(state: AgeState) -> list[str]:
    return [f.kind for f in state.prompts]


def test_mise_en_place_four_aircraft_each_on_access_points() -> None:
    """§ MISE EN PLACE: four aircraft each on access points, at levels chosen freely,
    the rest in patrol; then the first player enters them, lowest number first."""
    state = GAME.setup({}, new_rng(1))
    assert state.phase == "place" and kinds(state) == ["access"]
    legal = GAME.legal(state, "allies")
    assert {"done": True} not in legal
    assert {d["level"] for d in legal if "level" in d} == {1, 2, 3, 4, 5}
    for seat in ("allies",) * 4 + ("germany",) * 4:
        assert list(GAME.pending(state)) == [seat]
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0]).state
    assert state.phase == "fly" and list(GAME.pending(state)) == ["allies"]
    assert sum(a.where == "access" for a in state.aircraft) == 8
    movers = GAME.legal(state, "allies")
    assert {d["aircraft"] for d in movers} == {"britain-4"}  # the lowest number first
    assert {d["die"] for d in movers} == {"blue", "green"}


def test_mise_en_place_the_books_example_rosters() -> None:
    """§ MISE EN PLACE: Fokker Dr.I 4-6 and Aviatik DFW C.V 13-15 against Hanriot HD.3
    7-9, Sopwith Camel 4-6 and S.E.5 10-12."""
    options = {"germany": ["germany-4", "germany-5", "germany-6", "germany-13",
                           "germany-14", "germany-15"],
               "allies": ["france-7", "france-8", "france-9", "britain-4", "britain-5",
                          "britain-6", "britain-10", "britain-11", "britain-12"],
               "max_fighters": 9}
    state = GAME.setup(options, new_rng(2))
    names = {a.id: GAME.dataset.aircraft[a.kind].name for a in state.aircraft}
    assert names["germany-13"] == "Aviatik DFW C.V" and names["france-8"] == "Hanriot HD.3"
    assert names["britain-5"] == "Sopwith Camel" and names["britain-11"] == "S.E.5"


def test_tir_defensif_interrupts_between_the_rolls_of_a_long_burst() -> None:
    """§ TIR OFFENSIF, § TIR DEFENSIF, § RAFALE LONGUE: the Camel fires from far behind
    (H7, column B): 4 + 5 + 1 = 10, damage (the die: tail); the Aviatik's turn to answer
    is pushed (its tail gun, H12, column B: 3 + 3 = 6, a failure); then the Camel fires
    its long burst: 3 + 2 = 5 (no jam) + 1 = 6, a failure. Two slots spent."""
    state = duel_state([4, 5, 3, 3, 3, 3, 2])
    assert kinds(state) == ["fire"]
    assert {"target": "germany-13", "position": "h7", "guns": "fixed"} in \
        GAME.legal(state, "allies")
    step = GAME.apply(state, "allies", {"target": "germany-13", "position": "h7",
                                        "guns": "fixed"})
    state = step.state
    assert [e.data.get("result") for e in step.events if e.kind == "fired"] == ["damage"]
    assert kinds(state) == ["riposte"] and list(GAME.pending(state)) == ["germany"]
    back = {"aircraft": "germany-13", "target": "britain-4", "position": "h12",
            "guns": "tail"}
    assert GAME.legal(state, "germany") == [back, {"hold": True}]
    state = GAME.apply(state, "germany", back).state
    scout = next(a for a in state.aircraft if a.id == "germany-13")
    assert scout.damage == ("tail",) and scout.fired == ("tail",)  # once this enemy turn
    assert kinds(state) == ["long-burst"] and list(GAME.pending(state)) == ["allies"]
    step = GAME.apply(state, "allies", {"long_burst": True})
    state = step.state
    assert [e.data.get("result") for e in step.events if e.kind == "fired"] == ["failure"]
    camel = next(a for a in state.aircraft if a.id == "britain-4")
    assert camel.bursts[0] == 4
    # no other allied aircraft: the German turn begins, its guns fresh again
    assert state.flight is None and state.active == "germany"
    assert all(a.fired == () for a in state.aircraft)


def test_a_riposte_that_shoots_the_attacker_down_stops_the_long_burst() -> None:
    """§ RAFALE LONGUE: if the riposte destroys the attacker, no second roll; § ABATTU:
    the piece is removed."""
    state = duel_state([4, 5, 3, 6, 6])
    state = GAME.apply(state, "allies", {"target": "germany-13", "position": "h7",
                                         "guns": "fixed"}).state
    step = GAME.apply(state, "germany", {"aircraft": "germany-13", "target": "britain-4",
                                         "position": "h12", "guns": "tail"})
    camel = next(a for a in step.state.aircraft if a.id == "britain-4")
    assert camel.where == "down"
    assert "long-burst" not in kinds(step.state)
    assert GAME.outcome(step.state) is not None  # the allies lost their only aircraft


def test_a_kill_leaves_no_riposte_and_the_attacker_goes_on() -> None:
    """§ ABATTU: destroyed, the target is removed and the attacker's player goes on;
    § TIR DEFENSIF: no riposte after a destruction."""
    state = duel_state([6, 6])
    extra = flying("germany", 4, "fokker-dr1", "germany", from_offset(5, 5))
    wingman = flying("britain", 5, "sopwith-camel", "allies", from_offset(5, 10))
    state = replace(state, aircraft=(*state.aircraft, extra, wingman))
    step = GAME.apply(state, "allies", {"target": "germany-13", "position": "h7",
                                        "guns": "fixed"})
    assert any(e.kind == "shot-down" for e in step.events)
    assert kinds(step.state) == ["throttle"] and list(GAME.pending(step.state)) == ["allies"]


def test_the_jam_spends_a_burst_and_the_riposte_still_comes() -> None:
    """§ MACHINE GUN JAMMING: a double 1 jams and spends the burst; a jam counts as a
    failure (R4), so the target may fire back."""
    state = duel_state([1, 1])
    step = GAME.apply(state, "allies", {"target": "germany-13", "position": "h7",
                                        "guns": "fixed"})
    camel = next(a for a in step.state.aircraft if a.id == "britain-4")
    assert camel.jammed == ("front",) and camel.bursts[0] == 5
    assert kinds(step.state) == ["riposte"]


def test_types_de_degats_the_full_throttle_risk() -> None:
    """§ TYPES DE DEGATS: past its safe uses a fighter may risk the green die: 0* or +1*
    damages the engine; +2 to +5 and the green cursor is removed."""
    camel = flying("britain", 4, "sopwith-camel", "allies", X, throttle=0)
    enemy = flying("germany", 4, "fokker-dr1", "germany", from_offset(5, 5))
    base = AgeState(AgeOptions(), new_rng(3, [2]), 1, "allies", "fly", (camel, enemy))
    state = turn.proceed(base, [])
    assert {"aircraft": "britain-4", "die": "green"} in GAME.legal(state, "allies")
    hurt = GAME.apply(state, "allies", {"aircraft": "britain-4", "die": "green"}).state
    assert hurt.aircraft[0].damage == ("engine",) and hurt.flight is not None
    assert hurt.flight.die == 1
    safe = turn.proceed(replace(base, rng=new_rng(3, [3])), [])
    safe = GAME.apply(safe, "allies", {"aircraft": "britain-4", "die": "green"}).state
    assert safe.aircraft[0].throttle == -1 and safe.aircraft[0].damage == ()
    used = turn.proceed(replace(base, aircraft=(replace(camel, throttle=-1), enemy)), [])
    assert GAME.legal(used, "allies") == [{"aircraft": "britain-4", "die": "blue"}]


def test_regles_generales_a_player_without_aircraft_in_play_must_bring_one() -> None:
    """§ REGLES GENERALES (R7): a player with no aircraft in the zone brings one up."""
    camel = replace(flying("britain", 4, "sopwith-camel", "allies", X), where="patrol",
                    point=None)
    other = replace(camel, number=5)
    scout = flying("germany", 13, "aviatik-dfw-c5", "germany", ahead(X, 0, 2))
    state = turn.proceed(AgeState(AgeOptions(), new_rng(4), 1, "allies", "reinforce",
                                  (camel, other, scout)), [])
    assert kinds(state) == ["access"]
    assert {"done": True} not in GAME.legal(state, "allies")
    state = GAME.apply(state, "allies", {"aircraft": "britain-4", "point": 0,
                                         "level": 2}).state
    assert state.aircraft[0].where == "access"
    assert {"done": True} in GAME.legal(state, "allies")  # a second one is optional


def test_combat_aerien_tournoyant_the_end_and_the_points() -> None:
    """§ COMBAT AERIEN TOURNOYANT: the game ends when a player has lost all his aircraft;
    the winner has one left in the zone; 1 point per kill, 0.5 per damaged (R21)."""
    camel = flying("britain", 4, "sopwith-camel", "allies", X, damage=("wings",))
    down = replace(flying("germany", 13, "aviatik-dfw-c5", "germany", X), where="down")
    events: list[Event] = []
    state = turn.proceed(AgeState(AgeOptions(), new_rng(5), 1, "allies", "fly",
                                  (camel, down)), events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.scores == {"allies": 1.0, "germany": 0.5}
    assert state.prompts == () and GAME.pending(state) == {}


def test_the_view_shows_the_triangle_board_and_the_pieces() -> None:
    """The browser's triangle board: map kind and size, the players' sides (MISE EN
    PLACE: short unless agreed long), pieces at [column, row] with facings clockwise
    from East."""
    state = duel_state([])
    view = GAME.view(state, "allies")
    assert view["map"] == {"kind": "triangle", "width": 36, "height": 15, "sides": "short"}
    long = GAME.view(GAME.setup({"sides": "long"}, new_rng(1)), None)
    assert long["map"]["sides"] == "long"
    camel = next(p for p in view["pieces"] if p["id"] == "britain-4")
    assert camel["cell"] == [15, 7] and camel["facing"] == 0 and camel["seat"] is True


def test_mouvement_step_by_step_only_steps_that_can_finish() -> None:
    """§ MOUVEMENT DES AVIONS: the die is rolled before the piece moves (blue, +1: the
    S.E.5's speed 6 + 1 = 7 steps, 8 straight ahead); each step offered leaves a legal
    way to finish; the move ends on its exact count."""
    se5 = flying("britain", 10, "se5", "allies", from_offset(10, 7))
    enemy = flying("germany", 4, "fokker-dr1", "germany", from_offset(30, 2))
    state = turn.proceed(AgeState(AgeOptions(), new_rng(6, [4]), 1, "allies", "fly",
                                  (se5, enemy)), [])
    state = GAME.apply(state, "allies", {"aircraft": "britain-10", "die": "blue"}).state
    assert state.flight is not None and state.flight.die == 1
    steps = 0
    while kinds(state) == ["steer"]:
        legal = GAME.legal(state, "allies")
        assert legal and all(d["step"] in "FLR" for d in legal)
        state = GAME.apply(state, "allies", legal[0]).state
        steps += 1
    assert steps == 8  # all straight ahead: 6 + 1 + 1
    assert kinds(state) == ["tilt"]  # § CHANGEMENT d'ALTITUDE: tilted on the last point
    assert GAME.legal(state, "allies") == [{"tilt": "level"}, {"tilt": "up"},
                                           {"tilt": "down"}]
    state = GAME.apply(state, "allies", {"tilt": "up"}).state
    plane = next(a for a in state.aircraft if a.id == "britain-10")
    assert plane.point == (from_offset(18, 7).q, from_offset(18, 7).r)
    assert plane.tilt == "up"


def test_r16_a_piece_without_any_legal_path_withdraws() -> None:
    """R16: with no legal path even with the border and point-ahead rules relaxed, the
    piece is withdrawn from the combat zone (MOUVEMENT A L'HORIZONTAL: no passing)."""
    edge = from_offset(35, 7)
    se5 = flying("britain", 10, "se5", "allies", edge)
    left = flying("germany", 4, "fokker-dr1", "germany", ahead(edge, 5))
    right = flying("germany", 5, "fokker-dr1", "germany", ahead(edge, 1))
    state = turn.proceed(AgeState(AgeOptions(), new_rng(6, [4]), 1, "allies", "fly",
                                  (se5, left, right)), [])
    step = GAME.apply(state, "allies", {"aircraft": "britain-10", "die": "blue"})
    assert any(e.kind == "withdrawn" for e in step.events)
    assert next(a for a in step.state.aircraft if a.id == "britain-10").where == "left"


def test_r14_front_and_tail_guns_each_once_in_one_move() -> None:
    """§ PANNEAU DE CONTROLE (plane 7 fired its front and rear guns) and R14: after its
    move an aircraft fires each gun group once; § POSITIONS POUR LES TIRS DEFENSIFS: an
    enemy 2d behind, flying the same way, fires back even at an aircraft that did not
    attack it."""
    hd3 = flying("france", 7, "hanriot-hd3", "allies", X)
    ahead_one = flying("germany", 4, "fokker-dr1", "germany", ahead(X, 0))
    behind_two = flying("germany", 5, "fokker-dr1", "germany", ahead(X, 3, 2))
    state = AgeState(AgeOptions(), new_rng(8, [2, 2]), 1, "allies", "fly",
                     (hd3, ahead_one, behind_two),
                     flight=Flight("france-7", 0, stage="fire"))
    state = turn.proceed(state, [])
    legal = GAME.legal(state, "allies")
    front = {"target": "germany-4", "position": "h5", "guns": "fixed"}
    tail = {"target": "germany-5", "position": "h12", "guns": "tail"}
    assert front in legal and tail in legal
    state = GAME.apply(state, "allies", front).state  # 2 + 2 + 1 = 5, A: a failure
    assert kinds(state) == ["riposte"]
    assert GAME.legal(state, "germany")[0] == {"aircraft": "germany-5", "target": "france-7",
                                               "position": "h7", "guns": "fixed"}
    state = GAME.apply(state, "germany", {"hold": True}).state
    assert kinds(state) == ["long-burst"]
    state = GAME.apply(state, "allies", {"long_burst": False}).state
    assert GAME.legal(state, "allies") == [tail, {"hold": True}]


def test_notes_the_simplified_variants() -> None:
    """§ NOTES: the whole game at one altitude (no tilting; every stand at L3, derived),
    and without the aircraft's special characteristics (the Camel turns as its agility
    says, the Dr.I climbs one level)."""
    state = GAME.setup({"rules": {"single_level": True, "plain": True}}, new_rng(1))
    assert {d["level"] for d in GAME.legal(state, "allies") if "level" in d} == {3}
    camel = flying("britain", 4, "sopwith-camel", "allies", X)
    dr1 = flying("germany", 4, "fokker-dr1", "germany", from_offset(5, 5), tilt="up")
    plain = replace(state, phase="fly", aircraft=(camel, dr1))
    assert zones.flying_type(plain, camel).gyro == 0
    assert zones.flying_type(plain, dr1).fast_climb is False
    flight = Flight("germany-4", 0)
    changes = {a.change for a in altitude.attitudes(replace(plain, flight=flight))}
    assert changes == {1}
    full = replace(plain, options=AgeOptions())
    assert {a.change for a in altitude.attitudes(replace(full, flight=flight))} == {1, 2}
    assert altitude.end_tilts(replace(plain, flight=replace(flight, path="FF"))) == ("level",)


def test_every_legal_decision_has_words() -> None:
    """Menus: every legal decision along a random game is labelled in words."""
    options = {"rules": {"hidden_pilots": True, "wind": "roll"}, "turns": 2}
    for match in random_play(GAME, options, 4, 4, max_decisions=300):
        for seat in match.pending:
            for decision in GAME.legal(match.state, seat):
                assert not GAME.label(match.state, seat, decision).startswith("{")


def test_r20_r21_the_experience_switch_and_the_half_points() -> None:
    """R20: experience is a switch (GAGNER DE L'EXPERIENCE); R21: 0.5 for every damaged
    enemy aircraft not shot down, or, as an option, only for those that withdrew
    (COMBAT AERIEN TOURNOYANT)."""
    state = duel_state([6, 6])
    rookie = replace(state.aircraft[0], pilot="rookie")
    off = replace(state, aircraft=(rookie, state.aircraft[1]),
                  options=replace(state.options, rules=replace(state.options.rules,
                                                               experience=False)))
    step = GAME.apply(off, "allies", {"target": "germany-13", "position": "h7",
                                      "guns": "fixed"})
    camel = next(a for a in step.state.aircraft if a.id == "britain-4")
    assert step.state.aircraft[1].where == "down" and camel.pilot == "rookie"
    hurt = flying("germany", 4, "fokker-dr1", "germany", X, damage=("wings",))
    left = replace(hurt, number=5, where="left")
    both = replace(state, aircraft=(hurt, left))
    assert GAME.points(both) == {"allies": 1.0, "germany": 0.0}
    only = replace(both, options=replace(both.options, rules=replace(
        both.options.rules, withdrawn_only=True)))
    assert GAME.points(only) == {"allies": 0.5, "germany": 0.0}
