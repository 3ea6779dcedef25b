"""Offline and installable (issue 13): after one visit the service worker has the whole site, so a reload with the
network off loads, boots the engine and plays a whole match; a new build is announced ("update available") and
a reload applies it; the web app manifest and its icons are served."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from sites import build_module, site_dist
from test_site import ENGINE_TIMEOUT_MS, error_message, open_app, play_to_end, shot, start_match, wait_ready
from under_test import track

pytestmark = pytest.mark.e2e

TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".py", ".json", ".webmanifest"}


def wait_offline_ready(page: Page) -> None:
    """The service worker has precached the site and controls the page."""
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


def test_one_visit_then_offline_reload_plays_a_match(chromium: Browser, site_url: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        track(page, site_url)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_app(page)
        wait_ready(page)
        wait_offline_ready(page)
        # installable: a manifest with a name, a start URL and PNG icons of 192 and 512 px that are served
        manifest = page.evaluate(
            "() => fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
        )
        assert manifest["name"] == "Cargo Bay" and manifest["start_url"] == "./"
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
        for icon in manifest["icons"]:
            status = page.evaluate("(u) => fetch(u).then((r) => r.status)", icon["src"])
            assert status == 200, icon

        context.set_offline(True)
        failed: list[str] = []
        # (the browser fetches the tab's favicon itself, past the service worker: offline that one fails)
        page.on("requestfailed", lambda r: failed.append(r.url) if "/icons/" not in r.url else None)
        page.reload()
        wait_ready(page)
        assert page.evaluate("() => navigator.onLine") is False
        start_match(page, ("human", "easy"), seed=4)
        play_to_end(page)
        # the peer-to-peer modules load lazily: they are in the cache too
        page.click("#to-menu")
        page.click("#p2p-host")
        page.wait_for_function("() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')")
        shot(page, "offline-01-played-offline")
        assert failed == [], failed
        assert error_message(page) == ""
        assert errors == []
    finally:
        context.close()


def test_the_snapshot_is_made_after_ready_by_a_worker_of_its_own_and_restored_on_reload(
    chromium: Browser, cold_site_url: str
) -> None:
    """Issue 25: the cold boot takes no snapshot (it reports "wanted") and does not look for one (no Cache API lookup,
    no manifest.json, no snapshot module before the runtime's own fetches: a first visit has none); once it is ready
    the page's snapshot maker stores one; the reload looks for it (the page remembers it is kept), restores it and the
    engine answers."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        track(page, cold_site_url)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url.split("?")[0].rsplit("/", 1)[-1]))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_app(page)
        wait_ready(page)
        assert page.evaluate("() => window.cargobayEngine.timings.worker.snapshot") == "wanted"
        before_runtime = requests[:requests.index("pyodide.asm.wasm")]
        assert "engine.worker.mjs" in before_runtime, requests
        assert not {"manifest.json", "snapshot.mjs"} & set(before_runtime), before_runtime
        page.wait_for_function("() => window.cargobayEngine.timings.snapshotMaker?.stored === true",
                               timeout=ENGINE_TIMEOUT_MS, polling=200)
        made = page.evaluate("() => window.cargobayEngine.timings.snapshotMaker")
        assert made["bytes"] > 1_000_000 and made["make"] >= 0, made
        assert made["started"] >= page.evaluate("() => window.cargobayEngine.timings.ready"), made
        wait_offline_ready(page)
        workers: list[str] = []
        page.on("request", lambda r: workers.append(r.url) if "/engine.worker.mjs?" in r.url else None)
        page.reload()
        wait_ready(page)
        assert page.evaluate("() => window.cargobayEngine.timings.worker.snapshot") == "restored"
        assert len(workers) == 1 and "kept=1" in workers[0], workers
        start_match(page, ("human", "easy"), seed=4)
        assert error_message(page) == ""
        assert errors == []
    finally:
        context.close()


# localStorage refusing every write (full of saved matches, which ui/saves.py warns of, or disabled); sessionStorage and
# the Cache API still work
FULL_STORAGE_JS = """(() => { const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
    return set.call(this, key, value); }; })()"""


def test_the_snapshot_is_restored_on_reload_when_local_storage_refuses_writes(
    chromium: Browser, cold_site_url: str
) -> None:
    """Review s9, M1: where the page cannot write its mark that the snapshot is kept, the worker still looks for it,
    so the reload restores it and the maker does not run a second time (without: every visit booted cold, "wanted",
    and made the snapshot again)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FULL_STORAGE_JS)
    try:
        page = context.new_page()
        track(page, cold_site_url)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_app(page)
        wait_ready(page)
        assert page.evaluate("() => window.cargobayEngine.timings.worker.snapshot") == "wanted"
        page.wait_for_function("() => window.cargobayEngine.timings.snapshotMaker?.stored === true",
                               timeout=ENGINE_TIMEOUT_MS, polling=200)
        workers: list[str] = []
        page.on("request", lambda r: workers.append(r.url) if "/engine.worker.mjs?" in r.url else None)
        page.reload()
        wait_ready(page)
        assert page.evaluate("() => window.cargobayEngine.timings.worker.snapshot") == "restored"
        assert len(workers) == 1 and "kept=1" in workers[0] and "role=snapshot" not in workers[0], workers
        page.click("#start")  # the engine answers; the match cannot be saved, and the page says so
        page.wait_for_selector("#game-screen[data-save-failed] #board[data-match='playing']", state="attached")
        assert "could not be saved" in error_message(page)
        assert errors == []
    finally:
        context.close()


def test_a_shipped_snapshot_is_restored_on_the_first_visit_and_kept(chromium: Browser, site_url: str) -> None:
    """`build.py --snapshot` (the site every other e2e test is served, e2e/sites.py): a first visit fetches the shipped
    snapshot and restores it, starts no snapshot maker, keeps it, and the engine plays; a reload restores the kept
    one."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        track(page, site_url)
        makers: list[str] = []
        page.on("request", lambda r: makers.append(r.url) if "role=snapshot" in r.url else None)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_app(page)
        wait_ready(page)
        worker = page.evaluate("() => window.cargobayEngine.timings.worker")
        assert (worker["snapshot"], worker["snapshotFrom"]) == ("restored", "shipped"), worker
        start_match(page, ("human", "easy"), seed=4)
        kept = "() => caches.open('cargobay-snapshot').then((c) => c.keys()).then((k) => k.length === 1)"
        page.wait_for_function(kept, timeout=ENGINE_TIMEOUT_MS, polling=200)
        page.reload()
        wait_ready(page)
        worker = page.evaluate("() => window.cargobayEngine.timings.worker")
        assert (worker["snapshot"], worker["snapshotFrom"]) == ("restored", "kept"), worker
        assert makers == []
        assert error_message(page) == ""
        assert errors == []
    finally:
        context.close()


def rebuild(dist: Path, old: str, new: str) -> None:
    """A new build of the same site: every file that names the build id names the new one."""
    for path in dist.rglob("*"):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            if old in text:
                path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_new_build_is_announced_and_applied_on_reload(chromium: Browser, site_url: str, tmp_path: Path) -> None:
    build = build_module()
    dist = tmp_path / "site"
    shutil.copytree(site_dist(), dist)
    old = json.loads((dist / "manifest.json").read_text())["build"]
    new = "0123456789ab" if old != "0123456789ab" else "ba9876543210"
    with build.serving(dist) as url:
        context = chromium.new_context()
        try:
            page = context.new_page()
            page.goto(url + "?delay=0")
            wait_ready(page)
            wait_offline_ready(page)
            page.reload()
            wait_ready(page)
            assert page.get_attribute("html", "data-build") == old

            rebuild(dist, old, new)
            page.reload()  # still the old build (from the cache); the browser finds the new service worker
            wait_ready(page)
            assert page.get_attribute("html", "data-build") == old
            page.wait_for_selector("html[data-offline='update']", state="attached", timeout=ENGINE_TIMEOUT_MS)
            assert "Update available" in page.locator("#update-banner").inner_text()
            shot(page, "offline-02-update-available")

            page.reload()  # applies it
            page.wait_for_selector(f"html[data-build='{new}']", state="attached", timeout=30_000)
            wait_ready(page)
            assert page.locator("#update-banner").count() == 0
            caches = page.evaluate("() => caches.keys()")
            assert f"cargobay-{new}" in caches
            cached_build = page.evaluate(
                "() => caches.open('cargobay-' + document.documentElement.dataset.build)"
                ".then((c) => c.match('index.html')).then((r) => r.text())"
            )
            assert f'data-build="{new}"' in cached_build
        finally:
            context.close()
