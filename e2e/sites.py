"""Helpers for e2e tests that serve a copy of the built site or a second site (another localhost port)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def build_module() -> ModuleType:
    """build.py under a private name (as e2e/conftest.py loads it)."""
    if "cargobay_build" in sys.modules:
        return sys.modules["cargobay_build"]
    spec = importlib.util.spec_from_file_location("cargobay_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["cargobay_build"] = module
    spec.loader.exec_module(module)
    return module


def site_dist() -> Path:
    """The built site the `site_url` fixture serves (use that fixture first: it builds it)."""
    return Path(os.environ.get("CARGOBAY_DIST") or build_module().DIST)
