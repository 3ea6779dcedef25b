#!/usr/bin/env python3
"""Bytes shipped: the built site per part, raw, gzip (-9) and brotli (q 11, through Node's zlib where Node is
installed), and what a first visit downloads (the service worker precaches the whole site but bench/).

    python bench/bytes.py [--dist DIR] [--no-build]
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (part, test on the path relative to dist/), first match wins
PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("Pyodide runtime (wasm, stdlib zip, loader, lock file)", ("vendor/pyodide-",)),
    ("PyScript", ("vendor/pyscript-",)),
    ("MicroPython (page script runtime)", ("vendor/micropython-",)),
    ("engine wheel (cargobay)", ("wheels/",)),
    ("engine worker", ("worker/",)),
    ("peer-to-peer (loaded on first use)", ("p2p/", "p2p.js", "p2p-glue.js", "vendor/qrcode-generator-")),
    ("embedding (embed.js, embed page)", ("embed",)),
    ("offline + install (service worker, web manifest, icons)", ("sw.js", "app.webmanifest", "icons/", "offline.js")),
    ("page (HTML, CSS, client JS, UI modules)", ("",)),
]

BROTLI_JS = """
const fs = require("fs"), zlib = require("zlib");
const out = {};
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) {
  out[f] = zlib.brotliCompressSync(fs.readFileSync(f), {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length;
}
console.log(JSON.stringify(out));
"""


def part_of(rel: str) -> str:
    for name, prefixes in PARTS:
        if any(rel.startswith(p) for p in prefixes):
            return name
    return PARTS[-1][0]


def brotli_sizes(files: list[Path]) -> dict[str, int] | None:
    node = shutil.which("node")
    if node is None:
        return None
    done = subprocess.run([node, "-e", BROTLI_JS], input=json.dumps([str(f) for f in files]), capture_output=True,
                          text=True, timeout=600)
    return dict(json.loads(done.stdout)) if done.returncode == 0 else None


def human(n: float) -> str:
    return f"{n / 1e6:7.2f} MB" if n >= 1e5 else f"{n / 1e3:7.1f} KB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=None)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)
    spec = importlib.util.spec_from_file_location("cargobay_build", ROOT / "build.py")
    assert spec and spec.loader
    build = importlib.util.module_from_spec(spec)
    sys.modules["cargobay_build"] = build
    spec.loader.exec_module(build)
    dist = (args.dist or build.DIST).resolve()
    if not args.no_build or not (dist / "manifest.json").exists():
        build.build(dist)
    files = [p for p in sorted(dist.rglob("*"))
             if p.is_file() and not p.relative_to(dist).as_posix().startswith("bench/")]
    brotli = brotli_sizes(files)
    totals: dict[str, list[int]] = {name: [0, 0, 0, 0] for name, _ in PARTS}
    for path in files:
        data = path.read_bytes()
        row = totals[part_of(path.relative_to(dist).as_posix())]
        row[0] += 1
        row[1] += len(data)
        row[2] += len(gzip.compress(data, 9))
        row[3] += (brotli or {}).get(str(path), 0)
    print(f"Bytes shipped by {dist} (bench/ excluded), per part")
    header = f"{'part':<58}{'files':>6}{'raw':>12}{'gzip -9':>12}{'brotli 11':>12}"
    print(header)
    print("-" * len(header))
    for name, (count, raw, gz, br) in totals.items():
        print(f"{name:<58}{count:>6}{human(raw):>12}{human(gz):>12}{human(br) if brotli else '-':>12}")
    count, raw, gz, br = (sum(row[i] for row in totals.values()) for i in range(4))
    print("-" * len(header))
    print(f"{'the whole site (what the service worker precaches)':<58}{count:>6}{human(raw):>12}{human(gz):>12}"
          f"{human(br) if brotli else '-':>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
