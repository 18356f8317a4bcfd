"""Running the server: uvicorn with limits (a deadline for a request's headers, a short
keep-alive, a cap on header size and on connections), in one process or, on
PostgreSQL, several worker processes sharing the games through the database.

uvicorn parses HTTP with httptools and runs its loop on uvloop when both are installed
(they are dependencies; issue 15: h11's pure-Python parsing and asyncio's loop cost a
good part of a move's CPU), else with h11 and asyncio's loop: the same limits either way.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from dogfight.core.errors import DogfightError
from dogfight.server.bodies import MAX_HEADER_BYTES, HeadDeadline

KEEP_ALIVE_SECONDS = 5
WORKER_HEALTH_SECONDS = 30
"""Seconds uvicorn waits for a worker process's answer to its health check."""
MAX_CONNECTIONS = 2_000
"""Connections (WebSockets included) a worker process serves at once; more get 503."""


class TimedH11(HeadDeadline, H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's headers: a
    connection that has not sent a whole request head within ``HEADER_SECONDS`` of
    opening (or of its previous response) is closed."""

    def _arm(self) -> None:
        self._disarm()
        self._waiting = self.cycle
        self._header_timer = self.loop.call_later(self.header_seconds, self._late)

    def _late(self) -> None:
        self._header_timer = None
        waiting = self.cycle is None or self.cycle.response_complete  # not serving one
        if self.cycle is self._waiting and waiting and not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self._header_timer is not None and self.cycle is not self._waiting:
            self._disarm()  # a whole request head arrived

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)


def timed_httptools() -> type[asyncio.Protocol] | None:
    """:class:`TimedH11`'s twin on httptools (``server/timed.py``), None if httptools
    is not installed."""
    if importlib.util.find_spec("httptools") is None:
        return None
    from dogfight.server.timed import TimedHttpTools

    return TimedHttpTools


def protocols() -> tuple[type[asyncio.Protocol], str]:
    """The HTTP protocol (httptools' if installed, else h11's) and the event loop
    (``auto``: uvloop if installed, else asyncio's) the server runs."""
    return timed_httptools() or TimedH11, "auto"


def app_from_env() -> Any:
    """The application of a worker process (``$DOGFIGHT_DB``), for uvicorn's factory."""
    from dogfight.server.app import create_app

    return create_app(os.environ.get("DOGFIGHT_DB") or None)


def serve(url: str, host: str, port: int, *, workers: int = 1,
          log_level: str = "info") -> None:
    """Serve ``url``'s games on ``host:port``; ``workers`` > 1 needs PostgreSQL (the
    processes tell each other's sockets through LISTEN/NOTIFY; SQLite cannot)."""
    import uvicorn

    from dogfight.store.db import Database

    if workers > 1 and not url.startswith("postgresql"):
        raise DogfightError("several worker processes need a PostgreSQL database")
    Database(url).close()  # create or upgrade the tables once, before the workers start
    os.environ["DOGFIGHT_DB"] = url
    http, loop = protocols()
    uvicorn.run("dogfight.server.serving:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level, http=http, loop=loop,
                timeout_keep_alive=KEEP_ALIVE_SECONDS, limit_concurrency=MAX_CONNECTIONS,
                # a push is a few kB of JSON: compressing each for every socket cost the
                # server more CPU than the bytes saved are worth (issue 15)
                ws_per_message_deflate=False,
                # a worker whose health check is late is killed and replaced (its
                # sockets and requests cut): a loaded machine can delay its answer
                timeout_worker_healthcheck=WORKER_HEALTH_SECONDS,
                h11_max_incomplete_event_size=MAX_HEADER_BYTES)
