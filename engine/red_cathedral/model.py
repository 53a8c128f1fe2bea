"""Typed rows of a validated Red Cathedral data pack (``data/SCHEMA.md`` describes every field).

Every row carries its provenance: ``source`` (public texts by name, "Red Cathedral teaching script
(Bodoge) §…", "Dized rules '…'", …; see ``data/SCHEMA.md``) and, where no source gives the value,
``provisional = true`` with a short ``why``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.datapack import Pack as BasePack
from ..core.datapack import Row as Row  # the core's row with provenance; every class below is one
from . import types as t

MATERIALS: tuple[t.Material, ...] = ("lumber", "brick", "stone", "gold", "green", "purple")
JEWELS: tuple[t.Jewel, ...] = ("green", "purple")
ITEMS: tuple[t.Item, ...] = MATERIALS + ("rubles", "rp")  # what a resource or workshop tile gives
GAINS: tuple[t.Gain, ...] = ITEMS + ("pp",)  # what an influence action may give
COSTS: tuple[t.Cost, ...] = MATERIALS + ("rubles",)  # what an influence action may cost
LEVELS: tuple[t.Level, ...] = ("base", "middle", "dome")
ORNAMENTS: tuple[t.OrnamentKind, ...] = ("door", "arch", "cross")
DICE: tuple[t.Die, ...] = ("white", "red", "blue", "yellow", "green")
SLOTS: tuple[t.Slot, ...] = ("red", "blue", "yellow", "green", "white-1", "white-2")
GROUPS: tuple[t.Guild, ...] = ("craftsmen", "teamsters", "merchants", "clergy")
TAGS: tuple[t.Tag, ...] = ("once", "repeat")
TOWER_RULES = ("two_player", "halving")


@dataclass(frozen=True, kw_only=True)
class Material(Row):
    id: t.Material
    label: str
    supply: int
    jewel: bool


@dataclass(frozen=True, kw_only=True)
class Colour(Row):
    id: t.Die
    label: str
    player: bool


@dataclass(frozen=True, kw_only=True)
class Ornament(Row):
    id: t.OrnamentKind
    label: str
    level: t.Level
    material: t.Material
    per_player: int


@dataclass(frozen=True, kw_only=True)
class Rules(Row):
    banners: int
    banners_in_inventory: int
    inventory: int
    deliveries: int
    market_spaces: int
    dice_per_space: int
    die_faces: int
    sell_rubles: int
    sections_to_end: int
    end_bonus: int
    leftovers_per_pp: int
    advanced_face_up_cost: int
    completed_value: int
    ornament_value: int
    jewel_one: int
    jewel_pair_same: int
    jewel_pair_mixed: int


@dataclass(frozen=True, kw_only=True)
class Setup(Row):
    players: int
    rubles: tuple[int, ...]
    towers: int
    three_plus_tiles: bool
    tower_rule: str


@dataclass(frozen=True, kw_only=True)
class Track(Row):
    lap: int
    prestige_per_lap: int
    start: int


@dataclass(frozen=True, kw_only=True)
class PrestigeSpace(Row):
    pp: int
    space: int


@dataclass(frozen=True, kw_only=True)
class ResourceTile(Row):
    id: str
    item: t.Item
    amount: int
    cross: bool


@dataclass(frozen=True, kw_only=True)
class InfluenceCard(Row):
    id: str
    group: t.Guild
    a_tag: t.Tag
    a_cost: dict[t.Cost, int]
    a_gain: dict[t.Gain, int]
    b_tag: t.Tag
    b_cost: dict[t.Cost, int]
    b_gain: dict[t.Gain, int]

    def action(self, which: int) -> tuple[t.Tag, dict[t.Cost, int], dict[t.Gain, int]]:
        """Action 1 or 2 of the card as (tag, cost, gain)."""
        if which == 1:
            return self.a_tag, self.a_cost, self.a_gain
        return self.b_tag, self.b_cost, self.b_gain


@dataclass(frozen=True, kw_only=True)
class Section(Row):
    id: str
    level: t.Level
    cost: dict[t.Material, int]
    rp: int
    rubles: int


@dataclass(frozen=True, kw_only=True)
class Plan(Row):
    id: str
    players: int
    middles: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class WorkshopSpace(Row):
    slot: t.Slot
    colour: t.Die
    cost: int


@dataclass(frozen=True, kw_only=True)
class AdvancedSpace(Row):
    slot: t.Slot
    holds: t.OrnamentKind | Literal["banner"]


@dataclass(frozen=True, kw_only=True)
class WorkshopTile(Row):
    id: str
    kind: str
    three_plus: bool
    item: t.Item | Literal[""] = ""  # a resource tile's
    amount: int = 0
    die: t.Die | Literal[""] = ""  # a die tile's


@dataclass(frozen=True)
class Pack(BasePack):
    """A validated pack; keyed families are dicts in file order (``rows`` keeps every row)."""

    materials: dict[t.Material, Material]
    colours: dict[t.Die, Colour]
    ornaments: dict[t.OrnamentKind, Ornament]
    rules: Rules
    setups: dict[int, Setup]
    track: Track
    prestige: tuple[int, ...]  # the track spaces of one lap's prestige spaces, in order
    resource_tiles: dict[str, ResourceTile]
    influence: dict[str, InfluenceCard]
    sections: dict[str, Section]
    plans: dict[str, Plan]
    workshop: dict[t.Slot, WorkshopSpace]
    advanced: dict[t.Slot, AdvancedSpace]
    tiles: dict[str, WorkshopTile]
