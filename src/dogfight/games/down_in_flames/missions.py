"""Campaign missions: the sortie, the campaign options, flak and bombing.

Book sections: « Jouer une campagne », « Flèches d'attaque », « Voler sur plusieurs
appareils (campagne) », « Altitude des bombardiers », « Options » (one secret option
per side and mission, each once a campaign), « Augmenter l'échelle d'une campagne »,
« Sélectionnez le Schéma de Flak », « Résoudre la mission », « Sélectionnez le Schéma
de Bombardement », « Résoudre la Flak », « Bombarder la cible », « Déterminer le succès
de la mission », « Tableau des points de victoire ». The campaign between missions:
:mod:`.campaign`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from dogfight.core import Event, InvalidOptions, Seat
from dogfight.games.down_in_flames.aircraft import (
    R,
    effects,
    in_play,
    init_aces,
    is_bomber,
    plane,
    put,
    replace,
    stats,
    value,
)
from dogfight.games.down_in_flames.bombers import formation_level
from dogfight.games.down_in_flames.cards import deal, draw
from dogfight.games.down_in_flames.damage import hit
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.state import (
    ALTITUDES,
    DifState,
    Mission,
    Options,
    Plane,
)
from dogfight.kit.piles import Pile
from dogfight.kit.prompts import Frame, PromptKind, pop


def setup_mission(opts: Options, deck: tuple[str, ...], rng: Any,
                  events: list[Event]) -> DifState:
    """Book § Flèches d'attaque: the attacker's aircraft of one arrow, the defender's
    interceptors, the target's values (times the scale)."""
    data = dataset()
    m = opts.mission
    if m.sortie:
        parts = m.sortie.split(":")
        if len(parts) != 4 or parts[1] not in ("axis", "allies") or not parts[3].isdigit():
            raise InvalidOptions(f"mission.sortie: {m.sortie!r} is not "
                                 "<campaign>:<side>:<from>:<target>")
        origin: int | str = int(parts[2]) if parts[2].isdigit() else parts[2]
        m = msgspec.convert({"campaign": parts[0], "attacker": parts[1], "origin": origin,
                             "target": int(parts[3]), "scale": m.scale,
                             "used": m.used}, type(m))
    if m.campaign not in data.campaigns:
        raise InvalidOptions(f"mission.campaign: unknown campaign {m.campaign!r}; known: "
                             f"{', '.join(sorted(data.campaigns))}")
    camp = data.campaigns[m.campaign]
    if not 1 <= m.scale <= 4:
        raise InvalidOptions(f"mission.scale must be from 1 to 4, got {m.scale}")
    attacker = m.attacker or camp.campaign.initiative
    arrows = [a for a in camp.arrows if a.side == attacker and a.to == m.target
              and a.origin == m.origin]
    if not arrows:
        froms = sorted({f"{a.origin}->{a.to}" for a in camp.arrows if a.side == attacker})
        raise InvalidOptions(f"mission: no {attacker} attack arrow from {m.origin} to "
                             f"target #{m.target} in {camp.campaign.name}; arrows: "
                             f"{', '.join(froms)} (book § Flèches d'attaque)")
    defender = "allies" if attacker == "axis" else "axis"
    target = camp.target(m.target)
    seats = (("allies", "allies"), ("axis", "axis"))
    planes: list[Plane] = []
    count = {"allies": 0, "axis": 0}

    def add(side: str, key: str, loaded: bool) -> None:
        count[side] += 1
        bomber = data.aircraft[key].is_bomber
        planes.append(Plane(id=f"{side}-{count[side]}", seat=side, side=side,
                            aircraft=key, bomber=bomber, loaded=loaded and not bomber))

    for _ in range(m.scale):
        for key in arrows[0].aircraft:
            add(attacker, key, True)
    interceptor = camp.campaign.interceptors.allies if defender == "allies" else (
        camp.campaign.interceptors.axis)
    if interceptor:
        for _ in range(m.scale):
            add(defender, interceptor, False)
    planes = fixed_aircraft(opts, planes)
    mission = Mission(campaign=m.campaign, target=m.target, attacker=attacker,
                      defender=defender, damaged=target.damaged * m.scale,
                      destroyed=target.destroyed * m.scale, flak=target.flak)
    state = DifState(options=opts, rng=rng, deck=Pile(deck), planes=tuple(planes),
                     seats=seats, phase="options", turns=camp.campaign.turns,
                     mission=mission)
    if not mission_options(state, attacker) and not mission_options(state, defender):
        return start_mission_planes(state, events)
    return state


def fixed_aircraft(opts: Options, planes: list[Plane]) -> list[Plane]:
    """The ``aircraft`` option in a mission (a book example's own aircraft): an id of the
    mission's planes gets that aircraft instead, a bomber for a bomber, a fighter for a
    fighter; the next ids of a side ("allies-2" after "allies-1") add aircraft to it."""
    data = dataset()
    out = list(planes)
    for pid, key in sorted(opts.aircraft.items()):
        if key not in data.aircraft:
            raise InvalidOptions(f"aircraft.{pid}: unknown aircraft {key!r}")
        side, _, n = pid.rpartition("-")
        bomber = data.aircraft[key].is_bomber
        known = [i for i, p in enumerate(out) if p.id == pid]
        if known:
            p = out[known[0]]
            if bomber != p.bomber:
                kind = "a bomber" if p.bomber else "a fighter"
                raise InvalidOptions(f"aircraft.{pid}: the mission flies {kind} there; "
                                     f"{data.aircraft[key].name} cannot replace it")
            out[known[0]] = replace(p, aircraft=key)
        elif side in ("allies", "axis") and n.isdigit() and \
                int(n) == 1 + sum(1 for p in out if p.side == side):
            out.append(Plane(id=pid, seat=side, side=side, aircraft=key, bomber=bomber))
        else:
            ids = ", ".join(p.id for p in out)
            raise InvalidOptions(f"aircraft: no plane {pid!r} in this mission ({ids}), nor "
                                 f"the next of its side")
    return out


# -- the campaign options ----------------------------------------------------------------------
def mission_options(state: DifState, side: str) -> list[tuple[int, str]]:
    """Book § Options: one option per mission, each once a campaign (the ones
    already used are given in the mission options' ``used``, kept by the campaign)."""
    assert state.mission is not None
    camp = dataset().campaigns[state.mission.campaign]
    out: list[tuple[int, str]] = []
    used = set(state.options.mission.used)
    for opt in camp.options:
        if opt.side != side or f"{side}:{opt.number}" in used:
            continue
        kinds = {e.kind for e in opt.effects}
        if "altitude" in kinds:
            out += [(opt.number, "up"), (opt.number, "down")]
        elif "winds" in kinds:
            out += [(opt.number, "more"), (opt.number, "fewer")]
        else:
            out.append((opt.number, ""))
    return out


def choosing_options(state: DifState) -> tuple[str, ...]:
    """The sides still to choose their option in secret."""
    m = state.mission
    assert m is not None
    return tuple(side for side in (m.attacker, m.defender)
                 if not state.sealed.has(side) and mission_options(state, side))


class OptionChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"option": n, "choice": "" | "up" | "down" | "more" | "fewer"}``"""

    option: int
    choice: str


class MissionOption(PromptKind[DifState, OptionChoice]):
    """Book § Options: each side chooses one of its options in secret."""

    kind = "option"
    decision = OptionChoice
    rule = f"{R} § Options"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[OptionChoice]:
        return [OptionChoice(n, c) for n, c in mission_options(state, seat)]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: OptionChoice,
              events: list[Event]) -> DifState:
        m = state.mission
        assert m is not None
        state = replace(state, sealed=state.sealed.seal(
            seat, f"{decision.option}|{decision.choice}"))
        events.append(Event("option-chosen", {"side": seat, "option": decision.option,
                                              "choice": decision.choice}, to=(seat,)))
        events.append(Event("option-sealed", {"side": seat}))
        if choosing_options(state):
            return pop(state)
        chosen = []
        for side, text in state.sealed.orders:
            number, _, ch = text.partition("|")
            chosen.append((side, int(number), ch))
        state = replace(state, mission=replace(m, options=tuple(chosen)), sealed=type(
            state.sealed)())
        events.append(Event("options-revealed", {"options": [
            {"side": s, "option": n, "choice": c} for s, n, c in chosen]}))
        return pop(start_mission_planes(state, events))


def start_mission_planes(state: DifState, events: list[Event]) -> DifState:
    """Apply the revealed options (book § Options), set the bombers' altitude
    (book § Altitude des bombardiers), deal the fighters' hands."""
    data = dataset()
    scale = state.options.mission.scale
    planes = list(state.planes)
    count = {s: sum(1 for p in planes if p.side == s) for s in ("axis", "allies")}
    turns = state.turns
    for side, eff, ch in effects(state):
        if eff.kind in ("fighter", "bomber"):
            for _ in range(eff.count * scale):
                count[side] += 1
                planes.append(Plane(id=f"{side}-{count[side]}", seat=side, side=side,
                                    aircraft=eff.aircraft,
                                    bomber=data.aircraft[eff.aircraft].is_bomber))
        elif eff.kind == "winds":
            turns = max(1, turns + (eff.value if ch == "more" else -eff.value))
    alt_shift = {side: (1 if ch == "up" else -1) for side, eff, ch in effects(state)
                 if eff.kind == "altitude"}
    out = []
    for p in planes:
        if p.bomber:
            level = ALTITUDES.index(data.aircraft[p.aircraft].altitude or "medium")
            level = min(4, max(0, level + alt_shift.get(p.side, 0)))
            p = replace(p, altitude=level)
        out.append(p)
    state = init_aces(replace(state, planes=tuple(out), turns=turns))
    state = deal(state, [p.id for p in state.planes], events)
    for side, eff, _ch in effects(state):
        if eff.kind == "sun-at-your-back":
            for p in state.planes:
                if p.side == side and not is_bomber(p):
                    state = draw(state, p.id, eff.value, events, cap=False)
        elif eff.kind == "late":
            state = replace(state, planes=tuple(
                replace(p, late=True) if p.side != side and not is_bomber(p)
                else p for p in state.planes))
        elif eff.kind == "shortage":
            for p in state.planes:
                if p.side != side:
                    state = hit(state, p.id, eff.value, "", events)
        elif eff.kind == "vital-mission":
            m2 = state.mission
            assert m2 is not None
            state = replace(state, mission=replace(m2, vital=(*m2.vital, side)))
    return replace(state, phase="altitude")


# -- flak --------------------------------------------------------------------------------------
class FlakChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"flak": "scattered" | "normal" | "tight"}``"""

    flak: str


class Flak(PromptKind[DifState, FlakChoice]):
    """Book § Sélectionnez le Schéma de Flak: the defender's secret choice."""

    kind = "flak"
    decision = FlakChoice
    rule = f"{R} § Sélectionnez le Schéma de Flak"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[FlakChoice]:
        return [FlakChoice(f) for f in dataset().tables.patterns]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: FlakChoice,
              events: list[Event]) -> DifState:
        m = state.mission
        assert m is not None
        state = replace(state, mission=replace(m, flak_pattern=decision.flak))
        events.append(Event("flak-chosen", {"pattern": decision.flak}, to=(seat,)))
        events.append(Event("flak-sealed", {}))
        return pop(replace(state, phase="formation" if formation_level(state) >= 0
                           else "start"))


# -- bombing -----------------------------------------------------------------------------------
def unpatterned(state: DifState) -> list[Plane]:
    """The attacker's bombers still flying that have no bombing pattern yet."""
    m = state.mission
    if m is None:
        return []
    return [p for p in state.planes if p.side == m.attacker and in_play(p)
            and is_bomber(p) and not p.pattern]


class BombingChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"plane": "<bomber>", "pattern": "scattered" | "normal" | "tight"}``"""

    plane: str
    pattern: str


class Bombing(PromptKind[DifState, BombingChoice]):
    """Book § Sélectionnez le Schéma de Bombardement: one pattern per bomber."""

    kind = "bombing"
    decision = BombingChoice
    rule = f"{R} § Sélectionnez le Schéma de Bombardement"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[BombingChoice]:
        return [BombingChoice(frame.data["plane"], f) for f in dataset().tables.patterns]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: BombingChoice,
              events: list[Event]) -> DifState:
        p = plane(state, decision.plane)
        state = put(state, replace(p, pattern=decision.pattern))
        events.append(Event("bombing-pattern", {"plane": p.id, "pattern": decision.pattern}))
        return pop(state)  # the last pattern chosen, turn.proceed bombs


def bomb(state: DifState, events: list[Event]) -> DifState:
    """Book § Résoudre la Flak, § Bombarder la cible: the flak pattern is revealed,
    flak hits the bombers whose pattern it catches (it cannot be avoided), then
    every surviving bomber drops its bombs. Patterns: ``data/rules.toml``."""
    data = dataset()
    patterns = data.tables.patterns
    m = state.mission
    assert m is not None
    flak = m.flak
    bomb_mod = 0
    for side, eff, _ch in effects(state):
        if eff.kind == "flak":
            flak += eff.value if side == m.defender else -eff.value
        if eff.kind == "bombs":
            bomb_mod += eff.value if side == m.attacker else -eff.value
    flak = max(0, flak)
    events.append(Event("flak-revealed", {"pattern": m.flak_pattern, "flak": flak}))
    caught = patterns[m.flak_pattern]
    for p in state.planes:
        if (p.side == m.attacker and in_play(p) and p.pattern
                and patterns[p.pattern].rank >= caught.rank):
            hits = caught.times(flak)
            if hits:
                events.append(Event("flak", {"plane": p.id, "hits": hits}))
                state = hit(state, p.id, hits, "", events)
    bombs = 0
    for p in state.planes:
        if p.side == m.attacker and in_play(p) and p.pattern:
            a = data.aircraft[p.aircraft]
            hurt = p.damage >= stats(state, p).airframe[0]
            load = max(0, (a.bombs[1] if hurt else a.bombs[0]) + bomb_mod)
            dropped = patterns[p.pattern].times(load)
            bombs += dropped
            events.append(Event("bombs", {"plane": p.id, "bombs": dropped}))
    status = ("destroyed" if bombs >= m.destroyed else
              "damaged" if bombs >= m.damaged else "intact")
    events.append(Event("target", {"target": m.target, "bombs": bombs, "status": status}))
    return replace(state, mission=replace(m, bombs=bombs, status=status))


def score_mission(state: DifState, events: list[Event]) -> DifState:
    """Book § Déterminer le succès de la mission, § Tableau des points de victoire,
    § Options (Rest, Press, Pilot Names, Vital Mission), § Augmenter l'échelle."""
    m = state.mission
    assert m is not None
    status = m.status or "intact"
    vp = {"axis": 0, "allies": 0}
    if status == "intact":
        vp[m.defender] += m.destroyed
    else:
        vp[m.attacker] += m.damaged if status == "damaged" else m.destroyed
    for p in state.planes:
        if p.down:
            foe = "allies" if p.side == "axis" else "axis"
            vp[foe] += value(p)
    for side, eff, _ch in effects(state):
        if eff.kind == "rest":
            vp[side] += eff.value
        elif eff.kind == "press":
            vp[side] -= eff.value
        elif eff.kind == "pilot-names":
            foe = "allies" if side == "axis" else "axis"
            if any(p.down and p.side == side and p.aircraft == eff.aircraft
                   for p in state.planes):
                vp[foe] += eff.value
    for side in m.vital:
        vp[side] *= 2
    scale = state.options.mission.scale
    vp = {k: v // scale for k, v in vp.items()}
    state = replace(state, mission=replace(m, status=status, vp=tuple(sorted(vp.items()))))
    events.append(Event("mission-vp", {"axis": vp["axis"], "allies": vp["allies"],
                                       "status": status}))
    return state
