"""The kit's prompts: a stack of frames in the state, one object per kind of decision,
typed decisions refused by the decoder with the field at fault."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pytest

from dogfight.core import Event, IllegalDecision, MalformedDecision, Outcome, Rng, decide, new_rng
from dogfight.kit.prompts import (
    Frame,
    PromptedGame,
    PromptKind,
    answered,
    ask,
    pop,
    prompt_table,
    push,
    top,
)


class Pick(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int


class Pass(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    passes: bool


class Toy(msgspec.Struct, frozen=True):
    rng: Rng
    prompts: tuple[Frame, ...] = ()
    picks: tuple[tuple[str, int], ...] = ()


class Choose(PromptKind[Toy, Pick | Pass]):
    kind = "choose"
    decision = (Pick, Pass)
    rule = "book: toy § CHOOSING"

    def legal(self, state: Toy, frame: Frame, seat: str) -> Sequence[Pick | Pass]:
        return [Pick(n) for n in (1, 2, 3)] + [Pass(True)]

    def refusal(self, state: Toy, frame: Frame, seat: str,
                decision: Pick | Pass) -> str | IllegalDecision | None:
        if isinstance(decision, Pick) and not 1 <= decision.number <= 3:
            return f"a number from 1 to 3, not {decision.number}"
        if isinstance(decision, Pass) and not decision.passes:
            return IllegalDecision("'passes' is true", rule="book: toy § PASSING")
        return None

    def apply(self, state: Toy, frame: Frame, seat: str, decision: Pick | Pass,
              events: list[Event]) -> Toy:
        number = decision.number if isinstance(decision, Pick) else 0
        events.append(Event("picked", {"seat": seat, "number": number}))
        state = msgspec.structs.replace(state, picks=(*state.picks, (seat, number)))
        state = answered(state, seat)
        if number == 3:  # an interruption: the other seat must answer first
            other = "b" if seat == "a" else "a"
            state = push(state, Frame("choose", (other,), "answer the 3"))
        return state


class ToyGame(PromptedGame[Toy]):
    id = "toy"
    title = "Toy"
    version = "1"
    prompts = prompt_table(Choose())

    def setup(self, options: Mapping[str, Any], rng: Rng) -> Toy:
        return ask(Toy(rng), Frame("choose", ("a", "b"), "pick a number"))

    def seats(self, state: Toy) -> Mapping[str, str]:
        return {"a": "a", "b": "b"}

    def view(self, state: Toy, viewer: str | None) -> Any:
        return {}

    def outcome(self, state: Toy) -> Outcome | None:
        return None if state.prompts else Outcome(None, "done")

    def turn(self, state: Toy) -> int:
        return 1


GAME = ToyGame()


def test_pending_reads_the_top_frame_and_simultaneous_seats_answer_in_any_order() -> None:
    state = GAME.setup({}, new_rng(1))
    assert {s: p.kind for s, p in GAME.pending(state).items()} == {"a": "choose", "b": "choose"}
    assert GAME.pending(state)["a"].text == "pick a number"
    state = decide(GAME, state, "b", {"number": 1}).state
    assert list(GAME.pending(state)) == ["a"]
    assert GAME.legal(state, "b") == []
    state = decide(GAME, state, "a", {"passes": True}).state
    assert GAME.pending(state) == {} and GAME.outcome(state) is not None


def test_an_interruption_is_pushed_then_the_interrupted_frame_resumes() -> None:
    state = GAME.setup({}, new_rng(1))
    state = decide(GAME, state, "a", {"number": 3}).state
    assert top(state) == Frame("choose", ("b",), "answer the 3")
    assert len(state.prompts) == 2
    state = decide(GAME, state, "b", {"number": 2}).state
    assert top(state) == Frame("choose", ("b",), "pick a number")
    assert pop(state).prompts == ()


def test_legal_decisions_are_plain_json_objects() -> None:
    state = GAME.setup({}, new_rng(1))
    assert GAME.legal(state, "a") == [{"number": 1}, {"number": 2}, {"number": 3},
                                      {"passes": True}]


@pytest.mark.parametrize(("decision", "message"), [
    ({"number": "2"}, "Expected `int`, got `str` - at `$.number`"),
    ({"number": True}, "Expected `int`, got `bool` - at `$.number`"),
    ({"number": 1, "extra": 2}, "unknown field `extra`"),
    ({}, "missing required field `number`"),
])
def test_a_malformed_decision_is_refused_by_the_decoder_with_the_field_at_fault(
        decision: dict[str, Any], message: str) -> None:
    state = GAME.setup({}, new_rng(1))
    with pytest.raises(MalformedDecision, match="a choose decision is malformed") as caught:
        decide(GAME, state, "a", decision)
    assert message in str(caught.value)


def test_a_refusal_cites_the_kind_s_rule_or_its_own() -> None:
    state = GAME.setup({}, new_rng(1))
    with pytest.raises(IllegalDecision) as caught:
        decide(GAME, state, "a", {"number": 9})
    assert str(caught.value) == "a number from 1 to 3, not 9 (book: toy § CHOOSING)"
    with pytest.raises(IllegalDecision) as caught:
        decide(GAME, state, "a", {"passes": False})
    assert str(caught.value) == "'passes' is true (book: toy § PASSING)"


def test_two_kinds_cannot_share_a_name() -> None:
    with pytest.raises(ValueError, match="two prompt kinds"):
        prompt_table(Choose(), Choose())
