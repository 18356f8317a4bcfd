"""The planner's hints (``Game.hints``): where each plan ends and why the rules refuse a
card, worked out by the rules' own functions, match what the game then does.

book: 000_caefe768ab735396.txt § MOUVEMENT, § PROGRAMMATION, § SORTIR DE L'AIRE DE JEU
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dogfight.core import Match
from dogfight.core.registry import get_game

GAME = get_game("wings-of-war")


def node_path(courses: dict[str, Any], cards: list[int]) -> list[dict[str, Any]]:
    nodes, out = courses["tree"], []
    for card in cards:
        node = nodes[str(courses["same"][str(card)])]
        out.append(node)
        if "n" not in node:
            break
        nodes = node["n"]
    return out


@pytest.mark.parametrize("rules", [{}, {"altitude": True}])
def test_the_hinted_courses_are_where_the_cards_take_the_aircraft(rules: dict[str, bool]) -> None:
    """book: 000_caefe768ab735396.txt § MOUVEMENT (and § ALTITUDE with its rules)"""
    checked = 0
    for seed in range(12):
        rnd = random.Random(seed)
        match = Match.new(GAME, {"scenario": "duel", "max_turns": 3, "rules": rules}, seed)
        hints = GAME.hints(match.state, "allies")
        assert hints is not None and set(hints["courses"]) == {"spad"}  # its own plane only
        courses = hints["courses"]["spad"]
        cards: list[int] = []
        while match.pending and match.state.turn == 1:
            seat = sorted(match.pending)[0]
            legal = GAME.legal(match.state, seat)
            if seat == "allies" and match.pending[seat].kind == "plan":
                decision = rnd.choice([d for d in legal if "card" in d])
                cards.append(decision["card"])
            else:
                decision = rnd.choice(legal)
            match.submit(seat, decision)
        events = [e for e in match.events if e.data.get("plane") == "spad"]
        if any(e.kind == "collision" for e in match.events):
            continue  # collisions depend on the other's plan: not foreseen
        moved = [e.data for e in events if e.kind == "moved"]
        refused = [e.data["reason"] for e in events if e.kind == "illegal"]
        path = node_path(courses, cards)
        assert len(moved) == len(path)
        for node, pose in zip(path, moved, strict=True):
            assert (node["x"], node["y"], node["h"]) == (round(pose["x"], 1),
                                                         round(pose["y"], 1), pose["heading"])
        assert [courses["reasons"][n["r"]] for n in path if "r" in n] == refused
        if any(e.kind == "left-table" for e in events):
            assert path[-1]["e"] == "left-table"
        checked += 1
    assert checked >= 6


def test_no_hints_for_another_seat_nor_out_of_planning() -> None:
    match = Match.new(GAME, {"scenario": "duel"}, 1)
    assert set(GAME.hints(match.state, "central")["courses"]) == {"fokker"}
    while match.pending and any(p.kind == "plan" for p in match.pending.values()):
        seat = sorted(match.pending)[0]
        match.submit(seat, GAME.legal(match.state, seat)[0])
    if match.pending:
        assert GAME.hints(match.state, "allies") is None


def test_the_hints_do_not_depend_on_another_seats_secret_plan() -> None:
    """book: 000_caefe768ab735396.txt § PROGRAMMATION (the cards are planned face down)"""
    seen = []
    for card in (1, 8, 12):
        match = Match.new(GAME, {"scenario": "duel"}, 3)
        match.submit("central", {"plane": "fokker", "card": card})
        seen.append(GAME.hints(match.state, "allies"))
    assert seen[0] == seen[1] == seen[2]
