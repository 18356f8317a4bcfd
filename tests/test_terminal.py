"""The terminal game (``dogfight play``): what it draws comes from the seat's
observation, the panel shows only what the seat alone knows, and the keys of the
decisions stay the same while the choices change."""

from __future__ import annotations

import io

from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.termboard import decision_keys, draw_map, match_choice, secrets_of
from dogfight.terminal import play_in_terminal, screen


def test_wings_of_war_cards_keep_their_numbers_as_keys() -> None:
    match = Match.new(get_game("wings-of-war"), {}, 5)
    first = match.observe("allies")["legal"]
    assert decision_keys(first) == [str(d["card"]) for d in first]
    match.submit("allies", first[0])
    second = match.observe("allies")["legal"]
    keys = decision_keys(second)
    assert str(first[0]["card"]) not in keys
    assert keys == [str(d["card"]) for d in second]


def test_keys_are_numbers_when_the_decisions_differ_in_more_than_one_way() -> None:
    legal = [{"a": 1, "b": 2}, {"a": 2, "b": 1}]
    assert decision_keys(legal) == ["1", "2"]
    assert decision_keys([{"fighter": "spitfire-1"}, {"fighter": "p-11c"}]) == ["1", "2"]
    assert decision_keys([{"card": "v"}, {"card": "w"}]) == ["1", "2"]  # 'v' is a command


def test_words_filter_the_labels() -> None:
    labels = ["hex [0, 0], facing E, altitude TB", "hex [0, 1], facing W, altitude M"]
    assert match_choice("2", ["1", "2"], labels) == [1]
    assert match_choice("facing w", ["1", "2"], labels) == [1]
    assert match_choice("hex", ["1", "2"], labels) == [0, 1]
    assert match_choice("zzz", ["1", "2"], labels) == []


def test_the_panel_holds_what_the_spectator_does_not_see() -> None:
    game = get_game("wings-of-war")
    match = Match.new(game, {}, 5)
    mine = dict(secrets_of(match.observe("allies"), "allies", match.observe(None)["view"]))
    assert set(mine) == {"spad"}
    assert mine["spad"]["hand"] == list(range(1, 13))
    assert "x" not in mine["spad"]  # public: shown on the map, not in the panel
    theirs = dict(secrets_of(match.observe("central"), "central", match.observe(None)["view"]))
    assert set(theirs) == {"fokker"}


def test_the_map_shows_each_aircraft_where_its_view_puts_it() -> None:
    match = Match.new(get_game("wings-of-war"), {}, 5)
    drawn = draw_map("table", match.observe("allies"), width=48)
    assert drawn is not None
    rows = drawn.plain.splitlines()
    spad = next(r for r, line in enumerate(rows) if "→S" in line)
    fokker = next(r for r, line in enumerate(rows) if "←F" in line)
    assert spad == fokker == len(rows) // 2  # both at mid-table, y = 450 of 900
    assert rows[spad].index("→S") < rows[spad].index("←F")
    assert draw_map("none", match.observe("allies")) is None


def test_a_hex_game_is_drawn_on_its_map() -> None:
    game = get_game("ailes-de-la-gloire")
    match = Match.new(game, {}, 2)
    observation = match.observe(None)
    drawn = draw_map("hex", observation)
    assert drawn is not None
    assert len(drawn.plain.splitlines()) == observation["view"]["map"]["height"]
    out = io.StringIO()
    from rich.console import Console

    Console(file=out, width=120).print(screen(game, observation, "x", observation["view"]))
    assert "Les Ailes de la Gloire" in out.getvalue()


def test_a_whole_game_in_the_terminal_and_its_secrets() -> None:
    """The person sees their hand and plan; never the computer's."""
    answers = io.StringIO("\n".join(["?", "q"]) + "\n")
    out = io.StringIO()
    game = get_game("wings-of-war")
    assert play_in_terminal(game, {}, 9, "allies", "random", None, stdin=answers,
                            stdout=out) == 0
    text = out.getvalue()
    assert "only you see" in text and "hand: 1, 2, 3" in text
    assert "You left the game." in text
    panel = text.split("only you see", 1)[1].split("╰", 1)[0]
    assert "spad" in panel and "fokker" not in panel


def test_labels_and_words_are_printed_as_written_not_read_as_markup() -> None:
    from rich.console import Console

    from dogfight.terminal import _list

    out = io.StringIO()
    _list(Console(file=out, width=80), ["1"], ["[red]hex [0, 0][/red]"], [0])
    assert "[red]hex [0, 0][/red]" in out.getvalue()
