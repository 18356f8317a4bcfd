"""Tailing (optional rule, book § POURSUITE; § INTERRUPTION; altitude § POURSUITE
(altitude)).

At the start of a turn an aircraft behind an enemy, in arc and within a ruler, tails
it (choosing when several are: the ``tail`` prompt). Before the first and second
reveals, each tailer still in position sees its target's card and may reorder its own
cards left (the ``reorder`` prompt, one tailer after the other, the front of a chain
first).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.fire import blocks
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    BOOK,
    Asked,
    Plane,
    Shown,
    WowState,
    flown_by,
    plane,
    put,
    replace,
    seats_of,
)
from dogfight.kit.prompts import Frame, pop, push, replace_top

RULE = f"book: {BOOK} § POURSUITE"


def candidates(state: WowState, p: Plane) -> list[str]:
    """The enemies ``p`` may tail now."""
    # smoke and flames stop tailing for the rest of the turn and the two next ones: a
    # burning plane's last counter goes before the first reveal (book § DÉGÂTS SPÉCIAUX)
    burning = p.fire > (1 if state.maneuver == 0 else 0)
    if p.status != "flying" or p.smoke or burning or p.in_cloud:
        return []
    table = dataset().table
    base, ruler = table.base, table.ruler
    out = []
    for t in state.planes:
        if t.side == p.side or t.status != "flying" or t.in_cloud:
            continue
        if state.options.rules.altitude and t.altitude not in (p.altitude, p.altitude - 1):
            continue  # same level, or the tailer one higher (book § ALTITUDE/POURSUITE)
        blockers = [o.pose for o in state.planes if o.id not in (p.id, t.id)
                    and o.status in ACTIVE and blocks(state, o, p, t)]
        if geo.can_tail(p.pose, t.pose, length=base.length, width=base.width,
                        ruler=ruler.length, blockers=blockers):
            out.append(t.id)
    return out


# -- at the start of the turn: whom each aircraft tails ---------------------------------------
Choices = Sequence[tuple[str, Sequence[str]]]


def _tail_frame(state: WowState, choices: Choices) -> Frame:
    return Frame("tail", seats_of(state, [pid for pid, _ in choices]),
                 "Choose the enemy you tail this turn",
                 {"choices": tuple((pid, tuple(ts)) for pid, ts in choices)})


def choose_targets(state: WowState, events: list[Event]) -> tuple[WowState, Frame | None]:
    """Every aircraft tails its only candidate; those with several are asked (the
    frame returned, or ``None``)."""
    choices: list[tuple[str, tuple[str, ...]]] = []
    for p in state.planes:
        found = candidates(state, p)
        if len(found) == 1:
            state = put(state, replace(p, tailing=found[0]))
            events.append(Event("tailing", {"plane": p.id, "target": found[0]}))
        elif found:
            choices.append((p.id, tuple(found)))
    return state, (_tail_frame(state, choices) if choices else None)


class Tail(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plane: str
    tail: str


class Tailing(Asked[Tail]):
    """Choose whom to tail among several enemies in position (book § POURSUITE)."""

    kind = "tail"
    decision = Tail
    rule = RULE

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[Tail]:
        return [Tail(pid, t) for pid, ts in frame.data["choices"]
                if plane(state, pid).seat == seat for t in ts]

    def refusal(self, state: WowState, frame: Frame, seat: Seat,
                decision: Tail) -> str | IllegalDecision | None:
        p = flown_by(state, decision.plane, seat)
        if isinstance(p, IllegalDecision):
            return p
        found = next((ts for pid, ts in frame.data["choices"] if pid == p.id), None)
        if found is None:
            return IllegalDecision(f"{p.id} has no tailing choice to make")
        if decision.tail not in found:
            return (f"{p.id} cannot tail {decision.tail!r}; it may tail "
                    f"{', '.join(found)}")
        return None

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: Tail,
              events: list[Event]) -> WowState:
        state = put(state, replace(plane(state, decision.plane), tailing=decision.tail))
        events.append(Event("tailing", {"plane": decision.plane, "target": decision.tail}))
        rest = [(pid, ts) for pid, ts in frame.data["choices"] if pid != decision.plane]
        return replace_top(state, _tail_frame(state, rest)) if rest else pop(state)


# -- before a reveal: the tailers see their target's card ---------------------------------------
def tailers(state: WowState, events: list[Event]) -> tuple[WowState, list[str]]:
    """Before revealing card ``maneuver`` (1 or 2), the tailers still in position, in
    the order they see their target's card (book § POURSUITE); the others lose it."""
    if not state.options.rules.tailing or state.maneuver > 2:
        return state, []
    queue = []
    for p in state.planes:
        if p.tailing is None:
            continue
        target = plane(state, p.tailing)
        still = (p.status == "flying" and target.status == "flying" and not p.smoke
                 and not p.fire and (state.maneuver == 1 or
                                     p.tailing in candidates(state, p)))
        if not still:
            state = put(state, replace(p, tailing=None))
            events.append(Event("tailing-lost", {"plane": p.id, "target": target.id}))
        elif not (state.options.rules.interruption and p.interrupted):
            queue.append(p.id)
    # a chain is shown from its front: a tailer whose target also tails goes after it
    ordered: list[str] = []
    while queue:
        for pid in list(queue):
            tailed = plane(state, pid).tailing
            if tailed not in queue or all(q == pid for q in queue):
                ordered.append(pid)
                queue.remove(pid)
                break
        else:  # a circle: break it in table order
            ordered.append(queue.pop(0))
    return state, ordered


def ask_first(state: WowState, queue: Sequence[str], events: list[Event],
              on_top: bool) -> WowState:
    """The first tailer of ``queue`` sees its target's card and is asked to order its
    own (the rest of the queue waits in the frame): the frame pushed, or put in place
    of the top one when ``on_top``."""
    tailer = plane(state, queue[0])
    target = plane(state, str(tailer.tailing))
    card_number = target.plan[state.maneuver - 1]
    card = dataset().card(target.deck, card_number)
    events.append(Event("shown", {"tailer": tailer.id, "target": target.id,
                                  "phase": state.maneuver, "card": card_number,
                                  "name": card.name}, to=(tailer.seat,)))
    events.append(Event("tail-shown", {"tailer": tailer.id, "target": target.id,
                                       "phase": state.maneuver}))
    shown = Shown(tailer.id, target.id, state.maneuver, card_number)
    state = replace(state, shown=(*state.shown, shown))
    frame = Frame("reorder", (tailer.seat,), "You saw the tailed plane's card: order yours",
                  {"queue": tuple(queue)})
    return replace_top(state, frame) if on_top else push(state, frame)


class Order(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plane: str
    order: tuple[int, ...]


class Reorder(Asked[Order]):
    """The tailer, having seen its target's card, orders its cards left
    (book § POURSUITE)."""

    kind = "reorder"
    decision = Order
    rule = RULE

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[Order]:
        tailer = plane(state, frame.data["queue"][0])
        rest = tailer.plan[state.maneuver - 1:]
        return [Order(tailer.id, order) for order in dict.fromkeys(itertools.permutations(rest))]

    def refusal(self, state: WowState, frame: Frame, seat: Seat,
                decision: Order) -> str | IllegalDecision | None:
        p = flown_by(state, decision.plane, seat)
        if isinstance(p, IllegalDecision):
            return p
        if p.id != frame.data["queue"][0]:
            return IllegalDecision(f"{p.id} has no cards to reorder now")
        rest = list(p.plan[state.maneuver - 1:])
        if sorted(decision.order) != sorted(rest):
            return f"the new order must use exactly the cards left: {rest}"
        return None

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: Order,
              events: list[Event]) -> WowState:
        p = plane(state, decision.plane)
        state = put(state, replace(p, plan=(*p.plan[:state.maneuver - 1], *decision.order)))
        events.append(Event("reordered", {"plane": p.id, "order": list(decision.order)},
                            to=(seat,)))
        events.append(Event("tail-reordered", {"plane": p.id}))
        rest = frame.data["queue"][1:]
        return ask_first(state, rest, events, on_top=True) if rest else pop(state)
