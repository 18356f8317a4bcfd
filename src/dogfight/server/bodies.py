"""What the API reads: request bodies declared as msgspec structs (their JSON Schema
goes into the OpenAPI document), decoded with a depth and size bound; and the limits
on a request before any handler sees it (body size caps, a body read deadline, the
rate of game creation per client).

A body that is not what its route declares is answered 422 with the path of the fault
(``$.seats.allies.kind``); nothing is read past the size cap, and a body that does not
arrive in time is answered 408.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from dogfight.core.errors import DogfightError

MAX_DEPTH = 64
"""How deep options and decisions may nest (the games' go four or five levels)."""
BODY_CAP = 1 << 20
"""Bytes a request body may have (1 MiB)."""
SAVE_CAP = 8 << 20
"""Bytes an uploaded save may have (8 MiB: tens of thousands of actions)."""
BODY_SECONDS = 20.0
"""Seconds a whole request body may take to arrive."""
MAX_IDS = 100
"""Games a listing may ask for at once."""
HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's headers (slow clients are cut off)."""
MAX_HEADER_BYTES = 64 * 1024
"""Bytes a request's head may have."""

class HeadDeadline(asyncio.Protocol):
    """The deadline for a request's head shared by uvicorn's two HTTP protocols
    (``serving.TimedH11`` on h11, ``timed.TimedHttpTools`` on httptools): armed when a
    connection opens and after each response, disarmed when the connection is lost. A
    subclass says how it arms (``_arm``) and what a late head does; it comes first in
    the bases, before uvicorn's protocol."""

    header_seconds = HEADER_SECONDS
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        raise NotImplementedError

    def _disarm(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


Name = Annotated[str, Meta(min_length=1, max_length=64)]
SeatName = Annotated[str, Meta(min_length=1, max_length=32)]
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]


class MalformedBody(DogfightError):
    """A body that is not JSON, or not the shape its route declares (HTTP 422)."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class SeatSpec(Struct):
    """Who takes a seat: a person holding a token, an open seat (taken with its
    invitation, or by anyone from the lobby if the game is listed), or a computer pilot
    (a level of ``/api/catalog``, or a capped budget)."""

    kind: Literal["human", "open", "pilot"] = "human"
    pilot: Annotated[str, Meta(max_length=32)] | UnsetType = UNSET
    """For ``kind: pilot``: a level or a pilot name (default ``random``)."""


class NewMatch(Struct):
    """``POST /api/matches``: a game, its options, its seats; a chosen ``seed`` makes a
    practice game; ``listed``: its open seats are listed in the lobby for anyone to
    take (by default only their invitation links admit)."""

    game: Name
    options: dict[str, Any] = {}
    seats: dict[SeatName, SeatSpec] = {}
    seed: Seed | None = None
    listed: bool = False


class Preview(Struct):
    """``POST /api/preview``: the seats and aircraft that options give."""

    game: Name
    options: dict[str, Any] = {}


class Join(Struct):
    """``POST /api/matches/{id}/join``: the open seat to take, and its invitation (the
    token its link carries; needed unless the game is listed in the lobby)."""

    seat: SeatName
    invite: Annotated[str, Meta(max_length=64)] | None = None


class Act(Struct):
    """``POST /api/matches/{id}/actions``: a decision (one of the observation's
    ``legal``), and ``seq``, the number of actions the client saw."""

    decision: Any
    seq: Annotated[int, Meta(ge=0, le=2**31 - 1)] | None = None


class NewCampaign(Struct):
    """``POST /api/campaigns``: a game's campaign by name."""

    game: Name
    campaign: Annotated[str, Meta(min_length=1, max_length=128)]
    options: dict[str, Any] = {}


class NextGame(Struct):
    """``POST /api/campaigns/{id}/next``: choice number ``choice`` of the campaign's
    choices, its seats, seed and listing as for a new match."""

    choice: Annotated[int, Meta(ge=0, le=1000)]
    seats: dict[SeatName, SeatSpec] = {}
    seed: Seed | None = None
    listed: bool = False


BODIES: tuple[type[Struct], ...] = (NewMatch, Preview, Join, Act, NewCampaign, NextGame)
T = TypeVar("T", bound=Struct)


def depth(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests no deeper than ``limit`` (iteratively: no recursion)."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, level = todo.pop()
        if level > limit:
            return False
        if isinstance(item, dict):
            todo.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, level + 1) for v in item)
    return True


def decode(raw: bytes, kind: type[T]) -> T:
    """The body as ``kind``, or :class:`MalformedBody` with the path of the fault."""
    try:
        body = msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as exc:
        text = str(exc)
        path = text.rsplit(" - at `", 1)[1].rstrip("`") if " - at `" in text else "$"
        raise MalformedBody(f"the body is not as declared: {text}", path) from None
    except msgspec.DecodeError as exc:
        raise MalformedBody(f"the body is not JSON: {exc}", "$") from None
    except RecursionError:
        raise MalformedBody(f"the body nests too deep (at most {MAX_DEPTH} levels)",
                            "$") from None
    for name in ("options", "decision"):
        if name in kind.__struct_fields__ and not depth(getattr(body, name)):
            raise MalformedBody(f"{name} nests too deep (at most {MAX_DEPTH} levels)",
                                f"$.{name}")
    return body


def openapi_body(kind: type[Struct]) -> dict[str, Any]:
    """The ``openapi_extra`` of a route that reads ``kind``."""
    return {"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/{kind.__name__}"}}}}}


def components(extra: tuple[type[Any], ...] = ()) -> dict[str, Any]:
    """The JSON Schemas of every declared body, for the OpenAPI document."""
    _, found = msgspec.json.schema_components(
        (*BODIES, *extra), ref_template="#/components/schemas/{name}")
    return found


# -- limits before the handlers --------------------------------------------------------
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class Limits:
    """ASGI middleware: a request's body is read whole before the application sees it,
    under a size cap (413) and a deadline (408); game creation is rate-limited per
    client (429)."""

    def __init__(self, app: App, *, cap: int = BODY_CAP, save_cap: int = SAVE_CAP,
                 seconds: float = BODY_SECONDS, creations: RateLimit | None = None) -> None:
        self.app = app
        self.cap = cap
        self.save_cap = save_cap
        self.seconds = seconds
        self.creations = creations

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        if self.creations is not None and scope["method"] == "POST" and (
                path in ("/api/matches", "/api/saves", "/api/campaigns")
                or (path.startswith("/api/campaigns/") and path.endswith("/next"))):
            client = scope.get("client") or ("?", 0)
            wait = self.creations.take(str(client[0]))
            if wait > 0:
                await answer(send, 429, f"too many games created from here: wait "
                             f"{wait:.0f} s", {"retry-after": str(max(1, round(wait)))})
                return
        body = await self.read(scope, receive, send,
                               self.save_cap if path == "/api/saves" else self.cap)
        if body is None:
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def read(self, scope: Scope, receive: Receive, send: Send,
                   cap: int | None = None) -> bytes | None:
        """The request's whole body, read under the size cap (else 413) and the deadline
        (else 408); None once answered so (or when the client has gone)."""
        cap = self.cap if cap is None else cap
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > cap):
                await answer(send, 413, f"the body is larger than {cap} bytes")
                return None
        chunks: list[bytes] = []
        size = 0
        end = asyncio.get_running_loop().time() + self.seconds
        while True:
            try:
                async with asyncio.timeout_at(end):  # no task made, unlike wait_for
                    message = await receive()
            except TimeoutError:
                await answer(send, 408, f"the body did not arrive within "
                             f"{self.seconds:g} s")
                return None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                await answer(send, 413, f"the body is larger than {cap} bytes")
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return chunks[0] if len(chunks) == 1 else b"".join(chunks)


async def answer(send: Send, status: int, message: str,
                 headers: dict[str, str] | None = None) -> None:
    data = json.dumps({"error": message, "rule": None}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
        (b"connection", b"close"),
        *((k.encode(), v.encode()) for k, v in (headers or {}).items())]})
    await send({"type": "http.response.body", "body": data})


class RateLimit:
    """A token bucket per client: ``count`` creations, refilled over ``seconds``; the
    clients seen last are remembered (at most ``clients``)."""

    def __init__(self, count: int, seconds: float, clients: int = 10_000) -> None:
        self.count = count
        self.seconds = seconds
        self.clients = clients
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.guard = threading.Lock()

    def take(self, client: str) -> float:
        """0 if ``client`` may create now (one token taken), else seconds to wait."""
        now = time.monotonic()
        rate = self.count / self.seconds
        with self.guard:
            tokens, then = self.buckets.pop(client, (float(self.count), now))
            tokens = min(float(self.count), tokens + (now - then) * rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / rate
            self.buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self.buckets) > self.clients:
                self.buckets.popitem(last=False)
        return wait


def rate_from_env(default: str = "60/60") -> RateLimit | None:
    """``$DOGFIGHT_CREATE_LIMIT``: ``count/seconds`` games created per client (default
    60 a minute), or ``0`` for no limit (a load benchmark)."""
    spec = os.environ.get("DOGFIGHT_CREATE_LIMIT", default).strip()
    if spec in ("0", "off", ""):
        return None
    count, _, seconds = spec.partition("/")
    try:
        return RateLimit(int(count), float(seconds or 60))
    except ValueError:
        raise DogfightError(f"DOGFIGHT_CREATE_LIMIT is count/seconds, not {spec!r}"
                            ) from None
