"""gunicorn's gthread worker that never gives a thread to a request whose headers are not all in.

gunicorn's gthread worker hands every new connection to a thread, which waits up to 5 s for data and
then reads the request line and headers with blocking reads: a client that sends one byte every few
seconds keeps its thread, and a few dozen such clients (slowloris) hold every thread of every worker.

Here a thread only ever reads what the socket already holds, without waiting: the bytes of a request's
head are gathered across readiness events while the connection waits in the worker's poller (costing
no thread), and only once the head is complete (a blank line) is the request parsed and served, on
gunicorn's own code path. A head not complete within ``GUNICORN_HEADER_TIMEOUT`` seconds (default 10)
of its first byte closes the connection with one log line; a connection that sends nothing is closed
after gunicorn's ``keepalive`` seconds. Once the head is in, the request body and the response have
gunicorn's ``timeout`` (socket timeout) at most.

Used by gunicorn.conf.py (``worker_class``); tests/calculator/test_faults.py holds slow clients against it.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from gunicorn.workers.gthread import _DEFER, ThreadWorker

HEADER_TIMEOUT = float(os.environ.get("GUNICORN_HEADER_TIMEOUT", "") or 10)
HEAD_LIMIT = 64 * 1024  # beyond this the parser decides (gunicorn's own line and field limits refuse it)


class HeaderTimeoutWorker(ThreadWorker):
    """ThreadWorker that gathers each request's head without blocking a thread (see the module)."""

    def handle(self, conn: Any) -> Any:
        if self.cfg.is_ssl or _read_ahead(conn):
            return super().handle(conn)
        try:
            chunk = conn.sock.recv(HEAD_LIMIT, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            chunk = None  # nothing yet: wait in the poller, not in a thread
        except OSError:
            chunk = b""
        if chunk == b"":
            return False  # the client went away (or never sent a request): close
        head: bytearray = getattr(conn, "mj_head", None) or bytearray()
        if chunk:
            if not head:
                conn.mj_started = time.monotonic()
            head += chunk
        conn.mj_head = head
        if b"\r\n\r\n" in head or b"\n\n" in head or len(head) >= HEAD_LIMIT:
            conn.mj_head = None
            if not conn.initialized:
                conn.init()
            conn.parser.unreader.unread(bytes(head))
            return super().handle(conn)
        started = getattr(conn, "mj_started", None)
        if started is not None and time.monotonic() - started > HEADER_TIMEOUT:
            self.log.warning("closing a connection from %s: request headers incomplete after %g s",
                             _peer(conn), HEADER_TIMEOUT)
            _cut(conn)
            return False
        conn.data_ready = True  # gunicorn must not wait for data in a thread when this comes back
        return _DEFER

    def handle_request(self, req: Any, conn: Any) -> Any:
        conn.sock.settimeout(self.cfg.timeout or 30)  # the body and the response: bounded, not forever
        return super().handle_request(req, conn)


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
