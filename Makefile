# `make play` and `make test` set everything up on a fresh machine, then run.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint types unit setup clean native clean-native

play: $(STAMP)
	$(BIN)/fractal play

test: $(STAMP) lint types unit

lint: $(STAMP)
	$(BIN)/ruff check .

types: $(STAMP)
	$(BIN)/mypy

# Two processes: the suite is CPU-bound and the machines it runs on have two cores. Tests
# that share a costly module fixture name one xdist_group, so one worker builds it once.
unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadgroup

setup: $(STAMP)

# Reinstall only when the project definition changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Optional: the engines and bots compiled with mypyc (core/native.py), two to three times as fast.
# Nothing needs them; `make clean-native` goes back to the pure Python.
native: $(STAMP)
	$(BIN)/python -m pip install --quiet 'setuptools>=77'
	$(BIN)/fractal native build
	$(BIN)/fractal native check

clean-native: $(STAMP)
	$(BIN)/fractal native clean

clean:
	find core -name '*.so' -delete
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build core/native.built
