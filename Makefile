# The two commands of the README: `make serve` and `make test`. Each does all of its own set-up.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
PROXY  := $(VENV)/chp/node_modules/.bin/configurable-http-proxy

# Python writes its bytecode and reads it again, whatever the shell says: with
# PYTHONDONTWRITEBYTECODE set, every kernel and server the suite starts compiles mathcards and
# widgets anew (0.15 to 0.2 s of CPU a kernel, measured).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: serve test check hub-test lint messages bench bench-pages bench-classroom bench-live browser proxy postgres clean

serve: $(VENV)/.installed
	$(BIN)/mathcards serve --port $(PORT)

# The whole suite on three workers for two cores: the tests that share a server (the lessons',
# the live class's, a JupyterHub, the installed wheel's) each run on one worker, beside the
# others. A browser test waits on its pages and servers a third of its time, and the third
# worker fills the cores while it does (docs/measurements.md, "The whole suite": 740 s with two,
# 690 with three).
test: lint browser proxy postgres
	$(BIN)/python -m pytest -n 3 --dist loadgroup

# The fast tier, for everyday work: lint, then every test that starts no browser and no server
# (no Voila, no JupyterHub, no PostgreSQL, no wheel), on both cores.
check: lint
	$(BIN)/python -m pytest -n 2 -m "not browser and not hub and not wheel and not server"

# Only the JupyterHub tests (tests/hub): a real Hub, its proxy, the class service over PostgreSQL
# (tests/postgres.py; skipped, saying why, without it) and the students in Chromium.
hub-test: browser proxy postgres
	$(BIN)/python -m pytest tests/hub

# Style, format and types: the first part of `make test`.
lint: $(VENV)/.installed-test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy

# The catalogues (mathcards/locale): extract every marked message, add the new ones to each
# language's .po for translating, and compile the .mo files the package reads.
LOCALE := mathcards/locale
messages: $(VENV)/.installed-test
	$(BIN)/pybabel extract --no-wrap --sort-by-file --add-location=file --project=mathcards -F babel.cfg \
		-o $(LOCALE)/mathcards.pot .
	$(BIN)/pybabel update --no-wrap --ignore-obsolete --ignore-pot-creation-date \
		-i $(LOCALE)/mathcards.pot -d $(LOCALE) -D mathcards
	$(BIN)/pybabel compile --statistics -d $(LOCALE) -D mathcards

bench: $(VENV)/.installed
	$(BIN)/python -m bench.solver
	$(BIN)/python -m bench.lama_dice
	$(BIN)/python -m bench.lama
	$(BIN)/python -m bench.unikat

# Time to interactive of every lesson page in Chromium (needs the test extras and a browser).
bench-pages: $(VENV)/.installed-test browser
	$(BIN)/python -m bench.pages

# A class of 30 opening a lesson at once against `mathcards serve`, three times (STUDENTS=N for
# another size).
STUDENTS ?= 30
bench-classroom: $(VENV)/.installed-test
	$(BIN)/python -m bench.classroom --students $(STUDENTS) --rounds 3

# 30 students answering MAM! live within 100 ms, against the class service on a free port.
bench-live: $(VENV)/.installed-test
	$(BIN)/python -m bench.live --students $(STUDENTS)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[test]'
	touch $(VENV)/.installed $@

# A Chromium for the browser tests: $MATHCARDS_CHROMIUM, else Debian's headless shell (installed
# as root if missing: the tests mostly open pages, and it opens one with about 40% less CPU than
# the browser), else Debian's browser, else Playwright's own download.
browser: $(VENV)/.installed-test
	@if [ -n "$$MATHCARDS_CHROMIUM" ]; then \
		echo "browser tests use $$MATHCARDS_CHROMIUM"; \
	elif [ -x /usr/bin/chromium-headless-shell ]; then \
		echo "browser tests use /usr/bin/chromium-headless-shell"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell; then \
		echo "installed Debian's chromium-headless-shell"; \
	elif [ -x /usr/bin/chromium ]; then \
		echo "browser tests use /usr/bin/chromium"; \
	else \
		$(BIN)/python -m playwright install chromium; \
	fi

# PostgreSQL for the class book's tests (tests/postgres.py starts its own server in a temporary
# folder): initdb on PATH or in /usr/lib/postgresql/*/bin, else Debian's package (as root).
# Without it the PostgreSQL tests are skipped and say why.
postgres:
	@if command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "class book tests use $$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb | tail -1)"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; then \
		echo "installed Debian's postgresql"; \
	else \
		echo "no PostgreSQL: the class book's PostgreSQL tests will be skipped"; \
	fi

# JupyterHub's proxy for the hub test: $MATHCARDS_PROXY, else configurable-http-proxy from the
# npm registry into .venv/chp (only when missing), with Debian's Node.js (as root) if there is
# no npm. Without Node.js the hub test is skipped and says why.
proxy: $(VENV)/.installed-test
	@if [ -n "$$MATHCARDS_PROXY" ]; then \
		echo "hub test uses $$MATHCARDS_PROXY"; \
	elif [ -x $(PROXY) ]; then \
		echo "hub test uses $(PROXY)"; \
	else \
		if ! command -v npm >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; \
		fi; \
		if command -v npm >/dev/null; then \
			npm install --prefix $(VENV)/chp --no-audit --no-fund --loglevel=error \
				configurable-http-proxy@5 && echo "installed $(PROXY)"; \
		else \
			echo "no Node.js: the JupyterHub test will be skipped"; \
		fi; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
