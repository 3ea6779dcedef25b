"""What Odd one out is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo, Option

INFO = GameInfo(
    id="odd",
    title="Odd one out",
    seats=(3, 3),
    simultaneous=True,
    hidden_information=True,
    options=(Option("rounds", "Rounds", 3, low=1, high=9),),
    blurb="A 3-seat test game: pick 0 or 1 at once; be the odd one out.",
    listed=False,
)
