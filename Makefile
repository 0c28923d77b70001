# The two commands of the README: `make run` and `make test`. Each sets up what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled build (setup.py): the same package with its play loop compiled by mypyc.
COMPILED_VENV := .venv-compiled
COMPILED_STAMP := $(COMPILED_VENV)/.built
# Every file the package installs (its rules' data and the web table's files too), so an
# edit to any of them rebuilds the compiled package.
SOURCES := $(shell find src/mahjongkit -type f -not -path '*/__pycache__/*')

.PHONY: install compiled check-compiled run demo test test-packages lint bench example-bc clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

install: $(STAMP)

$(COMPILED_STAMP): setup.py pyproject.toml $(SOURCES)
	test -x $(COMPILED_VENV)/bin/python || $(PYTHON) -m venv $(COMPILED_VENV)
	# mypyc comes with mypy: the version the dev extra pins.
	$(COMPILED_VENV)/bin/python -m pip install --quiet --upgrade pip setuptools wheel 'mypy>=2.4,<2.5'
	rm -rf build
	MAHJONGKIT_COMPILE=1 $(COMPILED_VENV)/bin/python -m pip install --quiet \
		--no-build-isolation '.[dev,bench]'
	touch $@

compiled: $(COMPILED_STAMP)

# The suite runs on two processes (pytest-xdist), a test file to each at a time, so a
# file's module-scoped servers and browsers are started once.
XDIST := -n 2 --dist loadfile

# The compiled build must pass the tests (doctests aside: they read the source) and play
# and score exactly as the source does. The web table's, the learning environments' and
# the Botzone program's tests run once, on the source build: none of those modules is
# compiled (the Botzone bundle is built from the source), and the engine under them is
# checked here by the game tests, the table's own (test_table.py) and check_compiled.py.
# So do the Ray engine's (its cluster's start-up is most of their time; the compiled
# build's venv has no Ray: the ray extra is installed for the source build alone), the
# tournament's (no module of it is compiled) and the speed report's.
WEB_ADAPTER_TESTS := --ignore-glob='tests/web/test_[!t]*.py' --ignore=tests/web/test_tile_faces.py \
	--ignore=tests/web/test_tournaments.py --ignore=tests/tournament --ignore=tests/env \
	--ignore=tests/botzone --ignore=tests/sim/test_ray.py --ignore=tests/test_bench_report.py
check-compiled: $(STAMP) $(COMPILED_STAMP)
	$(COMPILED_VENV)/bin/python -m pytest tests peers $(WEB_ADAPTER_TESTS) $(XDIST) \
		-o addopts='-q --import-mode=importlib'
	$(BIN)/python scripts/check_compiled.py $(COMPILED_VENV)/bin/python

run: $(STAMP)
	$(BIN)/mahjongkit waits '1112345678999m'
	$(BIN)/mahjongkit shanten '[123m2]45p66p789s1sEE'
	$(BIN)/mahjongkit discard '[123m2]45p66p789s1sEEW'
	$(MAKE) --no-print-directory demo
	@echo "Starting the web table (SQLite by default; Ctrl-C stops it)"
	$(BIN)/mahjongkit serve --host 127.0.0.1 --port 8000

# One simulated MCR game between the bot tiers, hand by hand with each win's fans.
demo: $(STAMP)
	$(BIN)/mahjongkit watch --ruleset mcr --seed 7 --bots scorer,defender,efficient,random

lint: $(STAMP)
	$(BIN)/ruff check setup.py src tests benchmarks scripts peers examples
	$(BIN)/mypy
	$(BIN)/lint-imports

# What the tests need from Debian, installed where missing: Chromium for the browser tests,
# and the postgresql package, whose server programs (in /usr/lib/postgresql/<version>/bin,
# not on the PATH) run the throw-away cluster the storage tests start.
POSTGRES_INITDB := /usr/lib/postgresql/*/bin/initdb

test-packages:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	fc-list :lang=zh | grep -q . || (apt-get update && apt-get install -y fonts-noto-cjk)  # Chinese pages' screenshots
	ls $(POSTGRES_INITDB) >/dev/null 2>&1 || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql)

test: lint test-packages
	$(BIN)/pytest $(XDIST)
	$(MAKE) --no-print-directory check-compiled

# One report of every speed benchmark, the source and compiled builds run in turns over
# several rounds: benchmarks/REPORT.md (benchmarks/report.py). BENCH_QUICK=1: small sizes,
# a smoke run; BENCH_ARGS: more options for report.py (e.g. BENCH_ARGS='--only bench_shanten';
# with --keep the report's other sections stay, each naming the run that measured it).
BENCH_QUICK ?=
BENCH_ARGS ?=
bench: $(STAMP) $(COMPILED_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'  # RLCard, the self-play and environment peer
	$(BIN)/python benchmarks/report.py --compiled-python $(COMPILED_VENV)/bin/python \
		$(if $(BENCH_QUICK),--quick) $(BENCH_ARGS)

# The behaviour-cloning example (examples/behaviour_cloning/README.md), at its measured
# sizes unless BC_ARGS says otherwise (e.g. BC_ARGS='--hands 200 --walls 50'). PyTorch (a CPU
# build) comes with the examples extra, which make test does not install.
BC_ARGS ?=
example-bc: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[rl,examples]'
	nice -n 10 $(BIN)/python -m examples.behaviour_cloning $(BC_ARGS)

clean:
	rm -rf $(VENV) $(COMPILED_VENV) build *.egg-info src/*.egg-info
