"""Les Ailes de la Gloire: the data files hold the book's tables exactly, the derived
figures are marked derived, and a malformed or inconsistent file is refused with its
file, entry and reason. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dogfight.core import DataError
from dogfight.games.ailes_de_la_gloire import data as ailes_data
from dogfight.games.ailes_de_la_gloire.data import Gun, dataset, load_data, read_code

SHIPPED = Path(ailes_data.__file__).parent / "data"
BOOK = "book: 001_6a970d9ea6ae2da0.txt"


# -- COMPOSITION DU JEU: the 60 counters --------------------------------------------------


@pytest.mark.parametrize(("aircraft", "counters"), [
    ("spad-7", [1, 2, 3, 4, 5, 6]),
    ("nieuport-17", [7, 8, 9, 10, 11, 12]),
    ("spad-13", [13, 14, 15, 16, 17, 18]),
    ("sopwith-camel", [19, 20, 21]),
    ("se-5a", [22, 23, 24]),
    ("sopwith-snipe", [25, 26]),
    ("sopwith-triplane", [27, 28]),
    ("bristol-f2b", [29, 30]),
    ("albatros-d3", [31, 32, 37, 38]),
    ("albatros-d5a", [33, 34, 39, 40]),
    ("fokker-dr1", [35, 36, 41, 42]),
    ("pfalz-d3a", [43, 44]),
    ("pfalz-d12", [45, 46, 47, 48]),
    ("fokker-d7", [49, 50, 51, 52, 53]),
    ("siemens-schuckert-d4", [54]),
    ("siemens-schuckert-d3", [55]),
    ("halberstadt-cl2a", [56, 57]),
    ("nieuport-28", [58, 59, 60]),
])
def test_composition_du_jeu_the_counter_roster(aircraft: str, counters: list[int]) -> None:
    """§ COMPOSITION DU JEU: 60 counters with fixed numbers by type (the "Fokker D.Va"
    of the list is the Albatros D.Va)."""
    assert dataset().aircraft[aircraft].counters == counters
    assert dataset().counter_type(counters[0]) == aircraft


def test_composition_du_jeu_sixty_counters_numbered_once() -> None:
    numbers = sorted(n for a in dataset().aircraft.values() for n in a.counters)
    assert numbers == list(range(1, 61))


# -- Tableau des Caractéristiques des Avions ------------------------------------------------


@pytest.mark.parametrize("row", [
    # name, stability, engine, wings, fuselage, tail, fuel, armament, ceiling, plus
    ("nieuport-17", "Nieuport 17", "B", 6, 13, 20, 4, 45, "1A", "H", False),
    ("spad-7", "Spad VII", "B", 8, 22, 20, 5, 52, "1A", "H", False),
    ("sopwith-triplane", "Sopwith Triplane", "A", 6, 23, 18, 4, 52, "1A", "TH", False),
    ("bristol-f2b", "Bristol F.2B", "A", 8, 40, 28, 6, 67, "1A/2OL", "TH", False),
    ("se-5a", "S.E.5a", "A", 8, 24, 21, 5, 52, "1A1L", "TH", False),
    ("sopwith-camel", "Sopwith Camel", "C", 6, 24, 18, 4, 55, "2A", "H", False),
    ("spad-13", "Spad XIII", "B", 8, 24, 20, 6, 52, "2A", "TH", False),
    ("nieuport-28", "Nieuport 28", "B", 6, 22, 20, 5, 45, "2A", "H", False),
    ("sopwith-snipe", "Sopwith Snipe", "A", 6, 27, 19, 5, 67, "2A", "H", False),
    ("albatros-d3", "Albatros D.III", "B", 8, 22, 24, 6, 45, "2A", "H", False),
    ("albatros-d5a", "Albatros D.Va", "B", 8, 22, 24, 6, 45, "2A", "H", False),
    ("halberstadt-cl2a", "Halberstadt CL.IIa", "B", 8, 28, 23, 5, 67, "1A/1O", "H", False),
    ("fokker-dr1", "Fokker Dr.I", "C", 6, 18, 19, 5, 37, "2A", "H", True),
    ("pfalz-d3a", "Pfalz D.IIIa", "B", 8, 23, 27, 5, 45, "2A", "H", False),
    ("fokker-d7", "Fokker D.VII", "A", 8, 22, 22, 5, 37, "2A", "H", True),
    ("pfalz-d12", "Pfalz D.XII", "B", 8, 23, 20, 5, 55, "2A", "H", False),
    ("siemens-schuckert-d3", "Siemens-Schuckert D.III", "A", 6, 20, 18, 5, 45, "2A", "TH", True),
    ("siemens-schuckert-d4", "Siemens-Schuckert D.IV", "A", 6, 20, 18, 5, 45, "2A", "TH", True),
])
def test_tableau_des_caracteristiques_every_number_as_printed(row: tuple[object, ...]) -> None:
    """§ Tableau des Caractéristiques des Avions: every figure as printed; the names
    mended where the scan is bad (D.IIB, D.VA, Siemen-Schuckert, VH+ read TH+)."""
    key, name, stability, engine, wings, fuselage, tail, fuel, armament, ceiling, plus = row
    a = dataset().aircraft[str(key)]
    assert (a.name, a.stability, a.engine, a.wings, a.fuselage, a.tail, a.fuel, a.armament,
            a.ceiling, a.ceiling_plus) == (name, stability, engine, wings, fuselage, tail,
                                           fuel, armament, ceiling, plus)
    assert a.source == f"{BOOK} § Tableau des Caractéristiques des Avions"
    assert a.derived.startswith("derived:")


def test_tableau_des_caracteristiques_nine_types_a_side() -> None:
    sides = [a.side for a in dataset().aircraft.values()]
    assert sides.count("allied") == 9 and sides.count("german") == 9


def test_armements_a_o_l_and_the_nieuport_variant() -> None:
    """§ Tableau des Caractéristiques (Armements): A forward, O observer, L Lewis; "*
    Quelques Nieuports portent en plus 1AL" (§ La Variante du Nieuport 17)."""
    aircraft = dataset().aircraft
    pilot, lewis, observer_lewis = Gun("pilot", False), Gun("pilot", True), Gun("observer", True)
    assert aircraft["bristol-f2b"].guns() == (pilot, observer_lewis, observer_lewis)
    assert aircraft["se-5a"].guns() == (pilot, lewis)
    assert aircraft["halberstadt-cl2a"].guns() == (pilot, Gun("observer", False))
    assert aircraft["nieuport-17"].guns() == (pilot,)
    assert aircraft["nieuport-17"].guns(variant=True) == (pilot, lewis)
    assert aircraft["sopwith-camel"].guns() == (pilot, pilot)
    observers = {k for k, a in aircraft.items() if a.has_observer}
    assert observers == {"bristol-f2b", "halberstadt-cl2a"}


def test_remplir_la_feuille_de_vol_the_nieuport_17_engine() -> None:
    """§ Remplir la Feuille de Vol: "si votre avion est un Nieuport 17, son moteur a une
    valeur de 6": 6 engine boxes are left to cross out."""
    assert dataset().aircraft["nieuport-17"].boxes("engine") == 6


def test_altitude_ceilings_reach() -> None:
    """§ L'ALTITUDE (L'Altitude de départ): some aircraft cannot reach TH."""
    aircraft = dataset().aircraft
    assert aircraft["sopwith-triplane"].reaches("TH")
    assert not aircraft["fokker-dr1"].reaches("TH") and aircraft["fokker-dr1"].reaches("H")


# -- the maneuvers --------------------------------------------------------------------------


def test_les_feuilles_de_manoeuvres_codes_read() -> None:
    """§ Les Feuilles de Manœuvres: a code is a number, a direction letter G/A/D and a
    speed 1-4 (the book's 20D3 and 16G3)."""
    assert read_code("20D3") == ailes_data.Code(20, "D", 3)
    assert read_code("16G3") == ailes_data.Code(16, "G", 3)
    for bad in ("20X3", "20D5", "D3", "0A1"):
        with pytest.raises(ValueError):
            read_code(bad)


def test_le_mouvement_the_maneuvers_the_text_fixes() -> None:
    """§ 4. Le Mouvement: 12 is two hexes ahead then 60° left; 1G, 1D, 27 and 28 stay in
    the hex; 1A1 does not move; 2-5 are straights (derived sheets follow the text)."""
    maneuvers = dataset().maneuvers
    assert maneuvers["12G2"].path == ["F", "F", "L"]
    assert maneuvers["1A1"].path == []
    for code in ("1G1", "1D1", "27G2", "27D2", "28G2", "28D2"):
        assert "F" not in maneuvers[code].path and "SL" not in maneuvers[code].path
    for code in ("2A1", "3A2", "4A3", "5A4"):
        assert set(maneuvers[code].path) == {"F"}
    for code, m in maneuvers.items():
        assert m.source.startswith("derived:"), code


def test_manoeuvres_speciales_and_non_renouvelables_lists() -> None:
    """§ Manœuvres spéciales (errata p. 6), § Manœuvres non-renouvelables, § Planer,
    § Extinction des Incendies, § MITRAILLEUSES LEWIS."""
    rules = dataset().maneuver_rules
    assert rules.special == list(range(27, 37))
    assert rules.non_repeatable == [1, 28, 31, 36]
    assert rules.straights == [2, 3, 4, 5]
    assert rules.slips == [8, 16, 17]
    assert rules.glide == [2, 8]
    assert rules.lewis_reload == [2, 3, 4]


def test_thirteen_sheets_for_eighteen_types() -> None:
    """§ COMPOSITION DU JEU: 13 maneuver sheets; the 18 types share them (derived)."""
    data = dataset()
    assert len(data.sheets) == 13
    assert {a.sheet for a in data.aircraft.values()} == set(data.sheets)
    for key, sheet in data.sheets.items():
        assert sheet.source.startswith("derived:"), key
        assert {"1G1", "1A1", "1D1", "2A1"} <= set(sheet.maneuvers)
        assert {read_code(c).number for c in sheet.maneuvers} >= {2, 3, 8, 12, 16, 17}


# -- Tableau des Tires and Table de Dégâts --------------------------------------------------


def test_tableau_des_tires_bases_and_modifiers() -> None:
    """§ Tableau des Tires: bases 2/3/5/7 at ranges 3/2/1/0 and each modifier row."""
    data = dataset()
    assert [data.base(r) for r in (3, 2, 1, 0)] == [2, 3, 5, 7]
    table = {
        "medium-burst": [1, 1, 2, 2], "long-burst": [2, 2, 3, 4], "stability-a": [1, 1, 2, 3],
        "stability-b": [0, 0, 1, 2], "stability-c": [-1, 0, 0, 1], "target-still": [2, 2, 3, 0],
        "fast-attacker": [-3, -2, -1, 0], "one-gun": [-3, -2, -2, -2],
        "deflection": [-3, -2, -1, 0], "same-target": [0, 1, 1, 2],
        "tailed-target": [1, 1, 2, 2], "other-altitude": [-4, -3, -2, -1],
        "short-burst": [0, 0, 0, 0]}
    for key, values in table.items():
        assert [data.modifier(key, r) for r in (3, 2, 1, 0)] == values, key


def test_errata_tableau_des_tirs_cible_immobile_name() -> None:
    """Errata § Tableau des tirs, p.16: the modifier reads "Cible immobile, ou quasi fixe
    (manœuvre 1G, 1A ou 1D)", not "Cible Décrochée (Stall)"."""
    name = dataset().fire.modifiers["target-still"].name
    assert name == "Cible immobile, ou quasi fixe (manœuvre 1G, 1A ou 1D)"
    assert "Stall" not in name and "1T" not in name


def test_table_de_degats_the_books_example() -> None:
    """§ 3. Jet de Dé: "si la valeur finale de combat est de 11 et que le résultat du dé
    est 4, le résultat de combat est B3R; soit un pion bleu et trois pions rouges"."""
    assert dataset().damage(11, 4) == (1, 3)


@pytest.mark.parametrize(("value", "die", "result"), [
    (1, 1, (0, 0)), (3, 1, (0, 0)), (4, 1, (1, 0)), (8, 1, (2, 0)), (9, 1, (0, 1)),
    (15, 6, (0, 9)), (40, 6, (0, 9)), (0, 6, (0, 0)), (-3, 6, (0, 0)), (6, 6, (0, 2)),
    (7, 3, (0, 1)), (10, 3, (0, 2)), (14, 1, (1, 3)),
])
def test_table_de_degats_entries(value: int, die: int, result: tuple[int, int]) -> None:
    """§ Table de Dégâts: a value of 0 or less does no damage (§ 2. Valeur de Tir); above
    15 counts as 15; rows 3 and 6 kept as printed (ruling R31)."""
    assert dataset().damage(value, die) == result


# -- the damage chits -----------------------------------------------------------------------


def test_les_pions_de_degats_thirty_six_chits_thirty_five_in_the_cup() -> None:
    """§ Les Pions de Dégâts: 36 chits; the double "Pilote tué" chit is suggested out,
    and the set-up puts 35 in the cup (§ Mettez les 35 pions Dégâts dans une tasse)."""
    data = dataset()
    assert len(data.chits) == 36
    assert len(data.cup_chits()) == 35 and len(data.cup_chits(pilot_killed_chit=True)) == 36
    out = [c for c in data.chits if not c.in_cup]
    assert [(c.blue_text, c.red_text) for c in out] == [("Pilote tué", "Pilote tué")]


def test_composition_du_jeu_chit_faces() -> None:
    """§ COMPOSITION DU JEU (jetons de dégât): 8 wing, 4 engine, 8 fuselage, 4 tail chits
    with the printed numbers; the specials paired as ruling R2 (marked derived)."""
    chits = dataset().chits

    def boxes(part: str, face: str) -> list[int]:
        return [e.n for c in chits for e in (c.blue if face == "blue" else c.red)
                if e.kind == "boxes" and e.part == part and len(c.blue) == 1 and len(c.red) == 1]

    assert boxes("wings", "blue") == [1, 1, 2, 2, 3, 3, 4, 4]
    assert boxes("wings", "red") == [5, 5, 6, 6, 7, 7, 8, 8]
    assert boxes("engine", "blue") == [1, 1, 2, 2] and boxes("engine", "red") == [3, 3, 4, 4]
    assert boxes("fuselage", "red") == [5, 5, 6, 6, 7, 7, 8, 8]
    assert boxes("tail", "blue") == [1, 1, 2, 2] and boxes("tail", "red") == [3, 3, 4, 4]
    derived = [c for c in chits if c.source.startswith("derived:")]
    assert len(derived) == 9
    explodes = [c for c in chits if any(e.kind == "explodes" for e in c.blue + c.red)]
    assert len(explodes) == 1 and explodes[0].red_text.startswith("Le réservoir d'essence explose")
    tank = next(c for c in chits if c.red_text.startswith("Réservoir touché perte de 6"))
    assert [(e.kind, e.n) for e in tank.red] == [("fuel", 6), ("boxes", 3)]


# -- the map --------------------------------------------------------------------------------


def test_plateau_de_jeu_size_in_hexes() -> None:
    """§ Plateau de jeu (72 x 56 cm): the hexes fitting the sheet (hex size derived)."""
    board = dataset().map
    assert (board.width_cm, board.height_cm) == (72, 56)
    assert board.hex_source.startswith("derived:")
    assert (board.grid.width, board.grid.height) == (20, 18)


def test_la_carte_start_lines_on_opposite_sides_and_zones() -> None:
    """§ La Carte: each side starts behind its own start line, on opposite sides; the
    lines and No Man's Land (§ Les pilotes au sol derrière les lignes ennemies)."""
    board = dataset().map
    assert board.zone(0) == "allied" and board.zone(19) == "german"
    assert board.zone(9) == "no-mans-land"
    assert board.behind_start_line("allied", 0) and not board.behind_start_line("allied", 5)
    assert board.behind_start_line("german", 19) and not board.behind_start_line("german", 12)
    assert all(z.source.startswith("derived:") for z in board.sides.values())


# -- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(("file", "edit", "entry", "reason"), [
    ("aircraft.toml", ("counters = [27, 28]", "counters = [27, 29]"),
     "aircraft.bristol-f2b.counters", "counter 29 is also a sopwith-triplane"),
    ("aircraft.toml", ('armament = "1A/2OL"', 'armament = "1X"'),
     "aircraft.bristol-f2b.armament", "cannot read the armament"),
    ("aircraft.toml", ('ceiling = "TH"', 'ceiling = "VH"'),
     "aircraft.sopwith-triplane.ceiling", "'VH'"),
    ("aircraft.toml", ('sheet = "bristol"', 'sheet = "brizzle"'),
     "aircraft.bristol-f2b.sheet", "no sheet 'brizzle'"),
    ("maneuvers.toml", ('[maneuvers.12G2]\npath = ["F", "F", "L"]',
                        '[maneuvers.12G2]\npath = ["F", "F", "R"]'),
     "maneuvers.12G2.path", "does not match the letter G"),
    ("maneuvers.toml", ("[maneuvers.1G1]", "[maneuvers.1X1]"), "maneuvers.1X1",
     "is not a maneuver code"),
    ("fire.toml", ("values = [2, 2, 3, 4]", "values = [2, 2, 3]"),
     "modifiers.long-burst.values", "one value for each range"),
    ("fire.toml", ('"- - - B B B B 2B R BR BR 2R 3R B3R 4R"',
                   '"- - - B B B B 2B R BR BR 2R 3R B3R"'),
     "damage.rows[0]", "one result for each value"),
    ("fire.toml", ("[modifiers.deflection]", "[modifiers.deflexion]"), "modifiers",
     "missing the modifier 'deflection'"),
    ("chits.toml", ('red = [{ kind = "rudder", direction = "D", turns = 3 }]',
                    'red = [{ kind = "rudder", direction = "D" }]'),
     "chits[34]", "a rudder effect needs a direction and turns"),
    ("map.toml", ("columns = [8, 11]", "columns = [8, 10]"), "sides",
     "must cover columns 0 to 19"),
    ("map.toml", ("start_line = 2 ", "start_line = 9 "), "sides.allied.start_line",
     "lies in the side's lines"),
])
def test_a_malformed_file_is_refused_with_file_entry_and_reason(
        tmp_path: Path, file: str, edit: tuple[str, str], entry: str, reason: str) -> None:
    for shipped in SHIPPED.glob("*.toml"):
        shutil.copy(shipped, tmp_path / shipped.name)
    text = (SHIPPED / file).read_text(encoding="utf-8")
    assert edit[0] in text
    (tmp_path / file).write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(tmp_path)
    assert info.value.file == str(tmp_path / file)
    assert info.value.entry == entry
    assert reason in info.value.reason


def test_a_players_copy_replaces_the_shipped_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ailes-de-la-gloire"
    folder.mkdir()
    text = (SHIPPED / "map.toml").read_text(encoding="utf-8")
    (folder / "map.toml").write_text(text.replace("orientation_first = 0", "orientation_first = 3"),
                                     encoding="utf-8")
    monkeypatch.setenv("DOGFIGHT_DATA_DIR", str(tmp_path))
    assert dataset().map.orientation_first == 3


# -- LES PILOTES and the Tableau des Avions en Ligne ----------------------------------------


def test_les_pilotes_experience_and_skill_tables() -> None:
    """§ LES PILOTES: 1 point a turn, 25 a victory, novice below 50, ace at five; the
    Tableau des Compétences Spéciales: 100, 200, 300, 400, 500, 1000, one per five kills;
    two of the shooting skills for aces only."""
    pilots = dataset().pilots
    e = pilots.experience
    assert (e.per_turn, e.per_victory, e.novice_below, e.ace_victories) == (1, 25, 50, 5)
    assert pilots.skill_table.thresholds == [100, 200, 300, 400, 500, 1000]
    assert pilots.skill_table.per_victories == 5
    assert {k for k, s in pilots.skills.items() if s.kind == "piloting"} == {
        "restricted-tailing", "maneuvers", "long-range-tailing", "stability"}
    assert {k for k, s in pilots.skills.items() if s.aces_only} == {"combat-value",
                                                                    "extended-range"}


@pytest.mark.parametrize(("nation", "date", "types"), [
    ("french", "1917-01", {"nieuport-17", "spad-7"}),
    ("english", "1917-01", {"nieuport-17"}),
    ("german", "1917-05", {"albatros-d3"}),
    ("german", "1917-08", {"albatros-d3", "albatros-d5a", "halberstadt-cl2a", "fokker-dr1",
                           "pfalz-d3a"}),
    ("english", "1918-02", {"nieuport-17", "sopwith-triplane", "bristol-f2b", "se-5a",
                            "sopwith-camel"}),
    ("american", "1917-06", {"nieuport-17", "spad-7"}),
    ("american", "1918-02", {"nieuport-17", "spad-7"}),
    ("american", "1918-03", set()),
    ("american", "1918-04", {"nieuport-28"}),
    ("american", "1918-07", {"nieuport-28", "spad-13"}),
    ("english", "1918-09", {"nieuport-17", "sopwith-triplane", "bristol-f2b", "se-5a",
                            "sopwith-camel", "sopwith-snipe"}),
])
def test_tableau_des_avions_en_ligne(nation: str, date: str, types: set[str]) -> None:
    """§ Tableau des Avions en Ligne (R20): cumulative by the nation's column; no
    February 1918 row; note ***: the Lafayette until February 1918, grounded in March."""
    assert set(dataset().pilots.available(nation, date)) == types  # type: ignore[arg-type]


@pytest.mark.parametrize(("edit", "entry", "reason"), [
    (('german = ["albatros-d3"]', 'german = ["spad-7"]'), "months[0].german",
     "spad-7 is not of the german side"),
    (('date = "1917-02"', 'date = "1919-02"'), "months[1].date", "a month of 1917 or 1918"),
    (("[skills.jams]", "[skills.jamming]"), "skills", "the skills are exactly"),
])
def test_pilots_file_refusals(tmp_path: Path, edit: tuple[str, str], entry: str,
                              reason: str) -> None:
    for shipped in SHIPPED.glob("*.toml"):
        shutil.copy(shipped, tmp_path / shipped.name)
    text = (SHIPPED / "pilots.toml").read_text(encoding="utf-8")
    assert edit[0] in text
    (tmp_path / "pilots.toml").write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(tmp_path)
    assert (info.value.entry, reason in info.value.reason) == (entry, True)
