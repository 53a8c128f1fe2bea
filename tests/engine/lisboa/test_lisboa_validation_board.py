"""Each validation rule of the pack loader for the board (tracks, the city map, the church, set-up
tables) rejects a corrupted copy of the shipped pack with a message naming the file, the row and the
field (issue 5 §2); the cards and rows are in ``test_lisboa_validation.py``."""

from __future__ import annotations

import pytest
from lisboa_helpers import edit

from engine.lisboa.data import PackError, load_pack

CITY, CH = "city.toml", "church.toml"

BOARD_CASES = [
    # --- tracks ----------------------------------------------------------------------------
    (
        "treasury start",
        "tracks.toml",
        "start = 2",
        "start = 8",
        "tracks.toml: [treasury_track]: field 'start': index 8 is past the 8 treasury spaces",
    ),
    (
        "reis icons",
        "tracks.toml",
        "reis_icons = [0, 2, 4, 6, 8, 9]",
        "reis_icons = [0, 2, 4, 6, 8]",
        "tracks.toml: [influence_track]: field 'reis_icons': 5 icons, but reis_total is 6",
    ),
    (
        "price track",
        "tracks.toml",
        "values = [1, 2, 3, 4, 5, 6]",
        "values = [1, 2, 3, 5, 4, 6]",
        "tracks.toml: [price_track]: field 'values': prices must strictly increase",
    ),
    (
        "start price on track",
        "components.toml",
        "start_price = 6",
        "start_price = 7",
        "components.toml: good row 1 (id 'gold'): field 'start_price': 7 is not a space of the price track",
    ),
    # --- the city map ----------------------------------------------------------------------
    (
        "lot beside street",
        CITY,
        'id = "A1", row = "A", column = 1, size = "large", streets = ["S1"]',
        'id = "A1", row = "A", column = 1, size = "large", streets = ["S2"]',
        "city.toml: lot row 1 (id 'A1'): field 'streets': street 'S2' does not run beside column 1",
    ),
    (
        "lot adjacency symmetric",
        CITY,
        'id = "A2", row = "A", column = 2, size = "large", streets = ["S1", "S2"]',
        'id = "A2", row = "A", column = 2, size = "large", streets = ["S1"]',
        "city.toml: lot row 2 (id 'A2'): field 'streets': street 'S2' runs beside column 2 "
        "but this lot does not list it",
    ),
    (
        "lot unknown street",
        CITY,
        'id = "A1", row = "A", column = 1, size = "large", streets = ["S1"]',
        'id = "A1", row = "A", column = 1, size = "large", streets = ["S9"]',
        "city.toml: lot row 1 (id 'A1'): field 'streets': item 'S9': unknown street 'S9'",
    ),
    (
        "lot size",
        CITY,
        'id = "A5", row = "A", column = 5, size = "small"',
        'id = "A5", row = "A", column = 5, size = "large"',
        "city.toml: lot row 5 (id 'A5'): field 'size': column 5 holds small lots",
    ),
    (
        "lot cell twice",
        CITY,
        'id = "A2", row = "A", column = 2,',
        'id = "A2", row = "A", column = 1,',
        "city.toml: lot row 2 (id 'A2'): field 'column': row A column 1 already holds lot 'A1'",
    ),
    (
        "street top site named back",
        CITY,
        'top_site = "T1"',
        'top_site = "T2"',
        "city.toml: site row 11 (id 'T1'): field 'street': street 'S1' names top site 'T2', not this one",
    ),
    (
        "row sites",
        CITY,
        'id = "R-A", side = "right", row = "A"',
        'id = "R-A", side = "right", row = "B"',
        "city.toml: row row 1 (id 'A'): field 'id': row 'A' needs exactly one right site, has 0",
    ),
    (
        "site rubble",
        CITY,
        'id = "L-A", side = "left", row = "A", rubble = 2',
        'id = "L-A", side = "left", row = "A", rubble = 3',
        "city.toml: site row 1 (id 'L-A'): field 'rubble': every site starts with 2 rubble",
    ),
    (
        "scoring spaces",
        CITY,
        "score_space = 4,",
        "score_space = 3,",
        "city.toml: column: field 'score_space': spaces 1..4 must each sit under a column",
    ),
    (
        "score source",
        CITY,
        "score_space = 1,",
        "score_space = 1, score_fixed = 3,",
        "city.toml: column row 1 (id 1): field 'score_space': give exactly one of score_space and score_fixed",
    ),
    (
        "small display",
        CITY,
        'id = "D-small", type = "tools"',
        'id = "D-small", type = "gold"',
        "city.toml: lot row 5 (id 'A5'): field 'streets': no small display space supplies a tile",
    ),
    # --- the church ------------------------------------------------------------------------
    (
        "church adjacency symmetric",
        CH,
        'id = "C1", adjacent_paths = ["P11", "P12", "P01", "P02"]',
        'id = "C1", adjacent_paths = ["P12", "P01", "P02"]',
        "church.toml: path_space row 11 (id 'P11'): field 'adjacent_tiles': tile space 'C1' does not list this path",
    ),
    (
        "church unknown path",
        CH,
        'id = "C1", adjacent_paths = ["P11",',
        'id = "C1", adjacent_paths = ["P13",',
        "church.toml: tile_space row 1 (id 'C1'): field 'adjacent_paths': no path space 'P13'",
    ),
    (
        "cardinal start",
        CH,
        'cardinal_start = "P01"',
        'cardinal_start = "P02"',
        "church.toml: [church]: field 'cardinal_start': the Cardinal starts on the influence icon ('P01'",
    ),
    # --- setup tables ----------------------------------------------------------------------
    (
        "rubble placed",
        "setup.toml",
        "rubble_placed = 56",
        "rubble_placed = 57",
        "setup.toml: player_count row 1 (players 2): field 'rubble_placed': the map and spare pile take 56 cubes",
    ),
    (
        "ships per colour",
        "setup.toml",
        "ships_per_colour = 3",
        "ships_per_colour = 4",
        "setup.toml: player_count row 3 (players 4): field 'ships_per_colour': only 3 blue ships exist",
    ),
    (
        "covered row",
        "setup.toml",
        'covered_rows = ["E"]',
        'covered_rows = ["F"]',
        "setup.toml: player_count row 1 (players 2): field 'covered_rows': item 'F': unknown row 'F'",
    ),
    (
        "ranks paid",
        "setup.toml",
        "ranks_paid = [1, 3]",
        "ranks_paid = [1, 4]",
        "setup.toml: player_count row 1 (players 2): field 'ranks_paid': item 4: must be 1..3",
    ),
]


@pytest.mark.parametrize("name,file,old,new,expected", BOARD_CASES, ids=[c[0] for c in BOARD_CASES])
def test_corrupted_board_is_refused_naming_row_and_field(pack_dir, name, file, old, new, expected):
    edit(pack_dir, file, old, new)
    with pytest.raises(PackError) as err:
        load_pack(pack_dir)
    assert expected in str(err.value)


def test_a_lot_missing_from_the_grid(pack_dir):
    text = (pack_dir / CITY).read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith('  { id = "C3", row = "C"'))
    edit(pack_dir, CITY, line + "\n", "")
    with pytest.raises(PackError, match=r"city\.toml: lot: no lot at row 'C' column 3"):
        load_pack(pack_dir)
