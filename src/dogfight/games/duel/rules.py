"""Rules of Duel at Dawn, the core's test game (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

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
    roll,
    shuffle,
)
from dogfight.core.data import check_sources, data_file, load_toml
from dogfight.core.rng import MAX_SEED

SEATS: tuple[Seat, Seat] = ("red", "blue")
GAME_ID = "test-duel"


# -- data ---------------------------------------------------------------------------
class ManeuverData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    beats: str
    source: str


class HitRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    low: int
    high: int
    result: Literal["jam", "miss", "hit"]
    cards: int
    source: str


class DamageCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    points: int
    count: int
    source: str


class DuelData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: str
    source: str
    maneuvers: dict[str, ManeuverData]
    hit_table: list[HitRow]
    damage_deck: list[DamageCards]


def load_data(path: Path | None = None) -> DuelData:
    """Load and check the data file (a user's override if there is one)."""
    path = path or data_file(Path(__file__).parent, GAME_ID, "duel.toml")
    data = load_toml(path, DuelData)
    source = str(path)
    check_sources(data.maneuvers, source)
    for name, maneuver in data.maneuvers.items():
        if maneuver.beats not in data.maneuvers or maneuver.beats == name:
            raise DataError(source, f"maneuvers.{name}.beats",
                            f"{maneuver.beats!r} is not another maneuver")
    faces = sorted(face for row in data.hit_table for face in range(row.low, row.high + 1))
    if faces != list(range(1, 7)):
        raise DataError(source, "hit_table", "the rows must cover die faces 1 to 6 exactly once")
    for index, row in enumerate(data.hit_table):
        if not row.source:
            raise DataError(source, f"hit_table[{index}]", "needs a source")
    if sum(cards.count for cards in data.damage_deck) < 1:
        raise DataError(source, "damage_deck", "the deck holds no card")
    if any(cards.count < 0 or cards.points < 0 for cards in data.damage_deck):
        raise DataError(source, "damage_deck", "counts and points cannot be negative")
    return data


# -- options and state ----------------------------------------------------------------
class DuelRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Optional rules, each a switch."""

    jams: bool = False


class DuelOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 6
    structure: int = 5
    rules: DuelRules = DuelRules()


class Pilot(msgspec.Struct, frozen=True, gc=False):
    deck: tuple[int, ...]
    maneuver: str | None = None
    damage: int = 0
    incoming: int = 0
    cards_taken: int = 0
    jammed: int = 0
    shot_down: bool = False


Phase = Literal["plan", "fire", "over"]


class DuelState(msgspec.Struct, frozen=True):
    options: DuelOptions
    rng: Rng
    round: int
    phase: Phase
    pilots: tuple[Pilot, Pilot]
    revealed: tuple[str, str] | None = None
    shooters: tuple[int, ...] = ()
    result: str | None = None


# -- the game -------------------------------------------------------------------------
class DuelGame(Game[DuelState]):
    id = GAME_ID
    title = "Duel at Dawn (test game)"
    version = "1"
    summary = "A tiny built-in game with secret simultaneous orders and dice, for tests."
    board = "none"

    @cached_property
    def rules_data(self) -> DuelData:
        return load_data()

    def _fresh_deck(self) -> tuple[int, ...]:
        return tuple(c.points for c in self.rules_data.damage_deck for _ in range(c.count))

    # set-up
    def setup(self, options: Mapping[str, Any], rng: Rng) -> DuelState:
        opts = parse_options(options, DuelOptions)
        if not 1 <= opts.rounds <= 50:
            raise InvalidOptions(f"rounds must be from 1 to 50, got {opts.rounds}")
        if not 1 <= opts.structure <= 30:
            raise InvalidOptions(f"structure must be from 1 to 30, got {opts.structure}")
        pilots = []
        for _ in SEATS:
            deck, rng = shuffle(rng, self._fresh_deck())
            pilots.append(Pilot(deck=deck))
        return DuelState(opts, rng, 1, "plan", (pilots[0], pilots[1]))

    def option_schema(self) -> Any:
        return {
            "rounds": {"type": "int", "default": 6, "min": 1, "max": 50},
            "structure": {"type": "int", "default": 5, "min": 1, "max": 30},
            "rules": {"jams": {"type": "bool", "default": False,
                               "title": "Jams: a roll of 1 jams the gun for a round"}},
        }

    def seats(self, state: DuelState) -> Mapping[Seat, Side]:
        return {seat: seat for seat in SEATS}

    def pending(self, state: DuelState) -> Mapping[Seat, Prompt]:
        if state.phase == "plan":
            return {
                seat: Prompt("plan", "Plan your maneuver in secret")
                for seat, pilot in zip(SEATS, state.pilots, strict=True)
                if pilot.maneuver is None
            }
        if state.phase == "fire":
            seat = SEATS[state.shooters[0]]
            return {seat: Prompt("fire", "Fire or hold")}
        return {}

    def legal(self, state: DuelState, seat: Seat) -> Sequence[Decision]:
        if seat not in self.pending(state):
            return []
        if state.phase == "plan":
            return [{"maneuver": name} for name in self.rules_data.maneuvers]
        return [{"fire": True}, {"fire": False}]

    def validate(self, state: DuelState, seat: Seat, decision: Decision) -> None:
        if seat not in self.pending(state):
            raise IllegalDecision(f"seat {seat!r} has nothing to decide now")
        key = "maneuver" if state.phase == "plan" else "fire"
        if set(decision) != {key}:
            raise MalformedDecision(
                f"a {state.phase} decision is {{{key!r}: ...}}, got keys {sorted(decision)}"
            )
        value = decision[key]
        if key == "maneuver":
            if value not in self.rules_data.maneuvers:
                known = ", ".join(self.rules_data.maneuvers)
                raise IllegalDecision(f"unknown maneuver {value!r}; choose one of {known}",
                                      rule="Duel at Dawn, rule 2")
        elif not isinstance(value, bool):
            raise MalformedDecision(f"'fire' is true or false, got {value!r}")

    # resolution
    def apply(self, state: DuelState, seat: Seat, decision: Decision) -> Step[DuelState]:
        me = SEATS.index(seat)
        if state.phase == "plan":
            return self._plan(state, me, str(decision["maneuver"]))
        return self._fire(state, me, bool(decision["fire"]))

    def _plan(self, state: DuelState, me: int, maneuver: str) -> Step[DuelState]:
        pilots = list(state.pilots)
        pilots[me] = msgspec.structs.replace(pilots[me], maneuver=maneuver)
        events = [
            Event("planned", {"seat": SEATS[me], "maneuver": maneuver}, to=(SEATS[me],)),
            Event("order-sealed", {"seat": SEATS[me]}),
        ]
        state = msgspec.structs.replace(state, pilots=(pilots[0], pilots[1]))
        if any(p.maneuver is None for p in state.pilots):
            return Step(state, tuple(events))
        # reveal, simultaneously
        a, b = (str(p.maneuver) for p in state.pilots)
        events.append(Event("revealed", {"red": a, "blue": b}))
        maneuvers = self.rules_data.maneuvers
        shots = [a == b or maneuvers[a].beats == b, a == b or maneuvers[b].beats == a]
        shooters = []
        for index, pilot in enumerate(state.pilots):
            if shots[index] and pilot.jammed:
                events.append(Event("jammed-no-shot", {"seat": SEATS[index]}))
            elif shots[index]:
                shooters.append(index)
        state = msgspec.structs.replace(state, revealed=(a, b), shooters=tuple(shooters))
        if shooters:
            return Step(msgspec.structs.replace(state, phase="fire"), tuple(events))
        return self._end_round(state, events)

    def _fire(self, state: DuelState, me: int, fire: bool) -> Step[DuelState]:
        events: list[Event] = []
        rng = state.rng
        pilots = list(state.pilots)
        if fire:
            face, rng = roll(rng, 6)
            row = next(r for r in self.rules_data.hit_table if r.low <= face <= r.high)
            result = row.result
            if result == "jam" and not state.options.rules.jams:
                result = "miss"
            events.append(Event("shot", {"seat": SEATS[me], "roll": face, "result": result}))
            if result == "jam":
                pilots[me] = msgspec.structs.replace(pilots[me], jammed=2)
            target = 1 - me
            for _ in range(row.cards if result == "hit" else 0):
                deck = pilots[target].deck
                if not deck:
                    deck, rng = shuffle(rng, self._fresh_deck())
                    events.append(Event("deck-reshuffled", {"seat": SEATS[target]}))
                card, deck = deck[0], deck[1:]
                pilots[target] = msgspec.structs.replace(
                    pilots[target], deck=deck, incoming=pilots[target].incoming + card,
                    cards_taken=pilots[target].cards_taken + 1)
                events.append(Event("damage-card", {"seat": SEATS[target], "points": card},
                                    to=(SEATS[target],)))
                events.append(Event("damage-card-drawn", {"seat": SEATS[target]}))
        else:
            events.append(Event("held-fire", {"seat": SEATS[me]}))
        state = msgspec.structs.replace(
            state, rng=rng, pilots=(pilots[0], pilots[1]), shooters=state.shooters[1:])
        if state.shooters:
            return Step(state, tuple(events))
        return self._end_round(state, events)

    def _end_round(self, state: DuelState, events: list[Event]) -> Step[DuelState]:
        """Damage is applied together; then the round ends (or the game)."""
        structure = state.options.structure
        pilots = []
        for seat, pilot in zip(SEATS, state.pilots, strict=True):
            damage = pilot.damage + pilot.incoming
            down = damage >= structure
            if down and not pilot.shot_down:
                events.append(Event("shot-down", {"seat": seat}))
            pilots.append(msgspec.structs.replace(
                pilot, damage=damage, incoming=0, maneuver=None, shot_down=down,
                jammed=max(0, pilot.jammed - 1)))
        state = msgspec.structs.replace(
            state, pilots=(pilots[0], pilots[1]), revealed=None, shooters=())
        result = None
        if any(p.shot_down for p in pilots):
            result = "shot-down"
        elif state.round >= state.options.rounds:
            result = "time"
        if result:
            events.append(Event("game-over", {"reason": result}))
            return Step(msgspec.structs.replace(state, phase="over", result=result), tuple(events))
        return Step(msgspec.structs.replace(state, phase="plan", round=state.round + 1),
                    tuple(events))

    # what is seen
    def view(self, state: DuelState, viewer: Seat | None) -> Any:
        over = state.phase == "over"
        pilots = {}
        for index, (seat, pilot) in enumerate(zip(SEATS, state.pilots, strict=True)):
            mine = viewer == seat
            entry: dict[str, Any] = {
                "planned": pilot.maneuver is not None,
                "cards_taken": pilot.cards_taken,
                "deck": len(pilot.deck),
                "jammed": pilot.jammed > 0,
                "shot_down": pilot.shot_down,
            }
            if state.revealed is not None:
                entry["maneuver"] = state.revealed[index]
            elif mine and pilot.maneuver is not None:
                entry["maneuver"] = pilot.maneuver
            if mine or over:
                entry["damage"] = pilot.damage
                entry["incoming"] = pilot.incoming
            pilots[seat] = entry
        return {
            "round": state.round,
            "rounds": state.options.rounds,
            "structure": state.options.structure,
            "rules": msgspec.to_builtins(state.options.rules),
            "phase": state.phase,
            "pilots": pilots,
            "shooters": [SEATS[i] for i in state.shooters],
        }

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        red, blue = state.pilots
        scores = {"red": float(blue.damage), "blue": float(red.damage)}
        if state.result == "shot-down":
            if red.shot_down and blue.shot_down:
                return Outcome(None, "both pilots shot down", scores)
            winner = "blue" if red.shot_down else "red"
            return Outcome(winner, f"{'red' if winner == 'blue' else 'blue'} shot down", scores)
        if red.damage == blue.damage:
            return Outcome(None, "last round flown, equal damage", scores)
        winner = "red" if red.damage < blue.damage else "blue"
        return Outcome(winner, "last round flown, less damage", scores)

    def turn(self, state: DuelState) -> int:
        return state.round

    def describe(self, event: Event) -> str:
        d = event.data
        texts = {
            "planned": lambda: f"{d.get('seat')} plans {d.get('maneuver')}",
            "order-sealed": lambda: f"{d.get('seat')} has planned",
            "revealed": lambda: f"Revealed: red {d.get('red')}, blue {d.get('blue')}",
            "shot": lambda: f"{d.get('seat')} fires: rolls {d.get('roll')}, {d.get('result')}",
            "held-fire": lambda: f"{d.get('seat')} holds fire",
            "damage-card": lambda: f"{d.get('seat')} draws a damage card of {d.get('points')}",
            "damage-card-drawn": lambda: f"{d.get('seat')} draws a damage card",
            "jammed-no-shot": lambda: f"{d.get('seat')} has a shot but the gun is jammed",
            "deck-reshuffled": lambda: f"{d.get('seat')}'s damage deck is reshuffled",
            "shot-down": lambda: f"{d.get('seat')} is shot down",
            "game-over": lambda: f"Game over ({d.get('reason')})",
        }
        text = texts.get(event.kind)
        return text() if text else super().describe(event)

    # search pilots
    def determinize(self, state: DuelState, seat: Seat, rng: Rng) -> DuelState:
        """The other pilot's sealed maneuver, its damage and both decks' order drawn
        anew; the generator re-seeded."""
        seed, rng = randint(rng, 0, MAX_SEED)
        if state.phase == "over":  # the end reveals everything
            return msgspec.structs.replace(state, rng=new_rng(seed))
        pilots = []
        for name, pilot in zip(SEATS, state.pilots, strict=True):
            deck, rng = shuffle(rng, sorted(pilot.deck))  # its order is no one's
            if name != seat:
                if pilot.maneuver is not None and state.revealed is None:
                    maneuver, rng = choice(rng, list(self.rules_data.maneuvers))
                    pilot = msgspec.structs.replace(pilot, maneuver=maneuver)
                if not pilot.shot_down:
                    damage, rng = randint(rng, 0, state.options.structure - 1)
                    incoming, rng = choice(rng, [0, 0, 1, 2])
                    pilot = msgspec.structs.replace(
                        pilot, damage=damage, incoming=incoming if state.phase == "fire" else 0)
            pilots.append(msgspec.structs.replace(pilot, deck=deck))
        return msgspec.structs.replace(state, pilots=(pilots[0], pilots[1]),
                                       rng=new_rng(seed))

    # data and checks
    def data(self) -> Any:
        return msgspec.to_builtins(self.rules_data)

    def invariants(self, state: DuelState) -> list[str]:
        problems = []
        full = sorted(self._fresh_deck())
        for seat, pilot in zip(SEATS, state.pilots, strict=True):
            if pilot.damage < 0 or pilot.incoming < 0:
                problems.append(f"{seat}: negative damage")
            if pilot.shot_down != (pilot.damage >= state.options.structure):
                problems.append(f"{seat}: shot_down disagrees with damage")
            if len(pilot.deck) > len(full) or any(card not in full for card in pilot.deck):
                problems.append(f"{seat}: deck holds foreign cards")
            if state.phase == "plan" and pilot.incoming:
                problems.append(f"{seat}: damage left unapplied between rounds")
        if (state.phase == "fire") != bool(state.shooters):
            problems.append("fire phase without shooters, or shooters outside it")
        if state.phase == "over" and state.result is None:
            problems.append("game over without a result")
        if not 1 <= state.round <= state.options.rounds:
            problems.append(f"round {state.round} outside 1..{state.options.rounds}")
        return problems


GAME = DuelGame()
