#!/usr/bin/env python3
"""Start-up benchmark in Debian's Chromium (headless, Playwright), served from 127.0.0.1.

For each of N runs (default 5), side by side in the same run:
  app  cold    - a fresh browser profile: time to menu painted (first contentful paint), to menu usable (see
                 below), to MicroPython UI ready (hydrated: app.py ran), to engine ready (cargobay importable in the
                 worker). The first
                 visit installs the service worker (the whole site precached) and keeps the engine's memory
                 snapshot; the run waits for both before going on.
  app  reload  - page.reload() in that same persistent profile: a repeat visit (the service worker answers,
                 the engine restores its snapshot)
  app  offline - the network off (Playwright's offline mode), reload: the installed site
  app  no snap - (with --no-snapshot-too) a reload with ?snapshot=0: the service worker, no snapshot
  app snapshot=0 cold - a fresh profile with ?snapshot=0: what the cold start is when no snapshot is made
                 (the difference to "app cold" is what making the snapshot costs the first visit)
  bare cold / reload - dist/bench/bare.html: only boots the same vendored Pyodide in a module worker (bench/ is
                 not precached: the HTTP cache only)
  floor cold   - dist/bench/floor.html: the same PyScript + MicroPython, config and preloads as the app's page,
                 running a one-line script (no modules, no menu, no engine): the floor of the app's UI ready
All times are ms from navigation start (performance.now() in the page). Prints medians (min-max).

Menu usable: the end of the first frame drawn once the set-up form holds #start and a seat picker (a <select>), i.e.
once a person can pick a game, its seats and options and type a seed with the controls on screen. An init script
(INIT_JS, injected by Playwright before any page script) watches the DOM with a MutationObserver; at the first
mutation batch that satisfies it, it asks requestAnimationFrame for the next frame and takes the time in a task queued
from that callback (after the frame's paint on the main thread); the figure is that time or the first contentful
paint (the frame presented), whichever is later. The same definition for every build: where the markup of the cards and
the pickers is stamped into index.html (ui/menuhtml.py) it is met while the HTML is parsed; where ui/menu.py draws the
pickers (main before this change) it is met only when MicroPython has run app.py's menu.load. Usable is not idle:
MicroPython still boots on the main thread after it, and a tap or key is handled only between two of its tasks, so the
script also records the main thread's long tasks (PerformanceObserver "longtask", > 50 ms) and prints, from menu usable
to UI ready, the longest one (the most an input waits) and their total. Cold, the app's main-thread CPU time in tasks
from navigation to UI ready (CDP Performance.getMetrics TaskDuration in thread ticks: a figure contention barely
moves) is printed for each build.

    python bench/startup.py [--runs 5] [--no-build] [--dist DIR] [--against DIR] [--also QUERY] [--loadpackage]
                            [--no-snapshot-too]

--against DIR: a second built site (e.g. main's tree before a change, `python build.py build` into DIR from another
checkout) whose app is booted too, interleaved with this one in every run ("before" rows, and its ratios to the same
run's bare boot), so a change is measured as an A/B of one run. --also QUERY (repeatable): the app booted with that
page query too, e.g. `--also '?engine=early'` (a first visit's engine worker started at once, not after the page
script), in every run. For every app row the cold start also prints when the page created the engine
worker and how long the worker waited before calling loadPyodide (a bare worker calls it at once).

Goals: menu < 1000 ms cold; UI ready < 500 ms cold (the menu usable; MicroPython's own UI ready is printed beside
it); engine ready <= 1.15 x bare boot (cold);
engine ready on a repeat visit (reload, offline) <= 0.5 x the bare boot.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 120_000


def load_build():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("cargobay_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["cargobay_build"] = module
    spec.loader.exec_module(module)
    return module


BUILD = load_build()


UI_JS = "() => Math.round(performance.getEntriesByName('cargobay-ui-ready')[0]?.startTime ?? -1)"
# menu usable (see the docstring) and the main thread's long tasks, recorded from the document's start
INIT_JS = """(() => {
  const bench = window.cargobayBench = { usable: null, met: null, long: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.long.push([e.startTime, e.duration]);
    })
      .observe({ type: "longtask", buffered: true });
  } catch (e) { bench.long = null; }
  const usable = () => document.getElementById("start") && document.querySelector("#setup-form select");
  const watch = new MutationObserver(() => {
    if (bench.met !== null || !usable()) return;
    bench.met = performance.now();
    watch.disconnect();
    requestAnimationFrame(() => setTimeout(() => { bench.usable = performance.now(); }, 0));
  });
  watch.observe(document, { childList: true, subtree: true });
})();"""
# (usable, longest long task and their total from usable to UI ready, in ms)
USABLE_JS = """(ui) => { const b = window.cargobayBench; if (!b || b.usable === null) return [-1, -1, -1];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const from = Math.max(b.usable, paint ? paint.startTime : 0), to = ui >= 0 ? ui : performance.now();
  const tasks = (b.long || []).filter(([t, d]) => t + d > from && t < to)
    .map(([t, d]) => Math.min(t + d, to) - Math.max(t, from));
  return [Math.round(from), Math.round(Math.max(0, ...tasks)), Math.round(tasks.reduce((a, d) => a + d, 0))]; }"""
# app.py's first line and the end of its imports (web/app.py marks them), so the UI ready splits into PyScript +
# MicroPython's boot and the page's own Python
MARKS_JS = """() => Object.fromEntries(['cargobay-app-start', 'cargobay-app-imported'].map((n) =>
  [n, Math.round(performance.getEntriesByName(n)[0]?.startTime ?? -1)]))"""
FCP_JS = """() => { const e = performance.getEntriesByName('first-contentful-paint')[0];
  return e ? Math.round(e.startTime) : null; }"""


def measure_app(page, cdp=None) -> dict[str, float]:  # type: ignore[no-untyped-def]
    page.wait_for_selector("#game-menu", state="visible", timeout=TIMEOUT_MS)
    cpu = -1.0
    if cdp is not None:  # the main thread's CPU time in tasks, navigation to UI ready (Performance, threadTicks)
        page.wait_for_selector("html[data-ui='ready']", state="attached", timeout=TIMEOUT_MS)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        cpu = round(metrics.get("TaskDuration", -0.001) * 1000)
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=TIMEOUT_MS)
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
    t = page.evaluate("() => window.cargobayEngine.timings")
    ui = page.evaluate(UI_JS)
    page.wait_for_function("() => window.cargobayBench?.usable !== null")
    usable, longest, blocked = page.evaluate(USABLE_JS, ui)
    marks = page.evaluate(MARKS_JS)
    w = t.get("worker") or {}
    assert page.evaluate("() => document.documentElement.dataset.engine") == "ready"
    return {
        "snapshot": {"restored": 1, "made": 0, "wanted": 0}.get(str(w.get("snapshot")), -1),
        "menu": page.evaluate(FCP_JS),
        "usable": usable,
        "cpu": cpu,
        "longest": longest,
        "blocked": blocked,
        "ui": ui,
        "app_start": marks["cargobay-app-start"],
        "app_imported": marks["cargobay-app-imported"],
        "engine": t["ready"],
        "worker_start": t["created"],
        # the worker's own waits before it calls loadPyodide (a bare worker calls it at once); -1 before that mark
        "runtime_call": w.get("runtime-start", -1),
        "install": w.get("installed", 0) - w.get("runtime", 0),
        "import": w.get("imported", 0) - w.get("installed", 0),
        # the memory snapshot taken in this boot (before the change: inside the engine's own boot): its bytes and
        # the ms makeMemorySnapshot() took; since then a maker worker takes it after ready (see MAKER_JS)
        "snap_bytes": w.get("snapshotBytes", -1),
        "snap_make": w["snapshot-made"] - w.get("snapshot-from", w.get("imported", 0)) if "snapshot-made" in w else -1,
    }


MAKER_JS = "() => window.cargobayEngine.timings.snapshotMaker || null"


def add_maker(page, cold: dict[str, float]) -> None:  # type: ignore[no-untyped-def]
    """The snapshot maker's figures (the page's second worker, started in idle time after ready)."""
    made = page.evaluate(MAKER_JS)
    if made and made.get("make", -1) >= 0:
        cold["snap_bytes"], cold["snap_make"] = made["bytes"], made["make"]
        cold["snap_stored"] = made["done"]


def measure_floor(page) -> dict[str, float]:  # type: ignore[no-untyped-def]
    page.wait_for_selector("html[data-ui='ready']", state="attached", timeout=TIMEOUT_MS)
    return {"ui": page.evaluate(UI_JS), "menu": page.evaluate(FCP_JS)}


def measure_bare(page) -> dict[str, float]:  # type: ignore[no-untyped-def]
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
    return {"engine": page.evaluate("() => window.bareTimings.ready")}


# the site precached, and the engine's memory snapshot stored (by the page's snapshot maker, after ready)
INSTALLED_JS = """() => document.documentElement.dataset.offline === 'ready'
  && window.cargobayEngine.timings.snapshotMaker?.stored === true"""


def one_run(pw, base: str, kind: str, query: str = "", nosnap: bool = False) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    """The phases of one fresh profile: cold, reload (and offline, no snap for the app)."""
    url = base + {"bare": "bench/bare.html", "floor": "bench/floor.html"}.get(kind, "") + query
    measure = {"bare": measure_bare, "floor": measure_floor}.get(kind, measure_app)
    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="cargobay-bench-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=BUILD.chromium_path(), headless=True, args=BUILD.CHROMIUM_ARGS
        )
        try:
            ctx.add_init_script(INIT_JS)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cdp = None
            if kind == "app":
                cdp = ctx.new_cdp_session(page)
                cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            page.goto(url)
            out["cold"] = measure_app(page, cdp) if kind == "app" else measure(page)
            if cdp is not None:
                cdp.detach()
            if kind == "floor":
                return out
            if kind == "app" and "snapshot=0" in query:
                page.wait_for_function(
                    "() => document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT_MS, polling=200
                )
            elif kind == "app" and "install=" not in query:
                page.wait_for_function(INSTALLED_JS, timeout=TIMEOUT_MS, polling=200)
                page.wait_for_timeout(500)  # let the snapshot's write settle
                add_maker(page, out["cold"])
            page.reload()
            out["reload"] = measure(page)
            if kind == "app" and "install=" not in query and "snapshot=0" not in query:
                if nosnap:
                    page.goto(url + ("&" if "?" in url else "?") + "snapshot=0")
                    out["no snap"] = measure(page)
                ctx.set_offline(True)
                page.goto(url)
                out["offline"] = measure(page)
                ctx.set_offline(False)
        finally:
            ctx.close()
    return out


def fmt(values: list[float]) -> str:
    vals = [v for v in values if v is not None and v >= 0]
    if not vals:
        return "-"
    return f"{statistics.median(vals):7.0f} ({min(vals):.0f}-{max(vals):.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--dist", type=Path, default=None, help="build into / serve this folder (default dist/)")
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="a second built site whose app is booted interleaved with this one (an A/B in one run)",
    )
    parser.add_argument(
        "--no-snapshot-too", action="store_true", help="also measure a repeat visit without the engine snapshot"
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="QUERY",
        help="also boot the app with this page query, e.g. '?engine=early' (repeatable), in the same run",
    )
    parser.add_argument(
        "--loadpackage",
        action="store_true",
        help="also measure the app with the wheel installed by pyodide.loadPackage",
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    build = BUILD
    dist = args.dist or build.DIST
    if not args.no_build or not (dist / "manifest.json").exists():
        build.build(dist)
    variants = [
        ("app", "app", ""),
        ("app snapshot=0", "app", "?snapshot=0"),
        ("bare", "bare", ""),
        ("floor", "floor", ""),
    ]
    if args.loadpackage:
        variants.insert(1, ("app loadPackage", "app", "?install=loadPackage"))
    for query in args.also:
        variants.insert(1, (f"app {query.lstrip('?')}", "app", query if query.startswith("?") else "?" + query))
    if args.against:
        if not (args.against / "manifest.json").exists():
            raise SystemExit(f"--against {args.against}: no built site there (python build.py build into it first)")
        variants.insert(0, ("before app", "app", ""))
    phases = ["cold", "reload", "offline", "no snap"]
    results: dict[str, dict[str, dict[str, list[float]]]] = {
        name: {phase: {} for phase in phases} for name, _, _ in variants
    }
    with contextlib.ExitStack() as stack, sync_playwright() as pw:
        base = stack.enter_context(build.serving(dist))
        before = stack.enter_context(build.serving(args.against)) if args.against else base
        for run in range(args.runs):
            for name, kind, query in variants:  # interleaved, so drift hits all variants alike
                site = before if name.startswith("before") else base
                measured = one_run(pw, site, kind, query, args.no_snapshot_too)
                for phase, data in measured.items():
                    for key, value in data.items():
                        results[name][phase].setdefault(key, []).append(value)
            print(
                f"run {run + 1}/{args.runs}: "
                + ", ".join(
                    f"{name} "
                    + " / ".join(
                        f"{phase} {(results[name][phase].get('engine') or results[name][phase]['ui'])[-1]}"
                        for phase in phases
                        if results[name][phase].get("engine") or results[name][phase].get("ui")
                    )
                    for name, _, _ in variants
                ),
                flush=True,
            )

    print()
    print(f"Start-up, ms from navigation, median (min-max) of {args.runs} runs; Chromium headless, 127.0.0.1")
    header = (
        f"{'page':<17}{'load':<8}{'menu painted':>20}{'menu usable':>20}{'UI (MicroPython)':>20}{'engine ready':>22}"
        f"{'wheel install':>18}{'import':>16}"
    )
    print(header)
    print("-" * len(header))
    for name, _, _ in variants:
        for phase in phases:
            r = results[name][phase]
            if not r.get("engine") and not r.get("ui"):
                continue
            print(
                f"{name:<17}{phase:<8}{fmt(r.get('menu', [])):>20}{fmt(r.get('usable', [])):>20}"
                f"{fmt(r.get('ui', [])):>20}"
                f"{fmt(r.get('engine', [])):>22}{fmt(r.get('install', [])):>18}{fmt(r.get('import', [])):>16}"
            )
    print("wheel install = runtime loaded -> wheel installed, inside the worker (unpackArchive of the bytes")
    print("fetched in parallel, or loadPackage(url)); import = `import cargobay.service` (restored: already")
    print(
        "imported in the snapshot). reload / offline restore the engine's memory snapshot: "
        f"{sum(v > 0 for v in results['app']['reload'].get('snapshot', []))}"
        f"/{len(results['app']['reload'].get('snapshot', []))} reloads did."
    )
    made = [
        (b, m)
        for b, m in zip(
            results["app"]["cold"].get("snap_bytes", []), results["app"]["cold"].get("snap_make", []), strict=True
        )
        if m >= 0
    ]
    if made:
        print(
            f"engine memory snapshot (first visit): {statistics.median(b for b, _ in made) / 2**20:.1f} MiB, "
            f"makeMemorySnapshot() {statistics.median(m for _, m in made):.0f} ms median "
            f"({min(m for _, m in made):.0f}-{max(m for _, m in made):.0f}) over {len(made)} runs"
            + (
                f"; taken by a second worker after ready, stored at "
                f"{statistics.median(results['app']['cold']['snap_stored']):.0f} ms from navigation"
                if results["app"]["cold"].get("snap_stored")
                else "; taken inside the cold boot, before ready"
            )
        )
    nosnap = results["app snapshot=0"]["cold"].get("engine")
    if nosnap:
        app_cold = statistics.median(results["app"]["cold"]["engine"])
        print(
            f"cold engine ready without any snapshot (?snapshot=0): {statistics.median(nosnap):.0f} ms; "
            f"with the snapshot as the first visit takes it: {app_cold:.0f} ms"
        )
    for name in [n for n, kind, _ in variants if kind == "app"]:
        cold = results[name]["cold"]
        if cold.get("worker_start"):
            print(
                f"{name}: cold, the engine worker created at {fmt(cold['worker_start']).strip()} ms from navigation; "
                f"it called loadPyodide {fmt(cold.get('runtime_call', [])).strip()} ms after it started"
            )
    for name in [n for n in ("before app", "app") if n in results]:
        cpu = [v for v in results[name]["cold"].get("cpu", []) if v >= 0]
        if cpu:
            print(f"{name}: main-thread CPU time in tasks, navigation to UI ready (cold): {fmt(cpu)} ms")
    print(
        "menu usable -> UI ready (a tap or key in between waits for the main thread's current task): the longest "
        "long task, and the long tasks' total, ms"
    )
    for name, phase in [(n, ph) for n in ("before app", "app") if n in results for ph in phases]:
        r = results[name][phase]
        if r.get("usable"):
            print(
                f"  {name:<17}{phase:<8} usable {fmt(r['usable'])}, UI ready {fmt(r['ui'])}: longest task "
                f"{fmt(r['longest'])}, total {fmt(r['blocked'])}"
            )
    floor = statistics.median(results["floor"]["cold"]["ui"])
    for name in [n for n in ("before app", "app") if n in results]:
        cold = results[name]["cold"]
        starts = [v for v in cold.get("app_start", []) if v >= 0]
        if not starts:
            continue
        imported = statistics.median(cold["app_imported"])
        print(
            ("before: " if name.startswith("before") else "")
            + f"cold UI ready {statistics.median(cold['ui']):.0f} ms: app.py starts at "
            f"{statistics.median(starts):.0f} ms (PyScript + MicroPython up), its imports done at "
            f"{imported:.0f} ms"
        )
    print(
        f"UI ready floor (bench/floor.html: the same PyScript + MicroPython running one line), cold: {floor:.0f} ms; "
        + "; ".join(
            f"{'before: ' if n.startswith('before') else ''}app / floor = "
            f"{statistics.median(results[n]['cold']['ui']) / floor:.2f}"
            for n in ("before app", "app")
            if n in results
        )
    )
    print()
    bare = {phase: statistics.median(results["bare"][phase]["engine"]) for phase in ("cold", "reload")}
    for name, phase in [(n, ph) for n, kind, _ in variants if kind == "app" for ph in phases]:
        if not results[name][phase].get("engine"):
            continue
        app = statistics.median(results[name][phase]["engine"])
        menu = statistics.median(results[name][phase]["menu"])
        ui = statistics.median(results[name][phase]["ui"])
        usable = [v for v in results[name][phase].get("usable", []) if v >= 0]
        goal = "goal <= 1.15" if phase == "cold" else "goal <= 0.5"
        print(
            ("" if name == "app" else f"{name}: ")
            + f"{phase:<8} engine ready / bare boot = {app / bare['cold']:.3f} of the bare cold, "
            f"{app / bare['reload']:.3f} of the bare reload ({goal}); menu {menu:.0f} ms (goal < 1000); "
            f"menu usable {statistics.median(usable) if usable else -1:.0f} ms (goal < 500); "
            f"MicroPython UI ready {ui:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
