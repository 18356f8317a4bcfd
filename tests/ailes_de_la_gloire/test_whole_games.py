"""Les Ailes de la Gloire: whole games flown by random pilots reach LA FIN with every
phase of the turn, the invariants hold at each step, and no seat ever sees another's
secrets (LE SECRET: codes, fire orders, damage, chits, fuel, jams, ammunition).
Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import json

import pytest

from dogfight.core import decide, new_rng, observe
from dogfight.core.rng import choice
from dogfight.games.ailes_de_la_gloire.game import GAME

MIXES = [
    [],  # the default: a Spad XIII against a Fokker D.VII
    ["bristol-f2b", "se-5a", "halberstadt-cl2a", "fokker-d7"],
    ["nieuport-17", "sopwith-camel", "fokker-dr1", "albatros-d5a", "pfalz-d12"],
]


@pytest.mark.parametrize("seed", range(8))
def test_la_fin_random_pilots_fly_to_the_end(seed: int) -> None:
    """§ LA FIN: the game ends when every aircraft of a side is shot down or has fled."""
    rng = new_rng(seed)
    flyers = MIXES[seed % len(MIXES)]
    options = {"flyers": [{"aircraft": a} for a in flyers]} if flyers else {}
    if seed % 4 == 3:
        options["rules"] = {"pilot_killed_chit": True, "reduced_fuel": True,
                            "nieuport_variant": True, "other_edges": "disengage",
                            "formation": True}
    state = GAME.setup(options, rng)
    kinds = set()
    for _ in range(5000):
        if GAME.outcome(state) is not None:
            break
        pending = GAME.pending(state)
        assert pending, state.phase
        seat = sorted(pending)[0]
        kinds.add(pending[seat].kind)
        decision, rng = choice(rng, GAME.legal(state, seat))
        state = decide(GAME, state, seat, decision).state
        assert GAME.invariants(state) == []
        for viewer in GAME.seats(state):
            view = observe(GAME, state, viewer)
            for other in GAME.seats(state):
                entry = view["view"]["planes"][other]
                if other != viewer:
                    assert "sheet" not in entry, (viewer, other)
        spectator = json.dumps(observe(GAME, state, None))
        assert '"sheet"' not in spectator and '"tokens"' not in spectator
    outcome = GAME.outcome(state)
    assert outcome is not None and state.phase == "over"
    assert "placement" in kinds and "maneuver" in kinds
    assert all(not p.flying for p in state.planes if p.side == "allied") or \
        all(not p.flying for p in state.planes if p.side == "german") or \
        state.result == "turn limit"


def test_every_legal_decision_has_words() -> None:
    """Menus: each decision in words, with the book's terms (Monté, Piqué, vrille)."""
    state = GAME.setup({}, new_rng(2))
    assert GAME.label(state, "allied-13", {"column": 1, "row": 4}) == "hex [1, 4]"
    assert GAME.label(state, "allied-13", {"facing": 0}) == "facing E"
    assert GAME.label(state, "allied-13", {"altitude": "M"}) == "altitude M"
    assert GAME.label(state, "allied-13", {"code": "3A2", "altitude": "climb"}) == \
        "3A2, climb (Monté)"
    assert GAME.label(state, "allied-13", {"code": "vrille", "altitude": "level"}) == \
        "spin on purpose (vrille)"
    assert GAME.label(state, "allied-13", {"pilot": {"target": "german-49", "burst": "long"},
                                           "observer": None}) == \
        "pilot: long burst at german-49"
    assert GAME.label(state, "allied-13", {"pilot": None, "observer": None}) == "hold fire"
    assert GAME.label(state, "allied-13", {"target": "german-49"}) == \
        "tail german-49 (Fokker D.VII)"
