"""Wings of War Miniatures (Nexus, 2004/2007), game id ``wings-of-war``.

The rule book is ``shared/seeds/000_caefe768ab735396.txt`` (French) with its Italian
twin ``002_69123d8963e78446.txt``. Rules: :mod:`.rules`; geometry of the table:
:mod:`.geometry`; data (aircraft, maneuver decks, damage decks, table):
``data/*.toml``; scenarios: ``scenarios/*.toml``; book examples as scripts:
``scripts/*.toml``. Coverage, section by section: ``docs/rules/wings-of-war.md``.
"""

from dogfight.games.wings_of_war.rules import GAME, WingsOfWar

__all__ = ["GAME", "WingsOfWar"]
