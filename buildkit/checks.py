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


# pytest options that choose no tests, only how the run reports, stops or warns (and the suite's own --slow): given
# only these, the whole suite still runs on two workers. FLAGS take no value; VALUED options take one (`--maxfail 3`,
# `--maxfail=3`, a short one also `-pno:benchmark`); short flags may be run together (`-xvv`, `-xpno:cacheprovider`).
# Anything else (a path or node id, -k, -m, --lf, --deselect, -n, -s, --pdb, an option not listed) runs as asked.
REPORTING_FLAGS = frozenset({
    "-x", "--exitfirst", "-v", "--verbose", "-q", "--quiet", "-l", "--showlocals", "--no-showlocals", "--slow",
    "--strict-markers", "--strict-config", "--strict", "--runxfail", "--no-header", "--no-summary", "--full-trace",
    "--disable-warnings", "--disable-pytest-warnings", "--setup-show", "--cache-clear", "--xfail-tb",
    "--force-short-summary", "--no-fold-skipped", "--hypothesis-show-statistics",
})
REPORTING_VALUED = frozenset({
    "--maxfail", "--durations", "--durations-min", "-p", "--tb", "-r", "-W", "--pythonwarnings", "--color",
    "--code-highlight", "--show-capture", "--verbosity", "--junit-xml", "--junitxml", "--junit-prefix", "--basetemp",
    "--log-level", "--log-cli-level", "--log-file", "--log-file-level", "--hypothesis-seed", "--hypothesis-verbosity",
})


def reporting_only(rest: list[str]) -> dict[str, list[str]] | None:
    """The values of ``rest``'s options by name (``{"-p": ["no:benchmark"], "-x": []}``) if every one of them is a
    reporting option (REPORTING_FLAGS, REPORTING_VALUED); None if ``rest`` selects tests or asks for anything else."""
    given: dict[str, list[str]] = {}
    args = iter(rest)
    for arg in args:
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            if name in REPORTING_FLAGS and not eq:
                given.setdefault(name, [])
            elif name in REPORTING_VALUED:
                given.setdefault(name, []).append(value if eq else next(args, ""))
            else:
                return None
        elif arg.startswith("-") and len(arg) > 1:
            for at, letter in enumerate(arg[1:], 2):
                name = "-" + letter
                if name in REPORTING_FLAGS:
                    given.setdefault(name, [])
                elif name in REPORTING_VALUED:  # the rest of the cluster is its value, else the next argument
                    given.setdefault(name, []).append(arg[at:] or next(args, ""))
                    break
                else:
                    return None
        else:  # a path or node id (or a value no option listed takes)
            return None
    return given


def parallel(rest: list[str]) -> list[str]:
    """The whole suite (no pytest arguments given, or only options that choose no tests: `--durations=20`, `-x`,
    `-v`, `--maxfail 3`, `-p no:cacheprovider`, `--slow`...) runs on two pytest-xdist workers, each taking the next test
    as it finishes one (so at most two browser tests at once on a 2-core machine; no e2e fixture is shared beyond a
    test but the per-worker site server and Chromium). `--maxschedchunk 1`: a worker is given one test at a time
    (xdist would otherwise hand each worker a fixed eighth of the suite up front), so the longest-first order of
    conftest.py balances the two. Given a selection (a file, a node id, `-k`, `-m`...) or anything else (`-s`, `--pdb`,
    `-n`), pytest runs as asked, in one process. The whole suite also prints its 30 longest tests (`--durations`,
    unless given), so every CI log shows where the suite's time goes."""
    given = reporting_only(rest)
    if given is None or importlib.util.find_spec("xdist") is None or "no:xdist" in given.get("-p", []):
        return []
    extra = [] if "--durations" in given else ["--durations", "30"]
    # (pytest-benchmark, if a machine has it, would warn that xdist disables it: a warning is an error here)
    if importlib.util.find_spec("pytest_benchmark") and "no:benchmark" not in given.get("-p", []):
        extra += ["-p", "no:benchmark"]
    return ["-n", "2", "--dist", "load", "--maxschedchunk", "1", *extra]


def run_tests(dist: Path, rest: list[str], root: Path = ROOT) -> int:
    """pytest over the built site ``dist`` (the e2e fixtures serve it as it is: CARGOBAY_PREBUILT), with ``rest``."""
    env = dict(os.environ, CARGOBAY_DIST=str(dist), CARGOBAY_PREBUILT="1")
    return subprocess.call([sys.executable, "-m", "pytest", *parallel(rest), *rest], cwd=root, env=env)
