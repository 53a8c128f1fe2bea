"""The core data-pack machinery on a tiny pack defined in :mod:`datapack_tiny` (no game involved):
loading, typed and generic rows, every kind of error with its file/row/field message. Provenance,
the fingerprint, the registry, the spec's own checks and the command line are in
``test_core_datapack_packs.py``."""

from __future__ import annotations

import re

import pytest
from datapack_tiny import FILES, Thing, edited, spec, write

from engine.core.datapack import PROVENANCE, PackError, Record, load


def test_a_valid_pack_loads_into_typed_and_generic_rows(tmp_path):
    pack = load(spec(write(tmp_path)))
    assert (pack.name, pack.title, pack.path) == ("tiny-1", "A tiny pack", str(tmp_path))
    t1, t2, t3 = pack.things.values()
    assert isinstance(t1, Thing) and t1.tags == ("a", "b") and t1.power == "E1" and t1.power_params == {"n": 2}
    assert t1.weight is None and t1.source == "book p3" and not t1.provisional
    assert t2.weight == 5 and t2.provisional and t2.provisional_fields == ("weight",) and t2.why.startswith("weight")
    assert t2.power is None and t2.power_params is None and t3.power_params == {}
    (rules,) = pack.rows["rules"]
    assert isinstance(rules, Record) and rules["max_things"] == 3 and rules.get("open") is True
    assert rules.source == "book p5" and "source" not in rules.values
    players = pack.rows["players"]
    assert [(p["count"], p["hand"]) for p in players] == [("2", (1, 1, 2)), ("3", (1, 2))]  # type: ignore[index]
    (extra,) = pack.rows["extra"]
    assert extra.values == {"version": 7, "slots": {"1": 2, "2": 0}, "pairs": (["t1", "t2"],)}  # type: ignore[attr-defined]
    assert pack.total_rows == 9 and pack.provisional_rows == 2
    assert set(PROVENANCE) == {"source", "provisional", "why", "provisional_fields", "note"}


THINGS, EXTRA, META = "things.toml", "extra.toml", "pack.toml"
T1 = 'id = "t1", colour = "red", size = "small", tags = ["a", "b"]'
T2 = 'id = "t2", colour = "blue", size = "large", tags = [], weight = 5'
ROW1 = "things.toml: thing row 1 (id 't1')"
ROW2 = "things.toml: thing row 2 (id 't2')"

CASES = [
    # --- field by field --------------------------------------------------------------------
    ("missing", THINGS, T1, T1.replace('colour = "red", ', ""), f"{ROW1}: field 'colour': missing"),
    (
        "unknown field",
        THINGS,
        T1,
        T1 + ", shape = 3",
        f"{ROW1}: field 'shape': unknown field (known: colour, id, power, power_params, size, tags, weight)",
    ),
    (
        "integer type",
        THINGS,
        T2,
        T2.replace("weight = 5", 'weight = "5"'),
        f"{ROW2}: field 'weight': must be an integer, got '5'",
    ),
    (
        "bool is no integer",
        THINGS,
        T2,
        T2.replace("weight = 5", "weight = true"),
        f"{ROW2}: field 'weight': must be an integer, got True",
    ),
    ("range", THINGS, T2, T2.replace("weight = 5", "weight = 10"), f"{ROW2}: field 'weight': must be 1..9, got 10"),
    (
        "empty string",
        THINGS,
        'id = "t1"',
        'id = " "',
        "things.toml: thing row 1 (id ' '): field 'id': must be a non-empty string, got ' '",
    ),
    ("bool", THINGS, "open = true", "open = 1", "things.toml: [rules]: field 'open': must be true or false, got 1"),
    (
        "enum",
        THINGS,
        T1,
        T1.replace('"small"', '"huge"'),
        f"{ROW1}: field 'size': must be one of small, large, got 'huge'",
    ),
    (
        "ref",
        THINGS,
        T1,
        T1.replace('colour = "red"', 'colour = "green"'),
        f"{ROW1}: field 'colour': unknown colour 'green' (known: blue, red)",
    ),
    ("list type", THINGS, T1, T1.replace('["a", "b"]', '"a"'), f"{ROW1}: field 'tags': must be a list, got 'a'"),
    (
        "list length",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", "b", "c"]'),
        f"{ROW1}: field 'tags': must have 0..2 items, got 3",
    ),
    (
        "list item",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", 2]'),
        f"{ROW1}: field 'tags': item 2: must be a non-empty string, got 2",
    ),
    (
        "list distinct",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", "a"]'),
        f"{ROW1}: field 'tags': items must be distinct, got ['a', 'a']",
    ),
    (
        "int item range",
        THINGS,
        "hand = [1, 2]",
        "hand = [1, 3]",
        "things.toml: [players.3]: field 'hand': item 3: must be 1..2, got 3",
    ),
    (
        "table type",
        EXTRA,
        'slots = { "1" = 2, "2" = 0 }',
        "slots = 2",
        "extra.toml: top level: field 'slots': must be a table, got 2",
    ),
    ("table value", EXTRA, '"2" = 0', '"2" = 6', "extra.toml: top level: field 'slots': '2': must be 0..5, got 6"),
    (
        "list of lists",
        EXTRA,
        '[["t1", "t2"]]',
        '["t1"]',
        "extra.toml: top level: field 'pairs': item 't1': must be a list, got 't1'",
    ),
    (
        "duplicate id",
        THINGS,
        'id = "t2"',
        'id = "t1"',
        "things.toml: thing row 2 (id 't1'): field 'id': duplicate id: row 1 has it too",
    ),
    # --- effects ---------------------------------------------------------------------------
    ("unknown effect", THINGS, 'power = "E1"', 'power = "E9"', f"{ROW1}: field 'power': unknown effect id 'E9'"),
    (
        "effect slot",
        THINGS,
        'power = "E1"',
        'power = "E3"',
        f"{ROW1}: field 'power': effect 'E3' cannot stand here (allowed: E1, E2)",
    ),
    ("effect params", THINGS, "n = 2", "n = 4", f"{ROW1}: field 'power_params': parameter 'n': must be 1..3, got 4"),
    (
        "effect params type",
        THINGS,
        "power_params = { n = 2 }",
        "power_params = 2",
        f"{ROW1}: field 'power_params': must be a table, got 2",
    ),
    (
        "params without effect",
        THINGS,
        "weight = 5",
        "weight = 5, power_params = { n = 1 }",
        f"{ROW2}: field 'power_params': given without 'power'",
    ),
    # --- shapes ----------------------------------------------------------------------------
    ("row not a table", THINGS, "thing = [\n", "thing = [\n  3,\n", "things.toml: thing row 1: must be a table, got 3"),
    ("missing table", THINGS, "thing = [", "thingx = [", "things.toml: missing table 'thing'"),
    (
        "keyed: name repeated",
        THINGS,
        "[players.2]\n",
        '[players.2]\ncount = "2"\n',
        "things.toml: [players.2]: field 'count': is the table's name ('2'); do not repeat it inside",
    ),
    (
        "keyed: bad name",
        THINGS,
        "[players.3]",
        "[players.7]",
        "things.toml: [players.7]: field 'count': must be one of 2, 3, 4, got '7'",
    ),
    (
        "top level: unknown key",
        EXTRA,
        "version = 7",
        "version = 7\nextras = 1",
        "extra.toml: top level: field 'extras': unknown field (known: pairs, slots, version)",
    ),
    # --- provenance ------------------------------------------------------------------------
    (
        "no source",
        THINGS,
        ', source = "book p1"',
        "",
        "things.toml: colour row 1 (id 'red'): field 'source': every row must name its source (book p…, card)",
    ),
    (
        "bad source",
        THINGS,
        'source = "book p2; card"',
        'source = "book p2; web"',
        "things.toml: colour row 2 (id 'blue'): field 'source': each ';'-separated part must start with book or card, "
        "got ' web'",
    ),
    (
        "provisional not bool",
        THINGS,
        'provisional = true, why = "weight',
        'provisional = 1, why = "weight',
        f"{ROW2}: field 'provisional': must be true or false, got 1",
    ),
    (
        "no why",
        THINGS,
        'why = "guessed from the art"',
        'note = "guessed from the art"',
        "things.toml: thing row 3 (id 't3'): field 'why': a provisional row must say why",
    ),
    (
        "provisional field unknown",
        THINGS,
        'provisional_fields = ["weight"]',
        'provisional_fields = ["speed"]',
        f"{ROW2}: field 'provisional_fields': must list fields of this row, got ['speed']",
    ),
    (
        "provisional fields, not provisional",
        THINGS,
        'source = "book p3"',
        'source = "book p3", provisional_fields = ["tags"]',
        f"{ROW1}: field 'provisional_fields': only a provisional row may list provisional fields",
    ),
    (
        "note type",
        THINGS,
        'source = "book p3"',
        'source = "book p3", note = 3',
        f"{ROW1}: field 'note': must be a string, got 3",
    ),
    # --- the game's cross-row rules --------------------------------------------------------
    (
        "cross-row on a single table",
        THINGS,
        "max_things = 3",
        "max_things = 2",
        "things.toml: [rules]: field 'max_things': the pack has 3 things",
    ),
    (
        "cross-row on a row",
        THINGS,
        ', power = "E1", power_params = { n = 2 }',
        "",
        f"{ROW1}: field 'power': a small thing needs a power",
    ),
    # --- files -----------------------------------------------------------------------------
    (
        "unknown table",
        THINGS,
        "[rules]",
        "[boats]\nx = 1\n\n[rules]",
        "things.toml: unknown table 'boats' (known: colour, players, rules, thing)",
    ),
    ("bad TOML", THINGS, "thing = [", "thing = [[", "things.toml: not valid TOML"),
    (
        "schema",
        META,
        "schema = 3",
        "schema = 1",
        "pack.toml: [pack] field 'schema': must be 3 (the schema TINY.md documents)",
    ),
    ("name", META, 'name = "tiny-1"', 'name = ""', "pack.toml: [pack] field 'name': must be a non-empty string"),
]


@pytest.mark.parametrize("name,file,old,new,expected", CASES, ids=[c[0] for c in CASES])
def test_a_bad_pack_is_refused_naming_file_row_and_field(tmp_path, name, file, old, new, expected):
    root = write(tmp_path / "pack", edited(file, old, new))
    with pytest.raises(PackError) as err:
        load(spec(root))
    assert str(err.value).startswith(expected), str(err.value)


def test_a_missing_file_names_the_folder(tmp_path):
    root = write(tmp_path)
    (root / EXTRA).unlink()
    with pytest.raises(PackError, match=rf"^extra\.toml: missing from the pack at {re.escape(str(root))}$"):
        load(spec(root))


def test_shapes_a_file_must_have(tmp_path):
    head = FILES[THINGS][: FILES[THINGS].index("[players.2]")]
    table_of_tables = r"^things\.toml: 'players' must be a table of tables \(\[players\.<count>\]\)$"
    with pytest.raises(PackError, match=table_of_tables):
        load(spec(write(tmp_path / "a", {**FILES, THINGS: "players = 3\n" + head})))
    with pytest.raises(PackError, match=r"^things\.toml: \[players\.2\]: must be a table, got 5$"):
        load(spec(write(tmp_path / "b", {**FILES, THINGS: head + '[players]\n"2" = 5\n'})))
    with pytest.raises(PackError, match=r"^things\.toml: 'thing' must be an array of rows$"):
        load(spec(write(tmp_path / "c", edited(THINGS, "thing = [\n", "thing = 3\nthings = [\n"))))
