"""`build.py snapshot` names the shipped snapshot file in the built engine worker (buildkit/browser.py stamp_shipped):
the worker looks for a snapshot only where one can be, and must know before its runtime starts, so a plain build's
first visit never waits on a lookup (issue 25). The worker's source has the one line it rewrites."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildkit.browser import stamp_shipped  # noqa: E402

WORKER = ROOT / "worker" / "engine.worker.mjs"


def built(tmp_path: Path) -> tuple[Path, Path]:
    """A dist/ whose worker is a hard link to another build's copy (as e2e/sites.py warm_dist makes them)."""
    other = tmp_path / "other" / "worker"
    other.mkdir(parents=True)
    shutil.copy(WORKER, other / WORKER.name)
    dist = tmp_path / "dist"
    (dist / "worker").mkdir(parents=True)
    os.link(other / WORKER.name, dist / "worker" / WORKER.name)
    return dist, other / WORKER.name


def shipped_lines(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.startswith("const SHIPPED_SNAPSHOT = ")]


def test_the_worker_names_the_shipped_snapshot_and_a_new_ship_replaces_it(tmp_path: Path) -> None:
    assert shipped_lines(WORKER) == ["const SHIPPED_SNAPSHOT = null;"]
    dist, other = built(tmp_path)
    stamp_shipped(dist, "snapshot/abc-123.bin")
    worker = dist / "worker" / WORKER.name
    assert shipped_lines(worker) == ['const SHIPPED_SNAPSHOT = "snapshot/abc-123.bin";']
    assert shipped_lines(other) == ["const SHIPPED_SNAPSHOT = null;"]  # the other build's file is untouched
    assert worker.read_text().replace('"snapshot/abc-123.bin"', "null") == WORKER.read_text()
    stamp_shipped(dist, None)  # (ship_snapshot serves the site with none while it makes the new one)
    assert worker.read_text() == WORKER.read_text()


def test_a_worker_without_the_line_is_an_error(tmp_path: Path) -> None:
    dist, _ = built(tmp_path)
    worker = dist / "worker" / WORKER.name
    worker.unlink()
    worker.write_text("// no line\n")
    with pytest.raises(RuntimeError, match="0 SHIPPED_SNAPSHOT lines"):
        stamp_shipped(dist, "snapshot/x.bin")
