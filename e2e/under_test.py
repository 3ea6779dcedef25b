"""The page under test, typed: what the e2e fixtures know about a Playwright page they opened (the base URL of the
site it is on, the list its page errors go to, its recorder of requests and console errors, the device it stands
for) is kept in a typed side table, looked up with ``base_url_of(page)``, ``recorder_of(page)``, ``errors_of(page)``
and ``device_of(page)``, instead of attributes hung on Playwright's Page (which mypy cannot see).

``Surface`` is what a helper drives that takes a page or an embed's iframe (Page | Frame); ``NewPage`` is the
``new_page`` fixture (a factory of pages, each in a fresh browser context)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias
from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from playwright.sync_api import ConsoleMessage, Frame, Page

Surface: TypeAlias = Page | Frame
NewPage: TypeAlias = Callable[[], Page]


class PageRecorder:
    """Records every request URL and every console error / page error of a page."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.requests: list[str] = []
        self.sockets: list[str] = []  # WebSocket URLs (Playwright reports them apart from requests)
        self.allowed_sockets: list[str] = []  # a relay test's own broker
        self.errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("websocket", lambda ws: self.sockets.append(ws.url))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", self._console)

    def _console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            self.errors.append(f"console: {msg.text}")

    def foreign_requests(self) -> list[str]:
        allowed = urlsplit(self.base_url).netloc
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about"):
                continue
            if parts.netloc != allowed or parts.hostname != "127.0.0.1":
                out.append(url)
        allowed_sockets = {url.rstrip("/") for url in self.allowed_sockets}
        return out + [url for url in self.sockets if url.rstrip("/") not in allowed_sockets]


@dataclass
class UnderTest:
    """What a fixture recorded about one page: ``errors`` and ``recorder`` are None where it keeps none."""

    base_url: str
    errors: list[str] | None = None
    recorder: PageRecorder | None = None
    device: str = ""


_KNOWN: WeakKeyDictionary[Page | Frame, UnderTest] = WeakKeyDictionary()


def track(page: Surface, base_url: str, *, errors: list[str] | None = None, recorder: PageRecorder | None = None,
          device: str = "") -> UnderTest:
    """Note what a fixture knows about ``page`` (replacing what was noted before)."""
    known = _KNOWN[page] = UnderTest(base_url, errors, recorder, device)
    return known


def under_test(page: Surface) -> UnderTest:
    try:
        return _KNOWN[page]
    except KeyError:
        raise LookupError(f"{page!r} was not opened by an e2e fixture (under_test.track)") from None


def base_url_of(page: Surface) -> str:
    """The base URL of the site the fixture opened ``page`` for (ends in "/")."""
    return under_test(page).base_url


def recorder_of(page: Surface) -> PageRecorder:
    recorder = under_test(page).recorder
    if recorder is None:
        raise LookupError(f"{page!r} has no PageRecorder (its fixture keeps none)")
    return recorder


def errors_of(page: Surface) -> list[str]:
    """The page errors the page reported (the fixture's own list: it appends to it)."""
    errors = under_test(page).errors
    if errors is None:
        raise LookupError(f"{page!r} keeps no list of page errors (its fixture keeps none)")
    return errors


def device_of(page: Surface) -> str:
    """The device the page stands for ("phone", "tablet", ...), "" if none or not a fixture's page."""
    known = _KNOWN.get(page)
    return known.device if known else ""
