"""Hits, damage and aircraft shot down; Evasive against the hits about to land.

Book sections: « Endommager des chasseurs » (the card turns to its damaged side at
the first airframe figure, goes down at the second), « Evasive » (two hits fewer,
played after the hits are known), « Redline » (one hit on yourself, then three cards).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, Prompt, Seat
from dogfight.games.down_in_flames.aircraft import (
    R,
    card,
    in_play,
    is_bomber,
    plane,
    put,
    replace,
    stats,
)
from dogfight.games.down_in_flames.cards import draw, spend
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.positions import drop_positions
from dogfight.games.down_in_flames.state import DifState
from dogfight.kit.piles import discard
from dogfight.kit.prompts import Frame, PromptKind, pop, push

REDLINE = "#redline"
"""``evasive_from`` of a Redline's own hit: three cards follow it (book § Redline)."""


def hit(state: DifState, pid: str, hits: int, source: str, events: list[Event]) -> DifState:
    """Book § Endommager des chasseurs: flipped at the healthy airframe, shot down
    at the damaged one; a flipped fighter keeps its excess cards."""
    if hits <= 0:
        return state
    p = plane(state, pid)
    if not in_play(p):
        return state
    s = stats(state, p)
    before = p.damage >= s.airframe[0]
    p = replace(p, damage=p.damage + hits)
    state = put(state, p)
    if source:
        src = plane(state, source)
        state = put(state, replace(src, hits_dealt=src.hits_dealt + hits))
    events.append(Event("hits", {"plane": pid, "hits": hits, "damage": p.damage,
                                 "by": source}))
    if p.damage >= s.airframe[1]:
        return destroy(state, pid, source, events)
    if not before and p.damage >= s.airframe[0]:
        events.append(Event("damaged", {"plane": pid}))
    return state


def destroy(state: DifState, pid: str, source: str, events: list[Event]) -> DifState:
    """Shot down: its cards go to the discard pile, its positions and follows end."""
    p = plane(state, pid)
    cards = p.hand + p.turret_hand
    p = replace(p, down=True, hand=(), turret_hand=())
    state = put(replace(state, deck=discard(state.deck, cards)), p)
    state = replace(drop_positions(state, pid), prompts=tuple(
        f for f in state.prompts if not (f.kind == "follow" and f.data["plane"] == pid)))
    events.append(Event("shot-down", {"plane": pid, "by": source}))
    return state


def redline(state: DifState, pid: str, events: list[Event]) -> DifState:
    """Book § Redline: one hit on yourself (none with the Re marker), then three
    cards; Evasive may take the hit off (book § Evasive)."""
    p = plane(state, pid)
    if p.pilot and dataset().pilot(p.pilot).redline_safe:
        return draw(state, pid, 3, events, cap=False)
    return ask_evasive(state, p.seat, pid, 1, REDLINE)


class PlayRedline(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"redline": "<card>"}``: Redline played on one's own fighter in a step of its
    turn (book § Redline: "à n'importe quel moment")."""

    redline: str


def redlines(state: DifState, pid: str) -> list[PlayRedline]:
    """The Redline cards ``pid`` may play now: a fighter in play holding them."""
    p = plane(state, pid)
    if not in_play(p) or is_bomber(p):
        return []
    return [PlayRedline(key) for key in sorted(set(p.hand)) if card(key).title == "Redline"]


def redline_refusal(state: DifState, pid: str, decision: PlayRedline) -> str | None:
    if decision in redlines(state, pid):
        return None
    return f"{pid} holds no Redline {decision.redline!r} it may play now"


def play_redline(state: DifState, pid: str, decision: PlayRedline,
                 events: list[Event]) -> DifState:
    """The card spent, then :func:`redline`; the step it was played in is asked again
    (the sequence of play asks it from the phase, under the Evasive prompt)."""
    state = spend(state, pid, [decision.redline])
    events.append(Event("card-played", {"plane": pid, "card": decision.redline,
                                        "as": "tactic"}))
    return redline(state, pid, events)


def offer_evasive(state: DifState, pid: str, hits: int, source: str,
                  events: list[Event]) -> DifState:
    """Hits about to land on a fighter: it may first play Evasive (an ``evasive``
    prompt); on a bomber they land at once."""
    p = plane(state, pid)
    if hits > 0 and not is_bomber(p) and in_play(p):
        return ask_evasive(state, p.seat, pid, hits, source)
    return hit(state, pid, hits, source, events)


def ask_evasive(state: DifState, seat: str, pid: str, hits: int, source: str) -> DifState:
    """``pid`` may play Evasive before ``hits`` (from ``source``) land."""
    return push(state, Frame("evasive", (seat,), f"{hits} hits: play Evasive for two fewer?",
                             {"plane": pid, "hits": hits, "from": source}))


class Evade(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"evasive": true}``: play Evasive, two hits fewer; ``false``: take them."""

    evasive: bool


class EvasivePrompt(PromptKind[DifState, Evade]):
    """Book § Evasive: played when the hits are known, it takes two off."""

    kind = "evasive"
    decision = Evade
    rule = f"{R} § Evasive"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("evasive", frame.text, {"plane": frame.data["plane"],
                                              "hits": frame.data["hits"]})

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Evade]:
        deck = dataset().action_deck
        has = any(deck[c].title == "Evasive" for c in plane(state, frame.data["plane"]).hand)
        return [Evade(True), Evade(False)] if has else [Evade(False)]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Evade,
              events: list[Event]) -> DifState:
        pid, hits, source = frame.data["plane"], frame.data["hits"], frame.data["from"]
        state = pop(state)
        own = source == REDLINE
        if own:
            source = ""
        if decision.evasive:
            p = plane(state, pid)
            key = next(c for c in p.hand if card(c).title == "Evasive")
            state = spend(state, pid, [key])
            events.append(Event("card-played", {"plane": pid, "card": key, "as": "evasive"}))
            hits = max(0, hits - 2)
        state = hit(state, pid, hits, source, events)
        if own and in_play(plane(state, pid)):
            state = draw(state, pid, 3, events, cap=False)
        return state
