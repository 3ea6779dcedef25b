"""web/p2p/mesh.py also runs under MicroPython (the page's interpreter): the vendored MicroPython wasm, in
Node, imports it and feeds it a few envelopes. Skipped where node or node_modules are missing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/p2p");
mp.FS.writeFile("/p2p/__init__.py", "");
mp.FS.writeFile("/p2p/mesh.py", fs.readFileSync(%(mesh)s, "utf8"));
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/limits.py", fs.readFileSync(%(limits)s, "utf8"));
mp.FS.writeFile("/ui/text.py", fs.readFileSync(%(text)s, "utf8"));
mp.runPython(`
import sys
sys.path.append("/")
from p2p.mesh import Mesh, setup_problem
m = Mesh("guest", lambda c: "answer")
m.bind(0, "L0", "reply", False, 0)
m.on_open(0, 1)
print(m.on_text(0, '{"k": "lobby", "you": 2}')[0].kind)
print(m.on_text(0, "[" * 3000)[0].kind)
print(m.on_text(3, '{"k": "setup", "setup": {}}')[0].reason)
print(setup_problem({"match_id": "abcdefgh12", "game": "g", "seats": ["human"], "owners": [0], "peers": 2}))
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_mesh_runs_under_micropython(tmp_path: Path) -> None:
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mpy": repr(str(MPY)), "mesh": repr(str(ROOT / "web" / "p2p" / "mesh.py")),
                                "limits": repr(str(ROOT / "web" / "ui" / "limits.py")),
                                "text": repr(str(ROOT / "web" / "ui" / "text.py"))})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:4] == ["lobby", "refuse", "only the host sends the setup", "None"], done.stdout
