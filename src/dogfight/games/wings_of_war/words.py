"""Wings of War in words: decisions' labels, the log's sentences, the optional rules'
titles (English msgids of the translation catalogues)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dogfight.core import Decision, Event, Seat
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.state import WowState, plane


def label(state: WowState, seat: Seat, decision: Decision) -> str:
    """A decision in words (the move lists of the interfaces)."""
    if "floor" in decision:
        return f"propose the floor {decision['floor']}"
    if "agree" in decision:
        return "agree" if decision["agree"] else "refuse"
    p = plane(state, decision["plane"])
    if "card" in decision:
        card = dataset().card(p.deck, decision["card"])
        steep = " ♦" if card.steep else ""
        return f"{p.id}: card {len(p.plan) + 1} = {card.name}{steep} (#{card.number})"
    if "order" in decision:
        names = [dataset().card(p.deck, n).name for n in decision["order"]]
        return f"{p.id}: fly {', then '.join(names)}"
    if "tail" in decision:
        return f"{p.id}: tail {decision['tail']}"
    if "heading" in decision:
        slide = (f", slide {decision['dx']} mm east, {decision['dy']} mm south"
                 if decision.get("dx") or decision.get("dy") else "")
        return f"{p.id}: turn on the ground to heading {decision['heading']}{slide}"
    if decision.get("hold"):
        return f"{p.id}: hold fire ({decision['arc']} gun)"
    slot = next(s for s in state.fire_slots
                if s.plane == p.id and s.arc == decision["arc"])
    cards = dict(slot.targets)[decision["target"]]
    return (f"{p.id}: fire ({decision['arc']} gun) at {decision['target']}, "
            f"{cards} damage card{'s' if cards > 1 else ''}")


def template(event: Event) -> tuple[str, Mapping[str, Any]] | None:
    """The log's sentence for ``event`` and its values."""
    d = dict(event.data)
    kind = event.kind
    if kind == "fire":
        key = "fire-aiming" if d.get("aiming") else "fire"
    elif kind == "fire-order":
        key = "fire-order" if d.get("target") else "hold-order"
    elif kind == "damage-card":
        # a card's symbol matters by what the rules in play make of it, each said on
        # its own line (a jam, a special damage); only an explosion is always one
        key = "damage-special" if d.get("symbol") == "explosion" else "damage-card"
    elif kind == "game-over":
        key = "game-over-winner" if d.get("winner") else "game-over"
    else:
        key = kind
    if key == "moved":  # where it ends is on the board, not in a player's log
        return "", d
    if key not in EVENT_TEXTS:
        return None
    if "planes" in d:
        d["planes"] = ", ".join(d["planes"])
    if "order" in d:
        d["order"] = ", ".join(str(n) for n in d["order"])
    return EVENT_TEXTS[key], d


SHADOWS = {
    "card-planned": "planned", "tail-shown": "shown", "tail-reordered": "reordered",
    "fire-sealed": "fire-order",
}
"""Public events that tell the others what a seat's secret just before says (its log
shows the seat the secret only)."""

RULE_TITLES = {
    "special_damage": "Special damage (Dégâts spéciaux)",
    "aiming": "Aiming (Viser)",
    "illegal_maneuver": "Illegal maneuvers destroy the aircraft (Mouvement interdit)",
    "tailing": "Tailing (Poursuite)",
    "tournament": "Tournament rules: no explosions, bases never touch (Règles de tournoi)",
    "interruption": "Interruption: damage loses tailing and aiming for a phase",
    "out_of_cards": "Running out of damage cards (Être à court de cartes dégât)",
    "blind_spot": "Rear gun blind spot (Angles morts)",
    "altitude": "Altitude: stands, climb and dive; landing, take-off, accidents",
    "forced_dive": "Forced dive, with altitude (Plongée forcée)",
    "flying_higher": "Flying higher: floor and ceiling, with altitude (Voler plus haut)",
    "cloud_cover": "Cloud cover, with altitude (Couverture nuageuse)",
}

EVENT_TEXTS = {
    "planned": "{plane} plans card {slot}: {name}",
    "card-planned": "{plane} plans a card",
    "tailing": "{plane} tails {target}",
    "tailing-lost": "{plane} can no longer tail {target}",
    "shown": "{target} shows {tailer} its card {phase}: {name}",
    "tail-shown": "{target} shows a card to {tailer}",
    "reordered": "{plane} orders its cards: {order}",
    "tail-reordered": "{plane} may reorder its cards",
    "revealed": "{plane} flies '{name}' (card {card})",
    "illegal": "{plane}: illegal maneuver ({reason}): {result}",
    "left-table": "{plane} leaves the table",
    "collision": "Collision: {planes} go back and move again in that order, each "
                 "stopping short of the others (B cards drawn for the order, no damage)",
    "fire": "{plane} fires ({arc}) at {target}: {target} draws {cards} damage card(s)",
    "fire-aiming": "{plane} fires ({arc}) at {target}: {target} draws {cards} damage "
                   "card(s), aiming: +1 a card",
    "held-fire": "{plane} holds fire ({arc})",
    "fire-order": "{plane} orders: fire at {target} ({arc})",
    "hold-order": "{plane} orders: hold fire ({arc})",
    "fire-sealed": "{plane} gives its fire order",
    "damage-card": "{plane} takes {points} damage",
    "damage-special": "{plane} takes {points} damage ({symbol})",
    "damage-drawn": "{plane} draws {cards} damage card(s)",
    "jam": "{plane}: the {arc} guns jam",
    "explosion": "{plane} explodes",
    "shot-down": "{plane} is shot down",
    "special": "{plane}: {special}",
    "pilot-killed": "{plane}: the pilot is killed",
    "smoke": "{plane} trails smoke",
    "on-fire": "{plane} is on fire",
    "flames": "{plane} burns ({counters} flame counters left)",
    "fire-fought": "{plane}: the fire is fought ({counters} flame counters left)",
    "altitude": "{plane} at altitude {altitude} ({counters} climb counters)",
    "crashed": "{plane} crashes ({reason})",
    "touched-down": "{plane} touches down",
    "landed": "{plane} has landed",
    "took-off": "{plane} takes off",
    "card-ignored": "Phase {phase}: {plane} stays on the ground",
    "turned-on-ground": "{plane} turns on the ground to heading {heading}",
    "moved-on-ground": "{plane} moves on the ground by {dx} mm east, {dy} mm south",
    "below-floor": "{plane} dives below the floor",
    "in-clouds": "{plane} is in the clouds",
    "cloud-card": "{plane} flies {name} in the clouds",
    "card-in-clouds": "Phase {phase}: {plane} flies on in the clouds",
    "leaves-clouds": "{plane} comes out of the clouds after {cards} maneuvers",
    "floor-proposed": "{seat} proposes the floor {floor}",
    "vote": "{seat} votes",
    "floor-changed": "The floor is now {floor}, the ceiling {ceiling}",
    "floor-refused": "The floor stays: {floor} was refused",
    "deck-reshuffled": "Damage deck {letter} reshuffled ({cards} cards)",
    "deck-substituted": "No {letter} card left: {instead} cards instead",
    "objective-achieved": "{plane}: {mission} done",
    "mission-accomplished": "{plane} brings the {mission} mission home",
    "turn": "Turn {turn}",
    "game-over": "Game over",
    "game-over-winner": "Game over: {winner} win",
}
"""The log's sentences (English msgids of the translation catalogues)."""
