"""Wings of War Miniatures (Nexus, 2004/2007), game id ``wings-of-war``.

The rule book is ``shared/seeds/000_caefe768ab735396.txt`` (French) with its Italian
twin ``002_69123d8963e78446.txt``. The sequence of play: :mod:`.turn`,
then one module per chapter of the book, in its order: :mod:`.preparation`,
:mod:`.planning`, :mod:`.movement`, :mod:`.fire`, :mod:`.damage`, :mod:`.victory`,
:mod:`.tailing`, :mod:`.altitude`, :mod:`.ground`, :mod:`.flying_higher`,
:mod:`.clouds`, :mod:`.missions`; the contract's glue: :mod:`.game` (with
:mod:`.view`, :mod:`.words`); the state: :mod:`.state`; geometry of the table:
:mod:`.geometry`; data (aircraft, maneuver decks, damage decks, table):
``data/*.toml``; scenarios: ``scenarios/*.toml``; book examples as scripts:
``scripts/*.toml``. Coverage, section by section: ``docs/rules/wings-of-war.md``.
"""

from dogfight.games.wings_of_war.game import GAME, WingsOfWar

__all__ = ["GAME", "WingsOfWar"]
