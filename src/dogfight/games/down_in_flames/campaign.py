"""Down In Flames campaigns: a series of missions on one campaign sheet.

Book § Jouer une campagne. Pure functions over a campaign record (plain JSON, so that
any store can keep it): which missions the side with the initiative may fly next,
the options of that mission's game, and the record after its outcome (target control
and markers, initiative, options used once a campaign, victory points); the result
from the sheet's victory table once the last mission is flown.
"""

from __future__ import annotations

from typing import Any

import msgspec

from dogfight.core import InvalidOptions, Outcome
from dogfight.games.down_in_flames.data import DifData


class Control(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    side: str
    status: str
    """damaged or destroyed: the marker on the target."""


class Mission(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    sortie: str
    attacker: str
    target: int
    status: str
    net_vp: int
    vp: dict[str, int]
    options: list[list[Any]]


class CampaignRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    campaign: str
    scale: int = 1
    initiative: str = ""
    control: dict[str, Control] = {}
    """Target number (as text) -> who controls it and its marker."""
    used: list[str] = []
    """Options used, as "<side>:<number>" (each once a campaign, book § Options)."""
    missions: list[Mission] = []


def start(data: DifData, name: str, options: dict[str, Any]) -> dict[str, Any]:
    if name not in data.campaigns:
        known = ", ".join(sorted(data.campaigns))
        raise InvalidOptions(f"unknown campaign {name!r}; known: {known}")
    scale = options.get("scale", 1)
    if not isinstance(scale, int) or isinstance(scale, bool) or not 1 <= scale <= 4:
        raise InvalidOptions(f"scale must be from 1 to 4, got {scale!r}")
    extra = set(options) - {"scale"}
    if extra:
        raise InvalidOptions(f"unknown campaign option(s): {', '.join(sorted(extra))}")
    camp = data.campaigns[name]
    record = CampaignRecord(campaign=name, scale=scale, initiative=camp.campaign.initiative)
    return msgspec.to_builtins(record)  # type: ignore[no-any-return]


def _load(record: Any) -> CampaignRecord:
    try:
        return msgspec.convert(record, CampaignRecord)
    except msgspec.ValidationError as exc:
        raise InvalidOptions(f"not a Down In Flames campaign record: {exc}") from None


def choices(data: DifData, record: Any) -> list[dict[str, Any]]:
    """The missions the side with the initiative may fly next (book § Première
    mission: an arrow from Start; § Contrôler une cible: or from a target it controls;
    never at a target holding its own Destroyed marker); empty once the campaign's
    missions are flown."""
    rec = _load(record)
    camp = data.campaigns[rec.campaign]
    if len(rec.missions) >= camp.campaign.missions:
        return []
    side = rec.initiative
    out = []
    for arrow in camp.arrows:
        if arrow.side != side:
            continue
        if arrow.origin != "start":
            held = rec.control.get(str(arrow.origin))
            if held is None or held.side != side:
                continue
        mark = rec.control.get(str(arrow.to))
        if mark is not None and mark.side == side and mark.status == "destroyed":
            continue
        target = camp.target(arrow.to)
        sortie = f"{rec.campaign}:{side}:{arrow.origin}:{arrow.to}"
        out.append({
            "chooser": side,
            "label": f"{side} attack target #{arrow.to}, {target.name} ({target.kind}, "
                     f"{target.damaged}/{target.destroyed} bombs, flak {target.flak}) "
                     f"from {arrow.origin}",
            "options": {"mode": "mission", "turns": camp.campaign.turns,
                        "mission": {"sortie": sortie, "scale": rec.scale,
                                    "used": list(rec.used)}},
        })
    return out


def record_outcome(data: DifData, record: Any, options: dict[str, Any],
                   outcome: Outcome) -> dict[str, Any]:
    """Book § Contrôler une cible (markers, control passes), § Initiative (a Destroyed
    result keeps it, else it passes), § Déterminer l'issue de la campagne (VP summed)."""
    rec = _load(record)
    d = dict(outcome.details)
    sortie = str(options.get("mission", {}).get("sortie", ""))
    if not sortie or "status" not in d:
        raise InvalidOptions("this game is not a mission of the campaign")
    attacker = str(d["attacker"])
    defender = "allies" if attacker == "axis" else "axis"
    status = str(d["status"])
    control = dict(rec.control)
    if status in ("damaged", "destroyed"):
        control[str(d["target"])] = Control(side=attacker, status=status)
    initiative = attacker if status == "destroyed" else defender
    used = list(rec.used) + [f"{side}:{number}" for side, number, _ in d.get("options", [])]
    mission = Mission(sortie=sortie, attacker=attacker, target=int(d["target"]),
                      status=status, net_vp=int(d["net_vp"]),
                      vp={k: int(v) for k, v in dict(d["vp"]).items()},
                      options=[list(x) for x in d.get("options", [])])
    new = msgspec.structs.replace(rec, control=control, initiative=initiative, used=used,
                                  missions=[*rec.missions, mission])
    return msgspec.to_builtins(new)  # type: ignore[no-any-return]


def result(data: DifData, record: Any) -> dict[str, Any] | None:
    """Once the last mission is flown: the net VP (Allies minus Axis) and the sheet's
    victory result (book § Tableau des points de victoire)."""
    rec = _load(record)
    camp = data.campaigns[rec.campaign]
    if len(rec.missions) < camp.campaign.missions:
        return None
    net = sum(m.net_vp for m in rec.missions)
    return {"net_vp": net, "result": camp.result(net),
            "winner": "allies" if net > 0 else "axis" if net < 0 else None}
