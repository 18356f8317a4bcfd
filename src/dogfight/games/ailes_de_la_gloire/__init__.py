"""Les Ailes de la Gloire (the French Blue Max), game id ``ailes-de-la-gloire``.

Book: ``001_6a970d9ea6ae2da0.txt`` (its errata override its body), with the checklist's
rulings (``docs/rules/ailes-de-la-gloire.md`` says what is done and where the code
departs from them). One seat flies one aircraft (``allied-13``, ``german-49``) on a hex
map of 20 × 18 large hexes (derived from the 72 × 56 cm board).

The package reads like the book: ``data.py`` and ``data/*.toml`` (every table with its
source; the missing maneuver sheets and map derived and editable), ``state.py``,
``setup.py`` (PRÉPARATION DU JEU), ``turn.py`` (DÉROULEMENT DU TOUR DE JEU: the ten
phases in order), then one module per chapter: ``tailing`` (1. La Poursuite),
``maneuver`` (2. Phase de Manœuvre), ``fuel`` (3.), ``movement`` (4.), ``combat`` (5.,
with the Lewis guns and observers), ``damage`` (6. and DEGATS SPÉCIAUX), ``recovery``
(7.), ``problems`` (8.), ``fire_damage`` (9.), ``extinction`` (10.), ``altitude``
(L'ALTITUDE), ``formation`` (Vol en Formation), ``ending`` (LA FIN and the Carnet de Vol
a game gives), ``pilots`` (LES PILOTES), ``campaign`` and ``campaign_week`` (JEU DE
CAMPAGNE: the record; the week's decisions as the campaign's choices); ``game.py`` is
the contract's glue (views that keep LE SECRET, outcome, words, search hooks).
"""

from dogfight.games.ailes_de_la_gloire.game import GAME, AilesGame

__all__ = ["GAME", "AilesGame"]
