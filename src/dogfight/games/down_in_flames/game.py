"""Down In Flames, the game object: the contract's glue over the chapters.

Set-up, seats, what each seat sees, the outcome, words, campaigns, the search pilots'
hooks and the self-checks. Who decides what, and what a decision does, is in the
chapters through the kit (``turn.PROMPTS``, ``turn.proceed``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

import msgspec

from dogfight.core import (
    Decision,
    Event,
    Outcome,
    Rng,
    Seat,
    Side,
    Step,
    choice,
    new_rng,
    randint,
    shuffle,
)
from dogfight.core.rng import MAX_SEED
from dogfight.games.down_in_flames import campaign as campaign_rules
from dogfight.games.down_in_flames import positions, setup, turn, victory, view, words
from dogfight.games.down_in_flames.aircraft import Stats, find, in_play, plane, replace, stats
from dogfight.games.down_in_flames.cards import fresh_deck
from dogfight.games.down_in_flames.data import GAME_ID, SIDE_OF, DifData, dataset
from dogfight.games.down_in_flames.missions import mission_options
from dogfight.games.down_in_flames.state import START_ALTITUDES, DifState, Plane
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import PromptedGame

RULE_TITLES = {
    "wingmen": "Wingmen (Ailiers)",
    "free_for_all": "Free-for-all (Chacun pour soi)",
    "vp_balancing": "Balancing victory points (Equilibrer les points de victoire)",
    "altitude_bonus": "Starting altitude bonus cards (Cartes bonus pour altitude de départ)",
    "experienced_pilots": "Experienced pilot markers (Marqueurs de pilote expérimenté)",
}


class DownInFlames(PromptedGame[DifState]):
    id = GAME_ID
    title = "Down In Flames"
    version = "1"
    board = "none"
    summary = ("WW2 air combat with cards: action and reaction chains, five relative "
               "positions, altitude and horsepower, bombers and campaign missions.")
    prompts = turn.PROMPTS

    @cached_property
    def dataset(self) -> DifData:
        return dataset()

    # -- set-up ------------------------------------------------------------------------------
    def option_schema(self) -> Any:
        sorties = setup.sorties()
        return {
            "mode": {"type": "choice", "choices": ["dogfight", "mission"],
                     "default": "dogfight"},
            "vp": {"type": "int", "default": 12, "min": 12, "max": 100},
            "year": {"type": "int", "default": 1940, "min": 1937, "max": 1945},
            "seats_per_side": {"type": "int", "default": 1, "min": 1, "max": 3},
            "planes_per_seat": {"type": "int", "default": 1, "min": 1, "max": 2},
            "turns": {"type": "int", "default": 6, "min": 1, "max": 20},
            "deck": {"type": "choice", "choices": ["full", "pacific", "europe"],
                     "default": "full"},
            "decks": {"type": "int", "default": 1, "min": 1, "max": 3},
            "mission": {"sortie": {"type": "choice", "choices": sorties,
                                   "default": sorties[0] if sorties else ""},
                        "scale": {"type": "int", "default": 1, "min": 1, "max": 4}},
            "rules": {name: {"type": "bool", "default": False, "title": title}
                      for name, title in RULE_TITLES.items()},
        }

    def start(self, options: Mapping[str, Any], rng: Rng) -> Step[DifState]:
        """The set-up and its events (fighters revealed, victory points balanced)."""
        events: list[Event] = []
        state = turn.proceed(setup.setup(options, rng, events), events)
        return Step(state, tuple(events))

    def setup(self, options: Mapping[str, Any], rng: Rng) -> DifState:
        return self.start(options, rng).state

    proceed = staticmethod(turn.proceed)
    """After every decision, not only once the stack is empty: a hit landing while a
    chain or a follow waits may end the game or the chain (:func:`.turn.proceed`; the
    function itself, one call fewer at every decision)."""

    def seats(self, state: DifState) -> Mapping[Seat, Side]:
        return dict(state.seats)

    def seat_names(self, state: DifState) -> Mapping[Seat, str]:
        return words.public_names(view.view(state, None, self.dataset))

    shadows: ClassVar[Mapping[str, str]] = {
        "fighter-sealed": "fighter-chosen", "altitude-sealed": "altitude-chosen",
        "option-sealed": "option-chosen", "flak-sealed": "flak-chosen"}
    """Each public line that only says a secret choice was made, after the chooser's own
    line saying it (the player's log shows the chooser its own line only)."""

    def turn(self, state: DifState) -> int:
        return state.turn

    # -- campaigns (book § Jouer une campagne): see campaign.py --------------------------------
    def sorties(self) -> list[str]:
        return setup.sorties()

    def campaign_names(self) -> list[str]:
        return sorted(self.dataset.campaigns)

    def campaign_start(self, name: str, options: Mapping[str, Any]) -> Any:
        return campaign_rules.start(self.dataset, name, dict(options))

    def campaign_choices(self, campaign: Any) -> list[Any]:
        return campaign_rules.choices(self.dataset, campaign)

    def campaign_record(self, campaign: Any, options: Mapping[str, Any], outcome: Outcome
                        ) -> Any:
        return campaign_rules.record_outcome(self.dataset, campaign, dict(options), outcome)

    def campaign_result(self, campaign: Any) -> Any:
        return campaign_rules.result(self.dataset, campaign)

    # -- queries the search pilots and tests use -----------------------------------------------
    def plane(self, state: DifState, pid: str) -> Plane:
        return plane(state, pid)

    def stats(self, state: DifState, p: Plane) -> Stats:
        return stats(state, p)

    def rel(self, state: DifState, a: str, b: str) -> int:
        return positions.rel(state, a, b)

    def cap(self, state: DifState, p: Plane, position: int) -> int:
        return positions.cap(state, p, position)

    def slot_free(self, state: DifState, actor: str, target: str, value: int) -> bool:
        return positions.slot_free(state, actor, target, value)

    def damaged(self, state: DifState, p: Plane) -> bool:
        return p.damage >= stats(state, p).airframe[0]

    def vp(self, state: DifState) -> dict[str, int]:
        return victory.vp(state)

    # -- what is seen --------------------------------------------------------------------------
    def view(self, state: DifState, viewer: Seat | None) -> Any:
        return view.view(state, viewer, self.dataset)

    outcome = staticmethod(victory.outcome)
    """The result once the game is over (:func:`.victory.outcome` itself: asked at every
    observation)."""

    def label(self, state: DifState, seat: Seat, decision: Decision) -> str:
        if "react" in decision and state.chain is not None:
            return words.reaction_label(decision, state.chain.last)
        if words.is_redline(decision):
            asked = next((f for f in reversed(state.prompts) if seat in f.seats), None)
            p = find(state, str(asked.data.get("plane", ""))) if asked else None
            safe = bool(p and p.pilot and self.dataset.pilot(p.pilot).redline_safe)
            return words.redline_label(decision, safe)
        try:  # words.label, one call fewer (menus ask for every legal decision)
            return words.label_of(tuple(decision.items()))
        except TypeError:  # a list inside (follow's discards): not hashable
            return words.words(decision)

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        return words.template(event)

    # -- data and checks -----------------------------------------------------------------------
    def data(self) -> Any:
        data = self.dataset
        return {
            "aircraft": [
                {"id": key, "name": a.name, "nation": a.nation, "side": SIDE_OF[a.nation],
                 "year": a.year, "speed": a.speed, "performance": a.performance,
                 "horsepower": list(a.horsepower), "bursts": a.bursts,
                 "firepower": a.firepower, "airframe": list(a.airframe), "vp": a.vp,
                 "specials": a.specials, "gunner": a.gunner, "bombs": list(a.bombs),
                 "turrets": list(a.turrets), "altitude": a.altitude,
                 "damaged": msgspec.to_builtins(a.damaged), "source": a.source}
                for key, a in data.aircraft.items()],
            "action_deck": [
                {"id": key, "title": c.title, "subtitle": c.subtitle, "count": c.count,
                 "maneuver": c.maneuver, "kinds": c.kinds, "bursts": c.bursts,
                 "hits": c.hits, "react_to": c.react_to, "fuel_tank": c.fuel_tank,
                 "bomber": msgspec.to_builtins(c.bomber), "text": c.text, "source": c.source}
                for key, c in data.action_deck.items()],
            "campaigns": {key: msgspec.to_builtins(c) for key, c in data.campaigns.items()},
            "pilot_markers": {key: m.vp for key, m in data.tables.pilots.items()},
            "rule_tables": msgspec.to_builtins(data.tables),
            "optional_rules": RULE_TITLES,
            "files": data.files,
        }

    def invariants(self, state: DifState) -> list[str]:
        problems = []
        total = len(fresh_deck(state.options))
        held = len(state.deck) + len(state.deck.discards) + sum(
            len(p.hand) + len(p.turret_hand) for p in state.planes)
        if held != total:
            problems.append(f"{held} cards accounted for, the deck has {total}")
        for h, t, k in state.positions:
            hp, tp = plane(state, h), plane(state, t)
            if k not in (1, 2) or hp.side == tp.side:
                problems.append(f"bad position {h}->{t} {k}")
            if not in_play(hp) or not in_play(tp):
                problems.append(f"position {h}->{t} held by or on a plane out of play")
            if hp.altitude != tp.altitude:
                problems.append(f"position {h}->{t} across altitudes")
        holders = [h for h, _, _ in state.positions]
        if len(holders) != len(set(holders)):
            problems.append("a fighter holds two positions")
        for p in state.planes:
            if not p.aircraft and state.phase not in ("choose",):
                problems.append(f"{p.id} has no aircraft after the choice")
            if p.aircraft and not p.down and p.damage >= stats(state, p).airframe[1]:
                problems.append(f"{p.id}: damage past its airframe but flying")
            if not 0 <= p.altitude + 1 <= 5:
                problems.append(f"{p.id}: altitude {p.altitude}")
        if state.phase == "over" and (not state.result or state.prompts):
            problems.append("over without a result, or with a decision asked")
        if state.phase != "over" and not state.prompts:
            problems.append("nobody is asked to decide before the end")
        return problems

    # -- search pilots -------------------------------------------------------------------------
    def determinize(self, state: DifState, seat: Seat, rng: Rng) -> DifState:
        """What ``seat`` cannot see, drawn anew: the other seats' hands and turret
        hands (from the cards it has not seen), the deck's order, others' sealed
        fighters, altitudes and options, an unrevealed flak pattern; a new generator."""
        seed, rng = randint(rng, 0, MAX_SEED)
        mine = {p.id for p in state.planes if p.seat == seat}
        unseen = list(state.deck.cards)
        for p in state.planes:
            if p.id not in mine:
                unseen += list(p.hand) + list(p.turret_hand)
        pool, rng = shuffle(rng, sorted(unseen))
        planes = []
        for p in state.planes:
            if p.id not in mine:
                n, t = len(p.hand), len(p.turret_hand)
                p = replace(p, hand=tuple(sorted(pool[:n])),
                            turret_hand=tuple(sorted(pool[n:n + t])))
                pool = pool[n + t:]
            planes.append(p)
        state = replace(state, planes=tuple(planes), deck=Pile(tuple(pool), state.deck.discards))
        sealed = type(state.sealed)()
        for pid, order in state.sealed.orders:
            owner = find(state, pid)
            owner_seat = owner.seat if owner else pid
            if owner_seat != seat:
                if state.phase == "choose" and owner is not None:
                    opts = setup.fighter_choices(state, owner) or [order.partition("|")[0]]
                    key, rng = choice(rng, opts)
                    order = f"{key}|"
                elif state.phase == "altitude" and owner is not None:
                    order, rng = choice(rng, list(START_ALTITUDES))
                elif state.phase == "options":
                    (n, ch), rng = choice(rng, mission_options(state, owner_seat))
                    order = f"{n}|{ch}"
            sealed = sealed.seal(pid, order)
        state = replace(state, sealed=sealed)
        m = state.mission
        if m is not None and m.flak_pattern and seat != m.defender and not m.status:
            pattern, rng = choice(rng, list(self.dataset.tables.patterns))
            state = replace(state, mission=replace(m, flak_pattern=pattern))
        return replace(state, rng=new_rng(seed))

    def evaluate(self, state: DifState, seat: Seat) -> float:
        """Leaf value for search: the outcome once over, else the balance of damage
        (as a share of airframes), positions and cards in hand."""
        out = self.outcome(state)
        side = dict(state.seats)[seat]
        if out is not None:
            return 0.0 if out.winner is None else (1.0 if out.winner == side else -1.0)
        score = 0.0
        for p in state.planes:
            if not p.aircraft:
                continue
            sign = 1.0 if p.side == side else -1.0
            if p.down:
                score -= sign * 3.0
                continue
            frame = stats(state, p).airframe[1]
            score -= sign * 2.0 * p.damage / max(1, frame)
            score += sign * 0.08 * len(p.hand)
        for h, _t, k in state.positions:
            sign = 1.0 if plane(state, h).side == side else -1.0
            score += sign * 0.25 * k
        return math.tanh(score)


GAME = DownInFlames()
