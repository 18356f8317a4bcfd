"""The kit's piles (decks, cups) and sealed orders, on their own."""

from __future__ import annotations

import pytest

from dogfight.core.rng import new_rng
from dogfight.kit.piles import (
    Cup,
    EmptyPile,
    Pile,
    discard,
    draw,
    draw_chit,
    draw_one,
    forget_order,
    new_pile,
    put_back,
    reshuffle_all,
    stack,
)
from dogfight.kit.sealed import SEALED, Sealed


def test_a_new_pile_is_a_shuffle_of_its_cards_and_replays() -> None:
    pile, rng = new_pile(range(10), new_rng(4))
    again, rng2 = new_pile(range(10), new_rng(4))
    assert pile == again and rng == rng2
    assert sorted(pile.cards) == list(range(10)) and pile.cards != tuple(range(10))


def test_draws_come_from_the_top_then_the_reshuffled_discards() -> None:
    pile = Pile((1, 2, 3), (7, 8))
    pile, cards, rng = draw(pile, new_rng(1), 2)
    assert cards == (1, 2) and pile.cards == (3,)
    pile, cards, rng = draw(pile, rng, 3)
    assert cards[0] == 3 and sorted(cards[1:]) == [7, 8]
    assert pile == Pile()
    pile, cards, rng = draw(pile, rng, 1)
    assert cards == ()
    with pytest.raises(EmptyPile):
        draw_one(pile, rng)


def test_without_reshuffle_a_deck_runs_out() -> None:
    pile, cards, _ = draw(Pile((1,), (5, 6)), new_rng(1), 2, reshuffle=False)
    assert cards == (1,) and pile.discards == (5, 6)


def test_discard_reshuffle_and_stack_keep_the_contents() -> None:
    pile = discard(Pile((1, 2, 3)), (4, 5))
    assert pile.discards == (4, 5)
    whole, _ = reshuffle_all(pile, new_rng(2))
    assert sorted(whole.cards) == [1, 2, 3, 4, 5] and not whole.discards
    stacked = stack(pile, (5, 3))
    assert stacked.cards == (5, 3, 1, 2) and stacked.discards == (4,)
    with pytest.raises(Exception, match="holds no 9"):
        stack(pile, (9,))


def test_forget_order_reshuffles_the_deck_alone_whatever_its_order() -> None:
    pile = Pile((3, 1, 2, 5, 4), (9, 8))
    forgotten, rng = forget_order(pile, new_rng(6))
    assert sorted(forgotten.cards) == [1, 2, 3, 4, 5] and forgotten.discards == (9, 8)
    assert rng != new_rng(6)
    # the new order owes nothing to the real one: the same cards in another order give it
    again, _ = forget_order(Pile((5, 4, 3, 2, 1), (9, 8)), new_rng(6))
    assert again == forgotten


def test_a_cup_draws_without_replacement_and_a_forced_draw_is_an_index() -> None:
    cup: Cup[str] = Cup(("a", "b", "c"))
    rng = new_rng(3, forced=[2, 0])
    cup, chit, rng = draw_chit(cup, rng)
    assert chit == "c" and cup.chits == ("a", "b") and cup.drawn == ("c",)
    cup, chit, rng = draw_chit(cup, rng)
    assert chit == "a" and len(cup) == 1
    cup = put_back(cup)
    assert sorted(cup.chits) == ["a", "b", "c"] and not cup.drawn
    with pytest.raises(EmptyPile):
        draw_chit(Cup(), rng)


def test_sealed_orders_show_their_owner_only_that_others_have_sealed() -> None:
    orders: Sealed[tuple[int, ...]] = Sealed()
    orders = orders.seal("spad", (3, 1, 7)).seal("fokker", (2, 2, 2))
    assert orders.has("spad") and orders.complete(["spad", "fokker"])
    assert orders.missing(["spad", "camel"]) == ("camel",)
    assert orders.view(lambda o: o == "spad") == {"spad": (3, 1, 7), "fokker": SEALED}
    assert orders.seal("spad", (4,)).of("spad") == (4,)
    assert orders.reveal() == {"spad": (3, 1, 7), "fokker": (2, 2, 2)}
