"""End-to-end fixtures: build dist/ once, serve it on 127.0.0.1, drive Debian's Chromium with Playwright.

Chromium comes from Debian (/usr/bin/chromium, or $CARGOBAY_CHROMIUM); Playwright's own browser download is never used.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pluggy
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sites import build_module as load_build_module  # build.py under a private name
from sites import warm_dist
from under_test import NewPage, PageRecorder, track

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

ENGINE_TIMEOUT_MS = 90_000  # Pyodide boot is 4-8 s on a 2-core VM; generous for a loaded CI machine


@pytest.fixture(scope="session")
def built_dist() -> Path:
    """dist/, built unless `python build.py test` just did."""
    build = load_build_module()
    dist = Path(os.environ.get("CARGOBAY_DIST") or build.DIST)
    if not (os.environ.get("CARGOBAY_PREBUILT") and (dist / "manifest.json").exists()):
        build.build(dist)
    return dist


@pytest.fixture(scope="session")
def site_url(built_dist: Path) -> Iterator[str]:
    """The built site, shipping the engine's memory snapshot (sites.warm_dist): each fresh browser context is a first
    visit whose engine restores the snapshot instead of starting Python. Yields the base URL."""
    with load_build_module().serving(warm_dist(built_dist)) as url:
        yield url


@pytest.fixture(scope="session")
def cold_site_url(built_dist: Path) -> Iterator[str]:
    """The site exactly as built (no snapshot shipped): a first visit starts Python afresh and then makes the snapshot
    for the next visit. For tests of that first start."""
    with load_build_module().serving(built_dist) as url:
        yield url


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    build = load_build_module()
    executable = build.chromium_path()
    if not Path(executable).exists():
        pytest.fail(f"Chromium not found at {executable} (Debian: apt-get install -y chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=build.CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_page(chromium: Browser, site_url: str) -> tuple[BrowserContext, Page, PageRecorder]:
    """A page in a fresh browser context (empty localStorage and cache) that records its requests."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    recorder = PageRecorder(pg, site_url)
    track(pg, site_url, recorder=recorder)
    return context, pg, recorder


@pytest.fixture
def page(chromium: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser context (empty localStorage and cache) and page; checks nothing left 127.0.0.1."""
    context, pg, recorder = open_page(chromium, site_url)
    try:
        yield pg
    finally:
        failed = getattr(request.node, "rep_call", None)
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(Exception):  # best effort
                pg.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}.png"), full_page=True)
        context.close()
    assert recorder.foreign_requests() == [], "requests left 127.0.0.1"


@pytest.fixture
def new_page(chromium: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[NewPage]:
    """A factory of pages, each in its own browser context (as two people on two browsers); checks that
    no page's request left 127.0.0.1."""
    made: list[tuple[BrowserContext, Page, PageRecorder]] = []

    def make() -> Page:
        context, pg, recorder = open_page(chromium, site_url)
        made.append((context, pg, recorder))
        return pg

    try:
        yield make
    finally:
        failed = getattr(request.node, "rep_call", None)
        for index, (context, pg, _) in enumerate(made):
            if failed is not None and failed.failed:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(Exception):  # best effort
                    pg.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}-{index}.png"), full_page=True)
            context.close()
    for _, _, recorder in made:
        assert recorder.foreign_requests() == [], "requests left 127.0.0.1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)

