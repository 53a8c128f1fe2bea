"""The families of the Lorenzo data pack: one TOML file (``data/lorenzo.toml``), one table each,
with every field's kind and range. :mod:`engine.core.datapack` loads and validates rows from these;
:mod:`.data` adds the checks that tie rows together."""

from __future__ import annotations

from ..core.datapack import F, Family, effect, enum, flag, integer, items, table, text
from . import effects as fx
from . import model as m

FILE = "lorenzo.toml"
BUNDLE_MAX = 99


def _bundle(name: str, required: bool = False) -> F:
    return table(name, "int", lo=1, hi=BUNDLE_MAX, required=required)


def _ints(name: str, n_min: int, n_max: int, hi: int = 99) -> F:
    return items(name, "int", n_min, n_max, lo=0, hi=hi, distinct=False)


RULES = Family(
    "rules",
    FILE,
    "rules",
    m.Rules,
    (
        integer("players_min", 1, 9),
        integer("players_max", 1, 9),
        integer("rounds", 1, 20),
        integer("rounds_per_period", 1, 10),
        integer("laps", 1, 10),
        integer("cards_per_tower", 1, 10),
        integer("tower_tax", 0, 20),
        integer("card_limit", 1, 20),
        _ints("territory_mp", 1, 20),
        _ints("faith_thresholds", 1, 10),
        _ints("faith_vp", 1, 40),
        _ints("territory_vp", 1, 21),
        _ints("character_vp", 1, 21),
        _ints("military_vp", 1, 4),
        integer("resources_per_vp", 1, 20),
        _bundle("start", required=True),
        _ints("start_coins", 1, 9),
        integer("tile_value", 0, 10),
        integer("leaders_per_player", 0, 10),
    ),
    single=True,
    key="",
)
TOWER = Family("tower", FILE, "tower", m.Tower, (enum("id", m.TOWERS), enum("type", m.TYPES)))
SPACE = Family(
    "space",
    FILE,
    "space",
    m.Space,
    (
        text("id"),
        enum("area", m.AREAS),
        integer("value", 0, 20),
        enum("tower", m.TOWERS, required=False),
        integer("floor", 1, 4, required=False),
        _bundle("reward"),
        integer("penalty", 0, 10, required=False),
        integer("capacity", 0, 10, required=False),
        integer("players", 1, 9, required=False),
    ),
)
PRIVILEGE = Family("privilege", FILE, "privilege", m.Privilege, (text("id"), _bundle("gain", required=True)))
BONUS_TILE = Family(
    "bonus_tile",
    FILE,
    "bonus_tile",
    m.BonusTile,
    (text("id"), flag("advanced"), _bundle("production", required=True), _bundle("harvest", required=True)),
)
EXCOMMUNICATION = Family(
    "excommunication",
    FILE,
    "excommunication",
    m.Excommunication,
    (text("id"), integer("period", 1, 3), effect("effect", tuple(fx.EXCOMMUNICATIONS))),
)
LEADER = Family(
    "leader",
    FILE,
    "leader",
    m.Leader,
    (
        text("id"),
        text("key"),
        text("name"),
        _bundle("requires", required=True),
        flag("once_per_round"),
        effect("ability", tuple(fx.ABILITIES)),
    ),
)
CARD = Family(
    "card",
    FILE,
    "card",
    m.Card,
    (
        integer("id", 1, 999),
        text("name"),
        text("italian"),
        enum("type", m.TYPES),
        integer("period", 1, 3),
        _bundle("cost"),
        _bundle("alt_cost"),
        _bundle("gain"),
        effect("action", tuple(fx.CARD_ACTIONS), required=False),
        integer("harvest_value", 0, 20, required=False),
        _bundle("harvest"),
        integer("prod_value", 0, 20, required=False),
        effect("prod", tuple(fx.PRODUCTION), required=False),
        effect("perm", tuple(fx.PERMANENTS), required=False),
        integer("end_vp", 0, 99, required=False),
    ),
)
FAMILIES = (RULES, TOWER, SPACE, PRIVILEGE, BONUS_TILE, EXCOMMUNICATION, LEADER, CARD)
