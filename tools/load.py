"""Load benchmark of the web server: drives N games at once between simulated players
over real WebSockets, and prints moves a second and the latency of a move.

Each game has two human seats, each played by this client: a player keeps a WebSocket
open on its seat; when a state shows its seat to move, it thinks (``--think`` seconds on
average, exponentially distributed; 0: at once, a closed loop), picks a random legal
decision and posts it (as the pages do, without ``seq``). A move's latency is the time from the
POST to its answer (stored, then answered). A finished game is replaced by a new one.

    python tools/load.py --games 200 --think 2 --seconds 60            # SQLite file
    python tools/load.py --db postgresql://u@h/db --workers 2 --games 200
    python tools/load.py --url http://127.0.0.1:8000 --games 50        # a running server
    python tools/load.py --aces 20 --think 2 --level ace --seconds 60  # computer games
    python tools/load.py --games 200 --think 2 --clients 4             # 4 client processes

``--clients N`` splits the games over N client processes (each this script against the
same server, their figures merged): one Python process driving 400 sockets and their
posts is itself a bottleneck, and its queueing shows as the server's latency.

``--aces N`` measures computer games instead: N games of a person against 'ace'
computer pilots (a finished one is replaced), each person (this client) thinking
``--think`` seconds on average and deciding at random, and one more game against a
pilot of ``--level`` whose person decides at once. For each of its moves after which the computer
must decide, it times the wait from the POST to the push that shows the person to move
again (the computer's answer), and prints its percentiles against the level's budget
of search a turn plus 100 ms (and the same wait in the 'ace' games).

The server is started by this script (``dogfight serve``) unless ``--url`` is given,
with game creation unthrottled (``DOGFIGHT_CREATE_LIMIT=0``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import websockets

OPTIONS = {"wings-of-war": {"scenario": "duel"}, "test-duel": {},
           "down-in-flames": {}, "age-of-dogfights": {}, "ailes-de-la-gloire": {}}


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    codes: Counter[int] = field(default_factory=Counter)
    games_done: int = 0
    pushes: int = 0
    served: list[tuple[str, int]] = field(default_factory=list)
    """(game, seq) of every state served (the fault script checks them)."""
    acknowledged: list[tuple[str, int]] = field(default_factory=list)
    """(game, seq after the move) of every move answered 200."""
    measuring: bool = False
    errors: Counter[str] = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)
    server_cpu: float = float("nan")
    inside: list[float] = field(default_factory=list)
    """Seconds each move took in the server's thread (its server-timing header)."""
    waits: list[float] = field(default_factory=list)
    """Seconds each move waited for a server thread."""
    client_cpu: float = float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, workers: int, log: Path) -> subprocess.Popen[bytes]:
    paths = [str(Path(__file__).resolve().parents[1] / "src"),
             *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "DOGFIGHT_CREATE_LIMIT": "0", "PYTHONPATH": os.pathsep.join(paths)}
    process = subprocess.Popen(
        [sys.executable, "-m", "dogfight", "serve", "--db", db, "--host", "127.0.0.1",
         "--port", str(port), "--workers", str(workers)],
        stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env)
    wait_ready(f"http://127.0.0.1:{port}", log)
    return process


def wait_ready(url: str, log: Path, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if httpx.get(url + "/api/catalog", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not start: {log.read_text()[-2000:]}")


class Connection:
    """One keep-alive HTTP/1.1 connection of a player to the server: what the pages'
    browser does, at a fraction of httpx's CPU (which cost this client more a move than
    the move cost the server, on the same two cores). Opened again when it has been
    idle near the server's keep-alive (5 s), or was closed."""

    def __init__(self, url: str) -> None:
        host, _, port = url.split("://", 1)[1].partition(":")
        self.host, self.port = host, int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
        """The answer's status, headers (lower-case names) and body; ConnectionError if
        the connection failed (the request may or may not have been served)."""
        if self.writer is None or time.monotonic() - self.used > 3.0:
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None and self.writer is not None
        head = [f"{method} {path} HTTP/1.1", f"host: {self.host}",
                *(f"{k}: {v}" for k, v in headers.items())]
        if body is not None:
            head += ["content-type: application/json", f"content-length: {len(body)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + (body or b""))
        try:
            async with asyncio.timeout(60):
                raw = await self.reader.readuntil(b"\r\n\r\n")
                lines = raw.decode("latin-1").split("\r\n")
                status = int(lines[0].split(" ", 2)[1])
                found = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    if name:
                        found[name.strip().lower()] = value.strip()
                data = await self.reader.readexactly(int(found.get("content-length", 0)))
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError,
                OSError, ValueError, IndexError) as exc:
            self.close()
            raise ConnectionError(f"{method} {path}: {type(exc).__name__}") from None
        if found.get("connection", "").lower() == "close":
            self.close()
        self.used = time.monotonic()
        return status, found, data


def run(main: Any) -> Any:
    """``asyncio.run`` on uvloop when it is installed (as the server runs)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


async def new_game(client: httpx.AsyncClient, game: str) -> dict[str, Any]:
    for _ in range(100):
        answer = await client.post("/api/matches", json={
            "game": game, "options": OPTIONS.get(game, {}),
            "seats": {}})  # every seat a person's (this client's)
        if answer.status_code == 201:
            return dict(answer.json())
        await asyncio.sleep(0.5)
    raise RuntimeError(f"cannot create a game: {answer.status_code} {answer.text[:200]}")


async def player(client: httpx.AsyncClient, ws_url: str, game: dict[str, Any], seat: str,
                 token: str, think: float, tally: Tally, stop: asyncio.Event,
                 rng: random.Random) -> None:
    """One seat: wait for its turn on the socket, think, post a random legal move (on a
    keep-alive connection of its own)."""
    decode = msgspec.json.Decoder().decode
    encode = msgspec.json.Encoder().encode
    url = f"/api/matches/{game['id']}/actions"
    headers = {"authorization": f"Bearer {token}"}
    latest = -1  # the newest position seen (pushes and answers may cross)
    async with Connection(str(client.base_url).rstrip("/")) as http, websockets.connect(
            f"{ws_url}/api/matches/{game['id']}/ws?token={token}", max_size=None,
            open_timeout=60) as ws:
        state: dict[str, Any] | None = None
        while not stop.is_set():
            if state is None:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                state = decode(raw)
                tally.pushes += 1
                tally.served.append((game["id"], state["seq"]))
            if state["status"] == "over":
                return
            observation = state["observation"]
            legal = observation.get("legal") or []
            if seat not in observation["pending"] or state["seq"] < latest or not legal:
                state = None
                continue
            if think > 0:
                await asyncio.sleep(rng.expovariate(1.0 / think))
            latest = state["seq"]
            began = time.perf_counter()
            # as the pages do: no seq (a decision made stale is refused by the rules)
            status, answered, content = await http.request(
                "POST", url, headers, encode({"decision": rng.choice(legal)}))
            spent = time.perf_counter() - began
            if tally.measuring:
                tally.codes[status] += 1
                if status == 200:
                    tally.latencies.append(spent)
                    timing = dict(part.strip().split(";dur=") for part in answered.get(
                        "server-timing", "").split(",") if ";dur=" in part)
                    if "move" in timing:
                        tally.inside.append(float(timing["move"]) / 1000)
                        tally.waits.append(float(timing["wait"]) / 1000)
                elif len(tally.samples) < 5:
                    tally.samples.append(content[:200].decode(errors="replace"))
            state = None
            if status == 200:
                state = decode(content)  # still to move? go on from the answer
                latest = state["seq"]
                tally.acknowledged.append((game["id"], state["seq"]))
                tally.served.append((game["id"], state["seq"]))
            else:  # refused or failed (503): look again
                status, _, content = await http.request(
                    "GET", f"/api/matches/{game['id']}", headers)
                if status == 200:
                    state = decode(content)
                    tally.served.append((game["id"], state["seq"]))
                else:
                    await asyncio.sleep(0.2)


async def table(client: httpx.AsyncClient, ws_url: str, game_id: str, think: float,
                tally: Tally, stop: asyncio.Event, rng: random.Random) -> None:
    """One table: a game after another until told to stop."""
    while not stop.is_set():
        try:
            game = await new_game(client, game_id)
            await asyncio.gather(*(
                player(client, ws_url, game, seat, info["token"], think, tally, stop, rng)
                for seat, info in game["seats"].items()))
            tally.games_done += 1
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as exc:
            # (ConnectionError, a player's connection failing, is an OSError)
            if tally.measuring:
                tally.codes[-1] += 1
            tally.errors[type(exc).__name__] += 1
            await asyncio.sleep(0.5)


async def measured(tasks: list[asyncio.Task[None]], stop: asyncio.Event, tally: Tally,
                   warmup: float, seconds: float, pids: tuple[int, ...]) -> float:
    """The measured window of running ``tasks``: after ``warmup``, ``seconds`` during
    which the tally counts, with the server's and this client's CPU read at its ends;
    then the tasks told to stop. Returns the window's wall time."""
    await asyncio.sleep(warmup)
    cpu = sum(cpu_seconds(pid) for pid in pids)
    mine = time.process_time()
    tally.measuring = True
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    tally.measuring = False
    spent = time.perf_counter() - began
    tally.server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    tally.client_cpu = time.process_time() - mine
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    for task in tasks:
        task.cancel()
    return spent


async def drive(url: str, games: int, game_id: str, think: float, warmup: float,
                seconds: float, tally: Tally, seed: int = 1,
                pids: tuple[int, ...] = ()) -> float:
    """Run the tables; returns the measured wall time."""
    ws_url = url.replace("http", "ws", 1)
    limits = httpx.Limits(max_connections=games * 2 + 10, max_keepalive_connections=games * 2,
                          keepalive_expiry=3.0)  # under the server's keep-alive (5 s)
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        tasks = [asyncio.create_task(table(client, ws_url, game_id, think, tally, stop,
                                           random.Random(seed * 1000 + i)))
                 for i in range(games)]
        return await measured(tasks, stop, tally, warmup, seconds, pids)


async def seats_of(client: httpx.AsyncClient, game_id: str) -> list[str]:
    answer = await client.post("/api/preview", json={"game": game_id,
                                                      "options": OPTIONS.get(game_id, {})})
    return list(answer.json()["seats"])


async def against_computer(client: httpx.AsyncClient, ws_url: str, game_id: str,
                           level: str, stop: asyncio.Event, tally: Tally,
                           rng: random.Random, think: float = 0.0,
                           measured: bool = True) -> None:
    """A person (the first seat, thinking ``think`` seconds on average) against computer
    pilots of ``level``, one game after another: each wait for the computer's answer
    goes to ``tally.latencies`` (``measured``) or ``tally.waits`` (the other games)."""
    answers = tally.latencies if measured else tally.waits
    decode = msgspec.json.Decoder().decode
    while not stop.is_set():
        seats = await seats_of(client, game_id)
        me = seats[0]
        answer = await client.post("/api/matches", json={
            "game": game_id, "options": OPTIONS.get(game_id, {}),
            "seats": {seat: {"kind": "human"} if seat == me
                      else {"kind": "pilot", "pilot": level} for seat in seats}})
        if answer.status_code != 201:
            await asyncio.sleep(0.5)
            continue
        game = answer.json()
        token = game["seats"][me]["token"]
        url = f"/api/matches/{game['id']}/actions"
        headers = {"authorization": f"Bearer {token}"}
        async with websockets.connect(
                f"{ws_url}/api/matches/{game['id']}/ws?token={token}", max_size=None,
                open_timeout=60) as ws:
            state = decode(await ws.recv())
            asked: float | None = None  # when the move the computer answers was posted
            latest = -1  # the newest position seen (pushes and answers cross)
            while not stop.is_set() and state["status"] != "over":
                observation = state["observation"]
                legal = observation.get("legal") or []
                if me in observation["pending"] and legal and state["seq"] >= latest:
                    if asked is not None and tally.measuring:
                        answers.append(time.perf_counter() - asked)
                    if think > 0:
                        await asyncio.sleep(rng.expovariate(1.0 / think))
                    began = time.perf_counter()
                    answer = await client.post(url, headers=headers,
                                               json={"decision": rng.choice(legal)})
                    if answer.status_code != 200:
                        tally.codes[answer.status_code] += 1
                        if len(tally.samples) < 5:
                            tally.samples.append(answer.text[:200])
                        state = decode((await client.get(
                            f"/api/matches/{game['id']}", headers=headers)).content)
                        asked = None
                        continue
                    if tally.measuring and measured:
                        tally.inside.append(time.perf_counter() - began)
                    state = decode(answer.content)
                    latest = state["seq"]
                    mine = state["observation"]["pending"]
                    asked = None if me in mine or state["status"] == "over" else began
                    continue
                try:
                    state = decode(await asyncio.wait_for(ws.recv(), timeout=1.0))
                except TimeoutError:
                    continue
            if state["status"] == "over":
                tally.games_done += 1


async def drive_aces(url: str, aces: int, game_id: str, level: str, think: float,
                     warmup: float, seconds: float, tally: Tally,
                     pids: tuple[int, ...] = ()) -> float:
    """Run ``aces`` games of people (thinking ``think`` seconds on average) against 'ace'
    pilots and the measured one against ``level``; the wall time."""
    ws_url = url.replace("http", "ws", 1)
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        tasks = [asyncio.create_task(against_computer(
            client, ws_url, game_id, "ace", stop, tally, random.Random(100 + i), think,
            measured=False)) for i in range(aces)]
        # the measured person decides at once: each of its moves waits for the whole
        # of the computer's answer (thinking, it would often find it made already)
        tasks.append(asyncio.create_task(against_computer(
            client, ws_url, game_id, level, stop, tally, random.Random(1))))
        return await measured(tasks, stop, tally, warmup, seconds, pids)


def ace_report(tally: Tally, spent: float, level: str) -> dict[str, Any]:
    """The computer's answers against its level's budget of search a turn + 100 ms."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from dogfight.server.pilots import LEVELS, turn_budget

    budget = turn_budget(LEVELS.get(level, level)) or 0.0
    ms = [v * 1000 for v in tally.latencies]
    others = [v * 1000 for v in tally.waits]
    limit = budget * 1000 + 100
    return {"level": level, "budget_ms": round(limit, 1), "answers": len(ms),
            "seconds": round(spent, 1),
            "answer_p50_ms": round(percentile(ms, 50), 1),
            "answer_p95_ms": round(percentile(ms, 95), 1),
            "answer_p99_ms": round(percentile(ms, 99), 1),
            "answer_max_ms": round(max(ms), 1) if ms else None,
            "within_budget": round(sum(v <= limit for v in ms) / len(ms), 3) if ms else None,
            "post_p50_ms": round(percentile([v * 1000 for v in tally.inside], 50), 1),
            "ace_answers": len(others),
            "ace_answer_p50_ms": round(percentile(others, 50), 1),
            "ace_answer_p99_ms": round(percentile(others, 99), 1),
            "games_finished": tally.games_done,
            "server_cpu_share": round(tally.server_cpu / spent, 2),
            "codes": dict(tally.codes), "errors": dict(tally.errors),
            "refusals": tally.samples}


def server_pids(pid: int) -> tuple[int, ...]:
    """The server process and its worker processes (uvicorn's, the pilots')."""
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                           text=True, check=False).stdout.split()
    return (pid, *(int(p) for p in found))


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` (all its threads), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def report(tally: Tally, spent: float) -> dict[str, Any]:
    ms = [v * 1000 for v in tally.latencies]
    return {"moves": len(ms), "seconds": round(spent, 1),
            "moves_per_second": round(len(ms) / spent, 1),
            "p50_ms": round(percentile(ms, 50), 1), "p90_ms": round(percentile(ms, 90), 1),
            "p95_ms": round(percentile(ms, 95), 1), "p99_ms": round(percentile(ms, 99), 1),
            "max_ms": round(max(ms), 1) if ms else None,
            "mean_ms": round(statistics.fmean(ms), 1) if ms else None,
            "server_move_p50_ms": round(percentile([v * 1000 for v in tally.inside], 50), 1),
            "server_move_p99_ms": round(percentile([v * 1000 for v in tally.inside], 99), 1),
            "server_wait_p99_ms": round(percentile([v * 1000 for v in tally.waits], 99), 1),
            "server_cpu_ms_per_move": round(tally.server_cpu * 1000 / len(ms), 2)
            if ms else None,
            "server_cpu_share": round(tally.server_cpu / spent, 2),
            "client_cpu_share": round(tally.client_cpu / spent, 2),
            "codes": dict(tally.codes), "games_finished": tally.games_done,
            "errors": dict(tally.errors), "refusals": tally.samples}


def raw(tally: Tally, spent: float) -> dict[str, Any]:
    """A client process's figures, for the parent of ``--clients`` to merge."""
    return {"latencies": tally.latencies, "inside": tally.inside, "waits": tally.waits,
            "codes": {str(k): v for k, v in tally.codes.items()},
            "games_done": tally.games_done, "errors": dict(tally.errors),
            "samples": tally.samples, "client_cpu": tally.client_cpu, "spent": spent}


def drive_clients(url: str, args: argparse.Namespace, tally: Tally,
                  pids: tuple[int, ...]) -> float:
    """``args.clients`` processes of this script drive ``args.games`` between them; the
    server's CPU is read over the same measured window; their tallies merged."""
    shares = [args.games // args.clients + (i < args.games % args.clients)
              for i in range(args.clients)]
    outputs = Path(tempfile.mkdtemp(prefix="dogfight-load-clients-"))
    children = [(subprocess.Popen(
        [sys.executable, __file__, "--url", url, "--games", str(n), "--game", args.game,
         "--think", str(args.think), "--warmup", str(args.warmup),
         "--seconds", str(args.seconds), "--seed", str(i + 1),
         "--raw", str(outputs / f"{i}.json")]), outputs / f"{i}.json")
        for i, n in enumerate(shares) if n]
    time.sleep(args.warmup)
    cpu = sum(cpu_seconds(pid) for pid in pids)
    time.sleep(args.seconds)
    tally.server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    tally.client_cpu = 0.0
    spent = args.seconds
    for child, output in children:
        child.wait(timeout=args.warmup + args.seconds + 120)
        part = msgspec.json.decode(output.read_bytes())
        tally.latencies += part["latencies"]
        tally.inside += part["inside"]
        tally.waits += part["waits"]
        tally.codes.update({int(k): v for k, v in part["codes"].items()})
        tally.games_done += part["games_done"]
        tally.errors.update(part["errors"])
        tally.samples += part["samples"][:5 - len(tally.samples)]
        tally.client_cpu += part["client_cpu"]
        spent = max(spent, part["spent"])
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--url", help="a running server instead of starting one")
    parser.add_argument("--workers", type=int, default=1,
                        help="server worker processes (PostgreSQL only for more than 1)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--game", default="wings-of-war")
    parser.add_argument("--think", type=float, default=0.0,
                        help="players' mean thinking time in seconds (0: closed loop)")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--aces", type=int, default=0,
                        help="computer games mode: this many games between 'ace' pilots, "
                        "and the wait for a computer of --level against a person")
    parser.add_argument("--level", default="ace",
                        help="the level of the person's computer opponent (--aces)")
    parser.add_argument("--pilot-workers", type=int,
                        help="the server's pilot worker processes (DOGFIGHT_PILOT_WORKERS)")
    parser.add_argument("--clients", type=int, default=1,
                        help="client processes the games are split over (their figures "
                        "merged)")
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--raw", help=argparse.SUPPRESS)  # a client's figures: this file
    args = parser.parse_args(argv)
    if args.pilot_workers:
        os.environ["DOGFIGHT_PILOT_WORKERS"] = str(args.pilot_workers)
    process = None
    workdir = Path(tempfile.mkdtemp(prefix="dogfight-load-"))
    url = args.url
    if url is None:
        db = args.db or f"sqlite:///{workdir / 'load.sqlite3'}"
        port = free_port()
        process = start_server(db, port, args.workers, workdir / "server.log")
        url = f"http://127.0.0.1:{port}"
    try:
        tally = Tally()
        pids = () if process is None else server_pids(process.pid)
        if args.aces:
            spent = run(drive_aces(url, args.aces, args.game, args.level,
                                           args.think, args.warmup, args.seconds, tally,
                                           pids=pids))
            print(msgspec.json.encode({**ace_report(tally, spent, args.level),
                                       "aces": args.aces, "game": args.game}).decode())
            return 0
        if args.clients > 1:
            spent = drive_clients(url, args, tally, pids)
        else:
            spent = run(drive(url, args.games, args.game, args.think, args.warmup,
                                      args.seconds, tally, seed=args.seed, pids=pids))
        if args.raw:
            Path(args.raw).write_bytes(msgspec.json.encode(raw(tally, spent)))
            return 0
        result = report(tally, spent)
        result.update(games=args.games, think=args.think, workers=args.workers,
                      clients=args.clients,
                      db=(args.db or "sqlite").split("://")[0].split("+")[0])
        print(msgspec.json.encode(result).decode())
    finally:
        if process is not None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
