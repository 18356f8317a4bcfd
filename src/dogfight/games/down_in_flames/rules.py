"""Rules of Down In Flames (book ``shared/seeds/004_fe250b7836505b34.txt``).

Pure functions of immutable states. A turn of a fighter runs through the book's
phases (§ Séquence de jeu): pre-turn draw, altitude change, speed maneuver, actions,
discard, post-turn draw. Each card played against an aircraft opens a chain of
reactions (§ Jouer une carte) held in ``state.chain``: the last card decides.
Bombers answer from a temporary turret hand (§ Tourelles des bombardiers).
Campaign missions add flak and bombing patterns (§ Jouer une campagne).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import msgspec

from dogfight.core import (
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
from dogfight.core.rng import MAX_SEED
from dogfight.games.down_in_flames import campaign as campaign_rules
from dogfight.games.down_in_flames.data import (
    BOOK,
    GAME_ID,
    SIDE_OF,
    ActionCard,
    Aircraft,
    Campaign,
    DifData,
    shipped,
)
from dogfight.games.down_in_flames.state import (
    ALTITUDES,
    FLAK_PATTERNS,
    FORMATIONS,
    PILOT_MARKERS,
    START_ALTITUDES,
    Chain,
    DifState,
    Follow,
    Mission,
    Options,
    Plane,
)

T = TypeVar("T")
R = f"book: {BOOK}"
ATTACK_TITLES = ("In My Sights", "Out of the Sun")
ALT_MODS = ((1, 1), (0, 1), (0, 0), (-1, 0), (-1, -1))
"""Book § Effets de l'altitude sur la puissance du moteur: (pre-turn, post-turn)."""
REDLINE = "#redline"
"""``evasive_from`` of a Redline's own hit: three cards follow it (book § Redline)."""
POSITION_NAMES = {2: "tailing", 1: "advantaged", 0: "neutral", -1: "disadvantaged",
                  -2: "tailed"}
RULE_TITLES = {
    "wingmen": "Wingmen (Ailiers)",
    "free_for_all": "Free-for-all (Chacun pour soi)",
    "vp_balancing": "Balancing victory points (Equilibrer les points de victoire)",
    "altitude_bonus": "Starting altitude bonus cards (Cartes bonus pour altitude de départ)",
    "experienced_pilots": "Experienced pilot markers (Marqueurs de pilote expérimenté)",
}
PILOT_VP = {"A+1": 1, "A+2": 2, "Ag": 1, "AP1": 2, "AP2": 4, "B+1": 2, "Cl": 1, "Di": 1,
            "F+1": 2, "H+1/+1": 2, "H+0/+1": 1, "MO(1)": 1, "P+1": 1, "P+2": 2, "Re": 1,
            "S+1": 2}
"""Victory points printed on the pilot markers: pictures lost, derived (one point
for a small edge, two for an edge worth about a card or a burst a turn, four for
two Ace Pilot markers). Edit here or give a pilot in the options."""


@functools.lru_cache(maxsize=64)
def _rules_json(rules: Any) -> dict[str, bool]:
    out: dict[str, bool] = msgspec.to_builtins(rules)
    return out


class Stats(NamedTuple):
    speed: int
    performance: int
    pre: int
    post: int
    bursts: int
    firepower: int
    airframe: tuple[int, int]
    gunner: int
    agile: bool
    barrage: bool
    turbo: bool


if TYPE_CHECKING:
    def _replace(obj: T, **changes: Any) -> T: ...
else:
    _replace = msgspec.structs.replace


def _no(message: str, section: str = "") -> IllegalDecision:
    return IllegalDecision(message, rule=f"{R} § {section}" if section else None)


class DownInFlames(Game[DifState]):
    id = GAME_ID
    title = "Down In Flames"
    version = "1"
    board = "none"
    summary = ("WW2 air combat with cards: action and reaction chains, five relative "
               "positions, altitude and horsepower, bombers and campaign missions.")

    @cached_property
    def d(self) -> DifData:
        return shipped()

    def card(self, key: str) -> ActionCard:
        return self.d.action_deck[key]

    def plane_data(self, plane: Plane) -> Aircraft:
        return self.d.aircraft[plane.aircraft]

    # ================================================================== set-up
    def option_schema(self) -> Any:
        sorties = self.sorties()
        return {
            "mode": {"type": "choice", "choices": ["dogfight", "mission"],
                     "default": "dogfight"},
            "vp": {"type": "int", "default": 12, "min": 12, "max": 100},
            "year": {"type": "int", "default": 1940, "min": 1937, "max": 1945},
            "seats_per_side": {"type": "int", "default": 1, "min": 1, "max": 3},
            "planes_per_seat": {"type": "int", "default": 1, "min": 1, "max": 2},
            "turns": {"type": "int", "default": 6, "min": 1, "max": 20},
            "deck": {"type": "choice", "choices": ["full", "pacific", "europe"],
                     "default": "full"},
            "decks": {"type": "int", "default": 1, "min": 1, "max": 3},
            "mission": {"sortie": {"type": "choice", "choices": sorties,
                                   "default": sorties[0] if sorties else ""},
                        "scale": {"type": "int", "default": 1, "min": 1, "max": 4}},
            "rules": {name: {"type": "bool", "default": False, "title": title}
                      for name, title in RULE_TITLES.items()},
        }

    def setup(self, options: Mapping[str, Any], rng: Rng) -> DifState:
        opts = parse_options(options, Options)
        if not 1 <= opts.turns <= 20:
            raise InvalidOptions(f"turns must be from 1 to 20, got {opts.turns}")
        if not 1 <= opts.seats_per_side <= 4 or not 1 <= opts.planes_per_seat <= 4:
            raise InvalidOptions("seats_per_side and planes_per_seat must be from 1 to 4")
        if not 1 <= opts.decks <= 3:
            raise InvalidOptions(f"decks must be from 1 to 3, got {opts.decks}")
        for key in opts.stack:
            if key not in self.d.action_deck:
                raise InvalidOptions(f"stack: unknown card {key!r}")
        for key in opts.pilots.values():
            if key not in PILOT_MARKERS:
                raise InvalidOptions(f"pilots: unknown marker {key!r}; "
                                     f"known: {', '.join(PILOT_MARKERS)}")
        deck, rng = shuffle(rng, self._fresh_deck(opts))
        if opts.stack:
            rest = list(deck)
            for key in opts.stack:
                if key not in rest:
                    raise InvalidOptions(f"stack: the deck has no more {key!r}")
                rest.remove(key)
            deck = tuple(opts.stack) + tuple(rest)
        if opts.mode == "mission":
            return self._setup_mission(opts, deck, rng)
        return self._setup_dogfight(opts, deck, rng)

    def _fresh_deck(self, opts: Options) -> list[str]:
        """Book § Préparer les cartes (110 cards), § Cartes d'Action Pacifique /
        Europe (55 of a theatre: half of each design), § Plusieurs paquets."""
        cards = []
        for key, card in self.d.action_deck.items():
            count = card.count if opts.deck == "full" else card.count // 2
            cards.extend([key] * (count * opts.decks))
        return cards

    def _setup_dogfight(self, opts: Options, deck: tuple[str, ...], rng: Rng) -> DifState:
        sides = ("allies", "axis")
        seats: list[tuple[str, str]] = []
        for side in sides:
            for k in range(opts.seats_per_side):
                seat = side if opts.seats_per_side == 1 else f"{side}-{k + 1}"
                seats.append((seat, seat if opts.rules.free_for_all else side))
        planes = []
        for seat, side in seats:
            for n in range(opts.planes_per_seat):
                pid = f"{seat}-{n + 1}"
                planes.append(Plane(id=pid, seat=seat, side=side))
        ids = {p.id for p in planes}
        for pid, key in opts.aircraft.items():
            if pid not in ids:
                raise InvalidOptions(f"aircraft: there is no plane {pid!r}; planes: "
                                     f"{', '.join(sorted(ids))}")
            if key not in self.d.aircraft:
                raise InvalidOptions(f"aircraft.{pid}: unknown aircraft {key!r}")
            air = self.d.aircraft[key]
            if "bomber" in air.specials:
                raise InvalidOptions(f"aircraft.{pid}: {air.name} is a bomber; a dogfight "
                                     "is flown by fighters (book § Mise en place)")
        for pid in opts.pilots:
            if pid not in ids:
                raise InvalidOptions(f"pilots: there is no plane {pid!r}")
        if opts.rules.wingmen:
            planes = self._pair_wingmen(planes)
        for pid in opts.aircraft:
            planes = [_replace(p, aircraft=opts.aircraft[pid]) if p.id == pid else p
                      for p in planes]
        for pid in opts.pilots:
            planes = [_replace(p, pilot=opts.pilots[pid]) if p.id == pid else p
                      for p in planes]
        if opts.first and opts.first not in ids:
            raise InvalidOptions(f"first: there is no plane {opts.first!r}")
        state = DifState(options=opts, rng=rng, deck=deck, discard=(), planes=tuple(planes),
                         seats=tuple(seats), phase="choose", turns=opts.turns)
        for p in planes:
            if not p.aircraft and not self._fighter_choices(state, p):
                raise InvalidOptions(f"no fighter fits {opts.vp} points and the year "
                                     f"{opts.year} for {p.id} (book § Mise en place)")
        return self._after_choices(state, [])[0] if not self._unchosen(state) else state

    def _pair_wingmen(self, planes: list[Plane]) -> list[Plane]:
        """Book § Ailiers: a side's fighters pair up, first leader, second wingman."""
        out = []
        by_side: dict[str, list[Plane]] = {}
        for p in planes:
            by_side.setdefault(p.side, []).append(p)
        for p in planes:
            mates = by_side[p.side]
            index = mates.index(p)
            leader = mates[index - 1].id if index % 2 == 1 else ""
            out.append(_replace(p, leader=leader))
        return out

    def _setup_mission(self, opts: Options, deck: tuple[str, ...], rng: Rng) -> DifState:
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
        if m.campaign not in self.d.campaigns:
            raise InvalidOptions(f"mission.campaign: unknown campaign {m.campaign!r}; known: "
                                 f"{', '.join(sorted(self.d.campaigns))}")
        camp = self.d.campaigns[m.campaign]
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
            air = self.d.aircraft[key]
            planes.append(Plane(id=f"{side}-{count[side]}", seat=side, side=side,
                                aircraft=key, bomber="bomber" in air.specials,
                                loaded=loaded and "bomber" not in air.specials))

        for _ in range(m.scale):
            for key in arrows[0].aircraft:
                add(attacker, key, True)
        interceptor = getattr(camp.campaign.interceptors, defender)
        if interceptor:
            for _ in range(m.scale):
                add(defender, interceptor, False)
        mission = Mission(campaign=m.campaign, target=m.target, attacker=attacker,
                          defender=defender, damaged=target.damaged * m.scale,
                          destroyed=target.destroyed * m.scale, flak=target.flak)
        state = DifState(options=opts, rng=rng, deck=deck, discard=(), planes=tuple(planes),
                         seats=seats, phase="options", turns=camp.campaign.turns,
                         mission=mission)
        if not self._mission_options(state, attacker) and not self._mission_options(
                state, defender):
            return self._start_mission_planes(state, [])[0]
        return state

    def sorties(self) -> list[str]:
        """Every attack arrow of every campaign sheet as "<campaign>:<side>:<from>:<to>",
        the initiative side's opening arrows first (book § Première mission)."""
        out = []
        for name, camp in sorted(self.d.campaigns.items()):
            arrows = sorted(camp.arrows, key=lambda a: (
                a.side != camp.campaign.initiative, a.origin != "start", a.to))
            out += [f"{name}:{a.side}:{a.origin}:{a.to}" for a in arrows]
        return out

    # ---- campaigns (book § Jouer une campagne): see campaign.py
    def campaign_names(self) -> list[str]:
        return sorted(self.d.campaigns)

    def campaign_start(self, name: str, options: Mapping[str, Any]) -> Any:
        return campaign_rules.start(self.d, name, dict(options))

    def campaign_choices(self, campaign: Any) -> list[Any]:
        return campaign_rules.choices(self.d, campaign)

    def campaign_record(self, campaign: Any, options: Mapping[str, Any], outcome: Outcome
                        ) -> Any:
        return campaign_rules.record_outcome(self.d, campaign, dict(options), outcome)

    def campaign_result(self, campaign: Any) -> Any:
        return campaign_rules.result(self.d, campaign)

    def campaign(self, state: DifState) -> Campaign:
        assert state.mission is not None
        return self.d.campaigns[state.mission.campaign]

    # ---- secret choices
    def _fighters(self, opts: Options, plane: Plane) -> dict[str, Aircraft]:
        return {key: a for key, a in self.d.aircraft.items()
                if "bomber" not in a.specials and a.year <= opts.year
                and (not opts.historical or opts.rules.free_for_all
                     or SIDE_OF[a.nation] == plane.side)}

    def _room(self, state: DifState, plane: Plane) -> int:
        """Points left for ``plane``: the seat's agreed points less its other fighters
        (chosen or sealed) and the cheapest fighter for each plane still to choose."""
        sealed = dict(state.sealed)
        used = 0
        left = 0
        for q in state.planes:
            if q.seat != plane.seat or q.id == plane.id:
                continue
            if q.aircraft:
                used += self.d.aircraft[q.aircraft].vp + PILOT_VP.get(q.pilot, 0)
            elif q.id in sealed:
                key, _, pilot = sealed[q.id].partition("|")
                used += self.d.aircraft[key].vp + PILOT_VP.get(pilot, 0)
            else:
                left += 1
        fighters = self._fighters(state.options, plane)
        cheapest = min((a.vp for a in fighters.values()), default=0)
        return state.options.vp - used - cheapest * left - PILOT_VP.get(plane.pilot, 0)

    def _fighter_choices(self, state: DifState, plane: Plane) -> list[str]:
        """Book § Mise en place: a fighter within the agreed points and year (each seat's
        fighters together within the points), of the seat's side when historical."""
        room = self._room(state, plane)
        return sorted(key for key, a in self._fighters(state.options, plane).items()
                      if a.vp <= room)

    def _unchosen(self, state: DifState) -> list[Plane]:
        sealed = {pid for pid, _ in state.sealed}
        return [p for p in state.planes if not p.aircraft and p.id not in sealed]

    def _after_choices(self, state: DifState, events: list[Event]
                       ) -> tuple[DifState, list[Event]]:
        """All fighters chosen: reveal them together, deal hands (book § Mise en place)."""
        planes = []
        chosen = dict(state.sealed)
        for p in state.planes:
            if p.id in chosen:
                key, _, pilot = chosen[p.id].partition("|")
                p = _replace(p, aircraft=key, pilot=pilot or p.pilot)
            planes.append(p)
        state = _replace(state, planes=tuple(planes), sealed=())
        if chosen:
            events.append(Event("fighters-revealed", {
                "fighters": {p.id: p.aircraft for p in state.planes},
                "pilots": {p.id: p.pilot for p in state.planes if p.pilot}}))
        state = self._init_planes(state)
        state, events = self._deal(state, [p.id for p in state.planes], events)
        if state.options.rules.vp_balancing:
            state, events = self._balance(state, events)
        return _replace(state, phase="altitude"), events

    def _init_planes(self, state: DifState) -> DifState:
        planes = []
        for p in state.planes:
            aces = {"AP1": 1, "AP2": 2}.get(p.pilot, 0)
            planes.append(_replace(p, aces=aces))
        return _replace(state, planes=tuple(planes))

    def _deal(self, state: DifState, ids: Iterable[str], events: list[Event]
              ) -> tuple[DifState, list[Event]]:
        """Opening hand = Performance (book § Mise en place)."""
        for pid in ids:
            p = self.plane(state, pid)
            if p.bomber or p.loaded:
                continue
            state, events = self._draw(state, pid, self.stats(state, p).performance, events,
                                       cap=False)
        return state, events

    def _balance(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """Book § Equilibrer les points de victoire: the weaker side gains the difference."""
        totals: dict[str, int] = {}
        for p in state.planes:
            totals[p.side] = totals.get(p.side, 0) + self.plane_data(p).vp + PILOT_VP.get(
                p.pilot, 0)
        top = max(totals.values())
        balance = tuple((side, top - v) for side, v in totals.items() if top > v)
        for side, v in balance:
            events.append(Event("vp-balance", {"side": side, "vp": v}))
        return _replace(state, balance=balance), events

    # ================================================================ helpers
    def plane(self, state: DifState, pid: str) -> Plane:
        for p in state.planes:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def _find(self, state: DifState, pid: Any) -> Plane | None:
        if not isinstance(pid, str):
            return None
        for p in state.planes:
            if p.id == pid:
                return p
        return None

    def _put(self, state: DifState, plane: Plane) -> DifState:
        planes = list(state.planes)
        for i, p in enumerate(planes):
            if p.id == plane.id:
                planes[i] = plane
                break
        return _replace(state, planes=tuple(planes))

    def is_bomber(self, p: Plane) -> bool:
        return p.bomber or p.loaded

    def in_play(self, p: Plane) -> bool:
        return not p.down and not p.gone

    def damaged(self, state: DifState, p: Plane) -> bool:
        return p.damage >= self.stats(state, p).airframe[0]

    def stats(self, state: DifState, p: Plane) -> Stats:
        """The card's figures (its damaged side once flipped), pilot marker and
        wingman leader applied (book § Les cartes Chasseurs, § Endommager des
        chasseurs, § Marqueurs de pilote expérimenté, § Ailiers)."""
        leader = state.options.rules.wingmen and any(
            q.leader == p.id and self.in_play(q) for q in state.planes)
        gunner_mod = 0
        if state.mission is not None and self.d.aircraft[p.aircraft].gunner:
            for side, number, _choice in state.mission.options:
                for eff in self._option(state, side, number).effects:
                    if eff.kind == "gunner":
                        gunner_mod += eff.value if side == p.side else -eff.value
        return self._stats(p.aircraft, p.pilot, p.damage, leader, gunner_mod)

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one game object, a few keys
    def _stats(self, aircraft: str, pilot: str, damage: int, leader: bool, gunner_mod: int
               ) -> Stats:
        a = self.d.aircraft[aircraft]
        frame0 = a.airframe[0] + {"A+1": 1, "A+2": 2}.get(pilot, 0)
        frame1 = a.airframe[1] + {"A+1": 1, "A+2": 2}.get(pilot, 0)
        hurt = damage >= frame0
        src = a.damaged if hurt else a
        speed, perf = src.speed, src.performance
        pre, post = src.horsepower
        bursts, fire = src.bursts, src.firepower
        gunner = a.gunner
        speed += 1 if pilot == "S+1" else 0
        perf += {"P+1": 1, "P+2": 2}.get(pilot, 0)
        bursts += 1 if pilot == "B+1" else 0
        fire += 1 if pilot == "F+1" else 0
        if pilot == "H+1/+1":
            pre, post = pre + 1, post + 1
        elif pilot == "H+0/+1":
            post += 1
        if leader:
            pre, post = pre + 1, post + 1  # book § Ailiers: the leader draws one more
        gunner = max(0, gunner + gunner_mod) if gunner else 0
        agile = "agile" in a.specials or (pilot == "Ag" and not hurt)
        return Stats(speed, perf, pre, post, bursts, fire, (frame0, frame1), gunner, agile,
                     "barrage" in a.specials, "turbocharger" in a.specials)

    def alt_mods(self, state: DifState, p: Plane) -> tuple[int, int]:
        """Book § Effets de l'altitude; a turbocharger treats High as Medium and Very
        High as High (book § Turbocharger)."""
        level = p.altitude
        if self.stats(state, p).turbo and level >= 3:
            level -= 1
        return ALT_MODS[level]

    def rel(self, state: DifState, a: str, b: str) -> int:
        """Position of ``a`` relative to ``b`` (+2 tailing ... -2 tailed)."""
        for holder, target, kind in state.positions:
            if holder == a and target == b:
                return kind
            if holder == b and target == a:
                return -kind
        return 0

    def _set_rel(self, state: DifState, a: str, b: str, value: int) -> DifState:
        keep = tuple(t for t in state.positions
                     if not ((t[0] == a and t[1] == b) or (t[0] == b and t[1] == a)))
        if value > 0:
            keep += ((a, b, value),)
        elif value < 0:
            keep += ((b, a, -value),)
        return _replace(state, positions=keep)

    def holding(self, state: DifState, pid: str) -> list[str]:
        """Planes ``pid`` holds advantage or tail on (at most one, book § Positionnement)."""
        return [t for h, t, _ in state.positions if h == pid]

    def slot_free(self, state: DifState, actor: str, target: str, value: int) -> bool:
        """Book § Positionnement: two advantaged at most on a target, one tailer; a
        bomber's formation may close a place (book § Bombardiers)."""
        if value <= 0:
            return True
        others = [(h, k) for h, t, k in state.positions if t == target and h != actor]
        if value == 1 and sum(1 for _, k in others if k == 1) >= 2:
            return False
        if value == 2 and any(k == 2 for _, k in others):
            return False
        tp = self.plane(state, target)
        if self.is_bomber(tp):
            mates = {(q.row, q.col) for q in state.planes if self.is_bomber(q)
                     and self.in_play(q) and q.altitude == tp.altitude and q.id != tp.id}
            if value == 2 and (tp.row + 1, tp.col) in mates:
                return False
            if value == 1 and {(tp.row, tp.col - 1), (tp.row, tp.col + 1)} <= mates:
                return False
        return True

    def enemies(self, state: DifState, p: Plane) -> list[Plane]:
        return [q for q in state.planes if q.side != p.side and self.in_play(q)]

    def targetable(self, state: DifState, p: Plane, q: Plane) -> bool:
        """An enemy at the same altitude (book § Actions), not Late in turn 1."""
        if q.side == p.side or not self.in_play(q) or q.altitude != p.altitude:
            return False
        return not (q.late and state.turn == 1)

    def free_to_target(self, state: DifState, p: Plane, q: Plane) -> bool:
        """Holding a position on an enemy, a fighter abandons it before targeting
        another (book § Positionnement); a wingman plays only against the enemies
        engaged with its leader (book § Ailiers); a bomber needs choosing."""
        held = self.holding(state, p.id)
        if held and held != [q.id]:
            return False
        if state.options.rules.wingmen and p.leader:
            leader = self.plane(state, p.leader)
            engaged = {t for h, t, _ in state.positions if h == leader.id} | {
                h for h, t, _ in state.positions if t == leader.id}
            if self.in_play(leader) and engaged and q.id not in engaged:
                return False
        if self.is_bomber(q):
            return p.selected == q.id
        return True

    def seat_of(self, state: DifState, pid: str) -> str:
        return self.plane(state, pid).seat

    # ---- cards
    def _draw(self, state: DifState, pid: str, n: int, events: list[Event], cap: bool = True,
              turret: bool = False) -> tuple[DifState, list[Event]]:
        """Draw ``n`` cards; with ``cap`` none past the Performance (book § Tirage de
        cartes). An empty deck takes the shuffled discard pile (the book is silent)."""
        p = self.plane(state, pid)
        limit = self.stats(state, p).performance if cap else 10**6
        hand = list(p.turret_hand if turret else p.hand)
        deck, discard, rng = state.deck, state.discard, state.rng
        drawn = 0
        for _ in range(max(0, n)):
            if len(hand) >= limit:
                break
            if not deck:
                if not discard:
                    break
                deck, rng = shuffle(rng, discard)
                discard = ()
                events.append(Event("deck-reshuffled", {"cards": len(deck)}))
            hand.append(deck[0])
            deck = deck[1:]
            drawn += 1
        if drawn:
            p = _replace(p, turret_hand=tuple(sorted(hand))) if turret else _replace(
                p, hand=tuple(sorted(hand)))
            state = self._put(_replace(state, deck=deck, discard=discard, rng=rng), p)
            events.append(Event("cards-drawn", {"plane": pid, "count": drawn}))
            events.append(Event("cards-drawn-secret", {"plane": pid, "cards": [
                c for c in hand if c]}, to=(p.seat,)))
        else:
            state = _replace(state, deck=deck, discard=discard, rng=rng)
        return state, events

    def _spend(self, state: DifState, pid: str, cards: Sequence[str], turret: bool = False
               ) -> DifState:
        p = self.plane(state, pid)
        hand = list(p.turret_hand if turret else p.hand)
        for c in cards:
            hand.remove(c)
        p = _replace(p, turret_hand=tuple(hand)) if turret else _replace(p, hand=tuple(hand))
        return self._put(_replace(state, discard=state.discard + tuple(cards)), p)

    def maneuver_value(self, p: Plane, key: str) -> int:
        value = self.card(key).maneuver
        return 1 if value == 0 and p.pilot == "MO(1)" else value

    def is_attack_card(self, key: str) -> bool:
        return self.card(key).title in ATTACK_TITLES

    def can_initiate(self, key: str) -> bool:
        return any(k in ("attack", "attack & reaction") for k in self.card(key).kinds)

    def cap(self, state: DifState, p: Plane, rel: int) -> int:
        """Bursts usable this turn at position ``rel`` on the target: inherent, +1
        advantaged, +3 in all tailing, counted once a turn across targets (book §
        Positions, § Jouer des Rafales contre des appareils différents)."""
        base = self.stats(state, p).bursts
        return base + (1 if rel >= 1 else 0) + (2 if rel >= 2 else 0)

    # ================================================================ who decides
    def seats(self, state: DifState) -> Mapping[Seat, Side]:
        return dict(state.seats)

    def pending(self, state: DifState) -> Mapping[Seat, Prompt]:
        # one-entry memo: decide(), legal() and validate() ask for the same state in turn
        # (states are immutable; the memo holds the state itself, so its id cannot be reused)
        cached = self._pending_memo
        if cached is not None and cached[0] is state:
            return cached[1]
        out = self._pending(state)
        self._pending_memo = (state, out)
        return out

    _pending_memo: tuple[DifState, Mapping[Seat, Prompt]] | None = None
    _legal_memo: tuple[DifState, Seat, list[Decision]] | None = None

    def _pending(self, state: DifState) -> Mapping[Seat, Prompt]:
        phase = state.phase
        if phase == "over":
            return {}
        if phase == "options":
            out = {}
            m = state.mission
            assert m is not None
            sealed = {pid for pid, _ in state.sealed}
            for side in (m.attacker, m.defender):
                if side not in sealed and self._mission_options(state, side):
                    out[side] = Prompt("option", "Choose this mission's campaign option")
            return out
        if phase == "choose":
            out = {}
            for p in self._unchosen(state):
                out.setdefault(p.seat, Prompt("fighter", "Choose your fighter in secret",
                                              {"plane": p.id}))
            return out
        if phase == "altitude":
            out = {}
            sealed = {pid for pid, _ in state.sealed}
            for p in state.planes:
                if p.altitude < 0 and not p.bomber and p.id not in sealed:
                    out.setdefault(p.seat, Prompt("altitude", "Choose your starting "
                                                  "altitude in secret", {"plane": p.id}))
            return out
        if phase == "flak":
            assert state.mission is not None
            return {state.mission.defender: Prompt("flak", "Choose the flak pattern in "
                                                   "secret")}
        if phase == "formation":
            assert state.mission is not None
            return {state.mission.attacker: Prompt("formation", "Arrange your bombers",
                                                   {"altitude": self._formation_level(state)})}
        if phase == "bombing":
            assert state.mission is not None
            return {state.mission.attacker: Prompt(
                "bombing", "Choose a bombing pattern",
                {"plane": self._unpatterned(state)[0].id})}
        if state.stall:
            return {self.seat_of(state, state.stall): Prompt(
                "stall", "Your engine stalls: discard a card", {"plane": state.stall})}
        if state.evasive_for:
            return {self.seat_of(state, state.evasive_for): Prompt(
                "evasive", f"{state.evasive_hits} hits: play Evasive for two fewer?",
                {"plane": state.evasive_for, "hits": state.evasive_hits})}
        if state.pick_for:
            foe = self._pick_seat(state)
            return {foe: Prompt("pick", f"Choose the bomber {state.pick_for} attacks",
                                {"plane": state.pick_for})}
        if state.follows:
            f = state.follows[0]
            return {self.seat_of(state, f.plane): Prompt(
                "follow", f"{f.leader} changes altitude: follow it?",
                {"plane": f.plane, "leader": f.leader})}
        if state.chain is not None:
            c = state.chain
            return {self.seat_of(state, c.responder): Prompt(
                "react", f"React to {c.last} ({c.kind} by {c.actor})",
                {"plane": c.responder})}
        if phase == "order":
            return {seat: Prompt("order", "Choose which of your fighters acts now")
                    for seat in sorted({self.seat_of(state, pid)
                                        for pid in self._next_candidates(state)})}
        if state.active:
            seat = self.seat_of(state, state.active)
            texts = {"jettison": "Jettison your bombs?", "climb": "Change altitude?",
                     "speed": "Speed maneuvers", "actions": "Play cards",
                     "discard": "Discard cards you do not want"}
            return {seat: Prompt(phase, texts.get(phase, phase), {"plane": state.active})}
        return {}

    def legal(self, state: DifState, seat: Seat) -> Sequence[Decision]:
        cached = self._legal_memo
        if cached is not None and cached[0] is state and cached[1] == seat:
            return list(cached[2])
        out = self._legal(state, seat)
        self._legal_memo = (state, seat, out)
        return list(out)

    def _legal(self, state: DifState, seat: Seat) -> list[Decision]:
        prompt = self.pending(state).get(seat)
        if prompt is None:
            return []
        kind = prompt.kind
        if kind == "option":
            return [{"option": n, "choice": c} for n, c in self._mission_options(state, seat)]
        if kind == "fighter":
            pid = prompt.data["plane"]
            p = self.plane(state, pid)
            if state.options.rules.experienced_pilots and not p.pilot:
                out = []
                room = self._room(state, p)
                for key in self._fighter_choices(state, p):
                    out.append({"plane": pid, "fighter": key, "pilot": ""})
                    spare = room - self.d.aircraft[key].vp
                    out.extend({"plane": pid, "fighter": key, "pilot": m}
                               for m in PILOT_MARKERS if PILOT_VP[m] <= spare)
                return out
            return [{"plane": pid, "fighter": key} for key in self._fighter_choices(state, p)]
        if kind == "altitude":
            pid = prompt.data["plane"]
            p = self.plane(state, pid)
            levels = list(START_ALTITUDES)
            if self.stats(state, p).turbo:
                levels.append("high")
            return [{"plane": pid, "altitude": a} for a in levels]
        if kind == "flak":
            return [{"flak": f} for f in FLAK_PATTERNS]
        if kind == "formation":
            return [{"formation": f} for f in FORMATIONS]
        if kind == "bombing":
            return [{"plane": prompt.data["plane"], "pattern": f} for f in FLAK_PATTERNS]
        if kind == "order":
            return [{"act": pid} for pid in self._next_candidates(state)
                    if self.seat_of(state, pid) == seat]
        if kind == "stall":
            return [{"discard": c} for c in sorted(set(self.plane(state, state.stall).hand))]
        if kind == "evasive":
            has = any(self.card(c).title == "Evasive"
                      for c in self.plane(state, state.evasive_for).hand)
            return [{"evasive": True}, {"evasive": False}] if has else [{"evasive": False}]
        if kind == "pick":
            return [{"bomber": b.id} for b in self._pickable(state)]
        if kind == "follow":
            return self._follow_choices(state)
        if kind == "react":
            return self._reactions(state)
        if kind == "jettison":
            return [{"jettison": True}, {"jettison": False}]
        if kind == "climb":
            return self._climb_choices(state)
        if kind == "speed":
            return self._speed_choices(state)
        if kind == "actions":
            return self._action_choices(state)
        if kind == "discard":
            p = self.plane(state, state.active)
            return [{"discard": c} for c in sorted(set(p.hand))] + [{"discard": None}]
        return []

    def validate(self, state: DifState, seat: Seat, decision: Decision) -> None:
        prompt = self.pending(state).get(seat)
        if prompt is None:
            if state.phase == "over":
                raise IllegalDecision("the game is over")
            raise IllegalDecision(f"seat {seat!r} has nothing to decide now")
        legal = self.legal(state, seat)
        if decision in legal:
            return
        keys = sorted({k for d in legal for k in d})
        if not set(decision) <= set(keys) or not decision:
            raise MalformedDecision(f"a {prompt.kind} decision uses the keys {keys}, "
                                    f"got {sorted(decision)}")
        raise self._why(state, seat, prompt, decision)

    def _why(self, state: DifState, seat: str, prompt: Prompt, decision: Decision
             ) -> IllegalDecision:
        """The rule a refused decision breaks, as precisely as it can be named."""
        pid = prompt.data.get("plane") or state.active
        p = self._find(state, pid)
        card = decision.get("play") or decision.get("react") or decision.get("discard")
        if isinstance(card, str) and p is not None and card not in ("ace-marker",):
            if card not in self.d.action_deck:
                return _no(f"there is no card {card!r}")
            hand = p.turret_hand if self.is_bomber(p) else p.hand
            if card not in hand:
                return _no(f"{p.id} holds no {self.card(card).title} card")
        target = decision.get("target")
        if isinstance(target, str) and p is not None:
            q = self._find(state, target)
            if q is None:
                return _no(f"there is no plane {target!r}")
            if q.altitude != p.altitude:
                return _no(f"{q.id} is not at {p.id}'s altitude", "Actions")
            if decision.get("as") == "attack" and self.rel(state, p.id, q.id) < 0:
                return _no(f"{p.id} cannot fire at {q.id}, which holds a position on it",
                           "Positions")
            if decision.get("as") == "attack":
                return _no(f"not enough bursts for this card (or {q.id} cannot be "
                           "targeted now)", "Bursts / Rafales")
        if prompt.kind == "react":
            return _no("this card cannot react to the last card played", "Jouer une carte")
        if prompt.kind == "fighter":
            return _no("this fighter is not within the agreed points and year, or not of "
                       "your side", "Mise en place")
        return _no(f"{msgspec.json.encode(decision).decode()} is not legal now "
                   f"({prompt.kind})")

    # ================================================================= apply
    def apply(self, state: DifState, seat: Seat, decision: Decision) -> Step[DifState]:
        kind = self.pending(state)[seat].kind
        events: list[Event] = []
        handler = getattr(self, "_do_" + kind)
        state, events = handler(state, seat, decision, events)
        state, events = self._advance(state, events)
        return Step(state, tuple(events))

    # ---- set-up decisions
    def _do_fighter(self, state: DifState, seat: str, d: Decision, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        pilot = d.get("pilot", "")
        state = _replace(state, sealed=(*state.sealed, (d["plane"], f"{d['fighter']}|{pilot}")))
        events.append(Event("fighter-chosen", {"plane": d["plane"], "fighter": d["fighter"],
                                               "pilot": pilot}, to=(seat,)))
        events.append(Event("fighter-sealed", {"plane": d["plane"]}))
        if not self._unchosen(state):
            state, events = self._after_choices(state, events)
        return state, events

    def _do_altitude(self, state: DifState, seat: str, d: Decision, events: list[Event]
                     ) -> tuple[DifState, list[Event]]:
        state = _replace(state, sealed=(*state.sealed, (d["plane"], d["altitude"])))
        events.append(Event("altitude-chosen", {"plane": d["plane"],
                                                "altitude": d["altitude"]}, to=(seat,)))
        events.append(Event("altitude-sealed", {"plane": d["plane"]}))
        waiting = [p for p in state.planes if p.altitude < 0 and not p.bomber
                   and p.id not in dict(state.sealed)]
        if waiting:
            return state, events
        # reveal together (book § Choisir l'altitude)
        chosen = dict(state.sealed)
        planes = []
        for p in state.planes:
            if p.id in chosen:
                p = _replace(p, altitude=ALTITUDES.index(chosen[p.id]))
            planes.append(p)
        state = _replace(state, planes=tuple(planes), sealed=())
        events.append(Event("altitudes-revealed", {
            "altitudes": {p.id: ALTITUDES[p.altitude] for p in state.planes if p.id in chosen}}))
        if state.options.rules.altitude_bonus:
            # book § Cartes bonus pour altitude de départ
            for p in state.planes:
                if p.id in chosen and not self.is_bomber(p) and p.altitude <= 1:
                    state, events = self._draw(state, p.id, 2 - p.altitude, events, cap=False)
        if state.mission is not None:
            return _replace(state, phase="flak"), events
        return self._start_play(state, events)

    def _start_play(self, state: DifState, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        """Book § Choisir l'altitude: the first fighter to act is drawn at random."""
        actors = [p for p in state.planes if self._takes_turns(p)]
        if not actors:
            return self._finish(state, events, "no fighter to fly")
        found = self._find(state, state.options.first)
        if found is None:
            first, rng = choice(state.rng, actors)
            state = _replace(state, rng=rng)
        else:
            first = found
        events.append(Event("first-player", {"plane": first.id, "side": first.side}))
        state = _replace(state, first_side=first.side, phase="order", turn=1)
        if state.options.rules.free_for_all:
            state = self._draw_order(state, first.id)
        events.append(Event("turn-begins", {"turn": 1}))
        return state, events

    def _takes_turns(self, p: Plane) -> bool:
        return not p.bomber and self.in_play(p)

    def _draw_order(self, state: DifState, first: str = "") -> DifState:
        """Book § Chacun pour soi: the order is drawn at the start of each turn."""
        ids = [p.id for p in state.planes if self._takes_turns(p)]
        order, rng = shuffle(state.rng, ids)
        if first and first in order:
            order = (first, *tuple(x for x in order if x != first))
        return _replace(state, order=order, rng=rng)

    def _next_candidates(self, state: DifState) -> list[str]:
        """The fighters that may act next: sides alternate, the side that began the
        turn first (book § Jeu par équipes; a side's seats choose among theirs)."""
        waiting = [p for p in state.planes if self._takes_turns(p) and not p.acted]
        if not waiting:
            return []
        if state.options.rules.free_for_all:
            for pid in state.order:
                if any(p.id == pid for p in waiting):
                    return [pid]
            return [waiting[0].id]
        sides = [s for s in dict.fromkeys(p.side for p in state.planes)]
        if state.last_side:
            nxt = sides[(sides.index(state.last_side) + 1) % len(sides)]
        else:
            nxt = state.first_side
        for _ in range(len(sides)):
            mine = [p.id for p in waiting if p.side == nxt]
            if mine:
                return mine
            nxt = sides[(sides.index(nxt) + 1) % len(sides)]
        return [p.id for p in waiting]

    def _do_order(self, state: DifState, seat: str, d: Decision, events: list[Event]
                  ) -> tuple[DifState, list[Event]]:
        return self._begin_turn(state, d["act"], events)

    def _do_option(self, state: DifState, seat: str, d: Decision, events: list[Event]
                   ) -> tuple[DifState, list[Event]]:
        m = state.mission
        assert m is not None
        state = _replace(state, sealed=(*state.sealed, (seat, f"{d['option']}|{d['choice']}")))
        events.append(Event("option-chosen", {"side": seat, "option": d["option"],
                                              "choice": d["choice"]}, to=(seat,)))
        events.append(Event("option-sealed", {"side": seat}))
        if self.pending(state):
            return state, events
        chosen = []
        for side, text in state.sealed:
            number, _, ch = text.partition("|")
            chosen.append((side, int(number), ch))
        m = _replace(m, options=tuple(chosen))
        state = _replace(state, mission=m, sealed=())
        events.append(Event("options-revealed", {"options": [
            {"side": s, "option": n, "choice": c} for s, n, c in chosen]}))
        return self._start_mission_planes(state, events)

    def _mission_options(self, state: DifState, side: str) -> list[tuple[int, str]]:
        """Book § Options: one option per mission, each once a campaign (the ones
        already used are given in the mission options' ``used``... kept by the
        campaign)."""
        camp = self.campaign(state)
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

    def _option(self, state: DifState, side: str, number: int) -> Any:
        return next(o for o in self.campaign(state).options
                    if o.side == side and o.number == number)

    def _effects(self, state: DifState) -> list[tuple[str, Any, str]]:
        m = state.mission
        if m is None:
            return []
        return [(side, eff, ch) for side, number, ch in m.options
                for eff in self._option(state, side, number).effects]

    def _start_mission_planes(self, state: DifState, events: list[Event]
                              ) -> tuple[DifState, list[Event]]:
        """Apply the revealed options (book § Options), set the bombers' altitude
        (book § Altitude des bombardiers), deal the fighters' hands."""
        m = state.mission
        assert m is not None
        scale = state.options.mission.scale
        planes = list(state.planes)
        count = {s: sum(1 for p in planes if p.side == s) for s in ("axis", "allies")}
        turns = state.turns
        for side, eff, ch in self._effects(state):
            if eff.kind in ("fighter", "bomber"):
                for _ in range(eff.count * scale):
                    count[side] += 1
                    air = self.d.aircraft[eff.aircraft]
                    planes.append(Plane(id=f"{side}-{count[side]}", seat=side, side=side,
                                        aircraft=eff.aircraft,
                                        bomber="bomber" in air.specials))
            elif eff.kind == "winds":
                turns = max(1, turns + (eff.value if ch == "more" else -eff.value))
        alt_shift = {side: (1 if ch == "up" else -1) for side, eff, ch in self._effects(state)
                     if eff.kind == "altitude"}
        out = []
        for p in planes:
            if p.bomber:
                level = ALTITUDES.index(self.d.aircraft[p.aircraft].altitude or "medium")
                level = min(4, max(0, level + alt_shift.get(p.side, 0)))
                p = _replace(p, altitude=level)
            out.append(p)
        state = _replace(state, planes=tuple(out), turns=turns)
        state = self._init_planes(state)
        state, events = self._deal(state, [p.id for p in state.planes], events)
        for side, eff, _ch in self._effects(state):
            if eff.kind == "sun-at-your-back":
                for p in state.planes:
                    if p.side == side and not self.is_bomber(p):
                        state, events = self._draw(state, p.id, eff.value, events, cap=False)
            elif eff.kind == "late":
                state = _replace(state, planes=tuple(
                    _replace(p, late=True) if p.side != side and not self.is_bomber(p)
                    else p for p in state.planes))
            elif eff.kind == "shortage":
                for p in state.planes:
                    if p.side != side:
                        state, events = self._hit(state, p.id, eff.value, "", events)
            elif eff.kind == "vital-mission":
                m2 = state.mission
                assert m2 is not None
                state = _replace(state, mission=_replace(m2, vital=(*m2.vital, side)))
        return _replace(state, phase="altitude"), events

    def _do_flak(self, state: DifState, seat: str, d: Decision, events: list[Event]
                 ) -> tuple[DifState, list[Event]]:
        m = state.mission
        assert m is not None
        state = _replace(state, mission=_replace(m, flak_pattern=d["flak"]))
        events.append(Event("flak-chosen", {"pattern": d["flak"]}, to=(seat,)))
        events.append(Event("flak-sealed", {}))
        if self._formation_level(state) >= 0:
            return _replace(state, phase="formation"), events
        return self._start_play(state, events)

    def _formation_level(self, state: DifState) -> int:
        """The lowest altitude with two bombers or more not yet arranged (-1: none)."""
        levels: dict[int, int] = {}
        for p in state.planes:
            if self.is_bomber(p) and self.in_play(p):
                levels[p.altitude] = levels.get(p.altitude, 0) + 1
        for level in sorted(levels):
            if levels[level] > 1 and level not in state.formed:
                return level
        return -1

    def _do_formation(self, state: DifState, seat: str, d: Decision, events: list[Event]
                      ) -> tuple[DifState, list[Event]]:
        """Book § Formations de bombardiers: adjacent, facing one way, fixed."""
        level = self._formation_level(state)
        group = [p for p in state.planes if self.is_bomber(p) and self.in_play(p)
                 and p.altitude == level]
        shape = d["formation"]
        for i, p in enumerate(group):
            row, col = {"column": (i, 0), "line": (0, i), "box": (i // 2, i % 2)}[shape]
            state = self._put(state, _replace(p, row=row, col=col))
        events.append(Event("formation", {"altitude": ALTITUDES[level], "shape": shape,
                                          "bombers": [p.id for p in group]}))
        state = _replace(state, formed=(*state.formed, level))
        if self._formation_level(state) >= 0:
            return state, events
        return self._start_play(state, events)

    # ---- the turn
    def _begin_turn(self, state: DifState, pid: str, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        p = self.plane(state, pid)
        p = _replace(p, spent=0, gunner_spent=0, extra_hits=0, agile_used=False,
                     evasive=False, selected="")
        state = self._put(_replace(state, active=pid, speed_target="", speed_points=0), p)
        events.append(Event("fighter-turn", {"plane": pid, "turn": state.turn}))
        if p.late and state.turn == 1:
            events.append(Event("late", {"plane": pid}))
            return self._end_turn(state, events)
        if p.loaded:
            return _replace(state, phase="jettison"), events
        return self._pre_draw(state, events)

    def _pre_draw(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """Book § Tirage de cartes pré-tour, § Décrochage."""
        p = self.plane(state, state.active)
        s = self.stats(state, p)
        pre = s.pre + self.alt_mods(state, p)[0]
        state, events = self._draw(state, p.id, pre, events)
        state = _replace(state, phase="climb")
        if s.pre == 0 and pre < 0:
            state, events = self._stall(state, p.id, "climb", events)
        return state, events

    def _stall(self, state: DifState, pid: str, then: str, events: list[Event]
               ) -> tuple[DifState, list[Event]]:
        """Book § Décrochage: discard a card; with none, dive a level and draw."""
        p = self.plane(state, pid)
        events.append(Event("stall", {"plane": pid}))
        if p.hand:
            return _replace(state, stall=pid, stall_then=then), events
        if p.altitude > 0:
            state, events = self._move_altitude(state, pid, -1, events)
        return state, events

    def _do_stall(self, state: DifState, seat: str, d: Decision, events: list[Event]
                  ) -> tuple[DifState, list[Event]]:
        pid = state.stall
        state = self._spend(state, pid, [d["discard"]])
        events.append(Event("discarded", {"plane": pid, "cards": [d["discard"]],
                                          "why": "stall"}))
        then = state.stall_then
        state = _replace(state, stall="", stall_then="")
        if then == "end":
            return self._end_turn(state, events)
        return state, events

    def _do_jettison(self, state: DifState, seat: str, d: Decision, events: list[Event]
                     ) -> tuple[DifState, list[Event]]:
        """Book § Chasseurs-bombardiers: at the start of a turn, drop the bombs, leave
        the formation, draw a full hand, fly as a fighter."""
        if not d["jettison"]:
            events.append(Event("keeps-bombs", {"plane": state.active}))
            return self._end_turn(state, events)
        p = self.plane(state, state.active)
        state = self._put(state, _replace(p, loaded=False, row=0, col=0))
        state = _replace(state, positions=tuple(t for t in state.positions
                                                if p.id not in (t[0], t[1])))
        events.append(Event("jettison", {"plane": p.id}))
        p = self.plane(state, p.id)
        n = self.stats(state, p).performance
        if state.options.rules.altitude_bonus and p.altitude <= 1:
            n += 2 - p.altitude
        state, events = self._draw(state, p.id, n, events, cap=False)
        return self._pre_draw(state, events)

    # altitude
    def _climb_choices(self, state: DifState) -> list[Decision]:
        p = self.plane(state, state.active)
        out: list[Decision] = [{"altitude": "stay"}]
        wing_to = 0
        if state.options.rules.wingmen and p.leader:
            leader = self.plane(state, p.leader)
            if self.in_play(leader) and leader.altitude != p.altitude:
                wing_to = 1 if leader.altitude > p.altitude else -1
                out = []  # book § Ailiers: the wingman closes on its leader
        if p.altitude < 4 and wing_to >= 0:
            if p.pilot == "Cl":
                out.append({"altitude": "climb"})
            else:
                out += [{"altitude": "climb", "discard": c} for c in sorted(set(p.hand))]
        if p.altitude > 0 and wing_to <= 0:
            out.append({"altitude": "dive"})
        return out or [{"altitude": "stay"}]

    def _do_climb(self, state: DifState, seat: str, d: Decision, events: list[Event]
                  ) -> tuple[DifState, list[Event]]:
        """Book § Changement d'altitude: stay, climb (discard a card) or dive (draw)."""
        pid = state.active
        state = _replace(state, phase="speed")
        if d["altitude"] == "stay":
            return state, events
        if d["altitude"] == "climb":
            if "discard" in d:
                state = self._spend(state, pid, [d["discard"]])
                events.append(Event("discarded", {"plane": pid, "cards": [d["discard"]],
                                                  "why": "climb"}))
            return self._move_altitude(state, pid, 1, events)
        return self._move_altitude(state, pid, -1, events)

    def _move_altitude(self, state: DifState, pid: str, direction: int, events: list[Event]
                       ) -> tuple[DifState, list[Event]]:
        """Change a level: positions on planes left behind are lost; those holding a
        position on it may follow, front of the chain first (book § Réagir à un
        changement d'altitude, § Chaînes d'appareils engagés)."""
        p = self.plane(state, pid)
        followers = [(h, k) for h, t, k in state.positions if t == pid]
        state = _replace(state, positions=tuple(t for t in state.positions
                                                if pid not in (t[0], t[1])))
        p = _replace(p, altitude=p.altitude + direction)
        state = self._put(state, p)
        events.append(Event("altitude", {"plane": pid, "altitude": ALTITUDES[p.altitude],
                                         "direction": "climb" if direction > 0 else "dive"}))
        if direction < 0:
            extra = 1 if p.pilot == "Di" else 0
            state, events = self._draw(state, pid, 1 + extra, events, cap=False)
        follows = tuple(Follow(h, pid, direction, k) for h, k in followers)
        return _replace(state, follows=follows + state.follows), events

    def _follow_choices(self, state: DifState) -> list[Decision]:
        f = state.follows[0]
        p = self.plane(state, f.plane)
        cost = (1 if f.holding == 1 else 0) + (1 if f.direction > 0 and p.pilot != "Cl" else 0)
        out: list[Decision] = [{"follow": False}]
        if (f.direction > 0 and p.altitude >= 4) or (f.direction < 0 and p.altitude <= 0):
            return out
        if p.loaded or p.bomber:
            return out
        hand = sorted(p.hand)
        if cost == 0:
            out.append({"follow": True})
        elif cost == 1:
            out += [{"follow": True, "discard": [c]} for c in sorted(set(hand))]
        elif len(hand) >= 2:
            pairs = sorted({tuple(sorted((a, b))) for i, a in enumerate(hand)
                            for b in hand[i + 1:]})
            out += [{"follow": True, "discard": list(pair)} for pair in pairs]
        return out

    def _do_follow(self, state: DifState, seat: str, d: Decision, events: list[Event]
                   ) -> tuple[DifState, list[Event]]:
        f = state.follows[0]
        state = _replace(state, follows=state.follows[1:])
        if not d["follow"]:
            events.append(Event("not-followed", {"plane": f.plane, "leader": f.leader}))
            return state, events
        cards = list(d.get("discard", []))
        if cards:
            state = self._spend(state, f.plane, cards)
            events.append(Event("discarded", {"plane": f.plane, "cards": cards,
                                              "why": "follow"}))
        # the follower's own followers come after it, front to back
        state, events = self._move_altitude(state, f.plane, f.direction, events)
        state = self._set_rel(state, f.plane, f.leader, f.holding)
        events.append(Event("followed", {"plane": f.plane, "leader": f.leader,
                                         "position": POSITION_NAMES[f.holding]}))
        return state, events

    # speed
    def _speed_targets(self, state: DifState, p: Plane) -> list[Plane]:
        held = self.holding(state, p.id)
        out = []
        for q in self.enemies(state, p):
            if not self.targetable(state, p, q):
                continue
            if held and q.id not in held:
                continue
            if self.is_bomber(q):
                continue
            if self.stats(state, p).speed > self.stats(state, q).speed:
                out.append(q)
        return out

    def _bombers_at(self, state: DifState, p: Plane) -> list[Plane]:
        return [q for q in self.enemies(state, p) if self.is_bomber(q)
                and self.targetable(state, p, q)]

    def _free_bomber(self, state: DifState, p: Plane) -> str:
        """Book § Choisir un bombardier: a lone bomber in the rear row is chosen freely."""
        group = self._bombers_at(state, p)
        if not group:
            return ""
        back = max(q.row for q in group)
        rear = [q for q in group if q.row == back]
        return rear[0].id if len(rear) == 1 else ""

    def _speed_choices(self, state: DifState) -> list[Decision]:
        p = self.plane(state, state.active)
        if state.speed_target:
            q = self.plane(state, state.speed_target)
            out: list[Decision] = [{"speed": "done"}]
            if state.speed_points > 0 and self.in_play(q) and q.altitude == p.altitude:
                r = self.rel(state, p.id, q.id)
                if self.is_bomber(q) and p.selected != q.id:
                    out.append({"speed": "select"})
                elif r < 2 and self.slot_free(state, p.id, q.id, r + 1):
                    out.append({"speed": "maneuver"})
            return out
        out = [{"speed": "skip"}] + [{"speed": q.id} for q in self._speed_targets(state, p)]
        if not self.holding(state, p.id):
            for q in self._bombers_at(state, p):
                diff = self.stats(state, p).speed - self.stats(state, q).speed
                if diff > 0 or self._free_bomber(state, p) == q.id:
                    out.append({"speed": q.id})
            if self._bombers_at(state, p) and not p.selected:
                out.append({"speed": "pick"})
        out += [{"abandon": t} for t in self.holding(state, p.id)]
        return out

    def _do_speed(self, state: DifState, seat: str, d: Decision, events: list[Event]
                  ) -> tuple[DifState, list[Event]]:
        """Book § Manœuvrer avec vitesse: each point of speed over the chosen enemy's is
        a free Maneuver 1 against it; against bombers a point may choose the bomber."""
        p = self.plane(state, state.active)
        if "abandon" in d:
            return self._abandon(state, p.id, d["abandon"], events)
        v = d["speed"]
        if v in ("skip", "done"):
            return _replace(state, phase="actions", speed_target="", speed_points=0), events
        if v == "pick":
            return _replace(state, pick_for=p.id, pick_altitude=p.altitude), events
        if v == "select":
            q = self.plane(state, state.speed_target)
            state = self._put(state, _replace(p, selected=q.id))
            events.append(Event("bomber-selected", {"plane": p.id, "bomber": q.id,
                                                    "paid": "speed"}))
            state = _replace(state, speed_points=state.speed_points - 1)
            return self._draw_turret(state, q.id, events)
        if v == "maneuver":
            q = self.plane(state, state.speed_target)
            state = _replace(state, speed_points=state.speed_points - 1)
            if self.is_bomber(q):  # a fighter has no turret hand (book § Tourelles)
                state, events = self._draw_turret(state, q.id, events)
            chain = Chain(kind="speed", actor=p.id, target=q.id, steps=1, last="Maneuver")
            events.append(Event("speed-maneuver", {"plane": p.id, "target": q.id}))
            return self._open_chain(state, chain, events)
        q = self.plane(state, v)
        diff = max(0, self.stats(state, p).speed - self.stats(state, q).speed)
        events.append(Event("speed-compared", {"plane": p.id, "target": q.id, "points": diff}))
        state = _replace(state, speed_target=q.id, speed_points=diff)
        if self.is_bomber(q) and self._free_bomber(state, p) == q.id:
            state = self._put(state, _replace(p, selected=q.id))
            events.append(Event("bomber-selected", {"plane": p.id, "bomber": q.id,
                                                    "paid": "free"}))
        return state, events

    def _pickable(self, state: DifState) -> list[Plane]:
        p = self.plane(state, state.pick_for)
        return [q for q in self.enemies(state, p) if self.is_bomber(q)
                and q.altitude == state.pick_altitude]

    def _pick_seat(self, state: DifState) -> str:
        return self._pickable(state)[0].seat

    def _do_pick(self, state: DifState, seat: str, d: Decision, events: list[Event]
                 ) -> tuple[DifState, list[Event]]:
        p = self.plane(state, state.pick_for)
        state = self._put(state, _replace(p, selected=d["bomber"]))
        events.append(Event("bomber-selected", {"plane": p.id, "bomber": d["bomber"],
                                                "paid": "defender's choice"}))
        state = _replace(state, pick_for="", pick_altitude=-1)
        if state.phase == "speed":
            q = self.plane(state, d["bomber"])
            diff = max(0, self.stats(state, p).speed - self.stats(state, q).speed)
            state = _replace(state, speed_target=q.id, speed_points=diff)
        return state, events

    def _draw_turret(self, state: DifState, bid: str, events: list[Event]
                     ) -> tuple[DifState, list[Event]]:
        """Book § Tourelles des bombardiers: defence turret plus the support turrets of
        the bombers beside it, drawn the first time a fighter goes for it."""
        b = self.plane(state, bid)
        if b.turret_drawn:
            return state, events
        n = self._turret(state, b)[0]
        for q in state.planes:
            if (q.id != b.id and self.is_bomber(q) and self.in_play(q)
                    and q.altitude == b.altitude and abs(q.row - b.row) + abs(q.col - b.col) == 1):
                n += self._turret(state, q)[1]
        state = self._put(state, _replace(b, turret_drawn=True))
        events.append(Event("turret-hand", {"bomber": bid, "cards": n}))
        return self._draw(state, bid, n, events, cap=False, turret=True)

    def _turret(self, state: DifState, b: Plane) -> tuple[int, int]:
        """(defence, support); a fighter-bomber uses its horsepower (book §
        Chasseurs-bombardiers); campaign options Defense and Support change them."""
        a = self.d.aircraft[b.aircraft]
        if b.bomber:
            hurt = b.damage >= a.airframe[0]
            defense, support = a.damaged.turrets if hurt else a.turrets
        else:
            s = self.stats(state, b)
            defense, support = s.pre, s.post
        for side, eff, _ch in self._effects(state):
            sign = 1 if side == b.side else -1
            if eff.kind == "defense":
                defense += sign * eff.value
            elif eff.kind == "support":
                support += sign * eff.value
        return max(0, defense), max(0, support)

    # actions
    def _action_choices(self, state: DifState) -> list[Decision]:
        p = self.plane(state, state.active)
        s = self.stats(state, p)
        out: list[Decision] = []
        targets = [q for q in self.enemies(state, p) if self.targetable(state, p, q)]
        hand = sorted(set(p.hand))
        for q in targets:
            free = self.free_to_target(state, p, q)
            r = self.rel(state, p.id, q.id)
            for key in hand:
                card = self.card(key)
                if free and self.is_attack_card(key) and self.can_initiate(key) and r >= 0:
                    cost = card.bursts + (1 if q.evasive and not card.fuel_tank else 0)
                    if cost <= self.cap(state, p, r) - p.spent:
                        out.append({"play": key, "as": "attack", "target": q.id})
                if (s.gunner and self.is_attack_card(key) and r < 0
                        and card.bursts + (1 if q.evasive else 0) <= s.gunner - p.gunner_spent):
                    out.append({"play": key, "as": "gunner", "target": q.id})
                value = self.maneuver_value(p, key)
                if value and (free or (self.is_bomber(q) and not self.holding(state, p.id))):
                    sel = 0 if not self.is_bomber(q) or p.selected == q.id else 1
                    for steps in range(1, min(value - sel, 2 - r) + 1):
                        if self.slot_free(state, p.id, q.id, r + steps):
                            out.append({"play": key, "as": "maneuver", "target": q.id,
                                        "steps": steps})
                if not self.is_bomber(q):
                    if card.title == "Scissors" and r == -1 and self.slot_free(
                            state, p.id, q.id, 1):
                        out.append({"play": key, "as": "scissors", "target": q.id})
                    elif (s.agile and not p.agile_used and r == -1
                          and self.slot_free(state, p.id, q.id, 1)):
                        out.append({"play": key, "as": "agile", "target": q.id})
                    if card.title == "Barrel Roll" and r < 0:
                        out.append({"play": key, "as": "barrel-roll", "target": q.id})
        for key in hand:
            card = self.card(key)
            if card.title in ("Tight Turn", "Yo-Yo", "Evasive", "Redline") or (
                    s.barrage and card.title in ATTACK_TITLES):
                out.append({"play": key, "as": "tactic"})
            elif card.title == "Vertical Roll":
                if p.altitude > 0:
                    out.append({"play": key, "as": "tactic", "altitude": "dive"})
                if p.altitude < 4:
                    rest = list(p.hand)
                    rest.remove(key)
                    if p.pilot == "Cl":
                        out.append({"play": key, "as": "tactic", "altitude": "climb"})
                    else:
                        out += [{"play": key, "as": "tactic", "altitude": "climb",
                                 "discard": c} for c in sorted(set(rest))]
        out += [{"abandon": t} for t in self.holding(state, p.id)]
        if not p.selected and not self.holding(state, p.id):
            bombers = self._bombers_at(state, p)
            free_id = self._free_bomber(state, p)
            for b in bombers:
                if b.id == free_id:
                    out.append({"select": b.id})
                else:
                    out += [{"select": b.id, "discard": c} for c in hand
                            if self.maneuver_value(p, c) >= 1]
            if bombers:
                out.append({"select": "pick"})
        out.append({"end": True})
        return out

    def _abandon(self, state: DifState, pid: str, target: str, events: list[Event]
                 ) -> tuple[DifState, list[Event]]:
        """Book § Actions: a fighter may drop its advantage or tail to neutral."""
        state = self._set_rel(state, pid, target, 0)
        events.append(Event("abandoned", {"plane": pid, "target": target}))
        return state, events

    def _do_actions(self, state: DifState, seat: str, d: Decision, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        p = self.plane(state, state.active)
        if "end" in d:
            return _replace(state, phase="discard"), events
        if "abandon" in d:
            return self._abandon(state, p.id, d["abandon"], events)
        if "select" in d:
            if d["select"] == "pick":
                return _replace(state, pick_for=p.id, pick_altitude=p.altitude), events
            paid = "free"
            if "discard" in d:
                state = self._spend(state, p.id, [d["discard"]])
                paid = d["discard"]
            state = self._put(state, _replace(self.plane(state, p.id), selected=d["select"]))
            events.append(Event("bomber-selected", {"plane": p.id, "bomber": d["select"],
                                                    "paid": paid}))
            return state, events
        key, use = d["play"], d["as"]
        card = self.card(key)
        state = self._spend(state, p.id, [key])
        p = self.plane(state, p.id)
        if use == "tactic":
            return self._tactic(state, p, key, d, events)
        q = self.plane(state, d["target"])
        events.append(Event("card-played", {"plane": p.id, "card": key, "as": use,
                                            "target": q.id, "steps": d.get("steps", 0)}))
        if self.is_bomber(q):
            state, events = self._draw_turret(state, q.id, events)
        if use in ("attack", "gunner"):
            cost = card.bursts + (1 if q.evasive and not card.fuel_tank else 0)
            s = self.stats(state, p)
            if use == "attack":
                p = _replace(p, spent=p.spent + cost, extra_hits=0)
                hits = card.hits + s.firepower + self.plane(state, p.id).extra_hits
            else:
                p = _replace(p, gunner_spent=p.gunner_spent + cost, extra_hits=0)
                hits = card.hits + self.plane(state, p.id).extra_hits
            state = self._put(state, p)
            chain = Chain(kind="attack" if use == "attack" else "gunner", actor=p.id,
                          target=q.id, card=key, hits=hits, fuel_tank=card.fuel_tank,
                          plays=((p.id, key),), last=card.title)
            return self._open_chain(state, chain, events)
        if use == "maneuver":
            steps = d["steps"]
            if self.is_bomber(q) and p.selected != q.id:
                state = self._put(state, _replace(p, selected=q.id))
                events.append(Event("bomber-selected", {"plane": p.id, "bomber": q.id,
                                                        "paid": "maneuver point"}))
            chain = Chain(kind="maneuver", actor=p.id, target=q.id, card=key, steps=steps,
                          plays=((p.id, key),), last="Maneuver")
            return self._open_chain(state, chain, events)
        if use == "agile":
            state = self._put(state, _replace(p, agile_used=True))
            chain = Chain(kind="scissors", actor=p.id, target=q.id, card=key,
                          plays=((p.id, key),), last="Scissors")
            return self._open_chain(state, chain, events)
        chain = Chain(kind="scissors" if use == "scissors" else "barrel-roll", actor=p.id,
                      target=q.id, card=key, plays=((p.id, key),),
                      last=card.title)
        return self._open_chain(state, chain, events)

    def _tactic(self, state: DifState, p: Plane, key: str, d: Decision, events: list[Event]
                ) -> tuple[DifState, list[Event]]:
        """Book § Cartes de Tactique: played on your own aircraft, no reaction."""
        card = self.card(key)
        events.append(Event("card-played", {"plane": p.id, "card": key, "as": "tactic"}))
        if card.title in ("Tight Turn", "Yo-Yo") or card.title in ATTACK_TITLES:
            return self._put(state, _replace(p, extra_hits=p.extra_hits + 1)), events
        if card.title == "Evasive":
            return self._put(state, _replace(p, evasive=True)), events
        if card.title == "Redline":
            return self._redline(state, p.id, events)
        # Vertical Roll: a level up or down
        if d["altitude"] == "climb":
            if "discard" in d:
                state = self._spend(state, p.id, [d["discard"]])
                events.append(Event("discarded", {"plane": p.id, "cards": [d["discard"]],
                                                  "why": "climb"}))
            return self._move_altitude(state, p.id, 1, events)
        return self._move_altitude(state, p.id, -1, events)

    def _redline(self, state: DifState, pid: str, events: list[Event]
                 ) -> tuple[DifState, list[Event]]:
        """Book § Redline: one hit on yourself (none with the Re marker), then three
        cards; Evasive may take the hit off (book § Evasive)."""
        p = self.plane(state, pid)
        if p.pilot == "Re":
            return self._draw(state, pid, 3, events, cap=False)
        return _replace(state, evasive_for=pid, evasive_hits=1, evasive_from=REDLINE), events

    def _offer_evasive(self, state: DifState, pid: str, hits: int, source: str,
                       events: list[Event]) -> tuple[DifState, list[Event]]:
        p = self.plane(state, pid)
        if hits > 0 and not self.is_bomber(p) and self.in_play(p):
            return _replace(state, evasive_for=pid, evasive_hits=hits,
                            evasive_from=source), events
        return self._hit(state, pid, hits, source, events)

    def _do_evasive(self, state: DifState, seat: str, d: Decision, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        pid, hits, source = state.evasive_for, state.evasive_hits, state.evasive_from
        state = _replace(state, evasive_for="", evasive_hits=0, evasive_from="")
        redline = source == REDLINE
        if redline:
            source = ""
        if d["evasive"]:
            p = self.plane(state, pid)
            key = next(c for c in p.hand if self.card(c).title == "Evasive")
            state = self._spend(state, pid, [key])
            events.append(Event("card-played", {"plane": pid, "card": key, "as": "evasive"}))
            hits = max(0, hits - 2)
        state, events = self._hit(state, pid, hits, source, events)
        if redline and self.in_play(self.plane(state, pid)):
            state, events = self._draw(state, pid, 3, events, cap=False)
        return state, events

    # ---- chains
    def _open_chain(self, state: DifState, chain: Chain, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        chain = _replace(chain, responder=chain.target)
        return _replace(state, chain=chain), events

    def _reactions(self, state: DifState) -> list[Decision]:
        """Book § Jouer une carte: a card whose React To names the last card (a card
        played as a maneuver is "Maneuver"; Ace Pilot reacts to anything). A bomber
        answers with In My Sights / Out of the Sun and its Bomber effects only, and
        not to a fighter's answer (book § Restrictions aux cartes de réaction)."""
        c = state.chain
        assert c is not None
        p = self.plane(state, c.responder)
        out: list[Decision] = []
        if self.is_bomber(p):
            if c.bomber_card or c.bomber_done:
                return [{"react": None}]
            for key in sorted(set(p.turret_hand)):
                card = self.card(key)
                if card.title in ATTACK_TITLES:
                    out.append({"react": key})
                if card.bomber is not None and card.bomber.extra_hits:
                    out.append({"boost": key})
            return [*out, {"react": None}]
        for key in sorted(set(p.hand)):
            card = self.card(key)
            if card.title == "Evasive":
                continue  # played after the hits land (book § Evasive)
            if c.last in card.react_to or "Any" in card.react_to:
                out.append({"react": key})
        if p.aces:
            out.append({"react": "ace-marker"})
        out += [{"redline": key} for key in sorted(set(p.hand))
                if self.card(key).title == "Redline"]
        return [*out, {"react": None}]

    def _do_react(self, state: DifState, seat: str, d: Decision, events: list[Event]
                  ) -> tuple[DifState, list[Event]]:
        c = state.chain
        assert c is not None
        p = self.plane(state, c.responder)
        if "redline" in d:
            state = self._spend(state, p.id, [d["redline"]])
            events.append(Event("card-played", {"plane": p.id, "card": d["redline"],
                                                "as": "tactic"}))
            return self._redline(state, p.id, events)
        if self.is_bomber(p):
            return self._bomber_react(state, p, d, events)
        key = d["react"]
        if key is None:
            events.append(Event("no-reaction", {"plane": p.id}))
            return self._resolve(state, events)
        if key == "ace-marker":
            state = self._put(state, _replace(p, aces=p.aces - 1))
            title = "Ace Pilot"
        else:
            state = self._spend(state, p.id, [key])
            title = self.card(key).title
        events.append(Event("reaction", {"plane": p.id, "card": key, "to": c.last}))
        other = c.actor if p.id == c.target else c.target
        if c.bomber_card and p.id == c.actor:
            # the fighter answered the bomber's shot: the bomber may not react again
            c = _replace(c, bomber_done=True, bomber_hits=0, plays=(*c.plays, (p.id, key)))
            state = _replace(state, chain=c)
            return self._resolve(state, events)
        c = _replace(c, plays=(*c.plays, (p.id, key)), last=title, responder=other)
        return _replace(state, chain=c), events

    def _bomber_react(self, state: DifState, b: Plane, d: Decision, events: list[Event]
                      ) -> tuple[DifState, list[Event]]:
        c = state.chain
        assert c is not None
        if "boost" in d:
            state = self._spend(state, b.id, [d["boost"]], turret=True)
            events.append(Event("bomber-boost", {"bomber": b.id, "card": d["boost"]}))
            return _replace(state, chain=_replace(c, bomber_boost=c.bomber_boost + 1)), events
        key = d["react"]
        if key is None:
            events.append(Event("no-reaction", {"plane": b.id}))
            return self._resolve(state, events)
        card = self.card(key)
        state = self._spend(state, b.id, [key], turret=True)
        eff = card.bomber
        hits = (eff.hits if eff else card.hits) + c.bomber_boost
        c = _replace(c, bomber_card=key, bomber_hits=hits,
                     reduce=eff.reduce if eff else 0,
                     stop_fuel=bool(eff and eff.stop_fuel_tank), responder=c.actor,
                     last=card.title, plays=(*c.plays, (b.id, key)))
        events.append(Event("bomber-fires", {"bomber": b.id, "card": key, "hits": hits,
                                             "target": c.actor}))
        return _replace(state, chain=c), events

    def _resolve(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """The last card played decides (book § Jouer une carte); a bomber's shot
        does not stop the fighter's action (book § Cartes d'Action des bombardiers)."""
        c = state.chain
        assert c is not None
        state = _replace(state, chain=None)
        target = self.plane(state, c.target)
        if self.is_bomber(target):
            # the fighter's action lands, then the bomber's shot, unless the fighter
            # answered it; Evasive may take two hits off it (book § Evasive)
            state, events = self._carry_out(state, c, True, events)
            if c.bomber_card and not c.bomber_done and c.bomber_hits:
                return self._offer_evasive(state, c.actor, c.bomber_hits, target.id, events)
            return state, events
        return self._carry_out(state, c, not c.plays or c.plays[-1][0] == c.actor, events)

    def _carry_out(self, state: DifState, c: Chain, success: bool, events: list[Event]
                   ) -> tuple[DifState, list[Event]]:
        events.append(Event("action-resolved", {"plane": c.actor, "target": c.target,
                                                "kind": c.kind, "success": success}))
        actor = self.plane(state, c.actor)
        if not success or not self.in_play(actor) or not self.in_play(
                self.plane(state, c.target)):
            return state, events
        if c.kind in ("attack", "gunner"):
            if c.fuel_tank:
                if c.stop_fuel:
                    events.append(Event("fuel-tank-stopped", {"bomber": c.target}))
                    return state, events
                events.append(Event("fuel-tank", {"plane": c.actor, "target": c.target}))
                return self._destroy(state, c.target, c.actor, events)
            hits = max(0, c.hits - c.reduce)
            if self.is_bomber(self.plane(state, c.target)):
                return self._hit(state, c.target, hits, c.actor, events)
            return self._offer_evasive(state, c.target, hits, c.actor, events)
        r = self.rel(state, c.actor, c.target)
        if c.kind in ("maneuver", "speed"):
            new = min(2, r + c.steps)
        elif c.kind == "scissors":
            new = 1
        else:
            new = 0
        if new != r and self.slot_free(state, c.actor, c.target, new):
            if new > 0:
                # book § Positionnement: one position at a time
                for held in self.holding(state, c.actor):
                    if held != c.target:
                        state = self._set_rel(state, c.actor, held, 0)
            state = self._set_rel(state, c.actor, c.target, new)
            events.append(Event("position", {"plane": c.actor, "target": c.target,
                                             "position": POSITION_NAMES[new]}))
        return state, events

    # ---- damage
    def _hit(self, state: DifState, pid: str, hits: int, source: str, events: list[Event]
             ) -> tuple[DifState, list[Event]]:
        """Book § Endommager des chasseurs: flipped at the healthy airframe, shot down
        at the damaged one; a flipped fighter keeps its excess cards."""
        if hits <= 0:
            return state, events
        p = self.plane(state, pid)
        if not self.in_play(p):
            return state, events
        s = self.stats(state, p)
        before = p.damage >= s.airframe[0]
        p = _replace(p, damage=p.damage + hits)
        state = self._put(state, p)
        if source:
            src = self.plane(state, source)
            state = self._put(state, _replace(src, hits_dealt=src.hits_dealt + hits))
        events.append(Event("hits", {"plane": pid, "hits": hits, "damage": p.damage,
                                     "by": source}))
        if p.damage >= s.airframe[1]:
            return self._destroy(state, pid, source, events)
        if not before and p.damage >= s.airframe[0]:
            events.append(Event("damaged", {"plane": pid}))
        return state, events

    def _destroy(self, state: DifState, pid: str, source: str, events: list[Event]
                 ) -> tuple[DifState, list[Event]]:
        p = self.plane(state, pid)
        cards = p.hand + p.turret_hand
        p = _replace(p, down=True, hand=(), turret_hand=())
        state = self._put(_replace(state, discard=state.discard + cards), p)
        state = _replace(state, positions=tuple(t for t in state.positions
                                                if pid not in (t[0], t[1])),
                         follows=tuple(f for f in state.follows
                                       if pid not in (f.plane,)))
        events.append(Event("shot-down", {"plane": pid, "by": source}))
        return state, events

    # ---- end of the turn
    def _do_discard(self, state: DifState, seat: str, d: Decision, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        """Book § Défausse de cartes, then § Tirage de cartes post-tour."""
        pid = state.active
        if d["discard"] is not None:
            state = self._spend(state, pid, [d["discard"]])
            events.append(Event("discarded", {"plane": pid, "cards": [d["discard"]],
                                              "why": "discard"}))
            if self.plane(state, pid).hand:
                return state, events
        p = self.plane(state, pid)
        s = self.stats(state, p)
        post = s.post + self.alt_mods(state, p)[1]
        state, events = self._draw(state, pid, post, events)
        state = _replace(state, phase="order")
        if s.post == 0 and post < 0:
            state, events = self._stall(state, pid, "end", events)
            if state.stall:
                return state, events
        return self._end_turn(state, events)

    def _end_turn(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """Positions on bombers end with the attack; turret hands are discarded
        (book § Bombardiers, § Tourelles des bombardiers)."""
        pid = state.active
        p = self.plane(state, pid)
        bombers = {q.id for q in state.planes if self.is_bomber(q)}
        state = _replace(state, positions=tuple(t for t in state.positions
                                                if not (t[0] == pid and t[1] in bombers)))
        for q in state.planes:
            if q.turret_hand or q.turret_drawn:
                state = self._put(_replace(state, discard=state.discard + q.turret_hand),
                                  _replace(q, turret_hand=(), turret_drawn=False))
        p = self.plane(state, pid)
        state = self._put(state, _replace(p, acted=True, selected="", extra_hits=0))
        state = _replace(state, active="", last_side=p.side, phase="order",
                         speed_target="", speed_points=0)
        events.append(Event("turn-ends", {"plane": pid}))
        return state, events

    # ================================================================ the loop
    def _advance(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """Run what needs no decision: turn ends, new game turns, game end."""
        for _ in range(1000):
            if state.phase == "over":
                return state, events
            over = self._game_end(state)
            if over:
                return self._end_game(state, events, over)
            c = state.chain
            if c is not None and not (self.in_play(self.plane(state, c.actor))
                                      and self.in_play(self.plane(state, c.target))):
                state = _replace(state, chain=None)
                continue
            if state.stall or state.evasive_for or state.pick_for or state.follows or (
                    c is not None):
                return state, events
            if state.phase == "speed" and state.active:
                p = self.plane(state, state.active)
                if not self.in_play(p):
                    state, events = self._end_turn(state, events)
                    continue
                only = self._speed_choices(state)
                if len(only) == 1:
                    state, events = self._do_speed(state, p.seat, only[0], events)
                    continue
                return state, events
            if state.phase in ("climb", "actions", "discard", "jettison") and state.active:
                p = self.plane(state, state.active)
                if not self.in_play(p):
                    state, events = self._end_turn(state, events)
                    continue
                if state.phase == "discard" and not p.hand:
                    state, events = self._do_discard(state, p.seat, {"discard": None}, events)
                    continue
                if state.phase == "climb":
                    only = self._climb_choices(state)
                    if len(only) == 1:
                        state, events = self._do_climb(state, p.seat, only[0], events)
                        continue
                return state, events
            if state.phase == "order":
                if not self._next_candidates(state):
                    state, events = self._next_game_turn(state, events)
                    continue
                cands = self._next_candidates(state)
                if len(cands) == 1:
                    state, events = self._begin_turn(state, cands[0], events)
                    continue
                return state, events
            return state, events
        raise RuntimeError("down-in-flames: the rules loop did not settle")

    def _next_game_turn(self, state: DifState, events: list[Event]
                        ) -> tuple[DifState, list[Event]]:
        if state.turn >= state.turns:
            return self._end_game(state, events, "turns")
        turn = state.turn + 1
        state = _replace(state, turn=turn, last_side="", planes=tuple(
            _replace(p, acted=False) for p in state.planes))
        events.append(Event("turn-begins", {"turn": turn}))
        if state.options.rules.free_for_all:
            state = self._draw_order(state)
        if state.mission is not None and turn == state.turns:
            # campaign option Fuel: the enemy fighters go home before the last turn
            for side, eff, _ch in self._effects(state):
                if eff.kind == "fuel":
                    for p in state.planes:
                        if p.side != side and not self.is_bomber(p) and self.in_play(p):
                            state = self._put(state, _replace(p, gone=True))
                            state = _replace(state, positions=tuple(
                                t for t in state.positions if p.id not in (t[0], t[1])))
                            events.append(Event("fuel-home", {"plane": p.id}))
        return state, events

    def _game_end(self, state: DifState) -> str:
        if state.phase in ("options", "choose", "altitude", "flak", "formation", "bombing"):
            return ""
        if state.mission is not None:
            m = state.mission
            if not any(self.in_play(p) for p in state.planes if p.side == m.attacker):
                return "attackers-down"
            if not any(self.in_play(p) for p in state.planes if p.side == m.defender):
                return "defenders-down"
            return ""
        alive = {p.side for p in state.planes if self.in_play(p)}
        if len(alive) <= 1:
            return "shot-down"
        return ""

    def _end_game(self, state: DifState, events: list[Event], why: str
                  ) -> tuple[DifState, list[Event]]:
        if state.mission is not None and why != "attackers-down" and self._unpatterned(state):
            return _replace(state, phase="bombing", active="", chain=None, follows=(),
                            result=why), events
        return self._finish(state, events, why)

    def _finish(self, state: DifState, events: list[Event], why: str
                ) -> tuple[DifState, list[Event]]:
        state = _replace(state, phase="over", result=why, active="", chain=None, follows=(),
                         stall="", evasive_for="", pick_for="")
        if state.mission is not None:
            state, events = self._score_mission(state, events)
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(Event("game-over", {"reason": outcome.reason,
                                          "winner": outcome.winner or ""}))
        return state, events

    # ---- missions' end
    def _unpatterned(self, state: DifState) -> list[Plane]:
        m = state.mission
        if m is None:
            return []
        return [p for p in state.planes if p.side == m.attacker and self.in_play(p)
                and self.is_bomber(p) and not p.pattern]

    def _do_bombing(self, state: DifState, seat: str, d: Decision, events: list[Event]
                    ) -> tuple[DifState, list[Event]]:
        p = self.plane(state, d["plane"])
        state = self._put(state, _replace(p, pattern=d["pattern"]))
        events.append(Event("bombing-pattern", {"plane": p.id, "pattern": d["pattern"]}))
        if self._unpatterned(state):
            return state, events
        return self._bomb(state, events)

    def _bomb(self, state: DifState, events: list[Event]) -> tuple[DifState, list[Event]]:
        """Book § Résoudre la Flak, § Bombarder la cible: the flak pattern is revealed,
        flak hits the bombers whose pattern it catches (it cannot be avoided), then
        every surviving bomber drops its bombs."""
        m = state.mission
        assert m is not None
        flak = m.flak
        bomb_mod = 0
        for side, eff, _ch in self._effects(state):
            if eff.kind == "flak":
                flak += eff.value if side == m.defender else -eff.value
            if eff.kind == "bombs":
                bomb_mod += eff.value if side == m.attacker else -eff.value
        flak = max(0, flak)
        events.append(Event("flak-revealed", {"pattern": m.flak_pattern, "flak": flak}))
        rank = {"scattered": 0, "normal": 1, "tight": 2}
        for p in state.planes:
            if (p.side == m.attacker and self.in_play(p) and p.pattern
                    and rank[p.pattern] >= rank[m.flak_pattern]):
                hits = {"scattered": flak // 2, "normal": flak, "tight": flak * 2}[
                    m.flak_pattern]
                if hits:
                    events.append(Event("flak", {"plane": p.id, "hits": hits}))
                    state, events = self._hit(state, p.id, hits, "", events)
        bombs = 0
        for p in state.planes:
            if p.side == m.attacker and self.in_play(p) and p.pattern:
                a = self.d.aircraft[p.aircraft]
                hurt = p.damage >= self.stats(state, p).airframe[0]
                load = max(0, (a.bombs[1] if hurt else a.bombs[0]) + bomb_mod)
                dropped = {"scattered": load // 2, "normal": load, "tight": load * 2}[p.pattern]
                bombs += dropped
                events.append(Event("bombs", {"plane": p.id, "bombs": dropped}))
        status = ("destroyed" if bombs >= m.destroyed else
                  "damaged" if bombs >= m.damaged else "intact")
        events.append(Event("target", {"target": m.target, "bombs": bombs, "status": status}))
        state = _replace(state, mission=_replace(m, bombs=bombs, status=status))
        return self._finish(state, events, state.result or "turns")

    def _score_mission(self, state: DifState, events: list[Event]
                       ) -> tuple[DifState, list[Event]]:
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
                vp[foe] += self.d.aircraft[p.aircraft].vp + PILOT_VP.get(p.pilot, 0)
        for side, eff, _ch in self._effects(state):
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
        state = _replace(state, mission=_replace(m, status=status,
                                                 vp=tuple(sorted(vp.items()))))
        events.append(Event("mission-vp", {"axis": vp["axis"], "allies": vp["allies"],
                                           "status": status}))
        return state, events

    # ================================================================ outcome
    def vp(self, state: DifState) -> dict[str, int]:
        """Victory points by side: kills, half for a damaged survivor (book § Points de
        victoire), balancing (book § Equilibrer)."""
        if state.mission is not None and state.mission.vp:
            return dict(state.mission.vp)
        out = {side: 0 for _, side in state.seats}
        for side, v in state.balance:
            out[side] = out.get(side, 0) + v
        for p in state.planes:
            if not p.aircraft or not (p.damage or p.down):
                continue
            value = self.d.aircraft[p.aircraft].vp + PILOT_VP.get(p.pilot, 0)
            for side in out:
                if side == p.side:
                    continue
                if p.down:
                    out[side] += value
                elif self.damaged(state, p):
                    out[side] += value // 2
        return out

    def outcome(self, state: DifState) -> Outcome | None:
        if state.phase != "over":
            return None
        vp = self.vp(state)
        scores = {seat: float(vp.get(side, 0)) for seat, side in state.seats}
        if state.mission is not None:
            m = state.mission
            camp = self.campaign(state)
            net = vp.get("allies", 0) - vp.get("axis", 0)
            result = camp.result(net)
            winner = "allies" if net > 0 else "axis" if net < 0 else None
            return Outcome(winner, f"target {m.status or 'intact'}; net {net} VP: {result}",
                           scores, {"target": m.target, "status": m.status or "intact",
                                    "bombs": m.bombs, "net_vp": net, "vp": vp,
                                    "result": result, "attacker": m.attacker,
                                    "options": [list(o) for o in m.options]})
        alive = {p.side for p in state.planes if self.in_play(p)}
        if state.result == "shot-down":
            if len(alive) == 1:
                side = next(iter(alive))
                return Outcome(side, f"{side} shot the enemy down", scores, {"vp": vp})
            return Outcome(None, "every fighter shot down", scores, {"vp": vp})
        dealt: dict[str, int] = {}
        for p in state.planes:
            dealt[p.side] = dealt.get(p.side, 0) + p.hits_dealt
        if state.options.rules.vp_balancing:
            table, what = vp, "victory points"
        else:
            table, what = dealt, "damage inflicted"
        best = max(table.values()) if table else 0
        leaders = [s for s, v in table.items() if v == best]
        if len(leaders) != 1:
            return Outcome(None, f"turns over, equal {what}", scores,
                           {"vp": vp, "damage": dealt})
        return Outcome(leaders[0], f"turns over, most {what}", scores,
                       {"vp": vp, "damage": dealt})

    def turn(self, state: DifState) -> int:
        return state.turn

    # ================================================================== views
    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one game object, a few keys
    def _stats_json(self, s: Stats, aircraft: str) -> dict[str, Any]:
        return {"speed": s.speed, "performance": s.performance,
                "horsepower": [s.pre, s.post], "bursts": s.bursts, "firepower": s.firepower,
                "airframe": list(s.airframe), "gunner": s.gunner, "agile": s.agile,
                "specials": list(self.d.aircraft[aircraft].specials)}

    @functools.lru_cache(maxsize=8192)  # noqa: B019 - planes are immutable and shared
    def _plane_view(self, p: Plane, secrets: bool, s: Stats | None) -> dict[str, Any]:
        """One aircraft as a seat sees it (its hand only with ``secrets``). Views are
        read-only: this dict is shared by every view of an unchanged plane."""
        entry: dict[str, Any] = {
            "id": p.id, "seat": p.seat, "side": p.side,
            "bomber": p.bomber, "loaded": p.loaded,
            "down": p.down, "gone": p.gone, "acted": p.acted,
            "hand_count": len(p.hand), "turret_count": len(p.turret_hand),
            "damage": p.damage, "evasive": p.evasive, "extra_hits": p.extra_hits,
            "spent": p.spent, "aces": p.aces, "leader": p.leader,
            "row": p.row, "col": p.col, "selected": p.selected, "late": p.late,
            "pattern": p.pattern, "hits_dealt": p.hits_dealt,
        }
        if s is not None:
            a = self.d.aircraft[p.aircraft]
            entry.update({"aircraft": p.aircraft, "name": a.name, "nation": a.nation,
                          "pilot": p.pilot, "damaged": p.damage >= s.airframe[0],
                          "stats": self._stats_json(s, p.aircraft)})
        if p.altitude >= 0:
            entry["altitude"] = ALTITUDES[p.altitude]
        if secrets:
            entry["hand"] = list(p.hand)
            entry["turret_hand"] = list(p.turret_hand)
        return entry

    def view(self, state: DifState, viewer: Seat | None) -> Any:
        over = state.phase == "over"
        revealed_all = all(p.aircraft for p in state.planes)
        planes = []
        for p in state.planes:
            show = p.aircraft != "" and (revealed_all or p.bomber or p.loaded
                                         or state.phase != "choose")
            planes.append(self._plane_view(p, viewer == p.seat or over,
                                           self.stats(state, p) if show else None))
        sealed: dict[str, Any] = {}
        for pid, value in state.sealed:
            owner = self._find(state, pid)
            seat = owner.seat if owner else pid
            sealed[pid] = value if viewer == seat else True
        view: dict[str, Any] = {
            "turn": state.turn, "turns": state.turns, "phase": state.phase,
            "active": state.active, "first_side": state.first_side,
            "planes": planes,
            "positions": [{"holder": h, "target": t,
                           "position": POSITION_NAMES[k]} for h, t, k in state.positions],
            "deck": len(state.deck), "discard": list(state.discard[-12:]),
            "discard_count": len(state.discard),
            "sealed": sealed,
            "speed": {"target": state.speed_target, "points": state.speed_points},
            "chain": None if state.chain is None else {
                "kind": state.chain.kind, "actor": state.chain.actor,
                "target": state.chain.target, "steps": state.chain.steps,
                "hits": state.chain.hits, "responder": state.chain.responder,
                "plays": [list(x) for x in state.chain.plays], "last": state.chain.last},
            "follow": [msgspec.to_builtins(f) for f in state.follows[:1]],
            "evasive": {"plane": state.evasive_for, "hits": state.evasive_hits}
            if state.evasive_for else None,
            "vp": self.vp(state), "rules": _rules_json(state.options.rules),
            "mode": state.options.mode, "result": state.result,
        }
        m = state.mission
        if m is not None:
            mv = {"campaign": m.campaign, "target": m.target, "attacker": m.attacker,
                  "defender": m.defender, "damaged": m.damaged, "destroyed": m.destroyed,
                  "flak": m.flak, "status": m.status, "bombs": m.bombs,
                  "options": [{"side": s, "option": n, "choice": c} for s, n, c in m.options]}
            if m.flak_pattern and (viewer == m.defender or m.status or over):
                mv["flak_pattern"] = m.flak_pattern
            mv["flak_chosen"] = bool(m.flak_pattern)
            view["mission"] = mv
        return view

    # ================================================================== words
    def label(self, state: DifState, seat: Seat, decision: Decision) -> str:
        """A decision in words; it depends on the decision alone, so it is memoised."""
        try:
            key = tuple(decision.items())
            return self._label(key)
        except TypeError:  # a list inside (follow's discards): not hashable
            return self._words(decision)

    @functools.lru_cache(maxsize=8192)  # noqa: B019 - one game object, bounded
    def _label(self, key: tuple[tuple[str, Any], ...]) -> str:
        return self._words(dict(key))

    def _words(self, decision: Decision) -> str:
        d = decision

        def name(key: Any) -> str:
            return self._card_name(str(key))

        if "play" in d:
            use = d["as"]
            what = name(d["play"])
            if use == "attack":
                return f"{what}: fire at {d['target']}"
            if use == "gunner":
                return f"{what}: gunner fires at {d['target']}"
            if use == "maneuver":
                return f"{what} as Maneuver {d['steps']} on {d['target']}"
            if use == "agile":
                return f"{what} as Scissors (agile) on {d['target']}"
            if use in ("scissors", "barrel-roll"):
                return f"{what} against {d['target']}"
            if "altitude" in d:
                extra = f", discarding {name(d['discard'])}" if "discard" in d else ""
                return f"{what}: {d['altitude']}{extra}"
            return f"{what} (tactic)"
        if "react" in d:
            return "no reaction" if d["react"] is None else f"react with {name(d['react'])}"
        if "boost" in d:
            return f"add {name(d['boost'])} (+1 hit)"
        if "redline" in d:
            return f"{name(d['redline'])}: one hit, three cards"
        if "discard" in d and len(d) == 1:
            return "done discarding" if d["discard"] is None else f"discard {name(d['discard'])}"
        if "altitude" in d:
            if d["altitude"] in ALTITUDES:
                return f"start at {d['altitude']} altitude"
            extra = f", discarding {name(d['discard'])}" if "discard" in d else ""
            return f"{d['altitude']}{extra}"
        if "follow" in d:
            if not d["follow"]:
                return "do not follow"
            cards = d.get("discard", [])
            return "follow" + (f", discarding {', '.join(name(c) for c in cards)}"
                               if cards else "")
        if "fighter" in d:
            a = self.d.aircraft[d["fighter"]]
            pilot = f" with pilot {d['pilot']}" if d.get("pilot") else ""
            return f"{a.name} ({a.nation}, {a.year}, {a.vp} VP){pilot}"
        if "speed" in d:
            v = d["speed"]
            return {"skip": "no speed maneuver", "done": "end speed maneuvers",
                    "maneuver": "speed maneuver (Maneuver 1)",
                    "select": "spend a speed point to choose this bomber",
                    "pick": "let the defender choose the bomber"}.get(
                        v, f"compare speed with {v}")
        if "select" in d:
            if d["select"] == "pick":
                return "let the defender choose the bomber"
            paid = f", discarding {name(d['discard'])}" if "discard" in d else " (free)"
            return f"choose bomber {d['select']}{paid}"
        if "abandon" in d:
            return f"abandon the position on {d['abandon']}"
        if "end" in d:
            return "end actions"
        if "act" in d:
            return f"fly {d['act']} now"
        if "evasive" in d:
            return "play Evasive (two hits fewer)" if d["evasive"] else "take the hits"
        if "jettison" in d:
            return "jettison the bombs" if d["jettison"] else "keep the bombs"
        if "flak" in d:
            return f"flak pattern: {d['flak']}"
        if "pattern" in d:
            return f"{d['plane']}: bombing pattern {d['pattern']}"
        if "formation" in d:
            return f"formation: {d['formation']}"
        if "bomber" in d:
            return f"{d['bomber']} is attacked"
        if "option" in d:
            return f"campaign option #{d['option']}" + (f" ({d['choice']})"
                                                        if d["choice"] else "")
        return msgspec.json.encode(decision).decode()

    def template(self, event: Event) -> tuple[str, Mapping[str, Any]] | None:
        d = dict(event.data)
        kind = event.kind
        if kind == "action-resolved":
            kind = "action-succeeds" if d.get("success") else "action-cancelled"
        text = EVENT_TEXTS.get(kind)
        if text is None:
            return None
        if isinstance(d.get("card"), str):
            d["card"] = self._card_name(d["card"])
        if isinstance(d.get("cards"), list):
            d["cards"] = ", ".join(self._card_name(c) for c in d["cards"])
        if isinstance(d.get("bombers"), list):
            d["bombers"] = ", ".join(d["bombers"])
        return text, d

    def _card_name(self, key: str) -> str:
        """A card as printed: its title, and its subtitle in brackets."""
        if key == "ace-marker":
            return "Ace Pilot marker"
        card = self.d.action_deck.get(key)
        if card is None:
            return key
        return f"{card.title} ({card.subtitle})" if card.subtitle else card.title

    # ============================================================== data, checks
    def data(self) -> Any:
        data = self.d
        return {
            "aircraft": [
                {"id": key, "name": a.name, "nation": a.nation, "side": SIDE_OF[a.nation],
                 "year": a.year, "speed": a.speed, "performance": a.performance,
                 "horsepower": list(a.horsepower), "bursts": a.bursts,
                 "firepower": a.firepower, "airframe": list(a.airframe), "vp": a.vp,
                 "specials": a.specials, "gunner": a.gunner, "bombs": list(a.bombs),
                 "turrets": list(a.turrets), "altitude": a.altitude,
                 "damaged": msgspec.to_builtins(a.damaged), "source": a.source}
                for key, a in data.aircraft.items()],
            "action_deck": [
                {"id": key, "title": c.title, "subtitle": c.subtitle, "count": c.count,
                 "maneuver": c.maneuver, "kinds": c.kinds, "bursts": c.bursts,
                 "hits": c.hits, "react_to": c.react_to, "fuel_tank": c.fuel_tank,
                 "bomber": msgspec.to_builtins(c.bomber), "text": c.text, "source": c.source}
                for key, c in data.action_deck.items()],
            "campaigns": {key: msgspec.to_builtins(c) for key, c in data.campaigns.items()},
            "pilot_markers": PILOT_VP,
            "optional_rules": RULE_TITLES,
            "files": data.files,
        }

    def invariants(self, state: DifState) -> list[str]:
        problems = []
        total = len(self._fresh_deck(state.options))
        held = len(state.deck) + len(state.discard) + sum(
            len(p.hand) + len(p.turret_hand) for p in state.planes)
        if held != total:
            problems.append(f"{held} cards accounted for, the deck has {total}")
        for h, t, k in state.positions:
            hp, tp = self.plane(state, h), self.plane(state, t)
            if k not in (1, 2) or hp.side == tp.side:
                problems.append(f"bad position {h}->{t} {k}")
            if not self.in_play(hp) or not self.in_play(tp):
                problems.append(f"position {h}->{t} held by or on a plane out of play")
            if hp.altitude != tp.altitude:
                problems.append(f"position {h}->{t} across altitudes")
        holders = [h for h, _, _ in state.positions]
        if len(holders) != len(set(holders)):
            problems.append("a fighter holds two positions")
        for p in state.planes:
            if not p.aircraft and state.phase not in ("choose",):
                problems.append(f"{p.id} has no aircraft after the choice")
            if p.aircraft and not p.down and p.damage >= self.stats(state, p).airframe[1]:
                problems.append(f"{p.id}: damage past its airframe but flying")
            if not 0 <= p.altitude + 1 <= 5:
                problems.append(f"{p.id}: altitude {p.altitude}")
        if state.phase == "over" and not state.result:
            problems.append("over without a result")
        return problems

    # ============================================================ search pilots
    def determinize(self, state: DifState, seat: Seat, rng: Rng) -> DifState:
        """What ``seat`` cannot see, drawn anew: the other seats' hands and turret
        hands (from the cards it has not seen), the deck's order, others' sealed
        fighters, altitudes and options, an unrevealed flak pattern; a new generator."""
        seed, rng = randint(rng, 0, MAX_SEED)
        mine = {p.id for p in state.planes if p.seat == seat}
        unseen = list(state.deck)
        for p in state.planes:
            if p.id not in mine:
                unseen += list(p.hand) + list(p.turret_hand)
        pool, rng = shuffle(rng, sorted(unseen))
        planes = []
        for p in state.planes:
            if p.id not in mine:
                n, t = len(p.hand), len(p.turret_hand)
                p = _replace(p, hand=tuple(sorted(pool[:n])),
                             turret_hand=tuple(sorted(pool[n:n + t])))
                pool = pool[n + t:]
            planes.append(p)
        state = _replace(state, planes=tuple(planes), deck=tuple(pool))
        sealed = []
        for pid, value in state.sealed:
            owner = self._find(state, pid)
            owner_seat = owner.seat if owner else pid
            if owner_seat != seat:
                if state.phase == "choose" and owner is not None:
                    opts = self._fighter_choices(state, owner) or [
                        value.partition("|")[0]]
                    key, rng = choice(rng, opts)
                    value = f"{key}|"
                elif state.phase == "altitude" and owner is not None:
                    value, rng = choice(rng, list(START_ALTITUDES))
                elif state.phase == "options":
                    opts2 = self._mission_options(state, owner_seat)
                    n, ch = opts2[0]
                    (n, ch), rng = choice(rng, opts2)
                    value = f"{n}|{ch}"
            sealed.append((pid, value))
        state = _replace(state, sealed=tuple(sealed))
        m = state.mission
        if m is not None and m.flak_pattern and seat != m.defender and not m.status:
            pattern, rng = choice(rng, list(FLAK_PATTERNS))
            state = _replace(state, mission=_replace(m, flak_pattern=pattern))
        return _replace(state, rng=new_rng(seed))

    def evaluate(self, state: DifState, seat: Seat) -> float:
        """Leaf value for search: the outcome once over, else the balance of damage
        (as a share of airframes), positions and cards in hand."""
        out = self.outcome(state)
        side = dict(state.seats)[seat]
        if out is not None:
            return 0.0 if out.winner is None else (1.0 if out.winner == side else -1.0)
        score = 0.0
        for p in state.planes:
            if not p.aircraft:
                continue
            sign = 1.0 if p.side == side else -1.0
            if p.down:
                score -= sign * 3.0
                continue
            frame = self.stats(state, p).airframe[1]
            score -= sign * 2.0 * p.damage / max(1, frame)
            score += sign * 0.08 * len(p.hand)
        for h, _t, k in state.positions:
            sign = 1.0 if self.plane(state, h).side == side else -1.0
            score += sign * 0.25 * k
        return math.tanh(score)


EVENT_TEXTS: dict[str, str] = {
    "fighter-chosen": "{plane}: you chose the {fighter}",
    "fighter-sealed": "{plane}'s fighter is chosen in secret",
    "fighters-revealed": "The fighters are revealed",
    "altitude-chosen": "{plane}: you start at {altitude} altitude",
    "altitude-sealed": "{plane}'s altitude is chosen in secret",
    "altitudes-revealed": "The altitudes are revealed",
    "option-chosen": "You chose campaign option #{option}",
    "option-sealed": "{side} has chosen a campaign option",
    "options-revealed": "The campaign options are revealed",
    "flak-chosen": "You set the flak pattern: {pattern}",
    "flak-sealed": "The defender has set the flak pattern",
    "formation": "Bombers at {altitude} altitude fly in {shape} formation",
    "first-player": "{plane} acts first",
    "turn-begins": "Turn {turn} begins",
    "fighter-turn": "{plane}'s turn",
    "turn-ends": "{plane}'s turn ends",
    "late": "{plane} arrives late and cannot act this turn",
    "cards-drawn": "{plane} draws {count} card(s)",
    "deck-reshuffled": "The discard pile is shuffled into a new deck",
    "stall": "{plane}'s engine stalls",
    "discarded": "{plane} discards {cards} ({why})",
    "jettison": "{plane} jettisons its bombs",
    "keeps-bombs": "{plane} keeps its bombs",
    "altitude": "{plane} goes to {altitude} altitude ({direction})",
    "followed": "{plane} follows {leader} and stays {position}",
    "not-followed": "{plane} does not follow {leader}",
    "speed-compared": "{plane} compares speed with {target}: {points} point(s)",
    "speed-maneuver": "{plane} makes a speed maneuver on {target}",
    "bomber-selected": "{plane} goes for bomber {bomber} ({paid})",
    "turret-hand": "Bomber {bomber} draws {cards} turret card(s)",
    "card-played": "{plane} plays {card} ({as})",
    "reaction": "{plane} reacts with {card} to {to}",
    "no-reaction": "{plane} does not react",
    "bomber-boost": "Bomber {bomber} adds {card} (+1 hit)",
    "bomber-fires": "Bomber {bomber} fires {card} at {target}: {hits} hit(s)",
    "action-succeeds": "{plane}'s {kind} on {target} succeeds",
    "action-cancelled": "{plane}'s {kind} on {target} is cancelled",
    "cards-drawn-secret": "{plane}'s hand: {cards}",
    "fuel-tank": "{plane} hits {target}'s fuel tank",
    "fuel-tank-stopped": "Bomber {bomber} stops the fuel tank shot",
    "position": "{plane} is now {position} on {target}",
    "abandoned": "{plane} abandons its position on {target}",
    "hits": "{plane} takes {hits} hit(s) ({damage} in all)",
    "damaged": "{plane} is damaged: its card turns to the smoking side",
    "shot-down": "{plane} goes down in flames",
    "vp-balance": "{side} starts with {vp} victory points (balancing)",
    "fuel-home": "{plane} runs short of fuel and goes home",
    "bombing-pattern": "{plane} bombs in a {pattern} pattern",
    "flak-revealed": "Flak pattern revealed: {pattern} (flak {flak})",
    "flak": "Flak hits {plane}: {hits} hit(s)",
    "bombs": "{plane} drops {bombs} bomb(s)",
    "target": "Target #{target}: {bombs} bombs, {status}",
    "mission-vp": "Mission: Axis {axis} VP, Allies {allies} VP (target {status})",
    "game-over": "Game over: {reason}",
}

GAME = DownInFlames()
