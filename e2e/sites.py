"""Helpers for e2e tests that serve a copy of the built site or a second site (another localhost port)."""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import json
import os
import shutil
import subprocess
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


def warm_dist(dist: Path) -> Path:
    """A hard-linked copy of the built site `dist` that ships the engine's memory snapshot (`build.py --snapshot`),
    made once per build and shared by the xdist workers (under a lock). A fresh browser context on it restores the
    snapshot (~3 s to engine ready) instead of starting Python (~10-25 s on a loaded 2-core machine) and never boots a
    second Pyodide to make one. `CARGOBAY_E2E_COLD=1` gives every test the plain build instead."""
    if os.environ.get("CARGOBAY_E2E_COLD"):
        return dist
    warm = dist.with_name(dist.name + "-warm")
    build = json.loads((dist / "manifest.json").read_text())["build"]
    lock = dist.with_name(dist.name + "-warm.lock")
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with contextlib.suppress(OSError, ValueError, KeyError):
            shipped = json.loads((warm / "manifest.json").read_text())
            if shipped["build"] == build and (warm / shipped["snapshot"]).is_file():
                return warm
        shutil.rmtree(warm, ignore_errors=True)
        shutil.copytree(dist, warm, copy_function=os.link)
        # (in a process of its own: Playwright's sync API cannot run inside the session's own)
        made = subprocess.run([sys.executable, str(ROOT / "build.py"), "snapshot", "--dist", str(warm)], check=False)
        if made.returncode != 0:  # every test still runs, on the plain build (the shipped-snapshot test fails)
            print(f"e2e: no engine snapshot shipped (build.py snapshot: exit {made.returncode}); the plain build")
            shutil.rmtree(warm, ignore_errors=True)
            return dist
    return warm
