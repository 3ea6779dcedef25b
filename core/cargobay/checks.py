"""Small checks for ``state_from_json``: a value from an untrusted dict, or ValueError saying what was expected.

>>> integer(3, 0, 5), choice("deal", ("deal", "end")), listed([1]), boolean(False)
(3, 'deal', [1], False)
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


def listed(value: Any) -> list[Any]:
    """``value`` if it is a list (JSON's array)."""
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def boolean(value: Any) -> bool:
    """``value`` if it is true or false (not 0 or 1)."""
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def digits(text: str, most: int) -> bool:
    """``text`` is 1 to ``most`` ASCII digits: every action parser reads numbers through this (``str.isdigit`` is
    true for '²' and for other scripts' digits, which ``int`` then rejects or reads as another number).

    >>> digits("12", 2), digits("\u00b2", 2), digits("\u0661", 2), digits("123", 2), digits("", 2)
    (True, False, False, False, False)
    """
    return 0 < len(text) <= most and text.isascii() and text.isdigit()
