"""Victory (book § VICTOIRE): the last side with aircraft on the table wins; over
several games, +1 an enemy that left the table, +2 an enemy shot down, -1 an own
aircraft shot down. Derived: a side whose missions are all brought home wins, and a
turn limit ends the game (a draw, or the defenders' win against a failed mission).
"""

from __future__ import annotations

from typing import Any

from dogfight.core import Event, Outcome
from dogfight.games.wings_of_war.missions import side_done
from dogfight.games.wings_of_war.state import ACTIVE, SHOT_DOWN, WowState, replace
from dogfight.kit.prompts import ask


def game_over(state: WowState, result: str, winner: str | None) -> WowState:
    """The game ends: nobody decides any more."""
    return ask(replace(state, phase="over", result=result, winner=winner))


def check_end(state: WowState, events: list[Event]) -> WowState:
    """The last side with aircraft on the table wins; a side whose missions are all
    brought home wins too (derived)."""
    for side in {o.side for o in state.objectives}:
        if side_done(state, side):
            events.append(Event("game-over", {"winner": side, "reason": "mission"}))
            return game_over(state, "mission accomplished", side)
    sides = {p.side for p in state.planes if p.status in ACTIVE}
    if len(sides) > 1:
        return state
    winner = next(iter(sides)) if sides else None
    events.append(Event("game-over", {"winner": winner}))
    return game_over(state, "last side on the table" if winner else "no aircraft left",
                     winner)


def turn_limit(state: WowState, events: list[Event]) -> WowState:
    """The last turn is over (derived: ``max_turns``): against a mission, the defenders
    win; otherwise a draw."""
    defenders = {s for _, s in state.seats} - {o.side for o in state.objectives}
    if state.objectives and len(defenders) == 1:
        winner = next(iter(defenders))
        events.append(Event("game-over", {"winner": winner, "reason": "mission failed"}))
        return game_over(state, "mission failed", winner)
    events.append(Event("game-over", {"reason": "turn limit"}))
    return game_over(state, "turn limit", None)


def outcome(state: WowState) -> Outcome | None:
    if state.phase != "over":
        return None
    tallies: dict[str, dict[str, int]] = {}
    for side in {s for _, s in state.seats}:
        enemies = [p for p in state.planes if p.side != side]
        own = [p for p in state.planes if p.side == side]
        tallies[side] = {
            "enemies_left_table": sum(p.status == "left-table" for p in enemies),
            "enemies_shot_down": sum(p.status in SHOT_DOWN for p in enemies),
            "own_shot_down": sum(p.status in SHOT_DOWN for p in own),
        }

    for side in tallies:
        tallies[side]["missions"] = sum(
            o.points for i, o in enumerate(state.objectives) if o.side == side
            and any(pr.home for pr in state.progress if pr.objective == i))

    def points(side: str) -> int:
        t = tallies[side]
        return (t["enemies_left_table"] + 2 * t["enemies_shot_down"] - t["own_shot_down"]
                + t["missions"])

    scores = {seat: float(points(side)) if side == state.winner else 0.0
              for seat, side in state.seats}
    details: dict[str, Any] = {"sides": tallies, "points": {s: points(s) for s in tallies}}
    return Outcome(state.winner, state.result or "", scores, details)
