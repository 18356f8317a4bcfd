"""Down In Flames (WW2 air-combat card game), game id ``down-in-flames``.

The rule book is ``shared/seeds/004_fe250b7836505b34.txt`` (French, card titles in
English). Rules: :mod:`.rules` over the state of :mod:`.state`; data (aircraft, the
110-card action deck, campaign sheets): :mod:`.data` and ``data/*.toml``; book
examples as scripts: ``scripts/*.toml``. Coverage, section by section:
``docs/rules/down-in-flames.md``.
"""

from dogfight.games.down_in_flames.rules import GAME, DownInFlames

__all__ = ["GAME", "DownInFlames"]
