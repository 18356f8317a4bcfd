"""Values of pure functions of immutable inputs, kept for the inputs asked again.

A game's state is immutable: while a piece steers, the aircraft, the options and the
data stay the very same objects from one decision to the next, so what is computed
from them alone (a move's search, the panels of a view) may be kept. :class:`Recent`
keeps the values for the ``size`` keys asked last (the oldest dropped first), and knows
the key asked last by the identity of its parts (no hashing of a long tuple of
structs); never a memo on a game object, and never of a value that depends on anything
but the key.

    searches: Recent[Ways] = Recent(64)
    searches.get((data, state.aircraft, die), lambda: Ways(...), (id(data), state.aircraft, die))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """The values of the ``size`` keys asked last."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Hashable, V] = {}
        self._last: tuple[tuple[Any, ...], V] | None = None

    def get(self, parts: tuple[Any, ...], make: Callable[[], V],
            key: Hashable | None = None) -> V:
        """The value for ``parts`` (immutable objects; ``key``, hashable, names the same
        value when a part cannot be hashed, e.g. ``id(data)`` for data kept for the life
        of the process), made by ``make()`` when not kept. The parts of the last call are
        kept alive here, so the same objects again are the same inputs."""
        last = self._last
        if last is not None and len(last[0]) == len(parts) \
                and all(map(operator.is_, last[0], parts)):
            return last[1]
        key = parts if key is None else key
        try:
            value = self._kept[key]
        except KeyError:
            value = make()
            if len(self._kept) >= self.size:
                for oldest in self._kept:  # (another thread may drop it first)
                    self._kept.pop(oldest, None)
                    break
            self._kept[key] = value
        self._last = (parts, value)
        return value


class Last(Generic[V]):
    """The values of the ``size`` inputs asked last, known only by the identity of their
    parts (objects that cannot be hashed, e.g. the read-only dicts a view shares with
    the views before it); the parts are kept alive with their value, so an identity
    is never taken for another object's."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: list[tuple[tuple[Any, ...], V]] = []

    def get(self, parts: tuple[Any, ...], make: Callable[[], V]) -> V:
        """The value for ``parts``, made by ``make()`` when not among the last asked."""
        kept = self._kept
        for seen, value in kept:
            if len(seen) == len(parts) and all(map(operator.is_, seen, parts)):
                return value
        value = make()
        self._kept = [(parts, value), *kept[:self.size - 1]]
        return value
