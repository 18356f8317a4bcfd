"""The seeded generator: exact, portable, uniform, and scriptable with forced draws."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dogfight.core.errors import DogfightError
from dogfight.core.rng import (
    MAX_SEED,
    choice,
    derive_seed,
    new_rng,
    next_u64,
    randint,
    roll,
    shuffle,
)


def test_golden_values_never_change() -> None:
    """Saves replay on every machine: these numbers are part of the save format."""
    rng = new_rng(42)
    values = []
    for _ in range(3):
        value, rng = next_u64(rng)
        values.append(value)
    assert values == [14465143693157474663, 5778293576512261770, 3248669167848895763]
    rng, faces = new_rng(42), []
    for _ in range(10):
        face, rng = roll(rng, 6)
        faces.append(face)
    assert faces == [6, 1, 6, 4, 6, 4, 6, 4, 4, 3]
    assert shuffle(new_rng(7), list(range(10)))[0] == (8, 3, 9, 5, 7, 0, 1, 2, 6, 4)
    assert derive_seed(1, "pilot", "red") == 4542094933405001393


def test_draws_are_pure_and_the_input_is_unchanged() -> None:
    rng = new_rng(5)
    first, after = roll(rng, 6)
    again, _ = roll(rng, 6)
    assert first == again and rng.counter == 0 and after.counter == 1


def test_dice_are_uniform() -> None:
    rng = new_rng(2026)
    counts: Counter[int] = Counter()
    n = 60_000
    for _ in range(n):
        face, rng = roll(rng, 6)
        counts[face] += 1
    expected = n / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == set(range(1, 7))
    assert chi2 < 20.5  # 5 degrees of freedom, p = 0.001


@given(st.integers(0, MAX_SEED), st.integers(-50, 50), st.integers(0, 100))
def test_randint_stays_in_range(seed: int, low: int, span: int) -> None:
    value, _ = randint(new_rng(seed), low, low + span)
    assert low <= value <= low + span


@given(st.integers(0, MAX_SEED), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled, _ = shuffle(new_rng(seed), items)
    assert sorted(shuffled) == sorted(items)


def test_forced_draws_come_first_then_the_seeded_stream() -> None:
    rng = new_rng(9, forced=[2, 5])
    a, rng = roll(rng, 6)
    b, rng = roll(rng, 6)
    assert (a, b) == (2, 5) and rng.forced == ()
    picked, _ = choice(new_rng(1, forced=[1]), ["x", "y", "z"])
    assert picked == "y"


def test_forced_draw_out_of_range_is_refused() -> None:
    with pytest.raises(DogfightError, match=r"forced draw 7 is outside 1\.\.6"):
        roll(new_rng(1, forced=[7]), 6)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5, "3", True])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(DogfightError, match="seed must be an integer"):
        new_rng(seed)  # type: ignore[arg-type]
