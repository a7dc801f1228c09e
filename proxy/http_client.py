"""The HTTP/1.1 client of the upstream hop: keep-alive connections per origin, one request at a
time on each, answers parsed by httptools (llhttp, the parser Node.js uses).

Why not aiohttp's client, which the rest of the proxy uses: on every call it builds a URL, a
request and a response object, merges header multidicts and runs cookie and trace hooks, about
0.15 ms of CPU per request here, more than the proxy's own checks. This client does what the hop
needs and no more (bench/upstream_client.py measures the two side by side):

- a request is written in one piece: its head (method, target, ``Host``, the caller's headers,
  ``Content-Length``) and its body; no redirects are followed, no cookies kept, no proxy
  variables read, no ``Accept-Encoding`` sent (a gzip or deflate answer is still decoded, within
  the size limit);
- the answer: its status, its media type, its body (by ``Content-Length``, chunked, or up to
  the connection's end), at most ``max_bytes`` of it and ``MAX_HEAD_BYTES`` of headers;
- what went wrong says whether the request left: ``NotSent`` (no connection, refused, the
  deadline passed before it was written: nothing reached the upstream) or ``Broken`` (the
  connection broke, or the answer was not HTTP, after it was written: it may have run);
- a connection goes back to the pool only after a complete answer that keeps it alive; one
  idle longer than ``keepalive_s`` is closed instead of reused; a request is sent once, except
  that a request which changes nothing (``retry_stale``) goes once more on a new connection when
  a kept one ended without a byte of answer (the upstream had closed it, idle, as the request
  went out: keep-alive timeouts of 2-5 s are common upstream).
"""

from __future__ import annotations

import asyncio
import base64
import collections
import ssl
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast
from urllib.parse import unquote

import httptools
import yarl

from .locks import Turns, hand_turn, wait_turn

MAX_HEAD_BYTES = 64 * 1024  # an answer's status line and headers, at most
KEEPALIVE_S = 15.0  # an idle connection older than this is not reused (aiohttp's default too)


class HttpError(Exception):
    """The request did not get a complete answer."""


class NotSent(HttpError):
    """Nothing reached the upstream: no connection could be had, or the deadline passed before
    the request was written."""


class Broken(HttpError):
    """The request was written, then the connection broke or the answer was not HTTP: the
    upstream may have acted on it."""


class TooLarge(HttpError):
    """The answer's body or head is larger than the limit."""


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    content_type: str  # the media type, lower case, without parameters ("" when absent)
    body: bytes


@dataclass(frozen=True, slots=True)
class Origin:
    """Where requests for one base URL go, parsed once."""

    key: tuple[str, str, int]  # (scheme, host, port)
    host: str
    port: int
    tls: bool
    prefix: str  # the base URL's path, without a trailing slash
    head: bytes  # the headers every request to it carries (Host, and Authorization from userinfo)

    @classmethod
    def of(cls, base_url: str) -> Origin:
        url = yarl.URL(base_url)
        if url.scheme not in ("http", "https") or not url.host:
            raise ValueError(f"{base_url!r} is not an http(s) URL with a host")
        default = 443 if url.scheme == "https" else 80
        host, port = url.host, url.explicit_port or default
        shown = f"[{host}]" if ":" in host else host
        if port != default:
            shown += f":{port}"
        head = f"Host: {shown}\r\n"
        if url.raw_user is not None:
            pair = f"{unquote(url.raw_user)}:{unquote(url.raw_password or '')}"
            head += f"Authorization: Basic {base64.b64encode(pair.encode()).decode()}\r\n"
        return cls((url.scheme, host, port), host, port, url.scheme == "https",
                   url.raw_path.rstrip("/"), head.encode("latin-1"))


class _Connection(asyncio.Protocol):
    """One connection to an origin, and the answer to the request in flight on it."""

    def __init__(self, client: HttpClient, origin: Origin) -> None:
        self.client, self.origin = client, origin
        # the loop, once: asyncio.get_running_loop() costs a getpid system call each time
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.waiter: asyncio.Future[Response] | None = None
        self.closed = False
        self.reusable = False
        self.idle_since = 0.0
        self.max_bytes = 0
        self.unsolicited = False
        self.raw = 0  # bytes received for the request in flight, framing and trailers included
        self._reset()

    def _reset(self) -> None:
        self.status = 0
        self.content_type = ""
        self.encoding = ""
        self.chunks: list[bytes] = []
        self.size = 0
        self.head_bytes = 0  # the head's names and values, as the parser hands them over
        self.head_too_large = False
        self.headers_done = False
        self.framed = False  # Content-Length or chunked: the end is known without the close
        self.too_large = False

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def data_received(self, data: bytes) -> None:
        if self.waiter is None or self.waiter.done():  # bytes nobody asked for: not reusable
            self.close()
            return
        self.raw += len(data)
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            self._fail(Broken("the upstream switched protocols"))
        except httptools.HttpParserError as e:
            self._fail(Broken(f"the upstream's answer is not valid HTTP ({e})"))
        if self.too_large or self.raw > 2 * (self.max_bytes + MAX_HEAD_BYTES):
            # (the raw bound holds chunk framing and trailers, which the body's count does not)
            self._fail(TooLarge(f"the answer is larger than {self.max_bytes} bytes"))
        elif self.head_bytes > MAX_HEAD_BYTES or (  # (head_too_large implies the first)
                not self.headers_done and self.raw > MAX_HEAD_BYTES):
            self._fail(TooLarge(f"the answer's headers are larger than {MAX_HEAD_BYTES} bytes"))
        elif self.unsolicited:
            self._fail(Broken("the upstream sent a second answer to one request"))

    def eof_received(self) -> bool | None:
        return None  # the transport closes; connection_lost decides what the answer is

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.client._discard(self)
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        if exc is None and self.headers_done and not self.framed and not self.too_large:
            self._complete()  # an answer delimited by the connection's (clean) end: that was it
            return
        waiter.set_exception(Broken("the upstream closed the connection before its answer "
                                    "was complete" + (f" ({exc!r})" if exc else "")))

    # httptools callbacks
    def on_message_begin(self) -> None:
        if self.waiter is None or self.waiter.done() or self.too_large or self.headers_done:
            self.unsolicited = True  # a second answer to one request: nothing of it is kept
            return
        self._reset()

    def on_status(self, status: bytes) -> None:
        self.head_bytes += len(status)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.head_bytes += len(name) + len(value)
        if self.headers_done or self.unsolicited:  # a trailer, or another answer's: no say
            return
        lowered = name.lower()
        if lowered == b"content-type":
            self.content_type = value.split(b";", 1)[0].strip().lower().decode("latin-1")
        elif lowered == b"content-encoding":
            self.encoding = value.strip().lower().decode("latin-1")
        elif lowered in (b"content-length", b"transfer-encoding"):
            self.framed = True

    def on_headers_complete(self) -> None:
        self.headers_done = True
        self.status = self.parser.get_status_code()
        if self.head_bytes > MAX_HEAD_BYTES:
            self.head_too_large = True  # refused once the parser returns, never completed

    def on_body(self, body: bytes) -> None:
        if self.unsolicited:
            return
        self.size += len(body)
        if self.size > self.max_bytes:
            self.too_large = True
            return
        self.chunks.append(body)

    def on_message_complete(self) -> None:
        if self.unsolicited:
            return
        if 100 <= self.status < 200:  # an interim answer (103 Early Hints): the real one follows
            self._reset()
            return
        self.reusable = self.parser.should_keep_alive()
        self._complete()

    # the request
    def _complete(self) -> None:
        waiter = self.waiter
        if waiter is None or waiter.done() or self.too_large or self.head_too_large:
            return
        body = b"".join(self.chunks)
        if self.encoding and self.encoding != "identity":
            try:
                body = _decompress(body, self.encoding, self.max_bytes)
            except HttpError as e:
                self.reusable = False
                waiter.set_exception(e)
                return
        waiter.set_result(Response(self.status, self.content_type, body))

    def _fail(self, err: HttpError) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_exception(err)
        self.close()

    def usable(self) -> bool:
        return not self.closed and self.transport is not None and not self.transport.is_closing()

    def close(self) -> None:
        self.reusable = False
        if self.transport is not None and not self.closed:
            self.closed = True
            self.transport.close()
        self.client._discard(self)

    async def exchange(self, data: bytes, max_bytes: int, timeout_s: float | None = None
                       ) -> Response:
        """Send ``data`` and wait for the whole answer; ``timeout_s``: raise ``TimeoutError``
        after that long (a timer on the answer's future: cheaper than ``asyncio.timeout``)."""
        assert self.transport is not None
        self.max_bytes = max_bytes
        self.reusable = False
        self.raw = 0
        self._reset()
        loop = self.loop
        waiter: asyncio.Future[Response] = loop.create_future()
        self.waiter = waiter
        timer = None if timeout_s is None else loop.call_later(timeout_s, _expire, waiter)
        try:
            self.transport.write(data)
            return await waiter
        finally:
            self.waiter = None
            if timer is not None:
                timer.cancel()


def _expire(waiter: asyncio.Future[Response]) -> None:
    if not waiter.done():
        waiter.set_exception(TimeoutError())


def _decompress(body: bytes, encoding: str, limit: int) -> bytes:
    if encoding in ("gzip", "x-gzip"):
        decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":  # zlib-wrapped, as the RFC says; raw deflate as servers send it
        decoder = zlib.decompressobj(zlib.MAX_WBITS if body[:1] == b"\x78" else -zlib.MAX_WBITS)
    else:
        raise Broken(f"the upstream's answer is encoded as {encoding!r}, which was not asked "
                     "for and cannot be read")
    try:
        out = decoder.decompress(body, limit + 1)
    except zlib.error as e:
        raise Broken(f"the upstream's {encoding} answer does not decode ({e})") from e
    if len(out) > limit or decoder.unconsumed_tail:
        raise TooLarge(f"the answer is larger than {limit} bytes once decoded")
    if not decoder.eof or decoder.unused_data:  # cut off, or more than one stream
        raise Broken(f"the upstream's {encoding} answer is incomplete or holds more than one "
                     "stream")
    return out


class _Slots:
    """At most ``limit`` requests at once, in the order they came. A free slot is taken without
    awaiting anything (the usual case; ``asyncio.Semaphore`` runs a coroutine for it)."""

    __slots__ = ("_turns", "free")

    def __init__(self, limit: int) -> None:
        self.free = limit
        self._turns: Turns = collections.deque()

    def vacant(self) -> bool:
        """A slot can be taken now (``free -= 1``) without passing anyone waiting."""
        return self.free > 0 and not self._turns

    async def __aenter__(self) -> None:
        if self.vacant():
            self.free -= 1
            return
        await wait_turn(self._turns, self.give)

    async def __aexit__(self, *exc: object) -> None:
        self.give()

    def give(self) -> None:
        """A slot back: to the first still waiting for one, else free."""
        turns = self._turns
        if not (turns and hand_turn(turns)):
            self.free += 1


class HttpClient:
    """Connections to the upstreams, at most ``limit`` in use at once; one per process."""

    def __init__(self, limit: int, connect_s: float, keepalive_s: float = KEEPALIVE_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.connect_s, self.keepalive_s, self.clock = connect_s, keepalive_s, clock
        self._slots = _Slots(limit)
        self._idle: dict[tuple[str, str, int], list[_Connection]] = {}
        self._all: set[_Connection] = set()
        self._tls: ssl.SSLContext | None = None
        self._origins: dict[str, Origin] = {}

    def origin(self, base_url: str) -> Origin:
        found = self._origins.get(base_url)
        if found is None:
            found = self._origins[base_url] = Origin.of(base_url)
        return found

    async def request(self, base_url: str, method: str, target: str,
                      headers: list[tuple[str, str]], body: bytes | None, timeout_s: float,
                      max_bytes: int, retry_stale: bool = False) -> Response:
        """Send one request to ``base_url`` + ``target`` (a path with its query, already
        encoded) and return the complete answer within ``timeout_s``. Raises ``NotSent``,
        ``Broken``, ``TooLarge`` or ``TimeoutError`` (sent, no answer in time).

        ``retry_stale`` (a request that changes nothing, sent again safely): when a kept
        connection ends without a byte of answer (the upstream closed it, idle, as the request
        went out), the request is sent once more on a new connection, within the same time."""
        origin = self.origin(base_url)
        head = [f"{method} {origin.prefix}{target} HTTP/1.1\r\n"]
        head += [f"{name}: {value}\r\n" for name, value in headers]
        if body is not None or method in ("POST", "PUT", "PATCH"):
            head.append(f"Content-Length: {len(body or b'')}\r\n")
        text = "".join(head)
        # each line ends in the one CRLF put there: a CR or LF inside a value adds one more
        if text.count("\n") != len(head) or text.count("\r") != len(head) \
                or not text.isascii():
            raise NotSent("a header or the target holds a line break or a character that is "
                          "not ASCII; nothing was sent")
        data = text.encode("ascii") + origin.head + b"\r\n" + (body or b"")
        sent = False
        conn: _Connection | None = None
        slots = self._slots
        if method == "GET" and slots.vacant() and (conn := self._take(origin)) is not None:
            # the usual case: a free slot (taken without waiting) and a kept connection, so
            # only the answer is waited for, under the exchange's own timer
            deadline = conn.loop.time() + timeout_s
            slots.free -= 1
            try:
                try:
                    response = await conn.exchange(data, max_bytes, timeout_s)
                except Broken as e:
                    conn.close()
                    if not retry_stale or conn.raw:
                        raise
                    async with asyncio.timeout_at(deadline):
                        conn, response = await self._again(origin, e, data, max_bytes)
                except BaseException:  # timed out, cancelled or broken: state unknown
                    conn.close()
                    raise
            finally:
                slots.give()
            return self._done(conn, origin, response)
        try:
            async with asyncio.timeout(timeout_s), self._slots:
                conn = (self._take(origin) if method == "GET"
                        else await self._take_for_write(origin))
                kept, conn = conn is not None, conn or await self._connect(origin)
                sent = True
                try:
                    response = await conn.exchange(data, max_bytes)
                except Broken as e:
                    if not (retry_stale and kept) or conn.raw:
                        raise
                    conn.close()
                    conn, response = await self._again(origin, e, data, max_bytes)
        except TimeoutError:
            if conn is not None:
                conn.close()
            if not sent:
                raise NotSent(f"no connection to {origin.host}:{origin.port} within "
                              f"{timeout_s}s") from None
            raise
        except BaseException:  # cancelled, or broken: the connection's state is unknown
            if conn is not None:
                conn.close()
            raise
        return self._done(conn, origin, response)

    async def _again(self, origin: Origin, stale: Broken, data: bytes, max_bytes: int
                     ) -> tuple[_Connection, Response]:
        """Send ``data`` once more, on a new connection, after it went into a kept one that
        ended with no answer. If no connection can be had, the error is the first attempt's
        (the request left); a connection that fails is closed here."""
        try:
            conn = await self._connect(origin)
        except NotSent:
            raise stale from None
        try:
            return conn, await conn.exchange(data, max_bytes)
        except BaseException:
            conn.close()
            raise

    def _done(self, conn: _Connection, origin: Origin, response: Response) -> Response:
        """After a complete answer: the connection is kept for the next request, or closed."""
        if conn.reusable and conn.usable():
            conn.idle_since = self.clock()
            self._idle.setdefault(origin.key, []).append(conn)
        else:
            conn.close()
        return response

    def _take(self, origin: Origin) -> _Connection | None:
        idle = self._idle.get(origin.key)
        now = self.clock()
        while idle:
            conn = idle.pop()
            if conn.usable() and now - conn.idle_since < self.keepalive_s:
                return conn
            conn.close()
        return None

    async def _take_for_write(self, origin: Origin) -> _Connection | None:
        """An idle connection for a request that changes something: the loop runs once first,
        so a close the upstream sent with (or just after) its last answer is seen before this
        request is written into it (it would fail as "outcome unknown" though nothing ran)."""
        if not self._idle.get(origin.key):
            return None
        await asyncio.sleep(0)
        return self._take(origin)

    async def _connect(self, origin: Origin) -> _Connection:
        loop = asyncio.get_running_loop()
        tls: ssl.SSLContext | None = None
        if origin.tls:
            if self._tls is None:
                self._tls = ssl.create_default_context()
            tls = self._tls
        try:
            async with asyncio.timeout(self.connect_s):
                _, conn = await loop.create_connection(
                    lambda: _Connection(self, origin), origin.host, origin.port, ssl=tls,
                    server_hostname=origin.host if tls else None)
        except TimeoutError as e:
            raise NotSent(f"no connection to {origin.host}:{origin.port} within "
                          f"{self.connect_s}s") from e
        except (OSError, ssl.SSLError) as e:
            raise NotSent(f"cannot connect to {origin.host}:{origin.port}: {e}") from e
        self._all.add(conn)
        return conn

    def _discard(self, conn: _Connection) -> None:
        self._all.discard(conn)
        idle = self._idle.get(conn.origin.key)
        if idle and conn in idle:
            idle.remove(conn)

    def connections(self) -> int:
        """Connections open now (in use or idle)."""
        return len(self._all)

    async def close(self) -> None:
        for conn in list(self._all):
            conn.close()
        self._idle.clear()
        await asyncio.sleep(0)  # let the transports finish closing
