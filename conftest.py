"""Doctests run for the core package only (``--doctest-modules`` in pyproject): other folders' modules
(e2e/, bench/, build.py) are not imported just to look for doctests. Tests marked ``slow`` (long sweeps and
measurements) are skipped unless ``--slow`` (``python build.py test --slow``) or ``CARGOBAY_SLOW=1``. The suite runs
longest first (below)."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

CORE = Path(__file__).resolve().parent / "core" / "cargobay"


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Generator[None, Any, Any]:
    collectors = yield
    if CORE in file_path.parents:
        return collectors
    return [collector for collector in collectors if type(collector).__name__ != "DoctestModule"]


# The whole suite runs on two pytest-xdist workers that each take the next test as they finish one (buildkit/checks.py
# parallel), in collection order: the longest tests go first and the many short ones fill in at the end, so both
# workers finish together (longest first; figures per test in issue 23's notes). Browser tests of several pages come
# first, then the other browser tests, then everything else. A stable sort: a module's tests stay together.
LONGEST_FIRST = (
    "e2e/test_loot_p2p.py", "e2e/test_p2p_networks.py", "e2e/test_p2p_mesh.py", "e2e/test_p2p.py",
    "e2e/test_haul.py", "e2e/test_p2p_relay.py", "e2e/test_tf22.py",
    "e2e/test_p2p_hostile.py", "e2e/test_matches.py", "e2e/test_friend_bots.py", "e2e/test_teamup.py",
    "e2e/test_offline.py", "e2e/test_embed.py", "e2e/test_loot.py", "e2e/test_newcomer.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (long sweeps and measurements; CARGOBAY_SLOW=1 too)")


def slow_wanted(config: pytest.Config) -> bool:
    return bool(config.getoption("--slow") or os.environ.get("CARGOBAY_SLOW"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not slow_wanted(config):
        skip = pytest.mark.skip(reason="a long sweep or measurement: run with --slow (python build.py test --slow)")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}

    def key(item: pytest.Item) -> int:
        module = item.nodeid.split("::", 1)[0]
        if module in rank:
            return rank[module]
        return len(rank) if module.startswith("e2e/") else len(rank) + 1

    items.sort(key=key)
