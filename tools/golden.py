"""Golden playthroughs: whole games recorded once, replayed by CI (tests/test_golden.py).

Each golden game is two files under ``tests/golden/<game-id>/``:

- ``<name>.save.json``: an ordinary save (``dogfight replay`` reads it), every action
  with its ``check`` (the state digest after it) and the final ``digest``;
- ``<name>.expect.json``: what a person at the table saw: the winner, the reason, the
  scores, the turn reached and the whole log in words (each event as
  ``Game.describe`` says it, with who could see it).

A refactor must keep every save accepted and every ``expect`` identical. When the
state's layout changes (and only then), the per-action checks are pinned again with
``python tools/golden.py repin``, which refuses to write unless the replay still gives
the same ``expect``; that commit says why the digests moved.

    python tools/golden.py record [GAME_ID ...]  # make the golden games (before a rework)
    python tools/golden.py repin [GAME_ID ...]   # same games, same log: new checks
    python tools/golden.py check      # what the test does, in words
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from dogfight.core import Action, get_game
from dogfight.core.match import Match, replay
from dogfight.play import simulate
from dogfight.store.saves import Save, encode_save, load_save, save_from_match

ROOT = Path(__file__).resolve().parent.parent / "tests" / "golden"

FOUR = [{"aircraft": a} for a in ("spad-13", "bristol-f2b", "albatros-d3", "fokker-dr1")]

# (game id, name, options, seed, pilots): one plain game, one with every optional rule
# on, one mission or scenario where the game has them.
GOLDEN: list[tuple[str, str, dict[str, Any], int, list[str]]] = [
    ("test-duel", "plain", {}, 1, ["greedy", "random"]),
    ("test-duel", "all-rules", {"rounds": 10, "rules": {"jams": True}}, 2, ["random"]),
    ("test-duel", "long", {"rounds": 20, "structure": 12}, 3, ["greedy"]),
    ("wings-of-war", "duel", {}, 1, ["greedy"]),
    ("wings-of-war", "all-rules", {
        "scenario": "two-vs-two", "max_turns": 14,
        "rules": {name: True for name in (
            "special_damage", "aiming", "illegal_maneuver", "tailing", "interruption",
            "out_of_cards", "blind_spot", "altitude", "forced_dive", "flying_higher",
            "cloud_cover")}}, 2, ["greedy"]),
    ("wings-of-war", "tournament", {
        "scenario": "duel", "rules": {"tournament": True, "tailing": True, "aiming": True}},
        5, ["greedy"]),
    ("wings-of-war", "bombing-mission", {
        "scenario": "bombing", "rules": {"altitude": True, "special_damage": True}},
        3, ["greedy"]),
    ("wings-of-war", "photo-mission", {"scenario": "photo-reconnaissance"}, 4,
     ["greedy", "random"]),
    ("down-in-flames", "duel", {}, 1, ["greedy", "random"]),
    ("down-in-flames", "all-rules", {
        "seats_per_side": 2, "planes_per_seat": 1, "decks": 2,
        "rules": {"wingmen": True, "vp_balancing": True, "altitude_bonus": True,
                  "experienced_pilots": True}}, 2, ["greedy", "random", "random", "greedy"]),
    ("down-in-flames", "free-for-all", {
        "seats_per_side": 1, "planes_per_seat": 2, "rules": {"free_for_all": True}},
        6, ["greedy", "random"]),
    ("down-in-flames", "mission", {"mode": "mission"}, 3, ["greedy", "random"]),
    ("down-in-flames", "mission-poland", {
        "mode": "mission", "mission": {"sortie": "poland-1939:axis:start:1"}},
        4, ["random", "greedy"]),
    # the new games, recorded as they landed on the kit
    ("ailes-de-la-gloire", "duel", {}, 1, ["greedy", "random"]),
    ("ailes-de-la-gloire", "all-rules", {"flyers": FOUR, "rules": {
        "pilot_killed_chit": True, "reduced_fuel": True, "nieuport_variant": True,
        "formation": True, "other_edges": "disengage"}}, 6, ["random"]),
    ("ailes-de-la-gloire", "two-a-side", {"flyers": FOUR}, 15, ["random"]),
    ("age-of-dogfights", "dogfight", {"turns": 8}, 1, ["greedy", "random"]),
    ("age-of-dogfights", "all-rules", {"turns": 6, "rules": {
        "wind": "roll", "sun": "E", "all_aces": True}}, 2, ["random"]),
    ("age-of-dogfights", "reconnaissance", {"mode": "reconnaissance", "turns": 6},
     3, ["random", "greedy"]),
]


def expectation(match: Match) -> dict[str, Any]:
    """What the table saw: result, turn, and the log in words with its audience."""
    game = match.game
    outcome = match.outcome()
    log = []
    for event in match.events:
        who = "all" if event.to is None else ",".join(event.to)
        log.append(f"[{who}] {game.describe(event)}")
    return {
        "over": outcome is not None,
        "winner": outcome.winner if outcome else None,
        "reason": outcome.reason if outcome else None,
        "scores": dict(outcome.scores) if outcome else {},
        "turns": game.turn(match.state),
        "decisions": len(match.actions),
        "log": log,
    }


def paths(game_id: str, name: str) -> tuple[Path, Path]:
    folder = ROOT / game_id
    return folder / f"{name}.save.json", folder / f"{name}.expect.json"


def golden_files() -> list[tuple[str, str]]:
    """Every golden game on disk, as (game id, name)."""
    return sorted((p.parent.name, p.name.removesuffix(".save.json"))
                  for p in ROOT.glob("*/*.save.json"))


def replay_unchecked(save: Save) -> Match:
    """Replay a save's actions, accepting each, without comparing state digests."""
    game = get_game(save.game)
    return replay(game, save.options, save.seed,
                  [Action(a.seat, a.decision) for a in save.actions])


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False) + "\n")


def record(only: set[str]) -> None:
    for game_id, name, options, seed, pilots in GOLDEN:
        if only and game_id not in only:
            continue
        game = get_game(game_id)
        seats = list(game.seats(Match.new(game, options, seed).state))
        names = [pilots[i % len(pilots)] for i in range(len(seats))]
        match, players = simulate(game, options, seed, names)
        save = save_from_match(match, players)
        save_path, expect_path = paths(game_id, name)
        save_path.parent.mkdir(parents=True, exist_ok=True)
        save_path.write_bytes(encode_save(save))
        write_json(expect_path, expectation(match))
        print(f"{game_id}/{name}: {len(save.actions)} actions, turn "
              f"{expectation(match)['turns']}")


def repin(only: set[str]) -> None:
    for game_id, name in golden_files():
        if only and game_id not in only:
            continue
        save_path, expect_path = paths(game_id, name)
        save = load_save(save_path)
        match = replay_unchecked(save)
        expected = json.loads(expect_path.read_text())
        got = expectation(match)
        if got != expected:
            sys.exit(f"{game_id}/{name}: the replay no longer gives the recorded game; "
                     "not re-pinned")
        new = save_from_match(match, save.players)
        new.version = save.version
        save_path.write_bytes(encode_save(new))
        print(f"{game_id}/{name}: re-pinned {len(new.actions)} checks")


def check() -> None:
    for game_id, name in golden_files():
        save_path, expect_path = paths(game_id, name)
        save = load_save(save_path)
        match = replay(get_game(game_id), save.options, save.seed, save.actions,
                       expected_digest=save.digest)
        ok = expectation(match) == json.loads(expect_path.read_text())
        print(f"{game_id}/{name}: {'same game' if ok else 'DIFFERENT'}")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command in ("repin", "record"):
        {"repin": repin, "record": record}[command](set(sys.argv[2:]))
    else:
        check()
