"""Piles: decks with a discard pile and reshuffles, and cups drawn without replacement.

Wings of War's damage decks, Down In Flames' action deck, Les Ailes de la Gloire's
cup of damage chits. Every shuffle and draw comes from the game's own generator
(:mod:`dogfight.core.rng`), so a game replays exactly. Scripts reproduce a book's
example either by forcing the generator (a cup's draw is one forced index) or by
:func:`stack`-ing the exact cards on top of a deck.

A :class:`Pile` keeps its cards top first; a :class:`Cup` is a bag whose contents'
order does not matter: a draw picks one at random and takes it out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Generic, TypeVar

import msgspec

from dogfight.core.errors import DogfightError
from dogfight.core.rng import Rng, randint, shuffle

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

T = TypeVar("T")
S = TypeVar("S", bound="SupportsRichComparison")
"""Cards that sort (numbers, names), for :func:`forget_order`."""


class EmptyPile(DogfightError):
    """A draw from a pile (and its discards) or a cup that holds nothing."""


class Pile(msgspec.Struct, Generic[T], frozen=True):
    """A deck: ``cards`` to draw, top first, and the ``discards`` face up."""

    cards: tuple[T, ...] = ()
    discards: tuple[T, ...] = ()

    def __len__(self) -> int:
        return len(self.cards)


def new_pile(cards: Iterable[T], rng: Rng) -> tuple[Pile[T], Rng]:
    """A freshly shuffled deck of ``cards``."""
    shuffled, rng = shuffle(rng, tuple(cards))
    return Pile(shuffled), rng


def draw(pile: Pile[T], rng: Rng, n: int = 1, *,
         reshuffle: bool = True) -> tuple[Pile[T], tuple[T, ...], Rng]:
    """The top ``n`` cards. When the deck runs out, the discards are shuffled into a new
    deck (``reshuffle``); fewer cards come back when both are exhausted (or when
    reshuffling is off), so the rules decide what running out means."""
    if n <= len(pile.cards):  # the common case: the deck holds enough
        return Pile(pile.cards[n:], pile.discards), pile.cards[:n], rng
    cards, discards = pile.cards, pile.discards
    drawn: list[T] = []
    while len(drawn) < n:
        if not cards:
            if not reshuffle or not discards:
                break
            cards, rng = shuffle(rng, discards)
            discards = ()
        take = min(n - len(drawn), len(cards))
        drawn.extend(cards[:take])
        cards = cards[take:]
    return Pile(cards, discards), tuple(drawn), rng


def draw_one(pile: Pile[T], rng: Rng, *, reshuffle: bool = True) -> tuple[Pile[T], T, Rng]:
    """The top card, or :class:`EmptyPile`."""
    pile, cards, rng = draw(pile, rng, 1, reshuffle=reshuffle)
    if not cards:
        raise EmptyPile("the deck and its discards are empty")
    return pile, cards[0], rng


def discard(pile: Pile[T], cards: Iterable[T]) -> Pile[T]:
    """``cards`` laid on the discard pile."""
    return Pile(pile.cards, (*pile.discards, *cards))


def reshuffle_all(pile: Pile[T], rng: Rng) -> tuple[Pile[T], Rng]:
    """The discards shuffled back together with the deck."""
    cards, rng = shuffle(rng, (*pile.cards, *pile.discards))
    return Pile(cards), rng


def forget_order(pile: Pile[S], rng: Rng) -> tuple[Pile[S], Rng]:
    """The deck in a new order, the discards as they lie: what someone who has not seen
    the deck knows of it (a game's ``determinize``). The cards are sorted before the
    shuffle, so the new order owes nothing to the real one."""
    cards, rng = shuffle(rng, sorted(pile.cards))
    return Pile(cards, pile.discards), rng


def stack(pile: Pile[T], on_top: Iterable[T]) -> Pile[T]:
    """``on_top`` moved to the top of the deck, in that order (scripts reproducing a
    book's example): each card is taken from the deck (or the discards) where it is, so
    the pile's contents stay the same. A card the pile does not hold is an error."""
    cards, discards = list(pile.cards), list(pile.discards)
    top = list(on_top)
    for card in top:
        if card in cards:
            cards.remove(card)
        elif card in discards:
            discards.remove(card)
        else:
            raise DogfightError(f"the pile holds no {card!r} to put on top")
    return Pile((*top, *cards), tuple(discards))


class Cup(msgspec.Struct, Generic[T], frozen=True):
    """A bag of chits drawn blind and without replacement; ``drawn`` are out of it."""

    chits: tuple[T, ...] = ()
    drawn: tuple[T, ...] = ()

    def __len__(self) -> int:
        return len(self.chits)


def draw_chit(cup: Cup[T], rng: Rng) -> tuple[Cup[T], T, Rng]:
    """One chit taken from the cup at random (a forced draw is the chit's index among
    those left, in the cup's order), or :class:`EmptyPile`."""
    if not cup.chits:
        raise EmptyPile("the cup is empty")
    index, rng = randint(rng, 0, len(cup.chits) - 1)
    chit = cup.chits[index]
    return Cup(cup.chits[:index] + cup.chits[index + 1:], (*cup.drawn, chit)), chit, rng


def put_back(cup: Cup[T], chits: Iterable[T] | None = None) -> Cup[T]:
    """Chits returned to the cup (all that were drawn, by default)."""
    back = tuple(cup.drawn if chits is None else chits)
    drawn = list(cup.drawn)
    for chit in back:
        if chit in drawn:
            drawn.remove(chit)
    return Cup((*cup.chits, *back), tuple(drawn))
