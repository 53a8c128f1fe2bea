"""Each validation rule of the pack loader rejects a corrupted copy of the shipped pack with a
message naming the file, the row and the field (issue 5 §2)."""

from __future__ import annotations

import pytest
from lisboa_helpers import edit

from engine.lisboa.data import PackError, load_pack

PC, DC = "political_cards.toml", "decrees.toml"
BLUE02 = '{ id = "blue-02", deck = "blue", kind = "maia", influence = 1, bottom = "NB-03", bottom_params = { n = 2 }'
BLUE03 = '{ id = "blue-03", deck = "blue", kind = "maia", influence = 2, bottom = "NB-08"'
BLUE05 = '{ id = "blue-05", deck = "blue", kind = "maia", influence = 4, bottom = "NB-02"'
RED03 = '{ id = "red-03", deck = "red", kind = "maia", influence = 2, bottom = "NB-08"'
RED13 = (
    '{ id = "red-13", deck = "red", kind = "king", influence = 2, bottom = "NB-09", bottom_params = { good = "cloth" }'
)
RED16 = (
    '{ id = "red-16", deck = "red", kind = "treasury", centre = "TC-01", permanent = "TP-03", '
    "permanent_params = { n = 1 }"
)
RED18 = 'permanent = "TP-01", permanent_params = { rubble = "fire", n = 1 }'
CARD = "political_cards.toml: card row"

CASES = [
    # --- field by field --------------------------------------------------------------------
    (
        "range",
        PC,
        BLUE02,
        BLUE02.replace("influence = 1", "influence = 11"),
        f"{CARD} 2 (id 'blue-02'): field 'influence': must be 0..10, got 11",
    ),
    (
        "type",
        PC,
        BLUE02,
        BLUE02.replace("influence = 1", 'influence = "1"'),
        f"{CARD} 2 (id 'blue-02'): field 'influence': must be an integer",
    ),
    ("missing", PC, BLUE03, BLUE03.replace('deck = "blue", ', ""), f"{CARD} 3 (id 'blue-03'): field 'deck': missing"),
    (
        "unknown field",
        PC,
        BLUE03,
        BLUE03 + ', colour = "red"',
        f"{CARD} 3 (id 'blue-03'): field 'colour': unknown field",
    ),
    (
        "enum",
        PC,
        BLUE03,
        BLUE03.replace('kind = "maia"', 'kind = "queen"'),
        f"{CARD} 3 (id 'blue-03'): field 'kind': must be one of maia, marquis, king, treasury",
    ),
    (
        "ref",
        PC,
        BLUE03,
        BLUE03.replace('deck = "blue"', 'deck = "green"'),
        f"{CARD} 3 (id 'blue-03'): field 'deck': unknown deck 'green'",
    ),
    (
        "duplicate id",
        PC,
        BLUE02,
        BLUE02.replace('"blue-02"', '"blue-01"'),
        f"{CARD} 2 (id 'blue-01'): field 'id': duplicate id: row 1 has it too",
    ),
    (
        "unknown effect",
        PC,
        BLUE03,
        BLUE03.replace("NB-08", "NB-99"),
        f"{CARD} 3 (id 'blue-03'): field 'bottom': unknown effect id 'NB-99'",
    ),
    (
        "effect slot",
        PC,
        BLUE03,
        BLUE03.replace("NB-08", "TC-01"),
        f"{CARD} 3 (id 'blue-03'): field 'bottom': effect 'TC-01' cannot stand here",
    ),
    (
        "param range",
        PC,
        BLUE02,
        BLUE02.replace("n = 2", "n = 7"),
        f"{CARD} 2 (id 'blue-02'): field 'bottom_params': parameter 'n': must be 1..3, got 7",
    ),
    (
        "param missing",
        PC,
        RED13,
        RED13.replace(', bottom_params = { good = "cloth" }', ""),
        f"{CARD} 34 (id 'red-13'): field 'bottom_params': parameter 'good' is required by NB-09",
    ),
    (
        "param unknown",
        PC,
        BLUE03,
        BLUE03 + ", bottom_params = { n = 1 }",
        f"{CARD} 3 (id 'blue-03'): field 'bottom_params': parameter 'n' is not one of NB-08's parameters",
    ),
    (
        "param ref",
        PC,
        RED13,
        RED13.replace('"cloth"', '"wine"'),
        f"{CARD} 34 (id 'red-13'): field 'bottom_params': parameter 'good': unknown good 'wine'",
    ),
    (
        "params without effect",
        "clergy.toml",
        'effect = "CL-02",',
        'effect = "CL-02", effect_params = { n = 1 },',
        "clergy.toml: tile row 2 (id 'T02'): field 'effect_params': parameter 'n' is not one of CL-02's parameters",
    ),
    (
        "list item",
        "components.toml",
        '"hire_officials", "obtain_plan"',
        '"hire_officials", "dance"',
        "components.toml: noble row 1 (id 'maia'): field 'state_actions': item 'dance'",
    ),
    (
        "list distinct",
        "components.toml",
        '"hire_officials", "obtain_plan"',
        '"hire_officials", "hire_officials"',
        "components.toml: noble row 1 (id 'maia'): field 'state_actions': items must be distinct",
    ),
    # --- provenance ------------------------------------------------------------------------
    (
        "no source",
        "scoring.toml",
        ', source = "Lisboa rulebook p. 23; Lisboa rules summary (Bodoge) §遊び方 > ゲーム終了" },'
        '\n  { id = "stores-tools"',
        ' },\n  { id = "stores-tools"',
        "scoring.toml: majority row 1 (id 'stores-gold'): field 'source': every row",
    ),
    (
        "bad source",
        "scoring.toml",
        'ranks = [3, 2, 1], source = "Lisboa rulebook p. 23',
        'ranks = [3, 2, 1], source = "BGG p23',
        "scoring.toml: majority row 1 (id 'stores-gold'): field 'source': each ';'-separated part must start with",
    ),
    (
        "no why",
        "ships.toml",
        'why = "influence not in any source; 2 leaves',
        'note = "influence not in any source; 2 leaves',
        "ships.toml: ship row 2 (id 'red'): field 'why': a provisional row must say why",
    ),
    (
        "provisional field unknown",
        "ships.toml",
        'provisional_fields = ["influence"], why = "influence not in any source; 2',
        'provisional_fields = ["speed"], why = "influence not in any source; 2',
        "ships.toml: ship row 2 (id 'red'): field 'provisional_fields': must list fields of this row",
    ),
    (
        "provisional fields, not provisional",
        "scoring.toml",
        "ranks = [3, 2, 1], source",
        'ranks = [3, 2, 1], provisional_fields = ["ranks"], source',
        "scoring.toml: majority row 1 (id 'stores-gold'): field 'provisional_fields': only a provisional row",
    ),
    # --- counts and decks ------------------------------------------------------------------
    (
        "component total",
        "components.toml",
        "total = 82",
        "total = 83",
        "components.toml: count row 1 (id 'political_cards'): field 'total': the pack has 82 political cards",
    ),
    (
        "deck size",
        PC,
        'cards = 21, source = "Lisboa rulebook p. 7',
        'cards = 22, source = "Lisboa rulebook p. 7',
        "political_cards.toml: deck row 1 (id 'blue'): field 'cards': 21 cards name deck 'blue', this row says 22",
    ),
    (
        "stack size",
        PC,
        RED03,
        RED03.replace('kind = "maia"', 'kind = "marquis"'),
        "political_cards.toml: deck row 2 (id 'red'): field 'per_kind': stack",
    ),
    (
        "stack all different",
        PC,
        RED03,
        RED03.replace('influence = 2, bottom = "NB-08"', 'influence = 1, bottom = "NB-10"'),
        f"{CARD} 24 (id 'red-03'): field 'id': same values as 'red-01'",
    ),
    (
        "penalty influence",
        PC,
        BLUE05,
        BLUE05.replace("influence = 4", "influence = 3"),
        f"{CARD} 5 (id 'blue-05'): field 'influence': a penalty card must carry more influence",
    ),
    (
        "noble with centre",
        PC,
        BLUE03,
        BLUE03 + ', centre = "TC-01"',
        f"{CARD} 3 (id 'blue-03'): field 'centre': only treasury cards",
    ),
    (
        "treasury without permanent",
        PC,
        RED16,
        RED16.replace(', permanent = "TP-03", permanent_params = { n = 1 }', ""),
        f"{CARD} 37 (id 'red-16'): field 'permanent': a treasury card needs",
    ),
    (
        "TP-01 above land cost",
        PC,
        RED18,
        RED18.replace("n = 1", "n = 3"),
        f"{CARD} 39 (id 'red-18'): field 'permanent_params': TP-01 n 3 exceeds the fire land cost 2",
    ),
    # --- decrees and clergy ----------------------------------------------------------------
    (
        "decree fixed wigs",
        DC,
        'id = "D07", type = "DC-02", params = { street = "gold" }, wigs = 2',
        'id = "D07", type = "DC-02", params = { street = "gold" }, wigs = 3',
        "decrees.toml: decree row 7 (id 'D07'): field 'wigs': DC-02 always scores 2",
    ),
    (
        "decree X range",
        DC,
        'params = { side = "left" }, wigs = 2',
        'params = { side = "left" }, wigs = 9',
        "decrees.toml: decree row 4 (id 'D04'): field 'wigs': DC-01 prints X = 1..5, got 9",
    ),
    (
        "decree row E needs 2p symbol",
        DC,
        'params = { row = "E" }, wigs = 2, two_player = true',
        'params = { row = "E" }, wigs = 2, two_player = false',
        "decrees.toml: decree row 13 (id 'D13'): field 'two_player': names row 'E'",
    ),
    (
        "decree one_of",
        DC,
        "params = { map = true }",
        'params = { map = true, row = "A" }',
        "decrees.toml: decree row 19 (id 'D19'): field 'params': DC-05 needs exactly one of map, row, street",
    ),
    (
        "decree unknown row",
        DC,
        'params = { row = "A" }, wigs = 2',
        'params = { row = "F" }, wigs = 2',
        "decrees.toml: decree row 11 (id 'D11'): field 'params': parameter 'row': unknown row 'F'",
    ),
    (
        "clergy unique effect",
        "clergy.toml",
        'id = "T02", effect = "CL-02"',
        'id = "T02", effect = "CL-01"',
        "clergy.toml: tile row 2 (id 'T02'): field 'effect': CL-01 is already on tile 'T01'",
    ),
    # --- ships, plans, player, scoring -----------------------------------------------------
    (
        "ship hull unique",
        "ships.toml",
        'id = "red", hull = 2',
        'id = "red", hull = 1',
        "ships.toml: ship row 2 (id 'red'): field 'hull': hull 1 already belongs to 'blue'",
    ),
    (
        "ship yard",
        "ships.toml",
        'id = "red", hull = 2, era = 1, yard = "bottom"',
        'id = "red", hull = 2, era = 1, yard = "top"',
        "ships.toml: ship row 1 (id 'blue'): field 'yard': era 1 needs one ship colour on top and one below",
    ),
    (
        "starting plans",
        "plans.toml",
        'id = "B2", colour = "blue", officials = 2, starting = false',
        'id = "B2", colour = "blue", officials = 2, starting = true',
        "components.toml: count row 9 (id 'starting_plans'): field 'total': the pack has 5 starting plans",
    ),
    (
        "store group house",
        "player.toml",
        'id = "L2", group = "left", house = 2',
        'id = "L2", group = "left", house = 3',
        "player.toml: store_group row 2 (id 'L2'): field 'house': group 'left' has only 2 houses",
    ),
    (
        "state action twice",
        "components.toml",
        '"meet_cardinal", "royal_favor"',
        '"meet_cardinal", "obtain_plan"',
        "components.toml: noble row 1 (id 'maia'): field 'state_actions': 'obtain_plan' belongs to two nobles",
    ),
    (
        "majority order",
        "scoring.toml",
        "ranks = [6, 3, 1]",
        "ranks = [3, 6, 1]",
        "scoring.toml: majority row 2 (id 'stores-tools'): field 'ranks': values must not increase",
    ),
]


@pytest.mark.parametrize("name,file,old,new,expected", CASES, ids=[c[0] for c in CASES])
def test_corrupted_pack_is_refused_naming_row_and_field(pack_dir, name, file, old, new, expected):
    edit(pack_dir, file, old, new)
    with pytest.raises(PackError) as err:
        load_pack(pack_dir)
    assert expected in str(err.value)


def test_missing_file(pack_dir):
    (pack_dir / "clergy.toml").unlink()
    with pytest.raises(PackError, match=r"^clergy\.toml: missing from the pack"):
        load_pack(pack_dir)


def test_bad_toml(pack_dir):
    edit(pack_dir, DC, "decree = [", "decree = [[")
    with pytest.raises(PackError, match=r"^decrees\.toml: not valid TOML"):
        load_pack(pack_dir)


def test_unknown_table(pack_dir):
    (pack_dir / "ships.toml").write_text(
        (pack_dir / "ships.toml").read_text(encoding="utf-8") + "\n[boats]\nx = 1\n", encoding="utf-8"
    )
    with pytest.raises(PackError, match=r"^ships\.toml: unknown table 'boats'"):
        load_pack(pack_dir)


def test_missing_table(pack_dir):
    (pack_dir / "plans.toml").write_text("# empty\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"^plans\.toml: missing table 'plan'"):
        load_pack(pack_dir)


def test_schema_version(pack_dir):
    edit(pack_dir, "pack.toml", "schema = 1", "schema = 2")
    with pytest.raises(PackError, match=r"^pack\.toml: \[pack\] field 'schema'"):
        load_pack(pack_dir)


def test_missing_count_row(pack_dir):
    edit(pack_dir, "components.toml", '  { id = "reis_tokens", total = 55,', '  # { id = "reis_tokens", total = 55,')
    with pytest.raises(PackError, match=r"components\.toml: count: rows missing for reis_tokens"):
        load_pack(pack_dir)
