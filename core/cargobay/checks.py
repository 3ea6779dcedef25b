"""Small checks for ``state_from_json``: a value from an untrusted dict, or ValueError saying what was expected.

>>> integer(3, 0, 5), choice("deal", ("deal", "end"))
(3, 'deal')
"""

from __future__ import annotations

from typing import Any


def integer(value: Any, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"expected an integer in {low}..{high}, got {value!r}")
    return value


def choice(value: Any, options: tuple[str, ...]) -> str:
    """``value`` if it is one of ``options``."""
    if value not in options:
        raise ValueError(f"expected one of {options}, got {value!r}")
    return str(value)
