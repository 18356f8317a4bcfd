"""Wings of War: secrets stay secret; the data files load, are complete, and refuse
malformed entries; whole games run with every rule on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dogfight.core import DataError, canonical_json
from dogfight.core.rng import new_rng
from dogfight.games.wings_of_war import data as wow_data
from dogfight.games.wings_of_war.state import WowState
from tests.conftest import random_play
from tests.wings_of_war.helpers import WOW

ALL_RULES = {name: True for name in WOW.option_schema()["rules"]} | {"tournament": False}
SHIPPED = Path(wow_data.__file__).parent / "data"


def secret_variants(state: WowState, seat: str) -> list[WowState]:
    """States that differ only in what ``seat`` alone may know: the cards planned and
    not yet revealed, the damage total and cards, the secret special damage."""
    out = []
    for index, p in enumerate(state.planes):
        if p.seat != seat:
            continue
        revealed = len(p.executed)
        hidden = p.plan[revealed:]
        changes: list[dict[str, Any]] = [
            {"damage": p.damage + 1 if p.status in ("flying", "ground") else p.damage},
            {"damage_cards": tuple((letter, 42 - n) for letter, n in p.damage_cards)},
            {"rudder": "right" if p.rudder != "right" else "left", "rudder_turn": state.turn},
            {"engine": 1 - min(p.engine, 1)},
            {"observer_wounded": not p.observer_wounded},
            {"wounded": 1 - min(p.wounded, 1)},
            {"cloud_stack": tuple(reversed(p.cloud_stack))},
        ]
        if hidden:
            deck = WOW.dataset.decks[p.deck]  # type: ignore[attr-defined]
            others = [c.number for c in deck.cards if c.number not in p.plan]
            if others:
                changes.append({"plan": (*p.plan[:revealed], others[0], *hidden[1:])})
        shown_to_me = {s.card for s in state.shown if s.target == p.id}
        for change in changes:
            if "plan" in change and set(change["plan"]) & shown_to_me:
                continue
            planes = list(state.planes)
            planes[index] = msgspec.structs.replace(p, **change)
            out.append(msgspec.structs.replace(state, planes=tuple(planes)))
    return out


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32),
       scenario=st.sampled_from(["duel", "two-vs-two", "furball"]),
       variants=st.booleans())
def test_no_seat_sees_another_seats_secrets(seed: int, pick: int, scenario: str,
                                            variants: bool) -> None:
    """Planned cards before their reveal, damage totals and cards, secret special damage
    (book § DÉGÂTS, § DÉGÂTS SPÉCIAUX): another seat's view and the spectator's stay
    the same whatever they are."""
    rules = ALL_RULES if variants else {**ALL_RULES, "flying_higher": False,
                                        "cloud_cover": False, "forced_dive": False}
    options = {"scenario": scenario, "rules": rules}
    for match in random_play(WOW, options, seed, pick, max_decisions=300):
        state = match.state
        seats = [s for s, _ in state.seats]
        for seat in seats:
            variants = secret_variants(state, seat)
            for viewer in [*(s for s in seats if s != seat), None]:
                base = WOW.view(state, viewer)
                for variant in variants:
                    assert WOW.view(variant, viewer) == base, f"{viewer} sees {seat}'s secret"


def test_announced_damage_is_public() -> None:
    """§ DÉGÂTS SPÉCIAUX: smoke and fire are announced; jams revealed (events public)."""
    from tests.wings_of_war.helpers import fire, kinds, plan
    from tests.wings_of_war.test_optional_rules import chase

    match = chase({"special_damage": True}, [38, 40])
    plan(match, spad=[1, 2, 3], fokker=[1, 2, 3])
    fire(match, spad="fokker")
    fire(match, spad="fokker")
    assert kinds(match, "smoke")[0].to is None and kinds(match, "on-fire")[0].to is None
    spectator = {p["id"]: p for p in WOW.view(match.state, None)["planes"]}
    assert spectator["fokker"]["smoke"] == 2 and spectator["fokker"]["fire"] == 3


def test_data_lists_the_aircraft_with_the_books_climb_table() -> None:
    done = subprocess.run([sys.executable, "-m", "dogfight", "data", "wings-of-war", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert len(data["aircraft"]) >= 21
    for entry in data["aircraft"]:
        for key in ("name", "structure", "maneuver_deck", "damage", "climb", "max_altitude"):
            assert key in entry
        assert set(entry["damage"]) == {"front", "rear"}
    by_name = {a["name"]: a for a in data["aircraft"]}
    assert (by_name["Fokker Dr. I"]["climb"], by_name["Fokker Dr. I"]["max_altitude"]) == (2, 13)
    assert (by_name["Halberstadt D.III"]["climb"],
            by_name["Halberstadt D.III"]["max_altitude"]) == (5, 10)
    assert all(a["source"].startswith("book:") for a in data["aircraft"])
    assert {d for d in data["damage_decks"]} == {"A", "B"}
    assert all(40 <= len(d["cards"]) <= 50 for d in data["damage_decks"].values())


@pytest.mark.parametrize(("file", "edit", "entry", "reason"), [
    ("aircraft.toml", ("structure = 13\nmax_altitude = 13\nclimb = 3", 'structure = "x"\n'
                       "max_altitude = 13\nclimb = 3"), "aircraft.albatros-d5a.structure",
     "Expected `int`"),
    ("aircraft.toml", ('maneuver_deck = "C"', 'maneuver_deck = "Z"'),
     "aircraft.halberstadt-d3.maneuver_deck", "no maneuver deck 'Z'"),
    ("maneuvers.toml", ('kind = "stall"', 'kind = "loop"'), "decks.A.cards[11].kind",
     "Invalid enum value"),
    ("damage.toml", ('symbol = "jam"', 'symbol = "laser"'), "decks.A.cards[6].symbol",
     "Invalid enum value"),
    ("table.toml", ("length = 100.0", "length = -1.0"), "base",
     "lengths must be positive"),
    ("table.toml", ("accident_cards = 3", "accident_cards = -3"), "ground_roll[0]",
     "cannot be negative"),
    ("table.toml", ('source = "book: 000_caefe768ab735396.txt § ATTERRISSAGE', 'source = "'
                    'x § ATTERRISSAGE'), "ground_roll[0]", "source"),
])
def test_a_malformed_data_file_names_file_entry_and_reason(
        tmp_path: Path, file: str, edit: tuple[str, str], entry: str, reason: str) -> None:
    for name in ("aircraft.toml", "maneuvers.toml", "damage.toml", "table.toml"):
        text = (SHIPPED / name).read_text()
        if name == file:
            assert edit[0] in text, edit[0]
            text = text.replace(edit[0], edit[1], 1)
        (tmp_path / name).write_text(text)
    with pytest.raises(DataError) as info:
        wow_data.load(tmp_path)
    assert info.value.file == str(tmp_path / file)
    assert info.value.entry == entry
    assert reason in info.value.reason


def test_every_scenario_loads_and_a_game_with_every_rule_finishes() -> None:
    from dogfight.games.wings_of_war.preparation import scenario_names
    from dogfight.play import simulate

    assert {"duel", "two-vs-two", "furball"} <= set(scenario_names())
    for scenario in scenario_names():
        for seed in range(3):
            match, _ = simulate(WOW, {"scenario": scenario, "rules": ALL_RULES}, seed)
            assert match.over and WOW.invariants(match.state) == []
            canonical_json(match.observe(None))


def test_the_invariants_check_the_damage_decks() -> None:
    """A damage deck holds only cards in play: no explosion in a tournament."""
    from dogfight.games.wings_of_war.damage import deck, with_deck
    from dogfight.kit.piles import discard

    state = WOW.setup({"rules": {"tournament": True}}, new_rng(3))
    assert WOW.invariants(state) == []
    explosion = next(c.number for c in wow_data.dataset().damage["A"]
                     if c.symbol == "explosion")
    state = with_deck(state, "A", discard(deck(state, "A"), [explosion]))
    assert WOW.invariants(state) == [f"damage deck A: cards [{explosion}] are not in play"]
