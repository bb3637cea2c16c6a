# The two commands of the README:
#   make run    set up .venv, migrate, load the demo tournament, serve http://127.0.0.1:8000
#   make test   set up .venv with the test tools, run the whole suite
# Both reuse .venv when it is there and reinstall only when a requirements file changed.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test lint format install install-dev messages solver

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.installed-runtime

# The compiled twin of the matching solver (pairing/engine/_blossom.c); needs gcc and
# the Python headers. Without it the engines run the pure-Python solver: same pairings, slower.
SOLVER_SO := pairing/engine/.built-solver
$(SOLVER_SO): pairing/engine/_blossom.c setup.py | $(PY)
	@if $(PY) setup.py -q build_ext --inplace; then touch $@; \
	else echo "No C compiler or Python headers: the engines use the pure-Python solver (same pairings, slower)."; fi
solver: $(SOLVER_SO)

install: $(VENV)/.installed-runtime $(SOLVER_SO)
install-dev: $(VENV)/.installed-dev $(SOLVER_SO)

# The translations (locale/*/LC_MESSAGES/django.po -> .mo); needs gettext's msgfmt.
messages: install
	@if command -v msgfmt >/dev/null; then $(PY) manage.py compilemessages --ignore=$(VENV) -v 0; \
	else echo "gettext (msgfmt) is not installed: the pages stay in English"; fi

# SQLite and eager Celery tasks unless DATABASE_URL / REDIS_URL say otherwise.
run: install messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install-dev messages
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install-dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: install-dev
	$(PY) -m ruff format .
