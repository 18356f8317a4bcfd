"""The ``greedy`` pilot: one look-ahead on a per-game evaluation, from its own view.

For Wings of War it plans its three cards by flying every legal sequence of its hand
on paper (the card geometry of the data files) against where the enemy is likely to
be (its base carried on by straights), and keeps the sequence that ends with enemies
in its arc and range, itself out of theirs, and far from the table's edge; it fires
at the enemy that draws the most cards, and for every other decision falls back to
the first legal one. It never sees a secret: only ``observe`` for its seat.

For Down In Flames it plays the rules of thumb of :mod:`dogfight.ai.down_in_flames`.
For a game without an evaluation here it plays like ``random``.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from dogfight.ai.pilots import RandomPilot
from dogfight.core.contract import Decision
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.data import Card, WowData, card_end_pose, shipped


class GreedyPilot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.fallback = RandomPilot(seed)

    def choose(self, game_id: str, observation: Any, search: Any = None) -> Decision:
        if game_id == "wings-of-war":
            decision = wings_of_war(observation)
            if decision is not None and decision in (observation.get("legal") or []):
                return decision
        if game_id == "down-in-flames":
            from dogfight.ai.down_in_flames import heuristic

            decision = heuristic(observation)
            if decision is not None and decision in (observation.get("legal") or []):
                return decision
        return self.fallback.choose(game_id, observation)


# -- Wings of War ------------------------------------------------------------------------
def wings_of_war(observation: Any) -> Decision | None:
    kind = observation.get("prompt", {}).get("kind")
    legal: list[Decision] = observation["legal"]
    view = observation["view"]
    if kind == "plan":
        return _plan(view, legal)
    if kind == "fire":
        shots = [d for d in legal if "target" in d]
        if not shots:
            return next((d for d in legal if d.get("hold")), None)
        cards = {(s["plane"], s["arc"], t["target"]): t["cards"]
                 for s in view["your_shots"] for t in s["targets"]}
        return max(shots, key=lambda d: cards.get((d["plane"], d["arc"], d["target"]), 0))
    if kind == "reorder":
        return _reorder(view, legal)
    return legal[0] if legal else None


def _plan(view: dict[str, Any], legal: list[Decision]) -> Decision | None:
    plane_id = legal[0]["plane"]
    plan = _best_plan(view, plane_id)
    if plan is None:
        return None
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    done = len(me.get("plan", []))
    return {"plane": plane_id, "card": plan[done]} if done < len(plan) else None


def _best_plan(view: dict[str, Any], plane_id: str) -> list[int] | None:
    data = shipped()
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    planned = [c["card"] for c in me.get("plan", [])]
    hand = [n for n in me.get("hand", [])]
    deck = data.decks[me["maneuver_deck"]]
    enemies = [p for p in view["planes"] if p["side"] != me["side"]
               and p["status"] in ("flying", "ground")]
    area = view["area"]
    previous = me.get("last_maneuver")
    best, best_score = None, -math.inf
    needed = 3 - len(planned)
    options = [n for n in hand if deck.cards[n - 1].kind not in ("climb", "dive")]
    for rest in itertools.permutations(options, needed):
        sequence = [*planned, *rest]
        cards = [deck.cards[n - 1] for n in sequence]
        if not _legal_sequence(previous, cards):
            continue
        score = _score(data, me, cards, enemies, area)
        if score > best_score:
            best, best_score = sequence, score
    return best


def _legal_sequence(previous: str | None, cards: list[Card]) -> bool:
    """No two steep in a row, an Immelmann between straights (book § PROGRAMMATION)."""
    # the view names the last maneuver's kind only: count every kind that may be steep
    prev_kind, prev_steep = previous, previous in ("stall", "sideslip", "sharp", "dive")
    for card in cards:
        if card.steep and prev_steep:
            return False
        if prev_kind == "immelmann" and card.kind != "straight":
            return False
        if card.kind == "immelmann" and prev_kind != "straight":
            return False
        prev_kind, prev_steep = card.kind, card.steep
    return True


def _score(data: WowData, me: dict[str, Any], cards: list[Card],
           enemies: list[dict[str, Any]], area: dict[str, float]) -> float:
    table = data.table
    base = table.base
    pose = geo.Pose(me["x"], me["y"], me["heading"])
    ghosts = [(geo.Pose(e["x"], e["y"], e["heading"]), data.decks[e["maneuver_deck"]])
              for e in enemies]
    score = 0.0
    for phase, card in enumerate(cards, start=1):
        dx, dy, turn = card_end_pose(card, base.length)
        pose = geo.moved(pose, dx, dy, turn)
        margin = min(pose.x, pose.y, area["width"] - pose.x, area["height"] - pose.y)
        if margin < 0:
            return -1e9 + phase  # off the table: never, if anything else will do
        score -= max(0.0, 120.0 - margin) * 2.0
        moved_ghosts = []
        for ghost, deck in ghosts:
            straight = next(c for c in deck.cards if c.kind == "straight")
            gx, gy, gt = card_end_pose(straight, base.length)
            ghost = geo.moved(ghost, gx, gy, gt)
            moved_ghosts.append((ghost, deck))
            distance = geo.distance(pose, ghost)
            mine = _in_arc(pose, ghost, table.arcs.front_half_angle)
            theirs = _in_arc(ghost, pose, table.arcs.front_half_angle)
            reach = table.ruler.length + base.length / 2
            if mine and distance <= reach:
                score += 60.0 if distance <= table.ruler.length / 2 + base.length / 2 else 35.0
            if theirs and distance <= reach:
                score -= 45.0
            score -= distance * 0.05  # close in
            behind = _in_arc(ghost, pose, 180 - table.arcs.rear_half_angle) is False
            if behind and distance < 2.5 * table.ruler.length:
                score += 10.0
        ghosts = moved_ghosts
    return score


def _in_arc(shooter: geo.Pose, target: geo.Pose, half_angle: float) -> bool:
    return geo.off_nose(shooter, target) <= half_angle


def _reorder(view: dict[str, Any], legal: list[Decision]) -> Decision | None:
    plane_id = legal[0]["plane"]
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    data = shipped()
    deck = data.decks[me["maneuver_deck"]]
    enemies = [p for p in view["planes"] if p["side"] != me["side"]
               and p["status"] in ("flying", "ground")]
    best, best_score = None, -math.inf
    for decision in legal:
        cards = [deck.cards[n - 1] for n in decision["order"]]
        if not _legal_sequence(me.get("flown", [None])[-1] if me.get("flown")
                               else me.get("last_maneuver"), cards):
            continue
        score = _score(data, me, cards, enemies, view["area"])
        if score > best_score:
            best, best_score = decision, score
    return best
