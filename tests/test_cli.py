"""``python -m cargobay``: games, play, replay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

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
    assert "playable" in text and "coming" in text


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
