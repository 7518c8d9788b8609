# Cardroom: every target needs only Python 3.11+ and make. The virtualenv is created on first use
# and requirements.txt is installed again only when it changes (the stamp file records the last
# install).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.requirements-installed

.PHONY: help install migrate run test lint e2e bench-load

help:
	@echo "make run   - install, migrate, serve on http://127.0.0.1:8000/ (daphne + Celery worker)"
	@echo "make test  - install, run the test suite (no browser), then make lint"
	@echo "make lint  - ruff (check, format), mypy --strict (games/, cardroom/) and the import contracts"
	@echo "make e2e   - the Playwright browser suite (needs /usr/bin/chromium)"
	@echo "make bench-load - the load benchmark on PostgreSQL and Redis (BENCH_ARGS=\"--tables 500 --pace 2\")"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -r requirements.txt
	touch $@

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

# daphne and a Celery worker with its beat (turn clocks, bots, the sweep; docs/clocks-and-bots.md),
# stopped together by Ctrl-C; a worker that exits is started again (cardroom/embedded.py). Without
# REDIS_URL they share the embedded broker in var/celery/ (cardroom/broker.py).
run: migrate
	$(BIN)/python -m cardroom.embedded --port 8000

test: install
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory lint

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

e2e: install
	@test -x /usr/bin/chromium || { echo "Chromium is missing: apt-get install -y chromium"; exit 1; }
	$(BIN)/python -m pytest -m e2e tests/e2e

# The load benchmark (README, "Performance"): real daphne, a throwaway PostgreSQL database and the
# Redis channel layer on this machine; figures in artifacts/bench/.
bench-load: install
	$(BIN)/python -m bench.load $(BENCH_ARGS)
