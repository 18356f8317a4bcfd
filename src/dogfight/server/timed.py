"""uvicorn's HTTP protocol on httptools (the C parser) with :class:`TimedH11`'s limits:
the same deadline for a request's head, and the same cap on its size (httptools has none
of its own: a head over ``MAX_HEADER_BYTES`` gets 431). Imported only when httptools is
installed (``serving.timed_httptools``); a module's class, so that uvicorn's worker
processes can be handed it."""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dogfight.server.bodies import MAX_HEADER_BYTES, HeadDeadline


class TimedHttpTools(HeadDeadline, HttpToolsProtocol):
    max_header_bytes = MAX_HEADER_BYTES

    def _arm(self) -> None:
        """Wait for a request's head: its bytes counted, a deadline set."""
        self._disarm()
        self._head_bytes = 0
        self._header_timer = self.loop.call_later(self.header_seconds, self._late)

    def _late(self) -> None:
        self._header_timer = None
        serving = self.cycle is not None and not self.cycle.response_complete
        if not serving and not self.transport.is_closing():
            self.transport.close()  # no whole head arrived in time

    def data_received(self, data: bytes) -> None:
        heading = self._header_timer is not None
        if heading:
            self._head_bytes += len(data)
        super().data_received(data)
        if (heading and self._header_timer is not None
                and self._head_bytes > self.max_header_bytes
                and not self.transport.is_closing()):
            self._disarm()
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                 b"content-length: 0\r\nconnection: close\r\n\r\n")
            self.transport.close()

    def on_headers_complete(self) -> None:
        self._disarm()  # a whole request head arrived (or a WebSocket's)
        super().on_headers_complete()
