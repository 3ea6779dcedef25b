"""The warm-up plan (build time, CPython): for each playable game, the modules a first match of it imports beyond
`cargobay.service` (the engine's boot), in the order they finish importing, so that importing them one by one in that
order runs exactly one module's body per import (its own imports are done by then).

    python worker/warm_plan.py <cargobay wheel or source folder>   -> JSON {game id: [module, ...]} on stdout

build.py writes it to dist/worker/warm-plan.json. The engine worker (engine.worker.mjs, `warm`) imports one module per
task of its own, so a request that arrives meanwhile waits behind the module in flight when it reaches the worker,
never for the whole game; one posted as a module ends can reach the worker only after the next has begun, so now and
then it waits behind two (e2e/test_site.py allows up to four, and two or more for at most a quarter of the modules).
Recorded by setting up a match of each bot level (seat 0 human, the rest that bot) in this process, the modules of
one game dropped again before the next is recorded (each game's list is complete on its own).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import json
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any


class Recorded:
    """A module's loader, noting the module's name once its body has run (so it comes after everything it imports).
    One per module: a zip's loader (the wheel on sys.path) is shared by all of its modules."""

    def __init__(self, inner: Any, name: str, done: list[str]) -> None:
        self.inner, self.name, self.done = inner, name, done

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.inner.create_module(spec)  # type: ignore[no-any-return]

    def exec_module(self, module: ModuleType) -> None:
        self.inner.exec_module(module)
        self.done.append(self.name)

    def __getattr__(self, attr: str) -> Any:  # (resource readers and the like: the real loader's)
        return getattr(self.inner, attr)


class Recorder(importlib.abc.MetaPathFinder):
    def __init__(self) -> None:
        self.done: list[str] = []

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is None:
                continue
            if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                spec.loader = Recorded(spec.loader, name, self.done)
            return spec
        return None


def plan(source: str) -> dict[str, list[str]]:
    sys.path.insert(0, source)
    from cargobay.service import PROTOCOL, Service

    hello = Service().handle({"type": "hello"})["result"]
    base = set(sys.modules)
    recorder = Recorder()
    sys.meta_path.insert(0, recorder)
    out: dict[str, list[str]] = {}
    for game in hello["games"]:
        if not game.get("available") or not game.get("listed", True):
            continue
        low, high = game["seats"]
        for level in game.get("bots") or []:
            seats = ["human"] + [level] * max(1, low - 1) if high > 1 else [level]
            Service().handle({"type": "new_match", "v": PROTOCOL, "game": game["id"], "seats": seats, "seed": 0})
        out[game["id"]] = list(dict.fromkeys(recorder.done))
        recorder.done.clear()
        for name in set(sys.modules) - base:  # the next game records its shared modules too
            parent, _, child = name.rpartition(".")
            # ... also off its parent package (`from cargobay import tokens` finds an attribute left on `cargobay`
            # and imports nothing, so the module would be recorded later, under another game's import)
            if getattr(sys.modules.get(parent), child, None) is sys.modules[name]:
                delattr(sys.modules[parent], child)
            del sys.modules[name]
    return out


if __name__ == "__main__":
    json.dump(plan(sys.argv[1]), sys.stdout, separators=(",", ":"))
