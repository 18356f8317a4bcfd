"""Age of Dogfights: WW1 (game id ``age-of-dogfights``), by Predrag and Dragan Lazovic,
played from its French rule book ``003_24ea110dc1b5a4d6.txt`` on the kit's triangle-point
grid.

Every mode and scenario of the book is played; ``docs/rules/age-of-dogfights.md`` lists
every section of the book (the checklist's) with its code, tests and status. Layout (the
duel's template): ``data.py`` and ``data/`` (every figure with its source, derived figures
marked), ``state.py``, one module per chapter of the book in its order (``zones``: board,
set-up and patrol; ``movement``; ``altitude``; ``fire``; ``damage``; ``defensive``;
``pilots``; ``weather``; ``scoring``: the dogfight's points and bonus round;
``reconnaissance``: the task modes), ``turn.py`` (the sequence of play, the table of prompt
kinds), ``game.py`` (the contract's glue); ``scripts/``: the book's worked examples.
"""

from dogfight.games.age_of_dogfights.game import GAME, AgeOfDogfightsGame

__all__ = ["GAME", "AgeOfDogfightsGame"]
