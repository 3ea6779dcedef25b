"""Cut the path of one WebRTC link between two pages on this machine without closing anything: every UDP packet
to a port of its candidates is dropped (iptables and ip6tables INPUT, as root), so no pair of them carries
again, as after a router that mapped new ports or a phone that changed network. Only an ICE restart (new
candidates, new ports) gets the link back. The rules carry this process's comment and are removed afterwards,
also when the test fails."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
from collections.abc import Iterator

from playwright.sync_api import Page


def can_cut() -> bool:
    return os.geteuid() == 0 and all(shutil.which(tool) for tool in ("iptables", "ip6tables"))


def pair_ports(page: Page, peer: int) -> list[int]:
    """Every UDP port of the candidates of `page`'s link with `peer`, both ends (ICE would move to another pair
    of them: IPv4 and IPv6 host candidates both connect here)."""
    lid = page.get_attribute(f"#p2p-peers li[data-peer='{peer}']", "data-link")
    route = json.loads(page.evaluate("(id) => window.cargobayP2P.route(Number(id))", lid))
    assert route.get("ok") and all(isinstance(p, int) for p in route["ports"]), route
    return list(route["ports"])


@contextlib.contextmanager
def cut(ports: list[int]) -> Iterator[None]:
    tag = ["-m", "comment", "--comment", f"cargobay-pathcut-{os.getpid()}"]
    rules = [["INPUT", "-p", "udp", "--dport", str(port), *tag, "-j", "DROP"] for port in sorted(set(ports))]
    added: list[list[str]] = []
    try:
        for tool in ("iptables", "ip6tables"):
            for rule in rules:
                subprocess.run([tool, "-w", "5", "-I", *rule], check=True, capture_output=True)
                added.append([tool, *rule])
        yield
    finally:
        for tool, *rule in added:
            subprocess.run([tool, "-w", "5", "-D", *rule], check=False, capture_output=True)
