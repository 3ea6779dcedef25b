"""The browser's engine (cargobay.service, what the worker imports) never loads the research adapters or their
libraries: the wheel the page runs needs none of them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
FORBIDDEN = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy", "cargobay.research", "cargobay.openspiel",
             "cargobay.pettingzoo")


def test_the_service_imports_no_research_module() -> None:
    code = f"import sys, cargobay.service; print(sorted(m for m in sys.modules if m.startswith({FORBIDDEN!r})))"
    out = subprocess.run([sys.executable, "-c", code], cwd=CORE, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
