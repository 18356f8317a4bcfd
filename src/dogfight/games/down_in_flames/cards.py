"""The action deck: preparing it, drawing, spending cards.

Book sections: « Préparer les cartes » (110 cards), « Tirage de cartes » (never past
the Performance), « Cartes d'Action Pacifique / Europe », « Plusieurs paquets de
cartes d'Action ». An empty deck takes the shuffled discard pile (the book is silent).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dogfight.core import Event
from dogfight.games.down_in_flames.aircraft import Stats, is_bomber, plane, put, replace, stats
from dogfight.games.down_in_flames.data import DifData, dataset
from dogfight.games.down_in_flames.state import DifState, Options
from dogfight.kit import piles


def fresh_deck(opts: Options) -> list[str]:
    """Book § Préparer les cartes (110 cards), § Cartes d'Action Pacifique /
    Europe (55 of a theatre: half of each design), § Plusieurs paquets."""
    cards = []
    for key, c in dataset().action_deck.items():
        count = c.count if opts.deck == "full" else c.count // 2
        cards.extend([key] * (count * opts.decks))
    return cards


def draw(state: DifState, pid: str, n: int, events: list[Event], cap: bool = True,
         turret: bool = False, data: DifData | None = None,
         s: Stats | None = None) -> DifState:
    """Draw ``n`` cards; with ``cap`` none past the Performance (book § Tirage de
    cartes); ``turret``: into a bomber's turret hand (book § Tourelles). ``s``: the
    plane's :func:`stats`, when the caller holds them."""
    p = plane(state, pid)
    limit = (s or stats(state, p, data)).performance if cap else 10**6
    hand = list(p.turret_hand if turret else p.hand)
    k = min(n, limit - len(hand))
    if k <= 0:
        return state
    old = state.deck
    deck, got, rng = piles.draw(old, state.rng, k)
    if k > len(old.cards) and old.discards:  # the discards were shuffled into a new deck
        events.append(Event("deck-reshuffled", {"cards": len(old.discards)}))
    hand.extend(got)
    drawn = len(got)
    if drawn:
        p = replace(p, turret_hand=tuple(sorted(hand))) if turret else replace(
            p, hand=tuple(sorted(hand)))
        state = put(replace(state, deck=deck, rng=rng), p)
        events.append(Event("cards-drawn", {"plane": pid, "count": drawn}))
        events.append(Event("cards-drawn-secret", {"plane": pid, "cards": [
            c for c in hand if c]}, to=(p.seat,)))
        return state
    return replace(state, deck=deck, rng=rng)


def spend(state: DifState, pid: str, cards: Sequence[str], turret: bool = False) -> DifState:
    """``cards`` from the plane's hand (or turret hand) to the discard pile."""
    p = plane(state, pid)
    hand = list(p.turret_hand if turret else p.hand)
    for c in cards:
        hand.remove(c)
    p = replace(p, turret_hand=tuple(hand)) if turret else replace(p, hand=tuple(hand))
    return put(replace(state, deck=piles.discard(state.deck, cards)), p)


def discard_with_event(state: DifState, pid: str, key: str, why: str,
                       events: list[Event]) -> DifState:
    """One card discarded for a reason the log names (a stall, a climb...)."""
    state = spend(state, pid, [key])
    events.append(Event("discarded", {"plane": pid, "cards": [key], "why": why}))
    return state


def deal(state: DifState, ids: Iterable[str], events: list[Event]) -> DifState:
    """Opening hand = Performance (book § Mise en place); bombers hold none."""
    for pid in ids:
        p = plane(state, pid)
        if is_bomber(p):
            continue
        state = draw(state, pid, stats(state, p).performance, events, cap=False)
    return state
