"""Loads and validates ``buildings.toml`` once, through the core's data packs (:mod:`.pack`
declares its families and rules); everything else reads these constants."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict, cast, get_args

from ..core.datapack import DataPacks, Pack, PackSpec, Record, Sources
from . import pack as schema
from .types import Good

DATA_DIR = Path(__file__).parent
DATA_FILE = DATA_DIR / schema.FILE
SETS = schema.SETS
SPEC: PackSpec[Pack] = PackSpec(
    game="puerto_rico",
    families=schema.FAMILIES,
    default_dir=DATA_DIR,
    assemble=schema.as_is,
    check=schema.check,
    meta_file=None,
    name="puerto-rico-shipped",
    title="Puerto Rico: base game, New Buildings and Nobles",
    sources=Sources(required=False),
    values="Building values",
)
PACKS = DataPacks(SPEC)


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


class SetupTable(TypedDict):
    """The set-up of one player count (``[setup.N]``)."""

    doubloons: int
    start: list[Good]
    colonists: int
    ship: int
    vp_chips: int
    cargo_ships: list[int]
    roles: list[str]
    quarries: int
    remove_plantations: int
    remove_goods: int
    choices: list[int]
    copies: str


class Variants(TypedDict):
    corn_start_discount: int
    five_choices: list[int]


class Expansions(TypedDict):
    nobles: int
    slots: dict[str, int]
    restrictions: list[list[str]]


class Effects(TypedDict):
    church_vp: list[int]
    zoning_colonist: int
    zoning_noble: int
    storehouse_barrels: int
    hunting_lodge_vp: int
    cloister: list[int]
    forests_per_doubloon: int
    union_hall_pair: int
    small_wharf_goods_per_vp: int


class Data(TypedDict):
    """The data of a pack: the game's row as the TOML has it, plus the tables below."""

    schema: int
    goods: list[Good]
    price: list[int]
    goods_supply: list[int]
    plantations: list[int]
    quarries: int
    island_spaces: int
    city_spaces: int
    trading_house: int
    factory_pay: list[int]
    roles: list[str]
    setup: dict[str, SetupTable]  # by player count (a string)
    variants: Variants
    expansions: Expansions
    effects: Effects
    building: list[dict[str, object]]  # the rows as the TOML has them
    buildings: dict[str, Building]


def _plain(value: object) -> object:
    """A row value as the TOML had it (the core keeps lists as tuples)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _building(row: Record) -> Building:
    normal, two_player = row["copies"]
    return Building(
        row["id"],
        row["cost"],
        row["vp"],
        row["column"],
        row["circles"],
        normal,
        two_player,
        row.get("produces"),
        row.get("large", False),
        row.get("set", "base"),
        row.get("variant_cost"),
        row.get("production_like", False),
    )


def load(path: str | Path = DATA_DIR) -> Data:
    """The data of the pack in folder ``path`` (validated; PackError names file, row and field)."""
    return _data(PACKS.load(path))


def _data(pack: Pack) -> Data:
    data = {k: _plain(v) for k, v in schema.one(pack, "game").values.items()}
    data["setup"] = {
        s["players"]: {k: _plain(v) for k, v in s.values.items() if k != "players"}
        for s in schema.records(pack, "setup")
    }
    for name in ("variants", "expansions", "effects"):
        data[name] = _plain(schema.one(pack, name).values)
    rows = schema.records(pack, "building")
    data["building"] = [_plain(r.values) for r in rows]
    data["buildings"] = {r["id"]: _building(r) for r in rows}
    # The boundary: a checked pack (pack.check) has these fields, of these types.
    return cast(Data, data)


DATA = _data(PACKS.shipped())
GOODS: tuple[Good, ...] = tuple(DATA["goods"])
assert get_args(Good) == GOODS, "the goods of the pack are the rules' (types.Good)"
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
PRICE: tuple[int, ...] = tuple(DATA["price"])
BUILDINGS: dict[str, Building] = DATA["buildings"]
BUILDING_ORDER: tuple[str, ...] = tuple(BUILDINGS)
ROLE_ORDER: tuple[str, ...] = tuple(DATA["roles"])
ISLAND_SPACES: int = DATA["island_spaces"]
CITY_SPACES: int = DATA["city_spaces"]
HOUSE_SIZE: int = DATA["trading_house"]
FACTORY_PAY: tuple[int, ...] = tuple(DATA["factory_pay"])
TILES: tuple[str, ...] = GOODS + ("quarry",)
ISLAND_KINDS: tuple[str, ...] = TILES + ("forest",)  # forests hold no colonists [S]
LARGE_PRODUCTION = frozenset(b.id for b in BUILDINGS.values() if (b.produces and b.circles > 1) or b.production_like)
PRODUCTION_LIKE = frozenset(b.id for b in BUILDINGS.values() if b.production_like)
SLOTS: dict[int, int] = {int(cost): n for cost, n in DATA["expansions"]["slots"].items()}
RESTRICTIONS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in DATA["expansions"]["restrictions"])
NOBLES: int = DATA["expansions"]["nobles"]
FIVE_CHOICES: tuple[int, ...] = tuple(DATA["variants"]["five_choices"])
CORN_START_DISCOUNT: int = DATA["variants"]["corn_start_discount"]
EFFECTS: Effects = DATA["effects"]
SMALL_PRODUCTION = frozenset(b.id for b in BUILDINGS.values() if b.produces and b.circles == 1)


def setup_for(players: int) -> SetupTable:
    return DATA["setup"][str(players)]
