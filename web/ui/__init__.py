# The page's modules (see app.py).
