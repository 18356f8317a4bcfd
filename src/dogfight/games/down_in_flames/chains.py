"""Playing a card against an aircraft: the chain of reactions, and its outcome.

Book sections: « Jouer une carte » (each card played against an aircraft may be
answered by a card whose React To names it; the last card played decides),
« Les cartes d'Action », « Action », « Cartes d'Action des bombardiers » (a bomber
answers once from its turret hand; its shot does not stop the fighter's action),
« Restrictions aux cartes de réaction des bombardiers », « Cartes de dégâts réduits
des bombardiers », « Cartes « Bomber ; +1 Hit » », « Ace Pilot » (a marker reacts to
anything), « Jouer une carte d'Action (plusieurs appareils) ».

The chain lives in ``state.chain``; the plane asked to answer is its ``responder``,
asked by a ``react`` prompt on top of the turn's step.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.down_in_flames.aircraft import (
    ACE,
    ATTACK_TITLES,
    R,
    card,
    in_play,
    is_bomber,
    plane,
    put,
    refused,
    replace,
    seat_of,
)
from dogfight.games.down_in_flames.cards import spend
from dogfight.games.down_in_flames.damage import destroy, hit, offer_evasive, redline
from dogfight.games.down_in_flames.data import ActionCard, dataset
from dogfight.games.down_in_flames.positions import rel, take_position
from dogfight.games.down_in_flames.state import Chain, DifState, Plane
from dogfight.kit.prompts import Frame, PromptKind, pop, push

"""``react`` naming an Ace Pilot marker rather than a card."""


def open_chain(state: DifState, chain: Chain) -> DifState:
    """An action played: its target is asked to react first."""
    return go_on(state, replace(chain, responder=chain.target))


def go_on(state: DifState, c: Chain) -> DifState:
    """The chain ``c`` goes on: its responder is asked to react (a ``react`` prompt)."""
    return push(replace(state, chain=c), Frame(
        "react", (seat_of(state, c.responder),), f"React to {c.last} ({c.kind} by {c.actor})",
        {"plane": c.responder}))


def cancel_if_gone(state: DifState) -> DifState:
    """A chain whose actor or target is out of play ends without effect."""
    c = state.chain
    if c is not None and not (in_play(plane(state, c.actor)) and in_play(plane(state, c.target))):
        return replace(state, chain=None,
                       prompts=tuple(f for f in state.prompts if f.kind != "react"))
    return state


# -- the decisions -----------------------------------------------------------------------------
class React(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"react": "<card>" | "ace-marker" | null}`` (null: no reaction)."""

    react: str | None


class Boost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"boost": "<card>"}``: a bomber adds a "Bomber; +1 Hit" card to its shot."""

    boost: str


class RedlineReact(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"redline": "<card>"}``: Redline played in the middle of a chain."""

    redline: str


Reaction = React | Boost | RedlineReact


def reactions(state: DifState) -> list[Reaction]:
    """Book § Jouer une carte: a card whose React To names the last card (a card
    played as a maneuver is "Maneuver"; Ace Pilot reacts to anything). A bomber
    answers with In My Sights / Out of the Sun and its Bomber effects only, and
    not to a fighter's answer (book § Restrictions aux cartes de réaction)."""
    c = state.chain
    assert c is not None
    p = plane(state, c.responder)
    deck = dataset().action_deck
    out: list[Reaction] = []
    if is_bomber(p):
        if c.bomber_card or c.bomber_done:
            return [React(None)]
        for key in sorted(set(p.turret_hand)):
            k = deck[key]
            if k.title in ATTACK_TITLES:
                out.append(React(key))
            if k.bomber is not None and k.bomber.extra_hits:
                out.append(Boost(key))
        return [*out, React(None)]
    hand = [(key, deck[key]) for key in sorted(set(p.hand))]
    for key, k in hand:
        if answers(c, k):
            out.append(React(key))
    if p.aces:
        out.append(React(ACE))
    out += [RedlineReact(key) for key, k in hand if k.title == "Redline"]
    return [*out, React(None)]


def answers(c: Chain, k: ActionCard) -> bool:
    """A fighter's card that may answer the last card of ``c`` (Evasive is played
    after the hits land instead, book § Evasive)."""
    return k.title != "Evasive" and (c.last in k.react_to or "Any" in k.react_to)


def refusal(state: DifState, decision: Reaction) -> IllegalDecision | None:
    """Why ``decision`` may not answer the chain now (agrees with :func:`reactions`,
    without listing them all)."""
    c = state.chain
    assert c is not None
    p = plane(state, c.responder)
    bomber = is_bomber(p)
    hand = p.turret_hand if bomber else p.hand
    if isinstance(decision, React):
        key = decision.react
        if key is None:
            return None
        if key == ACE:
            return None if p.aces and not bomber else refused(
                f"{p.id} has no Ace Pilot marker to play", "Jouer une carte")
    else:
        key = decision.boost if isinstance(decision, Boost) else decision.redline
    if key not in hand:
        return refused(f"{p.id} holds no card {key!r}")
    k = card(key)
    if bomber:
        ok = not (c.bomber_card or c.bomber_done) and (
            (isinstance(decision, React) and k.title in ATTACK_TITLES)
            or (isinstance(decision, Boost) and k.bomber is not None
                and bool(k.bomber.extra_hits)))
    elif isinstance(decision, React):
        ok = answers(c, k)
    else:
        ok = isinstance(decision, RedlineReact) and k.title == "Redline"
    if ok:
        return None
    return refused("this card cannot react to the last card played", "Jouer une carte")


class Reacting(PromptKind[DifState, Reaction]):
    """The responder of the chain answers, or lets it resolve."""

    kind = "react"
    decision = (React, Boost, RedlineReact)
    rule = f"{R} § Jouer une carte"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Reaction]:
        return reactions(state)

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: Reaction) -> IllegalDecision | None:
        return refusal(state, decision)

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Reaction,
              events: list[Event]) -> DifState:
        return react(pop(state), decision, events)


def react(state: DifState, decision: Reaction, events: list[Event]) -> DifState:
    c = state.chain
    assert c is not None
    p = plane(state, c.responder)
    if isinstance(decision, RedlineReact):
        state = spend(go_on(state, c), p.id, [decision.redline])
        events.append(Event("card-played", {"plane": p.id, "card": decision.redline,
                                            "as": "tactic"}))
        return redline(state, p.id, events)
    if is_bomber(p):
        return bomber_react(state, p, decision, events)
    assert isinstance(decision, React)
    key = decision.react
    if key is None:
        events.append(Event("no-reaction", {"plane": p.id}))
        return resolve(state, events)
    if key == ACE:
        state = put(state, replace(p, aces=p.aces - 1))
        title = "Ace Pilot"
    else:
        state = spend(state, p.id, [key])
        title = card(key).title
    events.append(Event("reaction", {"plane": p.id, "card": key, "to": c.last}))
    other = c.actor if p.id == c.target else c.target
    if c.bomber_card and p.id == c.actor:
        # the fighter answered the bomber's shot: the bomber may not react again
        c = replace(c, bomber_done=True, bomber_hits=0, plays=(*c.plays, (p.id, key)))
        return resolve(replace(state, chain=c), events)
    return go_on(state, replace(c, plays=(*c.plays, (p.id, key)), last=title,
                                responder=other))


def bomber_react(state: DifState, b: Plane, decision: Reaction,
                 events: list[Event]) -> DifState:
    """Book § Cartes d'Action des bombardiers: one shot from the turret hand, with
    its Bomber effect (reduced damage, +1 hit cards, the fuel tank stopped)."""
    c = state.chain
    assert c is not None
    if isinstance(decision, Boost):
        state = spend(state, b.id, [decision.boost], turret=True)
        events.append(Event("bomber-boost", {"bomber": b.id, "card": decision.boost}))
        return go_on(state, replace(c, bomber_boost=c.bomber_boost + 1))
    assert isinstance(decision, React)
    key = decision.react
    if key is None:
        events.append(Event("no-reaction", {"plane": b.id}))
        return resolve(state, events)
    k = card(key)
    state = spend(state, b.id, [key], turret=True)
    eff = k.bomber
    hits = (eff.hits if eff else k.hits) + c.bomber_boost
    c = replace(c, bomber_card=key, bomber_hits=hits, reduce=eff.reduce if eff else 0,
                stop_fuel=bool(eff and eff.stop_fuel_tank), responder=c.actor,
                last=k.title, plays=(*c.plays, (b.id, key)))
    events.append(Event("bomber-fires", {"bomber": b.id, "card": key, "hits": hits,
                                         "target": c.actor}))
    return go_on(state, c)


def resolve(state: DifState, events: list[Event]) -> DifState:
    """The last card played decides (book § Jouer une carte); a bomber's shot
    does not stop the fighter's action (book § Cartes d'Action des bombardiers)."""
    c = state.chain
    assert c is not None
    state = replace(state, chain=None)
    target = plane(state, c.target)
    if is_bomber(target):
        # the fighter's action lands, then the bomber's shot, unless the fighter
        # answered it; Evasive may take two hits off it (book § Evasive)
        state = carry_out(state, c, True, events)
        if c.bomber_card and not c.bomber_done and c.bomber_hits:
            return offer_evasive(state, c.actor, c.bomber_hits, target.id, events)
        return state
    return carry_out(state, c, not c.plays or c.plays[-1][0] == c.actor, events)


def carry_out(state: DifState, c: Chain, success: bool, events: list[Event]) -> DifState:
    """What the action does when it stands: hits (or the fuel tank), or a position."""
    events.append(Event("action-resolved", {"plane": c.actor, "target": c.target,
                                            "kind": c.kind, "success": success}))
    actor = plane(state, c.actor)
    if not success or not in_play(actor) or not in_play(plane(state, c.target)):
        return state
    if c.kind in ("attack", "gunner"):
        if c.fuel_tank:
            if c.stop_fuel:
                events.append(Event("fuel-tank-stopped", {"bomber": c.target}))
                return state
            events.append(Event("fuel-tank", {"plane": c.actor, "target": c.target}))
            return destroy(state, c.target, c.actor, events)
        hits = max(0, c.hits - c.reduce)
        if is_bomber(plane(state, c.target)):
            return hit(state, c.target, hits, c.actor, events)
        return offer_evasive(state, c.target, hits, c.actor, events)
    r = rel(state, c.actor, c.target)
    if c.kind in ("maneuver", "speed"):
        new = min(2, r + c.steps)
    elif c.kind == "scissors":
        new = 1
    else:
        new = 0
    return take_position(state, c.actor, c.target, new, events)
