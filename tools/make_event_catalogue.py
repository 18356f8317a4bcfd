"""Write the French catalogue of the game logs (locales/fr/LC_MESSAGES/events.po).

The English msgids are the games' event templates (e.g. Wings of War's
``EVENT_TEXTS``) and the words that fill them (card names, reasons, missions);
the French follows the rule books' terms. Rerun after adding an event; a msgid
missing here stays in English in the French log.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

OUT = Path(__file__).parent.parent / "src/dogfight/server/locales/fr/LC_MESSAGES/events.po"

FRENCH = {
    # Wings of War: the log's sentences
    "{plane} plans card {slot}: {name}": "{plane} programme la carte {slot} : {name}",
    "{plane} plans a card": "{plane} programme une carte",
    "{plane} tails {target}": "{plane} poursuit {target}",
    "{plane} can no longer tail {target}": "{plane} ne peut plus poursuivre {target}",
    "{target} shows {tailer} its card {phase}: {name}":
        "{target} montre à {tailer} sa carte {phase} : {name}",
    "{target} shows a card to {tailer}": "{target} montre une carte à {tailer}",
    "{plane} orders its cards: {order}": "{plane} réarrange ses cartes : {order}",
    "{plane} may reorder its cards": "{plane} peut réarranger ses cartes",
    "Phase {phase}: {plane} flies {name}": "Phase {phase} : {plane} effectue {name}",
    "{plane}: illegal maneuver ({reason}): {result}":
        "{plane} : mouvement interdit ({reason}) : {result}",
    "{plane} at ({x:.0f}, {y:.0f}) heading {heading}":
        "{plane} en ({x:.0f}, {y:.0f}), cap {heading}",
    "{plane} leaves the table": "{plane} sort de l'aire de jeu",
    "Collision: {planes} move in that order":
        "Chevauchement : {planes} se déplacent dans cet ordre",
    "{plane} fires ({arc}) at {target}: {target} draws {cards} damage card(s)":
        "{plane} tire ({arc}) sur {target} : {target} pioche {cards} carte(s) dégâts",
    "{plane} fires ({arc}) at {target}: {target} draws {cards} damage card(s), "
    "aiming: +1 a card":
        "{plane} tire ({arc}) sur {target} : {target} pioche {cards} carte(s) dégâts, "
        "visée : +1 par carte",
    "{plane} holds fire ({arc})": "{plane} ne tire pas ({arc})",
    "{plane} orders: fire at {target} ({arc})": "{plane} : tir sur {target} ({arc})",
    "{plane} orders: hold fire ({arc})": "{plane} : pas de tir ({arc})",
    "{plane} gives its fire order": "{plane} donne son ordre de tir",
    "{plane} takes {points} damage": "{plane} subit {points} point(s) de dégâts",
    "{plane} takes {points} damage ({symbol})":
        "{plane} subit {points} point(s) de dégâts ({symbol})",
    "{plane} draws {cards} damage card(s)": "{plane} pioche {cards} carte(s) dégâts",
    "{plane}: the {arc} guns jam": "{plane} : mitrailleuses enrayées ({arc})",
    "{plane} explodes": "{plane} explose",
    "{plane} is shot down": "{plane} est abattu",
    "{plane}: {special}": "{plane} : {special}",
    "{plane}: the pilot is killed": "{plane} : le pilote est tué",
    "{plane} trails smoke": "{plane} crache de la fumée",
    "{plane} is on fire": "{plane} a pris feu",
    "{plane} burns ({counters} flame counters left)":
        "{plane} brûle (reste {counters} pion(s) flammes)",
    "{plane}: the fire is fought ({counters} flame counters left)":
        "{plane} : le feu est combattu (reste {counters} pion(s) flammes)",
    "{plane} at altitude {altitude} ({counters} climb counters)":
        "{plane} à l'altitude {altitude} ({counters} pion(s) montée)",
    "{plane} crashes ({reason})": "{plane} s'écrase ({reason})",
    "{plane} touches down": "{plane} touche le sol",
    "{plane} has landed": "{plane} a atterri",
    "{plane} takes off": "{plane} décolle",
    "Phase {phase}: {plane} stays on the ground": "Phase {phase} : {plane} reste au sol",
    "{plane} turns on the ground to heading {heading}":
        "{plane} pivote au sol, cap {heading}",
    "{plane} dives below the floor": "{plane} plonge sous le plancher",
    "{plane} is in the clouds": "{plane} est dans les nuages",
    "{plane} flies {name} in the clouds": "{plane} effectue {name} dans les nuages",
    "Phase {phase}: {plane} flies on in the clouds":
        "Phase {phase} : {plane} vole dans les nuages",
    "{plane} comes out of the clouds after {cards} maneuvers":
        "{plane} sort des nuages après {cards} manœuvres",
    "{seat} proposes the floor {floor}": "{seat} propose le plancher {floor}",
    "{seat} votes": "{seat} vote",
    "The floor is now {floor}, the ceiling {ceiling}":
        "Le plancher est maintenant à {floor}, le plafond à {ceiling}",
    "The floor stays: {floor} was refused": "Le plancher ne change pas : {floor} est refusé",
    "Damage deck {letter} reshuffled ({cards} cards)":
        "Paquet de dégâts {letter} remélangé ({cards} cartes)",
    "No {letter} card left: {instead} cards instead":
        "Plus de carte {letter} : des cartes {instead} à la place",
    "{plane}: {mission} done": "{plane} : {mission} réussi(e)",
    "{plane} brings the {mission} mission home": "{plane} rentre, mission {mission} réussie",
    "Turn {turn}": "Tour {turn}",
    "Game over": "Fin de la partie",
    "Game over: {winner} win": "Fin de la partie : victoire de {winner}",
    # words that fill them
    "straight": "ligne droite", "bank left": "virage à gauche",
    "bank right": "virage à droite", "turn left": "virage serré à gauche",
    "turn right": "virage serré à droite", "sharp turn left": "virage en piqué à gauche",
    "sharp turn right": "virage en piqué à droite", "sideslip left": "glissade à gauche",
    "sideslip right": "glissade à droite", "stall": "décrochage",
    "Immelmann": "Immelmann", "climb": "montée", "dive": "plongée",
    "front": "avant", "rear": "arrière",
    "two steep maneuvers in a row": "deux manœuvres en piqué consécutives",
    "an Immelmann must follow a straight": "un Immelmann doit suivre une ligne droite",
    "an Immelmann or Split-S must be followed by a straight":
        "un Immelmann ou un Split-S doit être suivi d'une ligne droite",
    "no Immelmann in the same turn as a climb": "pas d'Immelmann au même tour qu'une montée",
    "no climb in the same turn as an Immelmann": "pas de montée au même tour qu'un Immelmann",
    "no Split-S in the same turn as a dive": "pas de Split-S au même tour qu'une plongée",
    "no dive in the same turn as a Split-S": "pas de plongée au même tour qu'un Split-S",
    "a damaged engine forces a stall every turn":
        "un moteur endommagé impose un décrochage à chaque tour",
    "no climbing in the clouds": "on ne grimpe plus dans les nuages",
    "out of control": "avion incontrôlable, éliminé",
    "pilot wounded": "pilote blessé", "observer wounded": "observateur blessé",
    "engine": "moteur endommagé", "rudder-left": "palonnier bloqué à gauche",
    "rudder-right": "palonnier bloqué à droite", "smoke": "fumée", "fire": "flammes",
    "jam": "enrayage", "explosion": "explosion", "wounded": "blessé",
    "bombing": "bombardement", "photo": "mission photographique",
    "strafing": "mitraillage", "pickup": "récupération de pilote / espion",
    "spotting": "observation / guidage d'artillerie",
    "touched the ground outside a landing field":
        "touche le sol hors du terrain d'atterrissage",
    "Split-S at altitude 0": "Split-S à l'altitude 0",
    "forced dive too low": "plongée forcée trop basse",
    "landing roll out of the field": "roulage hors du terrain",
    "landing stall out of the field": "décrochage hors du terrain",
    "take-off run out of the field": "décollage hors du terrain",
    "allies": "Alliés", "central": "Empires centraux",
    # Down In Flames: the log's sentences (the French edition keeps the cards' English
    # titles: In My Sights, Barrel Roll...; positions Poursuivant, Avantage, Neutre,
    # Désavantage, Poursuivi; altitudes Très basse ... Très haute)
    "{plane}: you chose the {fighter}": "{plane} : vous avez choisi le {fighter}",
    "{plane}'s fighter is chosen in secret": "Le chasseur de {plane} est choisi en secret",
    "The fighters are revealed": "Les chasseurs sont révélés",
    "{plane}: you start at {altitude} altitude": "{plane} : vous partez à l'altitude {altitude}",
    "{plane}'s altitude is chosen in secret": "L'altitude de {plane} est choisie en secret",
    "The altitudes are revealed": "Les marqueurs d'altitude sont révélés",
    "You chose campaign option #{option}": "Vous avez choisi l'option de campagne n° {option}",
    "{side} has chosen a campaign option": "{side} : option de campagne choisie",
    "The campaign options are revealed": "Les options de campagne sont révélées",
    "You set the flak pattern: {pattern}": "Vous avez choisi le schéma de flak : {pattern}",
    "The defender has set the flak pattern": "Le défenseur a choisi le schéma de flak",
    "Bombers at {altitude} altitude fly in {shape} formation":
        "Les bombardiers à l'altitude {altitude} volent en formation {shape}",
    "{plane} acts first": "{plane} agit en premier",
    "Turn {turn} begins": "Début du tour {turn}",
    "{plane}'s turn": "Tour de {plane}",
    "{plane}'s turn ends": "Fin du tour de {plane}",
    "{plane} arrives late and cannot act this turn":
        "{plane} arrive en retard et ne peut pas agir ce tour",
    "{plane} draws {count} card(s)": "{plane} tire {count} carte(s)",
    "The discard pile is shuffled into a new deck":
        "La défausse est mélangée pour former une nouvelle pioche",
    "{plane}'s engine stalls": "Le moteur de {plane} cale",
    "{plane} discards {cards} ({why})": "{plane} défausse {cards} ({why})",
    "{plane} jettisons its bombs": "{plane} largue ses bombes",
    "{plane} keeps its bombs": "{plane} garde ses bombes",
    "{plane} goes to {altitude} altitude ({direction})":
        "{plane} passe à l'altitude {altitude} ({direction})",
    "{plane} follows {leader} and stays {position}":
        "{plane} suit {leader} et reste en position {position}",
    "{plane} does not follow {leader}": "{plane} ne suit pas {leader}",
    "{plane} compares speed with {target}: {points} point(s)":
        "{plane} compare sa vitesse avec {target} : {points} point(s)",
    "{plane} makes a speed maneuver on {target}":
        "{plane} fait une manœuvre de vitesse sur {target}",
    "{plane} goes for bomber {bomber} ({paid})": "{plane} attaque le bombardier {bomber} ({paid})",
    "Bomber {bomber} draws {cards} turret card(s)":
        "Le bombardier {bomber} tire {cards} carte(s) de tourelle",
    "{plane} plays {card} ({as})": "{plane} joue {card} ({as})",
    "{plane} reacts with {card} to {to}": "{plane} réagit avec {card} à {to}",
    "{plane} does not react": "{plane} ne réagit pas",
    "Bomber {bomber} adds {card} (+1 hit)": "Le bombardier {bomber} ajoute {card} (+1 dégât)",
    "Bomber {bomber} fires {card} at {target}: {hits} hit(s)":
        "Le bombardier {bomber} tire {card} sur {target} : {hits} dégât(s)",
    "{plane}'s {kind} on {target} succeeds": "{kind} de {plane} sur {target} : réussie",
    "{plane}'s {kind} on {target} is cancelled": "{kind} de {plane} sur {target} : annulée",
    "{plane}'s hand: {cards}": "Main de {plane} : {cards}",
    "{plane} hits {target}'s fuel tank": "{plane} touche le réservoir de {target}",
    "Bomber {bomber} stops the fuel tank shot": "Le bombardier {bomber} arrête le tir au réservoir",
    "{plane} is now {position} on {target}":
        "{plane} est maintenant en position {position} sur {target}",
    "{plane} abandons its position on {target}": "{plane} abandonne sa position sur {target}",
    "{plane} takes {hits} hit(s) ({damage} in all)":
        "{plane} subit {hits} dégât(s) ({damage} en tout)",
    "{plane} is damaged: its card turns to the smoking side":
        "{plane} est endommagé : sa carte passe sur le côté « Endommagé », qui fume",
    "{plane} goes down in flames": "{plane} est abattu en flammes",
    "{side} starts with {vp} victory points (balancing)":
        "{side} commence avec {vp} points de victoire (équilibrage)",
    "{plane} runs short of fuel and goes home": "{plane} manque de carburant et rentre à la base",
    "{plane} bombs in a {pattern} pattern": "{plane} bombarde selon un schéma {pattern}",
    "Flak pattern revealed: {pattern} (flak {flak})":
        "Schéma de flak révélé : {pattern} (flak {flak})",
    "Flak hits {plane}: {hits} hit(s)": "La flak touche {plane} : {hits} dégât(s)",
    "{plane} drops {bombs} bomb(s)": "{plane} largue {bombs} bombe(s)",
    "Target #{target}: {bombs} bombs, {status}": "Objectif n° {target} : {bombs} bombes, {status}",
    "Mission: Axis {axis} VP, Allies {allies} VP (target {status})":
        "Mission : Axe {axis} PV, Alliés {allies} PV (objectif {status})",
    "Game over: {reason}": "Fin de partie : {reason}",
    # Down In Flames: the words that fill them
    "very-low": "très basse", "low": "basse", "medium": "moyenne", "high": "haute",
    "very-high": "très haute",
    "tailing": "Poursuivant", "advantaged": "Avantage", "neutral": "Neutre",
    "disadvantaged": "Désavantage", "tailed": "Poursuivi",
    "attack": "attaque", "maneuver": "manœuvre", "tactic": "tactique", "agile": "Agile",
    "scissors": "Scissors", "barrel-roll": "Barrel Roll", "evasive": "Evasive",
    "speed": "vitesse", "discard": "défausse", "follow": "suivre",
    "free": "gratuit", "defender's choice": "choix du défenseur",
    "maneuver point": "point de manœuvre",
    "scattered": "dispersé", "normal": "normal", "tight": "serré",
    "column": "colonne", "line": "ligne", "box": "boîte",
    "damaged": "endommagé", "destroyed": "détruit", "intact": "intact",
    "axis": "Axe", "gunner": "mitrailleur",
    "Ace Pilot marker": "Marqueur Ace Pilot",
    "axis shot the enemy down": "l'Axe a abattu l'ennemi",
    "allies shot the enemy down": "les Alliés ont abattu l'ennemi",
    "every fighter shot down": "tous les chasseurs abattus",
    "turns over, most damage inflicted": "tours écoulés, le plus de dégâts infligés",
    "turns over, equal damage inflicted": "tours écoulés, dégâts infligés égaux",
    "turns over, most victory points": "tours écoulés, le plus de points de victoire",
    "turns over, equal victory points": "tours écoulés, points de victoire égaux",
    "no fighter to fly": "plus aucun chasseur en vol",
}


def main() -> None:
    """Add the entries missing from events.po; the file, edited since (typography,
    other games' sentences), is the reference: existing entries are kept."""
    catalog = Catalog(locale="fr", project="dogfight", domain="events")
    if OUT.exists():
        with OUT.open("rb") as handle:
            catalog = read_po(handle, locale="fr")
    for english, french in FRENCH.items():
        if english not in catalog:
            catalog.add(english, french)
    with OUT.open("wb") as handle:
        write_po(handle, catalog, width=100)


if __name__ == "__main__":
    main()
