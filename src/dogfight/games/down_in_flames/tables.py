"""Down In Flames rule tables (``data/rules.toml``): horsepower and bonus cards by
altitude, bursts by position, flak and bombing patterns, pilot markers. Loaded and
checked by :mod:`dogfight.games.down_in_flames.data`, which re-exports them."""

from __future__ import annotations

import msgspec


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class AltitudeRow(_Strict, frozen=True):
    """What a level adds to the pre-turn and post-turn draws (book § Effets de
    l'altitude sur la puissance du moteur), and the cards a fighter starting there
    draws more (book § Cartes bonus pour altitude de départ)."""

    pre: int
    post: int
    source: str
    bonus: int = 0


class PositionRow(_Strict, frozen=True):
    """What a position on the target adds to the Bursts (book § Bursts / Rafales)."""

    bursts: int
    source: str


class Pattern(_Strict, frozen=True):
    """A flak or bombing pattern: its rank, and the value times ``num``/``den``
    (book § Sélectionnez le Schéma de Flak, § Bombarder la cible)."""

    rank: int
    num: int
    den: int
    source: str

    def times(self, value: int) -> int:
        return value * self.num // self.den


class PilotMarker(_Strict, frozen=True):
    """An experienced pilot marker (book § Marqueurs de pilote expérimenté)."""

    vp: int
    source: str
    airframe: int = 0
    speed: int = 0
    performance: int = 0
    bursts: int = 0
    firepower: int = 0
    pre: int = 0
    post: int = 0
    aces: int = 0
    agile: bool = False
    climb_free: bool = False
    dive_draw: int = 0
    min_maneuver: int = 0
    redline_safe: bool = False


class RuleTables(_Strict, frozen=True):
    altitudes: dict[str, AltitudeRow]
    positions: dict[str, PositionRow]
    patterns: dict[str, Pattern]
    pilots: dict[str, PilotMarker]


NO_PILOT = PilotMarker(vp=0, source="")
