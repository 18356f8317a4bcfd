"""The triangular lattice shared by both grids: cells, facings, distance, lines, bearings.

Pure functions on :class:`Cell` values, with no map bounds (:mod:`.boards` adds them).
The coordinates, the facing numbering and the tie rule of lines are explained in the
package's docstring (:mod:`dogfight.kit.grids`); in short:

- a cell is axial ``(q, r)``; cube ``s = -q - r``; ``r`` grows southward (down the
  screen), ``q`` eastward along a row;
- facing 0 is East, numbered clockwise: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; a turn of
  ``n`` sides is ``n × 60°``, right (clockwise) when ``n`` is positive;
- a bearing is measured clockwise from a facing in twelfths of a turn (30° rays): even
  rays run along the six grid lines through the cell, odd rays along the "spines"
  midway between two lines.
"""

from __future__ import annotations

from typing import NamedTuple

# -- cells and facings ---------------------------------------------------------------------------


class Cell(NamedTuple):
    """A hex of the hex grid, or a point of the triangle grid: axial ``(q, r)``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate: ``q + r + s == 0``."""
        return -self.q - self.r


Point = Cell
"""The triangle grid's name for a cell: a point where grid lines cross."""

#: The six facings, clockwise from East; the index is the facing's number.
FACING_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
#: The step to the neighbour across each facing, as (dq, dr).
STEPS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

#: Relative facings: where something lies as seen from a facing (0 = straight ahead,
#: counted clockwise like absolute facings, so 1 is ahead and to the right).
AHEAD, FRONT_RIGHT, REAR_RIGHT, BEHIND, REAR_LEFT, FRONT_LEFT = range(6)


def turn(facing: int, sides: int) -> int:
    """The facing after turning ``sides`` hex sides (× 60°): right if positive, left if
    negative."""
    return (facing + sides) % 6


def opposite(facing: int) -> int:
    """The facing pointing the other way."""
    return (facing + 3) % 6


def facing_for_roll(roll: int, first: int = 0) -> int:
    """A random facing from a die and an orientation hex (Les Ailes de la Gloire, spin
    recovery): the side numbered 1 points at facing ``first`` (the map's, a data value),
    the numbers 1..6 running clockwise."""
    return (first + roll - 1) % 6


def relative(facing: int, direction: int) -> int:
    """``direction`` seen from ``facing``: 0 ahead, 1 front right ... 3 behind ... 5 front
    left (the relative facings :data:`AHEAD` ... :data:`FRONT_LEFT`)."""
    return (direction - facing) % 6


def turns_between(facing: int, other: int) -> int:
    """The shortest turn from ``facing`` to ``other``, in sides: -2..3 (negative = left;
    3 = about turn, counted right)."""
    d = (other - facing) % 6
    return d if d <= 3 else d - 6


# -- steps, neighbours, distance -----------------------------------------------------------------


def ahead(cell: Cell, facing: int, n: int = 1) -> Cell:
    """The cell ``n`` steps ahead along ``facing`` (behind if ``n`` is negative)."""
    dq, dr = STEPS[facing]
    return Cell(cell.q + n * dq, cell.r + n * dr)


def advance(cell: Cell, facing: int, sides: int = 0) -> tuple[Cell, int]:
    """One step of a mover that first turns ``sides`` (0 straight ahead, ±1 the 60° turn
    of Age of Dogfights): the new cell and the new facing."""
    facing = (facing + sides) % 6
    dq, dr = STEPS[facing]
    return Cell(cell.q + dq, cell.r + dr), facing


def ray(cell: Cell, facing: int, n: int) -> tuple[Cell, ...]:
    """The ``n`` cells straight ahead along ``facing``, nearest first (the "three hexes
    in a straight line ahead" of Les Ailes de la Gloire is ``ray(c, f, 3)``)."""
    dq, dr = STEPS[facing]
    return tuple(Cell(cell.q + k * dq, cell.r + k * dr) for k in range(1, n + 1))


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six adjacent cells, in facing order (East first, clockwise)."""
    q, r = cell
    return tuple(Cell(q + dq, r + dr) for dq, dr in STEPS)


def distance(a: Cell, b: Cell) -> int:
    """The number of steps from ``a`` to ``b`` (hexes between centres, or ``d`` between
    points)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(cell: Cell, n: int) -> tuple[Cell, ...]:
    """The ``6n`` cells at distance exactly ``n`` (just ``cell`` for 0), clockwise from
    the one ``n`` steps East."""
    if n == 0:
        return (cell,)
    q, r = cell.q + n, cell.r
    out: list[Cell] = []
    for side in range(6):
        dq, dr = STEPS[(side + 2) % 6]
        for _ in range(n):
            out.append(Cell(q, r))
            q, r = q + dq, r + dr
    return tuple(out)


def disc(cell: Cell, n: int) -> tuple[Cell, ...]:
    """Every cell at distance ``n`` or less, ``cell`` first, ring by ring."""
    return tuple(c for k in range(n + 1) for c in ring(cell, k))


# -- directions and bearings ---------------------------------------------------------------------


def direction(a: Cell, b: Cell) -> int | None:
    """The facing along whose grid line ``b`` lies from ``a`` (``b`` is some steps
    straight ahead of ``a`` along it), or None (``b`` off the six lines, or ``b == a``).
    "Strictly behind", "straight ahead", "head-on" are all read from this."""
    dq, dr = b.q - a.q, b.r - a.r
    if dr == 0:
        return None if dq == 0 else (0 if dq > 0 else 3)
    if dq == 0:
        return 1 if dr > 0 else 4
    if dq == -dr:
        return 2 if dr > 0 else 5
    return None


class Bearing(NamedTuple):
    """Where a cell lies as seen from another, relative to a facing, in twelfths of a turn
    (30° rays) counted clockwise from the facing.

    ``exact`` is True when the cell lies exactly on ray ``ray`` (an even ray runs along the
    grid line of relative facing ``ray // 2``; an odd ray along the spine midway between
    two lines); False when it lies strictly between ray ``ray`` and the next one clockwise.
    """

    ray: int
    exact: bool

    @property
    def degrees(self) -> tuple[int, int]:
        """The bearing's span in degrees clockwise from the facing: ``(a, a)`` when exact,
        the open interval ``(a, a + 30)`` otherwise."""
        low = 30 * self.ray
        return (low, low) if self.exact else (low, low + 30)

    @property
    def sextants(self) -> frozenset[int]:
        """The relative facings whose closed 60° sextant (±30° about the facing's line)
        holds this bearing: one facing, or two for a bearing exactly on a spine."""
        return _SEXTANTS[self._half]

    @property
    def _half(self) -> int:
        return 2 * self.ray + (0 if self.exact else 1)


def _half_rays(dq: int, dr: int) -> int:
    """The absolute bearing of the offset (dq, dr) from East, in half-rays 0..23 (even =
    exactly on ray h/2, odd = strictly between two rays). Exact integer arithmetic: the
    offset is turned back 60° at a time until it lies in the sextant East..SE, where it
    is ``a·E + b·SE`` with a > 0, b ≥ 0."""
    q, r, s = dq, dr, -dq - dr
    for k in range(6):
        if q > 0 and r >= 0:
            if r == 0:
                return 4 * k
            if q == r:
                return 4 * k + 2
            return 4 * k + (1 if q > r else 3)
        q, r, s = -s, -q, -r  # 60° counter-clockwise
    raise ValueError("no bearing from a cell to itself")


_SEXTANTS: tuple[frozenset[int], ...] = tuple(
    frozenset(k for k in range(6) if (h - 4 * k + 2) % 24 <= 4) for h in range(24))


def bearing(origin: Cell, facing: int, target: Cell) -> Bearing | None:
    """The bearing of ``target`` from ``origin`` relative to ``facing`` (None when they are
    the same cell). ``Bearing(0, True)`` is dead ahead, ``Bearing(6, True)`` dead astern."""
    if origin == target:
        return None
    h = (_half_rays(target.q - origin.q, target.r - origin.r) - 4 * facing) % 24
    return Bearing(h // 2, h % 2 == 0)


# -- lines ---------------------------------------------------------------------------------------


def _nearest(pq: int, pr: int, n: int) -> tuple[Cell, ...]:
    """The cells whose centres are nearest the point ``(pq / n, pr / n)`` (Euclidean,
    exact integers), in (q, r) order: one, or several when the point is on a boundary.
    The nearest centre is the rounded cell or one of its neighbours."""
    q0, r0 = (2 * pq + n) // (2 * n), (2 * pr + n) // (2 * n)
    best: list[Cell] = []
    least = -1
    for q, r in ((q0, r0), *((q0 + dq, r0 + dr) for dq, dr in STEPS)):
        eq, er = pq - n * q, pr - n * r
        d2 = eq * eq + eq * er + er * er  # n² × the squared Euclidean distance
        if least < 0 or d2 < least:
            best, least = [Cell(q, r)], d2
        elif d2 == least:
            best.append(Cell(q, r))
    return tuple(sorted(best))


def line_steps(a: Cell, b: Cell) -> tuple[tuple[Cell, ...], ...]:
    """The line from ``a`` to ``b`` as ``distance + 1`` steps; each step is the cell whose
    hexagon holds the point ``i / distance`` of the way along the segment between the two
    centres, or the two cells sharing the side the point lies on (a tie), in (q, r) order."""
    n = distance(a, b)
    if n == 0:
        return ((a,),)
    dq, dr = b.q - a.q, b.r - a.r
    return tuple(_nearest(n * a.q + i * dq, n * a.r + i * dr, n) for i in range(n + 1))


def line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The cells on the line from ``a`` to ``b``, both included: ``distance + 1`` cells,
    each adjacent to the next. A tie (the segment runs along a side between two cells) is
    resolved to the cell with the smaller ``(q, r)``: the same whichever way the line is
    drawn, so ``line(b, a)`` is ``line(a, b)`` reversed."""
    return tuple(step[0] for step in line_steps(a, b))
