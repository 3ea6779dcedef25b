"""What ``build.py`` runs besides assembling the site (build.py itself builds the wheel, vendors the runtimes and
lays out dist/): serving the built site (``serve``), Debian's Chromium and the engine snapshot shipped into a built
site (``browser``), and what CI checks, the linters and the test runner (``checks``).

Only the Python standard library is needed to import any of them (e2e/conftest.py and bench/ load build.py, which
imports them); ``browser.ship_snapshot`` imports Playwright when it runs.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)
