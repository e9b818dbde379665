"""Text that quotes what a client sent, made safe to show: control and bidi characters made visible.

A hand string may carry U+202E (right-to-left override), U+2066…U+2069 (isolates), zero-width or
other format characters (Unicode category Cf) and control characters (Cc). Echoed raw into an error
message they reorder or hide the text around them; :func:`visible` writes each as ``\\u202e``.

>>> visible("bad \\u202e tile")
'bad \\\\u202e tile'
>>> visible("东南 123m")
'东南 123m'
"""

from __future__ import annotations

import unicodedata


def visible(text: str) -> str:
    """``text`` with every control and format character written as ``\\uXXXX`` (newlines and tabs too)."""
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Cf") else ch for ch in text)
