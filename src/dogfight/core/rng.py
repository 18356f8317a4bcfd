"""Seeded, counter-based randomness held inside a game state.

Every die, deck shuffle and chit draw of a game comes from an :class:`Rng` kept
in its state. An ``Rng`` is two integers (a seed and a counter) plus an optional
queue of *forced* results used by scenario scripts to reproduce a rule book's
example; copying it is free, and the same seed gives the same draws on every
machine and every Python version (SplitMix64, integer arithmetic only).

All functions are pure: they return the drawn value and the next ``Rng``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec
import msgspec.structs

from dogfight.core.errors import DogfightError

T = TypeVar("T")
S = TypeVar("S")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
MAX_SEED = (1 << 63) - 1


class Rng(msgspec.Struct, frozen=True, gc=False):
    """The generator's whole state: ``seed``, draws made so far, forced results to come."""

    seed: int
    counter: int = 0
    forced: tuple[int, ...] = ()


def new_rng(seed: int, forced: Sequence[int] = ()) -> Rng:
    """A generator for ``seed`` (0 ≤ seed ≤ 2**63 − 1)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DogfightError(f"seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    return Rng(seed=seed, counter=0, forced=tuple(forced))


def rng_of(state: Any) -> Rng:
    """The generator of a game state (by the contract, its top-level field ``rng``)."""
    rng = getattr(state, "rng", None)
    if not isinstance(rng, Rng):
        raise TypeError(f"{type(state).__name__} keeps no Rng in a field named 'rng'")
    return rng


def with_rng(state: S, rng: Rng) -> S:
    """``state`` with another generator (for scripts, and for search pilots that re-seed
    a determinised state so that they never know the real future draws)."""
    rng_of(state)
    return msgspec.structs.replace(state, rng=rng)  # type: ignore[type-var]


def with_forced(state: S, forced: Sequence[int]) -> S:
    """``state`` whose next draws return ``forced`` first (scenario scripts)."""
    rng = rng_of(state)
    return with_rng(state, Rng(rng.seed, rng.counter, rng.forced + tuple(forced)))


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & MASK64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK64
    return z ^ (z >> 31)


def next_u64(rng: Rng) -> tuple[int, Rng]:
    """A uniform 64-bit integer (forced results do not apply to raw draws)."""
    counter = rng.counter + 1
    value = _mix((rng.seed * 0xD1B54A32D192ED03 + counter * _GOLDEN) & MASK64)
    return value, Rng(rng.seed, counter, rng.forced)


def randint(rng: Rng, low: int, high: int) -> tuple[int, Rng]:
    """A uniform integer in ``[low, high]``; a forced result is used first if one is queued."""
    if high < low:
        raise ValueError(f"empty range {low}..{high}")
    if rng.forced:
        value = rng.forced[0]
        if not low <= value <= high:
            raise DogfightError(
                f"forced draw {value} is outside {low}..{high} (draw #{rng.counter + 1})"
            )
        return value, Rng(rng.seed, rng.counter + 1, rng.forced[1:])
    span = high - low + 1
    limit = (1 << 64) - ((1 << 64) % span)  # reject the biased tail
    while True:
        raw, rng = next_u64(rng)
        if raw < limit:
            return low + raw % span, rng


def roll(rng: Rng, sides: int = 6) -> tuple[int, Rng]:
    """One die with ``sides`` faces numbered from 1."""
    return randint(rng, 1, sides)


def choice(rng: Rng, items: Sequence[T]) -> tuple[T, Rng]:
    """One of ``items``, uniformly (a forced result is the index)."""
    if not items:
        raise ValueError("choice from an empty sequence")
    index, rng = randint(rng, 0, len(items) - 1)
    return items[index], rng


def shuffle(rng: Rng, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """A uniformly shuffled copy of ``items`` (Fisher–Yates, one draw per position)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = randint(rng, 0, i)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def derive_seed(seed: int, *salt: int | str) -> int:
    """A new seed from ``seed`` and a salt (e.g. a seat), for generators outside the rules."""
    z = seed & MASK64
    for part in salt:
        data = part.encode() if isinstance(part, str) else part.to_bytes(16, "little", signed=True)
        for byte in data:
            z = _mix((z ^ byte) + _GOLDEN & MASK64)
    return z & MAX_SEED
