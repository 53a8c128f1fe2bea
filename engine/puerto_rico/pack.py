"""The families of ``buildings.toml`` for :mod:`engine.core.datapack`, and the rules that tie
them together. The file's top level is the ``game`` family; ``[setup.N]`` are keyed by player
count; rows carry no ``source`` (citations are the file's ``[S]``/``[P]`` comments).
"""

from __future__ import annotations

from ..core.datapack import F, Family, Pack, Record, enum, flag, integer, items, table, text

FILE = "buildings.toml"
SETS = ("base", "new_buildings", "nobles")


def _counts(name: str, n_min: int = 1, n_max: int = 10, lo: int = 0, hi: int = 999) -> F:
    return items(name, "int", n_min, n_max, lo=lo, hi=hi, distinct=False)


FAMILIES: tuple[Family, ...] = (
    Family(
        "game",
        FILE,
        "",
        None,
        (
            integer("schema", 1, 1),
            items("goods", "str", 1, 10),
            _counts("price", hi=99),
            _counts("goods_supply"),
            _counts("plantations"),
            integer("quarries", 0, 99),
            integer("island_spaces", 1, 99),
            integer("city_spaces", 1, 99),
            integer("trading_house", 1, 20),
            _counts("factory_pay", 1, 12, hi=99),
            items("roles", "str", 1, 20),
        ),
        single=True,
    ),
    Family(
        "setup",
        FILE,
        "setup",
        None,
        (
            enum("players", ("2", "3", "4", "5")),
            integer("doubloons", 0, 99),
            items("start", "str", 1, 5, distinct=False),
            integer("colonists", 0, 999),
            integer("ship", 0, 99),
            integer("vp_chips", 0, 999),
            _counts("cargo_ships", 1, 5, lo=1, hi=99),
            items("roles", "str", 1, 20),
            integer("quarries", 0, 99),
            integer("remove_plantations", 0, 99),
            integer("remove_goods", 0, 99),
            _counts("choices", hi=4),
            enum("copies", ("two_player", "normal")),
        ),
        keyed=True,
        key="players",
    ),
    Family(
        "variants",
        FILE,
        "variants",
        None,
        (integer("corn_start_discount", 0, 9), _counts("five_choices", hi=1)),
        single=True,
    ),
    Family(
        "expansions",
        FILE,
        "expansions",
        None,
        (integer("nobles", 0, 99), table("slots", "int", lo=0, hi=99), items("restrictions", "list", 0, 20)),
        single=True,
    ),
    Family(
        "effects",
        FILE,
        "effects",
        None,
        (
            _counts("church_vp", 5, 5, hi=9),
            integer("zoning_colonist", 0, 9),
            integer("zoning_noble", 0, 9),
            integer("storehouse_barrels", 1, 9),
            integer("hunting_lodge_vp", 0, 9),
            _counts("cloister", 2, 10, hi=99),
            integer("forests_per_doubloon", 1, 9),
            integer("union_hall_pair", 1, 9),
            integer("small_wharf_goods_per_vp", 1, 9),
        ),
        single=True,
    ),
    Family(
        "building",
        FILE,
        "building",
        None,
        (
            text("id"),
            integer("cost", 0, 99),
            integer("vp", 0, 99),
            integer("column", 1, 4),
            integer("circles", 0, 9),
            _counts("copies", 2, 2, hi=99),
            text("produces", required=False),
            flag("large", required=False),
            enum("set", SETS, required=False),
            integer("variant_cost", 0, 99, required=False),
            flag("production_like", required=False),
        ),
    ),
)


def one(pack: Pack, family: str) -> Record:
    """The row of a single (or the first row of any) family."""
    row = pack.rows[family][0]
    assert isinstance(row, Record)
    return row


def records(pack: Pack, family: str) -> list[Record]:
    return [r for r in pack.rows[family] if isinstance(r, Record)]


def as_is(base: Pack) -> Pack:
    """Puerto Rico reads the core's rows directly (:mod:`.data` turns them into constants)."""
    return base


def check(pack: Pack) -> None:
    """Goods, roles, building slots and pairs, the 2-player alternation; raises PackError."""
    game = one(pack, "game")
    goods = game["goods"]
    for name in ("price", "goods_supply", "plantations"):
        if len(game[name]) != len(goods):
            pack.fail("game", game, name, f"needs one value per good ({len(goods)}), got {len(game[name])}")
    buildings = records(pack, "building")
    for b in buildings:
        if b.get("produces") is not None and b["produces"] not in goods:
            pack.fail("building", b, "produces", f"unknown good {b['produces']!r} (known: {', '.join(goods)})")
    for s in records(pack, "setup"):
        n = int(s["players"])
        if len(s["start"]) != n or any(t not in goods for t in s["start"]):
            pack.fail("setup", s, "start", f"must name {n} plantations (goods)")
        unknown = [r for r in s["roles"] if r not in game["roles"]]
        if unknown:
            pack.fail("setup", s, "roles", f"unknown role(s): {', '.join(unknown)}")
    _expansions(pack, buildings)
    variants = one(pack, "variants")
    if sorted(set(variants["five_choices"])) != [0, 1]:
        pack.fail("variants", variants, "five_choices", "must alternate seats 0 and 1")


def _expansions(pack: Pack, buildings: list[Record]) -> None:
    exp = one(pack, "expansions")
    for b in buildings:
        if b.get("produces") is None and str(b["cost"]) not in exp["slots"]:
            pack.fail("building", b, "cost", f"no building slot for cost {b['cost']} ([expansions] slots)")
    ids = {b["id"] for b in buildings}
    for pair in exp["restrictions"]:
        if len(pair) != 2 or any(not isinstance(i, str) or i not in ids for i in pair):
            pack.fail("expansions", exp, "restrictions", f"{pair!r} must name two buildings")
