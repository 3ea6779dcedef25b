"""``python -m cargobay``: games, play, replay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cargobay.__main__ import main

ROOT = Path(__file__).resolve().parents[1]


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_games_lists_every_game() -> None:
    code, text = run("games")
    assert code == 0
    for game_id in ("load", "haul", "loot", "teamup", "tf22"):
        assert game_id in text
    assert "playable" in text
    assert [line.split()[-1] for line in text.splitlines() if line.startswith("teamup ")] == ["playable"]
    assert [line.split()[-2:] for line in text.splitlines() if line.startswith("odd ")] == [["test", "game"]]


def test_play_then_replay_gives_the_same_hash(tmp_path: Path) -> None:
    log = tmp_path / "match.json"
    code, played = run("play", "load", "--seats", "easy,medium", "--seed", "7", "--log", str(log))
    assert code == 0 and "winner" in played
    data = json.loads(log.read_text())
    assert data["game"] == "load" and data["seed"] == 7 and data["seats"] == ["easy", "medium"]
    code, replayed = run("replay", str(log))
    assert code == 0
    hash_line = [line for line in played.splitlines() if "state hash" in line]
    assert hash_line and hash_line[0] in replayed


def test_replay_stops_at_the_first_illegal_entry(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "match.json"
    run("play", "load", "--seats", "easy,easy", "--seed", "3", "--log", str(log))
    data = json.loads(log.read_text())
    data["actions"][9] = [0, "load:G@9"]
    log.write_text(json.dumps(data))
    code, _ = run("replay", str(log))
    assert code == 1
    assert "entry 9" in capsys.readouterr().err


def test_replay_of_garbage_fails_with_a_reason(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert run("replay", str(bad))[0] == 1
    assert "not JSON" in capsys.readouterr().err
    assert run("replay", str(tmp_path / "missing.json"))[0] == 2


def test_hand_written_log_sets_up_a_deal(tmp_path: Path) -> None:
    from cargobay.games.load.rules import DECK

    log = tmp_path / "scenario.json"
    cards = list(DECK)
    log.write_text(json.dumps({"game": "load", "seats": ["human", "human"], "seed": 0,
                               "actions": [[-1, "deal:" + ",".join(cards)], [0, f"play:{cards[4]}"]]}))
    code, text = run("replay", str(log))
    assert code == 0 and "not finished" in text


def test_module_entry_point_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "cargobay", "games"], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "core"), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0 and "load" in done.stdout


# --- bad input ends with a message, never a traceback (issue 6) -----------------------------------------------


class TypingHuman:
    """A stdin that reads the prompt: the first time a load is due it types the three malformed colours of
    issue 6, one a line, then always the first legal action."""

    TYPOS = ("load:YR@1", "load:@1", "reload:RB@1>2")

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.pending: list[str] | None = None

    def readline(self) -> str:
        legal = [line for line in self.out.getvalue().splitlines() if line.startswith("legal: ")][-1].split()[1:]
        if self.pending is None and any(action.startswith(("load:", "reload:")) for action in legal):
            self.pending = list(self.TYPOS)
        return (self.pending.pop(0) if self.pending else legal[0]) + "\n"


def test_a_typo_in_interactive_play_is_refused_and_the_match_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    human = TypingHuman(out)
    monkeypatch.setattr(sys, "stdin", human)
    code = main(["play", "load", "--seats", "human,easy", "--seed", "3"], out)
    text = out.getvalue()
    assert code == 0 and "winner" in text
    refused = [line.partition("refused: ")[2] for line in text.splitlines() if "refused: " in line]
    assert [line.split(":")[:2] for line in refused] == [["'load", "YR@1'"], ["'load", "@1'"], ["'reload", "RB@1>2'"]]
    assert all("a container colour is one of G, B, R, Y" in line for line in refused)


def test_interactive_play_through_real_stdin() -> None:
    """Odd one out, one round: seat 0 picks, then gives in one line; a partial gift and a typo are refused."""
    lines = "pick:2\npick:0\ngive:1\ngive:0+1\ngive:1+2\n"
    done = subprocess.run([sys.executable, "-m", "cargobay", "play", "odd", "--seats", "human,easy,easy", "--seed", "1",
                           "--options", '{"rounds": 1}'], cwd=ROOT, input=lines, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "core"), "PATH": "/usr/bin:/bin"}, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("refused:") == 3 and "winner" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("options", ['{"rounds": 0}', "[1]", "{", '{"nope": 1}', "[" * 100_000])
def test_bad_options_end_with_a_message(options: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "odd", "--seats", "easy,easy,easy", "--options", options], io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("error:")


@pytest.mark.parametrize(("content", "reason"), [
    (b'\xff\xfe{"game": "load"}', "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"game": "load", "seats": ["easy", "easy"], "actions": [[0, "load:YR@1"]]}', "entry 0"),
])
def test_replay_of_a_bad_file_ends_with_a_message(tmp_path: Path, content: bytes, reason: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, _ = run("replay", str(bad))
    assert code == 1
    done = subprocess.run([sys.executable, "-m", "cargobay", "replay", str(bad)], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT / "core"), "PATH": "/usr/bin:/bin"}, check=False,
                          timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error:") and reason in done.stderr
