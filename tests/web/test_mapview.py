"""The map's pure page module (web/ui/mapview.py) under CPython, and the same under MicroPython (the page's
interpreter, the vendored wasm in Node): view boxes zoomed about a point, panned and kept on the map, client
points to map units, and a unit's reach decoded from the board's data-reach into the hover layer's markup."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cargobay.games.tf22.svg_geom import HEX_H, SIZE, centre
from cargobay.games.tf22.svg_pieces import reach_code

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

from ui.mapview import (  # noqa: E402
    MAX_ZOOM,
    box_text,
    centre_on,
    clamp,
    decode_reach,
    hex_centre,
    pan,
    parse_box,
    reach_svg,
    to_map,
    zoom,
)

FULL = (-4.0, -4.0, 858.0, 648.84)


def test_boxes_parse_and_print() -> None:
    assert parse_box("-4 -4 858 648.84") == FULL and box_text(FULL) == "-4 -4 858 648.84"
    assert parse_box("") is None and parse_box("1 2 3") is None and parse_box("0 0 -1 5") is None


def test_zoom_keeps_the_point_under_the_pointer_and_stays_on_the_map() -> None:
    box = zoom(FULL, FULL, 2.0, 100.0, 200.0)
    assert box[2] == pytest.approx(FULL[2] / 2) and box[3] == pytest.approx(FULL[3] / 2)
    # the point (100, 200) is at the same fraction of the box as before
    assert (100 - box[0]) / box[2] == pytest.approx((100 - FULL[0]) / FULL[2])
    deep = FULL
    for _ in range(20):
        deep = zoom(deep, FULL, 2.0)
    assert deep[2] == pytest.approx(FULL[2] / MAX_ZOOM)
    assert zoom(box, FULL, 0.01) == pytest.approx(FULL)  # never wider than the map


def test_pan_stops_at_the_edges() -> None:
    box = zoom(FULL, FULL, 4.0)
    far = pan(box, FULL, 10_000, 10_000)
    assert far[0] + far[2] / 2 == pytest.approx(FULL[0] + FULL[2] - far[2] / 2)
    assert clamp(FULL, FULL) == pytest.approx(FULL) and pan(FULL, FULL, 50, 50) == pytest.approx(FULL)
    assert centre_on(box, FULL, 425, 320)[0] == pytest.approx(425 - box[2] / 2)


def test_client_points_to_map_units() -> None:
    rect = (100.0, 50.0, 429.0, 324.42)  # the map's window: half the map's size in px
    assert to_map(FULL, rect, 100, 50) == pytest.approx((FULL[0], FULL[1]))
    assert to_map(FULL, rect, 100 + 429, 50 + 324.42) == pytest.approx((FULL[0] + FULL[2], FULL[1] + FULL[3]))


def test_reach_round_trips_and_hexes_sit_where_the_board_draws_them() -> None:
    reach = {29: 1, 30: 1, 31: 3, 500: 2}
    assert sorted(decode_reach(reach_code(reach))) == sorted(reach.items())
    assert decode_reach("") == [] and decode_reach("!!") == []
    for cell in (1, 29, 56, 503):
        assert hex_centre(cell, 28, SIZE, HEX_H) == pytest.approx(centre(cell))
    markup = reach_svg(reach_code(reach), 28, SIZE, HEX_H)
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{markup}</g>')
    costs = sorted(t.text for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert costs == ["1", "1", "2", "3"]


MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/mapview.py", fs.readFileSync(%(module)s, "utf8"));
mp.runPython(`
import sys
sys.path.append("/")
from ui.mapview import zoom, pan, parse_box, box_text, decode_reach, reach_svg
full = parse_box("-4 -4 858 648.84")
print(box_text(pan(zoom(full, full, 2.0, 100.0, 200.0), full, 30, -500)))
print(decode_reach(%(code)s))
print(len(reach_svg(%(code)s, 28, 20.0, 34.64)))
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_mapview_runs_under_micropython(tmp_path: Path) -> None:
    code = reach_code({29: 1, 30: 1, 31: 3})
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mpy": json.dumps(MPY.as_uri()), "module": json.dumps(str(ROOT / "web/ui/mapview.py")),
                                "code": json.dumps(code)})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=True)
    lines = run.stdout.split("\n")
    expected_box = box_text(pan(zoom(FULL, FULL, 2.0, 100.0, 200.0), FULL, 30, -500))
    assert lines[0] == expected_box
    assert lines[1] == "[(29, 1), (30, 1), (31, 3)]"
    assert int(lines[2]) == len(reach_svg(code, 28, 20.0, 34.64))
