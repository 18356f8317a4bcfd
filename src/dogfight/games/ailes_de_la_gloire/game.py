"""Les Ailes de la Gloire, the game object: the contract's glue over the chapters.

Set-up, seats, what each seat sees (LE SECRET: maneuver codes, fire orders, damage,
chits drawn, fuel, gliding, jams and ammunition are each pilot's own, even from his own
side), the outcome, events in words and the self-checks. Who decides what, and what a
decision does, is in the chapters through the kit (``turn.PROMPTS``, ``turn.proceed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Outcome, Rng, Seat, Side, choice, new_rng, parse_options, randint
from dogfight.core.rng import MAX_SEED
from dogfight.games.ailes_de_la_gloire import campaign, campaign_week, turn
from dogfight.games.ailes_de_la_gloire.combat import orders
from dogfight.games.ailes_de_la_gloire.data import GAME_ID, AilesData, dataset
from dogfight.games.ailes_de_la_gloire.ending import LOST_FOR_GOOD, carnet
from dogfight.games.ailes_de_la_gloire.formation import SIDES, leader_of
from dogfight.games.ailes_de_la_gloire.maneuver import choices
from dogfight.games.ailes_de_la_gloire.setup import new_state
from dogfight.games.ailes_de_la_gloire.state import (
    AilesOptions,
    AilesState,
    Damage,
    Gun,
    Plane,
)
from dogfight.games.ailes_de_la_gloire.tailing import direction_shown, target_of
from dogfight.games.ailes_de_la_gloire.view import arcs, previews, zones
from dogfight.kit.grids import FACING_NAMES, to_offset
from dogfight.kit.prompts import PromptedGame, top
from dogfight.kit.sealed import Sealed

EVENT_TEXTS = {
    "placed": "{seat} takes off at {cell}, facing {facing}, altitude {altitude}",
    "turn": "Turn {turn}",
    "tailing": "{seat} tails {target}",
    "circle-roll": "A circle of tailers rolls: {rolls}",
    "maneuver-written": "{seat} writes {code} ({altitude})",
    "maneuver-sealed": "{seat} has written a maneuver",
    "tokens-shown": "{seat} shows its tailers: {direction}, {altitude}",
    "formation-shown": "{seat} shows its formation its maneuver {code} ({altitude})",
    "fuel-used": "{seat} uses {used} fuel, {left} left",
    "out-of-fuel": "{seat} is out of fuel and glides",
    "maneuvers-revealed": "Maneuvers revealed: {revealed}",
    "moved": "{seat} flies {code}",
    "stall": "{seat} stalls",
    "stall-roll": "{seat} rolls {roll} for the stall",
    "spin": "{seat} goes into a spin ({cause})",
    "crashed": "{seat} crashes",
    "fled": "{seat} has fled",
    "disengaged": "{seat} leaves the fight",
    "landed": "{seat} lands ({zone})",
    "escape-roll": "{seat} rolls {roll} to slip through the enemy lines",
    "no-mans-land-roll": "{seat} rolls {roll} to cross No Man's Land",
    "prisoner": "{seat} is taken prisoner",
    "killed": "{seat}'s pilot is killed on the ground",
    "observer-escape-roll": "{seat}'s observer rolls {roll} to slip through the enemy lines",
    "observer-no-mans-land-roll": "{seat}'s observer rolls {roll} to cross No Man's Land",
    "observer-prisoner": "{seat}'s observer is taken prisoner",
    "fire-written": "{seat} writes its fire: pilot {pilot}, observer {observer}",
    "fire-sealed": "{seat} has written its fire",
    "shot": ("{seat} ({gunner}) fires a {burst} burst at {target}, range {range}: "
             "value {value}, roll {roll}, {blue} blue and {red} red"),
    "chits-drawn": "{seat} draws {count} damage chits",
    "chits": "{seat} draws the chits {chits}",
    "damage": "{seat}: {text}",
    "deterioration-roll": "{seat} rolls {roll} for deterioration",
    "exploded": "{seat} explodes",
    "smoke": "{seat} smokes",
    "fire": "{seat} is on fire",
    "observer-killed": "{seat}'s observer is killed",
    "unjam-roll": "{seat} rolls {roll} to unjam",
    "recovery-roll": "{seat} rolls {roll} to leave the spin",
    "recovered": "{seat} leaves the spin, facing {facing}",
    "jam-roll": "{seat} rolls {roll} for a jam",
    "spin-descent": "{seat} spins down a level",
    "fire-chit": "{seat} burns: a blue chit",
    "fire-roll": "{seat} rolls {roll} against the fire",
    "smoke-roll": "{seat} rolls {roll} against the smoke",
    "game-over": "Game over ({reason})",
}

CLIMB_DIVE = {"climb": ", climb (Monté)", "dive": ", dive (Piqué)"}


class AilesGame(PromptedGame[AilesState]):
    id = GAME_ID
    title = "Les Ailes de la Gloire"
    version = "1"
    summary = "The French Blue Max: First World War dogfights on a hex map, ten phases a turn."
    board = "hex"
    # what the others see of a seat's written maneuver and fire (its log: the writing)
    shadows: ClassVar[Mapping[str, str]] = {"maneuver-sealed": "maneuver-written",
                                            "fire-sealed": "fire-written"}
    prompts = turn.PROMPTS

    @cached_property
    def dataset(self) -> AilesData:
        return dataset()

    def setup(self, options: Mapping[str, Any], rng: Rng) -> AilesState:
        return new_state(parse_options(options, AilesOptions), rng)

    def option_schema(self) -> Any:
        return {
            "rules": {
                "pilot_killed_chit": {"type": "bool", "default": False,
                                      "title": "Put the double \"Pilote tué\" chit in the cup"},
                "reduced_fuel": {"type": "bool", "default": False,
                                 "title": "Half fuel (Réduction de la consommation)"},
                "nieuport_variant": {"type": "bool", "default": False,
                                     "title": "Nieuport 17 with an extra Lewis gun"},
                "formation": {"type": "bool", "default": False,
                              "title": "Formation flying: each side's first aircraft "
                                       "leads (Vol en formation)"},
                "other_edges": {"type": "choice", "default": "forbidden",
                                "choices": ["forbidden", "disengage"],
                                "title": "Leaving the map by another edge"},
            },
        }

    def seats(self, state: AilesState) -> Mapping[Seat, Side]:
        return {p.seat: p.side for p in state.planes}

    def proceed(self, state: AilesState, events: list[Event]) -> AilesState:
        return turn.proceed(state, events)

    # -- what is seen -------------------------------------------------------------------
    def view(self, state: AilesState, viewer: Seat | None) -> Any:
        grid = self.dataset.map.grid
        pieces = []
        for p in state.planes:
            if p.cell is None:
                continue
            piece: dict[str, Any] = {
                "id": p.seat, "cell": list(to_offset(p.cell)), "facing": p.facing,
                "label": f"{p.counter} {self.dataset.aircraft[p.aircraft].name} {p.level}",
                "side": p.side, "status": p.fate or "flying"}
            if p.seat == viewer:
                piece["seat"] = viewer
            pieces.append(piece)
        return {
            "map": {"kind": "hex", "width": grid.width, "height": grid.height},
            "pieces": pieces,
            "turn": state.turn,
            "phase": state.phase,
            "planes": {p.seat: self._plane_view(state, p, viewer) for p in state.planes},
            "tails": [list(t) for t in state.tails],
            "cup": len(state.cup),
            "rules": msgspec.to_builtins(state.options.rules),
            **self._board_view(state, viewer),
        }

    def _board_view(self, state: AilesState, viewer: Seat | None) -> dict[str, Any]:
        """For the hex board (``view.py``): the map's zones."""
        return {"zones": zones(self.dataset)}

    def hints(self, state: AilesState, seat: Seat) -> Any:
        """For the pages only (``view.py``): each aircraft's arcs (public, but no pilot
        needs them drawn) and, for the seat writing its maneuver, where each maneuver it
        may write would end (its own secret, like its legal decisions)."""
        frame = top(state)
        out: dict[str, Any] = {"arcs": arcs(state, self.dataset)}
        if frame is not None and frame.kind == "maneuver" and seat in frame.seats:
            legal = choices(state.plane(seat), self.dataset, state.options.rules.other_edges)
            out["preview"] = previews(state, seat, legal, self.dataset)
        return out

    def _plane_view(self, state: AilesState, p: Plane, viewer: Seat | None) -> dict[str, Any]:
        """What the table sees of an aircraft, and its Feuille de Vol for its own pilot."""
        entry: dict[str, Any] = {
            "aircraft": p.aircraft, "counter": p.counter, "side": p.side,
            "cell": list(to_offset(p.cell)) if p.cell is not None else None,
            "facing": p.facing, "altitude": p.level, "placed": p.placed, "fate": p.fate,
            "spinning": p.spinning, "smoke": p.smoke, "fire": p.fire,
            "observer_killed": p.observer == "killed",
            "written": state.codes.has(p.seat), "fire_written": state.orders.has(p.seat),
        }
        flown = state.flown_by(p.seat)
        if flown is not None:
            entry["flown"] = msgspec.to_builtins(flown)
        if viewer == p.seat:
            entry["sheet"] = self._sheet(state, p)
        elif viewer is not None and p.seat in state.tokens_shown and flown is None:
            choice = state.codes.of(p.seat)
            if choice is not None and choice.code != "OV2" and target_of(state, viewer) == p.seat:
                entry["tokens"] = direction_shown(self.dataset, choice.code, choice.altitude)
            if choice is not None and leader_of(state, viewer) == p.seat:
                entry["formation"] = msgspec.to_builtins(choice)
        return entry

    def _sheet(self, state: AilesState, p: Plane) -> dict[str, Any]:
        """The Feuille de Vol: the pilot's own secrets."""
        written = state.codes.of(p.seat)
        order = state.orders.of(p.seat)
        return {
            "wings": p.wings, "engine": p.engine, "fuselage": p.fuselage, "tail": p.tail,
            "fuel": p.fuel, "gliding": p.gliding, "guns": msgspec.to_builtins(p.guns),
            "previous": p.previous, "rudder": p.rudder, "rudder_turns": p.rudder_turns,
            "wound_straight": p.wound_straight, "wound_slower": p.wound_slower,
            "no_special": p.no_special, "no_fast": p.no_fast, "forced": p.forced,
            "must_max_speed": p.must_max_speed, "observer_wounded": p.observer_wounded,
            "incoming": [[c, f] for c, f, _ in p.incoming.chits],
            "written": msgspec.to_builtins(written) if written is not None else None,
            "fire_order": msgspec.to_builtins(order) if order is not None else None,
        }

    def outcome(self, state: AilesState) -> Outcome | None:
        """The book names no winner (§ LA FIN ends the game when every aircraft of one
        side is shot down or has fled); ours: the side that put more enemy aircraft out
        of the fight for good (shot down, pilot killed or taken prisoner) wins; with as
        many losses, a side still flying when the other is out holds the field and wins
        (its enemy fled: § Fuir); both out at once, or the turn limit, is a draw. A
        seat's score is the enemy aircraft lost for good; the details name how the game
        ended (``end``) and how it was won (``won_by``: "losses", "field" or None)."""
        if state.phase != "over":
            return None
        lost = {side: sum(1 for p in state.planes if p.side == side
                          and p.fate in LOST_FOR_GOOD)
                for side in SIDES}
        scores = {p.seat: float(lost["german" if p.side == "allied" else "allied"])
                  for p in state.planes}
        pilots = carnet(state)

        def details(won_by: str | None) -> dict[str, Any]:
            return {"pilots": pilots, "end": state.result, "won_by": won_by}

        if lost["allied"] != lost["german"]:
            winner = "allied" if lost["german"] > lost["allied"] else "german"
            return Outcome(winner, f"{state.result}: the {winner} side lost fewer aircraft",
                           scores, details("losses"))
        flying = [side for side in SIDES if any(p.flying for p in state.planes if p.side == side)]
        if len(flying) == 1:
            return Outcome(flying[0], f"{state.result}: as many losses; the {flying[0]} side "
                           f"holds the field", scores, details("field"))
        return Outcome(None, f"{state.result}: as many losses on both sides", scores,
                       details(None))

    def label(self, state: AilesState, seat: Seat, decision: Any) -> str:
        """A legal decision in words (the book's terms in brackets)."""
        if "code" in decision:
            if decision["code"] == "vrille":
                return "spin on purpose (vrille)"
            altitude = decision.get("altitude", "level")
            return f"{decision['code']}{CLIMB_DIVE.get(altitude, '')}"
        if "column" in decision:
            return f"hex [{decision['column']}, {decision['row']}]"
        if "facing" in decision:
            return f"facing {FACING_NAMES[decision['facing'] % 6]}"
        if "altitude" in decision:
            return f"altitude {decision['altitude']}"
        if "target" in decision:
            target = state.plane(decision["target"])
            return f"tail {target.seat} ({self.dataset.aircraft[target.aircraft].name})"
        parts = []
        for gunner in ("pilot", "observer"):
            shot = decision.get(gunner)
            if shot:
                parts.append(f"{gunner}: {shot['burst']} burst at {shot['target']}")
        return "; ".join(parts) or "hold fire"

    def turn(self, state: AilesState) -> int:
        return max(1, state.turn)

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        text = EVENT_TEXTS.get(event.kind)
        if text is None:
            return None
        if event.kind == "maneuvers-revealed":
            return text, {"revealed": ", ".join(f"{s} {c}" for s, c in event.data.items())}
        return text, event.data

    # -- the campaign (JEU DE CAMPAGNE) ----------------------------------------------------
    def campaign_names(self) -> list[str]:
        return ["western-front"]

    def campaign_start(self, name: str, options: Mapping[str, Any]) -> Any:
        return campaign.start(self.dataset, name, dict(options))

    def campaign_choices(self, record: Any) -> list[Any]:
        return campaign_week.choices(self.dataset, record)

    def campaign_record(self, record: Any, options: Mapping[str, Any],
                        outcome: Outcome) -> Any:
        return campaign.record_outcome(self.dataset, record, dict(options), outcome)

    def campaign_result(self, record: Any) -> Any:
        return campaign.result(self.dataset, record)

    # -- search pilots ------------------------------------------------------------------
    def determinize(self, state: AilesState, seat: Seat, rng: Rng) -> AilesState:
        """What ``seat`` cannot know drawn anew: every other aircraft's Feuille de Vol
        (boxes, fuel, guns, forced maneuvers), its maneuver written (keeping the tokens
        ``seat`` was shown) and its fire order; the generator re-seeded."""
        seed, rng = randint(rng, 0, MAX_SEED)
        if state.phase == "over":
            return replace(state, rng=new_rng(seed))
        data = self.dataset
        for plane in state.planes:
            if plane.seat == seat or not plane.flying:
                continue
            aircraft = data.aircraft[plane.aircraft]
            boxes = []
            for full in (aircraft.wings, aircraft.engine, aircraft.fuselage, aircraft.tail,
                         plane_fuel(state, aircraft.fuel)):
                value, rng = randint(rng, 1, full)
                boxes.append(value)
            wings, engine, fuselage, tail, fuel = boxes
            guns = tuple(Gun(g.mount, g.lewis) for g in plane.guns)
            sampled = replace(plane, wings=wings, engine=engine, fuselage=fuselage, tail=tail,
                              fuel=fuel, guns=guns, incoming=Damage(()), rudder=None,
                              rudder_turns=0, wound_straight=0, wound_slower=False,
                              no_special=False, no_fast=False, forced=None, glide_turns=0,
                              spin_for_good=False, observer_wounded=0)
            state = state.with_plane(sampled)
        for owner in sorted(state.codes.owners()):
            written = state.codes.of(owner)
            if owner == seat or written is None or state.flown or written.code == "OV2":
                continue
            options = choices(state.plane(owner), data, state.options.rules.other_edges)
            if leader_of(state, seat) == owner and owner in state.tokens_shown:
                continue  # the formation was shown the leader's maneuver itself
            if target_of(state, seat) == owner and owner in state.tokens_shown:
                shown = direction_shown(data, written.code, written.altitude)
                fitting = [c for c in options if c.code != "OV2"
                           and direction_shown(data, c.code, c.altitude) == shown]
                if not fitting:  # the boxes drawn cannot show these tokens: full ones can
                    sheet = data.aircraft[state.plane(owner).aircraft]
                    state = state.with_plane(replace(
                        state.plane(owner), wings=sheet.wings, engine=sheet.engine,
                        fuselage=sheet.fuselage, tail=sheet.tail,
                        fuel=plane_fuel(state, sheet.fuel)))
                    fitting = [c for c in choices(state.plane(owner), data,
                                                  state.options.rules.other_edges)
                               if c.code != "OV2"
                               and direction_shown(data, c.code, c.altitude) == shown]
                options = fitting or options
            choice_made, rng = choice(rng, options)
            state = replace(state, codes=state.codes.seal(owner, choice_made))
        for owner in sorted(state.orders.owners()):
            if owner != seat:
                order, rng = choice(rng, orders(state, owner))
                state = replace(state, orders=state.orders.seal(owner, order))
        # the order of sealing is nobody's secret but tells nothing: keep it canonical
        codes = Sealed(tuple(sorted(state.codes.orders, key=lambda o: o[0])))
        fire = Sealed(tuple(sorted(state.orders.orders, key=lambda o: o[0])))
        return replace(state, rng=new_rng(seed), codes=codes, orders=fire)

    def evaluate(self, state: AilesState, seat: Seat) -> float:
        """The outcome when over; else how whole the own side is against the enemy's
        (the weakest of wings, fuselage and tail; half for a spin; out for good 0,
        fled half), from -1 to 1."""
        outcome = self.outcome(state)
        side = state.plane(seat).side
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == side else -1.0)
        data = self.dataset
        totals = {"allied": [0.0, 0], "german": [0.0, 0]}
        for p in state.planes:
            a = data.aircraft[p.aircraft]
            if p.fate in ("fled", "disengaged"):
                health = 0.5
            elif p.fate is not None:
                health = 0.0
            else:
                health = min(p.wings / a.wings, p.fuselage / a.fuselage, p.tail / a.tail)
                health *= 0.5 if p.spinning else 1.0
            totals[p.side][0] += health
            totals[p.side][1] += 1
        mine = totals[side][0] / max(1, int(totals[side][1]))
        enemy = "german" if side == "allied" else "allied"
        theirs = totals[enemy][0] / max(1, int(totals[enemy][1]))
        return max(-1.0, min(1.0, mine - theirs))

    def data(self) -> Any:
        return msgspec.to_builtins(self.dataset)

    def invariants(self, state: AilesState) -> list[str]:
        problems = []
        grid = self.dataset.map.grid
        for p in state.planes:
            if p.placed and p.flying and (p.cell is None or not grid.on_map(p.cell)):
                problems.append(f"{p.seat}: flying off the map")
            if min(p.wings, p.engine, p.fuselage, p.tail, p.fuel) < 0:
                problems.append(f"{p.seat}: negative boxes")
            if p.smoke and p.fire:
                problems.append(f"{p.seat}: smoke and fire at once")
        chits = sorted((*state.cup.chits, *state.cup.drawn))
        if len(set(chits)) != len(chits):
            problems.append("a chit is twice in the cup")
        if state.phase == "over" and state.prompts:
            problems.append("a decision asked after the end")
        if state.phase != "over" and not state.prompts:
            problems.append("nobody is asked to decide before the end")
        return problems


def plane_fuel(state: AilesState, boxes: int) -> int:
    """Fuel points of a full tank (two a box with the reduced consumption rule)."""
    return boxes * (2 if state.options.rules.reduced_fuel else 1)


GAME = AilesGame()
