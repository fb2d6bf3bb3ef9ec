# DeckLab: `make run` serves the site with a worker; `make test` runs the whole suite.
# Both set up everything first (virtualenv, pinned packages, migrations, shipped card data).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1
# pytest-xdist: one test process per core. Each worker has its own test database (pytest-django
# suffixes it), live-server port, Celery queue and tmp dirs; `make test PYTEST_ARGS=` runs serially.
PYTEST_ARGS ?= -n auto
# The pure game library's tests (`tests/games`, run without Django first): their own arguments, so
# that a path in PYTEST_ARGS does not reach them.
PURE_PYTEST_ARGS ?= -n auto
# `make bench SCALE=10`: also time the card search on 10 copies of the DBSCG cards.
SCALE ?= 1

.PHONY: run test setup bench lint format clean worker serve soak messages

# Serving installs requirements.txt only; the tests and linters add requirements-dev.txt.
$(VENV)/.installed-run: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed: $(VENV)/.installed-run requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# Migrations, the shipped card data and static files, each only when its inputs changed
# (deploy/run.py keeps a stamp per step in var/stamps; DECKLAB_FRESH=1 runs them all).
setup: $(VENV)/.installed-run
	$(PY) deploy/run.py --setup-only

# The site and a worker (deploy/run.py): DECKLAB_SITE_URL defaults to http://HOST:PORT; Ctrl-C or
# SIGTERM to the process group stops both within a few seconds.
run: $(VENV)/.installed-run
	$(PY) deploy/run.py --host $(HOST) --port $(PORT)

# Production mode on this machine: gunicorn + a Celery worker, DEBUG off (deploy/serve;
# docs/operators.md "Running in production" lists the variables it requires).
serve: setup
	DECKLAB_BIND="$${DECKLAB_BIND:-$(HOST):$(PORT)}" deploy/serve

worker: setup
	$(PY) -m celery -A decklab worker --loglevel=info

# The pure game library's tests run first without Django (pytest-django off: its ini key is then
# unknown); the suite after them leaves them out rather than run them twice.
test: $(VENV)/.installed setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run -v 0
	$(PY) -m pytest -p no:django -W ignore::pytest.PytestConfigWarning $(PURE_PYTEST_ARGS) tests/games -q
	$(PY) -m pytest $(PYTEST_ARGS) --ignore=tests/games

bench: $(VENV)/.installed setup
	@command -v ab >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq apache2-utils; } >/dev/null 2>&1 \
		|| echo "note: ApacheBench (apache2-utils) is not installed; the API load figures will be skipped"
	$(PY) manage.py bench --scale $(SCALE)

# 20,000 tiny tasks through a real worker on the embedded broker: crashes and lost tasks fail it.
# SOAK_ARGS="--broker filesystem:// --broker embedded" compares transports
# (docs/operators.md "The embedded broker").
SOAK_ARGS ?=
soak: $(VENV)/.installed setup
	$(PY) manage.py broker_soak $(SOAK_ARGS)

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

format: $(VENV)/.installed
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# Extract the site's texts into locale/ja/LC_MESSAGES/django.po and rebuild the committed .mo.
# Needs GNU gettext (xgettext, msgfmt) on the editor's machine only; running the site does not.
messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l ja --ignore=.venv --ignore=var --ignore=tests --add-location=file --no-obsolete
	$(PY) manage.py compilemessages -l ja --ignore=.venv

clean:
	rm -rf var .pytest_cache .ruff_cache .hypothesis
