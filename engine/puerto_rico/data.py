"""Loads and validates ``buildings.toml`` once; everything else reads these constants."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("buildings.toml")


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

    @property
    def spaces(self) -> int:
        return 2 if self.large else 1


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
    return Building(row["id"], row["cost"], row["vp"], row["column"], row["circles"],
                    row["copies"][0], row["copies"][1], produces, bool(row.get("large", False)))


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
LARGE_PRODUCTION = frozenset(b.id for b in BUILDINGS.values() if b.produces and b.circles > 1)
SMALL_PRODUCTION = frozenset(b.id for b in BUILDINGS.values() if b.produces and b.circles == 1)


def setup_for(players: int) -> dict[str, Any]:
    table: dict[str, Any] = DATA["setup"][str(players)]
    return table
