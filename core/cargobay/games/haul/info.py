"""What Haul is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo

INFO = GameInfo(
    id="haul",
    title="Haul",
    seats=(4, 4),
    simultaneous=False,
    hidden_information=True,
    blurb="Four players, trick-like loads, heavy loads and refuel stops.",
    available=True,
)
