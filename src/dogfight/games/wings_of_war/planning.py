"""Planning (book § PROGRAMMATION; § PREPARATION removes climb and dive without the
altitude rules; § RESTE DU TOUR carries the last maneuver into the next turn; the
optional § MOUVEMENT INTERDIT; the maneuvers the altitude rules forbid, § MANŒUVRES
D'IMMELMANN, § SPLIT-S, § MONTER, § PLONGÉE FORCÉE, § COUVERTURE NUAGEUSE; special
damage § DÉGÂTS SPÉCIAUX (rudder, engine)).

Each aircraft plans three cards face down, one decision a card (the ``plan`` prompt,
which also takes a floor proposal, :mod:`.flying_higher`). A card that breaks the rules
when it is revealed is flown as a straight (:func:`legal_or_straight`).
"""

from __future__ import annotations

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.wings_of_war.altitude import top, would_exceed
from dogfight.games.wings_of_war.data import Card, dataset
from dogfight.games.wings_of_war.flying_higher import RULE as FLOOR_RULE
from dogfight.games.wings_of_war.flying_higher import floors, propose
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    BOOK,
    Asked,
    Plane,
    WowState,
    flown_by,
    put,
    replace,
)
from dogfight.kit.prompts import Frame, answered

RULE = f"book: {BOOK} § PROGRAMMATION"


def available_cards(state: WowState, p: Plane) -> list[int]:
    """The cards ``p`` may still plan this turn."""
    plan = p.plan
    return [n for n in dataset().plannable[p.deck, state.options.rules.altitude]
            if n not in plan]


def _planning(p: Plane) -> bool:
    return p.status in ACTIVE and len(p.plan) < 3


def plan_frame(state: WowState) -> Frame:
    """Every seat with an aircraft in play plans its cards."""
    seats = tuple(dict.fromkeys(p.seat for p in state.planes if _planning(p)))
    return Frame("plan", seats, "Plan three maneuver cards")


class PlanCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plane: str
    card: int


class ProposeFloor(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    floor: int


PlanDecision = PlanCard | ProposeFloor


class Planning(Asked[PlanDecision]):
    """The next card of an aircraft's plan, face down; or a floor proposal."""

    kind = "plan"
    decision = (PlanCard, ProposeFloor)
    rule = RULE

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[PlanDecision]:
        plannable = dataset().plannable
        altitude = state.options.rules.altitude
        cards: list[PlanDecision] = [
            PlanCard(p.id, n) for p in state.planes
            if p.seat == seat and p.status in ACTIVE and len(p.plan) < 3
            for n in plannable[p.deck, altitude] if n not in p.plan]
        if state.options.rules.flying_higher:
            cards += [ProposeFloor(f) for f in floors(state, seat)]
        return cards

    def refusal(self, state: WowState, frame: Frame, seat: Seat,
                decision: PlanDecision) -> str | IllegalDecision | None:
        if isinstance(decision, ProposeFloor):
            possible = floors(state, seat)
            if decision.floor not in possible:
                return IllegalDecision(
                    f"the floor cannot be changed to {decision.floor!r} now; possible: "
                    f"{possible or 'none'}", rule=FLOOR_RULE)
            return None
        p = flown_by(state, decision.plane, seat)
        if isinstance(p, IllegalDecision):
            return p
        if not _planning(p):
            return f"{p.id} has planned its three cards"
        deck = dataset().decks[p.deck]
        card = decision.card
        if not 1 <= card <= len(deck.cards):
            return f"deck {p.deck} has cards 1 to {len(deck.cards)}, not {card}"
        if card in p.plan:
            return f"card {card} is already planned this turn"
        if deck.cards[card - 1].kind in ("climb", "dive") and not state.options.rules.altitude:
            return IllegalDecision("climb and dive cards are removed without the altitude "
                                   "rules", rule=f"book: {BOOK} § PREPARATION")
        return None

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: PlanDecision,
              events: list[Event]) -> WowState:
        if isinstance(decision, ProposeFloor):
            return propose(state, seat, decision.floor, events)
        p = next(p for p in state.planes if p.id == decision.plane)
        card = dataset().card(p.deck, decision.card)
        p = replace(p, plan=(*p.plan, card.number))
        state = put(state, p)
        events.append(Event("planned", {"plane": p.id, "slot": len(p.plan),
                                        "card": card.number, "name": card.name},
                            to=(seat,)))
        events.append(Event("card-planned", {"plane": p.id, "slot": len(p.plan)}))
        if any(q.seat == seat and _planning(q) for q in state.planes):
            return state
        return answered(state, seat)


# -- when a card is revealed ------------------------------------------------------------------
def legal_or_straight(state: WowState, p: Plane, card: Card, k: int,
                       events: list[Event], secret: bool = False
                       ) -> tuple[Card, str, bool] | None:
    """The card as flown: an illegal one becomes a straight (book § PROGRAMMATION) or,
    with the optional rule, the aircraft goes out of control (None). ``secret``: in
    the clouds, only the owner learns which card it was."""
    reason = illegality(state, p, card, k)
    to = (p.seat,) if secret else None
    if reason and state.options.rules.illegal_maneuver:
        events.append(Event("illegal", {"plane": p.id, "card": card.number,
                                        "reason": reason, "result": "out of control"},
                            to=to))
        return None
    if reason:
        events.append(Event("illegal", {"plane": p.id, "card": card.number,
                                        "reason": reason, "result": "straight"}, to=to))
        straight = next(c for c in dataset().decks[p.deck].cards if c.kind == "straight")
        return straight, "straight", False
    kind: str = card.kind
    if card.kind == "immelmann" and previous(p)[0] == "stall" \
            and state.options.rules.altitude:
        kind = "split-s"
    return card, kind, card.steep



def previous(p: Plane) -> tuple[str | None, bool]:
    """Kind and steepness of the maneuver flown just before the next one."""
    if p.executed:
        return p.executed[-1], p.executed_steep[-1]
    return p.last_kind, p.last_steep



def illegality(state: WowState, p: Plane, card: Card, k: int) -> str | None:
    """Why a revealed card may not be flown (book § PROGRAMMATION and the optional
    rules that forbid maneuvers), or None."""
    rules = state.options.rules
    prev_kind, prev_steep = previous(p)
    if prev_kind in ("immelmann", "split-s") and card.kind != "straight":
        return "an Immelmann or Split-S must be followed by a straight"
    if p.status == "ground":
        sequence = {(1, "takeoff"): ("straight", "take-off: a straight after the stall"),
                    (2, "takeoff"): ("climb", "take-off: the climb after the straight"),
                    (1, "landing"): ("straight", "landing: a straight after the dive"),
                    (2, "landing"): ("stall", "landing: a stall after the straight")}
        for step_, name in ((p.takeoff, "takeoff"), (p.landing, "landing")):
            wanted = sequence.get((step_, name))
            if wanted and card.kind != wanted[0]:
                return wanted[1]
        return None
    if p.in_cloud and card.kind in ("climb", "immelmann") and prev_kind != "stall":
        return "no climbing in the clouds"
    if card.kind == "dive" and rules.forced_dive and prev_steep:
        if prev_kind != "stall" or k == 3 or dataset().card(
                p.deck, p.plan[k]).kind != "straight":
            return "a dive after a steep maneuver is a forced dive: a stall before, " \
                   "a straight after"
        if not any(c.kind == "immelmann" for c in dataset().decks[p.deck].cards):
            return "an aircraft without an Immelmann card cannot force a dive"
        prev_steep = False  # the forced dive is allowed (book § PLONGÉE FORCÉE)
    if card.steep and prev_steep:
        return "two steep maneuvers in a row"
    if card.kind == "immelmann":
        if prev_kind == "stall" and rules.altitude:
            if "dive" in p.executed:
                return "no Split-S in the same turn as a dive"
            if p.climb_counters == 0 and p.altitude == 0:
                return None  # flown, and it crashes (book § SPLIT-S)
        elif prev_kind != "straight":
            return "an Immelmann must follow a straight"
        elif rules.altitude:
            if "climb" in p.executed:
                return "no Immelmann in the same turn as a climb"
            if would_exceed(state, p):
                return f"it would take the aircraft above altitude {top(state, p)}"
    if card.kind == "climb":
        if "immelmann" in p.executed:
            return "no climb in the same turn as an Immelmann"
        if would_exceed(state, p):
            return f"it would take the aircraft above altitude {top(state, p)}"
    if card.kind == "dive" and "split-s" in p.executed:
        return "no dive in the same turn as a Split-S"
    if (rules.special_damage and p.rudder and p.rudder_turn == state.turn
            and card.direction == p.rudder):
        return f"the rudder is jammed: no maneuver to the {p.rudder} this turn"
    if (rules.special_damage and p.engine and p.engine_turn < state.turn and k == 3
            and card.kind != "stall" and "stall" not in p.executed):
        return "a damaged engine forces a stall every turn"
    return None

