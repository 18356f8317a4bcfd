"""Age of Dogfights' data files (book: 003_24ea110dc1b5a4d6.txt): every figure the book
prints, exactly; the reconstructed result table against the book's four fire examples;
derived figures marked; a malformed copy refused with file, entry and reason."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from dogfight.core import DataError
from dogfight.games.age_of_dogfights.data import AgeData, dataset, load_data

SHIPPED = Path(__file__).parents[2] / "src/dogfight/games/age_of_dogfights/data"


@pytest.fixture(scope="module")
def data() -> AgeData:
    return load_data()


def test_des_the_dice_faces(data: AgeData) -> None:
    """§ DES: blue −1 0 0 +1 +1 +2; green 0* +1* +2 +3 +4 +5; the damage die two blue,
    two orange, one red, one green (wings, tail, guns, engine: § TYPES DE DEGATS)."""
    assert data.rules.dice.blue.faces == [-1, 0, 0, 1, 1, 2]
    assert data.rules.dice.green.faces == [0, 1, 2, 3, 4, 5]
    assert data.rules.dice.green.risky == [0, 1]
    assert Counter(data.rules.damage_die.faces) == {"wings": 2, "tail": 2, "guns": 1,
                                                    "engine": 1}


def test_types_de_degats_effects(data: AgeData) -> None:
    """§ TYPES DE DEGATS: wings one step fewer, tail one turn fewer, guns silenced,
    engine two steps fewer."""
    damage = data.rules.damage
    assert (damage["wings"].steps, damage["tail"].turns) == (-1, -1)
    assert damage["guns"].silenced and not damage["engine"].silenced
    assert damage["engine"].steps == -2


@pytest.mark.parametrize(
    ("section", "column", "dice", "guns", "sun", "expected"),
    [
        ("ABATTU", "A", (4, 5), 2, 0, "destroyed"),
        ("ECHEC", "A", (2, 2), 2, 0, "failure"),
        ("DEGAT", "B", (5, 2), 3, 0, "damage"),
        ("LE SOLEIL", "A", (2, 3), 2, -1, "failure"),
        ("LE SOLEIL (without the sun)", "A", (2, 3), 2, 0, "damage"),
    ],
)
def test_the_reconstructed_result_table_gives_the_books_examples(
        data: AgeData, section: str, column: str, dice: tuple[int, int], guns: int, sun: int,
        expected: str) -> None:
    """§ ABATTU (4+5+1 = 10, A: destroyed), § ECHEC (2+2+1 = 5, A: failure), § DEGAT
    (5+2+2 = 9, B: damage), § LE SOLEIL (2+3+1−1 = 5, A: failure; 6 would be damage)."""
    total = sum(dice) + data.rules.modifiers.coupled[guns - 1] + sun
    assert data.result("A" if column == "A" else "B", total) == expected, section


def test_les_consequences_des_tirs_the_whole_table(data: AgeData) -> None:
    """§ LES CONSEQUENCES DES TIRS (TABLEAU) and § RESUME, RESULTATS DES TIRS, as
    reconstructed (R1): 2 jams; A: 3–5 failure, 6–9 damage, 10–12 destroyed; B: 3–8
    failure, 9–10 damage, 11–12 destroyed; a modified sum below 3 fails, above 12 is 12."""
    a = [data.result("A", t) for t in range(3, 13)]
    b = [data.result("B", t) for t in range(3, 13)]
    assert a == ["failure"] * 3 + ["damage"] * 4 + ["destroyed"] * 3
    assert b == ["failure"] * 6 + ["damage"] * 2 + ["destroyed"] * 2
    first = data.rules.result_table[0]
    assert (first.low, first.high, first.a, first.b) == (2, 2, "jammed", "jammed")
    # a jam is judged on the raw dice (R1): a modified sum of 2 or less reads as a failure
    assert data.result("A", 2) == data.result("B", 1) == "failure"
    assert data.result("B", 15) == "destroyed"


def test_rafale_longue_jams_and_slots(data: AgeData) -> None:
    """§ RAFALE LONGUE: the second roll jams on 2, 4, 6 or 8 (about 40%: 14 in 36);
    § RESUME, TIRS: a long burst moves the red cursor two slots."""
    jams = data.rules.long_burst.jams
    assert jams == [2, 4, 6, 8]
    assert sum(1 for x in range(1, 7) for y in range(1, 7) if x + y in jams) == 14
    assert data.rules.long_burst.slots == 2


def test_the_firing_positions_and_their_columns(data: AgeData) -> None:
    """§ TIR FIXE EXACTEMENT PAR DERRIERE (A), EN TRAVERS (B), DE LOIN (B, 2d), DE FACE
    (B, 2d), MITRAILLEUSE MOBILE DE NEZ (B), DE QUEUE DROIT DERRIERE ET AU DESSUS (A),
    EN ANGLE (B), LOIN DERRIERE (B, 2d); long bursts only from H5, H7, H9, H10–H12
    (§ RAFALE LONGUE); the ventral gun only defensively."""
    positions = data.rules.positions
    columns = {key: (p.column, p.distance) for key, p in positions.items()}
    assert columns == {"h5": ("A", 1), "h6": ("B", 1), "h7": ("B", 2), "h8": ("B", 2),
                       "h9-up": ("B", 1), "h9": ("B", 1), "h10": ("A", 1), "h11": ("B", 1),
                       "h12": ("B", 2), "ventral": ("B", 1)}
    assert {k for k, p in positions.items() if p.long_burst} == {
        "h5", "h7", "h9-up", "h9", "h10", "h11", "h12"}
    assert [k for k, p in positions.items() if not p.offensive] == ["ventral"]
    assert positions["h8"].heading == [3] and positions["h10"].levels == [1]


def test_pions_the_figures_the_book_prints(data: AgeData) -> None:
    """§ PIONS et SUPPORTS (Fokker Dr.I), § MARQUEURS AS et RECRUE (Camel panel),
    § PANNEAU DE CONTROLE (Hanriot panel), § EFFET GYROSCOPIQUE (Camel ±2, DH.2 reversed),
    § ASCENSION RAPIDE (Fokker D.VII 6, fast climb), § POSITION DES MITRAILLEUSES (E.IV
    three guns, DH.2 flexible gun, O/400 ventral gun), § Interceptez le général (Salmson
    2 speed 6), § MISE EN PLACE (numbers)."""
    ac = data.aircraft
    dr1 = ac["fokker-dr1"]
    assert (dr1.speed, dr1.agility, dr1.fixed_guns, dr1.fast_climb, dr1.slow_descent,
            dr1.gyro > 0, dr1.numbers, dr1.nation) == (5, 4, 2, True, True, True,
                                                        [4, 5, 6], "germany")
    camel = ac["sopwith-camel"]
    assert (camel.speed, camel.agility, camel.fixed_guns, camel.gyro, camel.front_bursts,
            camel.full_throttle, camel.year, camel.numbers) == (5, 4, 2, 2, 6, 2, 1917,
                                                                 [4, 5, 6])
    assert not camel.derived
    hd3 = ac["hanriot-hd3"]
    assert (hd3.speed, hd3.agility, hd3.fixed_guns, hd3.tail_guns, hd3.tail_bursts,
            hd3.full_throttle, hd3.year, hd3.numbers) == (6, 2, 2, 2, 3, 3, 1918, [7, 8, 9])
    assert (ac["fokker-d7"].speed, ac["fokker-d7"].fast_climb) == (6, True)
    assert ac["fokker-e4"].fixed_guns == 3
    assert (ac["airco-dh2"].nose_guns, ac["airco-dh2"].gyro) == (1, -1)
    assert ac["handley-page-o400"].ventral_guns == 1
    assert ac["salmson-2"].speed == 6 and 13 in ac["salmson-2"].numbers
    assert ac["se5"].numbers == [10, 11, 12] and ac["aviatik-dfw-c5"].numbers == [13, 14, 15]
    assert ac["bristol-f2"].tail_guns > 0


def test_regles_generales_three_nations_of_eighteen(data: AgeData) -> None:
    """§ PIONS et SUPPORTS and § REGLES GENERALES: each nation 12 fighters (1–12),
    3 reconnaissance (13–15), 3 bombers (16–18), three of each type."""
    for nation in ("germany", "france", "britain"):
        numbers = sorted(n for kind in data.aircraft.values() if kind.nation == nation
                         for n in kind.numbers)
        assert numbers == list(range(1, 19))
        bomber, scout = data.type_of(nation, 16), data.type_of(nation, 13)
        assert bomber is not None and bomber[1].role == "bomber"
        assert scout is not None and scout[1].role == "reconnaissance"
        assert data.type_of(nation, 19) is None
    assert all(k.slow_descent for k in data.aircraft.values() if k.role == "bomber")


def test_pions_a_panel_number_names_its_type(data: AgeData) -> None:
    """§ PIONS et SUPPORTS: a nation's panel number names its type (the table made at
    load answers as a scan of every type would, for every number and nation)."""
    nations = {kind.nation for kind in data.aircraft.values()}
    numbers = {n for kind in data.aircraft.values() for n in kind.numbers}
    for nation in nations:
        for number in range(0, max(numbers) + 2):
            scan = next(((key, kind) for key, kind in data.aircraft.items()
                         if kind.nation == nation and number in kind.numbers), None)
            assert data.type_of(nation, number) == scan, (nation, number)


def test_every_figure_has_a_source_and_derived_ones_are_named(data: AgeData) -> None:
    """Derived figures (the pictures are missing) are marked field by field."""
    for kind in data.aircraft.values():
        assert kind.source.startswith(("book: 003_24ea110dc1b5a4d6.txt §", "derived:"))
        assert all(why.startswith("derived:") for why in kind.derived.values())
    assert data.board.source.startswith("derived:")
    assert data.rules.movement.source.startswith("book: 003_24ea110dc1b5a4d6.txt §")


def test_dataset_is_the_loaded_data() -> None:
    assert dataset() == load_data()


@pytest.mark.parametrize(
    ("file", "edit", "entry", "reason"),
    [
        ("aircraft.toml", ("numbers = [4, 5, 6]\nspeed = 5\nagility = 4",
                           "numbers = [4, 5, 14]\nspeed = 5\nagility = 4"),
         "aircraft.fokker-dr1.numbers", "not a fighter's number"),
        ("aircraft.toml", ("numbers = [1, 2, 3]\nspeed = 4\nagility = 2",
                           "numbers = [1, 2]\nspeed = 4\nagility = 2"),
         "aircraft.fokker-e4.numbers", "three aircraft of each type"),
        ("aircraft.toml", ('year = "derived: history"', 'year = "a guess"'),
         "aircraft.fokker-e4.derived.year", "needs source"),
        ("aircraft.toml", ('speed = "derived: history (a slow pusher)"',
                           'spede = "derived: history (a slow pusher)"'),
         "aircraft.airco-dh2.derived.spede", "is not a figure"),
        ("rules.toml", ("faces = [-1, 0, 0, 1, 1, 2]", "faces = [-1, 0, 1, 1, 2]"),
         "dice.blue", "six faces"),
        ("rules.toml", ("low = 11\nhigh = 12", "low = 11\nhigh = 11"),
         "result_table", "sums 2 to 12"),
        ("rules.toml", ('a = "destroyed"\nb = "damage"', 'a = "killed"\nb = "damage"'),
         "result_table[4].a", "Invalid enum value 'killed'"),
        ("board.toml", ("pieces = 3", "pieces = 4"), "board.pieces", "between"),
    ],
)
def test_a_malformed_copy_is_refused_with_file_entry_and_reason(
        tmp_path: Path, file: str, edit: tuple[str, str], entry: str, reason: str) -> None:
    for name in ("aircraft.toml", "rules.toml", "board.toml", "expansion.toml"):
        shutil.copy(SHIPPED / name, tmp_path / name)
    text = (tmp_path / file).read_text()
    assert edit[0] in text
    (tmp_path / file).write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(DataError) as info:
        load_data(tmp_path)
    assert info.value.entry == entry and reason in info.value.reason
    assert str(info.value.file).endswith(file)


def test_extension_supplement_the_27_aircraft_as_printed(data: AgeData) -> None:
    """§ EXTENSION - SUPPLEMENT: 27 aircraft of six nations, speed and agility as printed
    (the rest derived, R19)."""
    ex = data.expansion
    assert len(ex) == 27
    assert Counter(k.nation for k in ex.values()) == {
        "austria-hungary": 6, "russia": 6, "serbia": 4, "italy": 5, "bulgaria": 4, "usa": 2}
    printed = {k.name: (k.speed, k.agility) for k in ex.values()}
    assert printed["Aviatik (Berg) D.I"] == (6, 3) and printed["S-16 Sikorsky"] == (3, 4)
    assert printed["Ansaldo A.1 Balilla"] == (7, 3) and printed["Curtiss H-16"] == (3, 3)
    assert printed["Packard-Le Père LUSAC-11"] == (7, 2) and printed["Nieuport 24"] == (5, 4)
    assert all(k.source.startswith("book: 003_24ea110dc1b5a4d6.txt § EXTENSION")
               and k.derived["role"].startswith("derived: R19") for k in ex.values())
