"""The production storage of the static files: whitenoise's hashed, compressed copies, the scripts minified.

The scripts are written for the people who read them: about a sixth of ``calculator.js`` is comments that
say why it does what it does. A phone has no use for them, and the first load of ``/`` has a budget (60 KB
on the wire, docs/performance.md): ``collectstatic`` therefore minifies each collected script with rjsmin
(comments and whitespace out, nothing renamed or reordered; ``/*! … */`` comments kept) before whitenoise
hashes and compresses it. The sources under ``static/`` stay as they are, and so does every page that serves
them (DEBUG, the tests' plain static files).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rjsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage


def minified(name: str) -> bool:
    """Whether the collected file ``name`` is minified: the site's own scripts (``static/js/*.js``; the
    packages' scripts come as their makers ship them, and a ``*.min.js`` already is). Stylesheets are left
    as written (their gain is small, and a stylesheet's minifier has more ways to change what a page looks
    like).

    >>> minified("js/calculator.js"), minified("django_htmx/htmx-2.min.js"), minified("css/site.css")
    (True, False, False)
    """
    return name.startswith("js/") and name.endswith(".js") and not name.endswith(".min.js")


def minify(script: str) -> str:
    """``script`` without its comments and spare whitespace (rjsmin: the tokens and their order kept).

    >>> minify("// why\\nvar a = 1;  /* note */\\nfunction f (x) { return x + a; }\\n")
    'var a=1;function f(x){return x+a;}'
    >>> minify("/*! licence */\\nvar b = /x\\\\/y/.test(s);")
    '/*! licence */var b=/x\\\\/y/.test(s);'
    """
    small: str = rjsmin.jsmin(script, keep_bang_comments=True)
    return small


class MinifiedManifestStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # whitenoise is untyped
    """Whitenoise's storage, the site's collected scripts (:func:`minified`) minified in place before they are
    hashed and compressed."""

    def post_process(self, paths: dict[str, Any], dry_run: bool = False, **options: Any) -> Iterator[Any]:
        if not dry_run:
            paths = dict(paths)
            for name in paths:
                if minified(name):
                    path = Path(self.path(name))
                    text = path.read_text(encoding="utf-8")
                    small = minify(text)
                    if small != text:
                        path.write_text(small, encoding="utf-8")
                    paths[name] = (self, name)  # hashed from the collected, minified copy, not the source
        yield from super().post_process(paths, dry_run=dry_run, **options)
