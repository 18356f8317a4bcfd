"""Damage (book § DÉGÂTS, § MITRAILLEUSES ENRAYÉES ET EXPLOSIONS; optional rules
§ DÉGÂTS SPÉCIAUX, § ÊTRE À COURT DE CARTES DÉGÂT, § RÈGLES DE TOURNOI; two-seaters
§ OBSERVATEUR BLESSÉ; the ground's § Feu au sol of § ATTERRISSAGE, DÉCOLLAGE ET
ACCIDENTS).

The damage decks A and B are the kit's piles (:mod:`dogfight.kit.piles`), shuffled and
drawn from the state's generator; what running out means is the book's, here. The
cards an aircraft takes are secret, their count public. Every damage of a phase counts
together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import msgspec

from dogfight.core import Event
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    ELIMINATED,
    DeckState,
    Plane,
    WowState,
    plane,
    put,
    replace,
)
from dogfight.kit import piles
from dogfight.kit.piles import Pile


class Drawn(msgspec.Struct, frozen=True, gc=False):
    """A damage card as it counts: substitutions may halve points or void symbols."""

    letter: str
    number: int
    points: int
    symbol: str


def fresh_deck(letter: str, tournament: bool) -> tuple[int, ...]:
    """Every card of the damage deck ``letter`` by corner number, less the explosions
    in a tournament (book § RÈGLES DE TOURNOI)."""
    return tuple(c.number for c in dataset().damage[letter]
                 if not (tournament and c.symbol == "explosion"))


def deck(state: WowState, letter: str) -> Pile[int]:
    """The damage deck ``letter``: its cards to draw and its discards."""
    return next(d.pile for d in state.decks if d.letter == letter)


def with_deck(state: WowState, letter: str, pile: Pile[int]) -> WowState:
    """``state`` with ``pile`` as the damage deck ``letter``."""
    return replace(state, decks=tuple(DeckState(letter, pile) if d.letter == letter else d
                                      for d in state.decks))


def draw(state: WowState, letter: str, events: list[Event],
         collision: bool = False) -> tuple[WowState, list[Drawn]]:
    """Draw one damage card of ``letter``: the top card, the discards shuffled into a
    new deck when it is empty; with the optional rule, the eliminated aircraft's cards
    join them, then the other letter stands in (book § ÊTRE À COURT DE CARTES DÉGÂT);
    as a last resort every card is shuffled back. Collision cards are discarded at
    once."""
    rules = state.options.rules
    pile = deck(state, letter)
    if not pile.cards:
        if rules.out_of_cards:
            state, pile = return_eliminated_cards(state, letter, pile)
        if pile.discards:
            events.append(Event("deck-reshuffled", {"letter": letter,
                                                    "cards": len(pile.discards)}))
    pile, cards, rng = piles.draw(pile, state.rng)
    if not cards:
        other = "B" if letter == "A" else "A"
        if rules.out_of_cards and not collision and _has_cards(state, other):
            return substitute(state, letter, other, events)
        # last resort: totals are written down and every card is shuffled back
        pile, rng = piles.new_pile(fresh_deck(letter, rules.tournament), rng)
        events.append(Event("deck-reshuffled", {"letter": letter, "cards": len(pile),
                                                "all": True}))
        pile, cards, rng = piles.draw(pile, rng, reshuffle=False)
    number = cards[0]
    card = dataset().damage[letter][number - 1]
    drawn = [Drawn(letter, number, card.points, card.symbol)]
    state = replace(with_deck(state, letter, pile), rng=rng)
    if collision:
        state = discard(state, drawn)
    return state, drawn


def return_eliminated_cards(state: WowState, letter: str,
                            pile: Pile[int]) -> tuple[WowState, Pile[int]]:
    """The eliminated aircraft's cards of ``letter`` join the discards to be shuffled
    (book § ÊTRE À COURT DE CARTES DÉGÂT)."""
    planes = []
    for p in state.planes:
        if p.status in ELIMINATED:
            pile = piles.discard(pile, (n for letter_, n in p.damage_cards
                                        if letter_ == letter))
            p = replace(p, damage_cards=tuple(c for c in p.damage_cards if c[0] != letter))
        planes.append(p)
    return replace(state, planes=tuple(planes)), pile


def substitute(state: WowState, letter: str, other: str,
               events: list[Event]) -> tuple[WowState, list[Drawn]]:
    """Out of A cards, two B cards, the second's specials void but an explosion; out of
    B cards, one A card, its points halved rounded up (book § ÊTRE À COURT DE CARTES
    DÉGÂT)."""
    events.append(Event("deck-substituted", {"letter": letter, "instead": other}))
    if letter == "A":
        state, first = draw(state, other, events)
        state, second = draw(state, other, events)
        return state, first + [replace(c, symbol=c.symbol if c.symbol == "explosion"
                                       else "none") for c in second]
    state, got = draw(state, other, events)
    return state, [replace(c, points=math.ceil(c.points / 2)) for c in got]


def discard(state: WowState, cards: Sequence[Drawn]) -> WowState:
    """Cards looked at and put aside (they come back when a deck runs out)."""
    decks = []
    for d in state.decks:
        mine = tuple(c.number for c in cards if c.letter == d.letter)
        decks.append(DeckState(d.letter, piles.discard(d.pile, mine)) if mine else d)
    return replace(state, decks=tuple(decks))


def _has_cards(state: WowState, letter: str) -> bool:
    pile = deck(state, letter)
    return bool(pile.cards or pile.discards)


def apply_damage(state: WowState, drawn: Mapping[str, list[Drawn]],
                 bonus: Mapping[str, list[bool]], events: list[Event],
                 force_specials: bool = False) -> WowState:
    """Damage cards count together: points (secret), jams already given to the
    shooters, explosions, and special damage with the optional rule
    (``force_specials``: an accident's fire counts even without it)."""
    rules = state.options.rules
    with_specials = rules.special_damage or force_specials
    for target_id, cards in drawn.items():
        p = plane(state, target_id)
        flags = list(bonus.get(target_id, [False] * len(cards)))
        total = 0
        exploded = False
        taken = list(p.damage_cards)
        specials: dict[str, Drawn] = {}
        for card, aimed in zip(cards, flags, strict=True):
            points = card.points + (1 if aimed and card.points > 0 else 0)
            total += points
            taken.append((card.letter, card.number))
            events.append(Event("damage-card", {"plane": p.id, "letter": card.letter,
                                                "number": card.number, "points": points,
                                                "symbol": card.symbol}, to=(p.seat,)))
            if card.symbol == "explosion":
                exploded = True
            elif card.symbol not in ("none", "jam") and with_specials:
                kind = "rudder" if card.symbol.startswith("rudder") else card.symbol
                if kind == "wounded" and p.rear is not None and card.points != 3:
                    kind = "observer"
                specials.pop(kind, None)
                specials[kind] = card  # of one kind drawn together, the last counts
        events.append(Event("damage-drawn", {"plane": p.id, "cards": len(cards)}))
        p = replace(p, damage=p.damage + total, damage_cards=tuple(taken),
                    hit_this_phase=p.hit_this_phase or total > 0)
        for kind, card in specials.items():
            p = special(state, p, kind, card, events)
        if exploded and p.status in ACTIVE:
            p = replace(p, status="exploded")
            events.append(Event("explosion", {"plane": p.id}))
        state = put(state, p)
    # shot down when the total reaches the structure (book § DÉGÂTS)
    aircraft = dataset().aircraft
    for p in state.planes:
        if p.status in ACTIVE and p.damage >= aircraft[p.aircraft].structure:
            state = put(state, replace(p, status="shot-down"))
            events.append(Event("shot-down", {"plane": p.id}))
    return state


def special(state: WowState, p: Plane, kind: str, card: Drawn,
            events: list[Event]) -> Plane:
    """One special damage (book § DÉGÂTS SPÉCIAUX; the newest of a kind replaces the
    older, but a second wound kills and a second engine hit explodes)."""
    secret = (p.seat,)
    if kind == "rudder":
        side = card.symbol.removeprefix("rudder-")
        events.append(Event("special", {"plane": p.id, "special": card.symbol}, to=secret))
        return replace(p, rudder=side, rudder_turn=state.turn + 1)
    if kind == "wounded":
        events.append(Event("special", {"plane": p.id, "special": "pilot wounded"},
                            to=secret))
        if p.wounded:
            events.append(Event("pilot-killed", {"plane": p.id}))
            return replace(p, wounded=2, status="shot-down")
        return replace(p, wounded=1)
    if kind == "observer":
        events.append(Event("special", {"plane": p.id, "special": "observer wounded"},
                            to=secret))
        return replace(p, observer_wounded=True)
    if kind == "engine":
        events.append(Event("special", {"plane": p.id, "special": "engine"}, to=secret))
        if p.engine:
            events.append(Event("explosion", {"plane": p.id, "cause": "engine"}))
            return replace(p, engine=2, status="exploded")
        return replace(p, engine=1, engine_turn=state.turn)
    if kind == "smoke":
        events.append(Event("smoke", {"plane": p.id}))
        return replace(p, smoke=3, tailing=None)
    if kind == "fire":
        events.append(Event("on-fire", {"plane": p.id}))
        return replace(p, fire=3, tailing=None)
    return p


def burn(state: WowState, events: list[Event]) -> tuple[WowState, bool]:
    """Flames burn before the first card is shown: one A card a flame counter, its
    specials void but an explosion (book § DÉGÂTS SPÉCIAUX); on the ground, an A card
    first tells whether the crew put a counter out (book § Feu au sol). Also tells
    whether any damage was drawn."""
    burning = [p for p in state.planes if p.status in ACTIVE and p.fire > 0]
    drawn: dict[str, list[Drawn]] = {}
    for p in burning:
        if p.status == "ground":  # the ground crew fight the fire (book § Feu au sol)
            state, tried = draw(state, "A", events)
            state = discard(state, tried)
            if tried[0].points == 0:
                p = replace(p, fire=p.fire - 1)
                events.append(Event("fire-fought", {"plane": p.id, "counters": p.fire}))
                state = put(state, p)
                if not p.fire:
                    continue
        state = put(state, replace(p, fire=p.fire - 1))
        events.append(Event("flames", {"plane": p.id, "counters": p.fire - 1}))
        state, cards = draw(state, "A", events)
        drawn[p.id] = [replace(c, symbol=c.symbol if c.symbol == "explosion" else "none")
                       for c in cards]
    if drawn:
        state = apply_damage(state, drawn, {}, events)
        state = replace(state, planes=tuple(
            replace(p, interrupted=p.interrupted or p.hit_this_phase, hit_this_phase=False)
            for p in state.planes))
    return state, bool(drawn)
