"""dogfight: the tabletop air-combat games of the two world wars, played by their rule books.

The package is layered (imports point down only)::

    cli / server          people and programs talk to games here
    ai                    computer pilots (see only seat views)
    store                 saves, database rows, replay checking
    core                  the contract, seeded randomness, views, events
    games/<game>/         rules + data of one game (imports core only)
"""

__version__ = "0.1.0"
