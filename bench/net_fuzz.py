#!/usr/bin/env python3
"""A hostile peer against a live one: 100,000 messages (random fields, half of them validly signed by the
hostile peer, the rest with junk signatures, for past, current and later steps), then floods of chat, hashes
and resume requests, and the amplification of a resume before and after issue 11's quotas.

    python bench/net_fuzz.py [--messages 100000]

Counts refusals and any exception that is not a refusal (there must be none), and the peak memory
(tracemalloc) and the save size of the honest peer. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT))

from tests.net.netkit import MATCH, Network  # noqa: E402

from cargobay.engine import CargoBayError  # noqa: E402

KINDS = ["commit", "reveal", "act", "hash", "resume", "chat", "proof"]
FIELDS = {"commit": {"type", "node", "kind", "key", "digest"},
          "reveal": {"type", "node", "kind", "key", "value", "nonce", "commits"},
          "act": {"type", "node", "seat", "action"}, "hash": {"type", "step", "hash"},
          "resume": {"type", "step", "hash"}, "chat": {"type", "text"}, "proof": {"type", "a", "b"}}


def fuzz(count: int) -> None:
    network = Network(peers=3, seed=8)
    network.play_until(lambda: network.peers[0].step >= 4)
    honest = network.peers[0]
    save_before = len(json.dumps({**honest.to_json(), "clocks": None}))
    rng = random.Random(1)
    outcomes: Counter[str] = Counter()
    tracemalloc.start()
    start = time.perf_counter()
    for index in range(count):
        fields = {"type": rng.choice(KINDS), "node": rng.randrange(-1, honest.step + 40),
                  "step": rng.randrange(0, honest.step + 40), "kind": rng.choice(["action", "share", "x"]),
                  "key": rng.randrange(0, 4), "seat": rng.randrange(0, 4), "digest": rng.randbytes(32).hex(),
                  "value": rng.choice(["pick:0", "pick:1", "give:1+1", "x", "\ud800"]),
                  "nonce": rng.randbytes(32).hex(), "action": rng.choice(["pick:0", "give:2+1", "?"]),
                  "hash": rng.randbytes(32).hex(), "text": "hi", "commits": {}, "a": "{}", "b": "{}"}
        wanted = FIELDS[fields["type"]]
        fields = {key: value for key, value in fields.items()
                  if (key in wanted and rng.random() < 0.95) or rng.random() < 0.02}
        sender = rng.choice([1, 2])
        try:
            text = network.forge(sender, fields) if rng.random() < 0.5 else json.dumps(
                {"v": 2, "match": MATCH, "from": sender, **fields, "sig": "A" * 86})
        except UnicodeEncodeError:
            text = json.dumps({"v": 2, "match": MATCH, "from": sender, **fields}, ensure_ascii=False)
        try:
            honest.receive(sender, text, index / 1000)
            outcomes["handled"] += 1
        except CargoBayError:
            outcomes["refused"] += 1
        except Exception as error:  # a crash: must never happen
            outcomes[f"CRASH {type(error).__name__}"] += 1
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    save_after = len(json.dumps({**honest.to_json(), "clocks": None}))
    print(f"fuzz: {count} messages in {seconds:.1f} s: {dict(outcomes)}")
    held = sum(len(h) for h in honest.future.values())
    print(f"  peak memory while fuzzing {peak / 1e6:.2f} MB; save {save_before} B before, {save_after} B after;"
          f" held for later: {held}; outcome: {honest.outcome and honest.outcome['rule']}")


def floods() -> None:
    network = Network(seed=3)
    network.play_until(lambda: network.peers[1].step >= 2)
    honest = network.peers[1]
    before = len(json.dumps({**honest.to_json(), "clocks": None}))
    for index in range(10_000):
        for text in (network.forge(0, {"type": "chat", "text": f"spam {index}"}),
                     network.forge(0, {"type": "hash", "step": honest.step + 1 + index, "hash": "cd" * 32})):
            with contextlib.suppress(CargoBayError):
                honest.receive(0, text, index / 1000)
    honest.take_events()
    after = len(json.dumps({**honest.to_json(), "clocks": None}))
    print(f"10,000 chats + 10,000 hashes: save {before} B -> {after} B (issue 11 before the fix: 5.6 MB)")


def amplification() -> None:
    network = Network(peers=3, seed=4, game="load", owners=(0, 1))
    network.play_until(lambda: network.peers[0].step >= 60)
    honest = network.peers[0]
    request = network.forge(2, {"type": "resume", "step": 0, "hash": "ab" * 32})
    sent_in = sent_out = 0
    for _ in range(100):
        sent_in += len(request)
        sent_out += sum(len(text) for _, text in honest.receive(2, request, 1.0))
    print(f"100 resume requests from step 0 at step {honest.step}: {sent_in} B in, {sent_out} B out "
          f"(x{sent_out / sent_in:.1f}: one answer, to the asker only; before: every one, to every link)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=100_000)
    args = parser.parse_args(argv)
    fuzz(args.messages)
    floods()
    amplification()
    return 0


if __name__ == "__main__":
    sys.exit(main())
