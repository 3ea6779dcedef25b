"""What Loot N' Loaded is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo

INFO = GameInfo(
    id="loot",
    title="Loot N' Loaded",
    seats=(2, 6),
    simultaneous=True,
    hidden_information=True,
    blurb="Secret location picks and gun duels for 2-6 players.",
    available=False,  # the rules engine is being built (issue 8): not for players yet
)
