"""The weather (book: 003_24ea110dc1b5a4d6.txt): the sun and the clouds."""

from __future__ import annotations

from dogfight.games.age_of_dogfights import weather
from dogfight.games.age_of_dogfights.state import Aircraft, Cloud
from dogfight.kit.grids import from_offset, to_offset
from dogfight.kit.grids.lattice import ahead

X = from_offset(10, 7)


def at(cell: object, level: int = 3, facing: int = 0) -> Aircraft:
    q, r = cell  # type: ignore[misc]
    return Aircraft("france", 1, "se5", "allies", where="zone", point=(q, r), facing=facing,
                    level=level)


def test_le_soleil_firing_against_the_rays() -> None:
    """§ LE SOLEIL: −1 when the shot goes against the sun's rays (R26): the sun in the
    East sends its rays West, so firing East is into the sun."""
    shooter, east = at(X), at(ahead(X, 0))
    assert weather.against_sun("E", shooter, east)
    assert not weather.against_sun("W", shooter, east)
    assert not weather.against_sun(None, shooter, east)
    assert weather.against_sun("SE", shooter, at(ahead(X, 1)))


def test_les_nuages_no_fire_into_out_of_or_through() -> None:
    """§ LES NUAGES: no fire if either aircraft is in a cloud, nor at 2d through a cloud
    between them; above a cloud (its top L1, L2 or L3) fire is allowed."""
    mid = ahead(X, 0)
    far = ahead(X, 0, 2)
    cloud = (Cloud(to_offset(mid), top=2),)
    assert weather.clouds_block(cloud, at(X, level=2), at(far, level=2))
    assert not weather.clouds_block(cloud, at(X, level=3), at(far, level=3))
    assert weather.clouds_block(cloud, at(X, level=2), at(mid, level=2))
    assert not weather.clouds_block(cloud, at(X, level=4), at(mid, level=4))
