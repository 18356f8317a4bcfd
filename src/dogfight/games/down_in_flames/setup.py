"""Setting up a game: options, the fighters chosen in secret, starting altitudes.

Book sections: « Mise en place » (agreed points and year, fighters chosen in secret and
revealed together, opening hands), « Nationalité et année », « Préparer les cartes »,
« Choisir l'altitude » (chosen in secret, Very Low to Medium; a turbocharger adds
High), « Plus d'avions et de joueurs », « Ailiers » (pairs), « Équilibrer les points
de victoire », « Cartes bonus pour altitude de départ », « Marqueurs de pilote
expérimenté » (chosen with the fighter, within the points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from dogfight.core import Event, InvalidOptions, Prompt, Rng, Seat, parse_options, shuffle
from dogfight.games.down_in_flames.aircraft import (
    R,
    init_aces,
    is_bomber,
    pilot_vp,
    replace,
    stats,
    value,
)
from dogfight.games.down_in_flames.bombers import formation_level
from dogfight.games.down_in_flames.cards import deal, draw, fresh_deck
from dogfight.games.down_in_flames.data import SIDE_OF, Aircraft, dataset
from dogfight.games.down_in_flames.missions import setup_mission
from dogfight.games.down_in_flames.state import (
    ALTITUDES,
    START_ALTITUDES,
    DifState,
    Options,
    Plane,
)
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import Frame, PromptKind, pop


def setup(options: Mapping[str, Any], rng: Rng, events: list[Event]) -> DifState:
    """The options checked, the deck shuffled, the planes set; ``events`` receives what
    the set-up makes (fighters revealed, victory points balanced)."""
    data = dataset()
    opts = parse_options(options, Options)
    if not 1 <= opts.turns <= 20:
        raise InvalidOptions(f"turns must be from 1 to 20, got {opts.turns}")
    if not 1 <= opts.seats_per_side <= 4 or not 1 <= opts.planes_per_seat <= 4:
        raise InvalidOptions("seats_per_side and planes_per_seat must be from 1 to 4")
    for name, sizes in (("side_seats", opts.side_seats), ("side_planes", opts.side_planes)):
        for side, n in sizes.items():
            if not 1 <= n <= 4:
                raise InvalidOptions(f"{name}.{side} must be from 1 to 4, got {n}")
    if not 1 <= opts.decks <= 3:
        raise InvalidOptions(f"decks must be from 1 to 3, got {opts.decks}")
    for key in opts.stack:
        if key not in data.action_deck:
            raise InvalidOptions(f"stack: unknown card {key!r}")
    for key in opts.pilots.values():
        if key not in data.tables.pilots:
            raise InvalidOptions(f"pilots: unknown marker {key!r}; "
                                 f"known: {', '.join(data.tables.pilots)}")
    deck, rng = shuffle(rng, fresh_deck(opts))
    if opts.stack:
        rest = list(deck)
        for key in opts.stack:
            if key not in rest:
                raise InvalidOptions(f"stack: the deck has no more {key!r}")
            rest.remove(key)
        deck = tuple(opts.stack) + tuple(rest)
    if opts.mode == "mission":
        return setup_mission(opts, deck, rng, events)
    return setup_dogfight(opts, deck, rng, events)


def setup_dogfight(opts: Options, deck: tuple[str, ...], rng: Rng,
                   events: list[Event]) -> DifState:
    data = dataset()
    seats: list[tuple[str, str]] = []
    planes = []
    for side in ("allies", "axis"):  # book § Jeu par équipes, § Voler sur plusieurs appareils
        n_seats = opts.side_seats.get(side, opts.seats_per_side)
        n_planes = opts.side_planes.get(side, opts.planes_per_seat)
        for k in range(n_seats):
            seat = side if n_seats == 1 else f"{side}-{k + 1}"
            seat_side = seat if opts.rules.free_for_all else side
            seats.append((seat, seat_side))
            planes += [Plane(id=f"{seat}-{n + 1}", seat=seat, side=seat_side)
                       for n in range(n_planes)]
    ids = {p.id for p in planes}
    for pid, key in opts.aircraft.items():
        if pid not in ids:
            raise InvalidOptions(f"aircraft: there is no plane {pid!r}; planes: "
                                 f"{', '.join(sorted(ids))}")
        if key not in data.aircraft:
            raise InvalidOptions(f"aircraft.{pid}: unknown aircraft {key!r}")
    for pid in opts.pilots:
        if pid not in ids:
            raise InvalidOptions(f"pilots: there is no plane {pid!r}")
    if opts.rules.wingmen:
        planes = pair_wingmen(planes)
    planes = [replace(p, aircraft=opts.aircraft.get(p.id, p.aircraft),
                      pilot=opts.pilots.get(p.id, p.pilot)) for p in planes]
    planes = [bomber_card(p) for p in planes]
    if opts.first and opts.first not in ids:
        raise InvalidOptions(f"first: there is no plane {opts.first!r}")
    state = DifState(options=opts, rng=rng, deck=Pile(deck), planes=tuple(planes),
                     seats=tuple(seats), phase="choose", turns=opts.turns)
    for p in planes:
        if not p.aircraft and not fighter_choices(state, p):
            raise InvalidOptions(f"no fighter fits {opts.vp} points and the year "
                                 f"{opts.year} for {p.id} (book § Mise en place)")
    return after_choices(state, events) if not unchosen(state) else state


def bomber_card(p: Plane) -> Plane:
    """A bomber flies at its card's altitude and has no turn of its own (book
    § Bombardiers, § Altitude des bombardiers); in a dogfight as in a mission (the book's
    example of two B-24Ds attacked by an Emil, § Choisir un bombardier à attaquer)."""
    if not p.aircraft or not dataset().aircraft[p.aircraft].is_bomber:
        return p
    level = ALTITUDES.index(dataset().aircraft[p.aircraft].altitude or "medium")
    return replace(p, bomber=True, altitude=level)


def pair_wingmen(planes: list[Plane]) -> list[Plane]:
    """Book § Ailiers: a side's fighters pair up, first leader, second wingman."""
    by_side: dict[str, list[Plane]] = {}
    for p in planes:
        by_side.setdefault(p.side, []).append(p)
    out = []
    for p in planes:
        mates = by_side[p.side]
        index = mates.index(p)
        out.append(replace(p, leader=mates[index - 1].id if index % 2 == 1 else ""))
    return out


# -- the fighters, chosen in secret ------------------------------------------------------------
def fighters(opts: Options, p: Plane) -> dict[str, Aircraft]:
    """The fighters ``p`` may choose by year and side (book § Mise en place): those
    :func:`eligible` (the same test, inlined: the whole list is read)."""
    year, any_side = opts.year, not opts.historical or opts.rules.free_for_all
    return {key: a for key, a in dataset().aircraft.items()
            if a.year <= year and "bomber" not in a.specials  # a.is_bomber, inlined
            and (any_side or SIDE_OF[a.nation] == p.side)}


def eligible(opts: Options, p: Plane, a: Aircraft) -> bool:
    """``a`` is among :func:`fighters` of ``p``."""
    return (a.year <= opts.year and not a.is_bomber
            and (not opts.historical or opts.rules.free_for_all or SIDE_OF[a.nation] == p.side))


def room(state: DifState, p: Plane, pool: dict[str, Aircraft] | None = None) -> int:
    """Points left for ``p``: the seat's agreed points less its other fighters
    (chosen or sealed) and the cheapest fighter for each plane still to choose
    (``pool``: :func:`fighters` of ``p``, when the caller holds it already)."""
    data = dataset()
    used = 0
    left = 0
    for q in state.planes:
        if q.seat != p.seat or q.id == p.id:
            continue
        sealed = state.sealed.of(q.id)
        if q.aircraft:
            used += value(q)
        elif sealed is not None:
            key, _, pilot = sealed.partition("|")
            used += data.aircraft[key].vp + pilot_vp(pilot)
        else:
            left += 1
    cheapest = 0
    if left:  # the cheapest fighter matters only for planes still to choose
        if pool is None:
            pool = fighters(state.options, p)
        cheapest = min((a.vp for a in pool.values()), default=0)
    return state.options.vp - used - cheapest * left - pilot_vp(p.pilot)


def fighter_choices(state: DifState, p: Plane) -> list[str]:
    """Book § Mise en place: a fighter within the agreed points and year (each seat's
    fighters together within the points), of the seat's side when historical."""
    pool = fighters(state.options, p)
    left = room(state, p, pool)
    return sorted(key for key, a in pool.items() if a.vp <= left)


def unchosen(state: DifState) -> list[Plane]:
    sealed = state.sealed.owners()
    return [p for p in state.planes if not p.aircraft and p.id not in sealed]


def after_choices(state: DifState, events: list[Event]) -> DifState:
    """All fighters chosen: reveal them together, deal hands (book § Mise en place)."""
    chosen = state.sealed.reveal()
    planes = []
    for p in state.planes:
        if p.id in chosen:
            key, _, pilot = chosen[p.id].partition("|")
            p = replace(p, aircraft=key, pilot=pilot or p.pilot)
        planes.append(p)
    state = replace(state, planes=tuple(planes), sealed=type(state.sealed)())
    if chosen:
        events.append(Event("fighters-revealed", {
            "fighters": {p.id: p.aircraft for p in state.planes},
            "pilots": {p.id: p.pilot for p in state.planes if p.pilot}}))
    state = init_aces(state)
    state = deal(state, [p.id for p in state.planes], events)
    if state.options.rules.vp_balancing:
        state = balance(state, events)
    return replace(state, phase="altitude")


def balance(state: DifState, events: list[Event]) -> DifState:
    """Book § Equilibrer les points de victoire: the weaker side gains the difference."""
    totals: dict[str, int] = {}
    for p in state.planes:
        totals[p.side] = totals.get(p.side, 0) + value(p)
    top = max(totals.values())
    granted = tuple((side, top - v) for side, v in totals.items() if top > v)
    for side, v in granted:
        events.append(Event("vp-balance", {"side": side, "vp": v}))
    return replace(state, balance=granted)


def next_unchosen(state: DifState, seat: Seat) -> Plane:
    """``seat``'s first plane whose fighter is still to choose (of :func:`unchosen`)."""
    sealed = state.sealed.owners()
    return next(p for p in state.planes
                if p.seat == seat and not p.aircraft and p.id not in sealed)


def next_altitude_unchosen(state: DifState, seat: Seat) -> Plane:
    """``seat``'s first plane whose starting altitude is still to choose."""
    sealed = state.sealed.owners()
    return next(p for p in state.planes
                if p.seat == seat and p.altitude < 0 and not p.bomber and p.id not in sealed)


class Fighter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"plane": "<id>", "fighter": "<aircraft>"}``"""

    plane: str
    fighter: str


class FighterWithPilot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"plane": "<id>", "fighter": "<aircraft>", "pilot": "<marker>" | ""}``
    (experienced pilots)."""

    plane: str
    fighter: str
    pilot: str


class FighterChoice(PromptKind[DifState, Fighter | FighterWithPilot]):
    """Book § Mise en place: each seat chooses its fighters in secret, one plane at a
    time (the prompt names it)."""

    kind = "fighter"
    decision = (Fighter, FighterWithPilot)
    rule = f"{R} § Mise en place"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("fighter", "Choose your fighter in secret",
                      {"plane": next_unchosen(state, seat).id})

    def legal(self, state: DifState, frame: Frame,
              seat: Seat) -> Sequence[Fighter | FighterWithPilot]:
        p = next_unchosen(state, seat)
        if state.options.rules.experienced_pilots and not p.pilot:
            out: list[Fighter | FighterWithPilot] = []
            left = room(state, p)
            data = dataset()
            for key in fighter_choices(state, p):
                out.append(FighterWithPilot(p.id, key, ""))
                spare = left - data.aircraft[key].vp
                out.extend(FighterWithPilot(p.id, key, m)
                           for m, marker in data.tables.pilots.items() if marker.vp <= spare)
            return out
        return [Fighter(p.id, key) for key in fighter_choices(state, p)]

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: Fighter | FighterWithPilot) -> str | None:
        p = next_unchosen(state, seat)
        if decision.plane != p.id:
            return f"choose the fighter of {p.id} first"
        experienced = state.options.rules.experienced_pilots and not p.pilot
        if isinstance(decision, FighterWithPilot) != experienced:
            return ("name a pilot marker (or \"\") with the fighter" if experienced
                    else "pilot markers are not in play (or already given)")
        data = dataset()
        a = data.aircraft.get(decision.fighter)
        if a is None or not eligible(state.options, p, a):
            return "this fighter is not of the agreed year, or not of your side"
        spare = room(state, p) - a.vp
        if spare < 0:
            return "this fighter is not within the agreed points"
        if isinstance(decision, FighterWithPilot) and decision.pilot:
            marker = data.tables.pilots.get(decision.pilot)
            if marker is None or marker.vp > spare:
                return "this pilot marker is unknown, or not within the agreed points"
        return None

    def apply(self, state: DifState, frame: Frame, seat: Seat,
              decision: Fighter | FighterWithPilot, events: list[Event]) -> DifState:
        pilot = decision.pilot if isinstance(decision, FighterWithPilot) else ""
        state = replace(state, sealed=state.sealed.seal(
            decision.plane, f"{decision.fighter}|{pilot}"))
        events.append(Event("fighter-chosen", {"plane": decision.plane,
                                               "fighter": decision.fighter,
                                               "pilot": pilot}, to=(seat,)))
        events.append(Event("fighter-sealed", {"plane": decision.plane}))
        return pop(state if unchosen(state) else after_choices(state, events))


# -- starting altitudes, chosen in secret ------------------------------------------------------
def altitude_unchosen(state: DifState) -> list[Plane]:
    sealed = state.sealed.owners()
    return [p for p in state.planes
            if p.altitude < 0 and not p.bomber and p.id not in sealed]


class StartAltitudeChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"plane": "<id>", "altitude": "very-low" | "low" | "medium" | "high"}``"""

    plane: str
    altitude: str


class StartAltitude(PromptKind[DifState, StartAltitudeChoice]):
    """Book § Choisir l'altitude: chosen in secret, revealed together."""

    kind = "altitude"
    decision = StartAltitudeChoice
    rule = f"{R} § Choisir l'altitude"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("altitude", "Choose your starting altitude in secret",
                      {"plane": next_altitude_unchosen(state, seat).id})

    def legal(self, state: DifState, frame: Frame,
              seat: Seat) -> Sequence[StartAltitudeChoice]:
        p = next_altitude_unchosen(state, seat)
        levels = list(START_ALTITUDES)
        if stats(state, p).turbo:
            levels.append("high")
        return [StartAltitudeChoice(p.id, a) for a in levels]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: StartAltitudeChoice,
              events: list[Event]) -> DifState:
        state = replace(state, sealed=state.sealed.seal(decision.plane, decision.altitude))
        events.append(Event("altitude-chosen", {"plane": decision.plane,
                                                "altitude": decision.altitude}, to=(seat,)))
        events.append(Event("altitude-sealed", {"plane": decision.plane}))
        if altitude_unchosen(state):
            return pop(state)
        # reveal together (book § Choisir l'altitude)
        chosen = state.sealed.reveal()
        planes = []
        for p in state.planes:
            if p.id in chosen:
                p = replace(p, altitude=ALTITUDES.index(chosen[p.id]))
            planes.append(p)
        state = replace(state, planes=tuple(planes), sealed=type(state.sealed)())
        events.append(Event("altitudes-revealed", {"altitudes": {
            p.id: ALTITUDES[p.altitude] for p in state.planes if p.id in chosen}}))
        if state.options.rules.altitude_bonus:
            # book § Cartes bonus pour altitude de départ
            for p in state.planes:
                bonus = dataset().altitude_rows[p.altitude].bonus
                if p.id in chosen and not is_bomber(p) and bonus:
                    state = draw(state, p.id, bonus, events, cap=False)
        if state.mission is not None:
            return pop(replace(state, phase="flak"))
        return pop(replace(state, phase="formation" if formation_level(state) >= 0
                           else "start"))


def sorties() -> list[str]:
    """Every attack arrow of every campaign sheet as "<campaign>:<side>:<from>:<to>",
    the initiative side's opening arrows first (book § Première mission)."""
    out = []
    for name, camp in sorted(dataset().campaigns.items()):
        arrows = sorted(camp.arrows, key=lambda a: (
            a.side != camp.campaign.initiative, a.origin != "start", a.to))
        out += [f"{name}:{a.side}:{a.origin}:{a.to}" for a in arrows]
    return out

