# Rules Explorer: two commands on a fresh machine.
#   make dashboard   create .venv, install, serve the Voilà dashboards on 127.0.0.1
#   make test        create .venv, install test needs (and Chromium if root), run every test
# Each target bootstraps its own .venv; nothing needs to be installed by hand but Python 3.11+ and make.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
LAB_PORT ?= 8888
CHROMIUM ?= $(shell command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || echo /usr/bin/chromium)
export CHROMIUM

# Voilà serves notebooks/dashboards only, on loopback, hardened by binder/voila.py (widgets/server):
# Host checked (loopback, or the names in RULES_EXPLORER_HOSTS), foreign websocket Origins refused,
# no tracebacks sent to pages, at most RULES_EXPLORER_MAX_KERNELS kernels (50), SameSite cookies,
# no CDN assets, a closed page shuts its kernel down, idle kernels culled after 10 minutes.
VOILA_FLAGS := --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --Voila.config_file_paths=$(CURDIR)/binder

.PHONY: dashboard test lab chromium benchmarks clean help

help:
	@echo "make dashboard   serve the dashboards with Voilà on http://127.0.0.1:$(PORT)/"
	@echo "make test        run every test (unit, property, doctest, notebooks, browser)"
	@echo "make lab         open JupyterLab on the notebooks (127.0.0.1:$(LAB_PORT))"
	@echo "make benchmarks  print the speed ratios against the reference tools"

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, found " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.dashboard-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dashboard]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.dashboard-installed

dashboard: $(VENV)/.dashboard-installed
	@echo
	@echo "  Rules Explorer dashboards: http://127.0.0.1:$(PORT)/   (Ctrl-C stops)"
	@for nb in notebooks/dashboards/*.ipynb; do echo "    http://127.0.0.1:$(PORT)/voila/render/$$(basename $$nb)"; done
	@echo
	$(BIN)/voila notebooks/dashboards $(VOILA_FLAGS)

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

# The tests run in two workers, a test file at a time (--dist loadfile): the browser tests mostly wait on
# pages and kernels while the other worker computes, so a run takes about 14 minutes instead of 17.
TEST_WORKERS ?= 2

test: $(VENV)/.test-installed chromium
	$(BIN)/python -m pytest tests -n $(TEST_WORKERS) --dist loadfile --durations=25
	$(BIN)/python -m pytest --doctest-modules explorer widgets --doctest-glob=README.md README.md -p no:cacheprovider
	SIM_STUDY_GAMES=30 $(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks -p no:cacheprovider

benchmarks: $(VENV)/.test-installed
	$(BIN)/python benchmarks/odds.py
	@for f in benchmarks/*.py; do [ "$$f" = benchmarks/odds.py ] || $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
