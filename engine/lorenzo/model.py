"""Typed rows of a validated Lorenzo il Magnifico data pack (``data/lorenzo.toml``).

A *bundle* is a table of resources and points (``{"w": 1, "c": 2}``) with the keys of
:data:`GAIN_KEYS`; a cost may also hold ``need`` (military points held, not spent). Every row
carries its provenance (``source``: public texts by name, "BGA Lorenzo help page §…" or
"open-source card data"; the head of ``data/lorenzo.toml`` describes them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..core.datapack import Pack as BasePack
from ..core.datapack import Row
from .types import (
    AbilityParams,
    ActionKind,
    Area,
    Bundle,
    BundleKey,
    CardActionParams,
    CardType,
    ExcommParams,
    Held,
    Output,
    PermParams,
    Point,
    ProdParams,
    Requirement,
    Resource,
    TowerId,
    WorkAction,
)

RESOURCES: tuple[Resource, ...] = ("w", "s", "sv", "c")  # wood, stone, servants, coins: held, counted at the end
POINTS: tuple[Point, ...] = ("vp", "mp", "fp")
GAIN_KEYS: tuple[BundleKey, ...] = RESOURCES + POINTS + ("cp",)  # cp: council privileges (all different in one bundle)
COST_KEYS: tuple[BundleKey, ...] = RESOURCES + ("mp", "need", "fp")
TYPES: tuple[CardType, ...] = ("territory", "building", "character", "venture")
TOWERS: tuple[TowerId, ...] = ("green", "blue", "yellow", "purple")
AREAS: tuple[Area, ...] = ("tower", "harvest", "production", "market", "council")
ACTIONS: tuple[ActionKind, ...] = TYPES + ("harvest", "production")  # what an action value is for
HELD: tuple[Held, ...] = RESOURCES + POINTS  # what a player's ``res`` counts
#: The effect ids (a card's action, a leader's ability) that are a harvest or a production action.
WORK_ACTIONS: dict[str, WorkAction] = {"harvest": "harvest", "production": "production"}


@dataclass(frozen=True, kw_only=True)
class Rules(Row):
    players_min: int
    players_max: int
    rounds: int
    rounds_per_period: int
    laps: int
    cards_per_tower: int
    tower_tax: int
    card_limit: int
    territory_mp: tuple[int, ...]
    faith_thresholds: tuple[int, ...]
    faith_vp: tuple[int, ...]
    territory_vp: tuple[int, ...]
    character_vp: tuple[int, ...]
    military_vp: tuple[int, ...]
    resources_per_vp: int
    start: Bundle
    start_coins: tuple[int, ...]
    tile_value: int
    leaders_per_player: int


@dataclass(frozen=True, kw_only=True)
class Tower(Row):
    id: TowerId
    type: CardType


@dataclass(frozen=True, kw_only=True)
class Space(Row):
    id: str
    area: Area
    value: int
    tower: TowerId | Literal[""] = ""  # "" off the towers
    floor: int = 0
    reward: Bundle = field(default_factory=dict)
    penalty: int = 0
    capacity: int = 1
    players: int = 2

    @property
    def tower_id(self) -> TowerId:
        """The tower of a tower space (the pack's checks: every one names its tower)."""
        assert self.tower, f"{self.id} is no tower space"
        return self.tower


@dataclass(frozen=True, kw_only=True)
class Privilege(Row):
    id: str
    gain: Bundle


@dataclass(frozen=True, kw_only=True)
class BonusTile(Row):
    id: str
    advanced: bool
    production: Bundle
    harvest: Bundle


@dataclass(frozen=True, kw_only=True)
class Excommunication(Row):
    id: str
    period: int
    effect: str
    effect_params: ExcommParams = field(default_factory=lambda: ExcommParams())


@dataclass(frozen=True, kw_only=True)
class Leader(Row):
    id: str
    key: str
    name: str
    requires: dict[Requirement, int]
    once_per_round: bool
    ability: str
    ability_params: AbilityParams = field(default_factory=lambda: AbilityParams())


@dataclass(frozen=True, kw_only=True)
class Card(Row):
    id: int
    name: str
    italian: str
    type: CardType
    period: int
    cost: Bundle = field(default_factory=dict)
    alt_cost: Bundle = field(default_factory=dict)
    gain: Bundle = field(default_factory=dict)
    action: str = ""
    action_params: CardActionParams = field(default_factory=lambda: CardActionParams())
    harvest_value: int = 0
    harvest: Bundle = field(default_factory=dict)
    prod_value: int = 0
    prod: str = ""
    prod_params: ProdParams = field(default_factory=lambda: ProdParams())
    perm: str = ""
    perm_params: PermParams = field(default_factory=lambda: PermParams())
    end_vp: int = 0

    @property
    def costs(self) -> list[Bundle]:
        """The cost choices (one, or two for the ventures with a military alternative)."""
        return [c for c in (self.cost, self.alt_cost) if c] or [{}]

    @property
    def outputs(self) -> list[Output]:
        """A building's production options (``pay``, ``get``, ``per``)."""
        return list(self.prod_params.get("options", ()))


@dataclass(frozen=True)
class Pack(BasePack):
    """The validated pack with its rows by id."""

    rules: Rules = field(kw_only=True)
    towers: dict[TowerId, Tower] = field(kw_only=True)
    spaces: dict[str, Space] = field(kw_only=True)
    privileges: dict[str, Privilege] = field(kw_only=True)
    tiles: dict[str, BonusTile] = field(kw_only=True)
    excommunications: dict[str, Excommunication] = field(kw_only=True)
    leaders: dict[str, Leader] = field(kw_only=True)
    cards: dict[int, Card] = field(kw_only=True)

    def tower_type(self, tower: TowerId) -> CardType:
        return self.towers[tower].type

    def tower_of(self, card_type: CardType) -> TowerId:
        return next(t.id for t in self.towers.values() if t.type == card_type)

    def leader_by_key(self, key: str) -> Leader:
        return next(lead for lead in self.leaders.values() if lead.key == key)
