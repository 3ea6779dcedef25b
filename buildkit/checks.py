"""What CI checks (``.ci/run``): the linters (``python build.py lint``) and the test runner (``python build.py test``
runs pytest after a build, the whole suite on two xdist workers)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from buildkit import ROOT, log

LINTERS = (
    # (name, argv): what `python build.py lint` and .ci/run check before the tests; configured in pyproject.toml
    ("ruff", ["-m", "ruff", "check", "."]),
    ("mypy (strict: core/, buildkit/, e2e/, the shared test helpers)", ["-m", "mypy"]),
)


def lint(root: Path = ROOT) -> int:
    """Run ruff over the tree (web/ with the rules MicroPython follows) and mypy strict over core/, e2e/ and the
    shared test helpers (pyproject.toml); 0 if both pass."""
    failed = []
    for name, argv in LINTERS:
        log(f"lint: {name}")
        if subprocess.call([sys.executable, *argv], cwd=root) != 0:
            failed.append(name)
    if failed:
        log(f"lint failed: {', '.join(failed)} (configuration: pyproject.toml [tool.ruff], [tool.mypy])")
        return 1
    return 0


def parallel(rest: list[str]) -> list[str]:
    """The whole suite (no pytest arguments given) runs on two pytest-xdist workers, each taking the next test as
    it finishes one (so at most two browser tests at once on a 2-core machine; no e2e fixture is shared beyond a
    test but the per-worker site server and Chromium). `--maxschedchunk 1`: a worker is given one test at a time
    (xdist would otherwise hand each worker a fixed eighth of the suite up front), so the longest-first order of
    conftest.py balances the two. Given arguments (a file, `-k`, `-x`...), pytest runs as asked, in one process;
    `--slow` alone (the whole suite with the long sweeps and measurements marked slow) stays on two workers. The whole
    suite also prints its 30 longest tests (`--durations`), so every CI log shows where the suite's time goes."""
    if [arg for arg in rest if arg != "--slow"] or importlib.util.find_spec("xdist") is None:
        return []
    # (pytest-benchmark, if a machine has it, would warn that xdist disables it: a warning is an error here)
    extra = ["-p", "no:benchmark"] if importlib.util.find_spec("pytest_benchmark") else []
    return ["-n", "2", "--dist", "load", "--maxschedchunk", "1", "--durations", "30", *extra]


def run_tests(dist: Path, rest: list[str], root: Path = ROOT) -> int:
    """pytest over the built site ``dist`` (the e2e fixtures serve it as it is: CARGOBAY_PREBUILT), with ``rest``."""
    env = dict(os.environ, CARGOBAY_DIST=str(dist), CARGOBAY_PREBUILT="1")
    return subprocess.call([sys.executable, "-m", "pytest", *parallel(rest), *rest], cwd=root, env=env)
