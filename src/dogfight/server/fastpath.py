"""The move's route below FastAPI (issue 15, capacity): ``POST
/api/matches/{id}/actions``, the request every move makes, answered by a plain ASGI
handler in front of the application instead of going through FastAPI's and Starlette's
middleware, routing and dependency solving (about a third of the server's CPU a move);
and a game's WebSocket, whose every push went through that middleware's wrappers.

It answers only the plain form of the request (an id of letters, digits, ``-`` and
``_``, no query parameter but ``lang``, ``hints`` as 0 or 1 and ``token``, each at most
once); anything else goes on to FastAPI's route of the same path, which is the one the
OpenAPI document describes. Both read the body under the same limits (:class:`Limits`),
decode it with the same msgspec model, and make the same answers: one coroutine,
:data:`Move`, plays the move for both.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qsl

from fastapi import FastAPI, WebSocket
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from dogfight.core.errors import DogfightError
from dogfight.server.bodies import Limits, Receive, Scope, Send

Move = Callable[[str, str | None, bytes, str, bool], Awaitable[tuple[bytes, str]]]
"""(match id, token, raw body, language, hints) -> (the answer's body, its
``server-timing``); raises :class:`DogfightError` for a refusal."""
PATH = re.compile(r"/api/matches/([0-9A-Za-z_-]{1,64})/actions")
QUERY = frozenset({"lang", "hints", "token"})
SOCKET = re.compile(r"/api/matches/([0-9A-Za-z_-]{1,64})/ws")


def database_failed() -> JSONResponse:
    """The answer when the database failed: nothing was recorded (the cached match is
    as stored), the client may try again."""
    return JSONResponse({"error": "the database failed; nothing was recorded: try again",
                         "rule": None}, status_code=503)


class MoveRoute:
    """``POST /api/matches/{id}/actions`` as a plain ASGI handler."""

    def __init__(self, limits: Limits, move: Move,
                 error: Callable[[DogfightError], JSONResponse]) -> None:
        self.limits = limits
        self.move = move
        self.error = error

    @staticmethod
    def wanted(scope: Scope) -> tuple[str, dict[str, str]] | None:
        """The match id and query of a plain move request (None: FastAPI's route)."""
        if scope["type"] != "http" or scope["method"] != "POST":
            return None
        found = PATH.fullmatch(scope["path"])
        if found is None:
            return None
        query: dict[str, str] = {}
        raw = scope.get("query_string", b"")
        if raw:
            try:
                pairs = parse_qsl(raw.decode("ascii"), keep_blank_values=True,
                                  strict_parsing=True, max_num_fields=4)
            except (UnicodeDecodeError, ValueError):
                return None
            for key, value in pairs:
                if key not in QUERY or key in query:
                    return None
                query[key] = value
            if query.get("hints", "0") not in ("0", "1"):
                return None
        return found.group(1), query

    async def __call__(self, scope: Scope, receive: Receive, send: Send, match_id: str,
                       query: dict[str, str]) -> None:
        raw = await self.limits.read(scope, receive, send)
        if raw is None:
            return  # answered (413, 408) or gone
        token = None
        for name, value in scope["headers"]:
            if name == b"authorization":
                header = value.decode("latin-1")
                if header.lower().startswith("bearer "):
                    token = header[7:].strip() or None
                break
        token = token or query.get("token") or None
        try:
            data, timing = await self.move(match_id, token, raw, query.get("lang", "en"),
                                           query.get("hints") == "1")
        except DogfightError as exc:
            await self.error(exc)(scope, receive, send)
            return
        except SQLAlchemyError:
            await database_failed()(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(data)).encode()),
            (b"server-timing", timing.encode())]})
        await send({"type": "http.response.body", "body": data})


class Server(FastAPI):
    """The application: FastAPI, with the move's route in front (:class:`MoveRoute`),
    and a game's WebSocket (whose pushes then go through no middleware)."""

    moves: MoveRoute | None = None
    sockets: Callable[[WebSocket, str], Awaitable[None]] | None = None
    """The handler of ``/api/matches/{id}/ws`` (FastAPI's route of it for other ids)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.sockets is not None:
            found = SOCKET.fullmatch(scope["path"])
            if found is not None:
                await self.sockets(WebSocket(scope, receive, send), found.group(1))
                return
        moves = self.moves
        if moves is not None:
            wanted = moves.wanted(scope)
            if wanted is not None:
                try:
                    await moves(scope, receive, send, *wanted)
                except Exception:
                    logging.getLogger(__name__).exception("a move failed")
                    raise
                return
        await super().__call__(scope, receive, send)

