# Two commands do all the set-up on a fresh machine:
#   make run   — virtualenv, install, migrate, serve http://127.0.0.1:$(PORT) (SQLite + local-memory cache)
#   make test  — the same set-up, plus the browser for the end-to-end tests, then every test
.DEFAULT_GOAL := help
SHELL := /bin/bash
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python

# Django 6.1 needs Python >= 3.12. Use the first of these that runs.
PYTHON ?= $(shell for p in python3.14 python3.13 python3.12 $$HOME/.pyenv/versions/3.1[2-9]*/bin/python3 /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9] python3; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then command -v $$p; break; fi; done)

.PHONY: help run test serve-prod venv lock browser check-python lint hant bench bench-wild bench-load bench-request bench-tap bench-abuse bench-append clean

help:
	@echo "make run    set up and serve the site on http://127.0.0.1:$(PORT)"
	@echo "make test   set up and run every test"
	@echo "make bench  engine benchmarks (on demand);  make bench-load  the load benchmark;  make bench-abuse  one flooding client"
	@echo "make bench-append  adding to a table of 400 entries against an empty one (the ledger's writes)"
	@echo "make bench-tap  headless Chromium against the production server: a tap to the settled result"
	@echo "make bench-request  a tap's and an API score's cost in-process (thread CPU; --instructions: callgrind)"
	@echo "make serve-prod  production server (gunicorn; see docs/deploy.md)"
	@echo "make hant  write the 繁體中文 catalog and word table after a change of a 简体 text"

check-python:
	@if [ -z "$(PYTHON)" ]; then echo "Python >= 3.12 is required (Django 6.1); none found. Install python3.12 or set PYTHON=/path/to/python3.12" >&2; exit 1; fi

# Installs come from the lock files: every package of the tree pinned with its hashes (pip refuses
# anything else). requirements.txt / requirements-test.txt are the top-level pins they are made from
# (`make lock`). A production server installs the runtime lock only; the tests install both.
PIP_INSTALL := $(PY) -m pip install --quiet --disable-pip-version-check --require-hashes

$(VENV)/.installed: requirements.lock requirements-test.lock | check-python
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) -r requirements-test.lock
	@touch $@ $(VENV)/.installed-prod

$(VENV)/.installed-prod: requirements.lock | check-python
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) -r requirements.lock
	@touch $@

venv: $(VENV)/.installed

# Regenerate the lock files from the top-level pins (pip-tools in a throwaway virtualenv).
lock: | check-python
	rm -rf /tmp/mahjong-lock-venv && $(PYTHON) -m venv /tmp/mahjong-lock-venv
	/tmp/mahjong-lock-venv/bin/pip install --quiet --disable-pip-version-check pip-tools==7.6.2
	/tmp/mahjong-lock-venv/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links --output-file requirements.lock requirements.txt
	/tmp/mahjong-lock-venv/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links --constraint requirements.lock \
		--output-file requirements-test.lock requirements-test.txt

run: venv
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

# Production (docs/deploy.md): needs SECRET_KEY, ALLOWED_HOSTS, and usually DATABASE_URL and CACHE_URL.
# Installs the runtime lock only (no test tools).
serve-prod: $(VENV)/.installed-prod
	$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput
	$(VENV)/bin/gunicorn -c gunicorn.conf.py

# Debian's Chromium drives the end-to-end browser tests (Playwright's own browser download is not used).
browser:
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi; \
	fi

test: venv browser
	$(PY) -m pytest -q $(PYTEST_ARGS)

lint: venv
	$(PY) -m ruff check rulesets serving calculator ledger tests bench tools

# The 繁體中文 catalog and the engine's word table, written from the 简体 texts (OpenCC over the word list
# locale/zh_Hant/words.tsv) and committed; tests/calculator/test_hant.py fails while they are stale.
hant: venv
	$(PY) manage.py make_hant

bench: venv
	$(PY) bench/bench_guobiao.py
	$(PY) bench/bench_engine.py

bench-wild: venv
	$(PY) bench/bench_wild.py

bench-load: venv
	$(PY) bench/bench_load.py

bench-request: venv
	$(PY) bench/bench_request.py

bench-tap: venv browser
	$(PY) bench/bench_tap.py

bench-abuse: venv
	$(PY) bench/bench_abuse.py

bench-append: venv
	$(PY) bench/bench_append.py
	$(PY) bench/bench_append.py --postgres

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
