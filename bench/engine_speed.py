#!/usr/bin/env python3
"""Engine speed, CPython and the browser side by side, through the same service request.

For every playable game: random playouts per second, and the mean time of one bot decision of each
level (playing whole matches against the easy bot). In the browser the same ``bench`` request goes to
the Pyodide worker of the built site (Debian's Chromium, headless, 127.0.0.1) and is timed in the page
with performance.now(), round trip included; in CPython the request is timed around Service.handle.

    python bench/engine_speed.py [--playouts 200] [--matches 2] [--no-build] [--no-browser]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT / "bench"))

from cargobay.registry import SPECS  # noqa: E402
from cargobay.service import PROTOCOL, Service  # noqa: E402
from startup import BUILD, TIMEOUT_MS  # noqa: E402

LEVELS = ("medium", "strong")


def jobs(playouts: int, matches: int) -> list[dict[str, Any]]:
    work: list[dict[str, Any]] = []
    for game, spec in SPECS.items():
        work.append({"type": "bench", "what": "playouts", "game": game, "count": playouts})
        work.extend({"type": "bench", "what": "bot", "game": game, "level": level, "count": matches}
                    for level in LEVELS if level in spec.levels)
    return work


def run_cpython(work: list[dict[str, Any]]) -> list[tuple[dict[str, Any], float]]:
    service = Service()
    timed = []
    for request in work:
        start = time.perf_counter()
        answer = service.handle({"v": PROTOCOL, "id": 1, **request})
        timed.append((answer["result"], (time.perf_counter() - start) * 1000))
    return timed


TIMED_REQUEST_JS = """async (text) => {
  const start = performance.now();
  const answer = JSON.parse(await window.cargobayEngine.request(text));
  return [answer, performance.now() - start];
}"""


def run_browser(work: list[dict[str, Any]], no_build: bool) -> list[tuple[dict[str, Any], float]]:
    from playwright.sync_api import sync_playwright

    dist = Path(os.environ.get("CARGOBAY_DIST") or BUILD.DIST)
    if not no_build or not (dist / "manifest.json").exists():
        BUILD.build(dist)
    timed = []
    with BUILD.serving(dist) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=BUILD.chromium_path(), headless=True, args=BUILD.CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
        for request in work:
            answer, ms = page.evaluate(TIMED_REQUEST_JS, json.dumps({"v": PROTOCOL, "id": 1, **request}))
            if not answer.get("ok"):
                raise SystemExit(f"browser answered {answer}")
            timed.append((answer["result"], ms))
        browser.close()
    return timed


def report(name: str, work: list[dict[str, Any]], timed: list[tuple[dict[str, Any], float]]) -> None:
    print(name)
    for request, (result, ms) in zip(work, timed, strict=True):
        if request["what"] == "playouts":
            rate = result["playouts"] / (ms / 1000)
            print(f"  {request['game']:8} random playouts {rate:10.1f} /s   ({result['actions']} actions)")
        else:
            # easy-bot and chance steps are a few microseconds each: the time is the bot's
            per = ms / result["decisions"]
            print(f"  {request['game']:8} {request['level']:6} bot     {per:10.1f} ms per decision (mean, "
                  f"{result['decisions']} decisions, {result['matches']} matches)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    work = jobs(args.playouts, args.matches)
    report(f"CPython {platform.python_version()}", work, run_cpython(work))
    if not args.no_browser:
        report("Pyodide in Chromium (worker; page round trip included)", work, run_browser(work, args.no_build))
    return 0


if __name__ == "__main__":
    sys.exit(main())
