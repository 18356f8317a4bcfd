"""The sequence of a fighter's turn, and of the game's turns.

Book sections: « Séquence de jeu » (sides alternate, each fighter a turn: pre-turn
draw, altitude change, speed maneuver, actions, discard, post-turn draw), « Tirage de
cartes pré-tour », « Défausse de cartes », « Tirage de cartes post-tour », « Choisir
l'altitude » (the first fighter drawn at random), « Jeu par équipes » (a side's seats
choose among their fighters), « Chacun pour soi » (the order drawn each turn),
« Durée » (the number of turns).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, Seat, choice, shuffle
from dogfight.games.down_in_flames.aircraft import (
    R,
    alt_mods,
    effects,
    find,
    in_play,
    is_bomber,
    plane,
    put,
    replace,
    seat_of,
    stats,
)
from dogfight.games.down_in_flames.altitude import stall
from dogfight.games.down_in_flames.cards import discard_with_event, draw
from dogfight.games.down_in_flames.damage import (
    PlayRedline,
    play_redline,
    redline_refusal,
    redlines,
)
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.positions import drop_positions
from dogfight.games.down_in_flames.state import DifState, Plane
from dogfight.kit.piles import discard
from dogfight.kit.prompts import Frame, PromptKind, pop


def takes_turns(p: Plane) -> bool:
    return not p.bomber and in_play(p)


def draw_order(state: DifState, first: str = "") -> DifState:
    """Book § Chacun pour soi: the order is drawn at the start of each turn."""
    ids = [p.id for p in state.planes if takes_turns(p)]
    order, rng = shuffle(state.rng, ids)
    if first and first in order:
        order = (first, *tuple(x for x in order if x != first))
    return replace(state, order=order, rng=rng)


def next_candidates(state: DifState) -> list[str]:
    """The fighters that may act next: sides alternate, the side that began the
    turn first (book § Jeu par équipes; a side's seats choose among theirs)."""
    waiting = [p for p in state.planes if takes_turns(p) and not p.acted]
    if not waiting:
        return []
    if state.options.rules.free_for_all:
        for pid in state.order:
            if any(p.id == pid for p in waiting):
                return [pid]
        return [waiting[0].id]
    sides = list(dict.fromkeys(p.side for p in state.planes))
    if state.last_side:
        nxt = sides[(sides.index(state.last_side) + 1) % len(sides)]
    else:
        nxt = state.first_side
    for _ in range(len(sides)):
        mine = [p.id for p in waiting if p.side == nxt]
        if mine:
            return mine
        nxt = sides[(sides.index(nxt) + 1) % len(sides)]
    return [p.id for p in waiting]


def start_play(state: DifState, events: list[Event]) -> DifState:
    """Book § Choisir l'altitude: the first fighter to act is drawn at random (the
    caller checks that some fighter flies)."""
    actors = [p for p in state.planes if takes_turns(p)]
    found = find(state, state.options.first)
    if found is None:
        first, rng = choice(state.rng, actors)
        state = replace(state, rng=rng)
    else:
        first = found
    events.append(Event("first-player", {"plane": first.id, "side": first.side}))
    state = replace(state, first_side=first.side, phase="order", turn=1)
    if state.options.rules.free_for_all:
        state = draw_order(state, first.id)
    events.append(Event("turn-begins", {"turn": 1}))
    return state


def begin_turn(state: DifState, pid: str, events: list[Event]) -> DifState:
    """A fighter's turn: a late one does nothing in the first turn (campaign option
    Late); a fighter-bomber first decides whether to jettison (``jettison`` phase)."""
    p = plane(state, pid)
    p = replace(p, spent=0, gunner_spent=0, extra_hits=0, agile_used=False,
                evasive=False, selected="")
    state = put(replace(state, active=pid, speed_target="", speed_points=0), p)
    events.append(Event("fighter-turn", {"plane": pid, "turn": state.turn}))
    if p.late and state.turn == 1:
        events.append(Event("late", {"plane": pid}))
        return end_turn(state, events)
    if p.loaded:
        return replace(state, phase="jettison")
    return pre_draw(state, events)


def pre_draw(state: DifState, events: list[Event]) -> DifState:
    """Book § Tirage de cartes pré-tour, § Décrochage."""
    data = dataset()
    p = plane(state, state.active)
    s = stats(state, p, data)
    pre = s.pre + alt_mods(state, p, data, s)[0]
    state = draw(state, p.id, pre, events, data=data, s=s)
    state = replace(state, phase="climb")
    if s.pre == 0 and pre < 0:
        state = stall(state, p.id, "climb", events)
    return state


def end_turn(state: DifState, events: list[Event]) -> DifState:
    """Positions on bombers end with the attack; turret hands are discarded
    (book § Bombardiers, § Tourelles des bombardiers)."""
    pid = state.active
    bombers = {q.id for q in state.planes if is_bomber(q)}
    state = replace(state, positions=tuple(t for t in state.positions
                                           if not (t[0] == pid and t[1] in bombers)))
    for q in state.planes:
        if q.turret_hand or q.turret_drawn:
            state = put(replace(state, deck=discard(state.deck, q.turret_hand)),
                        replace(q, turret_hand=(), turret_drawn=False))
    p = plane(state, pid)
    state = put(state, replace(p, acted=True, selected="", extra_hits=0))
    state = replace(state, active="", last_side=p.side, phase="order",
                    speed_target="", speed_points=0)
    events.append(Event("turn-ends", {"plane": pid}))
    return state


def next_game_turn(state: DifState, events: list[Event]) -> DifState:
    """Every fighter has flown: a new game turn (the caller ends the game after the
    last one); campaign option Fuel sends the enemy fighters home before the last."""
    turn = state.turn + 1
    state = replace(state, turn=turn, last_side="", planes=tuple(
        replace(p, acted=False) for p in state.planes))
    events.append(Event("turn-begins", {"turn": turn}))
    if state.options.rules.free_for_all:
        state = draw_order(state)
    if state.mission is not None and turn == state.turns:
        for side, eff, _ch in effects(state):
            if eff.kind == "fuel":
                for p in state.planes:
                    if p.side != side and not is_bomber(p) and in_play(p):
                        state = drop_positions(put(state, replace(p, gone=True)), p.id)
                        events.append(Event("fuel-home", {"plane": p.id}))
    return state


# -- which fighter acts next -------------------------------------------------------------------
class Act(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"act": "<plane>"}``"""

    act: str


class Order(PromptKind[DifState, Act]):
    """Book § Jeu par équipes: the side whose turn it is picks which fighter flies."""

    kind = "order"
    decision = Act
    rule = f"{R} § Jeu par équipes"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Act]:
        return [Act(pid) for pid in next_candidates(state) if seat_of(state, pid) == seat]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Act,
              events: list[Event]) -> DifState:
        return begin_turn(pop(state), decision.act, events)


# -- discard, then the post-turn draw ----------------------------------------------------------
class DiscardOne(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"discard": "<card>"}``, or ``{"discard": null}`` when done."""

    discard: str | None


def discard_step(state: DifState, key: str | None, events: list[Event]) -> DifState:
    """Book § Défausse de cartes (one card at a time, as many as wished), then §
    Tirage de cartes post-tour (a stall when the engine gives nothing)."""
    pid = state.active
    if key is not None:
        state = discard_with_event(state, pid, key, "discard", events)
        if plane(state, pid).hand:
            return state
    data = dataset()
    p = plane(state, pid)
    s = stats(state, p, data)
    post = s.post + alt_mods(state, p, data, s)[1]
    state = draw(state, pid, post, events, data=data, s=s)
    state = replace(state, phase="order")
    if s.post == 0 and post < 0:
        state = stall(state, pid, "end", events)
        if any(f.kind == "stall" for f in state.prompts):
            return state  # the turn ends once the stall's card is discarded
    return end_turn(state, events)


class Discard(PromptKind[DifState, DiscardOne | PlayRedline]):
    """The phases « Défausse de cartes » and « Tirage de cartes post-tour » (Redline may
    be played in it: book § Redline)."""

    kind = "discard"
    decision = (DiscardOne, PlayRedline)
    rule = f"{R} § Défausse de cartes"

    def legal(self, state: DifState, frame: Frame, seat: Seat
              ) -> Sequence[DiscardOne | PlayRedline]:
        p = plane(state, state.active)
        return [*(DiscardOne(c) for c in sorted(set(p.hand))), DiscardOne(None),
                *redlines(state, p.id)]

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: DiscardOne | PlayRedline) -> str | None:
        if isinstance(decision, PlayRedline):
            return redline_refusal(state, state.active, decision)
        if decision.discard is None or decision.discard in plane(state, state.active).hand:
            return None
        return f"{state.active} holds no card {decision.discard!r}"

    def apply(self, state: DifState, frame: Frame, seat: Seat,
              decision: DiscardOne | PlayRedline, events: list[Event]) -> DifState:
        if isinstance(decision, PlayRedline):
            return play_redline(pop(state), state.active, decision, events)
        return discard_step(pop(state), decision.discard, events)
