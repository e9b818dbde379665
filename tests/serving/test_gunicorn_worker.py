"""How serving/gunicorn_worker.py tells that a request has fully arrived, and how it refuses one. The worker
itself, holding slow clients: tests/calculator/test_faults.py and test_faults_doors.py."""

from __future__ import annotations

import json

from serving import gunicorn_worker as worker

HEAD = b"POST /api/v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


def state(data: bytes) -> tuple[bool, bool, bool]:
    found = worker._request_state(bytearray(data))
    return found.head_end is not None, found.complete, found.too_large


def test_a_request_is_complete_once_its_head_and_its_body_are_in():
    assert state(b"GET / HTTP/1.1\r\nHost: x\r\n") == (False, False, False)
    assert state(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n") == (True, True, False)
    assert state(HEAD + b"Content-Length: 5\r\n\r\n{}") == (True, False, False)
    assert state(HEAD + b"content-length:5\r\n\r\n{\"a\"}") == (True, True, False)
    assert state(b"POST / HTTP/1.1\r\nContent-Length: 5\r\nHost: x\r\n\r\n{}") == (True, False, False)  # any line
    assert state(HEAD + b"Content-Length: 99999999\r\n\r\n") == (True, True, True)  # too large: handed on unread
    assert state(HEAD + b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n") == (True, True, False)  # the parser refuses


def test_a_chunked_body_is_complete_with_its_last_chunk():
    chunked = HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
    assert state(chunked + b"5\r\n{\"a\":") == (True, False, False)
    assert state(chunked + b"5\r\n{\"a\":\r\n2\r\n1}\r\n0\r\n\r\n") == (True, True, False)
    assert state(chunked + b"zz\r\n") == (True, True, False)  # malformed: the parser refuses it
    assert state(chunked + b"FFFFFF\r\n") == (True, True, True)


def test_a_refusal_under_the_api_is_the_json_error_object():
    answer = worker._refusal(b"GET /api/v1/score?hand=1m1m HTTP/1.1\r\n", 414, "URI Too Long", "line too long")
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 414 URI Too Long") and b"Connection: close" in head
    error = json.loads(body)["error"]
    assert error["code"] == "too_long" and "POST" in error["message"] and error["message_zh"]
    page = worker._refusal(b"GET /?hand=1m HTTP/1.1\r\n", 408, "Request Timeout", "too slow")
    assert b"text/plain" in page and b"too slow" in page


def test_a_worker_takes_new_connections_only_while_it_has_a_thread_free():
    """A worker whose threads are all in hand leaves the listener alone, so that another worker's idle thread
    takes the next connection (rather than it waiting in this worker's queue, as kept-alive clients did when
    one worker had taken twelve of sixteen)."""
    import selectors
    import socket
    from concurrent.futures import Future
    from types import SimpleNamespace

    class Pool:
        def submit(self, fn, conn):
            return Future()

    class Conn:
        def close(self, graceful=False):
            self.closed = True

    listener = socket.create_server(("127.0.0.1", 0))
    w = object.__new__(worker.HeaderTimeoutWorker)
    w.cfg, w.sockets, w.poller, w.tpool = SimpleNamespace(threads=2), [listener], selectors.DefaultSelector(), Pool()
    w.method_queue, w._accepting, w.nr_conns, w.alive = SimpleNamespace(defer=lambda *a: None), False, 2, True

    def listening() -> bool:
        return listener in {key.fileobj for key in w.poller.get_map().values()}

    try:
        w.set_accept_enabled(True)
        assert listening()
        first, second = Conn(), Conn()
        w.enqueue_req(first)
        assert listening()
        w.enqueue_req(second)
        assert not listening() and w.in_hand == 2
        w.set_accept_enabled(True)  # gunicorn's loop asks again each turn: still no thread free
        assert not listening()
        done = Future()
        done.set_result(False)  # the client closed: the connection goes
        w.finish_request(first, done)
        assert first.closed and w.in_hand == 1
        w.set_accept_enabled(True)
        assert listening()
    finally:
        w.poller.close()
        listener.close()
