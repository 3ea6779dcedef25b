"""How to play Team UP!, in our own words (the page ``how-to-play.html``, built by ``cargobay.howto``)."""

GOAL = ('Together, stack 27 boxes of four shapes and three colours on a 6 by 4 pallet, five layers high, as the '
        'cards allow. The team scores 5 per complete layer, minus one per box not stacked and per card turned '
        'face down; 25 is perfect.')
TURN = (
    'Draw a card (or stop, and the game is scored as it stands: the page asks first and shows that score).',
    ('The card names a colour or a shape: pick a box it allows and its orientation, then a green spot on the '
     'plan.'),
    ('A box must lie flat on boxes or the pallet, fully supported; two boxes of the same kind may not touch on a'
     ' side. A red spot says which rule it breaks.'),
    'A card with no legal spot goes face down and costs a point.',
)
SCORING = (
    'Complete layers x 5, minus the boxes not stacked, minus the face-down cards.',
    'Game mode hides the order of the cards; Puzzle mode shows the whole deck.',
)
LEGEND = (
    'The plan shows the pallet from above; each number is how many boxes are stacked there.',
    ('The 3D view can be turned with its arrow buttons; the layer views show each layer from above, a finished '
     'one framed in green.'),
    'Hint suggests a move and the score it expects.',
)
SEATS = ('human',)
