"""A real MQTT broker for the relay tests: Debian's mosquitto (installed by .ci/install) with a WebSocket listener
and a plain MQTT listener, both on loopback on free ports, its own configuration and log in a temporary folder;
started and stopped by the tests (the Debian package's own service is never used). A recorder (mosquitto_sub on
every topic) notes what the broker carried: topic, size and payload of every message."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, up: bool, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.2)
            try:
                s.connect(("127.0.0.1", port))
                if up:
                    return
            except OSError:
                if not up:
                    return
        time.sleep(0.05)
    raise RuntimeError(f"port {port} did not come {'up' if up else 'down'} in {timeout_s} s")


class Broker:
    def __init__(self, folder: Path) -> None:
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not Path(exe).exists():
            raise RuntimeError("mosquitto is not installed (bash .ci/install installs it)")
        self.exe = exe
        self.folder = folder
        self.tcp_port, self.ws_port = free_port(), free_port()
        self.url = f"ws://127.0.0.1:{self.ws_port}"
        self.log = folder / "mosquitto.log"
        self.conf = folder / "mosquitto.conf"
        # (as root, mosquitto would drop to its own user, who may not write this test's folder)
        user = "user root\n" if os.geteuid() == 0 else ""
        self.conf.write_text(
            f"{user}per_listener_settings false\nallow_anonymous true\npersistence false\n"
            f"log_dest file {self.log}\nlog_type all\nconnection_messages true\n"
            f"listener {self.tcp_port} 127.0.0.1\nprotocol mqtt\n"
            f"listener {self.ws_port} 127.0.0.1\nprotocol websockets\n"
        )
        self.proc: subprocess.Popen[bytes] | None = None
        self.recorder: subprocess.Popen[bytes] | None = None
        self.seen = folder / "seen.txt"

    def start(self) -> None:
        self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        _wait_port(self.ws_port, True)
        _wait_port(self.tcp_port, True)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None
        _wait_port(self.ws_port, False)

    def record(self) -> None:
        """Subscribe to every topic; each message is one line: topic, size in bytes, payload."""
        with self.seen.open("wb") as out:
            self.recorder = subprocess.Popen(
                ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.tcp_port), "-t", "#", "-F", "%t %l %p"],
                stdout=out, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while "Received SUBSCRIBE" not in (self.log.read_text(errors="replace") if self.log.exists() else ""):
            if time.monotonic() > deadline:
                raise RuntimeError("the recorder did not subscribe")
            time.sleep(0.05)

    def messages(self) -> list[tuple[str, int, str]]:
        out = []
        for line in self.seen.read_text(errors="replace").splitlines() if self.seen.exists() else []:
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[1].isdigit():
                out.append((parts[0], int(parts[1]), parts[2]))
        return out

    def publish(self, topic: str, payload: str) -> None:
        subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.tcp_port), "-t", topic, "-q", "1",
                        "-m", payload], check=True, timeout=10)

    def publish_lines(self, topic: str, payloads: list[str]) -> None:
        """One message per payload, as fast as one client can send them (a flood)."""
        subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.tcp_port), "-t", topic, "-l"],
                       input="\n".join(payloads).encode() + b"\n", check=True, timeout=30)

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.recorder.wait(5)
            self.recorder = None
        self.stop()


@contextlib.contextmanager
def running_broker(folder: Path) -> Iterator[Broker]:
    broker = Broker(folder)
    broker.start()
    try:
        yield broker
    finally:
        broker.close()
