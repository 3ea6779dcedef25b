"""What TF22: LOAD! is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo

INFO = GameInfo(
    id="load",
    title="TF22: LOAD!",
    seats=(2, 2),
    simultaneous=True,
    hidden_information=True,
    blurb="Two captains, secret card battles, and a ship to stack in the right colours.",
)
