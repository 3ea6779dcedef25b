#!/usr/bin/env python3
"""What a flood of refused texts costs the page that receives them (issue 19, attack 8): a hostile page sends
junk texts through the engine's ``p2p_receive`` (the worker's JSON entry point, a LOAD! match dealt
cryptographically, after its first deal); prints the time and answer bytes per refusal, for the ones answered
in full (a snapshot) and for those past the sender's rate (``dropped``).

    python bench/refusals.py [--texts 2000]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))

from cargobay.service import PROTOCOL, Service, handle_json  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--texts", type=int, default=2000)
    args = parser.parse_args()
    services = [Service(), Service()]

    def ask(page: int, **request: object) -> dict:
        return json.loads(handle_json(json.dumps({"v": PROTOCOL, "id": 1, **request}), services[page]))["result"]

    keys = [ask(page, type="p2p_identity", fresh=True)["key"] for page in (0, 1)]
    setup = {"match_id": "bench-refusals", "game": "load", "seats": ["human", "human"], "owners": [0, 1],
             "peers": 2, "keys": keys}
    outboxes = [ask(page, type="p2p_start", setup=setup, me=page, now=0)["send"] for page in (0, 1)]
    while any(outboxes):  # the first deal, so the snapshot is a real board
        for page in (0, 1):
            while outboxes[page]:
                text = outboxes[page].pop(0)
                answer = ask(1 - page, type="p2p_receive", **{"from": page}, text=text, now=1)
                outboxes[1 - page] += answer.get("send", [])  # (a duplicate is answered in short)
    figures: dict[str, list[tuple[float, int]]] = {"answered in full": [], "dropped": []}
    for index in range(args.texts):
        request = json.dumps({"v": PROTOCOL, "id": 1, "type": "p2p_receive", "from": 1, "text": f"junk {index}",
                              "now": 2 + index / 1000})  # 1,000 texts a second
        start = time.perf_counter()
        answer = handle_json(request, services[0])
        elapsed = time.perf_counter() - start
        kind = "dropped" if '"dropped"' in answer[:40] else "answered in full"
        figures[kind].append((elapsed, len(answer)))
    print(f"{args.texts} junk texts at 1,000 a second from one hostile page (LOAD!, after the first deal):")
    for kind, rows in figures.items():
        if rows:
            ms = sum(r[0] for r in rows) / len(rows) * 1000
            size = sum(r[1] for r in rows) / len(rows)
            print(f"  {kind:17} {len(rows):6}   {ms:6.2f} ms and {size / 1000:6.1f} kB each")
    total_ms = sum(r[0] for rows in figures.values() for r in rows) * 1000
    total_bytes = sum(r[1] for rows in figures.values() for r in rows)
    print(f"  total             {total_ms:8.0f} ms, {total_bytes / 1e6:6.2f} MB of answers to the page")


if __name__ == "__main__":
    main()
