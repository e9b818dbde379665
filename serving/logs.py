"""Logging helpers: a refused request is one line, not a traceback."""

from __future__ import annotations

import logging


class OneLine(logging.Filter):
    """Drops the traceback of a record, keeping its message: a request with a bad Host header is the
    client's mistake (``django.security.DisallowedHost``), worth one line, not forty."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True
