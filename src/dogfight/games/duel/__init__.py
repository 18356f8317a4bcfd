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
"""

from dogfight.games.duel.rules import GAME, DuelGame

__all__ = ["GAME", "DuelGame"]
