"""Duel at Dawn, the game object: the contract's glue over the chapters.

Set-up, seats, what each seat sees, the outcome, events in words, the search pilots'
hooks and the self-checks. Who decides what, and what a decision does, is in the
chapters through the kit (``turn.PROMPTS``, ``turn.proceed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

import msgspec
from msgspec.structs import replace

from dogfight.core import (
    Event,
    InvalidOptions,
    Outcome,
    Rng,
    Seat,
    Side,
    choice,
    new_rng,
    parse_options,
    randint,
)
from dogfight.core.rng import MAX_SEED
from dogfight.games.duel import turn
from dogfight.games.duel.data import GAME_ID, DuelData, dataset
from dogfight.games.duel.planning import ask_plans
from dogfight.games.duel.state import SEATS, DuelOptions, DuelState, Pilot
from dogfight.kit.piles import forget_order, new_pile
from dogfight.kit.prompts import PromptedGame

EVENT_TEXTS = {
    "planned": "{seat} plans {maneuver}",
    "order-sealed": "{seat} has planned",
    "revealed": "Revealed: red {red}, blue {blue}",
    "shot": "{seat} fires: rolls {roll}, {result}",
    "held-fire": "{seat} holds fire",
    "damage-card": "{seat} draws a damage card of {points}",
    "damage-card-drawn": "{seat} draws a damage card",
    "jammed-no-shot": "{seat} has a shot but the gun is jammed",
    "deck-reshuffled": "{seat}'s damage deck is reshuffled",
    "shot-down": "{seat} is shot down",
    "game-over": "Game over ({reason})",
}


class DuelGame(PromptedGame[DuelState]):
    id = GAME_ID
    title = "Duel at Dawn (test game)"
    version = "1"
    summary = "A tiny built-in game with secret simultaneous orders and dice, for tests."
    board = "none"
    shadows: ClassVar[Mapping[str, str]] = {"order-sealed": "planned",
                                            "damage-card-drawn": "damage-card"}
    developer = True
    prompts = turn.PROMPTS

    @cached_property
    def dataset(self) -> DuelData:
        return dataset()

    # -- set-up (rule 1) -------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], rng: Rng) -> DuelState:
        opts = parse_options(options, DuelOptions)
        if not 1 <= opts.rounds <= 50:
            raise InvalidOptions(f"rounds must be from 1 to 50, got {opts.rounds}")
        if not 1 <= opts.structure <= 30:
            raise InvalidOptions(f"structure must be from 1 to 30, got {opts.structure}")
        pilots = []
        for _ in SEATS:
            deck, rng = new_pile(self.dataset.fresh_deck(), rng)
            pilots.append(Pilot(deck=deck))
        return ask_plans(DuelState(opts, rng, 1, "plan", (pilots[0], pilots[1])))

    def option_schema(self) -> Any:
        return {
            "rounds": {"type": "int", "default": 6, "min": 1, "max": 50},
            "structure": {"type": "int", "default": 5, "min": 1, "max": 30},
            "rules": {"jams": {"type": "bool", "default": False,
                               "title": "Jams: a roll of 1 jams the gun for a round"}},
        }

    def seats(self, state: DuelState) -> Mapping[Seat, Side]:
        return {seat: seat for seat in SEATS}

    proceed = staticmethod(turn.proceed)

    # -- what is seen -------------------------------------------------------------------
    def view(self, state: DuelState, viewer: Seat | None) -> Any:
        over = state.phase == "over"
        sealed = dict(state.orders.orders)  # for the rules here; each seat sees its own
        pilots = {}
        for index, (seat, pilot) in enumerate(zip(SEATS, state.pilots, strict=True)):
            mine = viewer == seat
            entry: dict[str, Any] = {
                "planned": seat in sealed,
                "cards_taken": pilot.cards_taken,
                "deck": len(pilot.deck.cards),
                "jammed": pilot.jammed > 0,
                "shot_down": pilot.shot_down,
            }
            if state.revealed is not None:
                entry["maneuver"] = state.revealed[index]
            elif mine and seat in sealed:
                entry["maneuver"] = sealed[seat]
            if mine or over:
                entry["damage"] = pilot.damage
                entry["incoming"] = pilot.incoming
            pilots[seat] = entry
        return {
            "round": state.round,
            "rounds": state.options.rounds,
            "structure": state.options.structure,
            "rules": msgspec.to_builtins(state.options.rules),
            "phase": state.phase,
            "pilots": pilots,
            "shooters": [SEATS[i] for i in state.shooters],
        }

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        red, blue = state.pilots
        scores = {"red": float(blue.damage), "blue": float(red.damage)}
        if state.result == "shot-down":
            if red.shot_down and blue.shot_down:
                return Outcome(None, "both pilots shot down", scores)
            winner = "blue" if red.shot_down else "red"
            return Outcome(winner, f"{'red' if winner == 'blue' else 'blue'} shot down", scores)
        if red.damage == blue.damage:
            return Outcome(None, "last round flown, equal damage", scores)
        winner = "red" if red.damage < blue.damage else "blue"
        return Outcome(winner, "last round flown, less damage", scores)

    def turn(self, state: DuelState) -> int:
        return state.round

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        text = EVENT_TEXTS.get(event.kind)
        return None if text is None else (text, event.data)

    # -- search pilots ------------------------------------------------------------------
    def determinize(self, state: DuelState, seat: Seat, rng: Rng) -> DuelState:
        """The other pilot's sealed maneuver, its damage and both decks' order drawn
        anew; the generator re-seeded."""
        seed, rng = randint(rng, 0, MAX_SEED)
        if state.phase == "over":  # the end reveals everything
            return replace(state, rng=new_rng(seed))
        pilots = []
        orders = state.orders
        for name, pilot in zip(SEATS, state.pilots, strict=True):
            deck, rng = forget_order(pilot.deck, rng)  # its order is no one's
            if name != seat:
                if orders.has(name) and state.revealed is None:
                    maneuver, rng = choice(rng, list(self.dataset.maneuvers))
                    orders = orders.seal(name, maneuver)
                if not pilot.shot_down:
                    damage, rng = randint(rng, 0, state.options.structure - 1)
                    incoming, rng = choice(rng, [0, 0, 1, 2])
                    pilot = replace(pilot, damage=damage,
                                    incoming=incoming if state.phase == "fire" else 0)
            pilots.append(replace(pilot, deck=deck))
        return replace(state, pilots=(pilots[0], pilots[1]), orders=orders, rng=new_rng(seed))

    # -- data and checks ----------------------------------------------------------------
    def data(self) -> Any:
        return msgspec.to_builtins(self.dataset)

    def invariants(self, state: DuelState) -> list[str]:
        problems = []
        full = sorted(self.dataset.fresh_deck())
        for seat, pilot in zip(SEATS, state.pilots, strict=True):
            if pilot.damage < 0 or pilot.incoming < 0:
                problems.append(f"{seat}: negative damage")
            if pilot.shot_down != (pilot.damage >= state.options.structure):
                problems.append(f"{seat}: shot_down disagrees with damage")
            cards = pilot.deck.cards
            if len(cards) > len(full) or any(card not in full for card in cards):
                problems.append(f"{seat}: deck holds foreign cards")
            if state.phase == "plan" and pilot.incoming:
                problems.append(f"{seat}: damage left unapplied between rounds")
        if (state.phase == "fire") != bool(state.shooters):
            problems.append("fire phase without shooters, or shooters outside it")
        if state.phase == "over" and (state.result is None or state.prompts):
            problems.append("game over without a result, or with a decision asked")
        if state.phase != "over" and not state.prompts:
            problems.append("nobody is asked to decide before the end")
        if not 1 <= state.round <= state.options.rounds:
            problems.append(f"round {state.round} outside 1..{state.options.rounds}")
        return problems


GAME = DuelGame()
