"""The differential sweep of the Loot N' Loaded engine against its independent referee (tests/referees/loot/,
which the tests also use): ``python bench/loot_referee.py --help``."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.referees.loot import main  # noqa: E402 (the repository root first: the referee lives in tests/)

if __name__ == "__main__":
    sys.exit(main())
