"""The kit's kept values of pure functions (``Recent``), on their own."""

from __future__ import annotations

from dogfight.kit.recent import Last, Recent


def test_a_value_is_made_once_for_equal_keys_and_anew_for_others() -> None:
    made: list[tuple[int, ...]] = []
    recent: Recent[int] = Recent(4)

    def get(key: tuple[int, ...]) -> int:
        return recent.get(key, lambda: made.append(key) or sum(key))

    assert get((1, 2)) == 3 and get((1, 2)) == 3
    assert get(tuple([1, 2])) == 3  # equal, not the same object: found by its hash
    assert get((2, 2)) == 4
    assert made == [(1, 2), (2, 2)]


def test_the_oldest_is_dropped_past_the_size() -> None:
    made: list[int] = []
    recent: Recent[int] = Recent(2)
    for n in (1, 2, 3, 1):
        recent.get((n,), lambda n=n: made.append(n) or n)  # type: ignore[misc]
    assert made == [1, 2, 3, 1]


def test_a_named_key_stands_for_parts_that_cannot_be_hashed() -> None:
    table = {"a": 1}  # a dict: no hash
    recent: Recent[int] = Recent(4)
    assert recent.get((table,), lambda: table["a"], key=("table", id(table))) == 1
    other = {"a": 2}
    assert recent.get((other,), lambda: other["a"], key=("table", id(other))) == 2
    assert recent.get((table,), lambda: 99, key=("table", id(table))) == 1


def test_last_knows_its_inputs_by_identity_only() -> None:
    made: list[int] = []
    last: Last[int] = Last(2)
    table, twin, third = {"a": 1}, {"a": 1}, {"a": 3}  # dicts: no hash; twin equals table

    def get(d: dict[str, int]) -> int:
        return last.get((d,), lambda: made.append(d["a"]) or d["a"])

    assert get(table) == 1 and get(table) == 1
    assert get(twin) == 1 and made == [1, 1]  # equal but another object: made anew
    assert get(third) == 3 and get(table) == 1  # past the size: table dropped, made again
    assert made == [1, 1, 3, 1]
