"""The ``dogfight`` command line. Every command works for every registered game."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from dogfight import __version__
from dogfight.core.contract import canonical_json
from dogfight.core.errors import DogfightError, ReplayError
from dogfight.core.registry import all_games, get_game
from dogfight.textview import indent_text


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False))


def parse_option_args(options_json: str | None, pairs: Sequence[str]) -> dict[str, Any]:
    """``--options JSON`` and ``-o key=value`` (dotted keys nest; values read as JSON)."""
    options: dict[str, Any] = {}
    if options_json:
        try:
            loaded = json.loads(options_json)
        except json.JSONDecodeError as exc:
            raise DogfightError(f"--options is not valid JSON: {exc}") from None
        if not isinstance(loaded, dict):
            raise DogfightError("--options must be a JSON object")
        options.update(loaded)
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise DogfightError(f"-o expects key=value, got {pair!r}")
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            value = text
        node = options
        *parents, leaf = key.split(".")
        for parent in parents:
            child = node.setdefault(parent, {})
            if not isinstance(child, dict):
                raise DogfightError(f"-o {key}: {parent} is not a group of options")
            node = child
        node[leaf] = value
    return options


def _result_text(result: dict[str, Any]) -> str:
    winner = result["winner"] or ("draw" if result["over"] else "unfinished")
    players = ", ".join(f"{seat}={pilot}" for seat, pilot in result["players"].items())
    lines = [
        f"game      {result['game']} (rules version {result['version']})",
        f"seed      {result['seed']}",
    ]
    if players:
        lines.append(f"players   {players}")
    lines += [
        f"winner    {winner}" + (f" ({result['reason']})" if result["reason"] else ""),
        f"turns     {result['turns']}",
        f"decisions {result['decisions']}",
        f"digest    {result['digest']}",
    ]
    return "\n".join(lines)


# -- commands -----------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    games = [{"id": g.id, "title": g.title, "version": g.version, "summary": g.summary}
             for g in all_games()]
    if args.json:
        _print_json(games)
    else:
        for g in games:
            print(f"{g['id']:<20} {g['title']}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from dogfight.play import result_summary, simulate
    from dogfight.store.saves import save_from_match, write_save

    game = get_game(args.game)
    options = parse_option_args(args.options, args.option)
    players = args.players.split(",") if args.players else None
    match, assignment = simulate(game, options, args.seed, players)
    result = result_summary(match, assignment)
    if args.save:
        write_save(save_from_match(match, assignment), args.save)
    if args.json:
        _print_json(result)
    else:
        print(_result_text(result))
        if args.save:
            print(f"saved     {args.save}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from dogfight.play import result_summary
    from dogfight.store.saves import check_save, load_save

    if args.db is not None:
        from dogfight.store.db import Database

        database = Database(args.db)
        try:
            save = database.export_save(args.source)
        finally:
            database.close()
    else:
        save = load_save(args.source)
    try:
        match = check_save(save)
    except ReplayError as exc:
        where = f" ({save.actions[exc.index].seat})" if exc.index < len(save.actions) else ""
        raise DogfightError(f"{args.source} does not replay: action {exc.index}{where}: "
                            f"{exc.message}") from None
    result = result_summary(match, save.players)
    if args.json:
        _print_json(result)
    else:
        print(_result_text(result))
        print("replay    ok: every action and the final digest check")
    return 0


def cmd_data(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    data = game.data()
    if args.json:
        _print_json(data)
    else:
        print(f"{game.title} ({game.id}): data as loaded")
        print(indent_text(data))
    return 0


def cmd_script(args: argparse.Namespace) -> int:
    from dogfight.script import load_script, run_script

    script = load_script(args.file)
    final = run_script(script, str(args.file))
    if args.json:
        _print_json(final)
    else:
        if script.title:
            print(script.title)
        for line in final["log"]:
            print(f"  {line}")
        print("final state:")
        print(indent_text(final["state"], 1))
        print(f"outcome: {canonical_json(final['outcome'])}")
        print(f"digest: {final['digest']}")
        if script.expect:
            print(f"expectations: {len(script.expect)} checked, all met")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from dogfight.terminal import play_in_terminal

    game = get_game(args.game)
    options = parse_option_args(args.options, args.option)
    return play_in_terminal(game, options, args.seed, args.seat, args.opponent, args.save)


def cmd_bench(args: argparse.Namespace) -> int:
    from dogfight.bench import bench_game, progress_bar

    games = [get_game(args.game)] if args.game else all_games()
    rows = []
    with progress_bar(not args.json and len(games) > 1, len(games), "bench", "games") as advance:
        for game in games:
            rows.append(bench_game(game, args.seconds))
            advance()
    if args.json:
        _print_json(rows if not args.game else rows[0])
    else:
        for r in rows:
            print(f"{r['game']:<16} {r['games_per_second']:>8} games/s "
                  f"{r['decisions_per_second']:>9} decisions/s {r['legal_per_second']:>9} "
                  f"legal/s {r['views_per_second']:>9} views/s {r['copies_per_second']:>10} "
                  f"copies/s {r['peak_memory_mb']:>7} MB peak")
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from dogfight.bench import play_match

    players = args.players.split(",")
    if len(players) != 2:
        raise DogfightError("--players names two pilots, e.g. random,random")
    options = parse_option_args(args.options, args.option)
    result = play_match(args.game, players, args.games, args.seed, args.jobs, options,
                        progress=not args.json, clock=args.clock)
    if args.json:
        _print_json(result)
    else:
        for r in result["results"]:
            low, high = r["ci95"]
            print(f"{r['player']:<12} {r['wins']:>5} wins {r['losses']:>5} losses "
                  f"{r['draws']:>5} draws  win rate {r['win_rate']:.3f} "
                  f"(95% CI {low:.3f}-{high:.3f})")
        print(f"{result['games']} games, {result['average_turns']} turns and "
              f"{result['average_decisions']} decisions a game, "
              f"{result['decisions_per_second']} decisions/s")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from dogfight.server.serving import serve
    from dogfight.store.db import normalize_url

    url = normalize_url(args.db)
    shown = url.split("@")[-1] if "@" in url else url
    host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"dogfight: serving on http://{host}:{args.port}/ (database {shown})", flush=True)
    serve(url, args.host, args.port, workers=args.workers, log_level=args.log_level)
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    from dogfight.store.db import Database
    from dogfight.store.saves import load_save, write_save

    database = Database(args.db)
    try:
        if args.db_command == "list":
            games = database.list_games(args.game)
            if args.json:
                _print_json([{"id": g.id, "game": g.game, "status": g.status,
                              "actions": g.action_count,
                              "updated_at": g.updated_at.isoformat()} for g in games])
            else:
                for g in games:
                    print(f"{g.id}  {g.game:<20} {g.status:<7} {g.action_count:>6} actions")
        elif args.db_command == "upgrade":
            print(f"database at schema revision {database.revision}")
        elif args.db_command == "import":
            new_id = database.import_save(load_save(args.file))
            print(new_id)
        else:
            write_save(database.export_save(args.id), args.file)
            print(f"wrote {args.file}")
    finally:
        database.close()
    return 0


def _campaign_text(now: dict[str, Any]) -> str:
    lines = [f"campaign  {now['id']}  {now['game']}  {now['name']}  ({now['status']})"]
    for g in now["games"]:
        lines.append(f"game {g['seq'] + 1:<4} {g['id']}  "
                     f"{'recorded' if g['recorded'] else 'in play'}")
    if now["result"] is not None:
        lines.append(f"result    {json.dumps(now['result'], ensure_ascii=False)}")
    for index, choice in enumerate(now["choices"]):
        lines.append(f"choice {index:<3} {choice['label']}")
    return "\n".join(lines)


def cmd_campaign(args: argparse.Namespace) -> int:
    from dogfight import campaigns
    from dogfight.play import result_summary, simulate
    from dogfight.store.db import Database
    from dogfight.store.saves import save_from_match

    database = Database(args.db)
    try:
        if args.campaign_command == "start":
            options = parse_option_args(args.options, args.option)
            print(campaigns.start(database, args.game, args.name, options))
            return 0
        if args.campaign_command == "list":
            for info in database.list_campaigns():
                print(f"{info.id}  {info.game:<20} {info.name:<28} {info.status:<7} "
                      f"{len(info.games)} game(s)")
            return 0
        if args.campaign_command == "fly" and campaigns.is_decision(database, args.id,
                                                                     args.choice):
            campaigns.decide(database, args.id, args.choice)  # a decision: no game flown
        elif args.campaign_command == "fly":
            options = campaigns.next_options(database, args.id, args.choice)
            game = get_game(database.campaign(args.id).game)
            players = args.players.split(",") if args.players else None
            match, assignment = simulate(game, options, args.seed, players)
            game_id = database.import_save(save_from_match(match, assignment))
            campaigns.link(database, args.id, game_id)
            result = result_summary(match, assignment)
            if not args.json:
                print(_result_text(result))
        now = campaigns.status(database, args.id)
        if args.json:
            _print_json(now)
        else:
            print(_campaign_text(now))
    finally:
        database.close()
    return 0


# -- parser -------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dogfight",
        description="Tabletop air-combat games of the two world wars, by their rule books.")
    parser.add_argument("--version", action="version", version=f"dogfight {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", help="list the games and their ids")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_games)

    def option_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--options", metavar="JSON", help="the game's options as a JSON object")
        p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                       help="one option (dotted keys nest, e.g. rules.jams=true); repeatable")

    p = sub.add_parser("simulate", help="play a whole game between computer pilots")
    p.add_argument("game")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", metavar="SPEC,SPEC",
                   help="one pilot name per seat, or one for all (default: random)")
    option_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save", metavar="FILE", help="write the game's save to FILE")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="replay a save, check it, print the result")
    p.add_argument("source", metavar="FILE", help="a save file (or a game id with --db)")
    p.add_argument("--db", metavar="URL", help="read the game from this database instead")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("data", help="the game's data as loaded (aircraft, decks, tables)")
    p.add_argument("game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_data)

    p = sub.add_parser("script", help="run a scenario script (TOML) and print the final state")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_script)

    p = sub.add_parser("play", help="play a game against the computer in this terminal")
    p.add_argument("game", nargs="?", default="wings-of-war")
    p.add_argument("--seat", help="the seat you fly (default: the first)")
    p.add_argument("--seed", type=int, default=None, help="default: a random seed")
    p.add_argument("--opponent", default="random", help="pilot for the other seats")
    p.add_argument("--save", metavar="FILE", help="write the save to FILE at the end")
    option_args(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("bench", help="how fast each game's rules run (random playouts)")
    p.add_argument("game", nargs="?")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measure")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("match", help="many games between two pilots, sides alternated")
    p.add_argument("game")
    p.add_argument("--players", required=True, metavar="A,B")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="processes to use")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what mcts:Ts counts: wall-clock seconds, or the pilot thread's "
                        "CPU seconds (results independent of the machine's load)")
    option_args(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_match)

    p = sub.add_parser("serve", help="the web server: lobby, tables, replays")
    p.add_argument("--db", metavar="URL",
                   help="SQLAlchemy or postgresql:// URL (default: ./dogfight.sqlite3)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--log-level", default="warning")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes (more than one needs PostgreSQL)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("db", help="games stored in a database (SQLite file or PostgreSQL)")
    p.add_argument("--db", metavar="URL",
                   help="SQLAlchemy or postgresql:// URL (default: ./dogfight.sqlite3)")
    dbsub = p.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    q = dbsub.add_parser("list", help="the stored games")
    q.add_argument("--game")
    q.add_argument("--json", action="store_true")
    dbsub.add_parser("upgrade", help="bring the tables to the newest schema in place "
                     "(the server also does it when it starts)")
    q = dbsub.add_parser("import", help="check a save file and store it; prints its id")
    q.add_argument("file")
    q = dbsub.add_parser("export", help="write a stored game to a save file")
    q.add_argument("id")
    q.add_argument("file")
    p.set_defaults(func=cmd_db)

    p = sub.add_parser("campaign", help="campaigns: series of games kept in the database")
    p.add_argument("--db", metavar="URL",
                   help="SQLAlchemy or postgresql:// URL (default: ./dogfight.sqlite3)")
    csub = p.add_subparsers(dest="campaign_command", required=True, metavar="ACTION")
    q = csub.add_parser("start", help="start a campaign; prints its id")
    q.add_argument("game")
    q.add_argument("name")
    q.add_argument("--options", metavar="JSON")
    q.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    q = csub.add_parser("list", help="the stored campaigns")
    q = csub.add_parser("show", help="a campaign: its games, its record, what comes next")
    q.add_argument("id")
    q.add_argument("--json", action="store_true")
    q = csub.add_parser("fly", help="play the campaign's next game between computer pilots")
    q.add_argument("id")
    q.add_argument("--choice", type=int, default=0,
                   help="which next game, or decision before it (see show)")
    q.add_argument("--players", help="pilots by seat order, e.g. greedy,random")
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_campaign)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except DogfightError as exc:
        print(f"dogfight: error: {exc}", file=sys.stderr)
        return 1
    except msgspec.ValidationError as exc:  # pragma: no cover - defensive
        print(f"dogfight: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into a command that stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
