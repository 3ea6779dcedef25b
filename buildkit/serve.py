"""Serve a built site on 127.0.0.1: ``python build.py serve`` in the foreground, ``serving`` in a background thread
for the e2e tests and bench/ (with the MIME types the runtimes need and no-cache on what carries the build id)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from buildkit import DIST

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (an instance attribute of http.server's, given per class here)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        # HTML (and the manifest) must always be revalidated: they carry the cache-busting build id.
        path = self.path.split("?", 1)[0]
        if path.endswith(("/", ".html", "manifest.json", "sw.js", ".webmanifest")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (http.server's signature)
        if os.environ.get("CARGOBAY_SERVE_LOG"):
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # Browsers drop connections (reloads, cancelled fetches); that is not an error worth a traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(dist: Path = DIST, host: str = "127.0.0.1", port: int = 0) -> QuietServer:
    handler = functools.partial(Handler, directory=str(dist))
    return QuietServer((host, port), handler)


@contextlib.contextmanager
def serving(dist: Path = DIST, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve dist/ in a background thread; yields the base URL (ending in /)."""
    server = make_server(dist, host, port)
    thread = threading.Thread(target=server.serve_forever, name="cargobay-http", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def serve(dist: Path, port: int) -> None:
    server = make_server(dist, "127.0.0.1", port)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {dist} at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
