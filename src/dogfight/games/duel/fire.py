"""Rule 3, fire: pilots with a shot fire or hold, in seat order. A shot rolls one d6
on the hit table; hits make the target draw secret damage cards from its own deck
(how many is public); with the optional jams rule a roll of 1 jams the gun."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Rng, Seat, roll
from dogfight.games.duel.data import dataset
from dogfight.games.duel.state import SEATS, DuelState, Pilot
from dogfight.kit.piles import draw, new_pile
from dogfight.kit.prompts import Frame, PromptKind, ask

RULE = "Duel at Dawn, rule 3"


class Fire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"fire": true}`` to fire, ``{"fire": false}`` to hold."""

    fire: bool


class Firing(PromptKind[DuelState, Fire]):
    """The next pilot with a shot fires or holds."""

    kind = "fire"
    decision = Fire
    rule = RULE

    def legal(self, state: DuelState, frame: Frame, seat: Seat) -> Sequence[Fire]:
        return [Fire(True), Fire(False)]

    def refusal(self, state: DuelState, frame: Frame, seat: Seat, decision: Fire) -> None:
        return None  # both are always allowed; the decoder checks the shape

    def apply(self, state: DuelState, frame: Frame, seat: Seat, decision: Fire,
              events: list[Event]) -> DuelState:
        me = SEATS.index(seat)
        if decision.fire:
            state = shoot(state, me, events)
        else:
            events.append(Event("held-fire", {"seat": seat}))
        state = replace(state, shooters=state.shooters[1:])
        return ask_next_shooter(state)


def ask_next_shooter(state: DuelState) -> DuelState:
    """The fire phase: the next pilot with a shot decides (none left: nothing asked)."""
    if not state.shooters:
        return ask(state)
    seat = SEATS[state.shooters[0]]
    return ask(replace(state, phase="fire"), Frame("fire", (seat,), "Fire or hold"))


def shoot(state: DuelState, me: int, events: list[Event]) -> DuelState:
    """One shot: the die, the hit table, a jam or the target's damage cards."""
    face, rng = roll(state.rng, 6)
    row = dataset().hit(face)
    result = row.result
    if result == "jam" and not state.options.rules.jams:
        result = "miss"
    events.append(Event("shot", {"seat": SEATS[me], "roll": face, "result": result}))
    pilots = list(state.pilots)
    if result == "jam":
        pilots[me] = replace(pilots[me], jammed=2)
    target = 1 - me
    for _ in range(row.cards if result == "hit" else 0):
        pilots[target], rng = draw_damage(pilots[target], SEATS[target], rng, events)
    return replace(state, rng=rng, pilots=(pilots[0], pilots[1]))


def draw_damage(pilot: Pilot, seat: Seat, rng: Rng, events: list[Event]) -> tuple[Pilot, Rng]:
    """One damage card from the pilot's own deck (a fresh shuffled deck when it is
    empty); its points are the pilot's secret, the draw is public."""
    deck, cards, rng = draw(pilot.deck, rng, 1, reshuffle=False)
    if not cards:
        deck, rng = new_pile(dataset().fresh_deck(), rng)
        events.append(Event("deck-reshuffled", {"seat": seat}))
        deck, cards, rng = draw(deck, rng, 1, reshuffle=False)
    card = cards[0]
    events.append(Event("damage-card", {"seat": seat, "points": card}, to=(seat,)))
    events.append(Event("damage-card-drawn", {"seat": seat}))
    pilot = replace(pilot, deck=deck, incoming=pilot.incoming + card,
                    cards_taken=pilot.cards_taken + 1)
    return pilot, rng
