"""The shipped data pack: complete, sourced from public texts, no provisional row, every value the
BGA help page and the open-source card data give; corrupted copies are refused with a message naming
the row and the field."""

from __future__ import annotations

import pytest
from lorenzo_helpers import copy_pack, edit

from engine.core.datapack import PackError
from engine.lorenzo.data import PACKS, SOURCES, SPEC
from engine.lorenzo.model import TYPES


@pytest.fixture
def pack():
    return PACKS.shipped()


def test_the_pack_holds_every_component_with_a_source_and_nothing_provisional(pack):
    assert len(pack.cards) == 96 and sorted(pack.cards) == list(range(1, 97))
    assert len(pack.leaders) == 20 and len(pack.excommunications) == 21
    assert sorted(pack.tiles) == ["a1", "a2", "a3", "a4", "standard"]
    assert sorted(pack.privileges) == ["coins", "faith", "military", "servants", "wood-stone"]
    assert pack.provisional_rows == 0
    parts = [p.strip() for rows in pack.rows.values() for r in rows for p in r.source.split(";")]
    assert parts and all(p.startswith(SOURCES) for p in parts)
    assert PACKS.notice(pack) == ""


def test_each_type_has_8_cards_per_period_numbered_as_printed(pack):
    for first, card_type in zip((1, 25, 49, 73), TYPES, strict=True):
        ids = range(first, first + 24)
        assert {pack.cards[i].type for i in ids} == {card_type}
        assert [pack.cards[i].period for i in ids] == [1] * 8 + [2] * 8 + [3] * 8


def test_tracks_and_constants_follow_the_rules(pack):
    rules = pack.rules
    assert rules.territory_mp == (0, 0, 3, 7, 12, 18)
    assert rules.faith_thresholds == (3, 4, 5)
    assert rules.faith_vp == (0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 22, 25, 30)
    assert rules.territory_vp[3:] == (1, 4, 10, 20) and rules.character_vp[1:] == (1, 3, 6, 10, 15, 21)
    assert rules.military_vp == (5, 2) and rules.resources_per_vp == 5 and rules.tower_tax == 3
    assert rules.start == {"w": 2, "s": 2, "sv": 3} and rules.start_coins == (5, 6, 7, 8)
    floors = [(s.value, s.reward) for s in pack.spaces.values() if s.tower == "yellow"]
    assert floors == [(1, {}), (3, {}), (5, {"mp": 1}), (7, {"mp": 2})]


def test_cards_the_peer_data_sets_disagree_on_take_the_majority_values(pack):
    """Where the seven open data sets disagree, the majority: Knight 2C, Stonemason 'or' (the card
    text), Patron −2C, Marketplace value 3, Garden 2Sv..."""
    cards = pack.cards
    assert cards[52].cost == {"c": 2}
    assert cards[50].perm_params["discount_one_of"] == ["w", "s"]
    assert cards[59].action_params["discount"] == {"c": 2}
    assert cards[33].prod_value == 3 and cards[33].gain == {"vp": 3}
    assert cards[43].cost == {"w": 4, "s": 2, "sv": 2} and cards[43].outputs == [{"get": {"vp": 3}}]
    assert cards[35].outputs[1] == {"pay": {"w": 3}, "get": {"vp": 7}}
    assert cards[7].harvest_value == 5 and cards[18].harvest == {"w": 2, "vp": 2}
    assert cards[11].gain == {"s": 1, "sv": 2} and cards[23].harvest == {"sv": 1, "mp": 3}
    assert cards[83].alt_cost == {} and cards[85].cost == {"sv": 2, "c": 3}
    assert cards[77].cost == {"need": 3, "mp": 2} and cards[95].cost == {"need": 15, "mp": 8}
    assert cards[46].outputs == [{"pay": {"w": 1}, "get": {"fp": 2}}, {"pay": {"s": 1}, "get": {"fp": 2}}]
    assert pack.leaders["L17"].requires == {"building": 3, "c": 12, "fp": 2}
    assert pack.leaders["L15"].requires == {"vp": 35}
    assert pack.privileges["faith"].gain == {"fp": 1}  # not the BGA help page's 2 FP


def test_no_fifth_advanced_tile(pack):
    assert [t.id for t in pack.tiles.values() if t.advanced] == ["a1", "a2", "a3", "a4"]


def test_a_copy_of_the_shipped_pack_loads_with_the_same_fingerprint(tmp_path, pack):
    assert PACKS.load(copy_pack(tmp_path)).fingerprint == pack.fingerprint


CORRUPTIONS = [
    ("card cost out of range", 'id = 52\nname = "Knight"', 'id = 52\nname = "Knight"\nend_vp = 200', r"end_vp"),
    ("unknown resource", "cost = { c = 7 }", "cost = { gold = 7 }", r"card row 67 \(id 67\): field 'cost'"),
    ("unknown effect", 'action = "vp_per_mp"', 'action = "vp_per_pope"', r"unknown effect id 'vp_per_pope'"),
    ("bad effect parameter", "action_params = { mp = 2, vp = 1 }", "action_params = { mp = 2 }", r"needs parameter"),
    ("character paying wood", "cost = { c = 7 }", "cost = { w = 7 }", r"a character costs coins only"),
    (
        "territory with a cost",
        "harvest_value = 1\nharvest = { c = 1 }",
        "cost = { c = 1 }\nharvest_value = 1\nharvest = { c = 1 }",
        r"has no cost",
    ),
    (
        "missing source",
        'end_vp = 10\nsource = "open-source card data"',
        "end_vp = 10",
        r"every row must name its source",
    ),
    (
        "card renumbered",
        'id = 96\nname = "Support to the Pope"',
        'id = 97\nname = "Support to the Pope"',
        r"printed numbers",
    ),
    (
        "card moved to period 2",
        'type = "venture"\nperiod = 3\ncost = { c = 8 }',
        'type = "venture"\nperiod = 2\ncost = { c = 8 }',
        r"8 venture cards of period 2",
    ),
    (
        "short territory slot table",
        "territory_mp = [0, 0, 3, 7, 12, 18]",
        "territory_mp = [0, 0, 3, 7, 12]",
        r"'territory_mp': must have 6 values",
    ),
    ("duplicate leader key", 'key = "cosimo"', 'key = "colleoni"', r"keys must be distinct"),
    (
        "unknown provenance prefix",
        'source = "open-source card data"\n\n[[bonus_tile]]\nid = "a1"',
        'source = "wiki"\n\n[[bonus_tile]]\nid = "a1"',
        r"must start with BGA Lorenzo help page, open-source card data, ",
    ),
]


@pytest.mark.parametrize(("name", "old", "new", "expected"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_corrupted_pack_is_refused_naming_row_and_field(tmp_path, name, old, new, expected):
    pack_dir = copy_pack(tmp_path)
    edit(pack_dir, old, new)
    with pytest.raises(PackError, match=expected):
        PACKS.load(pack_dir)


def test_a_missing_file_is_refused(tmp_path):
    pack_dir = copy_pack(tmp_path)
    (pack_dir / "lorenzo.toml").unlink()
    with pytest.raises(PackError, match=r"lorenzo\.toml: missing"):
        PACKS.load(pack_dir)


def test_the_spec_needs_no_meta_file():
    assert SPEC.meta_file is None and SPEC.name == "lorenzo-base"
