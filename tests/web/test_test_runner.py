"""`python build.py test`'s arguments (buildkit/checks.py ``parallel``): the whole suite runs on two pytest-xdist
workers whether or not it is given options that choose no tests (`--durations=20`, `-x`, `-v`, `--maxfail`, `-p`...);
a selection (paths, node ids, `-k`, `-m`) or anything else runs as asked, in one process. No suite is run here: the
build and pytest's process are replaced by recorders."""

from __future__ import annotations

import importlib.util
from types import SimpleNamespace
from typing import Any

import build
import pytest
from buildkit import checks

TWO_WORKERS = ["-n", "2", "--dist", "load", "--maxschedchunk", "1"]


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """xdist and pytest-benchmark both installed, whatever this machine has."""
    found = {"xdist": True, "pytest_benchmark": True}
    util = SimpleNamespace(find_spec=lambda name: object() if found.get(name) else importlib.util.find_spec(name))
    monkeypatch.setattr(checks, "importlib", SimpleNamespace(util=util))


@pytest.fixture
def pytest_argv(monkeypatch: pytest.MonkeyPatch, plugins: None) -> list[list[str]]:
    """What `python build.py test ...` would start: build.main with the build skipped and pytest's command line kept."""
    started: list[list[str]] = []

    def call(argv: list[str], **_: Any) -> int:
        started.append(argv)
        return 0

    monkeypatch.setattr(build, "build", lambda *args: None)
    monkeypatch.setattr(checks.subprocess, "call", call)
    return started


def pytest_args(started: list[list[str]]) -> list[str]:
    ((argv,),) = [started]
    assert argv[1:3] == ["-m", "pytest"], argv
    return argv[3:]


@pytest.mark.parametrize("rest", [
    [], ["--slow"], ["--durations=20"], ["--durations", "20"], ["-x"], ["-v"], ["-vv"], ["-q"], ["-xq"],
    ["--maxfail", "3"], ["--maxfail=3"], ["-p", "no:cacheprovider"], ["-pno:cacheprovider"], ["--tb=short", "-rA"],
    ["-W", "error", "--exitfirst"], ["--slow", "-x", "--durations=20", "--tb", "line"],
])
def test_options_that_choose_no_tests_keep_the_whole_suite_on_two_workers(rest: list[str],
                                                                          pytest_argv: list[list[str]]) -> None:
    assert build.main(["test", *rest]) == 0
    args = pytest_args(pytest_argv)
    assert args[:6] == TWO_WORKERS, args
    assert args[len(args) - len(rest):] == rest  # the person's own, as given (last: theirs win)
    assert args.count("--durations") + sum(a.startswith("--durations=") for a in args) == 1, args  # theirs, else 30
    assert args.count("no:benchmark") == 1, args  # (pytest-benchmark off under xdist)


@pytest.mark.parametrize("rest", [
    ["e2e/test_site.py"], ["e2e/test_site.py", "-x"], ["-x", "tests/web"], ["tests/test_cli.py::test_help"],
    ["-k", "warm"], ["-kwarm"], ["-m", "e2e"], ["--durations=20", "-m", "not e2e"], ["--lf"], ["--deselect", "e2e"],
    ["-s"], ["-xs"], ["--pdb"], ["-n", "4"], ["-p", "no:xdist"], ["--collect-only"], ["--some-new-option"],
])
def test_a_selection_or_anything_else_runs_as_asked_in_one_process(rest: list[str],
                                                                   pytest_argv: list[list[str]]) -> None:
    assert build.main(["test", *rest]) == 0
    assert pytest_args(pytest_argv) == rest


def test_the_whole_suite_prints_its_30_longest_tests_unless_told_otherwise(plugins: None) -> None:
    assert checks.parallel([]) == [*TWO_WORKERS, "--durations", "30", "-p", "no:benchmark"]
    assert checks.parallel(["--durations=5"]) == [*TWO_WORKERS, "-p", "no:benchmark"]
    assert checks.parallel(["-p", "no:benchmark"]) == [*TWO_WORKERS, "--durations", "30"]


def test_an_option_value_is_not_taken_for_a_path() -> None:
    # (`--maxfail 3`: 3 is the option's; `-x 3` would name a path "3")
    assert checks.reporting_only(["--maxfail", "3", "-p", "no:cacheprovider", "-rA"]) == {
        "--maxfail": ["3"], "-p": ["no:cacheprovider"], "-r": ["A"]}
    assert checks.reporting_only(["-x", "3"]) is None


def test_without_xdist_every_run_is_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "importlib", SimpleNamespace(util=SimpleNamespace(find_spec=lambda name: None)))
    assert checks.parallel([]) == []
    assert checks.parallel(["--durations=20"]) == []
