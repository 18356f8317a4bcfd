"""The computer pilots' knowledge of Wings of War, registered as ``GAME_POLICIES``.

``greedy`` (the one-step chooser, from a seat's observation): it plans its three
cards by flying every legal sequence of its hand on paper (the card geometry of the
data files) against where the enemy is likely to be (its base carried on by
straights), and keeps the sequence that ends with enemies in its arc and range,
itself out of theirs, and far from the table's edge; it fires at the enemy that draws
the most cards, scores the orders it may give its cards when asked to reorder them
as it scores plans, and for every other decision takes the first legal one. It never
sees a secret: only ``observe``.

``WingsOfWarPolicy`` (the ``mcts`` search policy): which plans to search, how the
aircraft fly in roll-outs, and how the enemy is likely to have planned.
A plan is three cards, some 2,700 orders for a deck of 15; the search cannot try
them all. Every legal order of the plane's cards is flown on paper at once (numpy:
each order's three end poses relative to the start are computed once per deck), and
scored as the ``greedy`` pilot scores a plan (its enemies in arc and range, itself out
of theirs, far from the edge). The search tries first the best few against where the
enemy's own best plan takes it (the enemy anticipated: it scores its plans the same
way, guessing this aircraft flies straight on), then the best few against an enemy
flying straight on, and a few others. In the roll-outs the searching seat flies the
same way (its plans scored against the enemy's likeliest path, so a turn is valued by
the attack it sets up in the next) and the enemy by its own paper score, both with
some noise; the enemy's sealed cards in every sampled state are drawn the same way
(a plausible plan, not a uniform one). A plan that leaves the table is never
searched when another keeps the aircraft on. Leaves are scored by ``Game.evaluate``
leaning to attack (damage dealt, closing on a tail) with a lead that fades near the
turn limit, where a duel is a draw; UCB1 explores on the scale of those values.

The search policy reads a determinised state (``Game.determinize``), never the real
one: the pilot's own aircraft as it is, the enemy's public position and sampled
secrets.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from msgspec.structs import replace

from dogfight.ai.base import BLUNDER, HORIZON, GamePolicies
from dogfight.core.contract import Decision, Game, Seat
from dogfight.core.rng import Rng, choice, next_u64
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.data import Card, WowData, card_end_pose, dataset
from dogfight.games.wings_of_war.state import Plane, WowState

Floats = npt.NDArray[np.float64]

ACTIVE = ("flying", "ground")
TOP = 10
"""Plans searched at the root: the best by the paper score..."""
OTHERS = 4
"""...and this many others drawn at random among those that stay on the table."""
ANTICIPATED = 6
"""Plans searched first: the best on paper against the enemy's likeliest plan."""
ROLLOUT_TOP = 4
"""Roll-outs fly one of the best few plans by the paper score (best most often)."""
NOISE = 0.15
"""Share of roll-out and enemy plans drawn at random (on the table if possible)."""
AGGRESSION = 0.6
"""Extra weight of the damage dealt at a roll-out's end (see ``value``)."""
PURSUIT = 0.3
"""Weight at a roll-out's end of an aircraft nose on an enemy's tail and near it."""
CLOCK = 4
"""Over the last turns before the turn limit (a draw), a leaf's lead fades."""
TEMPERATURE = 12.0
"""Softmax temperature over paper scores for roll-out and enemy plans."""


# -- greedy: the plan of the observation's view, on paper ----------------------------------
def greedy(observation: Any) -> Decision | None:
    """``greedy``'s decision from a seat's observation (``None``: leave it to the
    random fallback)."""
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


def scored(observation: Any) -> list[float] | None:
    """The paper score of each legal decision (``GamePolicies.scored``): a card by the
    best plan it begins, ``BLUNDER`` or below when every such plan leaves the table or
    none is legal; a shot by the cards it draws; an order of cards as a plan."""
    kind = observation.get("prompt", {}).get("kind")
    legal: list[Decision] = observation["legal"]
    view = observation["view"]
    if not legal:
        return None
    if kind == "plan":
        plane_id = legal[0]["plane"]
        firsts = _plan_scores(view, plane_id)
        unscored = min(firsts.values(), default=0.0) - 1.0  # climbs and dives: not flown on paper
        return [firsts.get(d["card"], BLUNDER * 2) if _on_paper(view, d) else
                max(unscored, BLUNDER / 2) for d in legal]
    if kind == "fire":
        cards = {(s["plane"], s["arc"], t["target"]): t["cards"]
                 for s in view["your_shots"] for t in s["targets"]}
        return [float(cards.get((d.get("plane"), d.get("arc"), d.get("target")), 0))
                for d in legal]
    return None


def _on_paper(view: dict[str, Any], decision: Decision) -> bool:
    """The card is one ``greedy`` flies on paper (not a climb or a dive)."""
    me = next(p for p in view["planes"] if p["id"] == decision["plane"])
    card = dataset().decks[me["maneuver_deck"]].cards[decision["card"] - 1]
    return card.kind not in ("climb", "dive")


def _plan_scores(view: dict[str, Any], plane_id: str) -> dict[int, float]:
    """The next card to plan -> the paper score of the best legal plan it begins; a plan
    after which no turn can keep the plane on the table is a blunder too."""
    data = dataset()
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    deck = data.decks[me["maneuver_deck"]]
    done = len(me.get("plan", []))
    best: dict[int, float] = {}
    for sequence, score in _plans(view, plane_id):
        card = sequence[done]
        if score > BLUNDER and not _stays_next_turn(data, deck, me, sequence, view["area"]):
            score = BLUNDER
        if score > best.get(card, -math.inf):
            best[card] = score
    return best


def _stays_next_turn(data: WowData, deck: Any, me: dict[str, Any], sequence: list[int],
                     area: dict[str, float]) -> bool:
    """After the plan, next turn's hardest turn one way or the other (the three plain
    cards turning most that way, in any order: a plan has three different cards) keeps
    its whole base on the table: the plan does not trap it against the edge."""
    length = data.table.base.length
    pose = geo.Pose(me["x"], me["y"], me["heading"])
    for number in sequence:
        pose = geo.moved(pose, *card_end_pose(deck.cards[number - 1], length))
    for turns in _hardest_turns(me["maneuver_deck"], length):
        for order in itertools.permutations(turns):
            after = pose
            for move in order:
                after = geo.moved(after, *move)
                margin = min(after.x, after.y, area["width"] - after.x, area["height"] - after.y)
                if margin < length / 2:
                    break
            else:
                return True
    return False


@cache
def _hardest_turns(letter: str, length: float) -> tuple[tuple[tuple[float, float, int], ...], ...]:
    """For each way of turning, the moves of deck ``letter``'s three plain cards turning
    most that way."""
    moves = [card_end_pose(c, length) for c in dataset().decks[letter].cards
             if not c.steep and c.kind not in ("climb", "dive")]
    ways = []
    for sign in (1, -1):
        turning = sorted((m for m in moves if m[2] * sign > 0), key=lambda m: -abs(m[2]))
        if turning:
            ways.append(tuple(turning[:3]))
    return tuple(ways)


def _best_plan(view: dict[str, Any], plane_id: str) -> list[int] | None:
    best, best_score = None, -math.inf
    for sequence, score in _plans(view, plane_id):
        if score > best_score:
            best, best_score = sequence, score
    return best


def _plans(view: dict[str, Any], plane_id: str) -> Iterator[tuple[list[int], float]]:
    """Every legal way to end the plane's plan (cards not climbing or diving), each with
    its paper score."""
    data = dataset()
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    planned = [c["card"] for c in me.get("plan", [])]
    hand = [n for n in me.get("hand", [])]
    deck = data.decks[me["maneuver_deck"]]
    enemies = [p for p in view["planes"] if p["side"] != me["side"]
               and p["status"] in ("flying", "ground")]
    area = view["area"]
    previous = me.get("last_maneuver")
    needed = 3 - len(planned)
    options = [n for n in hand if deck.cards[n - 1].kind not in ("climb", "dive")]
    for rest in itertools.permutations(options, needed):
        sequence = [*planned, *rest]
        cards = [deck.cards[n - 1] for n in sequence]
        if _legal_sequence(previous, cards):
            yield sequence, _score(data, me, cards, enemies, area)


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
            mine = _sees(pose, ghost, table.arcs.front_half_angle)
            theirs = _sees(ghost, pose, table.arcs.front_half_angle)
            reach = table.ruler.length + base.length / 2
            if mine and distance <= reach:
                score += 60.0 if distance <= table.ruler.length / 2 + base.length / 2 else 35.0
            if theirs and distance <= reach:
                score -= 45.0
            score -= distance * 0.05  # close in
            behind = _sees(ghost, pose, 180 - table.arcs.rear_half_angle) is False
            if behind and distance < 2.5 * table.ruler.length:
                score += 10.0
        ghosts = moved_ghosts
    return score


def _sees(shooter: geo.Pose, target: geo.Pose, half_angle: float) -> bool:
    """``target`` within ``half_angle`` of ``shooter``'s nose (one pose: ``_in_arc``
    is the same for arrays of them)."""
    return geo.off_nose(shooter, target) <= half_angle


def _reorder(view: dict[str, Any], legal: list[Decision]) -> Decision | None:
    plane_id = legal[0]["plane"]
    me = next(p for p in view["planes"] if p["id"] == plane_id)
    data = dataset()
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


# -- mcts: every plan of a sampled state at once (numpy) ------------------------------------
class _Deck:
    """Every order of three cards of a deck (climb and dive left out) and where each
    takes an aircraft, relative to its start: x forward, y left, heading turned."""

    def __init__(self, data: WowData, letter: str) -> None:
        deck = data.decks[letter]
        base = data.table.base.length
        cards = [c for c in deck.cards if c.kind not in ("climb", "dive")]
        self.cards = {c.number: c for c in cards}
        self.orders: list[tuple[int, int, int]] = list(
            itertools.permutations([c.number for c in cards], 3))
        rel = np.zeros((len(self.orders), 3, 3))
        for i, order in enumerate(self.orders):
            x = y = 0.0
            heading = 0.0
            for k, number in enumerate(order):
                dx, dy, turn = card_end_pose(self.cards[number], base)
                a = math.radians(heading)
                x += dx * math.cos(a) - dy * math.sin(a)
                y += dx * math.sin(a) + dy * math.cos(a)
                heading += turn
                rel[i, k] = (x, y, heading)
        self.rel = rel
        self.numbers = np.array(self.orders, dtype=np.int64)
        straight = next(c for c in cards if c.kind == "straight")
        self.straight = card_end_pose(straight, base)
        self._legal: dict[tuple[str | None, bool], npt.NDArray[np.bool_]] = {}

    def legal(self, previous: str | None, previous_steep: bool) -> npt.NDArray[np.bool_]:
        """Orders flown as planned after ``previous`` (book § PROGRAMMATION: no two
        steep maneuvers in a row, an Immelmann only after a straight and before one)."""
        key = (previous, previous_steep)
        if key not in self._legal:
            mask = np.zeros(len(self.orders), dtype=np.bool_)
            for i, order in enumerate(self.orders):
                kind, steep = previous, previous_steep
                ok = True
                for number in order:
                    card = self.cards[number]
                    if (card.steep and steep) or (kind in ("immelmann", "split-s")
                                                  and card.kind != "straight") \
                            or (card.kind == "immelmann" and kind != "straight"):
                        ok = False
                        break
                    kind, steep = card.kind, card.steep
                mask[i] = ok
            self._legal[key] = mask
        return self._legal[key]


@cache
def _deck(letter: str) -> _Deck:
    return _Deck(dataset(), letter)


def _in_arc(sx: Floats, sy: Floats, sh: Floats, tx: Floats, ty: Floats,
            half: float) -> npt.NDArray[np.bool_]:
    angle = np.degrees(np.arctan2(ty - sy, tx - sx))
    off = (angle - sh + 180.0) % 360.0 - 180.0
    result: npt.NDArray[np.bool_] = np.abs(off) <= half
    return result


def _straight(plane: Plane) -> list[tuple[float, float, float]]:
    """Where ``plane`` is after each of three straights (what greedy guesses)."""
    gx, gy, gh = plane.pose.x, plane.pose.y, float(plane.pose.heading)
    sdx, sdy, sturn = _deck(plane.deck).straight
    path = []
    for _ in range(3):
        ga = math.radians(gh)
        gx, gy = (gx + sdx * math.cos(ga) - sdy * math.sin(ga),
                  gy + sdx * math.sin(ga) + sdy * math.cos(ga))
        gh += sturn
        path.append((gx, gy, gh))
    return path


class Plans:
    """The legal plans of one aircraft from a state, scored on paper, best first."""

    def __init__(self, state: WowState, plane: Plane,
                 paths: dict[str, list[tuple[float, float, float]]] | None = None) -> None:
        data = dataset()
        table = data.table
        deck = _deck(plane.deck)
        previous, steep = ((plane.executed[-1], plane.executed_steep[-1]) if plane.executed
                           else (plane.last_kind, plane.last_steep))
        mask = deck.legal(previous, steep).copy()
        for k, number in enumerate(plane.plan[:3]):
            mask &= deck.numbers[:, k] == number
        if not mask.any():  # a planned card left out (climb or dive): nothing to search
            self.rows: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
            self.orders: npt.NDArray[np.int64] = np.zeros((0, 3), dtype=np.int64)
            self.scores: Floats = np.zeros(0)
            self.on_table: npt.NDArray[np.bool_] = np.zeros(0, dtype=np.bool_)
            return
        index = np.flatnonzero(mask)
        rel = deck.rel[index]
        a = math.radians(plane.pose.heading)
        cos, sin = math.cos(a), math.sin(a)
        x = plane.pose.x + rel[:, :, 0] * cos - rel[:, :, 1] * sin
        y = plane.pose.y + rel[:, :, 0] * sin + rel[:, :, 1] * cos
        h = plane.pose.heading + rel[:, :, 2]
        width, height = state.area.width, state.area.height
        margin = np.minimum(np.minimum(x, y), np.minimum(width - x, height - y))
        score = -2.0 * np.maximum(0.0, 120.0 - margin).sum(axis=1)
        reach = table.ruler.length + table.base.length / 2
        short = table.ruler.length / 2 + table.base.length / 2
        half = table.arcs.front_half_angle
        for enemy in state.planes:
            if enemy.side == plane.side or enemy.status not in ACTIVE:
                continue
            path = (paths or {}).get(enemy.id) or _straight(enemy)
            for k in range(3):  # where the enemy is after each card (straights, or ``paths``)
                gx, gy, gh = path[k]
                px, py, ph = x[:, k], y[:, k], h[:, k]
                ex, ey = np.full_like(px, gx), np.full_like(py, gy)
                distance = np.hypot(ex - px, ey - py)
                mine = _in_arc(px, py, ph, ex, ey, half) & (distance <= reach)
                theirs = _in_arc(ex, ey, np.full_like(px, gh), px, py, half) & (distance <= reach)
                score += np.where(mine, np.where(distance <= short, 60.0, 35.0), 0.0)
                score -= np.where(theirs, 45.0, 0.0)
                score -= distance * 0.05
                behind = ~_in_arc(ex, ey, np.full_like(px, gh), px, py,
                                  180.0 - table.arcs.rear_half_angle)
                score += np.where(behind & (distance < 2.5 * table.ruler.length), 10.0, 0.0)
        on: npt.NDArray[np.bool_] = np.asarray((margin >= 0).all(axis=1), dtype=np.bool_)
        if on.any():  # never off the table if anything else will do
            index, score, on = index[on], score[on], on[on]
        order = np.argsort(-score, kind="stable")
        self.rows = index[order]
        """Each plan's row in its deck's orders (``_Deck.rel``: where it goes)."""
        self.orders = deck.numbers[self.rows]
        self.scores = score[order]
        self.on_table = on[order]

    def __len__(self) -> int:
        return len(self.orders)

    def path(self, plane: Plane, i: int = 0) -> list[tuple[float, float, float]]:
        """Where plan ``i`` takes ``plane`` after each card (on paper)."""
        a = math.radians(plane.pose.heading)
        cos, sin = math.cos(a), math.sin(a)
        return [(float(plane.pose.x + rx * cos - ry * sin),
                 float(plane.pose.y + rx * sin + ry * cos), float(plane.pose.heading + rh))
                for rx, ry, rh in _deck(plane.deck).rel[self.rows[i]]]

    def plan(self, i: int) -> tuple[int, ...]:
        return tuple(int(n) for n in self.orders[i])

    def draw(self, rng: Rng) -> tuple[tuple[int, ...], Rng]:
        """A plausible plan: one of the best few (softmax on the score), or now and
        then any plan (that stays on the table, if one does)."""
        roll, rng = next_u64(rng)
        u = (roll >> 11) / float(1 << 53)
        if u < NOISE:
            i, rng = choice(rng, range(len(self.orders)))
            return self.plan(i), rng
        top = self.scores[:ROLLOUT_TOP]
        weights = np.exp((top - top[0]) / TEMPERATURE)
        roll, rng = next_u64(rng)
        pick = (roll >> 11) / float(1 << 53) * float(weights.sum())
        i = int(np.searchsorted(np.cumsum(weights), pick, side="right"))
        return self.plan(min(i, len(top) - 1)), rng


class WingsOfWarPolicy:
    """The ``mcts`` hooks for Wings of War (see ``dogfight.ai.mcts.Policy``)."""

    exploration = 0.1
    """UCB1's constant: leaf values here differ by hundredths, not by wins and losses."""
    horizon = HORIZON

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._plans: dict[tuple[Any, ...], Plans] = {}
        self._ahead: dict[tuple[Any, ...], Plans] = {}
        self.me: Seat | None = None
        """The searching seat (set at the root): its roll-outs anticipate the enemy."""

    @staticmethod
    def _key(plane: Plane) -> tuple[Any, ...]:
        """What of ``plane`` its plans depend on."""
        return (plane.id, plane.deck, plane.pose, plane.plan, plane.executed,
                plane.last_kind, plane.last_steep)

    def plans(self, state: WowState, plane: Plane) -> Plans:
        key = (*self._key(plane),
               tuple((p.id, p.pose, p.status) for p in state.planes if p.side != plane.side),
               state.area)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 20_000:
                self._plans.clear()
            found = self._plans[key] = Plans(state, plane)
        return found

    def ahead(self, state: WowState, plane: Plane) -> Plans:
        """``plane``'s plans scored against where each enemy's likeliest plan takes it
        (the enemy expecting this aircraft to fly straight on)."""
        paths = {}
        for enemy in state.planes:
            if enemy.side == plane.side or enemy.status not in ACTIVE:
                continue
            theirs = self.plans(state, replace(enemy, plan=()))
            if len(theirs):
                paths[enemy.id] = theirs.path(enemy)
        if not paths:
            return self.plans(state, plane)
        key = (*self._key(plane), tuple((k, tuple(v)) for k, v in sorted(paths.items())),
               state.area)
        found = self._ahead.get(key)
        if found is None:
            if len(self._ahead) > 20_000:
                self._ahead.clear()
            found = self._ahead[key] = Plans(state, plane, paths)
        return found

    # -- the root -----------------------------------------------------------------------
    def candidates(self, state: WowState, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        """Sequences of this seat's decisions to search, the most promising first."""
        if state.step == "fire":
            return [[self._fire(state, seat, legal)]], rng
        if state.step != "plan" or not legal or "card" not in legal[0]:
            return [[d] for d in legal], rng
        self.me = seat
        plane = next(p for p in state.planes if p.id == legal[0]["plane"])
        plans = self.plans(state, plane)
        if not len(plans):
            return [[d] for d in legal], rng
        ahead = self.ahead(state, plane)
        picks = [ahead.plan(i) for i in range(min(ANTICIPATED, len(ahead)))]
        picks += [plans.plan(i) for i in range(min(TOP, len(plans)))]
        rest = list(range(min(TOP, len(plans)), len(plans)))
        for _ in range(min(OTHERS, len(rest))):
            i, rng = choice(rng, rest)
            rest.remove(i)
            picks.append(plans.plan(i))
        done = len(plane.plan)
        out: list[list[Decision]] = []
        seen: set[tuple[int, ...]] = set()
        for plan in picks:
            cards = plan[done:]
            if cards in seen:
                continue
            seen.add(cards)
            out.append([{"plane": plane.id, "card": n} for n in cards])
        return [m for m in out if m[0] in legal] or [[d] for d in legal], rng

    # -- the enemy's sealed cards ---------------------------------------------------------
    def reshape(self, state: WowState, seat: Seat, rng: Rng) -> tuple[WowState, Rng]:
        """The other seats' cards planned this turn and not yet seen, drawn from the plans
        they are likely to make rather than uniformly (planning only: no card revealed)."""
        if state.step != "plan" or state.shown or state.options.rules.tailing:
            return state, rng
        planes = list(state.planes)
        changed = False
        for i, p in enumerate(planes):
            if p.seat == seat or not p.plan or p.status not in ACTIVE or p.in_cloud:
                continue
            plans = self.plans(state, replace(p, plan=()))
            if not len(plans):
                continue
            plan, rng = plans.draw(rng)
            planes[i] = replace(p, plan=plan[:len(p.plan)])
            changed = True
        return (replace(state, planes=tuple(planes)) if changed else state), rng

    # -- roll-outs --------------------------------------------------------------------------
    def act(self, state: WowState, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        """The next decisions of ``seat`` in a roll-out."""
        legal = self.game.legal(state, seat)
        if state.step == "fire":
            return [self._fire(state, seat, legal)], rng
        if state.step == "plan" and legal and "card" in legal[0]:
            plane = next(p for p in state.planes if p.id == legal[0]["plane"])
            plans = (self.ahead(state, plane) if seat == self.me
                     else self.plans(state, plane))
            if len(plans):
                plan, rng = plans.draw(rng)
                return [{"plane": plane.id, "card": n} for n in plan[len(plane.plan):]], rng
        decision, rng = choice(rng, list(legal))
        return [decision], rng

    def value(self, state: WowState, seat: Seat) -> float:
        """``Game.evaluate``, leaning to attack: the enemy's damage counts once more, and
        an aircraft closing on an enemy's tail, nose on, scores (``PURSUIT``). A duel
        left alone ends in a draw at the turn limit, where a lead in damage is worth
        nothing: the lean is how to win, and the lead of a leaf fades over the last
        ``CLOCK`` turns (to a fifth in the last) while a kill keeps its full value."""
        value = self.game.evaluate(state, seat)
        if state.step == "over":
            return value
        data = dataset()
        table = data.table
        side = dict(state.seats)[seat]
        dealt = sum(p.damage / data.aircraft[p.aircraft].structure for p in state.planes
                    if p.side != side and p.status in ACTIVE)
        chase = 0.0
        reach = 3.0 * (table.ruler.length + table.base.length)
        for p in state.planes:
            if p.status not in ACTIVE:
                continue
            sign = 1.0 if p.side == side else -1.0
            best = 0.0
            for t in state.planes:
                if t.side == p.side or t.status not in ACTIVE:
                    continue
                gap = geo.distance(p.pose, t.pose)
                if gap >= reach:
                    continue
                # nose on the enemy (0 degrees off) and the enemy flying away (this
                # aircraft dead astern of it): 1; head-on or turned away: 0
                best = max(best, (1.0 - gap / reach)
                           * (1.0 - geo.off_nose(p.pose, t.pose) / 180.0)
                           * geo.off_nose(t.pose, p.pose) / 180.0)
            chase += sign * best
        n = max(1, len(state.planes))
        lean = value + (AGGRESSION * dealt + PURSUIT * chase) / n
        left = state.options.max_turns - state.turn
        if left < CLOCK:
            lean *= max(0.0, left + 1) / (CLOCK + 1)
        return max(-0.99, min(0.99, lean))

    @staticmethod
    def _fire(state: WowState, seat: Seat, legal: Sequence[Decision]) -> Decision:
        """At the target that draws the most damage cards (firing costs nothing)."""
        cards = {(s.plane, s.arc, t): n for s in state.fire_slots for t, n in s.targets}
        shots = [d for d in legal if "target" in d]
        if not shots:
            return legal[0]
        return max(shots, key=lambda d: cards.get((d["plane"], d["arc"], d["target"]), 0))


GAME_POLICIES = GamePolicies("wings-of-war", greedy=greedy, search=WingsOfWarPolicy,
                             scored=scored)
