"""The shipped data pack: what it holds, where each value comes from, and what is provisional
(issue 15 "Data pack"): every row names public texts, and a value none gives is provisional."""

from __future__ import annotations

from collections import Counter
from itertools import product

from engine.core.datapack import describe, notice
from engine.red_cathedral import model as m
from engine.red_cathedral.data import PACKS, SOURCES, load_pack


def test_the_shipped_pack_holds_every_component_the_sources_count() -> None:
    pack = load_pack()
    assert Counter(s.level for s in pack.sections.values()) == {"base": 10, "middle": 20, "dome": 10}
    assert Counter(p.players for p in pack.plans.values()) == {2: 3, 3: 3, 4: 3}
    assert len(pack.tiles) == 28 and len(pack.resource_tiles) == 8 and len(pack.prestige) == 40
    assert {m.id: m.supply for m in pack.materials.values()} == {
        "lumber": 20,
        "brick": 20,
        "stone": 20,
        "gold": 15,
        "green": 10,
        "purple": 10,
    }
    assert sum(pack.materials[k].supply for k in m.MATERIALS) == 95
    assert {o.id: o.per_player for o in pack.ornaments.values()} == {"door": 1, "arch": 2, "cross": 1}
    assert [s.rubles for s in pack.setups.values()] == [(3, 4), (3, 4, 4), (3, 4, 4, 5)]
    assert [s.towers for s in pack.setups.values()] == [4, 5, 6]


def test_the_rule_constants_are_the_teaching_scripts() -> None:
    rules = load_pack().rules
    assert (rules.banners, rules.deliveries, rules.dice_per_space, rules.sell_rubles) == (6, 3, 3, 2)
    assert (rules.end_bonus, rules.leftovers_per_pp, rules.advanced_face_up_cost) == (3, 5, 3)
    assert (rules.jewel_one, rules.jewel_pair_same, rules.jewel_pair_mixed) == (1, 2, 3)
    assert not rules.provisional and rules.source.startswith("Red Cathedral teaching script (Bodoge)")


def test_published_values_are_not_provisional_and_the_rest_say_why() -> None:
    pack = load_pack()
    assert pack.prestige[:2] == (5, 9)
    first_two = [r for r in pack.rows["prestige_space"] if r.pp <= 2]  # type: ignore[attr-defined]
    assert all(not r.provisional and "minarinbg.com" in r.source for r in first_two)
    lumber = pack.resource_tiles["rt-lumber"]
    assert (lumber.amount, lumber.provisional) == (2, False)
    assert pack.resource_tiles["rt-rp"].cross and pack.resource_tiles["rt-rp"].provisional_fields == ("amount",)
    for rows in pack.rows.values():
        for row in rows:
            parts = [p.strip() for p in row.source.split(";")]
            assert all(p.startswith(SOURCES) for p in parts), row
            if any(p.startswith("no public source") for p in parts):
                assert row.provisional, row  # a value no text gives is never shown as printed
            assert not row.provisional or row.why, row


def test_provisional_counts_per_family() -> None:
    pack = load_pack()
    provisional = {name: sum(r.provisional for r in rows) for name, rows in pack.rows.items()}
    assert provisional == {
        "material": 0,
        "colour": 0,
        "ornament": 0,
        "rules": 0,
        "setup": 0,
        "track": 0,
        "prestige_space": 38,
        "resource_tile": 7,
        "influence_card": 12,
        "section": 40,
        "plan": 9,
        "workshop_space": 6,
        "advanced_space": 6,
        "workshop_tile": 28,
    }
    assert (pack.provisional_rows, pack.total_rows) == (146, 168)


def test_the_notice_names_the_provisional_rows() -> None:
    pack = load_pack()
    assert notice(pack) == "Card values partly provisional (146 of 168 rows)."
    assert describe(pack).startswith("The Red Cathedral (Devir 2020), shipped pack")


def test_the_pack_is_loaded_once_and_known_by_fingerprint() -> None:
    pack = PACKS.shipped()
    assert PACKS.by_fingerprint(pack.fingerprint) is pack
    assert len(pack.fingerprint) == 16


def test_any_draw_of_four_influence_cards_can_absorb_every_material() -> None:
    """Not a rule: the provisional cards are chosen so, so that a full inventory of unwanted
    materials never locks a player out for good."""
    pack = load_pack()
    decks = [[c for c in pack.influence.values() if c.group == g] for g in m.GROUPS]
    for draw in product(*decks):
        taken = {k for card in draw for which in (1, 2) for k in card.action(which)[1]}
        assert taken >= set(m.MATERIALS), [c.id for c in draw]
