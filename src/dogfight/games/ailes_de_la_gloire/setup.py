"""PRÉPARATION DU JEU: Choisir un camp, Choisir les avions, Remplir la Feuille de Vol,
Mettez les 35 pions Dégâts dans une tasse, Placez les pions avions sur la carte.

The options name each player's aircraft (its side follows from its type); each takes a
counter of that type, so the 60 numbered counters cap how many of a type fly
(§ COMPOSITION DU JEU). Then every player places his aircraft behind his own start line,
facing as he likes, at any altitude it can reach: three rounds of small decisions, every
player at once in each (``placement``: the hex; ``facing``; ``start-altitude``), so that
no prompt lists every hex × facing × altitude (1 620 choices).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, Rng, Seat
from dogfight.games.ailes_de_la_gloire import formation
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, Level, dataset
from dogfight.games.ailes_de_la_gloire.pilots import is_ace, is_novice, record_problem
from dogfight.games.ailes_de_la_gloire.state import (
    MAX_FLYERS,
    AilesOptions,
    AilesState,
    Gun,
    Plane,
)
from dogfight.kit.grids import from_offset, to_offset
from dogfight.kit.piles import Cup
from dogfight.kit.prompts import Frame, PromptKind, answered, ask

BOOK = "book: 001_6a970d9ea6ae2da0.txt"
RULE = f"{BOOK} § Placez les pions avions sur la carte"


def new_state(options: AilesOptions, rng: Rng) -> AilesState:
    """The game before placement: sides, aircraft and counters, each Feuille de Vol
    filled in, the cup of chits; every player asked to place his aircraft."""
    data = dataset()
    planes = tuple(_planes(options, data))
    formation.check(options, planes)
    cup: Cup[int] = Cup(data.cup_chits(options.rules.pilot_killed_chit))
    state = AilesState(options, rng, planes, cup)
    return ask(state, Frame("placement", tuple(p.seat for p in planes),
                            "Place your aircraft in a hex behind your start line"))


def _planes(options: AilesOptions, data: AilesData) -> list[Plane]:
    """§ Choisir un camp, § Choisir les avions, § Remplir la Feuille de Vol."""
    if not 2 <= len(options.flyers) <= MAX_FLYERS:
        raise InvalidOptions(f"a game has 2 to {MAX_FLYERS} aircraft, got {len(options.flyers)}")
    taken: set[int] = set()
    for flyer in options.flyers:
        if flyer.aircraft not in data.aircraft:
            raise InvalidOptions(f"no aircraft {flyer.aircraft!r}; choose one of "
                                 f"{', '.join(data.aircraft)}")
        if flyer.counter is not None:
            if flyer.counter not in data.aircraft[flyer.aircraft].counters:
                raise InvalidOptions(f"counter {flyer.counter} is not a "
                                     f"{data.aircraft[flyer.aircraft].name} "
                                     f"({BOOK} § COMPOSITION DU JEU)")
            if flyer.counter in taken:
                raise InvalidOptions(f"counter {flyer.counter} is chosen twice")
            taken.add(flyer.counter)
    planes = []
    for flyer in options.flyers:
        aircraft = data.aircraft[flyer.aircraft]
        problem = record_problem(flyer.pilot) if flyer.pilot is not None else None
        if problem:
            raise InvalidOptions(f"{aircraft.name}'s pilot: {problem} ({BOOK} § LES PILOTES)")
        counter = flyer.counter
        if counter is None:
            free = [n for n in aircraft.counters if n not in taken]
            if not free:
                raise InvalidOptions(f"only {len(aircraft.counters)} {aircraft.name} counters "
                                     f"exist ({BOOK} § COMPOSITION DU JEU)")
            counter = free[0]
            taken.add(counter)
        variant = options.rules.nieuport_variant and flyer.aircraft == "nieuport-17"
        guns = tuple(Gun(g.mount, g.lewis) for g in aircraft.guns(variant))
        fuel = aircraft.fuel * (2 if options.rules.reduced_fuel else 1)
        planes.append(Plane(
            seat=f"{aircraft.side}-{counter}", side=aircraft.side, aircraft=flyer.aircraft,
            counter=counter, stability=aircraft.stability, wings=aircraft.wings,
            engine=aircraft.engine, fuselage=aircraft.fuselage, tail=aircraft.tail,
            fuel=fuel, guns=guns, observer="ok" if aircraft.has_observer else "none",
            novice=is_novice(flyer.pilot), ace=is_ace(flyer.pilot),
            skills=flyer.pilot.skills if flyer.pilot else (),
            observer_skills=flyer.pilot.observer_skills if flyer.pilot else ()))
    if {p.side for p in planes} != {"allied", "german"}:
        raise InvalidOptions(f"both sides need an aircraft ({BOOK} § Choisir un camp)")
    return planes


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"column": 1, "row": 8}``: the hex, as the map's [column, row]."""

    column: int
    row: int


class Heading(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"facing": 0}``: the facing 0-5, clockwise from East."""

    facing: int


class StartAltitude(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"altitude": "M"}``: the altitude level the aircraft starts at."""

    altitude: Level


def _unplaced(state: AilesState) -> tuple[Seat, ...]:
    """The seats whose aircraft is not placed yet (every one, in a game's set-up)."""
    return tuple(p.seat for p in state.planes if not p.placed)


class Placement(PromptKind[AilesState, Place]):
    """Each player puts his aircraft in a hex behind his start line (§ Placez les pions
    avions sur la carte); the facing and the altitude are asked next."""

    kind = "placement"
    decision = Place
    rule = RULE

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[Place]:
        data = dataset()
        side = state.plane(seat).side
        grid = data.map.grid
        columns = [c for c in range(grid.width or 0) if data.map.behind_start_line(side, c)]
        return [Place(column, row) for row in range(grid.height or 0) for column in columns]

    def refusal(self, state: AilesState, frame: Frame, seat: Seat,
                decision: Place) -> str | None:
        data = dataset()
        plane = state.plane(seat)
        if not data.map.grid.on_map(from_offset(decision.column, decision.row)):
            return f"hex [{decision.column}, {decision.row}] is off the map"
        if not data.map.behind_start_line(plane.side, decision.column):
            return f"hex [{decision.column}, {decision.row}] is not behind your start line"
        return None

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: Place,
              events: list[Event]) -> AilesState:
        cell = from_offset(decision.column, decision.row)
        state = answered(state.with_plane(replace(state.plane(seat), cell=cell)), seat)
        if state.prompts:
            return state
        return ask(state, Frame("facing", _unplaced(state),
                                "Turn your aircraft to face as you like"))


class Facing(PromptKind[AilesState, Heading]):
    """Each player turns his aircraft, in its hex, as he likes (§ Placez les pions
    avions sur la carte: "orienté comme il le désire")."""

    kind = "facing"
    decision = Heading
    rule = RULE

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[Heading]:
        return [Heading(facing) for facing in range(6)]

    def refusal(self, state: AilesState, frame: Frame, seat: Seat,
                decision: Heading) -> str | None:
        if not 0 <= decision.facing <= 5:
            return "a facing is 0 to 5 (a hex side, clockwise from East)"
        return None

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: Heading,
              events: list[Event]) -> AilesState:
        state = answered(state.with_plane(replace(state.plane(seat), facing=decision.facing)),
                         seat)
        if state.prompts:
            return state
        return ask(state, Frame("start-altitude", _unplaced(state),
                                "Choose the altitude your aircraft starts at"))


class Altitude(PromptKind[AilesState, StartAltitude]):
    """Each player chooses his altitude, any his aircraft can reach (§ L'Altitude de
    départ); the aircraft is then placed."""

    kind = "start-altitude"
    decision = StartAltitude
    rule = f"{BOOK} § L'Altitude de départ"

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[StartAltitude]:
        aircraft = dataset().aircraft[state.plane(seat).aircraft]
        return [StartAltitude(level) for level in LEVELS if aircraft.reaches(level)]

    def refusal(self, state: AilesState, frame: Frame, seat: Seat,
                decision: StartAltitude) -> str | None:
        aircraft = dataset().aircraft[state.plane(seat).aircraft]
        if not aircraft.reaches(decision.altitude):
            return (f"the {aircraft.name} cannot reach {decision.altitude} (ceiling "
                    f"{aircraft.ceiling}; {BOOK} § L'Altitude de départ)")
        return None

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: StartAltitude,
              events: list[Event]) -> AilesState:
        plane = replace(state.plane(seat), level=decision.altitude, placed=True)
        assert plane.cell is not None
        events.append(Event("placed", {"seat": seat, "cell": list(to_offset(plane.cell)),
                                       "facing": plane.facing,
                                       "altitude": decision.altitude}))
        return answered(state.with_plane(plane), seat)
