"""Independent referees, written from a rulebook and its rulings alone (they share no code with the engines): the
differential tests (tests/games/<game>/test_referee.py) step matches against them, and the long sweeps
(``python bench/<game>_referee.py``) run them over many more."""
