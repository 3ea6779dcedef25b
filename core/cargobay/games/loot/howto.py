"""How to play Loot N' Loaded, in our own words (the page ``how-to-play.html``, built by ``cargobay.howto``)."""

GOAL = ('Two to six bandits grab loot over ten rounds. Each item scores in its own way; the most points at the '
        'end wins.')
TURN = (
    'One item lies at each location. Everyone secretly picks a location; all picks are shown at once.',
    'Alone at a location? Take its item.',
    ('Two at one location duel: each secretly chooses a gun card; the better gun takes the item. Equal guns go '
     'to a shootout (a quick-draw, or a gun card played again).'),
    ('Three or more at one place pick again after the rest are done. Losing a duel or ending up empty-handed '
     'gives you a White Flag card.'),
)
SCORING = (
    ("Each item card says how it scores, for example the Queen's Jewels' '2/5/9/16 pts, mixed': a set of 1, 2, 3"
     ' or 4 different jewels scores 2, 5, 9 or 16 points.'),
    'Some cards act at once (take a card from someone, look at the deck); the board asks you when they do.',
)
LEGEND = (
    ('The locations are along the top, each with its item; your collection and score are below, each bandit with'
     ' a coloured square and a name.'),
    'Hover or focus a card to read what it does; the log says what everyone did.',
)
SEATS = ('human', 'easy', 'easy')
OPTIONS = {'shootout': 'gun cards'}
