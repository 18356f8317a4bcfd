"""Plane geometry of the Wings of War table: bases, moves, fire arcs, the ruler.

Coordinates in millimetres, x to the right, y up; headings in whole degrees,
0 = facing +x, counter-clockwise positive (a left turn adds). Positions are
rounded to 1/100 mm after every move so that saves replay to the same digest on
every machine. Areas and lines of fire use shapely.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import msgspec
from shapely import Polygon
from shapely.geometry import LineString, Point
from shapely.ops import unary_union


class Pose(msgspec.Struct, frozen=True, gc=False):
    """Where a base stands: its centre (the stand) and its heading."""

    x: float
    y: float
    heading: int


def forward(pose: Pose) -> tuple[float, float]:
    angle = math.radians(pose.heading)
    return math.cos(angle), math.sin(angle)


def moved(pose: Pose, dx: float, dy: float, turn: int) -> Pose:
    """``pose`` moved by (dx forward, dy left) in its own frame, then turned."""
    angle = math.radians(pose.heading)
    cos, sin = math.cos(angle), math.sin(angle)
    return Pose(round(pose.x + dx * cos - dy * sin, 2), round(pose.y + dx * sin + dy * cos, 2),
                (pose.heading + turn) % 360)


def off_nose(shooter: Pose, target: Pose) -> float:
    """How far ``target`` is off ``shooter``'s nose, in degrees (0 dead ahead, 180
    dead astern)."""
    angle = math.degrees(math.atan2(target.y - shooter.y, target.x - shooter.x))
    return abs((angle - shooter.heading + 180) % 360 - 180)


def backed_off(pose: Pose, distance: float) -> Pose:
    """``pose`` moved back along its heading, keeping it (overlap resolution)."""
    fx, fy = forward(pose)
    return Pose(round(pose.x - fx * distance, 2), round(pose.y - fy * distance, 2), pose.heading)


def base(pose: Pose, length: float, width: float) -> Polygon:
    return Polygon(corners(pose.x, pose.y, pose.heading, length, width))


@lru_cache(maxsize=8192)
def corners(x: float, y: float, heading: int, length: float,
            width: float) -> tuple[tuple[float, float], ...]:
    """The four corners of a base (computed once per pose: moves are few)."""
    angle = math.radians(heading)
    cos, sin = math.cos(angle), math.sin(angle)
    out = []
    for dx, dy in ((length / 2, width / 2), (-length / 2, width / 2),
                   (-length / 2, -width / 2), (length / 2, -width / 2)):
        out.append((x + dx * cos - dy * sin, y + dx * sin + dy * cos))
    return tuple(out)


def edge(pose: Pose, length: float, width: float, which: str) -> LineString:
    """The front or rear edge of a base, as a segment."""
    sign = 1 if which == "front" else -1
    fx, fy = forward(pose)
    cx, cy = pose.x + sign * fx * length / 2, pose.y + sign * fy * length / 2
    lx, ly = -fy * width / 2, fx * width / 2
    return LineString([(cx - lx, cy - ly), (cx + lx, cy + ly)])


def bases_overlap(a: Pose, b: Pose, length: float, width: float) -> bool:
    if distance(a, b) >= math.hypot(length, width):  # too far apart to touch
        return False
    return base(a, length, width).intersection(base(b, length, width)).area > 1e-6


def distance(a: Pose, b: Pose) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def sector(pose: Pose, radius: float, half_angle: float, rear: bool = False,
           steps: int = 16) -> Polygon:
    """The fire arc, out to ``radius``: centre, then points along the arc."""
    middle = pose.heading + (180 if rear else 0)
    points = [(pose.x, pose.y)]
    for i in range(steps + 1):
        angle = math.radians(middle - half_angle + 2 * half_angle * i / steps)
        points.append((pose.x + radius * math.cos(angle), pose.y + radius * math.sin(angle)))
    return Polygon(points)


def shadow(origin: tuple[float, float], blocker: Polygon, reach: float) -> Polygon:
    """The part of the table hidden by ``blocker`` from a point (rays cast past it)."""
    ox, oy = origin
    points = []
    for x, y in blocker.exterior.coords[:-1]:
        dx, dy = x - ox, y - oy
        norm = math.hypot(dx, dy) or 1.0
        points.append((x, y))
        points.append((ox + dx / norm * reach * 4, oy + dy / norm * reach * 4))
    hull = Polygon(points).convex_hull
    assert isinstance(hull, Polygon)
    return hull


def fire_range(shooter: Pose, target: Pose, *, length: float, width: float, ruler: float,
               half_angle: float, rear: bool = False, blockers: Sequence[Pose] = (),
               max_reach: float | None = None) -> int:
    """Cards the shot draws: 2 (first half of the ruler), 1 (second half), 0 (no shot).

    ``max_reach`` limits the ruler (fire one altitude level apart: first half only).
    Blocking bases cast shadows from the shooter's stand; a base the ruler cannot
    reach in any visible point cannot be fired at (book § TIR).
    """
    reach = ruler if max_reach is None else max_reach
    if distance(shooter, target) > reach + math.hypot(length, width) / 2:
        return 0  # no point of the target's base is within the ruler
    target_base = base(target, length, width)
    area = target_base.intersection(sector(shooter, reach, half_angle, rear))
    if area.is_empty or area.area <= 1e-6:
        return 0
    if blockers:
        origin = (shooter.x, shooter.y)
        shadows = unary_union([shadow(origin, base(b, length, width), ruler) for b in blockers])
        area = area.difference(shadows)
        if area.is_empty or area.area <= 1e-6:
            return 0
    near = area.intersection(Point(shooter.x, shooter.y).buffer(ruler / 2, 32))
    return 2 if not near.is_empty and near.area > 1e-6 else 1


def line_blocked(a: Pose, b: Pose, blockers: Sequence[Pose], length: float,
                 width: float) -> bool:
    segment = LineString([(a.x, a.y), (b.x, b.y)])
    return any(segment.intersects(base(p, length, width)) for p in blockers)


def can_tail(tailer: Pose, target: Pose, *, length: float, width: float, ruler: float,
             blockers: Sequence[Pose] = ()) -> bool:
    """The ruler joins the stands, leaves the tailer by its front edge, enters the
    target by its rear edge, and crosses no other base (book § POURSUITE)."""
    if distance(tailer, target) > ruler or bases_overlap(tailer, target, length, width):
        return False
    segment = LineString([(tailer.x, tailer.y), (target.x, target.y)])
    if not segment.intersects(edge(tailer, length, width, "front")):
        return False
    if not segment.intersects(edge(target, length, width, "rear")):
        return False
    return not line_blocked(tailer, target, blockers, length, width)


def in_blind_spot(gunner: Pose, target: Pose, *, length: float, width: float,
                  ruler: float) -> bool:
    """Rear gun blind spot: the ruler from the gunner's stand to the target's stand
    leaves by the rear edge and touches the target's base with its first half
    (book § ANGLES MORTS POUR LES MITRAILLEUSES ARRIÈRES)."""
    segment = LineString([(gunner.x, gunner.y), (target.x, target.y)])
    if not segment.intersects(edge(gunner, length, width, "rear")):
        return False
    gap = distance(gunner, target) or 1.0
    half = min(1.0, ruler / 2 / gap)  # the ruler's first half, laid towards the target
    first_half = LineString([(gunner.x, gunner.y), (gunner.x + (target.x - gunner.x) * half,
                                                    gunner.y + (target.y - gunner.y) * half)])
    return bool(first_half.intersects(base(target, length, width)))


def inside(pose: Pose, width: float, height: float) -> bool:
    """The stand is on the table (book § SORTIR DE L'AIRE DE JEU)."""
    return 0 <= pose.x <= width and 0 <= pose.y <= height


def in_rectangle(pose: Pose, x: float, y: float, length: float, width: float,
                 heading: int) -> bool:
    """Is the stand inside a rectangle centred on (x, y), its length along ``heading``?"""
    angle = math.radians(heading)
    dx, dy = pose.x - x, pose.y - y
    along = dx * math.cos(angle) + dy * math.sin(angle)
    across = -dx * math.sin(angle) + dy * math.cos(angle)
    return abs(along) <= length / 2 and abs(across) <= width / 2
