# The two commands of the README: `make run` and `make test`. Each sets up what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run demo test lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

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
	$(BIN)/ruff check src tests benchmarks scripts peers
	$(BIN)/mypy

test: lint
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'  # RLCard, the self-play peer
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
