"""Doctests run for the core package only (``--doctest-modules`` in pyproject): other folders' modules
(e2e/, bench/, build.py) are not imported just to look for doctests."""

from __future__ import annotations

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
