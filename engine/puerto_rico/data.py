"""Loads and validates ``buildings.toml`` once; everything else reads these constants."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("buildings.toml")
SETS = ("base", "new_buildings", "nobles")


@dataclass(frozen=True)
class Building:
    id: str
    cost: int
    vp: int
    column: int
    circles: int
    copies: int
    copies_two_player: int
    produces: str | None
    large: bool
    set: str = "base"
    variant_cost: int | None = None
    production_like: bool = False

    @property
    def spaces(self) -> int:
        return 2 if self.large else 1

    @property
    def drafted(self) -> bool:
        """Non-production buildings (and the Jeweler) are chosen for an expansion game;
        production buildings are always in play [P]."""
        return self.produces is None


def _building(row: dict[str, Any], goods: list[str]) -> Building:
    where = f"building {row.get('id', '?')!r} in {DATA_FILE.name}"
    for key in ("id", "cost", "vp", "column", "circles", "copies"):
        if key not in row:
            raise ValueError(f"{where}: missing field {key!r}")
    produces = row.get("produces")
    if produces is not None and produces not in goods:
        raise ValueError(f"{where}: produces unknown good {produces!r}")
    if not 1 <= row["column"] <= 4 or row["cost"] < 0 or row["circles"] < 0:
        raise ValueError(f"{where}: column/cost/circles out of range")
    if row.get("set", "base") not in SETS:
        raise ValueError(f"{where}: unknown set {row['set']!r}")
    variant = row.get("variant_cost")
    if variant is not None and (not isinstance(variant, int) or variant < 0):
        raise ValueError(f"{where}: variant_cost must be a cost")
    return Building(row["id"], row["cost"], row["vp"], row["column"], row["circles"],
                    row["copies"][0], row["copies"][1], produces, bool(row.get("large", False)),
                    row.get("set", "base"), variant, bool(row.get("production_like", False)))


def _check_expansions(raw: dict[str, Any], buildings: list[Building], name: str) -> None:
    slots = raw["expansions"]["slots"]
    for b in buildings:
        if b.drafted and str(b.cost) not in slots:
            raise ValueError(f"{name}: no building slot for cost {b.cost} ({b.id})")
    ids = {b.id for b in buildings}
    for pair in raw["expansions"]["restrictions"]:
        if len(pair) != 2 or any(i not in ids for i in pair):
            raise ValueError(f"{name}: expansions.restrictions names an unknown building")
    effects = raw["effects"]
    if len(effects["church_vp"]) != 5 or len(effects["cloister"]) < 2 or any(
            not isinstance(effects[k], int) or effects[k] < 1
            for k in ("storehouse_barrels", "forests_per_doubloon", "union_hall_pair", "small_wharf_goods_per_vp")):
        raise ValueError(f"{name}: [effects] out of shape")
    if sorted(set(raw["variants"]["five_choices"])) != [0, 1]:
        raise ValueError(f"{name}: variants.five_choices must alternate seats 0 and 1")


def load(path: Path = DATA_FILE) -> dict[str, Any]:
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    goods = raw["goods"]
    buildings = [_building(row, goods) for row in raw["building"]]
    ids = [b.id for b in buildings]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path.name}: building ids are not unique")
    for n, setup in raw["setup"].items():
        if len(setup["start"]) != int(n) or any(t not in goods for t in setup["start"]):
            raise ValueError(f"{path.name}: setup.{n}.start must name {n} plantations")
        if any(r not in raw["roles"] for r in setup["roles"]):
            raise ValueError(f"{path.name}: setup.{n}.roles names an unknown role")
    _check_expansions(raw, buildings, path.name)
    raw["buildings"] = {b.id: b for b in buildings}
    return raw


DATA = load()
GOODS: tuple[str, ...] = tuple(DATA["goods"])
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
PRICE: tuple[int, ...] = tuple(DATA["price"])
BUILDINGS: dict[str, Building] = DATA["buildings"]
BUILDING_ORDER: tuple[str, ...] = tuple(BUILDINGS)
ROLE_ORDER: tuple[str, ...] = tuple(DATA["roles"])
ISLAND_SPACES: int = DATA["island_spaces"]
CITY_SPACES: int = DATA["city_spaces"]
HOUSE_SIZE: int = DATA["trading_house"]
FACTORY_PAY: tuple[int, ...] = tuple(DATA["factory_pay"])
TILES: tuple[str, ...] = GOODS + ("quarry",)
ISLAND_KINDS: tuple[str, ...] = TILES + ("forest",)   # forests hold no colonists [S]
LARGE_PRODUCTION = frozenset(b.id for b in BUILDINGS.values()
                             if (b.produces and b.circles > 1) or b.production_like)
PRODUCTION_LIKE = frozenset(b.id for b in BUILDINGS.values() if b.production_like)
SLOTS: dict[int, int] = {int(cost): n for cost, n in DATA["expansions"]["slots"].items()}
RESTRICTIONS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in DATA["expansions"]["restrictions"])
NOBLES: int = DATA["expansions"]["nobles"]
FIVE_CHOICES: tuple[int, ...] = tuple(DATA["variants"]["five_choices"])
CORN_START_DISCOUNT: int = DATA["variants"]["corn_start_discount"]
EFFECTS: dict[str, Any] = DATA["effects"]
SMALL_PRODUCTION = frozenset(b.id for b in BUILDINGS.values() if b.produces and b.circles == 1)


def setup_for(players: int) -> dict[str, Any]:
    table: dict[str, Any] = DATA["setup"][str(players)]
    return table
