"""Down In Flames in words: decisions (labels), events (the log), card names."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

import msgspec

from dogfight.core import Decision, Event
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.state import ALTITUDES


def label(decision: Decision) -> str:
    """A decision in words; it depends on the decision alone, so it is memoised."""
    try:
        return label_of(tuple(decision.items()))
    except TypeError:  # a list inside (follow's discards): not hashable
        return words(decision)


@functools.lru_cache(maxsize=8192)
def label_of(items: tuple[tuple[str, Any], ...]) -> str:
    """The words of the decision whose ``items()`` are ``items`` (memoised)."""
    return words(dict(items))


def words(decision: Decision) -> str:
    """A decision in words (it depends on the decision alone)."""
    d = decision

    def name(key: Any) -> str:
        return card_name(str(key))

    if "play" in d:
        use = d["as"]
        what = name(d["play"])
        if use == "attack":
            return f"{what}: fire at {d['target']}"
        if use == "gunner":
            return f"{what}: gunner fires at {d['target']}"
        if use == "maneuver":
            return f"{what} as Maneuver {d['steps']} on {d['target']}"
        if use == "agile":
            return f"{what} as Scissors (agile) on {d['target']}"
        if use in ("scissors", "barrel-roll"):
            return f"{what} against {d['target']}"
        if "altitude" in d:
            extra = f", discarding {name(d['discard'])}" if "discard" in d else ""
            return f"{what} (tactic): {d['altitude']} one altitude level{extra}"
        return f"{what} (tactic): {tactic_effect(str(d['play']))}"
    if "react" in d:
        return ("no reaction" if d["react"] is None
                else f"react with {name(d['react'])}: cancel the card played")
    if "boost" in d:
        return f"add {name(d['boost'])}: +1 hit to the bomber's shot"
    if "redline" in d:
        return f"{name(d['redline'])}: {REDLINE}"
    if "discard" in d and len(d) == 1:
        return "done discarding" if d["discard"] is None else f"discard {name(d['discard'])}"
    if "altitude" in d:
        if d["altitude"] in ALTITUDES:
            return f"start at {d['altitude']} altitude"
        extra = f", discarding {name(d['discard'])}" if "discard" in d else ""
        return f"{d['altitude']}{extra}"
    if "follow" in d:
        if not d["follow"]:
            return "do not follow"
        cards = d.get("discard", [])
        return "follow" + (f", discarding {', '.join(name(c) for c in cards)}"
                           if cards else "")
    if "fighter" in d:
        a = dataset().aircraft[d["fighter"]]
        pilot = f" with pilot {d['pilot']}" if d.get("pilot") else ""
        return f"{a.name} ({a.nation}, {a.year}, {a.vp} VP){pilot}"
    if "speed" in d:
        v = d["speed"]
        return {"skip": "no speed maneuver", "done": "end speed maneuvers",
                "maneuver": "speed maneuver (Maneuver 1)",
                "select": "spend a speed point to choose this bomber",
                "pick": "let the defender choose the bomber"}.get(
                    v, f"compare speed with {v}")
    if "select" in d:
        if d["select"] == "pick":
            return "let the defender choose the bomber"
        paid = f", discarding {name(d['discard'])}" if "discard" in d else " (free)"
        return f"choose bomber {d['select']}{paid}"
    if "abandon" in d:
        return f"abandon the position on {d['abandon']}"
    if "end" in d:
        return "end actions"
    if "act" in d:
        return f"fly {d['act']} now"
    if "evasive" in d:
        return "play Evasive (two hits fewer)" if d["evasive"] else "take the hits"
    if "jettison" in d:
        return "jettison the bombs" if d["jettison"] else "keep the bombs"
    if "flak" in d:
        return f"flak pattern: {d['flak']}"
    if "pattern" in d:
        return f"{d['plane']}: bombing pattern {d['pattern']}"
    if "formation" in d:
        return f"formation: {d['formation']}"
    if "bomber" in d:
        return f"{d['bomber']} is attacked"
    if "option" in d:
        return f"campaign option #{d['option']}" + (f" ({d['choice']})"
                                                    if d["choice"] else "")
    return msgspec.json.encode(decision).decode()


REDLINE = "1 hit on your own aircraft, then draw 3 cards"
"""Redline played (book § Redline): the hit is on the player's own aircraft."""

TACTICS = {
    "Tight Turn": "+1 hit to your next attack this turn",
    "Yo-Yo": "+1 hit to your next attack this turn",
    "In My Sights": "+1 hit to your next attack this turn",
    "Out of the Sun": "+1 hit to your next attack this turn",
    "Evasive": ("until your next turn, each In My Sights or Out of the Sun against "
                "you costs one more burst"),
    "Redline": REDLINE,
    "Vertical Roll": "climb or dive one altitude level",
}
"""What a card played as a tactic does (book § Cartes de Tactique, and each card's
section: Tight Turn, Yo-Yo, Evasive, Redline, Vertical Roll; an attack card is a
+1 hit tactic for an aircraft with Barrage)."""


def tactic_effect(key: str) -> str:
    """What the card ``key`` does played as a tactic on one's own aircraft."""
    card = dataset().action_deck.get(key)
    return TACTICS.get(card.title, "a tactic on your own aircraft") if card else key


REDLINE_SAFE = "draw 3 cards (pilot marker Re: no hit)"
"""Redline flown by a pilot with the Re marker (book § Marqueurs de pilote
expérimenté: Redline without a hit)."""


def is_redline(decision: Decision) -> bool:
    """Whether ``decision`` plays a Redline on one's own aircraft."""
    key = decision.get("redline") or (decision.get("play") if decision.get("as") == "tactic"
                                      else None)
    card = dataset().action_deck.get(str(key)) if key else None
    return card is not None and card.title == "Redline"


def redline_label(decision: Decision, safe: bool) -> str:
    """A Redline in words; ``safe``: its pilot takes no hit from it (marker Re)."""
    text = label(decision)
    return text.replace(REDLINE, REDLINE_SAFE) if safe else text


def reaction_label(decision: Decision, last: str) -> str:
    """A reaction in words, saying what it cancels (``last``: the card reacted to,
    "Maneuver" for any maneuver; book § Réactions)."""
    if decision.get("react") is None or not last:
        return label(decision)
    answered = "the maneuver" if last == "Maneuver" else last
    return f"react with {card_name(str(decision['react']))}: cancel {answered}"


def template(event: Event) -> tuple[str, Mapping[str, Any]] | None:
    d = dict(event.data)
    kind = event.kind
    if kind == "action-resolved":
        kind = "action-succeeds" if d.get("success") else "action-cancelled"
    mission = MISSION_END.fullmatch(str(d.get("reason", ""))) if kind == "game-over" else None
    if mission is not None:  # its figures apart, so that its words are translated
        kind = "game-over-mission"
        d.update(mission.groupdict())
    text = EVENT_TEXTS.get(kind)
    if text is None:
        return None
    if isinstance(d.get("card"), str):
        d["card"] = card_name(d["card"])
    if isinstance(d.get("cards"), list):
        d["cards"] = ", ".join(card_name(c) for c in d["cards"])
    if isinstance(d.get("fighter"), str):
        aircraft = dataset().aircraft.get(d["fighter"])
        d["fighter"] = aircraft.name if aircraft is not None else d["fighter"]
    if isinstance(d.get("bombers"), list):
        d["bombers"] = ", ".join(d["bombers"])
    return text, d

def card_name(key: str) -> str:
    """A card as printed: its title, and its subtitle in brackets."""
    if key == "ace-marker":
        return "Ace Pilot marker"
    card = dataset().action_deck.get(key)
    if card is None:
        return key
    return f"{card.title} ({card.subtitle})" if card.subtitle else card.title


EVENT_TEXTS: dict[str, str] = {
    "fighter-chosen": "{plane}: you chose the {fighter}",
    "fighter-sealed": "{plane}'s fighter is chosen in secret",
    "fighters-revealed": "The fighters are revealed",
    "altitude-chosen": "{plane}: you start at {altitude} altitude",
    "altitude-sealed": "{plane}'s altitude is chosen in secret",
    "altitudes-revealed": "The altitudes are revealed",
    "option-chosen": "You chose campaign option #{option}",
    "option-sealed": "{side} has chosen a campaign option",
    "options-revealed": "The campaign options are revealed",
    "flak-chosen": "You set the flak pattern: {pattern}",
    "flak-sealed": "The defender has set the flak pattern",
    "formation": "Bombers at {altitude} altitude fly in {shape} formation",
    "first-player": "{plane} acts first",
    "turn-begins": "Turn {turn} begins",
    "fighter-turn": "{plane}'s turn",
    "turn-ends": "{plane}'s turn ends",
    "late": "{plane} arrives late and cannot act this turn",
    "cards-drawn": "{plane} draws {count} card(s)",
    "deck-reshuffled": "The discard pile is shuffled into a new deck",
    "stall": "{plane}'s engine stalls",
    "discarded": "{plane} discards {cards} ({why})",
    "jettison": "{plane} jettisons its bombs",
    "keeps-bombs": "{plane} keeps its bombs",
    "altitude": "{plane} goes to {altitude} altitude ({direction})",
    "followed": "{plane} follows {leader} and stays {position}",
    "not-followed": "{plane} does not follow {leader}",
    "speed-compared": "{plane} compares speed with {target}: {points} point(s)",
    "speed-maneuver": "{plane} makes a speed maneuver on {target}",
    "bomber-selected": "{plane} goes for bomber {bomber} ({paid})",
    "turret-hand": "Bomber {bomber} draws {cards} turret card(s)",
    "card-played": "{plane} plays {card} ({as})",
    "reaction": "{plane} reacts with {card} to {to}",
    "no-reaction": "{plane} does not react",
    "bomber-boost": "Bomber {bomber} adds {card} (+1 hit)",
    "bomber-fires": "Bomber {bomber} fires {card} at {target}: {hits} hit(s)",
    "action-succeeds": "{plane}'s {kind} on {target} succeeds",
    "action-cancelled": "{plane}'s {kind} on {target} is cancelled",
    "cards-drawn-secret": "{plane}'s hand: {cards}",
    "fuel-tank": "{plane} hits {target}'s fuel tank",
    "fuel-tank-stopped": "Bomber {bomber} stops the fuel tank shot",
    "position": "{plane} is now {position} on {target}",
    "abandoned": "{plane} abandons its position on {target}",
    "hits": "{plane} takes {hits} hit(s) ({damage} in all)",
    "damaged": "{plane} is damaged: its card turns to the smoking side",
    "shot-down": "{plane} goes down in flames",
    "vp-balance": "{side} starts with {vp} victory points (balancing)",
    "fuel-home": "{plane} runs short of fuel and goes home",
    "bombing-pattern": "{plane} bombs in a {pattern} pattern",
    "flak-revealed": "Flak pattern revealed: {pattern} (flak {flak})",
    "flak": "Flak hits {plane}: {hits} hit(s)",
    "bombs": "{plane} drops {bombs} bomb(s)",
    "target": "Target #{target}: {bombs} bombs, {status}",
    "mission-vp": "Mission: Axis {axis} VP, Allies {allies} VP (target {status})",
    "game-over": "Game over: {reason}",
    "game-over-mission": "Game over: target {status}; net {net} VP: {result}",
}

MISSION_END = re.compile(r"target (?P<status>[\w-]+); net (?P<net>-?\d+) VP: (?P<result>.+)")
"""A mission's outcome reason (victory.outcome), read back into its figures."""


SIDES = {"axis": "Axis", "allies": "Allies"}
"""The sides as a player names them (English msgids)."""


def public_names(public: Mapping[str, Any]) -> dict[str, str]:
    """Seats and aircraft named as the page names them (static/boards/none.js), from
    the spectator's view ``public`` so that nothing shows before the view shows it: a
    seat by its aircraft's nations once one is revealed (no entry before); an aircraft
    by its nation once revealed, by its side before (the server numbers names that
    several share: "Germany 2")."""
    planes = public.get("planes") or []
    seats: dict[str, list[str]] = {}
    for p in planes:
        if p.get("nation"):
            nations = seats.setdefault(p["seat"], [])
            if p["nation"] not in nations:
                nations.append(p["nation"])
    out = {seat: ", ".join(nations) for seat, nations in seats.items()}
    for p in planes:
        name = p.get("nation") or SIDES.get(p["side"])
        if name and p["id"] not in out:
            out[p["id"]] = name
    return out

