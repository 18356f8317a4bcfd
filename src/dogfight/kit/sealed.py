"""Sealed orders: secret simultaneous orders, who has sealed, and their reveal.

Wings of War's three maneuver cards, Down In Flames' secret fighters and altitudes,
Les Ailes de la Gloire's maneuver codes and fire orders: each owner (a seat, or an
aircraft) seals an order; nobody else learns it until every owner expected has
sealed and the rules reveal them together. :class:`Sealed` keeps the orders in the
state; :meth:`Sealed.view` is what a viewer may know of them (its own orders, and
only *that* the others have sealed).

    orders = Sealed().seal("spad", (3, 1, 7))
    orders.has("spad"), orders.complete(["spad", "fokker"])  # True, False
    orders.view(lambda owner: owner == "spad")  # {"spad": (3, 1, 7)}, others: "sealed"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import msgspec

T = TypeVar("T")

SEALED = "sealed"
"""What a viewer sees of an order it may not know."""


class Sealed(msgspec.Struct, Generic[T], frozen=True):
    """Orders sealed so far, in the order they were sealed, by owner."""

    orders: tuple[tuple[str, T], ...] = ()

    def seal(self, owner: str, order: T) -> Sealed[T]:
        """A new record with ``owner``'s order sealed (replacing an earlier one)."""
        if not self.has(owner):
            return Sealed((*self.orders, (owner, order)))
        kept = tuple((o, v) for o, v in self.orders if o != owner)
        return Sealed((*kept, (owner, order)))

    def has(self, owner: str) -> bool:
        for o, _ in self.orders:  # noqa: SIM110 (a loop is twice as fast as any() here)
            if o == owner:
                return True
        return False

    def of(self, owner: str) -> T | None:
        """``owner``'s order (for the rules only: never shown to another viewer)."""
        for o, v in self.orders:
            if o == owner:
                return v
        return None

    def owners(self) -> tuple[str, ...]:
        return tuple(o for o, _ in self.orders)

    def missing(self, expected: Iterable[str]) -> tuple[str, ...]:
        """The owners in ``expected`` who have not sealed yet."""
        have = set(self.owners())
        return tuple(o for o in expected if o not in have)

    def complete(self, expected: Iterable[str]) -> bool:
        """True when every owner in ``expected`` has sealed."""
        return not self.missing(expected)

    def reveal(self) -> dict[str, T]:
        """Every order, by owner (when the rules reveal them together)."""
        return dict(self.orders)

    def view(self, may_see: Callable[[str], bool]) -> dict[str, Any]:
        """What a viewer knows: the orders of the owners it ``may_see``, and
        :data:`SEALED` for the others (who has sealed is public; what, is not)."""
        return {o: (msgspec.to_builtins(v) if may_see(o) else SEALED) for o, v in self.orders}
