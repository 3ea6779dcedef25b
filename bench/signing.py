#!/usr/bin/env python3
"""What signing every peer message costs: Ed25519 sign and verify in CPython (the C library when installed,
and the pure-Python module the browser's worker uses), in Pyodide in Chromium (the worker's pure Python,
through the service's ``bench`` request) and with WebCrypto's Ed25519 in the page for comparison; then the
whole cost of one protocol message (sign, parse, check, handle) and the messages of a whole match.

    python bench/signing.py [--count 200] [--no-browser] [--dist /tmp/net-dist]

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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from cargobay.net import ed25519, signing  # noqa: E402
from cargobay.service import PROTOCOL  # noqa: E402
from startup import BUILD, TIMEOUT_MS  # noqa: E402

DATA = b"x" * 300

TIMED_REQUEST_JS = """async (text) => {
  const start = performance.now();
  const answer = JSON.parse(await window.cargobayEngine.request(text));
  return [answer, performance.now() - start];
}"""

WEBCRYPTO_JS = """async (count) => {
  const pair = await crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign", "verify"]);
  const data = new Uint8Array(300).fill(120);
  let start = performance.now(), sig;
  for (let i = 0; i < count; i++) sig = await crypto.subtle.sign("Ed25519", pair.privateKey, data);
  const signMs = (performance.now() - start) / count;
  start = performance.now();
  for (let i = 0; i < count; i++) await crypto.subtle.verify("Ed25519", pair.publicKey, sig, data);
  return [signMs, (performance.now() - start) / count];
}"""


def per_call(fn, count: int) -> float:  # type: ignore[no-untyped-def]
    fn()
    start = time.perf_counter()
    for _ in range(count):
        fn()
    return (time.perf_counter() - start) * 1000 / count


def cpython(count: int) -> None:
    seed = bytes(32)
    public = ed25519.public_key(seed)
    sig = ed25519.sign(seed, DATA)
    print(f"CPython {platform.python_version()} (ms per call, 300-byte message)")
    print(f"  pure Python   sign {per_call(lambda: ed25519.sign(seed, DATA, public), count):6.2f}"
          f"   verify {per_call(lambda: ed25519.verify(public, DATA, sig), count):6.2f}")
    if signing.BACKEND == "cryptography":
        me = signing.Identity(seed)
        text = me.sign(DATA)
        print(f"  cryptography  sign {per_call(lambda: me.sign(DATA), count):6.3f}"
              f"   verify {per_call(lambda: signing.verify(me.public, DATA, text), count):6.3f}")
    from tests.net.netkit import Network

    start = time.perf_counter()
    network = Network(seed=1, game="load")
    network.play()
    seconds = time.perf_counter() - start
    print(f"  a whole 2-page LOAD! match in memory ({network.peers[0].step} steps): {seconds * 1000:.0f} ms,"
          f" save {len(json.dumps(network.peers[0].to_json())) / 1000:.1f} kB")


def browser(count: int, dist: Path) -> None:
    from playwright.sync_api import sync_playwright

    build = BUILD
    build.build(dist)
    with build.serving(dist) as base, sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=build.chromium_path(), headless=True,
                                      args=build.CHROMIUM_ARGS)
        page = chromium.new_page()
        page.goto(base)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
        print("Pyodide in Chromium (the engine worker; page round trip included, ms per call)")
        figures = {}
        for what in ("sign", "verify"):
            request = {"v": PROTOCOL, "id": 1, "type": "bench", "what": what, "game": "load", "count": 1}
            page.evaluate(TIMED_REQUEST_JS, json.dumps(request))  # the first builds the base point's table
            request["count"] = count
            answer, ms = page.evaluate(TIMED_REQUEST_JS, json.dumps(request))
            figures[what] = ms / count
            backend = answer["result"]["backend"]
        print(f"  {backend:<13} sign {figures['sign']:6.2f}   verify {figures['verify']:6.2f}")
        sign_ms, verify_ms = page.evaluate(WEBCRYPTO_JS, count)
        print(f"  WebCrypto     sign {sign_ms:6.3f}   verify {verify_ms:6.3f}   (the page's main thread)")
        chromium.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("CARGOBAY_DIST") or BUILD.DIST))
    args = parser.parse_args(argv)
    cpython(args.count)
    if not args.no_browser:
        browser(args.count, args.dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())
