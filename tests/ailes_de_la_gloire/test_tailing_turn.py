"""Les Ailes de la Gloire: 1. La Poursuite, 2. Phase de Manœuvre (who writes when, the
tokens shown to the tailers only), 3. La Consommation de Carburant, 4. Le Mouvement, the
sequence of play. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, decide
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.data import dataset
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.maneuver import choices
from dogfight.games.ailes_de_la_gloire.state import AilesState, Fate
from dogfight.games.ailes_de_la_gloire.tailing import candidates, in_position, writing_order
from dogfight.kit.grids import to_offset
from dogfight.kit.prompts import top
from tests.ailes_de_la_gloire.helpers import put


def baron_and_company() -> AilesState:
    """The Schéma de Poursuite, derived (the picture is missing): the Red Baron (Fokker
    Dr.I) faces East at [10, 8]; the Snipe, the Camel, the Spad and the Triplane tail
    him; the Nieuport is not in his rear arc; the Bristol does not have him in its front
    arc; the S.E.5a is too far."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(
        ["fokker-dr1", "sopwith-snipe", "sopwith-camel", "spad-13", "sopwith-triplane",
         "nieuport-17", "bristol-f2b", "se-5a"],
        [(10, 8, 0, "M"),   # the Red Baron
         (9, 8, 0, "M"),    # Snipe: right behind
         (8, 8, 0, "M"),    # Camel: two behind
         (8, 7, 0, "M"),    # Spad: behind, a little to the side
         (7, 8, 0, "B"),    # Triplane: three behind, a level lower
         (10, 10, 5, "M"),  # Nieuport: below him, nose at him, not in his rear arc
         (9, 8, 4, "M"),    # Bristol: behind him but nose away
         (6, 8, 0, "M")])   # S.E.5a: four behind
    return state


def test_la_poursuite_the_schema_de_poursuite() -> None:
    """§ La Définition de la Poursuite (the diagram's outcome, positions derived, R16)."""
    state = baron_and_company()
    baron = state.plane("german-35")
    by_type = {p.aircraft: p for p in state.planes}
    for tailer in ("sopwith-snipe", "sopwith-camel", "spad-13", "sopwith-triplane"):
        assert in_position(by_type[tailer], baron), tailer
    for other in ("nieuport-17", "bristol-f2b", "se-5a"):
        assert not in_position(by_type[other], baron), other


def test_differences_d_altitudes_two_levels_apart() -> None:
    """§ Différences d'Altitudes: only at the same or an adjacent level."""
    state = baron_and_company()
    snipe = state.plane("allied-25")
    assert not in_position(replace(snipe, level="TB"), state.plane("german-35"))


def test_restrictions_no_tailing_in_smoke_or_fire() -> None:
    """§ Restrictions: an aircraft on fire or smoking cannot tail."""
    state = baron_and_company()
    assert candidates(state, "allied-25") == ("german-35",)
    assert candidates(put(state, "allied-25", smoke=True), "allied-25") == ()
    assert candidates(put(state, "allied-25", fire=True), "allied-25") == ()


def test_poursuivre_dans_le_meme_hex() -> None:
    """§ Poursuivre dans le même hex.: same facing and the tailer slower (last turn's
    maneuvers, ruling R7)."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(9, 8, 0, "M"), (9, 8, 0, "M")])
    state = put(put(state, "allied-13", previous="3A2"), "german-31", previous="4A3")
    assert in_position(state.plane("allied-13"), state.plane("german-31"))
    assert not in_position(state.plane("german-31"), state.plane("allied-13"))
    state = put(state, "german-31", facing=1)
    assert not in_position(state.plane("allied-13"), state.plane("german-31"))


def test_effets_de_la_poursuite_the_tailed_writes_first_and_shows_only_the_tailer() -> None:
    """§ Effets de la Poursuite: the tailed player writes, shows his direction and
    altitude tokens to his tailer alone, then the tailer writes (a chain: § Cas
    Particuliers)."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3", "fokker-d7"],
                      [(8, 8, 0, "M"), (9, 8, 0, "M"), (14, 2, 3, "M")])
    events: list[Event] = []
    state = turn.proceed(state, events)
    assert state.tails == (("allied-13", "german-31"),)
    frame = top(state)
    assert frame is not None and frame.kind == "maneuver"
    assert set(frame.seats) == {"german-31", "german-49"}
    step = decide(GAME, state, "german-31", {"code": "12G2", "altitude": "climb"}
                  if {"code": "12G2", "altitude": "climb"} in GAME.legal(state, "german-31")
                  else {"code": "3A2", "altitude": "climb"})
    step = decide(GAME, step.state, "german-49", {"code": "2A1", "altitude": "level"})
    shown = [e for e in step.events if e.kind == "tokens-shown"]
    assert [(e.data["seat"], e.to) for e in shown] == [("german-31", ("allied-13",))]
    assert shown[0].data["direction"] == "A" and shown[0].data["altitude"] == "Monté"
    frame = top(step.state)
    assert frame is not None and frame.seats == ("allied-13",)
    mine = GAME.view(step.state, "allied-13")["planes"]["german-31"]
    assert mine["tokens"] == {"direction": "A", "altitude": "Monté"}
    assert "tokens" not in GAME.view(step.state, "german-49")["planes"]["german-31"]
    assert "tokens" not in GAME.view(step.state, None)["planes"]["german-31"]


def test_cas_particuliers_circular_chain_lowest_die_first() -> None:
    """§ Cas Particuliers: in a circle, each rolls a die; the lowest reveals first."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(9, 8, 0, "M"), (9, 8, 0, "M")])
    state = replace(state, tails=(("allied-13", "german-31"), ("german-31", "allied-13")))
    assert writing_order(state, ("german-31", "allied-13")) == [("german-31",), ("allied-13",)]
    assert writing_order(state, ("allied-13", "german-31")) == [("allied-13",), ("german-31",)]


def test_fuel_and_movement_phases() -> None:
    """§ 3. La Consommation de Carburant: the speed is crossed out (one more to climb);
    § 4. Le Mouvement: every aircraft moves at once; the climb at the end of the move."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (15, 2, 3, "B")])
    state = turn.proceed(state, [])
    step = decide(GAME, state, "allied-13", {"code": "12G2", "altitude": "level"})
    step = decide(GAME, step.state, "german-31", {"code": "3A2", "altitude": "climb"})
    spad, albatros = step.state.plane("allied-13"), step.state.plane("german-31")
    assert spad.fuel == 52 - 2 and albatros.fuel == 45 - 3
    assert spad.cell is not None and to_offset(spad.cell) == (7, 8) and spad.facing == 5
    assert albatros.level == "M" and albatros.previous == "3A2"
    fuel_events = [e for e in step.events if e.kind == "fuel-used"]
    assert all(e.to == (e.data["seat"],) for e in fuel_events)  # LE SECRET


def test_fuir_over_ones_own_edge_and_no_other_edge() -> None:
    """§ Fuir: an aircraft leaving the map over its own side flees; ruling R15: no other
    edge may be crossed (the option "disengage" allows it)."""
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(0, 8, 3, "M"), (19, 0, 5, "M")])
    spad = state.plane("allied-13")
    assert any(c.code == "5A4" for c in choices(spad, dataset()))
    albatros = state.plane("german-31")
    assert not any(c.code == "4A3" for c in choices(albatros, dataset()))
    assert any(c.code == "4A3" for c in choices(albatros, dataset(), "disengage"))
    state = turn.proceed(state, [])
    step = decide(GAME, state, "allied-13", {"code": "2A1", "altitude": "level"})
    step = decide(GAME, step.state, "german-31", {"code": "1A1", "altitude": "level"})
    assert step.state.plane("allied-13").fate == "fled"
    assert step.state.phase == "over"
    outcome = GAME.outcome(step.state)  # as many losses: the Albatros holds the field
    assert outcome is not None and outcome.winner == "german"
    assert outcome.reason == "one side is out: as many losses; the german side holds the field"


def test_la_fin_who_wins_losses_first_then_the_field() -> None:
    """§ LA FIN and § Fuir (the book names no winner; ours, docs/rules): fewer aircraft
    lost for good wins; with as many, the side still flying holds the field; both sides
    out at once, or the turn limit, is a draw."""
    from dogfight.core import Outcome
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(5, 8, 0, "M"), (15, 2, 3, "B")])

    def over(spad: Fate | None, albatros: Fate | None,
             result: str = "one side is out") -> Outcome:
        planes = (replace(state.plane("allied-13"), fate=spad),
                  replace(state.plane("german-31"), fate=albatros))
        outcome = GAME.outcome(replace(state, planes=planes, phase="over", result=result))
        assert outcome is not None
        return outcome

    assert over("fled", None).winner == "german"
    assert over(None, "disengaged").winner == "allied"
    assert over("fled", "fled").winner is None
    assert over("shot-down", "fled").winner == "german"  # a loss for good weighs more
    assert over("fled", "prisoner").winner == "allied"
    assert over("fled", "prisoner").scores == {"allied-13": 1.0, "german-31": 0.0}
    assert over(None, None, "turn limit").winner is None
    # the details say how it ended and was won, for the pages to word it
    assert [(o.details["end"], o.details["won_by"]) for o in (
        over("fled", None), over("shot-down", "fled"), over(None, None, "turn limit"))] == [
        ("one side is out", "field"), ("one side is out", "losses"), ("turn limit", None)]


def test_monter_the_ceiling_is_not_regained_without_plus() -> None:
    """§ Monter: the Sopwith Triplane (TH) may start at TH but not climb back to it; the
    Fokker Dr.I (H+) may climb back to H. A climb beyond capability is a stall: the
    aircraft moves and keeps its level, then rolls for a spin (§ Décrochage (Stall))."""
    from dogfight.core.rng import with_forced
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["sopwith-triplane", "fokker-dr1"], [(5, 8, 0, "H"), (15, 2, 3, "M")])
    state = turn.proceed(state, [])
    state = with_forced(state, [4])  # the stall roll: no spin
    step = decide(GAME, state, "allied-27", {"code": "3A2", "altitude": "climb"})
    step = decide(GAME, step.state, "german-35", {"code": "3A2", "altitude": "climb"})
    triplane, dr1 = step.state.plane("allied-27"), step.state.plane("german-35")
    assert triplane.level == "H" and not triplane.spinning
    assert [e.data for e in step.events if e.kind == "stall"] == [{"seat": "allied-27"}]
    assert dr1.level == "H"


def test_atterrissage_and_les_pilotes_au_sol_by_zone() -> None:
    """§ L'Atterrissage with § Les pilotes au sol derrière les lignes ennemies (ruling
    R13): behind one's own lines the pilot has fled; over No Man's Land he dies on a 1;
    behind enemy lines 4-6 reaches No Man's Land (then its roll), 1-3 is captivity."""
    from dogfight.core.rng import with_forced
    from tests.ailes_de_la_gloire.helpers import placed

    def land_at(column: int, rolls: list[int]) -> str | None:
        state, _ = placed(["spad-13", "albatros-d3"], [(column, 8, 2, "TB"), (19, 0, 3, "H")])
        state = turn.proceed(state, [])
        frame = state.prompts[-1]
        order = ["german-31", "allied-13"] if frame.seats == ("german-31",) else \
            ["allied-13", "german-31"]
        for seat in order:
            code = {"code": "2A1", "altitude": "dive"} if seat == "allied-13" else \
                {"code": "1A1", "altitude": "level"}
            if seat == "allied-13":
                state = with_forced(state, rolls)
            state = decide(GAME, state, seat, code).state
        return state.plane("allied-13").fate

    assert land_at(4, []) == "fled"
    assert land_at(10, [1]) == "killed" and land_at(10, [2]) == "fled"
    assert land_at(15, [3]) == "prisoner"
    assert land_at(15, [4, 1]) == "killed" and land_at(15, [5, 6]) == "fled"


def test_planer_one_level_every_two_turns() -> None:
    """§ Planer: a glider descends a level every two turns (or each turn if it dives)."""
    from dogfight.games.ailes_de_la_gloire.data import dataset as data
    from dogfight.games.ailes_de_la_gloire.movement import move
    from dogfight.games.ailes_de_la_gloire.state import Choice
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(8, 8, 0, "H"), (19, 0, 3, "H")])
    state = put(state, "allied-13", fuel=0)
    state = move(state, state.plane("allied-13"), Choice("2A1"), data(), [])
    assert state.plane("allied-13").level == "H"
    state = move(state, state.plane("allied-13"), Choice("2A1"), data(), [])
    assert state.plane("allied-13").level == "M"
    state = move(state, state.plane("allied-13"), Choice("2A1", "dive"), data(), [])
    assert state.plane("allied-13").level == "B"


def test_pilote_blesse_a_slower_maneuver_and_the_forced_climb() -> None:
    """§ Pilote Blessé: next turn a slower maneuver (speed 1 stays 1); § Le Combat
    (errata p. 11): after a burst at a higher target the aircraft must climb next turn
    (ruling R25 orders these)."""
    from dogfight.games.ailes_de_la_gloire.data import dataset as data
    from dogfight.games.ailes_de_la_gloire.data import read_code
    from tests.ailes_de_la_gloire.helpers import placed
    state, _ = placed(["spad-13", "albatros-d3"], [(8, 8, 0, "M"), (19, 0, 3, "H")])
    wounded = replace(state.plane("allied-13"), previous="4A3", wound_slower=True)
    speeds = {read_code(c.code).speed for c in choices(wounded, data()) if c.code != "vrille"}
    assert speeds == {2}  # slower than 3, and the acceleration rule: 2 only
    climbing = replace(state.plane("allied-13"), previous="3A2", forced="climb")
    assert {c.altitude for c in choices(climbing, data()) if c.code != "vrille"} == {"climb"}
