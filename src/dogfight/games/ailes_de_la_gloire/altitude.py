"""L'ALTITUDE: Piquer, Monter (and the ceilings with and without "+"), Décrochage
(Stall) and Les Vrilles as the errata p. 11 word them, S'Ecraser.

Pure helpers the phases call: a climb's result (or a stall), the stall's spin roll, going
into a spin (a marker everyone sees), losing a level (and crashing from TB).
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData
from dogfight.games.ailes_de_la_gloire.state import AilesState, Plane

BOOK = "book: 001_6a970d9ea6ae2da0.txt"


def can_climb_to(plane: Plane, data: AilesData) -> bool:
    """§ Monter: the next level up is within the aircraft's capability. Its ceiling can
    be regained only with a "+" (an aircraft may start at its ceiling but, once down,
    not climb back: the Sopwith Triplane's TH; the Fokker Dr.I's H+ may)."""
    index = LEVELS.index(plane.level)
    if index + 1 >= len(LEVELS):
        return False
    aircraft = data.aircraft[plane.aircraft]
    ceiling = LEVELS.index(aircraft.ceiling)
    return index + 1 < ceiling or (index + 1 == ceiling and aircraft.ceiling_plus)


def start_spin(state: AilesState, plane: Plane, events: list[Event], cause: str,
               for_good: bool = False) -> AilesState:
    """The aircraft goes into a spin: a spin marker at once, seen by all (§ Les Vrilles)."""
    if not plane.spinning or (for_good and not plane.spin_for_good):
        events.append(Event("spin", {"seat": plane.seat, "cause": cause}))
    plane = replace(plane, spinning=True, spin_turn=state.turn if not plane.spinning
                    else plane.spin_turn, spin_for_good=plane.spin_for_good or for_good)
    return state.with_plane(plane)


def stall_roll(state: AilesState, plane: Plane, events: list[Event]) -> AilesState:
    """§ Décrochage (Stall): at the end of its move a stalled aircraft spins on 5 or 6."""
    face, rng = roll(state.rng, 6)
    state = replace(state, rng=rng)
    events.append(Event("stall-roll", {"seat": plane.seat, "roll": face}))
    if face >= (4 if plane.novice else 5):  # a campaign novice spins on 4-6
        return start_spin(state, state.plane(plane.seat), events, "stall")
    return state


def lose_level(state: AilesState, plane: Plane, events: list[Event]) -> AilesState:
    """One level down; from TB the aircraft hits the ground (§ S'Ecraser: shot down)."""
    index = LEVELS.index(plane.level)
    if index == 0:
        events.append(Event("crashed", {"seat": plane.seat}))
        return state.with_plane(replace(plane, fate="shot-down", spinning=False))
    return state.with_plane(replace(plane, level=LEVELS[index - 1]))
