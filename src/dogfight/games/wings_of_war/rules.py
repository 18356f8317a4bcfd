"""Rules of Wings of War Miniatures (book: ``000_caefe768ab735396.txt``, French;
``002_69123d8963e78446.txt``, Italian, settles doubtful sentences).

A turn (book § TOUR DE JEU): tailing is checked (optional rule), every seat plans
three cards per aircraft in secret, then three phases: the cards are revealed
together, the aircraft move together, fire orders are given in secret and all
damage is applied together. Section names in comments are the French book's.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from dogfight.core import (
    DataError,
    Decision,
    Event,
    Game,
    IllegalDecision,
    InvalidOptions,
    MalformedDecision,
    Outcome,
    Prompt,
    Rng,
    Seat,
    Side,
    Step,
    choice,
    new_rng,
    parse_options,
    randint,
    shuffle,
)
from dogfight.core.data import convert
from dogfight.core.rng import MAX_SEED
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.data import Card, WowData, card_end_pose, shipped
from dogfight.games.wings_of_war.state import (
    ELIMINATED,
    SHOT_DOWN,
    Area,
    DeckState,
    Field,
    FireOrder,
    FireSlot,
    Gun,
    Objective,
    Options,
    Plane,
    PlaneSetup,
    Progress,
    Shown,
    WowState,
)

BOOK = "000_caefe768ab735396.txt"
SCENARIOS = Path(__file__).parent / "scenarios"
ACTIVE = ("flying", "ground")
replace = msgspec.structs.replace


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: str
    source: str
    seats: dict[str, str]
    planes: list[PlaneSetup]
    area: Area | None = None
    description: str = ""
    fields: list[Field] = msgspec.field(default_factory=list)
    objectives: list[Objective] = msgspec.field(default_factory=list)
    rules: dict[str, bool] = msgspec.field(default_factory=dict)


def scenario_names() -> list[str]:
    return sorted(p.stem for p in SCENARIOS.glob("*.toml"))


def load_scenario(name: str) -> Scenario:
    path = SCENARIOS / f"{name}.toml"
    if not path.is_file():
        raise InvalidOptions(f"unknown scenario {name!r}; scenarios: "
                             f"{', '.join(scenario_names())}")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), "(syntax)", str(exc)) from None
    return convert(raw, Scenario, str(path))


class Drawn(msgspec.Struct, frozen=True, gc=False):
    """A damage card as it counts: substitutions may halve points or void symbols."""

    letter: str
    number: int
    points: int
    symbol: str


class WingsOfWar(Game[WowState]):
    id = "wings-of-war"
    title = "Wings of War Miniatures"
    version = "1"
    board = "table"
    summary = ("WW1 dogfights: three secret maneuver cards per turn, moves on a continuous "
               "table, ruler fire, damage decks; every optional rule switchable.")

    @property
    def data_(self) -> WowData:
        return shipped()

    # ==================================================================== set-up
    def setup(self, options: Mapping[str, Any], rng: Rng) -> WowState:
        opts = parse_options(options, Options)
        if not 1 <= opts.max_turns <= 500:
            raise InvalidOptions(f"max_turns must be from 1 to 500, got {opts.max_turns}")
        variants = [name for name in ("forced_dive", "flying_higher", "cloud_cover")
                    if getattr(opts.rules, name)]
        if variants and not opts.rules.altitude:
            raise InvalidOptions(f"{', '.join(variants)}: the altitude variants need the "
                                 f"altitude rules (book § VARIANTES SUPPLÉMENTAIRES POUR "
                                 f"L'ALTITUDE)")
        if opts.floor and not opts.rules.flying_higher:
            raise InvalidOptions("a floor above 0 is the flying higher variant "
                                 "(rules.flying_higher)")
        if not 0 <= opts.floor <= 11:
            raise InvalidOptions(f"floor must be from 0 to 11, got {opts.floor}")
        data = self.data_
        scenario = load_scenario(opts.scenario)
        required = {name: True for name, on in scenario.rules.items() if on}
        if required:  # a scenario may need rules (a pick-up needs the altitude rules)
            try:
                opts = replace(opts, rules=replace(opts.rules, **required))
            except TypeError:
                raise InvalidOptions(f"scenario {opts.scenario}: unknown rules "
                                     f"{sorted(required)}") from None
        setups = list(opts.planes if opts.planes is not None else scenario.planes)
        seat_sides = dict(opts.seats if opts.seats is not None else scenario.seats)
        area = opts.area or scenario.area or Area(data.table.play_area.width,
                                                  data.table.play_area.height)
        if not setups:
            raise InvalidOptions("a game needs aircraft")
        for plane_id in opts.aircraft:
            if plane_id not in {p.id for p in setups}:
                raise InvalidOptions(f"aircraft: no plane {plane_id!r} in the scenario "
                                     f"(planes: {', '.join(p.id for p in setups)})")
        if len({p.id for p in setups}) != len(setups):
            raise InvalidOptions("plane ids must be unique")
        if len({side for side in seat_sides.values()}) < 2:
            raise InvalidOptions("a game needs seats on two sides")
        planes = []
        for setup in setups:
            key = opts.aircraft.get(setup.id, setup.aircraft)
            if key not in data.aircraft:
                raise InvalidOptions(f"plane {setup.id}: unknown aircraft {key!r}; known: "
                                     f"{', '.join(sorted(data.aircraft))}")
            if setup.seat not in seat_sides:
                raise InvalidOptions(f"plane {setup.id}: no seat {setup.seat!r}")
            if not geo.inside(geo.Pose(setup.x, setup.y, 0), area.width, area.height):
                raise InvalidOptions(f"plane {setup.id}: its stand is off the table")
            aircraft = data.aircraft[key]
            low, high = (max(1, opts.floor), min(opts.floor + 3, aircraft.max_altitude)) \
                if opts.rules.flying_higher else (1, 3)
            if setup.on_ground and not opts.rules.altitude:
                raise InvalidOptions(f"plane {setup.id}: starting on the ground needs the "
                                     f"altitude rules")
            if opts.rules.altitude and not setup.on_ground and \
                    not low <= setup.altitude <= high:
                raise InvalidOptions(
                    f"plane {setup.id} ({aircraft.name}): the starting altitude is from "
                    f"{low} to {high} (book § ALTITUDE, § VOLER PLUS HAUT), "
                    f"got {setup.altitude}")
            pose = geo.Pose(round(setup.x, 2), round(setup.y, 2), setup.heading % 360)
            planes.append(Plane(
                id=setup.id, seat=setup.seat, side=seat_sides[setup.seat], aircraft=key,
                deck=aircraft.maneuver_deck, pose=pose,
                status="ground" if setup.on_ground else "flying",
                altitude=0 if setup.on_ground else setup.altitude if opts.rules.altitude else 1,
                front=Gun(aircraft.damage_front) if aircraft.damage_front else None,
                rear=Gun(aircraft.damage_rear) if aircraft.damage_rear else None))
        for seat in seat_sides:
            if not any(p.seat == seat for p in planes):
                raise InvalidOptions(f"seat {seat!r} has no aircraft")
        decks = []
        for letter in opts.stacked_damage:
            if letter not in data.damage:
                raise InvalidOptions(f"stacked_damage: no damage deck {letter!r}")
        for letter, cards in sorted(data.damage.items()):
            numbers = [c.number for c in cards
                       if not (opts.rules.tournament and c.symbol == "explosion")]
            shuffled, rng = shuffle(rng, numbers)
            top = opts.stacked_damage.get(letter, [])
            if len(set(top)) != len(top) or any(n not in numbers for n in top):
                raise InvalidOptions(f"stacked_damage.{letter}: card numbers must be distinct "
                                     f"cards of the deck (1 to {len(cards)})")
            rest = tuple(n for n in shuffled if n not in top)
            decks.append(DeckState(letter, (*top, *rest)))
        fields = tuple(opts.fields if opts.fields is not None else scenario.fields)
        least = data.table.landing_field
        for field in fields:
            if field.length < least.length or field.width < least.width:
                raise InvalidOptions(f"a landing field is at least {least.width:g} x "
                                     f"{least.length:g} mm (book: 002_69123d8963e78446.txt "
                                     f"§ Atterraggio), got {field.width:g} x {field.length:g}")
        for p in planes:
            if p.status == "ground" and not any(
                    geo.in_rectangle(p.pose, f.x, f.y, f.length, f.width, f.heading)
                    for f in fields):
                raise InvalidOptions(f"plane {p.id} starts on the ground outside a landing "
                                     f"field")
        cloud = None
        if opts.rules.cloud_cover:
            cloud = opts.cloud_level if opts.cloud_level is not None else opts.floor + 4
            if cloud <= opts.floor + 3:
                raise InvalidOptions(f"the cloud cover is above the ceiling "
                                     f"({opts.floor + 3}), got {cloud}")
        objectives = tuple(scenario.objectives)
        progress = []
        for index, objective in enumerate(objectives):
            if objective.side not in seat_sides.values():
                raise InvalidOptions(f"objective {index + 1}: no side {objective.side!r}")
            flyers = [p for p in planes if p.side == objective.side]
            two_seaters = [p for p in flyers if p.rear is not None]
            progress += [Progress(index, p.id) for p in (two_seaters or flyers)]
        state = WowState(options=opts, rng=rng, seats=tuple(seat_sides.items()), area=area,
                         planes=tuple(planes), decks=tuple(decks), fields=fields,
                         floor=opts.floor, cloud_level=cloud, objectives=objectives,
                         progress=tuple(progress))
        events: list[Event] = []
        return self._begin_turn(state, events)

    def option_schema(self) -> Any:
        rules: dict[str, Any] = {name: {"type": "bool", "default": False, "title": title}
                                 for name, title in RULE_TITLES.items()}
        for variant in ("forced_dive", "flying_higher", "cloud_cover"):
            rules[variant]["requires"] = "altitude"
        return {
            "scenario": {"type": "choice", "choices": scenario_names(), "default": "duel"},
            "max_turns": {"type": "int", "default": 30, "min": 1, "max": 500},
            "rules": rules,
        }

    # ================================================================ who decides
    def seats(self, state: WowState) -> Mapping[Seat, Side]:
        return dict(state.seats)

    def pending(self, state: WowState) -> Mapping[Seat, Prompt]:
        out: dict[str, Prompt] = {}
        if state.step == "tail-choose":
            for p in state.planes:
                if p.tail_candidates and p.tailing is None:
                    out.setdefault(p.seat, Prompt("tail", "Choose the enemy you tail this turn"))
        elif state.step == "plan":
            for p in state.planes:
                if p.status in ACTIVE and len(p.plan) < 3:
                    out.setdefault(p.seat, Prompt("plan", "Plan three maneuver cards"))
        elif state.step == "vote":
            assert state.proposal is not None
            voted = {seat for seat, _ in state.votes}
            for seat, _ in state.seats:
                if seat != state.proposal[0] and seat not in voted:
                    out[seat] = Prompt("vote", f"{state.proposal[0]} proposes the floor "
                                               f"{state.proposal[1]}: agree?",
                                       {"floor": state.proposal[1]})
        elif state.step == "ground-move":
            for plane_id in state.ground_moves:
                seat = self._plane(state, plane_id).seat
                out.setdefault(seat, Prompt("ground-move", "Turn your aircraft on the ground"))
        elif state.step == "tail-reorder":
            tailer = self._plane(state, state.tail_queue[0])
            out[tailer.seat] = Prompt("reorder", "You saw the tailed plane's card: order yours")
        elif state.step == "fire":
            for slot in state.fire_slots:
                seat = self._plane(state, slot.plane).seat
                out.setdefault(seat, Prompt("fire", "Choose your targets (or hold fire)"))
        return out

    def legal(self, state: WowState, seat: Seat) -> Sequence[Decision]:
        if seat not in self.pending(state):
            return []
        if state.step == "tail-choose":
            return [{"plane": p.id, "tail": t} for p in state.planes
                    if p.seat == seat and p.tail_candidates and p.tailing is None
                    for t in p.tail_candidates]
        if state.step == "plan":
            cards: list[Decision] = [{"plane": p.id, "card": n} for p in state.planes
                                     if p.seat == seat and p.status in ACTIVE
                                     and len(p.plan) < 3
                                     for n in self._available_cards(state, p)]
            return cards + [{"floor": f} for f in self._floors(state, seat)]
        if state.step == "vote":
            return [{"agree": True}, {"agree": False}]
        if state.step == "ground-move":
            return [{"plane": pid, "heading": h} for pid in state.ground_moves
                    if self._plane(state, pid).seat == seat for h in range(0, 360, 15)]
        if state.step == "tail-reorder":
            tailer = self._plane(state, state.tail_queue[0])
            rest = tailer.plan[state.phase - 1:]
            return [{"plane": tailer.id, "order": list(order)}
                    for order in dict.fromkeys(itertools.permutations(rest))]
        out: list[Decision] = []
        for slot in state.fire_slots:
            if self._plane(state, slot.plane).seat == seat:
                out += [{"plane": slot.plane, "arc": slot.arc, "target": t}
                        for t, _ in slot.targets]
                out.append({"plane": slot.plane, "arc": slot.arc, "hold": True})
        return out

    def _floors(self, state: WowState, seat: Seat) -> list[int]:
        """Floors a seat may propose before the turn's planning (book § VOLER PLUS HAUT):
        every aircraft still flying between the new floor and ceiling."""
        if (not state.options.rules.flying_higher or seat in state.proposed
                or any(p.plan for p in state.planes)):
            return []
        levels = [p.altitude for p in state.planes if p.status == "flying"]
        if not levels:
            return []
        return [f for f in range(max(0, max(levels) - 3), min(levels) + 1)
                if f != state.floor and f <= 11
                and (not state.options.rules.cloud_cover or state.cloud_level is None
                     or f + 3 < state.cloud_level)]

    def _available_cards(self, state: WowState, plane: Plane) -> list[int]:
        deck = self.data_.decks[plane.deck]
        return [c.number for c in deck.cards if c.number not in plane.plan
                and (state.options.rules.altitude or c.kind not in ("climb", "dive"))]

    def validate(self, state: WowState, seat: Seat, decision: Decision) -> None:
        step = state.step
        keys = {"tail-choose": {"plane", "tail"}, "plan": {"plane", "card"},
                "tail-reorder": {"plane", "order"}, "fire": {"plane", "arc", "target"},
                "vote": {"agree"}, "ground-move": {"plane", "heading"}}
        if step not in keys:
            raise IllegalDecision("the game is over")
        if step == "plan" and set(decision) == {"floor"}:
            if decision["floor"] not in self._floors(state, seat):
                raise IllegalDecision(
                    f"the floor cannot be changed to {decision['floor']!r} now; possible: "
                    f"{self._floors(state, seat) or 'none'}",
                    rule=f"book: {BOOK} § VOLER PLUS HAUT")
            return
        if step == "vote":
            if set(decision) != {"agree"} or not isinstance(decision["agree"], bool):
                raise MalformedDecision("a vote is {'agree': true} or {'agree': false}")
            return
        if step == "fire" and set(decision) == {"plane", "arc", "hold"}:
            if decision["hold"] is not True:
                raise MalformedDecision("'hold' is true (to hold fire) or absent")
        elif set(decision) != keys[step]:
            hold = " (or plane, arc and hold = true)" if step == "fire" else ""
            raise MalformedDecision(f"a {PROMPT_NAMES[step]} decision has the keys "
                                    f"{sorted(keys[step])}{hold}, got {sorted(decision)}")
        plane_id = decision["plane"]
        plane = self._find(state, plane_id)
        if plane is None:
            raise IllegalDecision(f"there is no plane {plane_id!r}")
        if plane.seat != seat:
            raise IllegalDecision(f"plane {plane_id!r} is not flown by seat {seat!r}")
        if step == "plan":
            self._validate_plan(state, plane, decision["card"])
        elif step == "ground-move":
            heading = decision["heading"]
            if plane_id not in state.ground_moves:
                raise IllegalDecision(f"{plane_id} cannot be moved on the ground now",
                                      rule=f"book: {BOOK} § Avions au sol")
            if isinstance(heading, bool) or not isinstance(heading, int) or heading % 15 \
                    or not 0 <= heading < 360:
                raise IllegalDecision("the heading is a multiple of 15 from 0 to 345")
        elif step == "tail-choose":
            if plane.tailing is not None or not plane.tail_candidates:
                raise IllegalDecision(f"{plane_id} has no tailing choice to make")
            if decision["tail"] not in plane.tail_candidates:
                raise IllegalDecision(
                    f"{plane_id} cannot tail {decision['tail']!r}; it may tail "
                    f"{', '.join(plane.tail_candidates)}", rule=f"book: {BOOK} § POURSUITE")
        elif step == "tail-reorder":
            if plane.id != state.tail_queue[0]:
                raise IllegalDecision(f"{plane_id} has no cards to reorder now")
            order = decision["order"]
            rest = list(plane.plan[state.phase - 1:])
            if not isinstance(order, list) or sorted(order) != sorted(rest):
                raise IllegalDecision(f"the new order must use exactly the cards left: {rest}",
                                      rule=f"book: {BOOK} § POURSUITE")
        else:
            slot = next((s for s in state.fire_slots
                         if s.plane == plane_id and s.arc == decision["arc"]), None)
            if slot is None:
                raise IllegalDecision(f"{plane_id} has no {decision['arc']!r} gun to fire now")
            target = decision.get("target")
            if target is not None and target not in {t for t, _ in slot.targets}:
                reachable = ", ".join(t for t, _ in slot.targets) or "none"
                raise IllegalDecision(
                    f"{plane_id} cannot fire at {target!r} with its {slot.arc} gun "
                    f"(in arc, in range, not blocked: {reachable})", rule=f"book: {BOOK} § TIR")

    def _validate_plan(self, state: WowState, plane: Plane, card: Any) -> None:
        if plane.status not in ACTIVE or len(plane.plan) >= 3:
            raise IllegalDecision(f"{plane.id} has planned its three cards")
        if isinstance(card, bool) or not isinstance(card, int):
            raise MalformedDecision(f"'card' is a card number, got {card!r}")
        deck = self.data_.decks[plane.deck]
        if not 1 <= card <= len(deck.cards):
            raise IllegalDecision(f"deck {plane.deck} has cards 1 to {len(deck.cards)}, "
                                  f"not {card}")
        if card in plane.plan:
            raise IllegalDecision(f"card {card} is already planned this turn",
                                  rule=f"book: {BOOK} § PROGRAMMATION")
        if deck.cards[card - 1].kind in ("climb", "dive") and not state.options.rules.altitude:
            raise IllegalDecision("climb and dive cards are removed without the altitude rules",
                                  rule=f"book: {BOOK} § PREPARATION")

    # ================================================================= decisions
    def apply(self, state: WowState, seat: Seat, decision: Decision) -> Step[WowState]:
        events: list[Event] = []
        if state.step == "plan" and "floor" in decision:
            floor = decision["floor"]
            events.append(Event("floor-proposed", {"seat": seat, "floor": floor}))
            return Step(replace(state, step="vote", proposal=(seat, floor), votes=(),
                                proposed=(*state.proposed, seat)), tuple(events))
        if state.step == "vote":
            assert state.proposal is not None
            votes = (*state.votes, (seat, bool(decision["agree"])))
            events.append(Event("vote", {"seat": seat, "agree": decision["agree"]}))
            floor = state.proposal[1]
            state = replace(state, votes=votes)
            if len(votes) < len(state.seats) - 1:
                return Step(state, tuple(events))
            if all(agree for _, agree in votes):
                events.append(Event("floor-changed", {"floor": floor, "ceiling": floor + 3}))
                state = replace(state, floor=floor)
            else:
                events.append(Event("floor-refused", {"floor": floor}))
            return Step(replace(state, step="plan", proposal=None, votes=()), tuple(events))
        plane = self._plane(state, decision["plane"])
        if state.step == "ground-move":
            pose = geo.Pose(plane.pose.x, plane.pose.y, decision["heading"])
            state = self._put(state, replace(plane, pose=pose))
            events.append(Event("turned-on-ground", {"plane": plane.id,
                                                     "heading": pose.heading}))
            state = replace(state, ground_moves=tuple(
                pid for pid in state.ground_moves if pid != plane.id))
            if not state.ground_moves:
                state = self._fly(state, events)
            return Step(state, tuple(events))
        if state.step == "plan":
            card = self.data_.card(plane.deck, decision["card"])
            plane = replace(plane, plan=(*plane.plan, card.number))
            state = self._put(state, plane)
            events.append(Event("planned", {"plane": plane.id, "slot": len(plane.plan),
                                            "card": card.number, "name": card.name},
                                to=(seat,)))
            events.append(Event("card-planned", {"plane": plane.id, "slot": len(plane.plan)}))
            if any(p.status in ACTIVE and len(p.plan) < 3 for p in state.planes):
                return Step(state, tuple(events))
            state = self._before_first_reveal(state, events)
        elif state.step == "tail-choose":
            state = self._put(state, replace(plane, tailing=decision["tail"], tail_candidates=()))
            events.append(Event("tailing", {"plane": plane.id, "target": decision["tail"]}))
            if not any(p.tail_candidates and p.tailing is None for p in state.planes):
                state = replace(state, step="plan")
        elif state.step == "tail-reorder":
            new_plan = (*plane.plan[:state.phase - 1], *decision["order"])
            state = self._put(state, replace(plane, plan=new_plan))
            events.append(Event("reordered", {"plane": plane.id, "order": decision["order"]},
                                to=(seat,)))
            events.append(Event("tail-reordered", {"plane": plane.id}))
            state = replace(state, tail_queue=state.tail_queue[1:])
            state = self._next_reorder_or_fly(state, events)
        else:
            slot = next(s for s in state.fire_slots
                        if s.plane == plane.id and s.arc == decision["arc"])
            target = decision.get("target")
            cards = next((n for t, n in slot.targets if t == target), 0)
            order = FireOrder(plane.id, slot.arc, target, cards)
            slots = tuple(s for s in state.fire_slots if s is not slot)
            state = replace(state, fire_slots=slots, fire_orders=(*state.fire_orders, order))
            events.append(Event("fire-order", {"plane": plane.id, "arc": order.arc,
                                               "target": order.target}, to=(seat,)))
            events.append(Event("fire-sealed", {"plane": plane.id, "arc": order.arc}))
            if not slots:
                state = self._after_fire(state, events)
        return Step(state, tuple(events))

    # ================================================================ turn flow
    def _begin_turn(self, state: WowState, events: list[Event]) -> WowState:
        """Start of a turn: who tails whom (book § POURSUITE), then planning."""
        state = replace(state, phase=0, step="plan", shown=(), tail_queue=())
        planes = []
        for p in state.planes:
            planes.append(replace(p, plan=(), executed=(), executed_steep=(), tailing=None,
                                  tail_candidates=()))
        state = replace(state, planes=tuple(planes))
        if not state.options.rules.tailing:
            return state
        for p in state.planes:
            candidates = self._tail_candidates(state, p)
            if len(candidates) == 1:
                state = self._put(state, replace(p, tailing=candidates[0]))
                events.append(Event("tailing", {"plane": p.id, "target": candidates[0]}))
            elif candidates:
                state = self._put(state, replace(p, tail_candidates=tuple(candidates)))
        if any(p.tail_candidates for p in state.planes):
            state = replace(state, step="tail-choose")
        return state

    def _tail_candidates(self, state: WowState, p: Plane) -> list[str]:
        # smoke and flames stop tailing for the rest of the turn and the two next ones: a
        # burning plane's last counter goes before the first reveal (book § DÉGÂTS SPÉCIAUX)
        burning = p.fire > (1 if state.phase == 0 else 0)
        if p.status != "flying" or p.smoke or burning or p.in_cloud:
            return []
        base, ruler = self.data_.table.base, self.data_.table.ruler
        out = []
        for t in state.planes:
            if t.side == p.side or t.status != "flying" or t.in_cloud:
                continue
            if state.options.rules.altitude and t.altitude not in (p.altitude, p.altitude - 1):
                continue  # same level, or the tailer one higher (book § ALTITUDE/POURSUITE)
            blockers = [o.pose for o in state.planes if o.id not in (p.id, t.id)
                        and o.status in ACTIVE and self._blocks(state, o, p, t)]
            if geo.can_tail(p.pose, t.pose, length=base.length, width=base.width,
                            ruler=ruler.length, blockers=blockers):
                out.append(t.id)
        return out

    def _blocks(self, state: WowState, other: Plane, shooter: Plane, target: Plane) -> bool:
        """Does ``other`` stand in the way of a line from shooter to target?"""
        base = self.data_.table.base
        if other.in_cloud or geo.bases_overlap(other.pose, shooter.pose, base.length,
                                               base.width):
            return False  # overlapping bases do not block each other (book § CHEVAUCHEMENT)
        if state.options.rules.altitude:
            # only aircraft at the same level block, and only at the same level
            # (book § VISÉE BLOQUÉE); between levels nothing blocks (derived)
            return target.altitude == shooter.altitude == other.altitude
        return True

    def _before_first_reveal(self, state: WowState, events: list[Event]) -> WowState:
        """Flames burn before the first card is shown (book § DÉGÂTS SPÉCIAUX), then
        tailed planes show their card."""
        burning = [p for p in state.planes if p.status in ACTIVE and p.fire > 0]
        drawn: dict[str, list[Drawn]] = {}
        for p in burning:
            if p.status == "ground":  # the ground crew fight the fire (book § Feu au sol)
                state, tried = self._draw(state, "A", events)
                state = self._discard(state, tried)
                if tried[0].points == 0:
                    p = replace(p, fire=p.fire - 1)
                    events.append(Event("fire-fought", {"plane": p.id, "counters": p.fire}))
                    state = self._put(state, p)
                    if not p.fire:
                        continue
            state = self._put(state, replace(p, fire=p.fire - 1))
            events.append(Event("flames", {"plane": p.id, "counters": p.fire - 1}))
            state, cards = self._draw(state, "A", events)
            drawn[p.id] = [replace(c, symbol=c.symbol if c.symbol == "explosion" else "none")
                           for c in cards]
        if drawn:
            state = self._apply_damage(state, drawn, {}, events)
            state = replace(state, planes=tuple(
                replace(p, interrupted=p.interrupted or p.hit_this_phase, hit_this_phase=False)
                for p in state.planes))
            state = self._check_end(state, events)
            if state.step == "over":
                return state
        state = replace(state, phase=1)
        return self._queue_tailing(state, events)

    def _queue_tailing(self, state: WowState, events: list[Event]) -> WowState:
        """Before revealing card ``phase`` (1 or 2), every tailer still in position sees
        its target's card and may reorder its own (book § POURSUITE)."""
        if not state.options.rules.tailing or state.phase > 2:
            return self._next_reorder_or_fly(replace(state, tail_queue=()), events)
        queue = []
        for p in state.planes:
            if p.tailing is None:
                continue
            target = self._plane(state, p.tailing)
            still = (p.status == "flying" and target.status == "flying" and not p.smoke
                     and not p.fire and (state.phase == 1 or
                                         p.tailing in self._tail_candidates(state, p)))
            if not still:
                state = self._put(state, replace(p, tailing=None))
                events.append(Event("tailing-lost", {"plane": p.id, "target": target.id}))
            elif not (state.options.rules.interruption and p.interrupted):
                queue.append(p.id)
        # a chain is shown from its front: a tailer whose target also tails goes after it
        ordered: list[str] = []
        while queue:
            for pid in list(queue):
                tailed = self._plane(state, pid).tailing
                if tailed not in queue or all(q == pid for q in queue):
                    ordered.append(pid)
                    queue.remove(pid)
                    break
            else:  # a circle: break it in table order
                ordered.append(queue.pop(0))
        state = replace(state, tail_queue=tuple(ordered))
        return self._next_reorder_or_fly(state, events)

    def _next_reorder_or_fly(self, state: WowState, events: list[Event]) -> WowState:
        if not state.tail_queue:
            movers = tuple(p.id for p in state.planes if state.phase == 2
                           and p.status == "ground" and p.immobile_until < state.turn
                           and not p.landing and not p.takeoff
                           and p.landed_turn != state.turn)
            if movers:  # before phase 2, aircraft on the ground turn freely (book § Avions
                return replace(state, step="ground-move", ground_moves=movers)  # au sol)
            return self._fly(state, events)
        tailer = self._plane(state, state.tail_queue[0])
        target = self._plane(state, str(tailer.tailing))
        card_number = target.plan[state.phase - 1]
        card = self.data_.card(target.deck, card_number)
        events.append(Event("shown", {"tailer": tailer.id, "target": target.id,
                                      "phase": state.phase, "card": card_number,
                                      "name": card.name}, to=(tailer.seat,)))
        events.append(Event("tail-shown", {"tailer": tailer.id, "target": target.id,
                                           "phase": state.phase}))
        shown = Shown(tailer.id, target.id, state.phase, card_number)
        return replace(state, step="tail-reorder", shown=(*state.shown, shown))

    # ------------------------------------------------------------------ a phase
    def _fly(self, state: WowState, events: list[Event]) -> WowState:
        """Reveal card ``phase`` of every aircraft, move them together, then fire."""
        k = state.phase
        state = replace(state, phase_count=state.phase_count + 1, ground_moves=())
        data = self.data_
        base = data.table.base
        starts = {p.id: p.pose for p in state.planes}
        targets: dict[str, geo.Pose] = {}
        for p in state.planes:
            if p.status not in ACTIVE:
                continue
            card = data.card(p.deck, p.plan[k - 1])
            if p.in_cloud:
                state = self._cloud_card(state, p, card, events)
                continue
            if p.status == "ground" and not self._ground_card_counts(state, p, card):
                events.append(Event("card-ignored", {"phase": k, "plane": p.id}))
                continue
            events.append(Event("revealed", {"phase": k, "plane": p.id, "card": card.number,
                                             "name": card.name}))
            flown = self._legal_or_straight(state, p, card, k, events)
            if flown is None:
                state = self._put(state, replace(self._plane(state, p.id),
                                                 status="out-of-control"))
                continue
            card, kind, steep = flown
            p = replace(p, executed=(*p.executed, kind),
                        executed_steep=(*p.executed_steep, steep))
            dx, dy, turn = card_end_pose(card, base.length)
            targets[p.id] = geo.moved(p.pose, dx, dy, turn)
            state = self._put(state, p)
        state = self._resolve_collisions(state, starts, targets, events)
        for p in state.planes:
            if p.id not in targets or p.status not in ACTIVE:
                continue
            state = self._arrive(state, p, targets[p.id], events)
        state = self._missions(state, events)
        state = self._check_end(state, events)
        if state.step == "over":
            return state
        return self._open_fire(state, events)

    def _leave_table(self, state: WowState, p: Plane, events: list[Event]) -> WowState:
        """Off the table (book § SORTIR DE L'AIRE DE JEU); by its own edge with its
        mission done, the aircraft brings the mission home."""
        edge = ("west" if p.pose.x < 0 else "east" if p.pose.x > state.area.width
                else "south" if p.pose.y < 0 else "north")
        progress = list(state.progress)
        for i, pr in enumerate(progress):
            objective = state.objectives[pr.objective]
            if pr.plane == p.id and pr.achieved and objective.exit_edge == edge:
                progress[i] = replace(pr, home=True)
                events.append(Event("mission-accomplished", {"plane": p.id,
                                                             "mission": objective.kind}))
                state = replace(state, progress=tuple(progress))
                return self._put(state, replace(p, status="exited"))
        events.append(Event("left-table", {"plane": p.id}))
        return self._put(state, replace(p, status="left-table"))

    def _missions(self, state: WowState, events: list[Event]) -> WowState:
        """Mission progress at the end of each maneuver (derived: see Objective)."""
        if not state.progress:
            return state
        progress = list(state.progress)
        for i, pr in enumerate(progress):
            objective = state.objectives[pr.objective]
            p = self._plane(state, pr.plane)
            if pr.achieved or p.status not in ACTIVE:
                continue
            inside = (not p.in_cloud and geo.distance(p.pose, geo.Pose(objective.x,
                      objective.y, 0)) <= objective.radius)
            ok = inside and not (objective.needs_observer and p.observer_wounded)
            if ok and state.options.rules.altitude and objective.max_altitude is not None:
                ok = p.altitude <= objective.max_altitude
            if ok and objective.kind == "strafing":
                ok = p.status == "flying" and p.front is not None and p.front.silent == 0
            if objective.kind == "pickup":
                if ok and p.status == "ground" and p.landed_turn:
                    pr = replace(pr, landed=True)
                ok = pr.landed and p.status == "flying"
            elif p.status != "flying":
                ok = False
            pr = replace(pr, streak=pr.streak + 1 if ok else 0)
            if pr.streak >= objective.phases or (objective.kind == "pickup" and ok):
                pr = replace(pr, achieved=True, home=objective.exit_edge is None)
                events.append(Event("objective-achieved", {"plane": p.id,
                                                           "mission": objective.kind}))
                if pr.home:
                    events.append(Event("mission-accomplished", {"plane": p.id,
                                                                 "mission": objective.kind}))
            progress[i] = pr
        return replace(state, progress=tuple(progress))

    def _legal_or_straight(self, state: WowState, p: Plane, card: Card, k: int,
                           events: list[Event], secret: bool = False
                           ) -> tuple[Card, str, bool] | None:
        """The card as flown: an illegal one becomes a straight (book § PROGRAMMATION) or,
        with the optional rule, the aircraft goes out of control (None). ``secret``: in
        the clouds, only the owner learns which card it was."""
        reason = self._illegality(state, p, card, k)
        to = (p.seat,) if secret else None
        if reason and state.options.rules.illegal_maneuver:
            events.append(Event("illegal", {"plane": p.id, "card": card.number,
                                            "reason": reason, "result": "out of control"},
                                to=to))
            return None
        if reason:
            events.append(Event("illegal", {"plane": p.id, "card": card.number,
                                            "reason": reason, "result": "straight"}, to=to))
            straight = next(c for c in self.data_.decks[p.deck].cards if c.kind == "straight")
            return straight, "straight", False
        kind: str = card.kind
        if card.kind == "immelmann" and self._previous(p)[0] == "stall" \
                and state.options.rules.altitude:
            kind = "split-s"
        return card, kind, card.steep

    def _place(self, state: WowState, p: Plane, pose: geo.Pose,
               events: list[Event]) -> WowState:
        """The base put down at the end of a card; off the table if its stand is."""
        p = replace(p, pose=pose)
        events.append(Event("moved", {"plane": p.id, "x": pose.x, "y": pose.y,
                                      "heading": pose.heading}))
        if not geo.inside(pose, state.area.width, state.area.height):
            return self._leave_table(state, p, events)
        return self._put(state, p)

    def _arrive(self, state: WowState, p: Plane, pose: geo.Pose,
                events: list[Event]) -> WowState:
        """The aircraft at the end of its card: off the table, or altitude effects."""
        state = self._place(state, p, pose, events)
        p = self._plane(state, p.id)
        if state.options.rules.altitude and p.status in ACTIVE:
            state = self._altitude_effect(state, p, p.executed[-1], events)
        return state

    def _previous(self, p: Plane) -> tuple[str | None, bool]:
        """Kind and steepness of the maneuver flown just before the next one."""
        if p.executed:
            return p.executed[-1], p.executed_steep[-1]
        return p.last_kind, p.last_steep

    def _illegality(self, state: WowState, p: Plane, card: Card, k: int) -> str | None:
        """Why a revealed card may not be flown (book § PROGRAMMATION and the optional
        rules that forbid maneuvers), or None."""
        rules = state.options.rules
        prev_kind, prev_steep = self._previous(p)
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
            if prev_kind != "stall" or k == 3 or self.data_.card(
                    p.deck, p.plan[k]).kind != "straight":
                return "a dive after a steep maneuver is a forced dive: a stall before, " \
                       "a straight after"
            if not any(c.kind == "immelmann" for c in self.data_.decks[p.deck].cards):
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
                if self._would_exceed(state, p):
                    return f"it would take the aircraft above altitude {self._top(state, p)}"
        if card.kind == "climb":
            if "immelmann" in p.executed:
                return "no climb in the same turn as an Immelmann"
            if self._would_exceed(state, p):
                return f"it would take the aircraft above altitude {self._top(state, p)}"
        if card.kind == "dive" and "split-s" in p.executed:
            return "no dive in the same turn as a Split-S"
        if (rules.special_damage and p.rudder and p.rudder_turn == state.turn
                and card.direction == p.rudder):
            return f"the rudder is jammed: no maneuver to the {p.rudder} this turn"
        if (rules.special_damage and p.engine and p.engine_turn < state.turn and k == 3
                and card.kind != "stall" and "stall" not in p.executed):
            return "a damaged engine forces a stall every turn"
        return None

    @staticmethod
    def _stands(state: WowState, p: Plane) -> int:
        """Stands between base and model (book § ALTITUDE): the level above the floor
        plus one; none on the ground."""
        if not state.options.rules.altitude:
            return 1
        return 0 if p.status == "ground" else p.altitude - state.floor + 1

    def _top(self, state: WowState, p: Plane) -> int:
        """The highest level the aircraft may reach: 3 (book § ALTITUDE), or the ceiling
        and the aircraft's maximum (book § VOLER PLUS HAUT), or the clouds above."""
        rules = state.options.rules
        top = state.floor + 3
        if rules.flying_higher:
            top = min(top, self.data_.aircraft[p.aircraft].max_altitude)
        if rules.cloud_cover and state.cloud_level is not None:
            top = max(top, state.cloud_level)
        return top

    def _would_exceed(self, state: WowState, p: Plane) -> bool:
        climb = self.data_.aircraft[p.aircraft].climb
        return p.altitude >= self._top(state, p) and p.climb_counters + 1 >= climb

    def _altitude_effect(self, state: WowState, p: Plane, kind: str,
                         events: list[Event]) -> WowState:
        """Climb, dive, Immelmann and Split-S change levels (book § ALTITUDE, § PLONGÉE,
        § MONTER, § SPLIT-S); the ground and the variants (§ ATTERRISSAGE, DÉCOLLAGE ET
        ACCIDENTS, § PLONGÉE FORCÉE, § VOLER PLUS HAUT, § COUVERTURE NUAGEUSE)."""
        if p.status == "ground":
            return self._ground_roll(state, p, kind, events)
        rules = state.options.rules
        climb = self.data_.aircraft[p.aircraft].climb
        altitude, counters, forced = p.altitude, p.climb_counters, p.forced_dive
        bottom = state.floor
        if kind in ("climb", "immelmann"):
            counters += 1
            if counters >= climb:
                altitude, counters = altitude + 1, 0
        elif kind == "dive" and rules.forced_dive and p.executed[-2:-1] == ("stall",):
            if altitude <= bottom + 1:
                events.append(Event("crashed", {"plane": p.id, "reason": "forced dive too low"}))
                return self._put(state, replace(p, status="crashed"))
            altitude, counters, forced = altitude - 1, 0, True
        elif kind == "dive":
            if altitude == bottom and bottom == 0:
                counters = 0  # touches the ground (book § ATTERRISSAGE)
            elif altitude == bottom:
                events.append(Event("below-floor", {"plane": p.id}))
                return self._put(state, replace(p, status="left-table"))
            else:
                altitude -= 1
                counters = 1 if altitude == 0 else 0
        elif kind == "split-s":
            if altitude == 0 and counters <= 1:
                events.append(Event("crashed", {"plane": p.id, "reason": "Split-S at altitude 0"}))
                return self._put(state, replace(p, status="crashed"))
            if counters:
                counters -= 1
            elif altitude == 0:
                events.append(Event("crashed", {"plane": p.id, "reason": "Split-S at altitude 0"}))
                return self._put(state, replace(p, status="crashed"))
            elif altitude == bottom:
                events.append(Event("below-floor", {"plane": p.id}))
                return self._put(state, replace(p, status="left-table"))
            else:
                altitude, counters = altitude - 1, climb - 1
        elif kind == "straight" and forced:
            altitude, forced = altitude - 1, False  # the forced dive's second level
            counters = 1 if altitude == 0 else counters
        else:
            return state
        p = replace(p, altitude=altitude, climb_counters=counters, forced_dive=forced)
        events.append(Event("altitude", {"plane": p.id, "altitude": altitude,
                                         "counters": counters}))
        state = self._put(state, p)
        if rules.cloud_cover and state.cloud_level is not None \
                and altitude >= state.cloud_level:
            events.append(Event("in-clouds", {"plane": p.id}))
            return self._put(state, replace(p, in_cloud=True, cloud_stack=()))
        if altitude == 0 and counters == 0:
            if self._in_field(state, p.pose):
                events.append(Event("touched-down", {"plane": p.id}))
                return self._put(state, replace(p, status="ground", landing=1))
            # touched the ground away from a landing field: a crash, 4 A cards
            # (points, explosions and fire only), then immobile next turn
            return self._crash(state, p, 4, "touched the ground outside a landing field",
                               events)
        return state

    def _crash(self, state: WowState, p: Plane, cards: int, reason: str,
               events: list[Event]) -> WowState:
        """An accident (book § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS): A cards counting
        points, explosions and fire only; on the ground, immobile next turn."""
        events.append(Event("crashed", {"plane": p.id, "reason": reason, "cards": cards}))
        state = self._put(state, replace(p, status="ground", landing=0, takeoff=0,
                                         altitude=0, climb_counters=0,
                                         immobile_until=state.turn + 1))
        drawn: list[Drawn] = []
        for _ in range(cards):
            state, got = self._draw(state, "A", events)
            drawn += [replace(c, symbol=c.symbol if c.symbol in ("explosion", "fire")
                              else "none") for c in got]
        return self._apply_damage(state, {p.id: drawn}, {}, events, force_specials=True)

    def _ground_roll(self, state: WowState, p: Plane, kind: str,
                     events: list[Event]) -> WowState:
        """Take-off and landing roll on the ground, and their accidents: the stand out of
        the field after the stall (2 A cards) or the straight (3 A cards)."""
        inside = self._in_field(state, p.pose)
        for sequence in ("landing", "takeoff"):
            rule = GROUND_ROLL.get((sequence, getattr(p, sequence), kind))
            if rule is None:
                continue
            cards, what, following = rule
            if not inside:
                return self._crash(state, p, cards, f"{what} out of the field", events)
            if sequence == "landing" and following == 0:
                events.append(Event("landed", {"plane": p.id}))
                return self._put(state, replace(p, landing=0, landed_turn=state.turn))
            return self._put(state, replace(p, **{sequence: following}))
        if p.takeoff == 2 and kind == "climb":
            events.append(Event("took-off", {"plane": p.id}))
            return self._put(state, replace(p, status="flying", takeoff=0, altitude=0,
                                            climb_counters=1))
        return state

    def _ground_card_counts(self, state: WowState, p: Plane, card: Card) -> bool:
        """Is an aircraft on the ground's card flown? Not when immobile after a crash,
        after landing this turn (bluff cards), burning (no take-off), nor the cards
        before the take-off's stall, which is flown from a landing field only."""
        if p.immobile_until >= state.turn or p.landed_turn == state.turn or p.fire:
            return False
        if p.landing or p.takeoff:
            return True
        return card.kind == "stall" and self._in_field(state, p.pose)

    def _in_field(self, state: WowState, pose: geo.Pose) -> bool:
        return any(geo.in_rectangle(pose, f.x, f.y, f.length, f.width, f.heading)
                   for f in state.fields)

    def _cloud_card(self, state: WowState, p: Plane, card: Card,
                    events: list[Event]) -> WowState:
        """In the clouds the base stays put and the cards pile up, secret, until a dive
        or a Split-S: then the whole pile is flown at once, in order, and the aircraft
        comes out below the clouds (book § COUVERTURE NUAGEUSE). Each card is checked
        as it is flown into the pile (no climbing in the clouds)."""
        flown = self._legal_or_straight(state, p, card, state.phase, events, secret=True)
        if flown is None:
            return self._put(state, replace(p, status="out-of-control"))
        card, kind, steep = flown
        p = replace(p, cloud_stack=(*p.cloud_stack, card.number),
                    executed=(*p.executed, kind), executed_steep=(*p.executed_steep, steep))
        events.append(Event("cloud-card", {"plane": p.id, "card": card.number,
                                           "name": card.name}, to=(p.seat,)))
        events.append(Event("card-in-clouds", {"plane": p.id, "phase": state.phase}))
        if kind not in ("dive", "split-s"):
            return self._put(state, p)
        stack = p.cloud_stack
        events.append(Event("leaves-clouds", {"plane": p.id, "cards": len(stack)}))
        state = self._put(state, replace(p, in_cloud=False, cloud_stack=()))
        base = self.data_.table.base
        for number in stack:
            p = self._plane(state, p.id)
            stacked = self.data_.card(p.deck, number)
            events.append(Event("revealed", {"phase": state.phase, "plane": p.id,
                                             "card": number, "name": stacked.name}))
            dx, dy, turn = card_end_pose(stacked, base.length)
            state = self._place(state, p, geo.moved(p.pose, dx, dy, turn), events)
            if self._plane(state, p.id).status not in ACTIVE:
                return state
        return self._altitude_effect(state, self._plane(state, p.id), kind, events)

    def _resolve_collisions(self, state: WowState, starts: Mapping[str, geo.Pose],
                            targets: dict[str, geo.Pose], events: list[Event]) -> WowState:
        """Models that would touch go back, draw a B card each, and move again in the
        order of the cards' corner numbers, the later ones stopping short
        (book § CHEVAUCHEMENT DURANT LE MOUVEMENT). Tournament bases never touch."""
        if state.options.rules.tournament:
            return state
        limit = self.data_.table.collision.min_centre_distance
        ids = [pid for pid in targets if self._plane(state, pid).status == "flying"
               and not self._plane(state, pid).in_cloud]

        def touch(a: str, b: str, poses: Mapping[str, geo.Pose]) -> bool:
            pa, pb = self._plane(state, a), self._plane(state, b)
            same_level = not state.options.rules.altitude or pa.altitude == pb.altitude
            return same_level and geo.distance(poses[a], poses[b]) < limit

        involved = sorted({x for a, b in itertools.combinations(ids, 2)
                           if touch(a, b, targets) for x in (a, b)})
        if not involved:
            return state
        numbers = {}
        for pid in involved:
            state, cards = self._draw(state, "B", events, collision=True)
            numbers[pid] = cards[0].number
        order = sorted(involved, key=lambda pid: (numbers[pid], pid))
        events.append(Event("collision", {"planes": order,
                                          "cards": [numbers[pid] for pid in order]}))
        placed = {pid: targets[pid] for pid in ids if pid not in involved}
        for pid in order:
            goal = targets[pid]
            travel = geo.distance(starts[pid], goal)
            back = 0.0
            pose = goal
            while back <= travel and any(touch(pid, other, {**placed, pid: pose})
                                         for other in placed):
                back += 1.0
                pose = geo.backed_off(goal, back)
            placed[pid] = pose
            targets[pid] = pose
        return state

    # ------------------------------------------------------------------- fire
    def _open_fire(self, state: WowState, events: list[Event]) -> WowState:
        slots = []
        for p in state.planes:
            for arc in ("front", "rear"):
                targets = self._targets(state, p, arc)
                if targets:
                    slots.append(FireSlot(p.id, arc, tuple(targets)))
        state = replace(state, step="fire", fire_slots=tuple(slots), fire_orders=())
        if slots:
            return state
        return self._after_fire(state, events)

    def _targets(self, state: WowState, p: Plane, arc: str) -> list[tuple[str, int]]:
        """Enemies this gun may fire at now, with the cards each would draw (book § TIR)."""
        gun = p.front if arc == "front" else p.rear
        rules = state.options.rules
        if gun is None or p.status != "flying" or gun.silent > 0 or p.in_cloud:
            return []
        if arc == "rear" and p.observer_wounded:
            return []
        if (arc == "front" and p.wounded and p.executed
                and (p.executed_steep[-1] or p.executed[-1] in ("immelmann", "split-s",
                                                                  "climb"))):
            return []  # a wounded pilot cannot fire right after such a maneuver
        table = self.data_.table
        aircraft = self.data_.aircraft[p.aircraft]
        out = []
        for t in state.planes:
            if t.side == p.side or t.status not in ACTIVE or t.in_cloud:
                continue
            if geo.bases_overlap(p.pose, t.pose, table.base.length, table.base.width):
                continue  # overlapping bases cannot fire at each other (book § CHEVAUCHEMENT)
            gap = abs(t.altitude - p.altitude) if rules.altitude else 0
            if gap >= 2:
                continue
            half = table.arcs.front_half_angle if arc == "front" else table.arcs.rear_half_angle
            if arc == "rear" and aircraft.rear_all_round_above and rules.altitude \
                    and t.altitude > p.altitude:
                half = 180.0  # the Roland C.II's rear gun turns all round (book § ROLAND C.)
            elif (arc == "rear" and rules.blind_spot
                  and (not rules.altitude or t.altitude <= p.altitude)
                  and geo.in_blind_spot(p.pose, t.pose, length=table.base.length,
                                        width=table.base.width, ruler=table.ruler.length)):
                continue
            blockers = [o.pose for o in state.planes if o.id not in (p.id, t.id)
                        and o.status in ACTIVE and self._blocks(state, o, p, t)]
            cards = geo.fire_range(
                p.pose, t.pose, length=table.base.length, width=table.base.width,
                ruler=table.ruler.length, half_angle=half, rear=arc == "rear",
                blockers=blockers, max_reach=table.ruler.length / 2 if gap == 1 else None)
            if cards:
                out.append((t.id, 1 if gap == 1 else cards))
        return out

    def _after_fire(self, state: WowState, events: list[Event]) -> WowState:
        """All fire is revealed and all damage applied together (book § DÉGÂTS)."""
        rules = state.options.rules
        drawn: dict[str, list[Drawn]] = {}
        bonus: dict[str, list[bool]] = {}
        jams: dict[tuple[str, str], bool] = {}
        aims: dict[tuple[str, str], tuple[str | None, int]] = {}
        for order in sorted(state.fire_orders, key=lambda o: (self._index(state, o.plane),
                                                              o.arc)):
            if order.target is None:
                events.append(Event("held-fire", {"plane": order.plane, "arc": order.arc}))
                continue
            p = self._plane(state, order.plane)
            gun = p.front if order.arc == "front" else p.rear
            assert gun is not None
            cards_to_draw = order.cards
            streak = gun.aim_streak + 1 if (gun.aim_target == order.target and
                                           gun.aim_phase == state.phase_count - 1) else 1
            aims[(p.id, order.arc)] = (order.target, streak)
            aiming = (rules.aiming and streak >= 2
                      and not (rules.interruption and p.interrupted))
            events.append(Event("fire", {"plane": p.id, "arc": order.arc,
                                         "target": order.target, "cards": cards_to_draw,
                                         "aiming": aiming}))
            for _ in range(cards_to_draw):
                state, cards = self._draw(state, gun.letter, events)
                for card in cards:
                    if card.symbol == "jam":
                        jams[(p.id, order.arc)] = True
                        events.append(Event("jam", {"plane": p.id, "arc": order.arc,
                                                    "target": order.target}))
                    drawn.setdefault(order.target, []).append(card)
                    bonus.setdefault(order.target, []).append(aiming)
        # guns: count down old jams, then new jams, aiming streaks
        planes = []
        for p in state.planes:
            guns: dict[str, Gun | None] = {}
            for arc in ("front", "rear"):
                gun = p.front if arc == "front" else p.rear
                if gun is None:
                    guns[arc] = None
                    continue
                gun = replace(gun, jam=max(0, gun.jam - 1), silent=max(0, gun.silent - 1))
                if (p.id, arc) in jams:
                    gun = replace(gun, jam=3, silent=4 if p.wounded else 3)
                target, streak = aims.get((p.id, arc), (None, 0))
                if target is not None:
                    gun = replace(gun, aim_target=target, aim_phase=state.phase_count,
                                  aim_streak=streak)
                guns[arc] = gun
            planes.append(replace(p, front=guns["front"], rear=guns["rear"]))
        state = replace(state, planes=tuple(planes), fire_slots=(), fire_orders=())
        state = self._apply_damage(state, drawn, bonus, events)
        # damage in this phase (a crash or fire) interrupts the next one (book § INTERRUPTION)
        state = replace(state, planes=tuple(replace(p, interrupted=p.hit_this_phase,
                                                    hit_this_phase=False)
                                            for p in state.planes))
        state = self._check_end(state, events)
        if state.step == "over":
            return state
        if state.phase < 3:
            state = replace(state, phase=state.phase + 1)
            return self._queue_tailing(state, events)
        return self._end_turn(state, events)

    # ------------------------------------------------------------------ damage
    def _draw(self, state: WowState, letter: str, events: list[Event],
              collision: bool = False) -> tuple[WowState, list[Drawn]]:
        """Draw one damage card of ``letter`` (book § ÊTRE À COURT DE CARTES DÉGÂT when
        the deck is empty). Collision cards are discarded at once."""
        decks = {d.letter: d for d in state.decks}
        rng = state.rng
        deck = decks[letter]
        if not deck.draw:
            pool = list(deck.discard)
            if state.options.rules.out_of_cards:  # the eliminated planes' cards come back
                planes = []
                for p in state.planes:
                    if p.status in ELIMINATED:
                        pool += [n for letter_, n in p.damage_cards if letter_ == letter]
                        p = replace(p, damage_cards=tuple(c for c in p.damage_cards
                                                          if c[0] != letter))
                    planes.append(p)
                state = replace(state, planes=tuple(planes))
            if pool:
                pile, rng = shuffle(rng, pool)
                deck = DeckState(letter, pile)
                decks[letter] = deck
                events.append(Event("deck-reshuffled", {"letter": letter, "cards": len(pile)}))
        cards: list[Drawn]
        if deck.draw:
            number, deck = deck.draw[0], DeckState(letter, deck.draw[1:], deck.discard)
            card = self.data_.damage[letter][number - 1]
            cards = [Drawn(letter, number, card.points, card.symbol)]
            decks[letter] = deck
        elif state.options.rules.out_of_cards and not collision and self._has_cards(
                decks, "B" if letter == "A" else "A"):
            other = "B" if letter == "A" else "A"
            events.append(Event("deck-substituted", {"letter": letter, "instead": other}))
            state = replace(state, rng=rng, decks=tuple(decks[d.letter] for d in state.decks))
            if letter == "A":  # two B cards, the second's specials void but an explosion
                state, first = self._draw(state, "B", events)
                state, second = self._draw(state, "B", events)
                cards = first + [replace(c, symbol=c.symbol if c.symbol == "explosion"
                                         else "none") for c in second]
            else:  # one A card, its points halved rounded up
                state, got = self._draw(state, "A", events)
                cards = [replace(c, points=math.ceil(c.points / 2)) for c in got]
            return state, cards
        else:
            # last resort: totals are written down and every card is shuffled back
            full = [c.number for c in self.data_.damage[letter]
                    if not (state.options.rules.tournament and c.symbol == "explosion")]
            pile, rng = shuffle(rng, full)
            events.append(Event("deck-reshuffled", {"letter": letter, "cards": len(pile),
                                                    "all": True}))
            number, pile = pile[0], pile[1:]
            card = self.data_.damage[letter][number - 1]
            cards = [Drawn(letter, number, card.points, card.symbol)]
            decks[letter] = DeckState(letter, pile)
        state = replace(state, rng=rng, decks=tuple(decks[d.letter] for d in state.decks))
        if collision:
            state = self._discard(state, cards)
        return state, cards

    @staticmethod
    def _discard(state: WowState, cards: Sequence[Drawn]) -> WowState:
        """Cards looked at and put aside (they come back when a deck runs out)."""
        decks = []
        for d in state.decks:
            mine = tuple(c.number for c in cards if c.letter == d.letter)
            decks.append(DeckState(d.letter, d.draw, (*d.discard, *mine)) if mine else d)
        return replace(state, decks=tuple(decks))

    @staticmethod
    def _has_cards(decks: Mapping[str, DeckState], letter: str) -> bool:
        return bool(decks[letter].draw or decks[letter].discard)

    def _apply_damage(self, state: WowState, drawn: Mapping[str, list[Drawn]],
                      bonus: Mapping[str, list[bool]], events: list[Event],
                      force_specials: bool = False) -> WowState:
        """Damage cards count together: points (secret), jams already given to the
        shooters, explosions, and special damage with the optional rule
        (``force_specials``: an accident's fire counts even without it)."""
        rules = state.options.rules
        with_specials = rules.special_damage or force_specials
        for target_id, cards in drawn.items():
            p = self._plane(state, target_id)
            flags = list(bonus.get(target_id, [False] * len(cards)))
            total = 0
            exploded = False
            taken = list(p.damage_cards)
            specials: dict[str, Drawn] = {}
            for card, aimed in zip(cards, flags, strict=True):
                points = card.points + (1 if aimed and card.points > 0 else 0)
                total += points
                taken.append((card.letter, card.number))
                events.append(Event("damage-card", {"plane": p.id, "letter": card.letter,
                                                    "number": card.number, "points": points,
                                                    "symbol": card.symbol}, to=(p.seat,)))
                if card.symbol == "explosion":
                    exploded = True
                elif card.symbol not in ("none", "jam") and with_specials:
                    kind = "rudder" if card.symbol.startswith("rudder") else card.symbol
                    if kind == "wounded" and p.rear is not None and card.points != 3:
                        kind = "observer"
                    specials.pop(kind, None)
                    specials[kind] = card  # of one kind drawn together, the last counts
            events.append(Event("damage-drawn", {"plane": p.id, "cards": len(cards)}))
            p = replace(p, damage=p.damage + total, damage_cards=tuple(taken),
                        hit_this_phase=p.hit_this_phase or total > 0)
            for kind, card in specials.items():
                p = self._special(state, p, kind, card, events)
            if exploded and p.status in ACTIVE:
                p = replace(p, status="exploded")
                events.append(Event("explosion", {"plane": p.id}))
            state = self._put(state, p)
        # shot down when the total reaches the structure (book § DÉGÂTS)
        for p in state.planes:
            structure = self.data_.aircraft[p.aircraft].structure
            if p.status in ACTIVE and p.damage >= structure:
                state = self._put(state, replace(p, status="shot-down"))
                events.append(Event("shot-down", {"plane": p.id}))
        return state

    def _special(self, state: WowState, p: Plane, kind: str, card: Drawn,
                 events: list[Event]) -> Plane:
        """One special damage (book § DÉGÂTS SPÉCIAUX; the newest of a kind replaces the
        older, but a second wound kills and a second engine hit explodes)."""
        secret = (p.seat,)
        if kind == "rudder":
            side = card.symbol.removeprefix("rudder-")
            events.append(Event("special", {"plane": p.id, "special": card.symbol}, to=secret))
            return replace(p, rudder=side, rudder_turn=state.turn + 1)
        if kind == "wounded":
            events.append(Event("special", {"plane": p.id, "special": "pilot wounded"},
                                to=secret))
            if p.wounded:
                events.append(Event("pilot-killed", {"plane": p.id}))
                return replace(p, wounded=2, status="shot-down")
            return replace(p, wounded=1)
        if kind == "observer":
            events.append(Event("special", {"plane": p.id, "special": "observer wounded"},
                                to=secret))
            return replace(p, observer_wounded=True)
        if kind == "engine":
            events.append(Event("special", {"plane": p.id, "special": "engine"}, to=secret))
            if p.engine:
                events.append(Event("explosion", {"plane": p.id, "cause": "engine"}))
                return replace(p, engine=2, status="exploded")
            return replace(p, engine=1, engine_turn=state.turn)
        if kind == "smoke":
            events.append(Event("smoke", {"plane": p.id}))
            return replace(p, smoke=3, tailing=None)
        if kind == "fire":
            events.append(Event("on-fire", {"plane": p.id}))
            return replace(p, fire=3, tailing=None)
        return p

    # ----------------------------------------------------------------- the end
    def _end_turn(self, state: WowState, events: list[Event]) -> WowState:
        """Smoke fades, the last maneuver's token is kept (book § RESTE DU TOUR)."""
        planes = []
        base = self.data_.table.base
        burning = [p for p in state.planes if p.status == "ground" and p.fire]
        for p in state.planes:
            if p.executed:
                p = replace(p, last_kind=p.executed[-1], last_steep=p.executed_steep[-1])
            if p.status == "ground" and not p.fire and any(
                    geo.bases_overlap(p.pose, b.pose, base.length, base.width)
                    for b in burning):
                p = replace(p, fire=2)  # fire spreads on the ground (book § Feu au sol)
                events.append(Event("on-fire", {"plane": p.id, "spread": True}))
            planes.append(replace(p, smoke=max(0, p.smoke - 1)))
        state = replace(state, planes=tuple(planes), proposed=())
        if state.turn >= state.options.max_turns:
            defenders = {s for _, s in state.seats} - {o.side for o in state.objectives}
            if state.objectives and len(defenders) == 1:
                winner = next(iter(defenders))
                events.append(Event("game-over", {"winner": winner,
                                                  "reason": "mission failed"}))
                return replace(state, step="over", result="mission failed", winner=winner)
            events.append(Event("game-over", {"reason": "turn limit"}))
            return replace(state, step="over", result="turn limit")
        state = replace(state, turn=state.turn + 1)
        events.append(Event("turn", {"turn": state.turn}))
        return self._begin_turn(state, events)

    def _check_end(self, state: WowState, events: list[Event]) -> WowState:
        """The last side with aircraft on the table wins (book § VICTOIRE); a side whose
        missions are all brought home wins too (derived)."""
        for side in {o.side for o in state.objectives}:
            done = all(any(pr.home for pr in state.progress if pr.objective == i)
                       for i, o in enumerate(state.objectives) if o.side == side)
            if done:
                events.append(Event("game-over", {"winner": side, "reason": "mission"}))
                return replace(state, step="over", result="mission accomplished",
                               winner=side, fire_slots=(), tail_queue=())
        sides = {p.side for p in state.planes if p.status in ACTIVE}
        if len(sides) > 1:
            return state
        winner = next(iter(sides)) if sides else None
        events.append(Event("game-over", {"winner": winner}))
        return replace(state, step="over", result="last side on the table" if winner
                       else "no aircraft left", winner=winner, fire_slots=(), tail_queue=())

    # ================================================================ seeing
    def view(self, state: WowState, viewer: Seat | None) -> Any:
        data = self.data_
        planes = []
        for p in state.planes:
            mine = viewer == p.seat
            aircraft = data.aircraft[p.aircraft]
            entry: dict[str, Any] = {
                "id": p.id, "seat": p.seat, "side": p.side, "aircraft": p.aircraft,
                "name": aircraft.name, "x": p.pose.x, "y": p.pose.y, "heading": p.pose.heading,
                "status": p.status, "altitude": p.altitude, "climb_counters": p.climb_counters,
                "stands": self._stands(state, p),
                "structure": aircraft.structure, "maneuver_deck": p.deck,
                "cards_planned": len(p.plan),
                "revealed": [data.card(p.deck, n).name for n in p.plan[:len(p.executed)]
                             if n not in p.cloud_stack],
                "flown": [k for n, k in zip(p.plan, p.executed, strict=False)
                          if n not in p.cloud_stack],
                "last_maneuver": p.last_kind if not p.in_cloud or mine else None,
                "in_clouds": p.in_cloud, "cards_in_clouds": len(p.cloud_stack),
                "on_ground": {"landing": p.landing, "takeoff": p.takeoff,
                              "immobile": p.immobile_until >= state.turn}
                if p.status == "ground" else None,
                "damage_cards": len(p.damage_cards),
                "guns": {arc: {"letter": g.letter, "jam": g.jam,
                               "aiming_at": g.aim_target if g.aim_phase == state.phase_count
                               else None}
                         for arc, g in (("front", p.front), ("rear", p.rear)) if g},
                "smoke": p.smoke, "fire": p.fire, "tailing": p.tailing,
            }
            if mine:
                entry["plan"] = [{"card": n, "name": data.card(p.deck, n).name}
                                 for n in p.plan]
                entry["damage"] = p.damage
                entry["damage_taken"] = [list(c) for c in p.damage_cards]
                entry["secret"] = {"rudder": p.rudder if p.rudder_turn >= state.turn else None,
                                   "pilot_wounded": p.wounded > 0,
                                   "observer_wounded": p.observer_wounded,
                                   "engine_damaged": p.engine > 0}
                entry["hand"] = self._available_cards(state, p) if state.step == "plan" else []
            planes.append(entry)
        shown = [{"tailer": s.tailer, "target": s.target, "phase": s.phase, "card": s.card,
                  "name": data.card(self._plane(state, s.target).deck, s.card).name}
                 for s in state.shown if viewer == self._plane(state, s.tailer).seat]
        fire = [{"plane": s.plane, "arc": s.arc, "targets": [
                    {"target": t, "cards": n} for t, n in s.targets]}
                for s in state.fire_slots if viewer == self._plane(state, s.plane).seat]
        return {
            "turn": state.turn, "phase": state.phase, "step": state.step,
            "area": {"width": state.area.width, "height": state.area.height},
            "rules": msgspec.to_builtins(state.options.rules),
            "floor": state.floor, "ceiling": state.floor + 3, "clouds": state.cloud_level,
            "landing_fields": [msgspec.to_builtins(f) for f in state.fields],
            "proposal": list(state.proposal) if state.proposal else None,
            "objectives": [msgspec.to_builtins(o) for o in state.objectives],
            "missions": [msgspec.to_builtins(pr) for pr in state.progress],
            "planes": planes,
            "shown_to_you": shown,
            "your_shots": fire,
            "damage_decks": {d.letter: len(d.draw) for d in state.decks},
            "result": state.result, "winner": state.winner,
        }

    def outcome(self, state: WowState) -> Outcome | None:
        if state.step != "over":
            return None
        tallies: dict[str, dict[str, int]] = {}
        for side in {s for _, s in state.seats}:
            enemies = [p for p in state.planes if p.side != side]
            own = [p for p in state.planes if p.side == side]
            tallies[side] = {
                "enemies_left_table": sum(p.status == "left-table" for p in enemies),
                "enemies_shot_down": sum(p.status in SHOT_DOWN for p in enemies),
                "own_shot_down": sum(p.status in SHOT_DOWN for p in own),
            }

        for side in tallies:
            tallies[side]["missions"] = sum(
                o.points for i, o in enumerate(state.objectives) if o.side == side
                and any(pr.home for pr in state.progress if pr.objective == i))

        def points(side: str) -> int:
            t = tallies[side]
            return (t["enemies_left_table"] + 2 * t["enemies_shot_down"] - t["own_shot_down"]
                    + t["missions"])

        scores = {seat: float(points(side)) if side == state.winner else 0.0
                  for seat, side in state.seats}
        return Outcome(state.winner, state.result or "", scores,
                       {"sides": tallies, "points": {s: points(s) for s in tallies}})

    def turn(self, state: WowState) -> int:
        return state.turn

    def label(self, state: WowState, seat: Seat, decision: Decision) -> str:
        if "floor" in decision:
            return f"propose the floor {decision['floor']}"
        if "agree" in decision:
            return "agree" if decision["agree"] else "refuse"
        plane = self._plane(state, decision["plane"])
        if "card" in decision:
            card = self.data_.card(plane.deck, decision["card"])
            steep = " ♦" if card.steep else ""
            return f"{plane.id}: card {len(plane.plan) + 1} = {card.name}{steep} (#{card.number})"
        if "order" in decision:
            names = [self.data_.card(plane.deck, n).name for n in decision["order"]]
            return f"{plane.id}: fly {', then '.join(names)}"
        if "tail" in decision:
            return f"{plane.id}: tail {decision['tail']}"
        if "heading" in decision:
            return f"{plane.id}: turn on the ground to heading {decision['heading']}"
        if decision.get("hold"):
            return f"{plane.id}: hold fire ({decision['arc']} gun)"
        slot = next(s for s in state.fire_slots
                    if s.plane == plane.id and s.arc == decision["arc"])
        cards = dict(slot.targets)[decision["target"]]
        return (f"{plane.id}: fire ({decision['arc']} gun) at {decision['target']}, "
                f"{cards} damage card{'s' if cards > 1 else ''}")

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        d = dict(event.data)
        kind = event.kind
        if kind == "fire":
            key = "fire-aiming" if d.get("aiming") else "fire"
        elif kind == "fire-order":
            key = "fire-order" if d.get("target") else "hold-order"
        elif kind == "damage-card":
            key = "damage-card" if d.get("symbol", "none") == "none" else "damage-special"
        elif kind == "game-over":
            key = "game-over-winner" if d.get("winner") else "game-over"
        else:
            key = kind
        if key not in EVENT_TEXTS:
            return None
        if "planes" in d:
            d["planes"] = ", ".join(d["planes"])
        if "order" in d:
            d["order"] = ", ".join(str(n) for n in d["order"])
        return EVENT_TEXTS[key], d

    # ============================================================= data, checks
    def data(self) -> Any:
        data = self.data_
        return {
            "aircraft": [
                {"id": key, "name": a.name, "nation": a.nation, "side": a.side,
                 "structure": a.structure, "maneuver_deck": a.maneuver_deck,
                 "damage": {"front": a.damage_front or None, "rear": a.damage_rear or None},
                 "climb": a.climb, "max_altitude": a.max_altitude, "source": a.source}
                for key, a in data.aircraft.items()],
            "maneuver_decks": {letter: msgspec.to_builtins(deck)
                               for letter, deck in data.decks.items()},
            "damage_decks": {letter: {"source": data.damage_sources[letter],
                                      "cards": [msgspec.to_builtins(c) for c in cards]}
                             for letter, cards in data.damage.items()},
            "table": msgspec.to_builtins(data.table),
            "scenarios": scenario_names(),
            "optional_rules": RULE_TITLES,
            "files": data.files,
        }

    def invariants(self, state: WowState) -> list[str]:
        problems = []
        data = self.data_
        for p in state.planes:
            if len(p.plan) > 3 or len(set(p.plan)) != len(p.plan):
                problems.append(f"{p.id}: bad plan {p.plan}")
            if p.status in ACTIVE and p.damage >= data.aircraft[p.aircraft].structure:
                problems.append(f"{p.id}: damage at structure but still flying")
            if p.in_cloud and p.status != "flying":
                problems.append(f"{p.id}: in the clouds but {p.status}")
            if len(p.executed) != len(p.executed_steep) or len(p.executed) > 3:
                problems.append(f"{p.id}: executed cards out of step")
            top = max(state.floor + 3, state.cloud_level or 0)
            if p.climb_counters < 0 or p.altitude < 0 or p.altitude > top:
                problems.append(f"{p.id}: altitude {p.altitude}/{p.climb_counters}")
            for gun in (p.front, p.rear):
                if gun and not (0 <= gun.jam <= 3 and 0 <= gun.silent <= 4):
                    problems.append(f"{p.id}: jam counters {gun.jam}/{gun.silent}")
        if state.step == "over" and state.result is None:
            problems.append("over without a result")
        if state.step == "fire" and not state.fire_slots:
            problems.append("fire step with no gun to fire")
        if state.step == "tail-reorder" and not state.tail_queue:
            problems.append("reorder step with no tailer")
        if state.turn > state.options.max_turns:
            problems.append("past the turn limit")
        return problems

    # ============================================================ search pilots
    def determinize(self, state: WowState, seat: Seat, rng: Rng) -> WowState:
        """What ``seat`` does not see, drawn anew: the other seats' cards not yet
        revealed (but those shown to it by tailing), their damage cards and totals and
        secret special damage, their sealed fire orders, the order of the damage decks
        and the generator's future draws."""
        seed, rng = randint(rng, 0, MAX_SEED)
        data = self.data_
        shown = {(s.target, s.phase): s.card for s in state.shown
                 if self._plane(state, s.tailer).seat == seat}
        planes = []
        for p in state.planes:
            if p.seat == seat:
                planes.append(p)
                continue
            flown = len(p.executed)
            hidden = [i for i in range(len(p.plan))
                      if i >= flown or p.plan[i] in p.cloud_stack]
            known = {i: shown[(p.id, i + 1)] for i in hidden if (p.id, i + 1) in shown}
            seen = {p.plan[i] for i in range(len(p.plan)) if i not in hidden}
            pool = [n for n in self._available_cards(state, replace(p, plan=()))
                    if n not in seen and n not in known.values()]
            picked, rng = shuffle(rng, pool)
            fill = iter(picked)
            plan = [p.plan[i] if i not in hidden else known.get(i) or next(fill)
                    for i in range(len(p.plan))]
            older = []  # cards flown into the clouds in earlier turns
            for n in p.cloud_stack:
                if n not in p.plan:
                    drawn, rng = randint(rng, 1, len(data.decks[p.deck].cards))
                    older.append(drawn)
            stack = (*older, *(plan[i] for i in range(flown) if p.plan[i] in p.cloud_stack))
            cards = []
            total = 0
            for letter, _ in p.damage_cards:
                damage_deck = data.damage[letter]
                number, rng = randint(rng, 1, len(damage_deck))
                cards.append((letter, number))
                total += damage_deck[number - 1].points
            if p.status in ACTIVE:  # still flying: below its structure
                total = min(total, data.aircraft[p.aircraft].structure - 1)
            planes.append(replace(p, plan=tuple(plan), cloud_stack=stack,
                                  damage=total, damage_cards=tuple(cards), rudder=None,
                                  rudder_turn=0, wounded=0, engine=0, engine_turn=0,
                                  observer_wounded=False))
        orders = []
        for order in state.fire_orders:
            owner = self._plane(state, order.plane)
            if owner.seat == seat or order.target is None:
                orders.append(order)
                continue
            options = [(t, n) for t, n in self._targets(state, owner, order.arc)] or [
                (order.target, order.cards)]
            (target, cards_), rng = choice(rng, options)
            orders.append(FireOrder(order.plane, order.arc, target, cards_))
        decks = []
        for deck in state.decks:
            pile, rng = shuffle(rng, sorted(deck.draw))  # no one knows the order
            decks.append(DeckState(deck.letter, pile, deck.discard))
        return replace(state, planes=tuple(planes), fire_orders=tuple(orders),
                       decks=tuple(decks), rng=new_rng(seed))

    def evaluate(self, state: WowState, seat: Seat) -> float:
        """Aircraft kept and lost, damage dealt and taken, guns on the enemy: -1..1."""
        outcome = self.outcome(state)
        side = dict(state.seats)[seat]
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == side else -1.0)
        data = self.data_
        table = data.table
        score = 0.0
        for p in state.planes:
            sign = 1.0 if p.side == side else -1.0
            structure = data.aircraft[p.aircraft].structure
            if p.status not in ACTIVE:
                score -= sign * 1.0
                continue
            score -= sign * 0.6 * p.damage / structure
            for t in state.planes:
                if t.side == p.side or t.status not in ACTIVE:
                    continue
                gap = geo.distance(p.pose, t.pose)
                if (geo.off_nose(p.pose, t.pose) <= table.arcs.front_half_angle
                        and gap <= table.ruler.length * 1.3):
                    score += sign * 0.15
            edge = min(p.pose.x, p.pose.y, state.area.width - p.pose.x,
                       state.area.height - p.pose.y)
            if edge < 100:
                score -= sign * 0.1 * (100 - edge) / 100
        return max(-0.99, min(0.99, score / max(1, len(state.planes))))

    # ================================================================ helpers
    @staticmethod
    def _find(state: WowState, plane_id: Any) -> Plane | None:
        return next((p for p in state.planes if p.id == plane_id), None)

    def _plane(self, state: WowState, plane_id: str) -> Plane:
        plane = self._find(state, plane_id)
        if plane is None:
            raise IllegalDecision(f"there is no plane {plane_id!r}")
        return plane

    @staticmethod
    def _index(state: WowState, plane_id: str) -> int:
        return next(i for i, p in enumerate(state.planes) if p.id == plane_id)

    @staticmethod
    def _put(state: WowState, plane: Plane) -> WowState:
        planes = tuple(plane if p.id == plane.id else p for p in state.planes)
        return replace(state, planes=planes)


RULE_TITLES = {
    "special_damage": "Dégâts spéciaux (special damage)",
    "aiming": "Viser (aiming)",
    "illegal_maneuver": "Mouvement interdit (an illegal maneuver destroys the aircraft)",
    "tailing": "Poursuite (tailing)",
    "tournament": "Règles de tournoi (no explosions; bases never touch)",
    "interruption": "Interruption (damage loses tailing and aiming for a phase)",
    "out_of_cards": "Être à court de cartes dégât (running out of damage cards)",
    "blind_spot": "Angles morts (rear gun blind spot)",
    "altitude": "Altitude (stands, climb and dive; landing, take-off, accidents)",
    "forced_dive": "Plongée forcée (forced dive; with altitude)",
    "flying_higher": "Voler plus haut (floor and ceiling; with altitude)",
    "cloud_cover": "Couverture nuageuse (cloud cover; with altitude)",
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
    "revealed": "Phase {phase}: {plane} flies {name}",
    "illegal": "{plane}: illegal maneuver ({reason}): {result}",
    "moved": "{plane} at ({x:.0f}, {y:.0f}) heading {heading}",
    "left-table": "{plane} leaves the table",
    "collision": "Collision: {planes} move in that order",
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

GROUND_ROLL = {  # (sequence, its step, card flown) -> (accident cards, what, next step)
    ("landing", 1, "straight"): (3, "landing roll", 2),
    ("landing", 2, "stall"): (2, "landing stall", 0),
    ("takeoff", 0, "stall"): (2, "take-off run", 1),
    ("takeoff", 1, "straight"): (3, "take-off run", 2),
}
"""Book § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS."""

PROMPT_NAMES = {"tail-choose": "tailing", "plan": "planning", "tail-reorder": "reordering",
                "fire": "fire", "vote": "vote", "ground-move": "ground move"}


GAME = WingsOfWar()
