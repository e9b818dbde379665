"""gunicorn's gthread worker with a deadline on reading a request's line and headers (slowloris).

gunicorn's gthread worker keeps a connection in its poller until the client sends something, then
gives it a thread, which reads the request line and headers with blocking reads. A client that sends
one byte every few seconds would keep that thread forever; a few dozen such clients hold every thread.
Here a watchdog thread shuts down the socket of any connection whose line and headers are not in
``GUNICORN_HEADER_TIMEOUT`` seconds (default 10) after its thread took it: the read fails, the thread
is free again, and one line is logged. Once the headers are in, the deadline no longer applies (the
request is the application's, bounded by gunicorn's ``timeout``).

Used by gunicorn.conf.py (``worker_class``); ``tests/calculator/test_faults.py`` holds slow clients
against it.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

HEADER_TIMEOUT = float(os.environ.get("GUNICORN_HEADER_TIMEOUT", "") or 10)


class HeaderTimeoutWorker(ThreadWorker):
    """ThreadWorker whose threads never wait longer than HEADER_TIMEOUT for a request's headers."""

    def init_process(self) -> None:
        self._reading: dict[int, tuple[float, Any]] = {}
        self._reading_lock = threading.Lock()
        threading.Thread(target=self._watch, name="header-deadline", daemon=True).start()
        super().init_process()

    def handle(self, conn: Any) -> Any:
        with self._reading_lock:
            self._reading[id(conn)] = (time.monotonic() + HEADER_TIMEOUT, conn)
        try:
            return super().handle(conn)
        finally:
            self._done_reading(conn)

    def handle_request(self, req: Any, conn: Any) -> Any:
        self._done_reading(conn)  # the headers are in: the request is the application's now
        return super().handle_request(req, conn)

    def _done_reading(self, conn: Any) -> None:
        with self._reading_lock:
            self._reading.pop(id(conn), None)

    def _watch(self) -> None:
        while True:
            time.sleep(0.5)
            now = time.monotonic()
            with self._reading_lock:
                late = [(key, conn) for key, (deadline, conn) in self._reading.items() if deadline < now]
                for key, _conn in late:
                    self._reading.pop(key, None)
            for _key, conn in late:
                self.log.warning("closing a connection from %s: no request headers within %g s",
                                 _peer(conn), HEADER_TIMEOUT)
                try:
                    conn.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def _peer(conn: Any) -> str:
    client = getattr(conn, "client", None)
    if isinstance(client, tuple) and client:
        return str(client[0])
    return str(client or "?")
