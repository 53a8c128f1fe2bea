"""Field specs of every family of a Lisboa data pack: which file and table holds it, each
field's type and range, and the dataclass its rows become. ``data/SCHEMA.md`` is the prose;
:mod:`engine.core.datapack` loads and validates a pack from these.

Families are listed in load order: a ``ref`` field may only name a family loaded before it.
"""

from __future__ import annotations

from ..core.datapack import F, Family, effect, enum, integer, items, ref
from . import effects as fx
from . import model as m

NOBLE_IDS = ("maia", "marquis", "king")
CARD_KINDS = NOBLE_IDS + ("treasury",)
SIZES = ("large", "small")
COUNT_IDS = (
    "political_cards",
    "ship_cards",
    "decrees",
    "public_buildings",
    "city_tiles_large",
    "city_tiles_small",
    "scoring_tiles",
    "plans",
    "starting_plans",
    "royal_favors",
    "clergy_tiles",
    "rubble",
    "goods_tokens",
    "reis_tokens",
)
SCORING_STEPS = ("ships", "rubble", "stores", "reis", "decrees", "officials", "favors")
TIE_BREAKS = ("rubble_sets", "stores", "completed_plans", "reis")
_i, _e, _r, _l, _fx = integer, enum, ref, items, effect  # short names keep the table below readable

ID = F("id", "str")
BONUS = _fx("bonus", fx.BOARD_BONUSES)

FAMILIES: tuple[Family, ...] = (
    Family("count", "components.toml", "count", m.Count, (_e("id", COUNT_IDS), _i("total", 0, 1000))),
    Family(
        "good",
        "components.toml",
        "good",
        m.Good,
        (ID, F("colour", "str"), F("token_colour", "str"), _i("start_price", 0, 30), _i("tokens", 0, 100)),
    ),
    Family(
        "rubble",
        "components.toml",
        "rubble",
        m.Rubble,
        (ID, F("colour", "str"), _i("land_cost", 0, 10), _i("cubes", 0, 100)),
    ),
    Family(
        "noble",
        "components.toml",
        "noble",
        m.Noble,
        (
            _e("id", NOBLE_IDS),
            _i("order", 1, 3),
            _r("wants", "good"),
            _l("state_actions", "enum", 2, 2, choices=fx.STATE_ACTIONS),
            _e("noble_action", fx.NOBLE_ACTIONS),
            _i("favor_tiles", 0, 10),
            _i("office_spaces", 1, 20),
        ),
    ),
    Family(
        "influence_track",
        "tracks.toml",
        "influence_track",
        m.InfluenceTrack,
        (
            _i("max", 1, 20),
            _i("wig_at_max", 0, 5),
            _l("reis_icons", "int", 0, 20, lo=0, hi=19),
            _i("reis_total", 0, 20),
        ),
        single=True,
    ),
    Family(
        "price_track",
        "tracks.toml",
        "price_track",
        m.PriceTrack,
        (_l("values", "int", 2, 30, lo=0, hi=30),),
        single=True,
    ),
    Family("treasury_track", "tracks.toml", "treasury_track", m.TreasuryTrack, (_i("start", 0, 40),), single=True),
    Family(
        "treasury_space",
        "tracks.toml",
        "treasury_space",
        m.TreasurySpace,
        (_i("left", -10, 10), _i("right", 0, 30)),
        key="",
    ),
    Family(
        "player",
        "player.toml",
        "player",
        m.PlayerStart,
        (
            _i("reis", 0, 100),
            _i("wigs", 0, 100),
            _i("goods_each", 0, 5),
            _l("influence_by_seat", "int", 1, 6, lo=0, hi=20),
            _i("officials", 1, 20),
            _r("start_office", "noble"),
            _i("officials_in_start_office", 0, 8),
            _i("houses", 1, 20),
            _i("set_markers", 1, 10),
            _i("hand", 1, 10),
            _i("clergy_draw", 1, 5),
            _i("clergy_keep", 1, 5),
            _i("favor_draw", 0, 3),
            _i("warehouse_base", 0, 10),
            _i("portfolio_base", 0, 10),
            _i("portfolio_top", 1, 6),
            _i("portfolio_bottom", 1, 6),
            _i("rubble_per_colour", 1, 10),
            _i("clergy_max", 1, 10),
            _i("favors_per_noble", 1, 3),
        ),
        single=True,
    ),
    Family(
        "store_group",
        "player.toml",
        "store_group",
        m.StoreGroupSpace,
        (
            ID,
            _e("group", ("left", "middle", "right")),
            _i("house", 1, 5),
            _fx("ability", fx.STORE_GROUP_ABILITIES, required=False),
        ),
    ),
    Family(
        "majority",
        "scoring.toml",
        "majority",
        m.Majority,
        (
            ID,
            _e("counts", ("stores", "officials")),
            _r("good", "good", required=False),
            _l("ranks", "int", 1, 6, lo=0, hi=50),
        ),
    ),
    Family(
        "final_scoring",
        "scoring.toml",
        "final_scoring",
        m.FinalScoring,
        (
            _l("order", "enum", 7, 7, choices=SCORING_STEPS),
            _l("tie_break", "enum", 0, 4, choices=TIE_BREAKS),
            _i("rubble_set_wigs", 0, 10),
            _i("favor_wigs", 0, 10),
            _i("reis_per_wig", 1, 20),
        ),
        single=True,
    ),
    Family("row", "city.toml", "row", m.MapRow, (ID, _i("rubble_slots", 0, 6))),
    Family(
        "column",
        "city.toml",
        "column",
        m.MapColumn,
        (
            _i("id", 1, 9),
            _e("size", SIZES),
            _i("rubble_slots", 0, 6),
            _i("score_space", 1, 9, False),
            _i("score_fixed", 0, 10, False),
        ),
    ),
    Family(
        "street",
        "city.toml",
        "street",
        m.Street,
        (ID, _r("type", "good"), _l("columns", "ref", 1, 2, ref="column"), F("top_site", "str")),
    ),
    Family(
        "lot",
        "city.toml",
        "lot",
        m.Lot,
        (
            ID,
            _r("row", "row"),
            _r("column", "column"),
            _e("size", SIZES),
            _l("streets", "ref", 1, 2, ref="street"),
            BONUS,
        ),
    ),
    Family(
        "site",
        "city.toml",
        "site",
        m.Site,
        (ID, _e("side", fx.SIDES), _r("row", "row", False), _r("street", "street", False), _i("rubble", 0, 5), BONUS),
    ),
    Family(
        "tile_display", "city.toml", "tile_display", m.TileDisplaySpace, (ID, _r("type", "good"), _e("size", SIZES))
    ),
    Family("scoring_tile", "city.toml", "scoring_tile", m.ScoringTile, (ID, _i("value", 0, 10))),
    Family(
        "church_tile_space", "church.toml", "tile_space", m.ChurchTileSpace, (ID, _l("adjacent_paths", "str", 1, 6))
    ),
    Family(
        "church_path",
        "church.toml",
        "path_space",
        m.ChurchPath,
        (
            ID,
            _l("icons", "enum", 0, 2, choices=("influence", "treasury")),
            _l("adjacent_tiles", "ref", 1, 2, ref="church_tile_space"),
        ),
    ),
    Family("church", "church.toml", "church", m.ChurchTrack, (_r("cardinal_start", "church_path"),), single=True),
    Family(
        "deck",
        "political_cards.toml",
        "deck",
        m.Deck,
        (
            _e("id", ("blue", "red", "purple", "brown")),
            _i("era", 1, 2),
            _e("use", ("start_hand", "display", "refill")),
            F("years", "str"),
            _i("cards", 0, 82),
            _i("per_kind", 1, 20, False),
        ),
    ),
    Family(
        "card",
        "political_cards.toml",
        "card",
        m.PoliticalCard,
        (
            ID,
            _r("deck", "deck"),
            _e("kind", CARD_KINDS),
            _i("printed_no", 1, 999, False),
            _i("influence", 0, 10, False),
            _fx("bottom", fx.NOBLE_BOTTOMS, False),
            _fx("centre", fx.TREASURY_CENTRES, False),
            _fx("permanent", fx.TREASURY_PERMANENTS, False),
        ),
    ),
    Family(
        "decree",
        "decrees.toml",
        "decree",
        m.Decree,
        (ID, _fx("type", fx.DECREE_TYPES, params_field="params"), _i("wigs", 0, 10), F("two_player", "bool")),
    ),
    Family(
        "clergy", "clergy.toml", "tile", m.ClergyTile, (ID, _fx("effect", fx.CLERGY_EFFECTS), _i("back_wigs", 0, 10))
    ),
    Family(
        "ship",
        "ships.toml",
        "ship",
        m.ShipType,
        (
            ID,
            _i("hull", 1, 6),
            _i("era", 1, 2),
            _e("yard", ("top", "bottom")),
            _i("copies", 0, 6),
            _i("sale_bonus", 0, 6),
            _i("influence", 0, 10),
            _i("treasury_step", -1, 1),
        ),
    ),
    Family(
        "plan",
        "plans.toml",
        "plan",
        m.Plan,
        (ID, _e("colour", fx.ARCHITECTS), _i("officials", 0, 10), F("starting", "bool")),
    ),
    Family(
        "building",
        "public_buildings.toml",
        "building",
        m.PublicBuilding,
        (ID, _l("blue", "ref", 1, 4, ref="good"), _l("green", "ref", 1, 4, ref="good")),
    ),
    Family(
        "setup",
        "setup.toml",
        "setup",
        m.SetupCommon,
        (
            _i("decree_display", 1, 20),
            _l("display_order", "enum", 4, 4, choices=CARD_KINDS),
            _i("site_rubble", 0, 5),
            _i("spare_rubble", 0, 20),
            _i("blue_per_player", 1, 10),
        ),
        single=True,
    ),
    Family(
        "player_count",
        "setup.toml",
        "player_count",
        m.PlayerCount,
        (
            _i("players", 2, 4),
            _i("favors_per_noble", 1, 4),
            _i("ships_per_colour", 1, 6),
            _l("covered_rows", "ref", 0, 5, ref="row"),
            _i("dummy_officials_per_office", 0, 3),
            F("remove_two_player_decrees", "bool"),
            _l("ranks_paid", "int", 1, 3, lo=1, hi=3),
            _i("rubble_placed", 0, 100),
        ),
        key="players",
    ),
)
