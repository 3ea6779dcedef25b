# The engine worker, seen from the page: one request helper. The protocol version comes from `hello`
# (worker/PROTOCOL.md); every request after it carries that version.
import asyncio
import json

from pyscript import window

from ui import limits
from ui.dom import js_get

WIDE_PX = 1000  # from this page width on, boards are drawn in landscape where the game has such a layout


class Engine:
    def __init__(self):
        self.js = None  # window.cargobayEngine
        self.protocol = None  # from hello
        self.hello = None  # the hello answer (version, catalogue)
        self.wide = False  # the layout the engine draws boards for

    async def attach(self):
        """Wait for engine-client.js (an async module, normally there long before us)."""
        for _ in range(500):
            self.js = js_get(window, "cargobayEngine")  # (a missing one raises AttributeError in MicroPython)
            if self.js:
                return True
            await asyncio.sleep_ms(20)
        return False

    async def ready(self):
        """True once the worker is up and has answered hello; False if it failed to start."""
        ok = await self.js.ready
        if not ok:
            return False
        if self.hello is None:
            good, result = await self._send({"type": "hello"})
            if not good:
                return False
            self.protocol = result.get("protocol")
            limits.use(result.get("limits"))  # one source: the engine's (core/cargobay/limits.py)
            # The page's shape before any board is drawn (a match restored at start-up included);
            # app.relayout follows later resizes.
            self.wide = int(window.innerWidth) >= WIDE_PX
            await self._send({"type": "layout", "wide": self.wide, "v": self.protocol})
            self.hello = result
        return True

    def failure(self):
        return js_get(self.js.status, "message") or "unknown error"

    async def call(self, req):
        """Send one request; returns (True, result) or (False, error dict)."""
        if self.hello is None and not await self.ready():
            return False, {"type": "EngineUnavailable", "message": self.failure()}
        req["v"] = self.protocol
        return await self._send(req)

    async def _send(self, req):
        try:
            text = await self.js.request(json.dumps(req))
            resp = json.loads(str(text))
        except Exception as exc:  # never let the page die
            return False, {"type": "ClientError", "message": str(exc)}
        if not isinstance(resp, dict):
            return False, {"type": "ClientError", "message": "the engine answered no object"}
        if resp.get("ok"):
            return True, resp.get("result")
        return False, resp.get("error") or {"type": "Error", "message": "unknown error"}


engine = Engine()
