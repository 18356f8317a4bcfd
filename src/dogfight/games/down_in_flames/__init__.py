"""Down In Flames (WW2 air-combat card game), future game id ``down-in-flames``.

Not yet playable and not registered: only its data exists so far (:mod:`.data`,
``data/*.toml``: aircraft, the 110-card action deck, campaign sheets), loaded and
checked but used by no rules. The rule book is ``shared/seeds/004_fe250b7836505b34.txt``
(French, card titles in English); coverage section by section:
``docs/rules/down-in-flames.md``.
"""
