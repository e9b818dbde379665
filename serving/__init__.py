"""The server's plumbing, shared by every page and API of the site and owned by none of them.

The pages (``calculator``, ``ledger``: views, forms, view models, templates) build on it; it imports neither
of them, and names no page or system (tests/rulesets/test_one_way.py):

- the doors: ``wsgi`` (the WSGI entry point gunicorn serves), ``wsgi_body`` (chunked request bodies),
  ``gunicorn_worker`` (a thread only for a request that has fully arrived), ``checks`` (a server refuses
  a placeholder secret);
- the dependencies that fail: ``dbguard`` (a hung database costs a few threads for a bounded time),
  ``resilience`` (a cache that fails is a miss), ``health`` (``/livez``, ``/healthz``);
- the answers: ``errors`` (the API's JSON error object, the site's error pages, 503 on database trouble),
  ``visible`` (a client's text quoted safely), ``compression`` (brotli or gzip, never beside a secret), ``csp``
  (Django's Content-Security-Policy, the site's policy written once);
- the limits and memos: ``ratelimit`` (per client address), ``memo`` (answers kept per worker under the digest
  of their request, applied at the edge of a view), ``keptbytes`` (a costly drawing kept in the worker and the
  shared cache), ``bytecache`` (a store bounded by its size);
- ``env`` (the settings' typed helpers) and ``logs`` (a refused request is one line).
"""
