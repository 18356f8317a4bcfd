"""Les Ailes de la Gloire (the French Blue Max), game id ``ailes-de-la-gloire``.

Work in progress, not registered yet (see ``docs/rules/ailes-de-la-gloire.md`` for what
is done): the data files and their checks (``data.py``, ``data/*.toml``).
"""

from dogfight.games.ailes_de_la_gloire.game import GAME, AilesGame

__all__ = ["GAME", "AilesGame"]
