"""The shipped data pack: it loads, its counts match the rules, every value the public texts give
(the rulebook, the Bodoge rules summary) is in it, and every value no source gives is marked
provisional with a reason. Expected values are typed in from the rules, independently of the
TOML files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from engine.lisboa import provenance
from engine.lisboa.data import DATA_DIR, SOURCES, default_pack, load_pack, provenance_notice, provenance_summary
from engine.lisboa.effects import CLERGY_EFFECTS, DECREE_TYPES, REGISTRY
from engine.lisboa.schema import FAMILIES


def test_shipped_pack_loads_once_and_is_stable(pack):
    assert default_pack() is pack
    again = load_pack(DATA_DIR)
    assert again.fingerprint == pack.fingerprint
    assert re.fullmatch(r"[0-9a-f]{16}", pack.fingerprint)


def test_political_cards_by_deck_and_stack(pack):  # rulebook p. 4, p. 7
    assert len(pack.cards) == 82
    decks = Counter(c.deck for c in pack.cards.values())
    assert decks["red"] == decks["brown"] == 20
    assert decks["blue"] + decks["purple"] == 42
    for deck in ("red", "brown"):
        kinds = Counter(c.kind for c in pack.cards.values() if c.deck == deck)
        assert kinds == {"maia": 5, "marquis": 5, "king": 5, "treasury": 5}
    assert {d.id: d.era for d in pack.decks.values()} == {"blue": 1, "red": 1, "purple": 2, "brown": 2}
    assert decks["blue"] >= 20 and decks["purple"] >= 20  # 5 each for 4 players


def test_component_counts(pack):  # rulebook p. 4, pp. 6-7
    assert len(pack.decrees) == 70
    assert set(d.type for d in pack.decrees.values()) == set(DECREE_TYPES) and len(DECREE_TYPES) == 23
    assert len(pack.clergy) == 37
    assert sorted(t.effect for t in pack.clergy.values()) == sorted(CLERGY_EFFECTS)
    assert sum(s.copies for s in pack.ships.values()) == 12
    assert {s.id: s.copies for s in pack.ships.values()} == {"blue": 3, "red": 3, "purple": 3, "brown": 3}
    assert len(pack.plans) == 20 and sum(p.starting for p in pack.plans.values()) == 4
    assert len(pack.buildings) == 16 and len(pack.scoring_tiles) == 4
    assert sum(n.favor_tiles for n in pack.nobles.values()) == 12
    assert sum(r.cubes for r in pack.rubble.values()) == 63
    assert pack.count("city_tiles_large") == 22 and pack.count("city_tiles_small") == 5
    assert sum(g.tokens for g in pack.goods.values()) == 68


def test_city_map_geometry(pack):  # rulebook pp. 6-7; the Gaming Rules! video
    assert list(pack.map_rows) == ["A", "B", "C", "D", "E"]
    assert list(pack.columns) == [1, 2, 3, 4, 5]
    assert len(pack.lots) == 25
    assert Counter(lot.size for lot in pack.lots.values()) == {"large": 20, "small": 5}
    assert all(lot.size == "small" for lot in pack.lots.values() if lot.column == 5)
    assert len(pack.streets) == 4
    sides = Counter(s.side for s in pack.sites.values())
    assert sides == {"left": 5, "right": 5, "top": 4}
    assert all(s.rubble == 2 for s in pack.sites.values())
    assert sum(r.rubble_slots for r in pack.map_rows.values()) == 15
    assert [c.rubble_slots for c in pack.columns.values()] == [3, 3, 3, 3, 2]
    assert pack.setup.spare_rubble == 6
    assert 15 + 14 + 28 + 6 == 63


def test_values_the_sources_give(pack):
    g = pack.goods
    assert {k: v.start_price for k, v in g.items()} == {
        "gold": 6,
        "books": 5,
        "cloth": 5,
        "tools": 4,
    }  # the Bodoge summary
    assert {k: v.land_cost for k, v in pack.rubble.items()} == {"earthquake": 3, "fire": 2, "tsunami": 1}
    ranks = {m.good or m.id: list(m.ranks) for m in pack.majorities.values()}
    assert ranks == {
        "gold": [3, 2, 1],
        "tools": [6, 3, 1],
        "books": [9, 6, 3],
        "cloth": [9, 6, 3],
        "officials": [15, 10, 5],
    }
    assert {n.id: n.wants for n in pack.nobles.values()} == {"maia": "tools", "marquis": "books", "king": "cloth"}
    assert {n.id: n.noble_action for n in pack.nobles.values()} == {
        "maia": "build_store",
        "marquis": "take_decree",
        "king": "open_public_building",
    }
    assert {n.id: set(n.state_actions) for n in pack.nobles.values()} == {
        "maia": {"hire_officials", "obtain_plan"},
        "marquis": {"build_ship", "produce_goods"},
        "king": {"meet_cardinal", "royal_favor"},
    }
    ships = {s.id: (s.hull, s.era, s.yard, s.treasury_step) for s in pack.ships.values()}
    assert ships == {
        "blue": (1, 1, "top", 1),
        "red": (2, 1, "bottom", 1),
        "purple": (3, 2, "top", 1),
        "brown": (4, 2, "bottom", 1),
    }
    assert pack.ships["red"].sale_bonus == 1 and pack.ships["purple"].sale_bonus == 2  # rulebook p. 11
    assert {t.value for t in pack.scoring_tiles.values()} >= {3, 4}
    assert {(p.colour, p.officials) for p in pack.plans.values()} >= {("blue", 2), ("blue", 3)}
    assert pack.treasury_spaces[pack.treasury.start].right == 3
    assert any(s.left < 0 for s in pack.treasury_spaces) and any(s.left == 1 for s in pack.treasury_spaces)
    assert any(s.right == 5 for s in pack.treasury_spaces)
    assert pack.influence.max == 10 and pack.influence.wig_at_max == 1 and pack.influence.reis_total == 6
    p = pack.player
    assert (p.reis, p.wigs, p.goods_each, p.officials, p.houses, p.set_markers, p.hand) == (10, 5, 1, 8, 8, 5, 5)
    assert list(p.influence_by_seat) == [4, 5, 6, 7]
    assert (p.start_office, p.officials_in_start_office, p.clergy_draw, p.clergy_keep) == ("marquis", 1, 2, 1)
    assert (p.warehouse_base, p.portfolio_base, p.portfolio_top, p.portfolio_bottom) == (2, 2, 3, 3)
    assert (p.rubble_per_colour, p.clergy_max, p.favors_per_noble) == (5, 4, 1)
    abilities = {s.id: s.ability for s in pack.store_groups.values()}
    assert abilities == {
        "L1": None,
        "L2": "SG-L2",
        "M1": "SG-M1",
        "M2": None,
        "M3": "SG-M3",
        "R1": "SG-R1",
        "R2": None,
        "R3": "SG-R3",
    }
    fs = pack.final_scoring
    assert list(fs.order) == ["ships", "rubble", "stores", "reis", "decrees", "officials", "favors"]
    assert list(fs.tie_break) == ["rubble_sets", "stores", "completed_plans", "reis"]
    assert (fs.rubble_set_wigs, fs.favor_wigs, fs.reis_per_wig) == (3, 2, 5)
    assert list(pack.setup.display_order) == ["maia", "marquis", "king", "treasury"]
    assert pack.setup.decree_display == 8
    example_cards = {(c.kind, c.influence, c.bottom) for c in pack.cards.values()}
    assert ("maia", 3, "NB-09") in example_cards  # rulebook p. 10
    assert any(c.influence == 5 and c.bottom == "NB-01" for c in pack.cards.values())  # rulebook p. 10
    assert any(c.permanent == "TP-03" and c.permanent_params == {"n": 1} for c in pack.cards.values())
    assert any(d.type == "DC-01" and d.params == {"architect": "blue"} and d.wigs == 1 for d in pack.decrees.values())


@pytest.mark.parametrize(
    "n,favors,ships,covered,dummies,ranks,placed",
    [(2, 2, 1, ["E"], 1, [1, 3], 56), (3, 3, 2, [], 0, [1, 2, 3], 63), (4, 4, 3, [], 0, [1, 2, 3], 63)],
)
def test_setup_tables_by_player_count(
    pack, n, favors, ships, covered, dummies, ranks, placed
):  # rulebook pp. 5-7, 2-player rules
    pc = pack.player_counts[n]
    assert (pc.favors_per_noble, pc.ships_per_colour, list(pc.covered_rows)) == (favors, ships, covered)
    assert (pc.dummy_officials_per_office, list(pc.ranks_paid), pc.rubble_placed) == (dummies, ranks, placed)
    assert pc.remove_two_player_decrees is (n == 2)


def test_rule_constraints_hold(pack):
    for era in (1, 2):
        nobles = [c for c in pack.cards.values() if c.is_noble and pack.decks[c.deck].era == era]
        penalty = [c.influence for c in nobles if REGISTRY[c.bottom].penalty]
        others = [c.influence for c in nobles if not REGISTRY[c.bottom].penalty]
        assert penalty and min(penalty) > max(others)  # rulebook p. 10
    row_e = [d for d in pack.decrees.values() if d.params.get("row") == "E"]
    assert row_e and all(d.two_player for d in row_e)
    assert sum(d.two_player for d in pack.decrees.values()) == len(row_e)


def test_every_row_names_a_public_source_and_provisional_rows_say_why(pack):
    for family, rows in pack.rows.items():
        for row in rows:
            parts = [p.strip() for p in row.source.split(";")]
            assert all(p.startswith(SOURCES) for p in parts), (family, row)
            if any(p.startswith("no public source") for p in parts):
                assert row.provisional, (family, row)  # a value no text gives is never shown as printed
            if row.provisional:
                assert len(row.why) > 10, (family, row)
            else:
                assert not row.provisional_fields and not row.why, (family, row)


@pytest.mark.parametrize(
    "family",
    [
        "card",
        "decree",
        "clergy",
        "lot",
        "site",
        "church_path",
        "church_tile_space",
        "building",
        "plan",
        "ship",
        "treasury_space",
        "street",
        "rubble",
        "noble",
    ],
)
def test_families_no_source_prints_are_all_provisional(pack, family):
    assert all(r.provisional for r in pack.rows[family])


@pytest.mark.parametrize(
    "family",
    [
        "count",
        "good",
        "majority",
        "store_group",
        "player",
        "final_scoring",
        "setup",
        "player_count",
        "row",
        "tile_display",
        "church",
    ],
)
def test_families_the_sources_give_are_not_provisional(pack, family):
    assert not any(r.provisional for r in pack.rows[family])


def test_provenance_summary(pack):
    text = provenance_summary(pack)
    for fam in FAMILIES:
        assert re.search(rf"^{fam.name}\s+{len(pack.rows[fam.name])}\s", text, re.M), fam.name
    total = sum(len(r) for r in pack.rows.values())
    assert re.search(rf"^total\s+{total}\s+{pack.provisional_rows}\s", text, re.M)
    assert "Card values partly provisional" in text
    assert pack.fingerprint in text


def test_provenance_notice(pack):
    assert provenance_notice(pack) == f"Card values partly provisional ({pack.provisional_rows} of 368 rows)."


def test_provenance_cli(capsys, pack_dir):
    assert provenance.main([]) == 0
    assert "Card values partly provisional" in capsys.readouterr().out
    assert provenance.main(["--pack", str(pack_dir)]) == 0
    (pack_dir / "ships.toml").unlink()
    assert provenance.main(["--pack", str(pack_dir)]) == 1
    assert "ships.toml: missing from the pack" in capsys.readouterr().err


def test_schema_doc_names_every_table_and_field():
    doc = (DATA_DIR / "SCHEMA.md").read_text(encoding="utf-8")
    for fam in FAMILIES:
        assert f"## {fam.file}" in doc, fam.file
        assert f"`{fam.table}`" in doc or f"`[{fam.table}]`" in doc, fam.table
        for f in fam.fields:
            assert f"`{f.name}`" in doc, (fam.name, f.name)


def test_alternative_pack_from_a_path(pack, pack_dir: Path):
    """A server owner's transcription: same files, same validation, its own fingerprint."""
    text = (pack_dir / "ships.toml").read_text(encoding="utf-8")
    old = (
        '{ id = "brown", hull = 4, era = 2, yard = "bottom", copies = 3, sale_bonus = 3, influence = 4, '
        'treasury_step = 1, source = "Lisboa rulebook p. 22", provisional = true, provisional_fields = ["sale_bonus", '
        '"influence"], why = "sale bonus and influence not in any source; '
        'hull - 1 and hull, like the known ships" }'
    )
    new = (
        '{ id = "brown", hull = 4, era = 2, yard = "bottom", copies = 3, sale_bonus = 2, influence = 5, '
        'treasury_step = 1, source = "printed component (read off my copy)" }'
    )
    assert old in text
    (pack_dir / "ships.toml").write_text(text.replace(old, new), encoding="utf-8")
    mine = load_pack(pack_dir)
    assert mine.ships["brown"].influence == 5 and not mine.ships["brown"].provisional
    assert mine.provisional_rows == pack.provisional_rows - 1
    assert mine.fingerprint != pack.fingerprint and mine.path == str(pack_dir)
