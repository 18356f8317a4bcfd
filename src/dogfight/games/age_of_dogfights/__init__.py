"""Age of Dogfights: WW1 (game id ``age-of-dogfights``), by Predrag and Dragan Lazovic,
played from its French rule book ``003_24ea110dc1b5a4d6.txt`` on the kit's triangle-point
grid.

Not registered yet: see ``docs/rules/age-of-dogfights.md`` for what is done and what is
missing. Layout (the duel's template): ``data.py`` and ``data/`` (every figure with its
source, derived figures marked), ``state.py``, one module per chapter of the book in its
order (``movement``, ``altitude``, ...).
"""
