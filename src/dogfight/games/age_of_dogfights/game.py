"""Age of Dogfights: WW1, the game object: the contract's glue over the chapters.

Set-up (MISE EN PLACE), seats, what each seat sees, the outcome (COMBAT AERIEN
TOURNOYANT), events in words. Who decides what, and what a decision does, is in the
chapters through the kit (``turn.PROMPTS``, ``turn.proceed``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec.structs import replace

from dogfight.core import (
    Event,
    InvalidOptions,
    Outcome,
    Rng,
    Seat,
    Side,
    choice,
    new_rng,
    parse_options,
    randint,
    roll,
    shuffle,
)
from dogfight.core.contract import Decision
from dogfight.core.rng import MAX_SEED
from dogfight.games.age_of_dogfights import reconnaissance, scoring, turn, zones
from dogfight.games.age_of_dogfights import view as board_view
from dogfight.games.age_of_dogfights.data import (
    GAME_ID,
    SIDE_NATIONS,
    AgeData,
    AircraftType,
    dataset,
)
from dogfight.games.age_of_dogfights.state import (
    DEFAULT_ROSTERS,
    SEATS,
    AgeOptions,
    AgeState,
    Aircraft,
    Phase,
    Pilot,
)
from dogfight.kit.grids import Cell
from dogfight.kit.prompts import PromptedGame, top

EVENT_TEXTS = {
    "to-access": "{aircraft} goes to an access point at L{level}",
    "zone-placed": "{seat} places target zone {zone} at [{column}, {row}]",
    "zones-proposed": "{seat} proposes the target zones",
    "zones-agreed": "{seat} agrees to the target zones",
    "rolled": "{aircraft} rolls the {die} die: {value}",
    "engine-overstrained": "{aircraft}'s engine is overstrained",
    "rule-relaxed": "{aircraft} has no legal path: a rule is relaxed ({relax})",
    "withdrawn": "{aircraft} has no legal path and withdraws",
    "moved": "{aircraft} flies {path}, ends at L{level}, {tilt}",
    "left-zone": "{aircraft} leaves the combat zone",
    "unjammed": "{aircraft} unjams its guns",
    "fired": "{aircraft} fires at {target} ({position}, {guns}): {dice}, {result}",
    "jammed": "{aircraft}'s {guns} guns jam",
    "damaged": "{aircraft} is damaged: {part}",
    "shot-down": "{aircraft} is shot down",
    "promoted": "{aircraft}'s pilot is now {pilot}",
    "turn": "Turn {turn}: {seat} plays",
    "wind-extra-step": "{aircraft} makes one more step with the wind",
    "photographed": "{aircraft} photographs zone {zone}",
    "photos-home": "{aircraft} brings its photos home: {zones}",
    "bombed": "{aircraft} bombs zone {zone}",
    "wind-lost-step": "{aircraft} loses its last step against the wind",
    "pilot-marked": "{aircraft} is flown by a {pilot} (your secret slip)",
    "slip-written": "{seat} writes a pilot's slip",
    "pilot-revealed": "{aircraft}'s slip is shown: a {pilot}",
    "bonus-round": "A bonus round: {allies} allied and {germany} German aircraft, "
                   "refuelled and rearmed",
    "game-over": "Game over ({reason})",
}


#: The cloud markers in the box (CONTENU: 10 plastic clouds).
CLOUD_MARKERS = 10


def _check_roster(data: AgeData, seat: Seat, ids: tuple[str, ...],
                  nations: tuple[str, ...], bombing: bool) -> dict[str, tuple[str, AircraftType]]:
    """A side's aircraft, each once, each a number on a panel of one of the side's
    nations (REGLES GENERALES; the expansion's nations by alliance, derived): their
    types (id, type) by ``nation-number``."""
    types = {}
    if not ids:
        raise InvalidOptions(f"{seat} needs at least one aircraft")
    if len(set(ids)) != len(ids):
        raise InvalidOptions(f"{seat}: an aircraft is listed twice")
    for ident in ids:
        nation, _, number = ident.rpartition("-")
        found = data.type_of(nation, int(number)) if number.isdigit() else None
        if nation not in nations or found is None:
            raise InvalidOptions(f"{seat}: {ident!r} is not one of the aircraft "
                                 f"(a nation of {', '.join(nations)} and a number on "
                                 "its panels)")
        if found[1].role == "bomber" and not bombing:
            raise InvalidOptions(f"{seat}: {ident} is a bomber; bombers fly in the "
                                 "bombing modes only")
        types[ident] = found
    return types


SEAT_SIDES: Mapping[Seat, Side] = MappingProxyType({seat: seat for seat in SEATS})
"""Each seat is its side (read-only: the same mapping answers every call)."""


STEP_LABELS = {"F": "Straight ahead", "L": "Turn left 60°", "R": "Turn right 60°"}
"""A step of a move in words (the menus)."""


class AgeOfDogfightsGame(PromptedGame[AgeState]):
    id = GAME_ID
    title = "Age of Dogfights: WW1"
    version = "1"
    summary = ("WW1 dogfights on a triangle grid at five altitudes: speed and agility, "
               "firing positions, defensive fire, aces and rookies.")
    board = "triangle"
    prompts = turn.PROMPTS

    @cached_property
    def dataset(self) -> AgeData:
        return dataset()

    # -- set-up (MISE EN PLACE) ------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], rng: Rng) -> AgeState:
        opts = parse_options(options, AgeOptions)
        if opts.scenario == "fly-high":  # Volez haut: two pieces, photographs from L5,
            opts = replace(opts, mode="reconnaissance", pieces=2, sides="long")  # N and S
        elif opts.scenario == "ground-attack":  # Attaque au sol: the wind and sun set
            if opts.task_side == "allies":
                raise InvalidOptions("in Attaque au sol the Germans break through")
            opts = replace(opts, mode="breakthrough", task_side="germany",
                           rules=replace(opts.rules, wind="E", sun="E", clouds=()))
        defaults = dict(DEFAULT_ROSTERS.get(opts.scenario or "", DEFAULT_ROSTERS[opts.mode]))
        if opts.task_side is not None:
            if opts.mode not in reconnaissance.ASYMMETRIC or opts.scenario == "fly-high":
                raise InvalidOptions("the asymmetric variant is played in the "
                                     "reconnaissance and bombing modes (RECONNAISSANCE, "
                                     "BOMBARDEMENT)")
            if opts.scenario is None:
                other_side = turn.other(opts.task_side)
                defaults[other_side] = DEFAULT_ROSTERS["dogfight"][other_side]
        opts = replace(opts, allies=opts.allies or defaults["allies"],
                       germany=opts.germany or defaults["germany"])
        if opts.mode == "general" or opts.scenario == "ground-attack":
            opts = replace(opts, sides="short")  # laid as pictured: the East the far side
        if opts.mode == "general":  # Interceptez le général: no. 13 unarmed, France first
            opts = replace(opts, first="allies",
                           disarmed=tuple(sorted({*opts.disarmed, "france-13"})))
            if "france-13" not in opts.allies:
                raise InvalidOptions("the general flies in the French no. 13")
        data = self.dataset
        bombing = opts.mode in reconnaissance.BOMBING
        types = {ident: found for seat, roster in (("allies", opts.allies),
                                                   ("germany", opts.germany))
                 for ident, found in _check_roster(data, seat, roster, SIDE_NATIONS[seat],
                                                   bombing).items()}
        roles = {ident: kind.role for ident, (_, kind) in types.items()}
        for ident in opts.escorts:
            if opts.mode not in ("bombing", "breakthrough") or \
                    roles.get(ident) != "reconnaissance":
                raise InvalidOptions(f"{ident}: only reconnaissance aircraft in the rosters "
                                     "fly as fighters, in the bombing modes")
        if opts.disarmed and opts.mode == "dogfight":
            raise InvalidOptions("no disarmed aircraft in the dogfight mode (MODES DE JEU)")
        for ident in opts.disarmed:
            if roles.get(ident) != "reconnaissance":
                raise InvalidOptions(f"{ident}: only reconnaissance aircraft in the rosters "
                                     "can be disarmed")
        board = data.board
        if not board.min_pieces <= opts.pieces <= board.max_pieces:
            raise InvalidOptions(f"pieces must be {board.min_pieces} or {board.max_pieces}")
        if not 1 <= opts.max_fighters <= 18 or not 1 <= opts.turns <= 200:
            raise InvalidOptions("max_fighters must be 1-18 and turns 1-200")
        width = board.piece_columns * opts.pieces
        if len(opts.rules.clouds) > CLOUD_MARKERS:
            raise InvalidOptions(f"at most {CLOUD_MARKERS} clouds (CONTENU)")
        for cloud in opts.rules.clouds:
            if cloud.top not in data.rules.weather.cloud_tops or not (
                    0 <= cloud.cell[0] < width and 0 <= cloud.cell[1] < board.piece_rows):
                raise InvalidOptions(f"cloud {list(cloud.cell)}: a point of the board, "
                                     "covering L1, L1-L2 or L1-L3 (LES NUAGES)")
        everyone = (*opts.allies, *opts.germany)
        limits = data.rules.limits
        for label, marked, most in (("aces", opts.aces, limits.aces),
                                    ("rookies", opts.rookies, limits.rookies)):
            for seat, roster in (("allies", opts.allies), ("germany", opts.germany)):
                mine = [i for i in marked if i in roster]
                if len(mine) > most:
                    raise InvalidOptions(f"{seat}: at most 3 {label} (PILOTES)")
            if any(i not in everyone for i in marked):
                raise InvalidOptions(f"{label}: every marked aircraft must be in a roster")
        if opts.mode not in ("dogfight", "general"):
            task = (("reconnaissance",) if opts.mode == "reconnaissance"
                    else ("reconnaissance", "bomber"))
            for seat, roster in (("allies", opts.allies), ("germany", opts.germany)):
                if opts.task_side not in (None, seat):  # the asymmetric variant
                    if any(roles[i] != "fighter" for i in roster):
                        raise InvalidOptions(f"{seat}: in the asymmetric variant the other "
                                             "player has only fighters")
                elif not any(roles[i] in task and i not in opts.escorts for i in roster):
                    raise InvalidOptions(f"{seat}: the {opts.mode} mode needs a task "
                                         f"aircraft ({' or '.join(task)})")
        if opts.rules.hidden_pilots and (opts.aces or opts.rookies):
            raise InvalidOptions("with hidden pilots each player marks his own in secret: "
                                 "give no aces or rookies")
        if set(opts.aces) & set(opts.rookies):
            raise InvalidOptions("an aircraft cannot be flown by an ace and a rookie")
        aircraft = []
        for seat, roster in (("allies", opts.allies), ("germany", opts.germany)):
            for ident in roster:
                nation, _, number = ident.rpartition("-")
                key, kind = types[ident]
                if kind.role != "fighter" and (ident in opts.aces or ident in opts.rookies):
                    raise InvalidOptions(f"{ident}: ace and rookie markers are for fighters")
                pilot: Pilot = ("ace" if ident in opts.aces else
                         "rookie" if ident in opts.rookies else "average")
                armed = ident not in opts.disarmed
                aircraft.append(Aircraft(nation, int(number), key, seat,
                                         bursts=(kind.front_bursts, kind.tail_bursts,
                                                 kind.ventral_bursts) if armed else (0, 0, 0),
                                         throttle=kind.full_throttle, pilot=pilot,
                                         revealed=not opts.rules.hidden_pilots,
                                         bombs=kind.bombs if bombing and not (
                                             kind.role == "reconnaissance" and (
                                                 opts.mode == "combined"
                                                 or ident in opts.escorts)) else 0))
        phase: Phase = ("targets" if zones.agreeing_zones(opts) else
                        "pilots" if opts.rules.hidden_pilots else "place")
        wind: str | None = opts.rules.wind
        if wind == "roll":  # LE VENT: a red die gives where the wind blows from
            face, rng = roll(rng, 6)
            wind = data.rules.weather.wind_from[face - 1]
        if opts.rules.sun == "roll":  # LE SOLEIL: the blue die gives where the sun stands
            face, rng = roll(rng, 6)
            value = data.rules.dice.blue.faces[face - 1]
            opts = replace(opts, rules=replace(
                opts.rules, sun=data.rules.weather.sun_at[str(value)]))
        state = AgeState(opts, rng, 0, opts.first, phase, tuple(aircraft), wind=wind)
        return turn.proceed(state, [])

    def option_schema(self) -> Any:
        """The options a user interface offers. Given as JSON too: the rosters
        (``allies``, ``germany``: lists of ``nation-number``; empty, the mode's default),
        the ``aces``, ``rookies``, ``disarmed`` and ``escorts`` lists, ``rules.clouds``, and
        ``task_side`` (the asymmetric variant of the reconnaissance and bombing modes)."""
        return {
            "scenario": {"type": "choice", "choices": [None, "fly-high", "ground-attack"],
                         "default": None,
                         "title": "Scenario: Volez haut, Attaque au sol"},
            "mode": {"type": "choice",
                     "choices": ["dogfight", "reconnaissance", "bombing", "breakthrough",
                                 "combined", "general"],
                     "default": "dogfight", "title": "Game mode (MODES DE JEU)"},
            "first": {"type": "choice", "choices": list(SEATS), "default": "allies",
                      "title": "Who plays first (R11)"},
            "pieces": {"type": "int", "default": 3, "min": 2, "max": 3,
                       "title": "Board pieces"},
            "sides": {"type": "choice", "choices": ["short", "long"], "default": "short",
                      "title": "The players' sides: the short (West, East) or the long "
                               "(South, North)"},
            "target_zones": {"type": "choice", "choices": ["given", "agreed"],
                             "default": "given",
                             "title": "Target zones at the given positions, or placed by "
                                      "agreement (MARQUEURS DE ZONE CIBLE)"},
            "max_fighters": {"type": "int", "default": 6, "min": 1, "max": 18,
                             "title": "Fighters a side in the combat zone"},
            "turns": {"type": "int", "default": 20, "min": 1, "max": 200,
                      "title": "Turns before the battle points decide"},
            "rules": {
                "wind": {"type": "choice",
                         "choices": [None, "roll", "NE", "E", "SE", "SW", "W", "NW"],
                         "default": None, "title": "Where the wind blows from (LE VENT)"},
                "sun": {"type": "choice", "choices": [None, "roll", "E", "SE", "SW", "W"],
                        "default": None, "title": "Where the sun stands (LE SOLEIL)"},
                "all_aces": {"type": "bool", "default": False, "title": "As contre As"},
                "strict_dive": {"type": "bool", "default": False,
                                "title": "No tilt at all after a three-level dive"},
                "plain": {"type": "bool", "default": False,
                          "title": "Without the aircraft's special characteristics"},
                "single_level": {"type": "bool", "default": False,
                                 "title": "The whole game at one altitude"},
                "experience": {"type": "bool", "default": True,
                               "title": "Pilots gain experience"},
                "withdrawn_only": {"type": "bool", "default": False,
                                   "title": "Half a point only for damaged aircraft "
                                            "that withdrew"},
                "hidden_pilots": {"type": "bool", "default": False,
                                  "title": "Aces and rookies on secret slips"},
                "bonus_round": {"type": "bool", "default": False,
                                "title": "A bonus round when the criteria disagree"},
            },
        }

    def seats(self, state: AgeState) -> Mapping[Seat, Side]:
        return SEAT_SIDES

    def proceed(self, state: AgeState, events: list[Event]) -> AgeState:
        return turn.proceed(state, events)

    # -- what is seen (everything on the table is open) -------------------------------------
    def view(self, state: AgeState, viewer: Seat | None) -> Any:
        options = state.options
        setting = board_view.setting(options, state.wind, id(dataset()))
        fleet = board_view.fleet_of(state, viewer)
        flight = state.flight
        return {
            "map": setting["map"],
            "pieces": fleet["pieces"],
            "aircraft": fleet["aircraft"],
            "turn": state.turn,
            "turns": options.turns,
            "round": state.round,
            "active": state.active,
            "phase": state.phase,
            "flight": None if flight is None else {
                "aircraft": flight.aircraft, "die": flight.die, "change": flight.change,
                "path": flight.path, "stage": flight.stage},
            "table": setting["table"],
            "rules": setting["rules"],
            "wind": state.wind,
            "points": fleet["points"],
            "mode": options.mode,
            "zones": self.zones_view(state),
            "zone_draft": zones.draft_view(state),
            "task_points": (reconnaissance.task_points(state)
                            if reconnaissance.task_mode(state) else None),
        }

    def zones_view(self, state: AgeState) -> dict[str, dict[str, list[list[int]]]]:
        """Each player's target zones (the points he photographs), as [column, row]; while
        they are placed by agreement, those proposed so far (``zone_draft``)."""
        if not reconnaissance.task_mode(state):
            return {}
        if state.phase == "targets":
            draft = zones.draft(state)
            if not draft:
                return {seat: {} for seat in SEATS}
            return board_view.zones_placed(state.options, draft, id(dataset()))
        return board_view.zones_placed(state.options, state.targets, id(dataset()))

    def points(self, state: AgeState) -> dict[str, float]:
        """Battle points (COMBAT AERIEN TOURNOYANT; R21)."""
        return scoring.battle_points(state)

    def outcome(self, state: AgeState) -> Outcome | None:
        if state.phase != "over":
            return None
        points = self.points(state)
        asymmetric = reconnaissance.asymmetric_result(state)
        if asymmetric is not None:  # RECONNAISSANCE, BOMBARDEMENT: the asymmetric variant
            winner, reason = asymmetric
            return Outcome(winner, reason, reconnaissance.task_points(state),
                           {"battle_points": points})
        if state.options.mode == "general":
            through = any(reconnaissance.is_general(state, a) and a.home
                          for a in state.aircraft)
            winner = "allies" if through else "germany"
            return Outcome(winner, "the general got through" if through
                           else "the general did not get through",
                           {"allies": float(through), "germany": float(not through)},
                           {"battle_points": points})
        if reconnaissance.task_mode(state):
            # the main criterion, then the second: all the points (RECONNAISSANCE,
            # BOMBARDEMENT), which orders as the battle points when the main ties
            tasks = reconnaissance.task_points(state)
            details = {"battle_points": points,
                       "all_points": {s: tasks[s] + points[s] for s in SEATS}}
            if tasks["allies"] != tasks["germany"]:
                winner = max(SEATS, key=lambda s: tasks[s])
                return Outcome(winner, "more task points", tasks, details)
            if points["allies"] != points["germany"]:
                winner = max(SEATS, key=lambda s: points[s])
                return Outcome(winner, "equal task points, more battle points", tasks,
                               details)
            return Outcome(None, "equal task points and battle points", tasks, details)
        # COMBAT AERIEN TOURNOYANT: the player left with aircraft wins; at the turn limit
        # the battle points; after a bonus round, the bonus round's result decides.
        bonus: dict[str, Any] = ({} if state.first_round is None else
                                 {"first_round": state.first_round, "bonus_round": True})
        prefix = "" if state.first_round is None else "bonus round: "
        if state.result == "all-lost":
            alive = [s for s in SEATS if not turn.lost_all(state, s)]
            if len(alive) == 1:
                return Outcome(alive[0], f"{prefix}{turn.other(alive[0])} lost all its "
                               "aircraft", points, bonus)
        if points["allies"] == points["germany"]:
            return Outcome(None, f"{prefix}equal battle points", points, bonus)
        winner = max(SEATS, key=lambda s: points[s])
        return Outcome(winner, f"{prefix}more battle points", points, bonus)

    def label(self, state: AgeState, seat: Seat, decision: Decision) -> str:
        """A decision in words, for menus."""
        d = decision
        if "step" in d:
            step = str(d["step"])
            return STEP_LABELS.get(step, step)
        if "die" in d:
            die = "full throttle (green die)" if d["die"] == "green" else "blue die"
            return f"Move {d.get('aircraft')} with the {die}"
        if "change" in d:
            change = int(d["change"])
            words = ("stay level" if change == 0 else
                     f"climb {change}" if change > 0 else f"dive {-change}")
            return words + (", unjamming the guns" if d.get("unjam") else "")
        if "tilt" in d:
            return {"level": "End level", "up": "Tilt up (climb next move)",
                    "down": "Tilt down (dive next move)"}.get(str(d["tilt"]), str(d["tilt"]))
        if "guns" in d:
            who = f"{d['aircraft']} fires" if "aircraft" in d else "Fire"
            return f"{who} {d['guns']} guns at {d.get('target')} ({d.get('position')})"
        if "long_burst" in d:
            return "Fire a long burst" if d["long_burst"] else "No long burst"
        if "hold" in d:
            return "Hold fire"
        if "point" in d:
            return (f"Put {d.get('aircraft')} on access point {int(d['point']) + 1} "
                    f"at L{d.get('level')}")
        if "pilot" in d:
            return f"{d.get('aircraft')} is flown by a {d['pilot']} (secret)"
        if "done" in d:
            return "Done"
        return super().label(state, seat, decision)

    def hints(self, state: AgeState, seat: Seat) -> Any:
        """For the seat steering now, every way its move may go on (``view.reach``)."""
        frame = top(state)
        if frame is None or frame.kind != "steer" or seat not in frame.seats:
            return None
        return {"reach": board_view.reach(state)}

    def turn(self, state: AgeState) -> int:
        return max(state.turn, 1)

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        text = EVENT_TEXTS.get(event.kind)
        return None if text is None else (text, event.data)

    # -- search pilots ---------------------------------------------------------------------
    def evaluate(self, state: AgeState, seat: Seat) -> float:
        """A leaf's value for search pilots, -1..1: the outcome once over; before, the lead
        in battle points (and in task points, halved, in the task modes) and, a little, in
        undamaged aircraft still in play, squashed (``tanh``)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == seat else -1.0)
        battle, task, fit = leads(state, seat)
        return math.tanh(0.6 * (battle + 0.5 * task) + 0.05 * fit)

    def determinize(self, state: AgeState, seat: Seat, rng: Rng) -> AgeState:
        """The other player's slips not yet shown drawn anew (as many slips, each an ace
        or a rookie, on his unrevealed fighters, within the limits), and the future dice."""
        seed, rng = randint(rng, 0, MAX_SEED)
        limits = self.dataset.rules.limits
        planes = list(state.aircraft)
        for owner in SEATS:
            if owner == seat:
                continue
            hidden = [i for i, a in enumerate(planes) if a.seat == owner and not a.revealed
                      and self.dataset.aircraft[a.kind].role == "fighter"]
            slips = sum(planes[i].pilot != "average" for i in hidden)
            order, rng = shuffle(rng, hidden)
            shown = [a.pilot for a in planes if a.seat == owner and a.revealed]
            left = {"ace": limits.aces - shown.count("ace"),
                    "rookie": limits.rookies - shown.count("rookie")}
            for n, i in enumerate(order):
                pilot: Pilot = "average"
                if n < slips:
                    wanted, rng = choice(rng, [p for p in ("ace", "rookie") if left[p] > 0]
                                         or ["ace"])
                    pilot = "ace" if wanted == "ace" else "rookie"
                    left[pilot] -= 1
                planes[i] = replace(planes[i], pilot=pilot)
        return replace(state, aircraft=tuple(planes), rng=new_rng(seed))

    # -- data and checks --------------------------------------------------------------------
    def data(self) -> Any:
        return msgspec.to_builtins(self.dataset)

    def invariants(self, state: AgeState) -> list[str]:
        problems = []
        held: set[tuple[tuple[int, int], int]] = set()
        for a in state.aircraft:
            if a.where == "zone":
                if a.point is None or not zones.board(state).on_map(Cell(*a.point)):
                    problems.append(f"{a.id} in the zone off the board")
                elif (a.point, a.level) in held:
                    problems.append(f"{a.id} shares a point and level")
                else:
                    held.add((a.point, a.level))
            if not 1 <= a.level <= 5 or (len(a.damage) > 1 and a.where != "down"):
                problems.append(f"{a.id}: level or damage out of bounds")
            if min(a.bursts) < 0:
                problems.append(f"{a.id}: negative bursts")
        if state.phase != "over" and not state.prompts:
            problems.append("nobody is asked to decide before the end")
        if state.phase == "over" and state.prompts:
            problems.append("a decision asked after the end")
        return problems


def leads(state: AgeState, seat: Seat) -> tuple[float, float, int]:
    """The seat's lead before the end, the terms of a search leaf: in battle points
    (R21), in the mode's task points (0 outside the task modes), and in undamaged
    aircraft still in play."""
    enemy = turn.other(seat)
    points = scoring.battle_points(state)
    task = 0.0
    if reconnaissance.task_mode(state):
        tasks = reconnaissance.task_points(state)
        task = tasks[seat] - tasks[enemy]
    fit = sum((1 if a.seat == seat else -1) for a in state.aircraft
              if a.where in ("zone", "access") and not a.damage)
    return points[seat] - points[enemy], task, fit


GAME = AgeOfDogfightsGame()
