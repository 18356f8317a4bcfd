"""How to win: victory points, the end of the game, the outcome.

Book sections: « Comment gagner » (a side shot down; after the last turn the most
damage inflicted), « Points de victoire » (a kill its value, a damaged survivor
half), « Équilibrer les points de victoire et la valeur des chasseurs », « Déterminer
l'issue de la campagne » (a mission's net victory points on the campaign's table).
"""

from __future__ import annotations

from dogfight.core import Event, Outcome
from dogfight.games.down_in_flames.aircraft import damaged, in_play, replace, value
from dogfight.games.down_in_flames.data import DifData, dataset
from dogfight.games.down_in_flames.missions import score_mission, unpatterned
from dogfight.games.down_in_flames.state import DifState

SETTING_UP = ("options", "choose", "altitude", "flak", "formation", "start", "bombing")


def vp(state: DifState, data: DifData | None = None) -> dict[str, int]:
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
        data = data or dataset()
        worth = value(p, data)
        if not p.down:  # a damaged survivor is worth half
            if not damaged(state, p, data):
                continue
            worth //= 2
        for side in out:
            if side != p.side:
                out[side] += worth
    return out


def outcome(state: DifState) -> Outcome | None:
    if state.phase != "over":
        return None
    points = vp(state)
    scores = {seat: float(points.get(side, 0)) for seat, side in state.seats}
    if state.mission is not None:
        m = state.mission
        camp = dataset().campaigns[m.campaign]
        net = points.get("allies", 0) - points.get("axis", 0)
        result = camp.result(net)
        winner = "allies" if net > 0 else "axis" if net < 0 else None
        return Outcome(winner, f"target {m.status or 'intact'}; net {net} VP: {result}",
                       scores, {"target": m.target, "status": m.status or "intact",
                                "bombs": m.bombs, "net_vp": net, "vp": points,
                                "result": result, "attacker": m.attacker,
                                "options": [list(o) for o in m.options]})
    alive = {p.side for p in state.planes if in_play(p)}
    if state.result == "shot-down":
        if len(alive) == 1:
            side = next(iter(alive))
            return Outcome(side, f"{side} shot the enemy down", scores, {"vp": points})
        return Outcome(None, "every fighter shot down", scores, {"vp": points})
    dealt: dict[str, int] = {}
    for p in state.planes:
        dealt[p.side] = dealt.get(p.side, 0) + p.hits_dealt
    if state.options.rules.vp_balancing:
        table, what = points, "victory points"
    else:
        table, what = dealt, "damage inflicted"
    best = max(table.values()) if table else 0
    leaders = [s for s, v in table.items() if v == best]
    if len(leaders) != 1:
        return Outcome(None, f"turns over, equal {what}", scores,
                       {"vp": points, "damage": dealt})
    return Outcome(leaders[0], f"turns over, most {what}", scores,
                   {"vp": points, "damage": dealt})


def game_end(state: DifState) -> str:
    """Why the game ends now ("": it goes on): a side with nothing left flying."""
    if state.phase in SETTING_UP:
        return ""
    if state.mission is not None:
        m = state.mission
        if not any(in_play(p) for p in state.planes if p.side == m.attacker):
            return "attackers-down"
        if not any(in_play(p) for p in state.planes if p.side == m.defender):
            return "defenders-down"
        return ""
    side = ""
    for p in state.planes:
        if not p.down and not p.gone:  # in play
            if side and p.side != side:
                return ""  # two sides still fly
            side = p.side
    return "shot-down"


def end_game(state: DifState, events: list[Event], why: str) -> DifState:
    """The game ends; a mission's surviving bombers first choose their patterns."""
    if state.mission is not None and why != "attackers-down" and unpatterned(state):
        return replace(state, phase="bombing", active="", chain=None, result=why, prompts=())
    return finish(state, events, why)


def finish(state: DifState, events: list[Event], why: str) -> DifState:
    state = replace(state, phase="over", result=why, active="", chain=None, prompts=())
    if state.mission is not None:
        state = score_mission(state, events)
    out = outcome(state)
    assert out is not None
    events.append(Event("game-over", {"reason": out.reason, "winner": out.winner or ""}))
    return state
