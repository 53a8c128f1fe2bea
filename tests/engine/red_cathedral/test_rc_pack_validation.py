"""Each validation rule of the pack loader rejects a corrupted copy of the shipped pack with a
message naming the file, the row and the field (issue 15 "Data pack")."""

from __future__ import annotations

from pathlib import Path

import pytest
from rc_helpers import edit

from engine.core.datapack import PackError
from engine.red_cathedral.data import load_pack

LUMBER = '{ id = "lumber", label = "Lumber", supply = 20, jewel = false'
BRICK = '{ id = "brick", label = "Brick", supply = 20'
RT_LUMBER = '{ id = "rt-lumber", item = "lumber", amount = 2, cross = false'
CRAFT = "b_cost = { lumber = 2 }, b_gain = { stone = 1 }"
BASE01 = '{ id = "base-01", level = "base", cost = { lumber = 2, brick = 1 }'
PLAN2A = 'id = "plan-2a", players = 2, middles = [1, 1, 1, 1]'
MAT = "components.toml: material row"
CASES = [
    (
        "range",
        "components.toml",
        LUMBER,
        LUMBER.replace("20", "200"),
        f"{MAT} 1 (id 'lumber'): field 'supply': must be 1..99, got 200",
    ),
    (
        "type",
        "components.toml",
        LUMBER,
        LUMBER.replace("20", '"20"'),
        f"{MAT} 1 (id 'lumber'): field 'supply': must be an integer",
    ),
    (
        "missing",
        "components.toml",
        LUMBER,
        LUMBER.replace('label = "Lumber", ', ""),
        f"{MAT} 1 (id 'lumber'): field 'label': missing",
    ),
    (
        "unknown field",
        "components.toml",
        LUMBER,
        LUMBER + ', colour = "brown"',
        f"{MAT} 1 (id 'lumber'): field 'colour': unknown field",
    ),
    (
        "enum",
        "components.toml",
        LUMBER,
        LUMBER.replace('"lumber"', '"wood"'),
        f"{MAT} 1 (id 'wood'): field 'id': must be one of lumber, brick",
    ),
    (
        "duplicate",
        "components.toml",
        BRICK,
        BRICK.replace('"brick"', '"lumber"'),
        f"{MAT} 2 (id 'lumber'): field 'id': duplicate id: row 1 has it too",
    ),
    (
        "jewel flag",
        "components.toml",
        LUMBER,
        LUMBER.replace("jewel = false", "jewel = true"),
        f"{MAT} 1 (id 'lumber'): field 'jewel': green and purple are the jewels",
    ),
    (
        "seat rubles",
        "components.toml",
        "rubles = [3, 4], ",
        "rubles = [3, 4, 4], ",
        "components.toml: setup row 1 (players 2): field 'rubles': one amount per seat: 2, got 3",
    ),
    (
        "rules",
        "components.toml",
        "sections_to_end = 6",
        "sections_to_end = 7",
        "components.toml: [rules]: field 'sections_to_end': a player can complete at most one section per banner",
    ),
    (
        "source",
        "market.toml",
        'source = "review gamersalliance.com/the-red-cathedral (item); review solitairetimes.net',
        'source = "wiki gamersalliance.com/the-red-cathedral (item); review solitairetimes.net',
        "market.toml: resource_tile row 1 (id 'rt-lumber'): field 'source': each ';'-separated part must start with",
    ),
    (
        "no why",
        "components.toml",
        LUMBER,
        LUMBER + ", provisional = true",
        f"{MAT} 1 (id 'lumber'): field 'why': a provisional row must say why",
    ),
    (
        "two crosses",
        "market.toml",
        RT_LUMBER,
        RT_LUMBER.replace("cross = false", "cross = true"),
        "market.toml: resource_tile row 8 (id 'rt-rp'): field 'cross': exactly one tile carries the cross, found 2",
    ),
    (
        "cost item",
        "market.toml",
        CRAFT,
        CRAFT.replace("lumber", "wood"),
        "market.toml: influence_card row 1 (id 'craftsmen-1'): field 'b_cost': unknown item 'wood'",
    ),
    (
        "free repeat",
        "market.toml",
        CRAFT,
        CRAFT.replace("{ lumber = 2 }", "{}"),
        "market.toml: influence_card row 1 (id 'craftsmen-1'): field 'b_cost': a repeatable action must cost something",
    ),
    (
        "section item",
        "cathedral.toml",
        BASE01,
        BASE01.replace("brick", "marble"),
        "cathedral.toml: section row 1 (id 'base-01'): field 'cost': unknown item 'marble'",
    ),
    (
        "plan towers",
        "cathedral.toml",
        PLAN2A,
        PLAN2A.replace("[1, 1, 1, 1]", "[2, 1, 1]"),
        "cathedral.toml: plan row 1 (id 'plan-2a'): field 'middles': 2 players build 4 towers",
    ),
    (
        "plan sections",
        "cathedral.toml",
        PLAN2A,
        PLAN2A.replace("[1, 1, 1, 1]", "[1, 1, 1, 2]"),
        "cathedral.toml: plan row 1 (id 'plan-2a'): field 'middles': 13 sections, but 2 players hold 12 banners",
    ),
    (
        "track order",
        "score.toml",
        "{ pp = 3, space = 13,",
        "{ pp = 3, space = 8,",
        "score.toml: prestige row 3 (pp 3): field 'space': must lie after space 9 and within the lap of 80",
    ),
    (
        "slot colour",
        "workshop.toml",
        '{ slot = "red", colour = "red"',
        '{ slot = "red", colour = "blue"',
        "workshop.toml: basic row 1 (slot 'red'): field 'colour': slot red is activated by the red die",
    ),
    (
        "advanced banner",
        "workshop.toml",
        '{ slot = "red", holds = "door"',
        '{ slot = "red", holds = "banner"',
        "workshop.toml: advanced row 1 (slot 'red'): field 'holds': banners lie on the white slots",
    ),
    (
        "die tile",
        "workshop.toml",
        'id = "tile-21", kind = "die", three_plus = false,',
        'id = "tile-21", kind = "die", three_plus = false, item = "brick",',
        "workshop.toml: tile row 21 (id 'tile-21'): field 'die': a die tile names a die colour and nothing else",
    ),
    ("toml", "score.toml", "lap = 80", "lap = = 80", "score.toml: not valid TOML"),
    (
        "schema",
        "pack.toml",
        "schema = 1",
        "schema = 2",
        "pack.toml: [pack] field 'schema': must be 1 (the schema SCHEMA.md documents)",
    ),
]


@pytest.mark.parametrize(("name", "file", "old", "new", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_corrupted_pack_is_refused_naming_file_row_and_field(
    pack_dir: Path, name: str, file: str, old: str, new: str, message: str
) -> None:
    edit(pack_dir, file, old, new)
    with pytest.raises(PackError) as err:
        load_pack(pack_dir)
    assert str(err.value).startswith(message), str(err.value)


def test_a_missing_file_is_named(pack_dir: Path) -> None:
    (pack_dir / "workshop.toml").unlink()
    with pytest.raises(PackError, match=r"^workshop\.toml: missing from the pack at "):
        load_pack(pack_dir)


def test_a_missing_row_is_named(pack_dir: Path) -> None:
    edit(
        pack_dir,
        "components.toml",
        '{ id = "gold", label = "Gold"',
        '{ id = "gold", label = "Gold"'.replace("gold", "purple", 1),
    )
    with pytest.raises(PackError, match=r"duplicate id"):
        load_pack(pack_dir)


def test_too_few_tiles_for_two_players_is_refused(pack_dir: Path) -> None:
    text = (pack_dir / "workshop.toml").read_text(encoding="utf-8")
    (pack_dir / "workshop.toml").write_text(text.replace("three_plus = false", "three_plus = true"), encoding="utf-8")
    with pytest.raises(PackError, match=r"^workshop\.toml: tile: 0 tiles usable at 2 players for 12 sections"):
        load_pack(pack_dir)


def test_an_unchanged_copy_loads_with_the_same_fingerprint(pack_dir: Path) -> None:
    assert load_pack(pack_dir).fingerprint == load_pack().fingerprint
