"""Down In Flames (WW2 air-combat card game), game id ``down-in-flames``.

The rule book is ``shared/seeds/004_fe250b7836505b34.txt`` (French, card titles in
English). The game object: :mod:`.game`; the sequence of play: :mod:`.turn`, over one
module per chapter of the book (:mod:`.setup`, :mod:`.aircraft`, :mod:`.cards`,
:mod:`.sequence`, :mod:`.positions`, :mod:`.actions`, :mod:`.chains`, :mod:`.damage`,
:mod:`.speed`, :mod:`.altitude`, :mod:`.bombers`, :mod:`.missions`, :mod:`.victory`;
campaigns between missions: :mod:`.campaign`); the state: :mod:`.state`; data
(aircraft, the 110-card action deck, rule tables, campaign sheets): :mod:`.data` and
``data/*.toml``; book examples as scripts: ``scripts/*.toml``. Coverage, section by
section: ``docs/rules/down-in-flames.md``.
"""

from dogfight.games.down_in_flames.game import GAME, DownInFlames

__all__ = ["GAME", "DownInFlames"]
