"""Field specs of every family of a Red Cathedral data pack: which file and table holds it, each
field's type and range, and the row class it becomes. ``data/SCHEMA.md`` is the prose;
:mod:`engine.core.datapack` loads and validates a pack from these (families in load order).
"""

from __future__ import annotations

from ..core.datapack import F, Family, enum, flag, integer, items, table, text
from . import model as m

_i, _e = integer, enum
SLOT_KINDS = m.ORNAMENTS + ("banner",)
TILE_KINDS = ("resource", "die")

FAMILIES: tuple[Family, ...] = (
    Family(
        "material",
        "components.toml",
        "material",
        m.Material,
        (_e("id", m.MATERIALS), text("label"), _i("supply", 1, 99), flag("jewel")),
    ),
    Family("colour", "components.toml", "colour", m.Colour, (_e("id", m.DICE), text("label"), flag("player"))),
    Family(
        "ornament",
        "components.toml",
        "ornament",
        m.Ornament,
        (
            _e("id", m.ORNAMENTS),
            text("label"),
            _e("level", m.LEVELS),
            _e("material", m.MATERIALS),
            _i("per_player", 1, 4),
        ),
    ),
    Family(
        "rules",
        "components.toml",
        "rules",
        m.Rules,
        (
            _i("banners", 1, 12),
            _i("banners_in_inventory", 0, 12),
            _i("inventory", 1, 30),
            _i("deliveries", 1, 10),
            _i("market_spaces", 8, 8),
            _i("dice_per_space", 1, 5),
            _i("die_faces", 2, 12),
            _i("sell_rubles", 0, 10),
            _i("sections_to_end", 1, 12),
            _i("end_bonus", 0, 10),
            _i("leftovers_per_pp", 1, 20),
            _i("advanced_face_up_cost", 0, 10),
            _i("completed_value", 0, 10),
            _i("ornament_value", 0, 10),
            _i("jewel_one", 0, 10),
            _i("jewel_pair_same", 0, 10),
            _i("jewel_pair_mixed", 0, 10),
        ),
        single=True,
        key="",
    ),
    Family(
        "setup",
        "components.toml",
        "setup",
        m.Setup,
        (
            _i("players", 2, 4),
            items("rubles", "int", 2, 4, lo=0, hi=20, distinct=False),
            _i("towers", 1, 10),
            flag("three_plus_tiles"),
            _e("tower_rule", m.TOWER_RULES),
        ),
        key="players",
    ),
    Family(
        "track",
        "score.toml",
        "track",
        m.Track,
        (_i("lap", 10, 200), _i("prestige_per_lap", 1, 100), _i("start", 0, 20)),
        single=True,
        key="",
    ),
    Family(
        "prestige_space", "score.toml", "prestige", m.PrestigeSpace, (_i("pp", 1, 100), _i("space", 1, 200)), key="pp"
    ),
    Family(
        "resource_tile",
        "market.toml",
        "resource_tile",
        m.ResourceTile,
        (F("id", "str"), _e("item", m.ITEMS), _i("amount", 1, 10), flag("cross")),
    ),
    Family(
        "influence_card",
        "market.toml",
        "influence_card",
        m.InfluenceCard,
        (
            F("id", "str"),
            _e("group", m.GROUPS),
            _e("a_tag", m.TAGS),
            table("a_cost", "int", lo=1, hi=10),
            table("a_gain", "int", lo=1, hi=10),
            _e("b_tag", m.TAGS),
            table("b_cost", "int", lo=1, hi=10),
            table("b_gain", "int", lo=1, hi=10),
        ),
    ),
    Family(
        "section",
        "cathedral.toml",
        "section",
        m.Section,
        (
            F("id", "str"),
            _e("level", m.LEVELS),
            table("cost", "int", lo=1, hi=10),
            _i("rp", 0, 20),
            _i("rubles", 0, 10),
        ),
    ),
    Family(
        "plan",
        "cathedral.toml",
        "plan",
        m.Plan,
        (F("id", "str"), _i("players", 2, 4), items("middles", "int", 1, 10, lo=0, hi=6, distinct=False)),
    ),
    Family(
        "workshop_space",
        "workshop.toml",
        "basic",
        m.WorkshopSpace,
        (_e("slot", m.SLOTS), _e("colour", m.DICE), _i("cost", 0, 10)),
        key="slot",
    ),
    Family(
        "advanced_space",
        "workshop.toml",
        "advanced",
        m.AdvancedSpace,
        (_e("slot", m.SLOTS), _e("holds", SLOT_KINDS)),
        key="slot",
    ),
    Family(
        "workshop_tile",
        "workshop.toml",
        "tile",
        m.WorkshopTile,
        (
            F("id", "str"),
            _e("kind", TILE_KINDS),
            flag("three_plus"),
            _e("item", m.ITEMS, required=False),
            _i("amount", 1, 10, required=False),
            _e("die", m.DICE, required=False),
        ),
    ),
)
