"""5. Le Combat: the fire arc (own hex and three hexes straight ahead), Combat dans le
même hex., Enregistrement (target and burst written in secret), Résolution (1. Portée,
2. Valeur de Tir with every modifier of the Tableau des Tires by the errata's names,
3. Jet de Dé on the Table de Dégâts), Tirer les Pions Dégâts (blue then red, without
replacement, all attackers of a target first); with MITRAILLEUSES LEWIS (drums, boxes a
burst), LES OBSERVATEURS (their arc and modifiers) and L'ALTITUDE § Le Combat (levels;
the climb or dive a medium or long burst forces next turn, the pilot's only: R24).

Not yet: the S.E.5a's mixed burst with one Lewis box left; the campaign's shooting skills.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Literal

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat, roll
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, dataset, read_code
from dogfight.games.ailes_de_la_gloire.pilots import better_stability, extended
from dogfight.games.ailes_de_la_gloire.state import (
    AilesState,
    Burst,
    Damage,
    Face,
    Gun,
    Order,
    Plane,
    Shot,
    Towards,
)
from dogfight.games.ailes_de_la_gloire.tailing import adjacent_levels, speed_of
from dogfight.kit.grids import AHEAD, BEHIND, Arc, Cell, bearing, distance, line, ray
from dogfight.kit.piles import draw_chit, put_back
from dogfight.kit.prompts import Frame, PromptKind, answered, ask

BOOK = "book: 001_6a970d9ea6ae2da0.txt"
BURSTS: tuple[Burst, ...] = ("short", "medium", "long")
BOXES = {"short": 1, "medium": 2, "long": 3}
Gunner = Literal["pilot", "observer"]


def usable(gun: Gun, burst: Burst) -> bool:
    """A gun fires this burst: not destroyed nor jammed; a Lewis only with the boxes it
    needs left in its drum (§ MITRAILLEUSES LEWIS)."""
    return not gun.destroyed and not gun.jammed and (not gun.lewis or gun.drum >= BOXES[burst])


def firing_guns(plane: Plane, gunner: Gunner, burst: Burst) -> tuple[int, ...]:
    """Indices of the guns of the pilot (or the observer) that fire this burst; with the
    mixed burst, the Lewis's short burst too (:func:`mixed_lewis`)."""
    guns = [i for i, g in enumerate(plane.guns) if g.mount == gunner and usable(g, burst)]
    mixed = mixed_lewis(plane, gunner, burst)
    return tuple(sorted([*guns, mixed])) if mixed is not None else tuple(guns)


def mixed_lewis(plane: Plane, gunner: Gunner, burst: Burst) -> int | None:
    """§ Le S.E.5a (and the Nieuport 17 variant): with one Lewis box left, a short burst
    of the Lewis and a long one of the other gun count as a medium burst. The Lewis so
    fired, or None."""
    if burst != "medium" or gunner != "pilot":
        return None
    pilots = [(i, g) for i, g in enumerate(plane.guns) if g.mount == "pilot"]
    other = [g for _, g in pilots if not g.lewis and usable(g, "long")]
    lewis = [i for i, g in pilots if g.lewis and not g.destroyed and not g.jammed
             and g.drum == 1]
    return lewis[0] if other and lewis else None


def can_fire(plane: Plane) -> bool:
    """Whether the aircraft can fire at all: not spinning (§ 5. Le Combat, errata p. 7)."""
    return plane.flying and not plane.spinning and plane.cell is not None


def pilot_range(state: AilesState, shooter: Plane, target: Plane) -> int | None:
    """The pilot's range to a target, or None: own hex (same facing, slower this turn)
    or the three hexes straight ahead, levels adjacent, fire not through a hex holding a
    friend at the shooter's or the target's level."""
    assert shooter.cell is not None and target.cell is not None
    if not adjacent_levels(shooter, target):
        return None
    if shooter.cell == target.cell:
        mine, theirs = state.flown_by(shooter.seat), state.flown_by(target.seat)
        if shooter.facing == target.facing and mine is not None and theirs is not None and \
                speed_of(_code(mine.code)) < speed_of(_code(theirs.code)):
            return 0
        return None
    if not Arc.line({AHEAD}, 3).holds(shooter.cell, shooter.facing, target.cell):
        return None
    between = ray(shooter.cell, shooter.facing, distance(shooter.cell, target.cell) - 1)
    return None if _blocked(state, shooter, target, between) else distance(shooter.cell,
                                                                           target.cell)


def observer_range(state: AilesState, shooter: Plane, target: Plane) -> int | None:
    """§ LES OBSERVATEURS: the whole rear arc but the hex directly behind (unless the
    target is one level above); ranges 1 to 3 (ruling R23)."""
    assert shooter.cell is not None and target.cell is not None
    if not adjacent_levels(shooter, target) or shooter.cell == target.cell:
        return None
    if not Arc.cone({BEHIND}, 3).holds(shooter.cell, shooter.facing, target.cell):
        return None
    behind = ray(shooter.cell, (shooter.facing + 3) % 6, 1)[0]
    above = LEVELS.index(target.level) == LEVELS.index(shooter.level) + 1
    if target.cell == behind and not above:
        return None
    between = line(shooter.cell, target.cell)[1:-1]
    return None if _blocked(state, shooter, target, between) else distance(shooter.cell,
                                                                           target.cell)


def _blocked(state: AilesState, shooter: Plane, target: Plane, cells: Sequence[Cell]) -> bool:
    """§ 5. Le Combat: no fire through a hex holding a friend at the shooter's or the
    target's level."""
    return any(p.flying and p.side == shooter.side and p.seat != shooter.seat
               and p.cell in cells and p.level in (shooter.level, target.level)
               for p in state.planes)


def _code(code: str) -> str | None:
    return None if code == "vrille" else code


def targets(state: AilesState, shooter: Plane, gunner: Gunner) -> dict[Seat, int]:
    """The enemies this gunner may fire at, with their ranges."""
    if not can_fire(shooter):
        return {}
    if gunner == "pilot" and shooter.fire:  # § Feu: the pilot of a burning aircraft
        return {}
    if gunner == "observer" and (shooter.observer != "ok" or shooter.observer_wounded):
        return {}
    out: dict[Seat, int] = {}
    for p in state.planes:
        if not p.flying or p.side == shooter.side or p.cell is None:
            continue
        found = (pilot_range if gunner == "pilot" else observer_range)(state, shooter, p)
        if found is not None:
            out[p.seat] = found
    return out


def orders(state: AilesState, seat: Seat) -> list[Order]:
    """Every fire order ``seat`` may write (holding fire included)."""
    plane = state.plane(seat)
    shots: dict[Gunner, list[Shot | None]] = {}
    for gunner in ("pilot", "observer"):
        options: list[Shot | None] = [None]
        for target in targets(state, plane, gunner):
            options += [Shot(target, b) for b in BURSTS if firing_guns(plane, gunner, b)]
        shots[gunner] = options
    return [Order(p, o) for p, o in product(shots["pilot"], shots["observer"])]


def may_fire(state: AilesState, plane: Plane) -> bool:
    """Whether ``plane`` has a fire order to write other than holding fire (``orders``
    lists more than one), without listing them."""
    gunners: tuple[Gunner, Gunner] = ("pilot", "observer")
    return any(targets(state, plane, gunner) and
               any(firing_guns(plane, gunner, b) for b in BURSTS) for gunner in gunners)


class FireOrder(PromptKind[AilesState, Order]):
    """§ Enregistrement: each pilot with a target writes in secret his target and burst
    (and his observer's): ``{"pilot": {"target": "german-49", "burst": "long"},
    "observer": null}``."""

    kind = "fire"
    decision = Order
    rule = f"{BOOK} § Enregistrement"

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[Order]:
        return orders(state, seat)

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: Order,
              events: list[Event]) -> AilesState:
        written = msgspec.to_builtins(decision)
        events.append(Event("fire-written", {"seat": seat, **written}, to=(seat,)))
        events.append(Event("fire-sealed", {"seat": seat}))
        return answered(replace(state, orders=state.orders.seal(seat, decision)), seat)


def ask_fire_orders(state: AilesState) -> AilesState:
    """The combat phase begins: those with a target are asked (in secret, together)."""
    state = replace(state, phase="combat")
    seats = tuple(p.seat for p in state.planes if may_fire(state, p))
    if not seats:
        return ask(state)
    return ask(state, Frame("fire", seats, "Write your target and burst in secret"))


def combat_value(state: AilesState, data: AilesData, shooter: Plane, target: Plane,
                 gunner: Gunner, burst: Burst, fire_range: int, guns: int) -> int:
    """§ 2. Valeur de Tir: the base at the range and every modifier that applies; with
    the shooting skills (LES PILOTES): Portée Étendue reads the table a range nearer,
    Stabilité betters the aircraft's, Suppression de la Déflexion, Valeur de Combat +1."""
    skills = shooter.skills if gunner == "pilot" else shooter.observer_skills
    if "extended-range" in skills:
        fire_range = extended(fire_range)
    stability = shooter.stability
    if "stability" in shooter.skills:
        stability = better_stability(stability)
    value = data.base(fire_range) + data.modifier(f"{burst}-burst", fire_range)
    value += data.modifier(f"stability-{stability.lower()}", fire_range)
    if "combat-value" in skills:
        value += 1
    theirs = state.flown_by(target.seat)
    if theirs is not None and _code(theirs.code) not in (None, "OV2") and \
            read_code(theirs.code).number in data.maneuver_rules.stall:
        value += data.modifier("target-still", fire_range)
    mine = state.flown_by(shooter.seat)
    if mine is not None and speed_of(_code(mine.code)) >= 3:
        value += data.modifier("fast-attacker", fire_range)
    if guns == 1:
        value += data.modifier("one-gun", fire_range)
    if deflection(shooter, target, gunner) and "no-deflection" not in skills:
        value += data.modifier("deflection", fire_range)
    last = shooter.pilot_target if gunner == "pilot" else shooter.observer_target
    if last == target.seat:
        value += data.modifier("same-target", fire_range)
    if gunner == "pilot" and (shooter.seat, target.seat) in state.tails:
        value += data.modifier("tailed-target", fire_range)
    if shooter.level != target.level:
        value += data.modifier("other-altitude", fire_range)
    return value


def deflection(shooter: Plane, target: Plane, gunner: Gunner) -> bool:
    """§ Tir avec déflexion (ruling R17): none only when the target lies on the line of
    fire, facing the same way as the shooter or toward it; never at range 0. The observer
    has none only straight behind, the target facing him or turning its back."""
    assert shooter.cell is not None and target.cell is not None
    if shooter.cell == target.cell:
        return False
    b = bearing(shooter.cell, shooter.facing, target.cell)
    line_ray = 0 if gunner == "pilot" else 6
    on_line = b is not None and b.exact and b.ray == line_ray
    return not (on_line and (target.facing - shooter.facing) % 3 == 0)


def direction_from(shooter: Plane, target: Plane) -> Towards:
    """§ Modificateur de Direction: fire from straight ahead of the target or directly
    behind it, at the same altitude (ruling R5 uses the same test)."""
    assert shooter.cell is not None and target.cell is not None
    if shooter.level != target.level or shooter.cell == target.cell:
        return "other"
    b = bearing(target.cell, target.facing, shooter.cell)
    if b is not None and b.exact and b.ray == 0:
        return "ahead"
    if b is not None and b.exact and b.ray == 6:
        return "behind"
    return "other"


def resolve(state: AilesState, events: list[Event]) -> AilesState:
    """§ Résolution: every written shot at once (a shot-down aircraft still fires), then
    each target draws its chits: blue first, then red, none back before the last; then
    all go back in the cup (ruling R18 when it runs out)."""
    data = dataset()
    written = state.orders.reveal()
    hits: dict[Seat, list[tuple[Seat, Gunner, int, int, Towards]]] = {}
    planes = {p.seat: p for p in state.planes}
    rng = state.rng
    for seat, order in written.items():
        shooter = planes[seat]
        new_targets: dict[Gunner, Seat | None] = {"pilot": None, "observer": None}
        shots: tuple[tuple[Gunner, Shot | None], ...] = (
            ("pilot", order.pilot), ("observer", order.observer))
        for gunner, shot in shots:
            if shot is None:
                continue
            target_seat, burst = shot.target, shot.burst
            target = state.plane(target_seat)
            fire_range = (pilot_range if gunner == "pilot" else observer_range)(
                state, state.plane(seat), target)
            guns = firing_guns(shooter, gunner, burst)
            assert fire_range is not None and guns
            value = combat_value(state, data, state.plane(seat), target, gunner, burst,
                                 fire_range, len(guns))
            die, rng = roll(rng, 6)
            skills = shooter.skills if gunner == "pilot" else shooter.observer_skills
            if "fire-bonus" in skills:  # Bonus au Tir: +1, a 6 stays a 6
                die = min(6, die + 1)
            blue, red = data.damage(value, die)
            events.append(Event("shot", {"seat": seat, "gunner": gunner, "target": target_seat,
                                         "burst": burst, "range": fire_range, "value": value,
                                         "roll": die, "blue": blue, "red": red}))
            hits.setdefault(target_seat, []).append(
                (seat, gunner, blue, red, direction_from(state.plane(seat), target)))
            new_targets[gunner] = target_seat
            shooter = spend(shooter, gunner, burst, guns, target, state.plane(seat))
        planes[seat] = replace(shooter, pilot_target=new_targets["pilot"],
                               observer_target=new_targets["observer"])
    state = replace(state, planes=tuple(planes[p.seat] for p in state.planes), rng=rng)
    for target_seat, attacks in hits.items():
        state = draw_chits(state, target_seat, attacks, events)
    return state


def spend(plane: Plane, gunner: Gunner, burst: Burst, guns: Sequence[int], target: Plane,
          before: Plane) -> Plane:
    """Lewis boxes crossed out right after the burst; long bursts noted for the jam
    roll; a medium or long pilot's burst at another level forces a dive or climb next
    turn (§ Le Combat, ruling R24)."""
    new_guns = list(plane.guns)
    mixed = mixed_lewis(plane, gunner, burst)
    for i in guns:
        gun = new_guns[i]
        if gun.lewis:
            new_guns[i] = replace(gun, drum=gun.drum - (1 if i == mixed else BOXES[burst]))
    forced = plane.forced
    if gunner == "pilot" and burst != "short" and target.level != before.level:
        forced = "dive" if LEVELS.index(target.level) < LEVELS.index(before.level) else "climb"
    long_guns: tuple[int, ...] = ()
    if burst == "long":
        long_guns = tuple(guns)
    elif mixed is not None:  # the other gun fired long: it may jam
        long_guns = tuple(i for i in guns if not plane.guns[i].lewis)
    long_burst = (*plane.long_burst, *long_guns)
    return replace(plane, guns=tuple(new_guns), forced=forced, long_burst=long_burst)


def draw_chits(state: AilesState, seat: Seat,
               attacks: list[tuple[Seat, Gunner, int, int, Towards]],
               events: list[Event]) -> AilesState:
    """The target draws all its chits: the blue ones, then the red, attributed to the
    attackers in the order they fired; they go back in the cup after the last. Those
    who hit it are the last to have fired at it and hit it (§ Victoires Homologuées)."""
    cup, rng = state.cup, state.rng
    drawn: list[tuple[int, Face, Towards]] = []
    faces: tuple[Face, Face] = ("blue", "red")
    for face in faces:
        for _, _, blue, red, direction in attacks:
            for _ in range(blue if face == "blue" else red):
                if not cup.chits:  # ruling R18: record, return, mix, go on
                    cup = put_back(cup)
                chit_cup, chit, rng = draw_chit(cup, rng)
                cup = chit_cup
                drawn.append((chit, face, direction))
    cup = put_back(cup)
    plane = state.plane(seat)
    if drawn:
        events.append(Event("chits-drawn", {"seat": seat, "count": len(drawn)}))
        events.append(Event("chits", {"seat": seat, "chits": [[c, f] for c, f, _ in drawn]},
                            to=(seat,)))
        hitters = tuple((a, g) for a, g, blue, red, _ in attacks if blue + red)
        plane = replace(plane, incoming=Damage((*plane.incoming.chits, *drawn)),
                        hit_by=hitters or plane.hit_by)
    return replace(state.with_plane(plane), cup=cup, rng=rng)
