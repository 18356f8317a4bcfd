"""What each seat sees of a Wings of War game (the contract's ``view``)."""

from __future__ import annotations

from typing import Any

import msgspec

from dogfight.core import Seat
from dogfight.games.wings_of_war.altitude import stands
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.flying_higher import proposal
from dogfight.games.wings_of_war.planning import available_cards
from dogfight.games.wings_of_war.state import WowState, plane


def view(state: WowState, viewer: Seat | None) -> Any:
    """What ``viewer`` sees: the table, its own secrets (plans, damage, special damage,
    cards shown by tailing, its guns' targets), and only counts of the others'."""
    data = dataset()
    step = state.step
    seat_of = {p.id: p.seat for p in state.planes}
    planes = []
    for p in state.planes:
        mine = viewer == p.seat
        aircraft = data.aircraft[p.aircraft]
        entry: dict[str, Any] = {
            "id": p.id, "seat": p.seat, "side": p.side, "aircraft": p.aircraft,
            "name": aircraft.name, "x": p.pose.x, "y": p.pose.y, "heading": p.pose.heading,
            "status": p.status, "altitude": p.altitude, "climb_counters": p.climb_counters,
            "stands": stands(state, p),
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
            entry["hand"] = available_cards(state, p) if step == "plan" else []
        planes.append(entry)
    shown = [{"tailer": s.tailer, "target": s.target, "phase": s.phase, "card": s.card,
              "name": data.card(plane(state, s.target).deck, s.card).name}
             for s in state.shown if viewer == seat_of[s.tailer]]
    fire = [{"plane": s.plane, "arc": s.arc, "targets": [
                {"target": t, "cards": n} for t, n in s.targets]}
            for s in state.fire_slots if viewer == seat_of[s.plane]]
    return {
        "turn": state.turn, "phase": state.maneuver, "step": step,
        "area": {"width": state.area.width, "height": state.area.height},
        "rules": msgspec.to_builtins(state.options.rules),
        "floor": state.floor, "ceiling": state.floor + 3, "clouds": state.cloud_level,
        "landing_fields": [msgspec.to_builtins(f) for f in state.fields],
        "proposal": proposal(state),
        "objectives": [msgspec.to_builtins(o) for o in state.objectives],
        "missions": [msgspec.to_builtins(pr) for pr in state.progress],
        "planes": planes,
        "shown_to_you": shown,
        "your_shots": fire,
        "damage_decks": {d.letter: len(d.pile) for d in state.decks},
        "result": state.result, "winner": state.winner,
    }
