"""The suite's own switches (conftest.py): a test marked ``slow`` is left out of a default run and run with
``--slow`` or ``CARGOBAY_SLOW=1``. Checked on a two-test folder run by a child pytest with this repository's
conftest.py and marker list."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TESTS = '''
import pytest

@pytest.mark.slow
def test_a_long_sweep():
    pass

def test_a_quick_one():
    pass
'''


def outcome(folder: Path, *args: str, slow_env: bool = False) -> str:
    env = {key: value for key, value in os.environ.items() if key != "CARGOBAY_SLOW"}
    if slow_env:
        env["CARGOBAY_SLOW"] = "1"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                          "-rs", *args, str(folder)], cwd=folder, env=env, capture_output=True, text=True,
                         check=False, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_a_slow_test_runs_only_when_asked(tmp_path: Path) -> None:
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    markers = re.search(r"^markers = \[.*?^\]", (ROOT / "pyproject.toml").read_text(), re.MULTILINE | re.DOTALL)
    assert markers, "pyproject.toml lists the markers"
    (tmp_path / "pyproject.toml").write_text("[tool.pytest.ini_options]\naddopts = \"--strict-markers\"\n"
                                             + markers.group(0) + "\n")
    (tmp_path / "test_two.py").write_text(TESTS)
    default = outcome(tmp_path)
    assert "1 passed, 1 skipped" in default and "run with --slow" in default, default
    assert "2 passed" in outcome(tmp_path, "--slow")
    assert "2 passed" in outcome(tmp_path, slow_env=True)
