"""Debian's Chromium under Playwright (never Playwright's own browser download), for e2e/, bench/ and
``python build.py snapshot``: the engine's memory snapshot made by booting a built site once, shipped into it."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
from pathlib import Path

from buildkit import DIST, log
from buildkit.serve import serving

# Flags that keep a headless run from reaching for Google's services on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def chromium_path() -> str:
    """Debian's chromium, or $CARGOBAY_CHROMIUM."""
    return os.environ.get("CARGOBAY_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


SHIPPED_LINE = re.compile(r"^const SHIPPED_SNAPSHOT = .*;$", re.MULTILINE)


def stamp_shipped(dist: Path, name: str | None) -> None:
    """Name the shipped snapshot file (or none) in the built engine worker's SHIPPED_SNAPSHOT line: the worker looks
    for a snapshot only where one can be, and must know before the runtime starts (worker/engine.worker.mjs)."""
    worker = dist / "worker" / "engine.worker.mjs"
    text = worker.read_text(encoding="utf-8")
    new, count = SHIPPED_LINE.subn(f"const SHIPPED_SNAPSHOT = {json.dumps(name)};", text)
    if count != 1:
        raise RuntimeError(f"{worker}: {count} SHIPPED_SNAPSHOT lines (one expected)")
    if new != text:
        worker.unlink()  # a new file: dist/ may be a hard-linked copy of another build (e2e/sites.py)
        worker.write_text(new, encoding="utf-8")


def ship_snapshot(dist: Path = DIST, timeout_s: float = 300) -> Path:
    """Boot the built site once in headless Chromium, take the engine memory snapshot its page makes once ready
    (worker/snapshot.mjs), and ship it: dist/snapshot/<build>-<sha>.bin, named by manifest.json's "snapshot", so a
    first visit restores it instead of starting Python (~30 MB more to download, a start several times faster).
    Needs Playwright and Chromium (as e2e/ does); returns the file."""
    from playwright.sync_api import sync_playwright

    manifest_path = dist / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    if manifest.pop("snapshot", None):  # served without it, so the page makes a new one
        manifest_path.unlink()
        manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    stamp_shipped(dist, None)
    with serving(dist) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("() => window.cargobayEngine?.timings.snapshotMaker", timeout=timeout_s * 1000)
            made = page.evaluate("() => window.cargobayEngine.timings.snapshotMaker")
            if not made.get("stored"):
                raise RuntimeError(f"the page made no snapshot: {made}")
            name, text = page.evaluate("""async () => {
                const cache = await caches.open("cargobay-snapshot");
                const [key] = await cache.keys();
                const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
                let s = "";
                const step = 0x8000;
                for (let i = 0; i < bytes.length; i += step) s += String.fromCharCode(...bytes.subarray(i, i + step));
                return [key.url.split("/").pop(), btoa(s)];
            }""")
        finally:
            browser.close()
    out = dist / "snapshot" / str(name)
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(base64.b64decode(text))
    manifest["snapshot"] = out.relative_to(dist).as_posix()
    manifest_path.unlink()  # a new file: dist/ may be a hard-linked copy of another build (e2e/conftest.py)
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    stamp_shipped(dist, manifest["snapshot"])
    log(f"shipped the engine snapshot {manifest['snapshot']} ({out.stat().st_size / 2**20:.1f} MiB)")
    return out
