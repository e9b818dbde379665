"""gunicorn's gthread worker that gives a thread only to a request that has fully arrived.

gunicorn's gthread worker hands a connection to a thread, which reads the request line, the headers and
later the body with blocking reads, each bounded only by the socket timeout: a client that sends one
byte every few seconds keeps its thread for as long as it likes (slowloris on the head; on the body, a
trickle under ``Content-Length``), and a few such clients hold every thread of a worker, which keeps
accepting connections it cannot serve — ``/livez`` included.

Here a thread only ever reads what the socket already holds, without waiting. The bytes of a request are
gathered across readiness events while the connection waits in the worker's poller (costing no thread):
first its head (line and headers, up to a blank line), then its body — ``Content-Length`` bytes, or a
chunked body up to its last chunk — as long as the body is within ``MAX_BODY_BYTES`` (a larger one is
handed on at once: the application refuses it with 413 without reading it, and the connection is closed
rather than drained). Only a complete request is parsed and served, on gunicorn's own code path, so the
application never waits on the client. Deadlines, each over the whole of its part, not per read:

- the head must be complete ``GUNICORN_HEADER_TIMEOUT`` seconds (default 10) after its first byte;
- the body ``GUNICORN_BODY_TIMEOUT`` seconds (default 10) after the head;

else the connection is answered 408 and closed, with one log line. A connection that sends nothing is
closed after gunicorn's ``keepalive`` seconds.

A worker takes new connections only while one of its threads is free (gunicorn's takes them until it holds
``worker_connections``): when every thread has a request in hand, the next connection is left to a worker
with an idle thread rather than queued behind busy ones. Kept-alive clients stay with the worker that
accepted them, so this is what spreads them: measured with 16 load-test connections on 5 workers, the most
one worker held fell from 10–12 (one or two workers holding none) to 6.

A request gunicorn itself refuses (a request line over ``limit_request_line``, 8190 bytes: 414; headers
too large: 431; a malformed request: 400) is answered with the API's JSON error object when its path is
under ``/api/`` (gunicorn writes an HTML page otherwise).

Used by gunicorn.conf.py (``worker_class``); tests/calculator/test_faults.py holds slow clients against it.
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from typing import Any

from gunicorn import util
from gunicorn.workers.gthread import _DEFER, ThreadWorker

HEADER_TIMEOUT = float(os.environ.get("GUNICORN_HEADER_TIMEOUT", "") or 10)
BODY_TIMEOUT = float(os.environ.get("GUNICORN_BODY_TIMEOUT", "") or 10)
HEAD_LIMIT = 64 * 1024  # beyond this the parser decides (gunicorn's own line and field limits refuse it)
BODY_LIMIT = int(os.environ.get("MAX_BODY_BYTES", "") or 64 * 1024)  # = settings.DATA_UPLOAD_MAX_MEMORY_SIZE

_HEAD_END = re.compile(rb"\r?\n\r?\n")
_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\S*)[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_CHUNKED = re.compile(rb"^transfer-encoding[ \t]*:.*chunked", re.IGNORECASE | re.MULTILINE)
_EXPECT = re.compile(rb"^expect[ \t]*:[ \t]*100-continue[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"

_current = threading.local()  # the head of the request this thread is handling (for handle_error)


class HeaderTimeoutWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn ships no types
    """ThreadWorker that gathers each request, head and body, without holding a thread (see the module)."""

    in_hand = 0
    """Connections handed to this worker's threads and not yet back (serving, or queued for a thread)."""

    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled and self.in_hand < self.cfg.threads)

    def enqueue_req(self, conn: Any) -> None:
        self.in_hand += 1
        if self.in_hand >= self.cfg.threads:
            self.set_accept_enabled(False)
        super().enqueue_req(conn)

    def finish_request(self, conn: Any, fs: Any) -> None:
        self.in_hand -= 1
        super().finish_request(conn, fs)

    def handle(self, conn: Any) -> Any:
        if self.cfg.is_ssl:
            return super().handle(conn)
        gathered, chunk = _gather(conn)
        if chunk == b"" and not gathered:
            return False  # the client went away (or never sent a request): close
        state = _request_state(gathered)
        if state.complete or chunk == b"":
            return self._serve(conn, gathered, state)
        return self._wait(conn, gathered, state)

    def _wait(self, conn: Any, gathered: bytearray, state: _State) -> Any:
        """Back to the poller until more arrives, within the deadlines (see the module)."""
        now = time.monotonic()
        if state.head_end is None:
            started = getattr(conn, "mj_started", None)  # None: nothing sent yet (gunicorn's keepalive applies)
            if started is not None and now - started > HEADER_TIMEOUT:
                return self._too_slow(conn, gathered, "request headers incomplete", HEADER_TIMEOUT)
        else:
            if not getattr(conn, "mj_head_done", None):
                conn.mj_head_done = now
                if _EXPECT.search(gathered, 0, state.head_end):  # the client waits for this before its body
                    _write(conn.sock, _CONTINUE)
            if now - conn.mj_head_done > BODY_TIMEOUT:
                return self._too_slow(conn, gathered, "request body incomplete", BODY_TIMEOUT)
        conn.data_ready = True  # gunicorn must not wait for data in a thread when this comes back
        return _DEFER

    def _serve(self, conn: Any, gathered: bytearray, state: _State) -> Any:
        conn.mj_bytes = conn.mj_head_done = conn.mj_started = None
        conn.mj_unread_body = state.too_large
        if not conn.initialized:
            conn.init()
        conn.parser.unreader.unread(bytes(gathered))
        _current.head = bytes(gathered[:HEAD_LIMIT])
        try:
            return super().handle(conn)
        finally:
            _current.head = b""

    def _too_slow(self, conn: Any, gathered: bytearray, what: str, seconds: float) -> bool:
        self.log.warning("closing a connection from %s: %s after %g s", _peer(conn), what, seconds)
        _write(conn.sock, _refusal(bytes(gathered), 408, "Request Timeout",
                                   f"{what} after {seconds:g} s: the client sends too slowly"))
        _cut(conn)
        return False

    def _keepalive_after(self, conn: Any, keepalive: Any) -> bool:
        """A body left unread (too large, refused without reading it) closes the connection: draining it
        would hold this thread for as long as the client takes to send it."""
        if getattr(conn, "mj_unread_body", False):
            conn.mj_unread_body = False
            return False
        return bool(super()._keepalive_after(conn, keepalive))

    def handle_request(self, req: Any, conn: Any) -> Any:
        conn.sock.settimeout(self.cfg.timeout or 30)  # the response: bounded, not forever
        return super().handle_request(req, conn)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: Any) -> None:
        """gunicorn's answer to a request it refuses; under /api/ the same status with the JSON error object."""
        head = getattr(_current, "head", b"") or b""
        if not _path(head).startswith(b"/api/"):
            super().handle_error(req, client, addr, exc)
            return
        captured = _Captured()
        super().handle_error(req, captured, addr, exc)  # gunicorn's status, reason and log line
        status, reason = captured.status()
        _write(client, _refusal(head, status, reason, str(exc) or reason))
        return None


def _gather(conn: Any) -> tuple[bytearray, bytes | None]:
    """What the connection has sent of its request so far, with what this call read (None: nothing was
    there yet; b"": the client closed its side)."""
    gathered: bytearray = getattr(conn, "mj_bytes", None) or bytearray()
    if not gathered and _read_ahead(conn):  # bytes of the next request, read with the last one
        gathered += conn.parser.unreader.take_buffered()
        conn.mj_started = time.monotonic()
    try:
        chunk: bytes | None = conn.sock.recv(HEAD_LIMIT, socket.MSG_DONTWAIT)
    except (BlockingIOError, InterruptedError):
        chunk = None  # nothing yet: wait in the poller, not in a thread
    except OSError:
        chunk = b""
    if chunk:
        if not gathered:
            conn.mj_started = time.monotonic()
        gathered += chunk
    conn.mj_bytes = gathered
    return gathered, chunk


class _State:
    __slots__ = ("complete", "head_end", "too_large")

    def __init__(self, head_end: int | None, complete: bool, too_large: bool = False) -> None:
        self.head_end, self.complete, self.too_large = head_end, complete, too_large


def _request_state(data: bytearray) -> _State:
    """How far a request has arrived: its head (where it ends), and whether its body is all in (or need not be
    waited for: none, too large to read, or a head the parser will refuse)."""
    found = _HEAD_END.search(data, 0, HEAD_LIMIT + 4)
    if found is None:
        return _State(None, len(data) >= HEAD_LIMIT)
    end, head = found.end(), bytes(data[:found.start()])
    if _CHUNKED.search(head):
        done, size = _chunked_end(data, end)
        return _State(end, done or size > BODY_LIMIT, size > BODY_LIMIT)
    lengths = _LENGTH.findall(head)
    if not lengths:
        return _State(end, True)
    if len(set(lengths)) != 1 or not lengths[0].isdigit() or len(lengths[0]) > 12:
        return _State(end, True)  # a length the parser refuses: let it
    length = int(lengths[0])
    if length > BODY_LIMIT:
        return _State(end, True, True)
    return _State(end, len(data) - end >= length)


def _chunked_end(data: bytearray, at: int) -> tuple[bool, int]:
    """Whether a chunked body starting at ``at`` is complete (its last chunk and trailers in), and the size of
    its chunks so far. A malformed chunk counts as complete: the parser refuses it."""
    size = 0
    while True:
        line_end = data.find(b"\r\n", at)
        if line_end < 0:
            return False, size
        try:
            chunk = int(bytes(data[at:line_end]).split(b";", 1)[0].strip(), 16)
        except ValueError:
            return True, size
        if chunk == 0:  # trailers, then an empty line
            return data.find(b"\r\n\r\n", line_end) >= 0 or data[line_end:line_end + 4] == b"\r\n\r\n", size
        size += chunk
        if size > BODY_LIMIT:
            return True, size
        at = line_end + 2 + chunk + 2
        if at > len(data):
            return False, size


def _path(head: bytes) -> bytes:
    parts = head.split(b" ", 2)
    return parts[1] if len(parts) > 1 else b""


class _Captured:
    """A stand-in socket that keeps what gunicorn would have written (its status line is all that is read)."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data

    def send(self, data: bytes) -> int:
        self.data += data
        return len(data)

    def status(self) -> tuple[int, str]:
        line = self.data.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        try:
            return int(line[1]), line[2] if len(line) > 2 else ""
        except (IndexError, ValueError):
            return 400, "Bad Request"


_MESSAGES_ZH = {400: "无法读取这个请求", 408: "请求发送得太慢", 431: "请求头太大",
                414: "请求行太长（超过 8190 字节）：长的牌请用 POST 发送"}


def _refusal(head: bytes, status: int, reason: str, message: str) -> bytes:
    """A complete HTTP answer that closes the connection: the JSON error object under /api/, text otherwise."""
    if _path(head).startswith(b"/api/"):
        if status == 414:
            message = (f"{message}: the request line may be at most 8190 bytes; send a long hand in a POST "
                       "body (/api/v1/score takes JSON)")
        code = {408: "timeout", 414: "too_long", 431: "too_large"}.get(status, "bad_request")
        error = {"code": code, "message": message, "position": None, "message_zh": _MESSAGES_ZH.get(status),
                 "key": f"server.http_{status}"}
        body, kind = json.dumps({"error": error}, ensure_ascii=False).encode(), "application/json"
    else:
        body, kind = (message + "\n").encode(), "text/plain; charset=utf-8"
    head_out = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {kind}\r\n"
                f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n\r\n")
    return head_out.encode("latin-1") + body


def _write(sock: Any, data: bytes) -> None:
    try:
        util.write_nonblock(sock, data)
    except OSError:
        pass


def _cut(conn: Any) -> None:
    """Shut both directions now, so gunicorn's graceful close (which drains what the client still
    sends, for up to 2 s, in the worker's main loop) returns at once."""
    try:
        conn.sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _read_ahead(conn: Any) -> bool:
    """True when the parser already holds bytes of the next request (read ahead with the last body)."""
    parser = getattr(conn, "parser", None)
    return parser is not None and bool(parser.unreader.buf.getvalue())


def _peer(conn: Any) -> str:
    client = getattr(conn, "client", None)
    if isinstance(client, tuple) and client:
        return str(client[0])
    return str(client or "?")
