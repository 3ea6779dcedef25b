"""The differential sweep of the Haul engine against its independent referee (tests/referees/haul.py, which the
tests also use): ``python bench/haul_referee.py --help``."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.referees.haul import main  # noqa: E402 (the repository root first: the referee lives in tests/)

if __name__ == "__main__":
    sys.exit(main())
