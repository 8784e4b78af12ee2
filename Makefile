# Rules Explorer: two commands on a fresh machine.
#   make dashboard   create .venv, install, serve the Voilà dashboards on 127.0.0.1 (rules-explorer serve)
#   make test        create .venv, install test needs (and Chromium if root), lint (ruff), type-check (mypy), run every test (and build the docs)
# Each target bootstraps its own .venv; nothing needs to be installed by hand but Python 3.11+ and make.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
LAB_PORT ?= 8888
CHROMIUM ?= $(shell command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || echo /usr/bin/chromium)
export CHROMIUM

# `rules-explorer serve` (explorer/cli.py) runs Voilà on notebooks/dashboards only, on loopback, with
# --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --Voila.config_file_paths=binder: hardened by
# binder/voila.py (widgets/server): Host checked (loopback, or the names in RULES_EXPLORER_HOSTS),
# foreign websocket Origins refused, no tracebacks sent to pages, at most RULES_EXPLORER_MAX_KERNELS
# kernels (50), SameSite cookies, no CDN assets, a closed page shuts its kernel down, idle kernels
# culled after 10 minutes.

# The documentation site (docs/): Sphinx + MyST-NB, offline, every warning an error (-W), every
# cross-reference checked (-n), a fresh environment each time (-E); the guided notebooks are executed
# during the build, the simulation study with 30 games as under nbval. `make test` builds it too:
# tests/test_docs.py runs this very line (into a temporary folder) and checks the pages and links.
DOCS_OUT ?= docs/_build/html
DOCS_BUILD := SIM_STUDY_GAMES=30 $(BIN)/python -m sphinx -b html -E -W --keep-going -n -q docs $(DOCS_OUT)

.PHONY: dashboard test docs site lab chromium npm benchmarks clean help

help:
	@echo "make dashboard   serve the dashboards with Voilà on http://127.0.0.1:$(PORT)/ (rules-explorer serve)"
	@echo "make test        lint (ruff), type-check (mypy), then run every test (unit, property, doctest, notebooks, browser, the docs build)"
	@echo "make docs        build the documentation site into $(DOCS_OUT)/ (offline; fails on any warning)"
	@echo "make site        build the dashboards as a static site into site/ (no server needed)"
	@echo "make lab         open JupyterLab on the notebooks (127.0.0.1:$(LAB_PORT))"
	@echo "make benchmarks  print the speed ratios against the reference tools"

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, found " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.dashboard-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dashboard]'
	touch $@

$(VENV)/.docs-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

$(VENV)/.site-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[site]'
	touch $@

# The test extra holds every other one (dashboard, sim, site, docs): the browser tests build the site.
$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.dashboard-installed $(VENV)/.docs-installed $(VENV)/.site-installed

dashboard: $(VENV)/.dashboard-installed
	$(BIN)/rules-explorer serve --port=$(PORT)

docs: $(VENV)/.docs-installed
	$(DOCS_BUILD)
	@echo "The documentation: $(DOCS_OUT)/index.html"

site: $(VENV)/.site-installed npm
	$(BIN)/rules-explorer site --out site

lab: $(VENV)/.dashboard-installed
	$(BIN)/jupyter lab notebooks --no-browser --ip=127.0.0.1 --port=$(LAB_PORT) $(if $(filter 0,$(shell id -u)),--allow-root,)

# Browser tests drive Debian's Chromium: installed here when missing and we are root.
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
		echo "Chromium: $(CHROMIUM)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests (about 30 s)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Chromium. Install it (Debian/Ubuntu: sudo apt-get install chromium)"; \
		echo "or point CHROMIUM=/path/to/chromium at an existing one, then run make test again."; \
		exit 1; \
	fi

# The static site takes Pyodide from the npm package (`npm pack pyodide@…`, widgets/site/pyodide_dist.py):
# Debian's npm is installed here when it is missing and we are root.
npm:
	@if command -v npm >/dev/null; then \
		echo "npm: $$(command -v npm)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's npm for the static site's build"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	else \
		echo "The static site needs npm (Debian/Ubuntu: sudo apt-get install npm), then run make again."; \
		exit 1; \
	fi

# The tests run in two workers, a test file at a time (--dist loadfile): the browser tests mostly wait on
# pages and kernels while the other worker computes, so a run takes about 14 minutes instead of 17.
TEST_WORKERS ?= 2

test: $(VENV)/.test-installed chromium npm
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest tests -n $(TEST_WORKERS) --dist loadfile --durations=25
	$(BIN)/python -m pytest --doctest-modules explorer widgets --doctest-glob=README.md README.md -p no:cacheprovider
	SIM_STUDY_GAMES=30 $(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks -p no:cacheprovider

benchmarks: $(VENV)/.test-installed
	$(BIN)/python benchmarks/odds.py
	@for f in benchmarks/*.py; do [ "$$f" = benchmarks/odds.py ] || $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis docs/_build site build dist
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
