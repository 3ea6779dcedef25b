"""How to play TF22: LOAD!, in our own words (the page ``how-to-play.html``, built by ``cargobay.howto``)."""

GOAL = ('Two captains load coloured containers onto their five-slot spaceships over three rounds. Win colours on'
        ' your ship to score the cards you won in those colours; the most points after round 3 wins.')
TURN = (
    'Both players pick one card from their hand at the same time; then both are shown.',
    ('Colour beats colour: green beats blue and red, blue beats red and yellow, red beats yellow, yellow beats '
     'green. Same colour: the higher number wins; a full tie wins nothing.'),
    ('The winner keeps both cards and loads one container of the winning colour onto a slot, or moves one of '
     'that colour from the top of a stack (a reload).'),
    ('Stacking: yellow only on an empty slot, red on yellow, blue on red or yellow, green on any other colour; '
     'never the same colour twice in a stack.'),
)
SCORING = (
    ('After each round, a colour of which you have more containers on board than the other ship scores the '
     'numbers on your won cards of that colour. A tied colour scores for nobody.'),
    'At the end, every full stack (green on blue on red on yellow) adds 3 points.',
)
LEGEND = (
    "Your ship is at the bottom, the other player's at the top; five slots each.",
    "Your hand: the cards to choose from; 'x2' means you hold two of that card.",
    'A slot you may load glows; a pick made in two steps (a reload) asks for the container, then the slot.',
)
SEATS = ('human', 'easy')
