"""Actions: the cards a fighter plays in its turn.

Book sections: « Actions » (as many cards as wished, against enemies at its altitude;
a position may be abandoned), « Action » (In My Sights / Out of the Sun: bursts and
hits), « Rafales » (bursts by position, once a turn across targets), « Cartes de
Manœuvre » (a maneuver value, a step of position per point), « Scissors », « Barrel
Roll », « Agile », « Cartes de Tactique » (Tight Turn, Yo-Yo: +1 hit; Evasive; Redline;
Vertical Roll: a level up or down), « Cartes « +1 Hits » », « Barrage » and « Gunner »
(Notes spéciales), « Choisir un bombardier à attaquer » (paying a maneuver point).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.down_in_flames.aircraft import (
    ACE,
    ATTACK_TITLES,
    R,
    Stats,
    can_initiate,
    card,
    enemies,
    find,
    has_ace_marker,
    is_bomber,
    maneuver_value,
    plane,
    put,
    refused,
    replace,
    stats,
)
from dogfight.games.down_in_flames.altitude import climb_free, climb_or_dive
from dogfight.games.down_in_flames.bombers import ask_pick, bombers_at, draw_turret, free_bomber
from dogfight.games.down_in_flames.cards import spend
from dogfight.games.down_in_flames.chains import open_chain
from dogfight.games.down_in_flames.damage import redline
from dogfight.games.down_in_flames.data import ActionCard, DifData, dataset
from dogfight.games.down_in_flames.positions import (
    abandon,
    bursts_at,
    free_to_target,
    holding,
    rel,
    slot_free,
    targetable,
)
from dogfight.games.down_in_flames.speed import Abandon
from dogfight.games.down_in_flames.state import Chain, DifState, Plane
from dogfight.kit.prompts import Frame, PromptKind, pop


class Play(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """``{"play": "<card>", "as": "attack" | "gunner" | "maneuver" | "scissors" |
    "agile" | "barrel-roll" | "tactic", "target": "<enemy>", "steps": n}``; a
    Vertical Roll names ``"altitude": "climb" | "dive"`` (a climb ``"discard"``)."""

    play: str
    as_: str = msgspec.field(name="as")
    target: str = ""
    steps: int = 0
    altitude: str = ""
    discard: str = ""


class Select(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """``{"select": "<bomber>"}`` (a lone rear bomber), with ``"discard": "<card>"``
    (a maneuver point), or ``{"select": "pick"}`` (the defender chooses)."""

    select: str
    discard: str = ""


class End(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"end": true}``: no more actions this turn."""

    end: bool


Action = Play | Abandon | Select | End


def plays_on(state: DifState, p: Plane, s: Stats, q: Plane,
             cards: Sequence[tuple[str, ActionCard]], free: bool, r: int,
             data: DifData) -> list[Play]:
    """Every way ``p`` may play each of ``cards`` (card id, card) against enemy ``q``
    (a target it is ``free`` to target, at position ``r``)."""
    out: list[Play] = []
    qid = q.id
    bomber = is_bomber(q)
    evade = 1 if q.evasive else 0
    fire = bursts_at(s, r, data) - p.spent if free and r >= 0 else None
    gun = s.gunner - p.gunner_spent if s.gunner and r < 0 else None
    closes = free or (bomber and not holding(state, p.id))
    sel = 0 if not bomber or p.selected == qid else 1
    agile = s.agile and not p.agile_used and r == -1
    slots: dict[int, bool] = {}  # slot_free(state, p.id, qid, value), asked once a value
    for key, k in cards:
        attack = k.title in ATTACK_TITLES  # is_attack_card(k)
        if (fire is not None and attack and can_initiate(k)
                and k.bursts + (evade if not k.fuel_tank else 0) <= fire):
            out.append(Play(key, "attack", qid))
        if gun is not None and attack and k.bursts + evade <= gun:
            out.append(Play(key, "gunner", qid))
        value = k.maneuver  # maneuver_value(p, k)
        if value == 0 and p.pilot:
            value = data.pilot(p.pilot).min_maneuver
        if value and closes:
            for steps in range(1, min(value - sel, 2 - r) + 1):
                free_slot = slots.get(r + steps)
                if free_slot is None:
                    free_slot = slots[r + steps] = slot_free(state, p.id, qid, r + steps)
                if free_slot:
                    out.append(Play(key, "maneuver", qid, steps))
        if not bomber:
            if (k.title == "Scissors" or agile) and r == -1:
                free_slot = slots.get(1)
                if free_slot is None:
                    free_slot = slots[1] = slot_free(state, p.id, qid, 1)
                if free_slot:
                    out.append(Play(key, "scissors" if k.title == "Scissors" else "agile",
                                    qid))
            if k.title == "Barrel Roll" and r < 0:
                out.append(Play(key, "barrel-roll", qid))
    return out


def tactics(p: Plane, s: Stats, cards: Sequence[tuple[str, ActionCard]]) -> list[Play]:
    """Each of ``cards`` (card id, card) played on ``p`` itself (book § Cartes de
    Tactique)."""
    out: list[Play] = []
    for key, k in cards:
        if k.title in ("Tight Turn", "Yo-Yo", "Evasive", "Redline") or (
                s.barrage and k.title in ATTACK_TITLES):
            out.append(Play(key, "tactic"))
        elif k.title == "Vertical Roll":
            if p.altitude > 0:
                out.append(Play(key, "tactic", altitude="dive"))
            if p.altitude < 4:
                if climb_free(p):
                    out.append(Play(key, "tactic", altitude="climb"))
                else:
                    rest = list(p.hand)
                    rest.remove(key)
                    out += [Play(key, "tactic", altitude="climb", discard=c)
                            for c in sorted(set(rest))]
    return out


def selections(state: DifState, p: Plane, hand: Sequence[str]) -> list[Select]:
    """Choosing a bomber to attack (book § Choisir un bombardier à attaquer)."""
    out: list[Select] = []
    if not p.selected and not holding(state, p.id):
        bombers = bombers_at(state, p)
        free_id = free_bomber(state, p, bombers)
        for b in bombers:
            if b.id == free_id:
                out.append(Select(b.id))
            else:
                deck = dataset().action_deck
                out += [Select(b.id, c) for c in hand if maneuver_value(p, deck[c]) >= 1]
        if bombers:
            out.append(Select("pick"))
    return out


def action_choices(state: DifState) -> list[Action]:
    data = dataset()
    deck = data.action_deck
    p = plane(state, state.active)
    s = stats(state, p, data)
    out: list[Action] = []
    hand = sorted(set(p.hand))
    cards = [(key, deck[key]) for key in hand]
    for q in enemies(state, p):
        if targetable(state, p, q):
            free = free_to_target(state, p, q)
            r = rel(state, p.id, q.id)
            out += plays_on(state, p, s, q, cards, free, r, data)
            if has_ace_marker(p) and not is_bomber(p):  # the marker as the card, as a
                # maneuver only: Agile plays a card "depuis votre main", and the marker
                # is not in the hand (§ Marqueurs de pilote expérimenté, § Agile)
                out += [play for play in plays_on(state, p, s, q, ((ACE, card(ACE)),), free,
                                                  r, data) if play.as_ == "maneuver"]
    out += tactics(p, s, cards)
    out += [Abandon(t) for t in holding(state, p.id)]
    out += selections(state, p, hand)
    out.append(End(True))
    return out


def refusal(state: DifState, decision: Action) -> IllegalDecision | None:
    """Why the rules refuse ``decision`` (agrees with :func:`action_choices`, looking
    only at the card and target it names)."""
    p = plane(state, state.active)
    if isinstance(decision, End):
        return None if decision.end else refused("end is always true", "Actions")
    if isinstance(decision, Abandon):
        if decision.abandon in holding(state, p.id):
            return None
        return refused(f"{p.id} holds no position on {decision.abandon!r}", "Actions")
    if isinstance(decision, Select):
        if decision in selections(state, p, sorted(set(p.hand))):
            return None
        return refused(f"{p.id} cannot choose bomber {decision.select!r} so now",
                       "Choisir un bombardier à attaquer")
    key = decision.play
    data = dataset()
    if key == ACE:
        if not has_ace_marker(p) or is_bomber(p) or decision.as_ != "maneuver":
            return refused(f"{p.id} has no Ace Pilot marker to play as a maneuver",
                           "Marqueurs de pilote expérimenté")
        k: ActionCard | None = card(ACE)
    else:
        k = data.action_deck.get(key)
    if k is None:
        return refused(f"there is no card {key!r}")
    if key not in p.hand and key != ACE:
        return refused(f"{p.id} holds no {k.title} card")
    s = stats(state, p, data)
    if decision.as_ == "tactic":
        if decision in tactics(p, s, ((key, k),)):
            return None
        return refused(f"{k.title} is not played so as a tactic", "Cartes de Tactique")
    q = find(state, decision.target)
    if q is None:
        return refused(f"there is no plane {decision.target!r}")
    if q.altitude != p.altitude:
        return refused(f"{q.id} is not at {p.id}'s altitude", "Actions")
    if targetable(state, p, q) and decision in plays_on(  # targetable: an enemy in play
            state, p, s, q, ((key, k),), free_to_target(state, p, q), rel(state, p.id, q.id),
            data):
        return None
    if decision.as_ == "attack" and rel(state, p.id, q.id) < 0:
        return refused(f"{p.id} cannot fire at {q.id}, which holds a position on it",
                       "Positions")
    if decision.as_ == "attack":
        return refused(f"not enough bursts for this card (or {q.id} cannot be targeted "
                       "now)", "Bursts / Rafales")
    return refused(f"{msgspec.json.encode(decision).decode()} is not legal now (actions)")


def tactic(state: DifState, p: Plane, decision: Play, events: list[Event]) -> DifState:
    """Book § Cartes de Tactique: played on your own aircraft, no reaction."""
    key = decision.play
    k = card(key)
    events.append(Event("card-played", {"plane": p.id, "card": key, "as": "tactic"}))
    if k.title in ("Tight Turn", "Yo-Yo") or k.title in ATTACK_TITLES:
        return put(state, replace(p, extra_hits=p.extra_hits + 1))
    if k.title == "Evasive":
        return put(state, replace(p, evasive=True))
    if k.title == "Redline":
        return redline(state, p.id, events)
    # Vertical Roll: a level up or down
    direction = 1 if decision.altitude == "climb" else -1
    return climb_or_dive(state, p.id, direction, decision.discard, events)


def act(state: DifState, decision: Action, events: list[Event]) -> DifState:
    p = plane(state, state.active)
    if isinstance(decision, End):
        return replace(state, phase="discard")
    if isinstance(decision, Abandon):
        return abandon(state, p.id, decision.abandon, events)
    if isinstance(decision, Select):
        if decision.select == "pick":
            return ask_pick(state, p.id)
        paid = "free"
        if decision.discard:
            state = spend(state, p.id, [decision.discard])
            paid = decision.discard
        state = put(state, replace(plane(state, p.id), selected=decision.select))
        events.append(Event("bomber-selected", {"plane": p.id, "bomber": decision.select,
                                                "paid": paid}))
        return state
    key, use = decision.play, decision.as_
    k = card(key)
    # an Ace Pilot marker is used once as the card (book § Marqueurs de pilote expérimenté)
    state = put(state, replace(p, aces=p.aces - 1)) if key == ACE else spend(state, p.id, [key])
    p = plane(state, p.id)
    if use == "tactic":
        return tactic(state, p, decision, events)
    q = plane(state, decision.target)
    events.append(Event("card-played", {"plane": p.id, "card": key, "as": use,
                                        "target": q.id, "steps": decision.steps}))
    if is_bomber(q):
        state = draw_turret(state, q.id, events)
    plays = ((p.id, key),)
    if use in ("attack", "gunner"):
        cost = k.bursts + (1 if q.evasive and not k.fuel_tank else 0)
        extra = plane(state, p.id).extra_hits
        if use == "attack":
            p = replace(p, spent=p.spent + cost, extra_hits=0)
            hits = k.hits + stats(state, p).firepower + extra
        else:
            p = replace(p, gunner_spent=p.gunner_spent + cost, extra_hits=0)
            hits = k.hits + extra
        state = put(state, p)
        return open_chain(state, Chain(kind="attack" if use == "attack" else "gunner",
                                       actor=p.id, target=q.id, card=key,
                                       hits=hits, fuel_tank=k.fuel_tank, plays=plays,
                                       last=k.title))
    if use == "maneuver":
        if is_bomber(q) and p.selected != q.id:
            state = put(state, replace(p, selected=q.id))
            events.append(Event("bomber-selected", {"plane": p.id, "bomber": q.id,
                                                    "paid": "maneuver point"}))
        return open_chain(state, Chain(kind="maneuver", actor=p.id, target=q.id, card=key,
                                       steps=decision.steps, plays=plays, last="Maneuver"))
    if use == "agile":
        state = put(state, replace(p, agile_used=True))
        return open_chain(state, Chain(kind="scissors", actor=p.id, target=q.id, card=key,
                                       plays=plays, last="Scissors"))
    return open_chain(state, Chain(kind="scissors" if use == "scissors" else "barrel-roll",
                                   actor=p.id, target=q.id, card=key, plays=plays,
                                   last=k.title))


class Actions(PromptKind[DifState, Action]):
    """The phase « Actions » of a fighter's turn."""

    kind = "actions"
    decision = (Play, Abandon, Select, End)
    rule = f"{R} § Actions"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Action]:
        return action_choices(state)

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: Action) -> IllegalDecision | None:
        return refusal(state, decision)

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Action,
              events: list[Event]) -> DifState:
        return act(pop(state), decision, events)
