"""The aircraft on the table: finding them, their figures, the cards they hold.

Book sections: « Les cartes Chasseurs », « Notes spéciales sur les appareils »,
« Endommager des chasseurs » (the damaged side), « Marqueurs de pilote expérimenté »,
« Ailiers » (the leader's extra draws), « Effets de l'altitude sur la puissance du
moteur », « Turbocharger »; the campaign options in force (« Options ») that change an
aircraft's figures. Pure queries, plus ``put`` (a plane replaced in the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from dogfight.core import IllegalDecision
from dogfight.games.down_in_flames.data import (
    BOOK,
    ActionCard,
    Aircraft,
    DifData,
    Effect,
    Profile,
    dataset,
)
from dogfight.games.down_in_flames.state import DifState, Plane

T = TypeVar("T")
R = f"book: {BOOK}"
ATTACK_TITLES = ("In My Sights", "Out of the Sun")
"""The cards that fire (book § Action)."""

if TYPE_CHECKING:
    def replace(obj: T, **changes: Any) -> T: ...
else:
    replace = msgspec.structs.replace


def refused(message: str, section: str = "") -> IllegalDecision:
    """A rule's refusal citing the book's section."""
    return IllegalDecision(message, rule=f"{R} § {section}" if section else None)


Stats = Profile
"""An aircraft's figures now (its profile, with a leader's draws and campaign options)."""


# -- finding aircraft --------------------------------------------------------------------------
class NoSuchPlane(LookupError):
    """The rules asked for a plane the state does not hold (a bug, never player input)."""


def plane(state: DifState, pid: str) -> Plane:
    for p in state.planes:
        if p.id == pid:
            return p
    raise NoSuchPlane(pid)


def find(state: DifState, pid: Any) -> Plane | None:
    if not isinstance(pid, str):
        return None
    for p in state.planes:
        if p.id == pid:
            return p
    return None


def put(state: DifState, p: Plane) -> DifState:
    """``state`` with ``p`` in place of the plane of its id."""
    planes = list(state.planes)
    for i, q in enumerate(planes):
        if q.id == p.id:
            planes[i] = p
            break
    return replace(state, planes=tuple(planes))


def seat_of(state: DifState, pid: str) -> str:
    return plane(state, pid).seat


def is_bomber(p: Plane) -> bool:
    """A bomber card, or a fighter-bomber still carrying its bombs."""
    return p.bomber or p.loaded


def in_play(p: Plane) -> bool:
    return not p.down and not p.gone


def enemies(state: DifState, p: Plane) -> list[Plane]:
    return [q for q in state.planes if q.side != p.side and in_play(q)]


# -- cards and aircraft data -------------------------------------------------------------------
ACE = "ace-marker"
"""An Ace Pilot marker played as the card (book § Marqueurs de pilote expérimenté: AP1,
AP2 "peut être utilisé une fois comme une carte « Ace Pilot »")."""


def card(key: str) -> ActionCard:
    """The card ``key`` of the action deck (an Ace Pilot marker: the Ace Pilot card)."""
    if key == ACE:
        return next(k for k in dataset().action_deck.values() if k.title == "Ace Pilot")
    return dataset().action_deck[key]


def has_ace_marker(p: Plane) -> bool:
    """``p`` holds an Ace Pilot marker it may play (the deck has the card it stands for)."""
    return p.aces > 0 and any(k.title == "Ace Pilot" for k in dataset().action_deck.values())


def aircraft_of(p: Plane) -> Aircraft:
    return dataset().aircraft[p.aircraft]


def pilot_vp(pilot: str) -> int:
    return dataset().pilot(pilot).vp if pilot else 0


def value(p: Plane, data: DifData | None = None) -> int:
    """Victory points of an aircraft and its pilot marker (book § Points de victoire)."""
    data = data or dataset()
    return data.aircraft[p.aircraft].vp + data.pilot(p.pilot).vp


def is_attack_card(c: ActionCard) -> bool:
    return c.title in ATTACK_TITLES


def can_initiate(c: ActionCard) -> bool:
    return any(k in ("attack", "attack & reaction") for k in c.kinds)


def maneuver_value(p: Plane, c: ActionCard) -> int:
    """A card's maneuver value (pilot marker MO(1): a card without one counts 1)."""
    v = c.maneuver
    return dataset().pilot(p.pilot).min_maneuver if v == 0 and p.pilot else v


# -- campaign options in force (book § Options) ------------------------------------------------
def option(state: DifState, side: str, number: int) -> Any:
    assert state.mission is not None
    return next(o for o in dataset().campaigns[state.mission.campaign].options
                if o.side == side and o.number == number)


def effects(state: DifState) -> list[tuple[str, Effect, str]]:
    """(side, effect, choice) of every campaign option revealed for this mission."""
    m = state.mission
    if m is None:
        return []
    return [(side, eff, ch) for side, number, ch in m.options
            for eff in option(state, side, number).effects]


# -- figures -----------------------------------------------------------------------------------
def stats(state: DifState, p: Plane, data: DifData | None = None) -> Stats:
    """The card's figures (its damaged side once flipped), pilot marker and wingman
    leader applied (book § Les cartes Chasseurs, § Endommager des chasseurs, §
    Marqueurs de pilote expérimenté, § Ailiers); campaign option Gunner. ``data``:
    the dataset, when the caller holds it already."""
    # data.profile(p.aircraft, p.pilot, p.damage), one call fewer (asked very often)
    profiles = (data or dataset()).profiles
    s = profiles[p.aircraft, p.pilot, False]
    if p.damage >= s.airframe[0]:
        s = profiles[p.aircraft, p.pilot, True]
    if state.options.rules.wingmen and any(
            q.leader == p.id and in_play(q) for q in state.planes):
        s = s._replace(pre=s.pre + 1, post=s.post + 1)  # book § Ailiers: one card more
    if state.mission is not None and s.gunner:
        mod = sum(eff.value if side == p.side else -eff.value
                  for side, eff, _ch in effects(state) if eff.kind == "gunner")
        if mod:
            s = s._replace(gunner=max(0, s.gunner + mod))
    return s


def damaged(state: DifState, p: Plane, data: DifData | None = None) -> bool:
    """Book § Endommager des chasseurs; the airframe is the profile's (:func:`stats`
    changes only the draws and the gunner, never the airframe)."""
    return p.damage >= (data or dataset()).profile(p.aircraft, p.pilot, p.damage).airframe[0]


def alt_mods(state: DifState, p: Plane, data: DifData | None = None,
             s: Stats | None = None) -> tuple[int, int]:
    """Book § Effets de l'altitude; a turbocharger treats High as Medium and Very
    High as High (book § Turbocharger). Figures: ``data/rules.toml``. ``s``: the
    plane's :func:`stats`, when the caller holds them."""
    data = data or dataset()
    level = p.altitude
    if (s or stats(state, p, data)).turbo and level >= 3:
        level -= 1
    row = data.altitude_rows[level]
    return row.pre, row.post


def init_aces(state: DifState) -> DifState:
    """Pilot markers AP1 / AP2: their Ace Pilot markers (book § Marqueurs de pilote)."""
    data = dataset()
    return replace(state, planes=tuple(replace(p, aces=data.pilot(p.pilot).aces)
                                       for p in state.planes))
