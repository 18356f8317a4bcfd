"""Down In Flames for the computer pilots: a card player's rules of thumb.

``heuristic(observation)`` plays like a sound human from a seat's observation only (its
view, prompt and legal decisions): it fires the heaviest attack its bursts allow, plays
+1 hit cards when it can afford them, climbs out of a disadvantage with Scissors,
Barrel Roll or a maneuver, works round to the enemy's tail, answers attacks and
maneuvers with its cheapest fitting reaction (Ace Pilot saved for heavy attacks),
follows an enemy that changes altitude when it can afford to, and keeps its best
cards when it discards. ``greedy`` plays it; ``DownInFlamesPolicy`` gives ``mcts``
the same player (with some noise) for its roll-outs and its candidates' order. Both
are registered as ``GAME_POLICIES``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dogfight.ai.base import EXPLORATION, HORIZON, GamePolicies, by_chance
from dogfight.core.contract import Decision, Game, Seat
from dogfight.core.rng import Rng
from dogfight.games.down_in_flames.data import dataset

VALUE = {"Ace Pilot": 10, "In My Sights": 4, "Out of the Sun": 5, "Barrel Roll": 7,
         "Tight Turn": 6, "Vertical Roll": 6, "Yo-Yo": 5, "Scissors": 5, "Evasive": 5,
         "Redline": 2}
"""How much a card is worth keeping in hand, by title (attacks by their hits too)."""
RANK = {"tailing": 2, "advantaged": 1, "neutral": 0, "disadvantaged": -1, "tailed": -2}


def card_value(key: str) -> float:
    card = dataset().action_deck[key]
    value = float(VALUE.get(card.title, 3))
    if card.title == "In My Sights":
        value += card.hits - card.bursts * 0.5 + (4 if card.fuel_tank else 0)
        if card.react_to:
            value += 1
    return value


def _plane(view: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in view["planes"] if p["id"] == pid)


def _rel(view: dict[str, Any], a: str, b: str) -> int:
    for pos in view["positions"]:
        if pos["holder"] == a and pos["target"] == b:
            return RANK[pos["position"]]
        if pos["holder"] == b and pos["target"] == a:
            return -RANK[pos["position"]]
    return 0


def heuristic(observation: dict[str, Any]) -> Decision | None:
    legal: list[Decision] = observation.get("legal") or []
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    prompt = observation.get("prompt") or {}
    kind = prompt.get("kind", "")
    view = observation["view"]
    pid = (prompt.get("data") or {}).get("plane") or view.get("active", "")
    deck = dataset().action_deck
    air = dataset().aircraft

    if kind == "fighter":
        return max(legal, key=lambda d: (air[d["fighter"]].vp, d.get("pilot", "") != ""))
    if kind == "altitude":
        return next((d for d in legal if d["altitude"] == "medium"), legal[0])
    if kind == "flak":
        return {"flak": "normal"} if {"flak": "normal"} in legal else legal[0]
    if kind == "bombing":
        return next((d for d in legal if d["pattern"] == "normal"), legal[0])
    if kind == "formation":
        return next((d for d in legal if d["formation"] == "box"), legal[0])
    if kind == "evasive":
        return {"evasive": True} if {"evasive": True} in legal else legal[0]
    if kind == "jettison":
        return {"jettison": False} if {"jettison": False} in legal else legal[0]
    if kind in ("stall", "discard"):
        return _discard(view, pid, legal, kind)
    if kind == "follow":
        return _follow(view, pid, legal)
    if kind == "react":
        return _react(view, pid, legal)
    if kind == "climb":
        return _climb(view, pid, legal)
    if kind == "speed":
        return _speed(legal)
    if kind == "actions":
        return _act(view, pid, legal, deck)
    if kind == "pick":
        return legal[0]
    return legal[0]


def _discard(view: dict[str, Any], pid: str, legal: list[Decision], kind: str) -> Decision:
    cards = [d for d in legal if d.get("discard")]
    worst = min(cards, key=lambda d: card_value(d["discard"])) if cards else legal[0]
    if kind == "stall":
        return worst
    me = _plane(view, pid)
    stats = me.get("stats") or {}
    perf = stats.get("performance", 6)
    post = (stats.get("horsepower") or [1, 1])[1]
    if me["hand_count"] + post > perf and cards and card_value(worst["discard"]) < 5:
        return worst
    return {"discard": None} if {"discard": None} in legal else legal[0]


def _follow(view: dict[str, Any], pid: str, legal: list[Decision]) -> Decision:
    follows = [d for d in legal if d.get("follow")]
    if not follows:
        return legal[0]
    me = _plane(view, pid)
    best = min(follows, key=lambda d: sum(card_value(c) for c in d.get("discard", [])))
    cost = len(best.get("discard", []))
    if cost == 0 or me["hand_count"] - cost >= 3:
        return best
    return {"follow": False}


def _react(view: dict[str, Any], pid: str, legal: list[Decision]) -> Decision:
    chain = view.get("chain") or {}
    me = _plane(view, pid)
    cards = [d for d in legal if d.get("react")]
    boosts = [d for d in legal if "boost" in d]
    if me.get("bomber") or me.get("loaded"):
        if boosts:
            return boosts[0]
        if cards:
            return max(cards, key=lambda d: dataset().action_deck[d["react"]].hits)
        return {"react": None}
    if not cards:
        return {"react": None}
    attacking = chain.get("kind") in ("attack", "gunner")
    heavy = attacking and chain.get("hits", 0) >= 2
    defending = chain.get("target") == pid
    ranked = sorted(cards, key=lambda d: 9.0 if d["react"] == "ace-marker"
                    else card_value(d["react"]))
    best = ranked[0]
    best_value = 9.0 if best["react"] == "ace-marker" else card_value(best["react"])
    if best_value >= 10 and not heavy:
        return {"react": None}
    if defending or attacking or me["hand_count"] >= 3:
        return best
    return {"react": None}


def _climb(view: dict[str, Any], pid: str, legal: list[Decision]) -> Decision:
    me = _plane(view, pid)
    here = me.get("altitude")
    enemies = [p for p in view["planes"] if p["side"] != me["side"] and not p["down"]
               and not p.get("gone") and "altitude" in p]
    if any(p["altitude"] == here for p in enemies) or not enemies:
        return {"altitude": "stay"} if {"altitude": "stay"} in legal else legal[0]
    order = ["very-low", "low", "medium", "high", "very-high"]
    mine = order.index(here) if here in order else 2
    nearest = min(enemies, key=lambda p: abs(order.index(p["altitude"]) - mine))
    want = "climb" if order.index(nearest["altitude"]) > mine else "dive"
    moves = [d for d in legal if d.get("altitude") == want]
    if not moves:
        return legal[0]
    return min(moves, key=lambda d: card_value(d["discard"]) if "discard" in d else 0)


def _speed(legal: list[Decision]) -> Decision:
    for want in ("maneuver", "select"):
        if {"speed": want} in legal:
            return {"speed": want}
    targets = [d for d in legal if d.get("speed") not in ("skip", "done", "pick")
               and "speed" in d]
    if targets:
        return targets[0]
    for want in ("done", "skip"):
        if {"speed": want} in legal:
            return {"speed": want}
    return legal[0]


def _act(view: dict[str, Any], pid: str, legal: list[Decision], deck: Any) -> Decision:
    me = _plane(view, pid)
    hand = me.get("hand", [])
    plays = [d for d in legal if "play" in d]
    attacks = [d for d in plays if d["as"] in ("attack", "gunner")]
    if attacks:
        def hits(d: Decision) -> float:
            c = deck[d["play"]]
            return float(100 if c.fuel_tank else c.hits) - 0.1 * float(c.bursts)
        best = max(attacks, key=hits)
        boosts = [d for d in plays if d["as"] == "tactic"
                  and deck[d["play"]].title in ("Tight Turn", "Yo-Yo")]
        if boosts and len(hand) >= 5 and not deck[best["play"]].fuel_tank:
            return boosts[0]
        return best
    # out of a bad position first
    for use in ("scissors", "barrel-roll", "agile"):
        outs = [d for d in plays if d["as"] == use]
        if outs:
            return min(outs, key=lambda d: card_value(d["play"]))
    moves = [d for d in plays if d["as"] == "maneuver"]
    if moves:
        def gain(d: Decision) -> tuple[int, float]:
            r = _rel(view, pid, d["target"])
            return (min(2, r + d["steps"]), -card_value(d["play"]))
        best = max(moves, key=gain)
        if gain(best)[0] > _rel(view, pid, best["target"]) and (
                card_value(best["play"]) <= 6 or _rel(view, pid, best["target"]) < 0):
            return best
    selects = [d for d in legal if "select" in d and d["select"] != "pick"]
    if selects:
        return min(selects, key=lambda d: card_value(d["discard"]) if "discard" in d else 0)
    if {"select": "pick"} in legal:
        return {"select": "pick"}
    redlines = [d for d in plays if deck[d["play"]].title == "Redline"]
    stats = me.get("stats") or {}
    frame = (stats.get("airframe") or [3, 6])[0]
    if redlines and len(hand) <= 3 and me["damage"] + 1 < frame:
        return redlines[0]
    return {"end": True} if {"end": True} in legal else legal[0]


def distinct(observation: dict[str, Any], legal: list[Decision]) -> list[Decision]:
    """The actions worth searching: one card per use and target (the heaviest attack,
    the cheapest card for each maneuver length, each tactic title once), and every
    other decision as it is."""
    prompt = observation.get("prompt") or {}
    if prompt.get("kind") != "actions":
        return legal
    deck = dataset().action_deck
    best: dict[tuple[Any, ...], tuple[float, Decision]] = {}
    rest: list[Decision] = []
    for d in legal:
        if "play" not in d:
            rest.append(d)
            continue
        card = deck[d["play"]]
        use = d["as"]
        if use in ("attack", "gunner"):
            key: tuple[Any, ...] = (use, d["target"])
            score = float(100 if card.fuel_tank else card.hits) - 0.1 * card.bursts
        elif use == "maneuver":
            key = (use, d["target"], d["steps"])
            score = -card_value(d["play"])
        elif use == "tactic":
            key = (use, card.title, d.get("altitude", ""))
            score = -card_value(str(d.get("discard", d["play"])))
        else:
            key = (use, d["target"])
            score = -card_value(d["play"])
        if key not in best or score > best[key][0]:
            best[key] = (score, d)
    return [d for _, d in best.values()] + rest


class DownInFlamesPolicy:
    """The search policy of ``mcts`` for Down In Flames: every legal decision a
    candidate (the rule of thumb's first), roll-outs by the rule of thumb with some
    random decisions (one in ``NOISE``)."""

    NOISE = 5
    horizon = HORIZON
    exploration = EXPLORATION

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def _observation(self, state: Any, seat: Seat) -> dict[str, Any]:
        game = self.game
        prompt = game.pending(state)[seat]
        return {"view": game.view(state, seat), "legal": list(game.legal(state, seat)),
                "prompt": {"kind": prompt.kind, "data": dict(prompt.data)}}

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        observation = self._observation(state, seat)
        first = heuristic(observation)
        options = distinct(observation, list(legal))
        ordered = ([first] if first is not None and first in legal else []) + [
            d for d in options if d != first]
        return [[d] for d in ordered], rng

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        return state, rng

    def value(self, state: Any, seat: Seat) -> float:
        return self.game.evaluate(state, seat)

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        legal = list(self.game.legal(state, seat))
        pick, rng = by_chance(rng, legal, self.NOISE)
        if pick is not None:
            return [pick], rng
        decision = heuristic(self._observation(state, seat))
        return [decision if decision is not None and decision in legal else legal[0]], rng


GAME_POLICIES = GamePolicies("down-in-flames", greedy=heuristic,
                             search=DownInFlamesPolicy)
