"""The lean front: the requests of a conversation, answered on a protocol of its own.

``POST /v1/sessions`` (start), ``POST /v1/sessions/{id}/messages``, ``.../calls`` and ``.../end``
make up nearly all of an agent's traffic (an agent's connection, kept alive, sees only these).
aiohttp's server spends more CPU per request on them than callgate's own checks do
(bench/lean_floor.py), so the listener's connections start here instead:

- A request the front takes whole is answered here, through the same functions aiohttp's routes
  call (``admit_agent``, ``call_answer``, ``message_answer``): the same admission, rate limit,
  envelope and access log line. It takes a request only when it is plain: HTTP/1.x, ``POST`` to
  one of those paths (no query, no percent escapes), one ``Content-Length`` within the body
  limit, no ``Transfer-Encoding``, ``Content-Encoding``, ``Expect`` or ``Upgrade``, at most one
  ``Authorization``, and the whole body already received.
- Anything else (another route, a head the parser refuses, a body still arriving) hands the
  connection to aiohttp's server at that request's first byte, with every byte received since:
  from then on aiohttp owns the connection, with its limits and timeouts (a trickling body meets
  ``timeouts.client_body_s`` there, as before).
- Requests on one connection are answered in order, one at a time; a connection without a
  complete request within ``listen.idle_timeout_s`` is closed; connections here count towards
  ``listen.max_connections`` with aiohttp's.
- On shutdown (the app's ``on_shutdown``), the listener stops first; requests in flight are
  waited for (``timeouts.shutdown_s``), then the front's connections are closed.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from email.utils import formatdate
from http import HTTPStatus
from typing import Any, cast

import httptools
import orjson
import structlog
from aiohttp import web

from . import telemetry
from .api.agent import call_answer, message_answer, session_end_answer, session_start_answer
from .api.auth import admit_agent
from .errors import CallgateError, RateLimited
from .listener import GuardedRunner, retry_after
from .pipeline import Runtime
from .trace import round_ms
from .wire import _fields, error_envelope

log = structlog.get_logger("callgate.front")
access = structlog.get_logger("callgate.access")

TIMER_SLACK_S = 0.001  # a timer may fire this early (the loop's clock resolution)
MAX_HEAD = 16 * 1024  # a head larger than this goes to aiohttp, which has its own limits
_PATH = re.compile(rb"/v1/sessions(?:/([A-Za-z0-9_][A-Za-z0-9_.~-]*)/(calls|messages|end))?")
ROUTES = {b"calls": "/v1/sessions/{session_id}/calls",
          b"messages": "/v1/sessions/{session_id}/messages",
          b"end": "/v1/sessions/{session_id}/end", None: "/v1/sessions"}
_REASONS = {s.value: s.phrase.encode() for s in HTTPStatus}
_REFUSED = frozenset({b"transfer-encoding", b"content-encoding", b"expect", b"upgrade"})


class _Head:
    """One request's head, as httptools reads it. ``keep``: the header names (lower case)
    whose values the answer needs, or None for all of them."""

    __slots__ = ("authorization", "bad", "headers", "keep", "length", "url")

    def __init__(self, keep: frozenset[bytes] | None) -> None:
        self.url = b""
        self.headers: dict[str, str] = {}
        self.keep = keep
        self.length: int | None = None
        self.authorization = 0
        self.bad = False  # something the front does not take: aiohttp answers it

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        lowered = name.lower()
        if lowered in _REFUSED:
            self.bad = True
        elif lowered == b"content-length":
            if self.length is not None or not value.isdigit() or len(value) > 12:
                self.bad = True
            else:
                self.length = int(value)
        else:
            if lowered == b"authorization":
                self.authorization += 1
            if self.keep is None or lowered in self.keep:
                self.headers[lowered.decode("latin-1")] = value.decode("latin-1")


class Front:
    """The front's state for one listener: its connections, the requests in flight."""

    def __init__(self, runtime: Runtime, aiohttp_server: Callable[[], web.Server]) -> None:
        self.rt, self._server = runtime, aiohttp_server
        self.connections: set[_Connection] = set()
        self.answering: set[asyncio.Task[None]] = set()
        self.refuse: Callable[[], None] = lambda: None  # counts a connection past the cap
        self.closing = False
        self._date: tuple[int, bytes] = (0, b"")

    def __call__(self) -> _Connection:
        """The protocol factory for ``loop.create_server``."""
        return _Connection(self)

    @property
    def server(self) -> web.Server:
        """aiohttp's low-level server (the runner's): it makes the protocol a connection is
        handed over to."""
        return self._server()

    def open(self) -> int:
        """Connections open now, the front's and aiohttp's."""
        return len(self.connections) + len(self.server.connections)

    def date(self) -> bytes:
        now = int(time.time())
        if self._date[0] != now:
            self._date = (now, formatdate(now, usegmt=True).encode())
        return self._date[1]

    async def shutdown(self, timeout_s: float) -> None:
        """Take no new request; wait for those in flight (at most ``timeout_s``), cancel any
        still running then (a call caught mid-send stays "forwarding": its outcome unknown, as
        after a crash), and close what is open."""
        self.closing = True
        if self.answering:
            _, late = await asyncio.wait(list(self.answering), timeout=timeout_s)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late)
        for conn in list(self.connections):
            conn.close()


class _Connection(asyncio.Protocol):
    def __init__(self, front: Front) -> None:
        self.front = front
        # the loop, once: asyncio.get_running_loop() costs a getpid system call each time
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.busy = False  # a request of this connection is being answered
        self.idle: asyncio.TimerHandle | None = None
        self.idle_since: float | None = None  # loop time it became idle; None while answering
        self.remote: str | None = None
        self.paused = False  # reading paused (see _flow)
        self.writing_paused = False
        self.handed_over = False

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        front = self.front
        if front.closing or front.open() >= front.rt.config.listen.max_connections:
            front.refuse()
            transport.close()
            return
        front.connections.add(self)
        peer = transport.get_extra_info("peername")
        self.remote = str(peer[0]) if isinstance(peer, tuple) and peer else None
        self._arm()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.busy and not self.writing_paused:
            self._next()
        self._flow()

    def pause_writing(self) -> None:  # the client does not read its answers: take no more
        self.writing_paused = True
        self._flow()

    def resume_writing(self) -> None:
        self.writing_paused = False
        if not self.busy and self.buffer and self.transport is not None \
                and not self.transport.is_closing():
            self._next()
        self._flow()

    def _flow(self) -> None:
        """Read on only while the buffer holds less than one request at its largest and the
        client reads its answers: what a client sends ahead, or leaves unread, is bounded."""
        transport = self.transport
        if transport is None or transport.is_closing() or self.handed_over:
            return
        full = self.writing_paused or \
            len(self.buffer) > MAX_HEAD + self.front.rt.config.limits.max_body_bytes
        if full and not self.paused:
            self.paused = True
            transport.pause_reading()
        elif not full and self.paused:
            self.paused = False
            transport.resume_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self.front.connections.discard(self)

    def close(self) -> None:
        self._stop_timer()
        self.front.connections.discard(self)
        if self.transport is not None:
            self.transport.close()

    # The idle timer: no complete request within listen.idle_timeout_s closes the connection.
    # One timer per connection, moved on lazily: a request's start and its answer only note
    # the time (a timer cancelled and made anew per request cost more than that).
    def _arm(self) -> None:
        """The connection is idle from now on."""
        self.idle_since = self.loop.time()
        if self.idle is None:
            self.idle = self.loop.call_later(
                self.front.rt.config.listen.idle_timeout_s, self._idle_check)

    def _disarm(self) -> None:
        """A request is being answered: not idle (the timer, if it fires, waits for _arm)."""
        self.idle_since = None

    def _stop_timer(self) -> None:
        self.idle_since = None
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None

    def _idle_check(self) -> None:
        self.idle = None
        since = self.idle_since
        if since is None:  # answering: the answer's _arm starts the timer again
            return
        due = since + self.front.rt.config.listen.idle_timeout_s
        if self.loop.time() >= due - TIMER_SLACK_S:
            self.close()
        else:
            self.idle = self.loop.call_at(due, self._idle_check)

    # requests
    def _next(self) -> None:
        """Take the next request in the buffer: answer it here, or hand the connection over."""
        if self.front.closing:  # stopping: no new request is taken
            self.close()
            return
        buffer = self.buffer
        end = buffer.find(b"\r\n\r\n")
        if end < 0:
            if len(buffer) > MAX_HEAD:
                self._hand_over()
            return  # more of the head is coming (the idle timer runs)
        head = _Head(telemetry.header_names())
        parser = httptools.HttpRequestParser(head)
        try:
            parser.feed_data(bytes(buffer[:end + 4]))
        except (httptools.HttpParserError, httptools.HttpParserUpgrade):
            self._hand_over()  # aiohttp answers what it cannot parse, CONNECT and upgrades
            return
        match = _PATH.fullmatch(head.url)
        length = head.length
        if (head.bad or match is None or length is None or parser.get_method() != b"POST"
                or head.authorization > 1 or parser.get_http_version() not in ("1.1", "1.0")
                or length > self.front.rt.config.limits.max_body_bytes
                or len(buffer) < end + 4 + length):
            self._hand_over()
            return
        body = bytes(buffer[end + 4:end + 4 + length])
        del buffer[:end + 4 + length]
        self._disarm()
        self.busy = True
        sid = match.group(1)
        task = self.loop.create_task(self._answer(
            sid.decode() if sid else "", match.group(2), head.headers, body,
            parser.should_keep_alive(), parser.get_http_version() == "1.0"))
        self.front.answering.add(task)
        task.add_done_callback(self.front.answering.discard)

    def _hand_over(self) -> None:
        """aiohttp's server takes the connection over, at the first byte of this request."""
        assert self.transport is not None
        self._stop_timer()
        self.front.connections.discard(self)
        self.handed_over = True
        handler = self.front.server()
        self.transport.set_protocol(handler)
        handler.connection_made(self.transport)
        if self.paused:  # aiohttp's flow control from here on
            self.paused = False
            self.transport.resume_reading()
        if self.buffer:
            data, self.buffer = bytes(self.buffer), bytearray()
            handler.data_received(data)

    async def _answer(self, session_id: str, route: bytes | None, headers: dict[str, str],
                      body: bytes, keep_alive: bool, http10: bool) -> None:
        started = time.perf_counter()
        front = self.front
        status, payload, extra = await self._respond(session_id, route, headers, body)
        try:
            data = orjson.dumps(payload, default=_fields)
        except (TypeError, orjson.JSONEncodeError):
            log.exception("front_answer_unserialisable", route=ROUTES[route])
            status, extra = 500, b""
            data = orjson.dumps(error_envelope(CallgateError(
                "the proxy failed while answering this request")), default=_fields)
        transport = self.transport
        assert transport is not None
        keep_alive = keep_alive and not front.closing
        connection = (b"Connection: keep-alive\r\n" if http10 else b"") if keep_alive \
            else b"Connection: close\r\n"
        transport.write(
            b"HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\n"
            b"Content-Length: %d\r\nDate: %s\r\nServer: callgate\r\n%s%s\r\n"
            % (status, _REASONS.get(status, b""), len(data), front.date(), extra, connection)
            + data)
        access.info("request", method="POST", route=ROUTES[route], status=status,
                    ms=round_ms((time.perf_counter() - started) * 1e3))
        self.busy = False
        if not keep_alive:
            self.close()
            return
        if transport.is_closing():
            return
        self._arm()
        if self.buffer and not self.writing_paused:
            self._next()
        self._flow()

    async def _respond(self, session_id: str, route: bytes | None, headers: dict[str, str],
                       body: bytes) -> tuple[int, Any, bytes]:
        """(status, the JSON answer, extra header lines) for one request, never raising."""
        rt = self.front.rt
        auth = headers.get("authorization", "")
        token = auth[7:].strip() if auth.startswith("Bearer ") else None
        try:
            key = await admit_agent(rt, token, self.remote)
        except RateLimited as e:
            return e.status, error_envelope(e), b"Retry-After: %s\r\n" % retry_after(
                e.retry_after_s).encode()
        except CallgateError as e:
            return e.status, error_envelope(e), b""
        try:
            key_id = key.key_id if key is not None else None
            if route == b"calls":
                envelope, status = await call_answer(rt, session_id, body, headers, key, False)
                return status, envelope, b""
            if route == b"messages":
                return 201, await message_answer(rt, session_id, body, key_id), b""
            if route == b"end":
                return 200, await session_end_answer(rt, session_id, body, key_id), b""
            return 201, await session_start_answer(rt, body, key), b""
        except CallgateError as e:
            ids = {"session_id": session_id} if session_id else {}
            return e.status, error_envelope(e, **ids), b""
        except Exception:
            log.exception("front_request_failed", route=ROUTES[route])
            err = CallgateError("the proxy failed while handling this request")
            return err.status, error_envelope(err, **({"session_id": session_id}
                                                      if session_id else {})), b""


class FrontSite(web.BaseSite):
    """A TCP listener whose connections start at the front (``web.TCPSite``'s place). Stopping
    it stops the listener, then lets the front's requests in flight finish."""

    def __init__(self, runner: web.AppRunner, runtime: Runtime, host: str, port: int, *,
                 reuse_port: bool | None = None) -> None:
        super().__init__(runner)
        self._host, self._port, self._reuse_port = host, port, reuse_port
        self.front = Front(runtime, lambda: cast(web.Server, runner.server))
        if isinstance(runner, GuardedRunner):  # one cap and one count for both faces
            runner.also_open = lambda: len(self.front.connections)
            self.front.refuse = runner.count_refused

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        self._server = await asyncio.get_running_loop().create_server(
            self.front, self._host, self._port, reuse_address=True, reuse_port=self._reuse_port)

    async def stop(self) -> None:
        await super().stop()
        await self.front.shutdown(self.front.rt.config.timeouts.shutdown_s)
