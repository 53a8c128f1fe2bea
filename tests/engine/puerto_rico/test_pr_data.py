"""``buildings.toml`` loads through the core's data packs: the shipped file gives the constants
the rules read, and a bad copy is refused naming the file, the row and the field."""

from __future__ import annotations

import shutil

import pytest

from engine.core.datapack import PackError
from engine.core.datapack.cli import main
from engine.puerto_rico import data

INDIGO = 'id = "indigo-plant"\ncost = 3\nvp = 2\ncolumn = 2\ncircles = 3\ncopies = [3, 2]\nproduces = "indigo"'
OFFICE = 'id = "office"\ncost = 5\nvp = 2\ncolumn = 2\ncircles = 1\ncopies = [2, 1]'
ROW3 = "buildings.toml: building row 3 (id 'indigo-plant')"


def test_the_shipped_file_loads_through_the_core():
    pack = data.PACKS.shipped()
    assert pack.fingerprint == data.PACKS.load(data.DATA_DIR).fingerprint and pack.provisional_rows == 0
    assert len(pack.rows["building"]) == len(data.BUILDINGS) == 45
    assert [r["players"] for r in pack.rows["setup"]] == ["2", "3", "4", "5"]  # type: ignore[index]
    assert data.setup_for(4)["vp_chips"] == 100 and data.setup_for(3)["start"] == ["indigo", "indigo", "corn"]
    assert data.BUILDINGS["cloister"].large and data.BUILDINGS["jeweler"].production_like
    assert data.BUILDINGS["indigo-plant"].copies == 3 and data.BUILDINGS["indigo-plant"].copies_two_player == 2
    assert data.EFFECTS["cloister"] == [0, 1, 3, 6, 10] and data.SLOTS[10] == 5
    assert data.RESTRICTIONS == (("office", "trading-post"), ("hacienda", "forest-house"))


CASES = [
    ("range", INDIGO, INDIGO.replace("column = 2", "column = 5"), f"{ROW3}: field 'column': must be 1..4, got 5"),
    ("missing", INDIGO, INDIGO.replace("vp = 2\n", ""), f"{ROW3}: field 'vp': missing"),
    (
        "unknown good",
        INDIGO,
        INDIGO.replace('"indigo"', '"wine"'),
        f"{ROW3}: field 'produces': unknown good 'wine' (known: corn, indigo, sugar, tobacco, coffee)",
    ),
    ("copies pair", INDIGO, INDIGO.replace("[3, 2]", "[3]"), f"{ROW3}: field 'copies': must have 2..2 items, got 1"),
    (
        "set",
        OFFICE,
        OFFICE + '\nset = "promo"',
        "buildings.toml: building row 12 (id 'office'): field 'set': must be one of base, new_buildings, nobles",
    ),
    (
        "slot",
        OFFICE,
        OFFICE.replace("cost = 5", "cost = 11"),
        "buildings.toml: building row 12 (id 'office'): field 'cost': no building slot for cost 11",
    ),
    (
        "duplicate id",
        OFFICE,
        OFFICE.replace('"office"', '"indigo-plant"'),
        "buildings.toml: building row 12 (id 'indigo-plant'): field 'id': duplicate id: row 3 has it too",
    ),
    (
        "setup start",
        'start = ["indigo", "corn"]',
        'start = ["indigo"]',
        "buildings.toml: [setup.2]: field 'start': must name 2 plantations",
    ),
    (
        "setup role",
        'roles = ["settler", "mayor", "builder", "craftsman", "trader", "captain"]',
        'roles = ["settler", "mayor", "builder", "craftsman", "trader", "pirate"]',
        "buildings.toml: [setup.3]: field 'roles': unknown role(s): pirate",
    ),
    ("setup count", "[setup.5]", "[setup.6]", "buildings.toml: [setup.6]: field 'players': must be one of 2, 3, 4, 5"),
    (
        "restriction",
        '["hacienda", "forest-house"]',
        '["hacienda", "forest-hut"]',
        "buildings.toml: [expansions]: field 'restrictions': ['hacienda', 'forest-hut'] must name two buildings",
    ),
    (
        "effects shape",
        "church_vp = [0, 0, 1, 1, 2]",
        "church_vp = [0, 1, 1, 2]",
        "buildings.toml: [effects]: field 'church_vp': must have 5..5 items, got 4",
    ),
    (
        "effects unknown",
        "storehouse_barrels = 3",
        "storehouse_barrels = 3\nstorehouse_barels = 3",
        "buildings.toml: [effects]: field 'storehouse_barels': unknown field",
    ),
    (
        "five choices",
        "five_choices = [0, 1, 0, 1, 0]",
        "five_choices = [0, 0, 0]",
        "buildings.toml: [variants]: field 'five_choices': must alternate seats 0 and 1",
    ),
    (
        "goods per kind",
        "goods_supply = [10, 11, 11, 9, 9]",
        "goods_supply = [10, 11, 11, 9]",
        "buildings.toml: top level: field 'goods_supply': needs one value per good (5), got 4",
    ),
    (
        "top level",
        "island_spaces = 12",
        "island_space = 12",
        "buildings.toml: top level: field 'island_space': unknown field",
    ),
]


@pytest.mark.parametrize("name,old,new,expected", CASES, ids=[c[0] for c in CASES])
def test_a_bad_copy_is_refused_naming_file_row_and_field(tmp_path, name, old, new, expected):
    text = data.DATA_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (tmp_path / "buildings.toml").write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(PackError) as err:
        data.load(tmp_path)
    assert str(err.value).startswith(expected), str(err.value)


def test_provenance_summary_from_the_command_line(tmp_path, capsys):
    assert main(["puerto_rico"]) == 0
    out = capsys.readouterr().out
    assert "building                45            0\n" in out
    assert "No provisional rows; 53 of 53 rows name no source" in out
    shutil.copy(data.DATA_FILE, tmp_path / "buildings.toml")
    assert main(["puerto_rico", "--pack", str(tmp_path)]) == 0
    assert data.PACKS.shipped().fingerprint in capsys.readouterr().out
