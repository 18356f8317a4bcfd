"""Shared fixtures: games, random play, option strategies and the databases under test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from dogfight.core import Game, Match
from dogfight.core.rng import choice, new_rng

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def options_from_schema(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Random valid options built from a game's ``option_schema()``."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, spec in schema.items():
        if "type" not in spec:
            fields[name] = options_from_schema(spec)
        elif spec["type"] == "bool":
            fields[name] = st.booleans()
        elif spec["type"] == "int":
            fields[name] = st.integers(spec["min"], min(spec["max"], spec["min"] + 12))
        elif spec["type"] == "choice":
            fields[name] = st.sampled_from(spec["choices"])
        else:  # pragma: no cover - a new kind of option needs a strategy here
            raise AssertionError(f"no strategy for option type {spec['type']}")
    requires = {name: spec["requires"] for name, spec in schema.items()
                if "type" in spec and "requires" in spec}

    def consistent(options: dict[str, Any]) -> dict[str, Any]:
        # a switch that needs another one is off when that one is off
        return {k: (v and options.get(requires[k], False)) if k in requires else v
                for k, v in options.items()}

    return st.fixed_dictionaries(fields).map(consistent)


def random_play(game: Game[Any], options: dict[str, Any], seed: int, pick_seed: int,
                max_decisions: int = 5000, checkpoints: bool = False) -> Iterator[Match]:
    """Play uniformly random legal decisions, yielding the match after each one."""
    match = Match.new(game, options, seed, checkpoints=checkpoints)
    rng = new_rng(pick_seed)
    yield match
    while not match.over and len(match.actions) < max_decisions:
        seats = list(match.pending)
        seat, rng = choice(rng, seats)
        decision, rng = choice(rng, list(game.legal(match.state, seat)))
        match.submit(seat, decision)
        yield match


def play_out(game: Game[Any], options: dict[str, Any], seed: int, pick_seed: int = 0,
             checkpoints: bool = False) -> Match:
    *_, last = random_play(game, options, seed, pick_seed, checkpoints=checkpoints)
    return last


# -- databases ------------------------------------------------------------------------
def _postgres_url() -> str | None:
    url = os.environ.get("DOGFIGHT_TEST_POSTGRES_URL")
    if not url and os.environ.get("DOGFIGHT_REQUIRE_POSTGRES"):
        pytest.fail("DOGFIGHT_REQUIRE_POSTGRES is set but DOGFIGHT_TEST_POSTGRES_URL is not")
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A fresh, empty database: an SQLite file, or the test PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
        return
    yield _fresh_postgres()


@pytest.fixture(params=[pytest.param("postgresql", marks=pytest.mark.postgres)])
def pg_url() -> str:
    """A fresh, empty database on the test PostgreSQL server, for what only it has."""
    return _fresh_postgres()


def _fresh_postgres() -> str:
    url = _postgres_url()
    if not url:
        pytest.skip("no PostgreSQL server (set DOGFIGHT_TEST_POSTGRES_URL; ./dev test does)")
    from dogfight.store.db import drop_everything

    drop_everything(url)
    return url
