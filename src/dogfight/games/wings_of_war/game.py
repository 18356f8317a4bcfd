"""Wings of War Miniatures: the game's contract (set-up, seats, view, outcome, words,
data, checks, search hooks). The rules are in the chapters' modules, the sequence of
play in :mod:`.turn`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from dogfight.core import (
    Event,
    Rng,
    Seat,
    Side,
    choice,
    new_rng,
    randint,
    shuffle,
)
from dogfight.core.rng import MAX_SEED
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.damage import fresh_deck
from dogfight.games.wings_of_war.data import WowData, dataset
from dogfight.games.wings_of_war.fire import targets
from dogfight.games.wings_of_war.planning import available_cards
from dogfight.games.wings_of_war.preparation import scenario_names, setup
from dogfight.games.wings_of_war.preview import hints
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    DeckState,
    FireOrder,
    WowState,
    plane,
    replace,
)
from dogfight.games.wings_of_war.turn import PROMPTS, advance, begin_turn
from dogfight.games.wings_of_war.victory import outcome
from dogfight.games.wings_of_war.view import view
from dogfight.games.wings_of_war.words import RULE_TITLES, SHADOWS, label, template
from dogfight.kit.piles import forget_order
from dogfight.kit.prompts import PromptedGame, top
from dogfight.kit.sealed import Sealed


class WingsOfWar(PromptedGame[WowState]):
    id = "wings-of-war"
    title = "Wings of War Miniatures"
    version = "1"
    board = "table"
    shadows = SHADOWS
    summary = ("WW1 dogfights: three secret maneuver cards per turn, moves on a continuous "
               "table, ruler fire, damage decks; every optional rule switchable.")
    prompts = PROMPTS

    @property
    def dataset(self) -> WowData:
        return dataset()

    def setup(self, options: Mapping[str, Any], rng: Rng) -> WowState:
        events: list[Event] = []
        return begin_turn(setup(options, rng), events)

    def option_schema(self) -> Any:
        rules: dict[str, Any] = {name: {"type": "bool", "default": False, "title": title}
                                 for name, title in RULE_TITLES.items()}
        for variant in ("forced_dive", "flying_higher", "cloud_cover"):
            rules[variant]["requires"] = "altitude"
        return {
            "scenario": {"type": "choice", "choices": scenario_names(), "default": "duel"},
            "max_turns": {"type": "int", "default": 30, "min": 1, "max": 500},
            "rules": rules,
        }

    def seats(self, state: WowState) -> Mapping[Seat, Side]:
        return dict(state.seats)

    def proceed(self, state: WowState, events: list[Event]) -> WowState:
        """When no frame is left, the sequence of play walks on to the next point where
        someone decides (:func:`.turn.advance`)."""
        return advance(state, events)

    # the contract's reads, answered by their modules (:mod:`.view`, :mod:`.victory`,
    # :mod:`.words`) without a call in between
    view = staticmethod(view)
    hints = staticmethod(hints)
    outcome = staticmethod(outcome)
    label = staticmethod(label)
    template = staticmethod(template)

    def turn(self, state: WowState) -> int:
        return state.turn

    def data(self) -> Any:
        data = self.dataset
        return {
            "aircraft": [
                {"id": key, "name": a.name, "nation": a.nation, "side": a.side,
                 "structure": a.structure, "maneuver_deck": a.maneuver_deck,
                 "damage": {"front": a.damage_front or None, "rear": a.damage_rear or None},
                 "climb": a.climb, "max_altitude": a.max_altitude, "source": a.source}
                for key, a in data.aircraft.items()],
            "maneuver_decks": {letter: msgspec.to_builtins(deck)
                               for letter, deck in data.decks.items()},
            "damage_decks": {letter: {"source": data.damage_sources[letter],
                                      "cards": [msgspec.to_builtins(c) for c in cards]}
                             for letter, cards in data.damage.items()},
            "table": msgspec.to_builtins(data.table),
            "scenarios": scenario_names(),
            "optional_rules": RULE_TITLES,
            "files": data.files,
        }

    def invariants(self, state: WowState) -> list[str]:
        problems = []
        data = self.dataset
        for p in state.planes:
            if len(p.plan) > 3 or len(set(p.plan)) != len(p.plan):
                problems.append(f"{p.id}: bad plan {p.plan}")
            if p.status in ACTIVE and p.damage >= data.aircraft[p.aircraft].structure:
                problems.append(f"{p.id}: damage at structure but still flying")
            if p.in_cloud and p.status != "flying":
                problems.append(f"{p.id}: in the clouds but {p.status}")
            if len(p.executed) != len(p.executed_steep) or len(p.executed) > 3:
                problems.append(f"{p.id}: executed cards out of step")
            highest = max(state.floor + 3, state.cloud_level or 0)
            if p.climb_counters < 0 or p.altitude < 0 or p.altitude > highest:
                problems.append(f"{p.id}: altitude {p.altitude}/{p.climb_counters}")
            for gun in (p.front, p.rear):
                if gun and not (0 <= gun.jam <= 3 and 0 <= gun.silent <= 4):
                    problems.append(f"{p.id}: jam counters {gun.jam}/{gun.silent}")
        if sorted(d.letter for d in state.decks) != sorted(data.damage):
            problems.append(f"damage decks {[d.letter for d in state.decks]}")
        for deck in state.decks:
            stray = {*deck.pile.cards, *deck.pile.discards}.difference(
                fresh_deck(deck.letter, state.options.rules.tournament))
            if stray:
                problems.append(f"damage deck {deck.letter}: cards {sorted(stray)} "
                                f"are not in play")
        if state.phase == "over" and state.result is None:
            problems.append("over without a result")
        frame = top(state)
        if (frame is None) != (state.phase == "over"):
            problems.append(f"phase {state.phase} with prompt {frame and frame.kind}")
        for frame in state.prompts:
            if not frame.seats:
                problems.append(f"a {frame.kind} frame asks no seat")
        if state.turn > state.options.max_turns:
            problems.append("past the turn limit")
        return problems

    def determinize(self, state: WowState, seat: Seat, rng: Rng) -> WowState:
        """What ``seat`` does not see, drawn anew: the other seats' cards not yet
        revealed (but those shown to it by tailing), their damage cards and totals and
        secret special damage, their sealed fire orders, the order of the damage decks
        and the generator's future draws."""
        seed, rng = randint(rng, 0, MAX_SEED)
        data = self.dataset
        shown = {(s.target, s.phase): s.card for s in state.shown
                 if plane(state, s.tailer).seat == seat}
        planes = []
        for p in state.planes:
            if p.seat == seat:
                planes.append(p)
                continue
            flown = len(p.executed)
            hidden = [i for i in range(len(p.plan))
                      if i >= flown or p.plan[i] in p.cloud_stack]
            known = {i: shown[(p.id, i + 1)] for i in hidden if (p.id, i + 1) in shown}
            seen = {p.plan[i] for i in range(len(p.plan)) if i not in hidden}
            pool = [n for n in available_cards(state, replace(p, plan=()))
                    if n not in seen and n not in known.values()]
            picked, rng = shuffle(rng, pool)
            fill = iter(picked)
            plan = [p.plan[i] if i not in hidden else known.get(i) or next(fill)
                    for i in range(len(p.plan))]
            older = []  # cards flown into the clouds in earlier turns
            for n in p.cloud_stack:
                if n not in p.plan:
                    drawn, rng = randint(rng, 1, len(data.decks[p.deck].cards))
                    older.append(drawn)
            stack = (*older, *(plan[i] for i in range(flown) if p.plan[i] in p.cloud_stack))
            cards = []
            total = 0
            for letter, _ in p.damage_cards:
                damage_deck = data.damage[letter]
                number, rng = randint(rng, 1, len(damage_deck))
                cards.append((letter, number))
                total += damage_deck[number - 1].points
            if p.status in ACTIVE:  # still flying: below its structure
                total = min(total, data.aircraft[p.aircraft].structure - 1)
            planes.append(replace(p, plan=tuple(plan), cloud_stack=stack,
                                  damage=total, damage_cards=tuple(cards), rudder=None,
                                  rudder_turn=0, wounded=0, engine=0, engine_turn=0,
                                  observer_wounded=False))
        orders: Sealed[FireOrder] = Sealed()
        for key, order in state.fire_orders.orders:
            owner = plane(state, order.plane)
            if owner.seat == seat or order.target is None:
                orders = orders.seal(key, order)
                continue
            options = [(t, n) for t, n in targets(state, owner, order.arc)] or [
                (order.target, order.cards)]
            (target, cards_), rng = choice(rng, options)
            orders = orders.seal(key, FireOrder(order.plane, order.arc, target, cards_))
        decks = []
        for deck in state.decks:
            pile, rng = forget_order(deck.pile, rng)  # no one knows the order
            decks.append(DeckState(deck.letter, pile))
        return replace(state, planes=tuple(planes), fire_orders=orders,
                       decks=tuple(decks), rng=new_rng(seed))

    def evaluate(self, state: WowState, seat: Seat) -> float:
        """Aircraft kept and lost, damage dealt and taken, guns on the enemy: -1..1."""
        outcome = self.outcome(state)
        side = dict(state.seats)[seat]
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == side else -1.0)
        data = self.dataset
        table = data.table
        score = 0.0
        for p in state.planes:
            sign = 1.0 if p.side == side else -1.0
            structure = data.aircraft[p.aircraft].structure
            if p.status not in ACTIVE:
                score -= sign * 1.0
                continue
            score -= sign * 0.6 * p.damage / structure
            for t in state.planes:
                if t.side == p.side or t.status not in ACTIVE:
                    continue
                gap = geo.distance(p.pose, t.pose)
                if (geo.off_nose(p.pose, t.pose) <= table.arcs.front_half_angle
                        and gap <= table.ruler.length * 1.3):
                    score += sign * 0.15
            edge = min(p.pose.x, p.pose.y, state.area.width - p.pose.x,
                       state.area.height - p.pose.y)
            if edge < 100:
                score -= sign * 0.1 * (100 - edge) / 100
        return max(-0.99, min(0.99, score / max(1, len(state.planes))))


GAME = WingsOfWar()
