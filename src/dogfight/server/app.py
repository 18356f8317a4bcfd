"""The web server: the JSON API of ``docs/api.md``, WebSockets and the static pages."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from dogfight import campaigns
from dogfight.ai import PILOTS
from dogfight.core.errors import (
    CorruptSave,
    DogfightError,
    IllegalDecision,
    InvalidOptions,
    ReplayError,
    UnknownGame,
)
from dogfight.core.match import Match
from dogfight.core.registry import all_games, get_game
from dogfight.server.bodies import (
    MAX_DEPTH,
    MAX_IDS,
    Act,
    Join,
    Limits,
    MalformedBody,
    NewCampaign,
    NewMatch,
    NextGame,
    Preview,
    components,
    decode,
    depth,
    openapi_body,
    rate_from_env,
)
from dogfight.server.fastpath import MoveRoute, Server, database_failed
from dogfight.server.hub import (
    LEVELS,
    Forbidden,
    GameOver,
    Hub,
    Unauthorized,
    token_hash,
)
from dogfight.server.peers import listen
from dogfight.server.pilots import BadPilot, PilotPool, default_workers
from dogfight.store.db import Database, NotFound, TooLong
from dogfight.store.saves import Save, encode_save, parse_save

HERE = Path(__file__).parent
STATIC = HERE / "static"
LOCALES = HERE / "locales"
LANGUAGES = ("en", "fr", "it")
THREADS = 64
"""Threads for the blocking part of requests (rules, database) in a process."""

STATUS = {MalformedBody: 422, TooLong: 422, Unauthorized: 403, Forbidden: 403,
          NotFound: 404, GameOver: 409,
          UnknownGame: 404, InvalidOptions: 400, IllegalDecision: 400, ReplayError: 400,
          CorruptSave: 400}


def error(exc: DogfightError) -> JSONResponse:
    status = next((code for kind, code in STATUS.items() if isinstance(exc, kind)), 400)
    rule = getattr(exc, "rule", None)
    message = getattr(exc, "message", None) or str(exc)
    if isinstance(exc, ReplayError):
        message = str(exc)
    body: dict[str, Any] = {"error": message, "rule": rule}
    if isinstance(exc, MalformedBody):
        body["path"] = exc.path
    if isinstance(exc, ReplayError):
        body["index"] = exc.index
    return JSONResponse(body, status_code=status)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """``lang``'s gettext catalogues (English -> translation): the pages' strings
    (messages.po) and the game logs' sentences and words (events.po)."""
    table: dict[str, str] = {}
    for path in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        table.update({str(m.id): str(m.string) for m in catalog if m.id and m.string})
    return table


def token_of(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.query_params.get("token") or None


def aircraft_choice(game: Any, options: dict[str, Any], planes: list[dict[str, Any]],
                    aircraft: list[dict[str, Any]]) -> bool:
    """Whether the options choose each plane's aircraft (``options["aircraft"] =
    {plane: aircraft}``): asked by choosing another aircraft for the first plane. A game
    whose aircraft are chosen later, inside the game, offers no such choice."""
    first = planes[0]
    other = next((a["id"] for a in aircraft if a["id"] != first["aircraft"]
                  and a.get("side") == first.get("side")), None) or next(
        (a["id"] for a in aircraft if a["id"] != first["aircraft"]), None)
    if other is None:
        return False
    try:
        tried = Match.new(game, {**options, "aircraft": {first["id"]: other}}, 0)
    except DogfightError:
        return False
    view = game.view(tried.state, None)
    again = view.get("planes") if isinstance(view, dict) else None
    return any(isinstance(p, dict) and p.get("id") == first["id"]
               and p.get("aircraft") == other for p in again or [])


def previewed(body: Preview) -> dict[str, Any]:
    """The seats the options give, and the aircraft choice where the options make it."""
    game = get_game(body.game)
    options = body.options
    match = Match.new(game, options, 0)
    out: dict[str, Any] = {"seats": dict(game.seats(match.state))}
    view = game.view(match.state, None)
    planes = view.get("planes") if isinstance(view, dict) else None
    if isinstance(planes, list) and planes and all(
            isinstance(p, dict) and "aircraft" in p for p in planes):
        aircraft = [{"id": a["id"], "name": a["name"], "side": a.get("side")}
                    for a in game.data().get("aircraft", [])]
        if aircraft_choice(game, options, planes, aircraft):
            out["planes"] = [{"id": p["id"], "seat": p["seat"], "aircraft": p["aircraft"],
                              "name": p.get("name"), "side": p.get("side")}
                             for p in planes]
            out["aircraft"] = aircraft
    return out


def create_app(db_url: str | None = None) -> FastAPI:
    database = Database(db_url)
    hub = Hub(database)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        # moves wait for their commit (SQLite: the writer's batch; PostgreSQL: the
        # server): enough threads that many wait at once and commit together
        hub.loop.set_default_executor(ThreadPoolExecutor(
            max_workers=THREADS, thread_name_prefix="requests"))
        hub.pool = PilotPool(default_workers())
        # the pilots' drivers live with the lifespan, which an ASGI test client may run
        # again on the same app (schemathesis does, a call at a time)
        hub.drivers = ThreadPoolExecutor(max_workers=16, thread_name_prefix="pilots")
        hub.stopping.clear()
        listener = None
        if database.engine.dialect.name == "postgresql":
            listener = asyncio.create_task(listen(database, hub))
        yield
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener
        hub.stopping.set()  # the drivers stop after the decision in hand
        pool, hub.pool = hub.pool, None
        if pool is not None:
            pool.close()  # a pilot thinking is stopped; its seat plays the fallback
        hub.drivers.shutdown(wait=True, cancel_futures=True)
        database.close()

    app = Server(title="dogfight", lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(Limits, creations=rate_from_env())

    def openapi() -> dict[str, Any]:
        """FastAPI's document, with the request bodies' schemas (msgspec structs)."""
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            schema.setdefault("components", {}).setdefault("schemas", {}).update(
                components((Save,)))
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.exception_handler(DogfightError)
    async def on_error(request: Request, exc: DogfightError) -> JSONResponse:
        return error(exc)

    @app.exception_handler(SQLAlchemyError)
    async def on_database_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        return database_failed()

    # -- catalogue -------------------------------------------------------------------
    @app.get("/api/catalog")
    def catalog() -> dict[str, Any]:
        return {"games": [{"id": g.id, "title": g.title, "summary": g.summary,
                           "board": g.board, "options": g.option_schema(),
                           "developer": g.developer}
                          for g in all_games()],
                "levels": LEVELS, "pilots": sorted(PILOTS)}

    @app.get("/api/i18n/{lang}")
    def i18n(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise NotFound(f"no language {lang!r}; languages: {', '.join(LANGUAGES)}")
        return catalogue(lang)

    @app.post("/api/preview", openapi_extra=openapi_body(Preview))
    async def preview(request: Request) -> dict[str, Any]:
        body = decode(await request.body(), Preview)
        return await asyncio.to_thread(previewed, body)

    @app.get("/api/games/{game_id}/data")
    def game_data(game_id: str) -> Any:
        """A game's public reference data (aircraft, decks, tables): what its pages
        draw cards and stats from."""
        return get_game(game_id).data()

    # -- matches -----------------------------------------------------------------------
    @app.post("/api/matches", status_code=201, openapi_extra=openapi_body(NewMatch))
    async def create(request: Request) -> dict[str, Any]:
        body = decode(await request.body(), NewMatch)
        match_id, answer = await asyncio.to_thread(
            lambda: hub.create(body.game, body.options, body.seed, body.seats,
                               listed=body.listed))
        return {"id": match_id, "seats": answer, "spectator": f"/table.html?id={match_id}",
                "practice": body.seed is not None, "listed": body.listed}

    @app.get("/api/matches")
    def matches(ids: str | None = None, open: int = 0) -> list[dict[str, Any]]:
        """Games by id (those a browser holds), or the games with an open seat that
        their creators listed in the lobby: there is no list of everyone's games."""
        if ids is None and not open:
            raise MalformedBody("ask for games by ids=ID,ID... or for open=1", "$.ids")
        wanted = id_list(ids)
        found = database.list_games(ids=wanted, open_seats=bool(open), limit=MAX_IDS)
        out = []
        for summary in found:
            entry = hub.summary(summary.id)
            entry["updated_at"] = summary.updated_at.isoformat()
            entry["listed"] = summary.listed
            out.append(entry)
        return out

    @app.get("/api/matches/{match_id}")
    def get_match(match_id: str, request: Request, lang: str = "en",
                  hints: int = 0) -> Response:
        """The game as the token's seat (or a spectator) sees it; ``hints=1``: with its
        planners' hints (``observation.hints``, for a page that shows a planner)."""
        live = hub.get(match_id)
        seat = live.seat_of(token_of(request))
        lang = lang if lang in LANGUAGES else "en"
        return Response(hub.frame(match_id, seat, lang, translator(lang), live,
                                  hints=bool(hints)),
                        media_type="application/json")

    @app.get("/api/matches/{match_id}/log")
    def log_page(match_id: str, request: Request, before: int, limit: int = 300,
                 lang: str = "en") -> dict[str, Any]:
        """Older lines of the log as the token's seat (or a spectator) saw them."""
        live = hub.get(match_id)
        seat = live.seat_of(token_of(request))
        return hub.log_page(match_id, seat, before, limit, translator(lang))

    @app.post("/api/matches/{match_id}/join", openapi_extra=openapi_body(Join))
    async def join(match_id: str, request: Request) -> dict[str, Any]:
        body = decode(await request.body(), Join)

        def joined() -> str:
            admit(database, match_id, body.seat, body.invite)
            return hub.join(match_id, body.seat)

        token = await asyncio.to_thread(joined)
        return {"token": token, "seat": body.seat}

    async def move(match_id: str, token: str | None, raw: bytes, lang: str,
                   hints: bool) -> tuple[bytes, str]:
        """A move: its answer's body, and its ``server-timing`` (how long it waited for
        a thread, and took in it: tools/load.py reads it)."""
        body = decode(raw, Act)
        shown = lang if lang in LANGUAGES else "en"

        def played() -> tuple[bytes, float, float]:
            began = time.perf_counter()
            seat, live = hub.act(match_id, token, body.decision, body.seq)
            return (hub.frame(match_id, seat, shown, translator(shown), live,
                              hints=hints),
                    began, time.perf_counter())

        asked = time.perf_counter()
        data, began, ended = await asyncio.to_thread(played)
        return data, (f"wait;dur={(began - asked) * 1000:.1f}, "
                      f"move;dur={(ended - began) * 1000:.1f}")

    @app.post("/api/matches/{match_id}/actions", openapi_extra=openapi_body(Act))
    async def act(match_id: str, request: Request, lang: str = "en",
                  hints: int = 0) -> Response:
        """A move (its plain form is answered by ``fastpath.MoveRoute``, in front)."""
        data, timing = await move(match_id, token_of(request), await request.body(), lang,
                                  bool(hints))
        return Response(data, media_type="application/json",
                        headers={"server-timing": timing})

    @app.get("/api/matches/{match_id}/save")
    def save(match_id: str) -> Response:
        data = encode_save(hub.save_of(match_id))
        return Response(data, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="dogfight-{match_id}.json"'})

    @app.post("/api/saves", status_code=201, openapi_extra=openapi_body(Save))
    async def upload(request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            save_ = parse_save(raw, "the uploaded file")
        except RecursionError:
            raise MalformedBody(f"the save nests too deep (at most {MAX_DEPTH} levels)",
                                "$") from None
        if not depth(save_.options) or not all(depth(a.decision) for a in save_.actions):
            raise MalformedBody(f"the save nests too deep (at most {MAX_DEPTH} levels)", "$")
        match_id, answer = await asyncio.to_thread(hub.import_save, save_)
        return {"id": match_id, "seats": answer, "spectator": f"/table.html?id={match_id}"}

    # -- campaigns: series of games kept in the database (dogfight.campaigns) ------------
    @app.get("/api/campaigns")
    def campaign_list(ids: str | None = None) -> list[dict[str, Any]]:
        """Campaigns by id (those a browser holds): there is no list of everyone's."""
        wanted = id_list(ids)
        if wanted is None:
            raise MalformedBody("ask for campaigns by ids=ID,ID...", "$.ids")
        return [{"id": c.id, "game": c.game, "name": c.name, "status": c.status,
                 "games": len(c.games)}
                for c in database.list_campaigns(ids=wanted, limit=MAX_IDS)]

    @app.post("/api/campaigns", status_code=201, openapi_extra=openapi_body(NewCampaign))
    async def campaign_start(request: Request) -> dict[str, Any]:
        body = decode(await request.body(), NewCampaign)
        cid = await asyncio.to_thread(campaigns.start, database, body.game, body.campaign,
                                      body.options)
        return await asyncio.to_thread(campaigns.status, database, cid)

    @app.get("/api/campaigns/{campaign_id}")
    def campaign_get(campaign_id: str) -> dict[str, Any]:
        return campaigns.status(database, campaign_id)

    @app.post("/api/campaigns/{campaign_id}/next", status_code=201,
              openapi_extra=openapi_body(NextGame))
    async def campaign_next(campaign_id: str, request: Request) -> dict[str, Any]:
        """The campaign's next game: ``choice`` (a number from its choices), seats and
        seed as for a new match; the game, its seats and its place in the campaign are
        stored in one transaction. A choice that is a decision (it gives a ``record``,
        no game) is taken: the answer is the campaign, ``decided``."""
        body = decode(await request.body(), NextGame)
        if await asyncio.to_thread(campaigns.is_decision, database, campaign_id, body.choice):
            await asyncio.to_thread(campaigns.decide, database, campaign_id, body.choice)
            return {"campaign": campaign_id, "decided": True,
                    **await asyncio.to_thread(campaigns.status, database, campaign_id)}

        def started() -> tuple[str, dict[str, Any]]:
            options = campaigns.next_options(database, campaign_id, body.choice)
            info = database.campaign(campaign_id)
            return hub.create(info.game, options, body.seed, body.seats,
                              listed=body.listed, campaign=(campaign_id, len(info.games)))

        match_id, answer = await asyncio.to_thread(started)
        return {"id": match_id, "seats": answer, "spectator": f"/table.html?id={match_id}",
                "campaign": campaign_id, "practice": body.seed is not None,
                "listed": body.listed}

    @app.get("/api/matches/{match_id}/replay")
    def replay(match_id: str, step: int = 0, seat: str | None = None,
               lang: str = "en") -> dict[str, Any]:
        return hub.replay_body(match_id, step, seat, translator(lang))

    @app.get("/api/matches/{match_id}/replay/log")
    def replay_log(match_id: str, before: int, step: int = 0, seat: str | None = None,
                   limit: int = 300, lang: str = "en") -> dict[str, Any]:
        """Older lines of a replay's log at ``step``, as ``seat`` (or a spectator) saw them."""
        return hub.replay_log(match_id, step, seat, before, limit, translator(lang))

    @app.websocket("/api/matches/{match_id}/ws")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        try:
            live = await asyncio.to_thread(hub.get, match_id)
            seat = live.seat_of(token_of(websocket))
        except DogfightError as exc:
            await websocket.close(code=4403 if isinstance(exc, Forbidden) else 4404,
                                  reason=str(exc)[:120])
            return
        await websocket.accept()
        queue = hub.watch(match_id)
        lang = websocket.query_params.get("lang", "en")
        lang = lang if lang in LANGUAGES else "en"
        hints = websocket.query_params.get("hints") == "1"  # a page showing a planner
        # what the client sends (it sends nothing; a close ends the socket at once),
        # awaited across the pushes
        leave: asyncio.Future[Any] = asyncio.ensure_future(websocket.receive())
        try:
            while True:
                # the cached match: a wake follows a move recorded here, or a catch-up;
                # its body made already (by the move's answer, another socket): no thread
                data = hub.ready_frame(match_id, seat, lang, hints)
                if data is None:
                    data = await asyncio.to_thread(
                        lambda: hub.frame(match_id, seat, lang, translator(lang),
                                          hub.cached(match_id), hints=hints))
                await websocket.send_text(data.decode())
                # wait for a change, or for the client to leave (then stop at once)
                if queue.empty():
                    change = asyncio.ensure_future(queue.get())
                    await asyncio.wait((change, leave), return_when=asyncio.FIRST_COMPLETED)
                    change.cancel()
                if leave.done():
                    if leave.result().get("type") == "websocket.disconnect":
                        break
                    leave = asyncio.ensure_future(websocket.receive())
                while not queue.empty():
                    queue.get_nowait()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            leave.cancel()
            hub.unwatch(match_id, queue)

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    app.moves = MoveRoute(Limits(app), move, error)
    app.sockets = socket
    return app


def id_list(ids: str | None) -> list[str] | None:
    """``ids=a,b,c`` as a list (None without it), at most ``MAX_IDS`` ids of 32
    characters."""
    if ids is None:
        return None
    wanted = [i for i in ids.split(",") if i]
    if len(wanted) > MAX_IDS or any(len(i) > 32 for i in wanted):
        raise MalformedBody(f"at most {MAX_IDS} ids of 32 characters", "$.ids")
    return wanted


def admit(database: Database, match_id: str, seat: str, invite: str | None) -> None:
    """An open seat of a game not listed in the lobby is taken only with its invitation
    (the token of its link, compared with the stored hash in constant time)."""
    listed, invite_hash = database.admission(match_id, seat)
    if listed:
        return
    if invite is None:
        raise Forbidden("this game's open seats are taken with their invitation link "
                        "only: ask its creator for the link")
    if not secrets.compare_digest(invite_hash or "", token_hash(invite)):
        raise Forbidden("this invitation is not this seat's: ask the game's creator for "
                        "the link again")


def translator(lang: str) -> Callable[[str], str] | None:
    if lang == "en" or lang not in LANGUAGES:
        return None
    table = catalogue(lang)
    return lambda text: table.get(text, text)


STATUS = {BadPilot: 422, **STATUS}  # before InvalidOptions (400), of which it is one

