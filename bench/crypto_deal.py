#!/usr/bin/env python3
"""The cryptographic deal (issue 12), CPython and the browser side by side, through the same service request.

For a 28-card deck among 2 and 4 pages: each step as one page takes it (ms per step: the joint key's table,
once a match; a shuffle; the shares of the cards of the others' seats; checking another page's shares and
unmasking this page's hand; a card played (its share made, checked, unmasked); a peek; the audit of one
deal), and a whole deal through the peer protocol with every page in one process (keys, shuffles, shares,
proofs, Ed25519 signatures: all pages' work on one CPU, so an upper bound of the wall time).

A deal's wall time, pages in parallel: ``keys + peers x shuffle + shares + (peers - 1) x open`` (the shuffles
go one after the other; the shares at once). In the browser the requests go to the Pyodide worker of the built
site (Debian's Chromium, headless), timed in the page around window.cargobayEngine.request.

    python bench/crypto_deal.py [--repeat 3] [--no-build] [--no-browser] [--no-cpython]   (CARGOBAY_DIST: the site)

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import run_browser, run_cpython

STEPS = ("keys", "shuffle", "shares", "open", "reveal", "peek", "audit")


def jobs(repeat: int) -> list[dict[str, Any]]:
    """Every step ``repeat`` times, one at a time (the fastest is reported: the VM is noisy)."""
    work = [{"type": "bench", "what": f"crypto-{step}", "game": "load", "peers": peers, "count": 1}
            for peers in (2, 4) for step in ("setup", *STEPS) for _ in range(repeat)]
    work += [{"type": "bench", "what": "crypto-protocol", "game": game, "peers": peers, "count": 1}
             for game, peers in (("load", 2), ("haul", 4)) for _ in range(repeat)]
    return work


def report(name: str, work: list[dict[str, Any]], timed: list[tuple[dict[str, Any], float]]) -> None:
    print(name)
    per: dict[tuple[int, str], float] = {}
    whole: dict[tuple[str, int], float] = {}
    for request, (result, ms) in zip(work, timed, strict=True):
        if request["what"] == "crypto-protocol":
            key = (result["game"], result["peers"])
            whole[key] = min(ms, whole.get(key, ms))
        else:
            key2 = (request["peers"], request["what"].removeprefix("crypto-"))
            per[key2] = min(ms, per.get(key2, ms))
    for (peers, step), ms in per.items():
        if step == "setup":
            continue
        print(f"  {peers} pages  {step:8} {ms:8.1f} ms")
    for (game, peers), ms in whole.items():
        print(f"  whole deal through the protocol, {game}, {peers} pages in one process: {ms:7.0f} ms")
    for peers in (2, 4):
        wall = (per[(peers, "keys")] + peers * per[(peers, "shuffle")] + per[(peers, "shares")]
                + (peers - 1) * per[(peers, "open")])
        print(f"  a {peers}-page deal, pages in parallel (first deal, keys included): {wall:7.0f} ms; later deals "
              f"{wall - per[(peers, 'keys')]:7.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-cpython", action="store_true")
    args = parser.parse_args(argv)
    work = jobs(args.repeat)
    if not args.no_cpython:
        report(f"CPython {platform.python_version()}", work, run_cpython(work))
    if not args.no_browser:
        report("Pyodide in Chromium (worker; page round trip included)", work, run_browser(work, args.no_build))
    return 0


if __name__ == "__main__":
    sys.exit(main())
