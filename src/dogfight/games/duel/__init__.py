"""Duel at Dawn: the tiny built-in test game of the core (id ``test-duel``).

Not a rule book game: it exists so the core's contract is checked on a game with
simultaneous secret orders, dice, a hidden shuffled deck, secret damage and an
optional rule. Its rules:

1. Two pilots, ``red`` and ``blue``, each with a structure (default 5) and a
   shuffled damage deck of their own.
2. Each round both plan a maneuver (``climb``, ``dive``, ``turn``) in secret, at
   the same time. The plans are revealed together: each maneuver beats one other
   (data file) and only its pilot gets a shot; the same maneuver on both sides is
   a head-on pass and both get a shot. A jammed gun gets no shot.
3. Pilots with a shot decide in seat order to fire or hold. A shot rolls one d6
   on the hit table: hits make the target draw damage cards from its own deck
   (points secret to the target; the number of cards is public). With the
   optional ``jams`` rule a roll of 1 jams the gun for the next round.
4. Damage is applied together after all fire (a pilot shot down this round
   still fires). Damage reaching the structure shoots a pilot down.
5. The game ends when a pilot is shot down (both: a draw) or after the last round,
   when the pilot with less damage wins (equal: a draw).


The package is the template a new game copies (``docs/architecture.md``):
``data.py`` and ``data/`` (every figure with its source), ``state.py`` (immutable
structs, the prompt stack and sealed orders in the state), one module per rule in the
book's order (``planning`` rule 2, ``fire`` rule 3, ``end_of_round`` rules 4-5), each
holding its kind of decision as one object, ``turn.py`` (the sequence of play and the
table of prompt kinds), and ``game.py`` (the contract's glue: set-up, views, outcome,
words, search hooks).
"""

from dogfight.games.duel.game import GAME, DuelGame

__all__ = ["GAME", "DuelGame"]
