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

.PHONY: run test lint format install install-dev messages

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.installed-runtime

install: $(VENV)/.installed-runtime
install-dev: $(VENV)/.installed-dev

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
