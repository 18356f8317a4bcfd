"""The weather (book: 003_24ea110dc1b5a4d6.txt): the wind, the sun and the clouds."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dogfight.core import InvalidOptions, new_rng
from dogfight.games.age_of_dogfights import movement, weather
from dogfight.games.age_of_dogfights.data import load_data
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.movement import Move
from dogfight.games.age_of_dogfights.state import Aircraft, Cloud
from dogfight.kit.grids import TriangleGrid, from_offset, to_offset
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


def test_le_vent_the_books_example_one_more_step() -> None:
    """§ LE VENT: speed 5, +1 on the blue die, +2 diving from L4 to L2: 8 steps; 4 of the
    8 downwind, so a 9th step in any direction; counted before the extra step (4 of 9
    is less than half, the 9th is still due)."""
    data = load_data()
    k = replace(data.aircraft["se5"], speed=5)
    a = replace(at(from_offset(10, 12), level=4), tilt="down", kind="se5")
    grid = TriangleGrid(36, 30)
    toward_east = 0  # the wind blows from the West
    assert movement.steps_for(data, k, a, 1, -2, False) == 8
    planned = "FFFFRFFF"
    facings = [f for _, f in movement.fly(from_offset(10, 12), 0, planned)]
    assert sum(f == toward_east for f in facings) == 4
    assert movement.whole(data, k, a, 1, -2, planned, facings, toward_east) == (False, 8)
    assert movement.refusal(data, grid, k, a, 1, Move(planned, -2), (),
                            wind=toward_east) is not None
    for extra in "FLR":
        assert movement.refusal(data, grid, k, a, 1, Move(planned + extra, -2), (),
                                wind=toward_east) is None
    assert movement.refusal(data, grid, k, a, 1, Move(planned, -2), ()) is None  # calm


def test_le_vent_against_the_wind_the_last_step_is_lost_and_r25() -> None:
    """§ LE VENT: half the steps or more against the wind, the last one is lost; R25:
    half with and half against cancel."""
    data = load_data()
    k = replace(data.aircraft["se5"], speed=5)
    a = replace(at(from_offset(10, 12), level=4), tilt="down", kind="se5")
    planned = "FFFFRFFF"
    facings = [f for _, f in movement.fly(from_offset(10, 12), 0, planned)]
    assert movement.whole(data, k, a, 1, -2, planned, facings, 3) == (True, 7)
    assert movement.wind_effect([0, 0, 3, 3], 0) == 0
    assert movement.wind_effect([0, 0, 1, 3], 0) == 1
    assert movement.wind_effect([0, 1, 1, 2], 0) == 0


def test_le_vent_a_red_die_gives_where_it_blows_from() -> None:
    """§ LE VENT: 1 North-East, 2 East, 3 South-East, 4 South-West, 5 West, 6
    North-West."""
    data = load_data()
    assert data.rules.weather.wind_from == ["NE", "E", "SE", "SW", "W", "NW"]
    state = GAME.setup({"rules": {"wind": "roll"}}, new_rng(1, [5]))
    assert state.wind == "W" and GAME.view(state, None)["wind"] == "W"


def test_les_nuages_the_markers_as_the_box_holds_them() -> None:
    """§ LES NUAGES: each cloud covers L1, L1-L2 or L1-L3; § CONTENU: ten clouds."""
    cloud = {"cell": [10, 5], "top": 3}
    assert GAME.setup({"rules": {"clouds": [cloud]}}, new_rng(1))
    for bad in ([{"cell": [10, 5], "top": 4}], [{"cell": [40, 5], "top": 1}],
                [{"cell": [i, 5], "top": 1} for i in range(11)]):
        with pytest.raises(InvalidOptions):
            GAME.setup({"rules": {"clouds": bad}}, new_rng(1))


def test_le_soleil_the_blue_die_gives_where_the_sun_stands() -> None:
    """§ LE SOLEIL: the blue die: -1 East, 0 South-East, +1 South-West, +2 West (after
    the wind's red die when both are rolled)."""
    for face, where in ((1, "E"), (2, "SE"), (3, "SE"), (4, "SW"), (5, "SW"), (6, "W")):
        state = GAME.setup({"rules": {"sun": "roll"}}, new_rng(1, [face]))
        assert state.options.rules.sun == where
        assert GAME.view(state, "allies")["rules"]["sun"] == where
    both = GAME.setup({"rules": {"sun": "roll", "wind": "roll"}}, new_rng(1, [2, 6]))
    assert (both.wind, both.options.rules.sun) == ("E", "W")
