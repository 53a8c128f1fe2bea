"""Typed rows of a validated Lisboa data pack (see ``data/SCHEMA.md`` for every field).

Every row carries its provenance: ``source`` (public texts by name, "Lisboa rulebook p. …",
"Lisboa rules summary (Bodoge) §…", …; see ``data/SCHEMA.md``) and, where no source gives the
value, ``provisional = true`` with a short ``why``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.datapack import Pack as BasePack
from ..core.datapack import Row as Row  # the core's row with provenance; every class below is one

#: An effect's parameters in a row (``bottom_params``, ``bonus_params``...): their keys and value
#: types depend on the effect, checked against its schema when the pack loads
#: (:func:`.effects.check_params`); the rules read them as that effect documents them.
Params = dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Count(Row):
    id: str
    total: int


@dataclass(frozen=True, kw_only=True)
class Good(Row):
    id: str
    colour: str
    token_colour: str
    start_price: int
    tokens: int


@dataclass(frozen=True, kw_only=True)
class Rubble(Row):
    id: str
    colour: str
    land_cost: int
    cubes: int


@dataclass(frozen=True, kw_only=True)
class Noble(Row):
    id: str
    order: int
    wants: str
    state_actions: tuple[str, ...]
    noble_action: str
    favor_tiles: int
    office_spaces: int


@dataclass(frozen=True, kw_only=True)
class InfluenceTrack(Row):
    max: int
    wig_at_max: int
    reis_icons: tuple[int, ...]
    reis_total: int


@dataclass(frozen=True, kw_only=True)
class PriceTrack(Row):
    values: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class TreasuryTrack(Row):
    start: int


@dataclass(frozen=True, kw_only=True)
class TreasurySpace(Row):
    left: int
    right: int


@dataclass(frozen=True, kw_only=True)
class PlayerStart(Row):
    reis: int
    wigs: int
    goods_each: int
    influence_by_seat: tuple[int, ...]
    officials: int
    start_office: str
    officials_in_start_office: int
    houses: int
    set_markers: int
    hand: int
    clergy_draw: int
    clergy_keep: int
    favor_draw: int
    warehouse_base: int
    portfolio_base: int
    portfolio_top: int
    portfolio_bottom: int
    rubble_per_colour: int
    clergy_max: int
    favors_per_noble: int


@dataclass(frozen=True, kw_only=True)
class StoreGroupSpace(Row):
    id: str
    group: str
    house: int
    ability: str | None = None
    ability_params: Params = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Majority(Row):
    id: str
    counts: str
    good: str | None = None
    ranks: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class FinalScoring(Row):
    order: tuple[str, ...]
    tie_break: tuple[str, ...]
    rubble_set_wigs: int
    favor_wigs: int
    reis_per_wig: int


@dataclass(frozen=True, kw_only=True)
class SetupCommon(Row):
    decree_display: int
    display_order: tuple[str, ...]
    site_rubble: int
    spare_rubble: int
    blue_per_player: int


@dataclass(frozen=True, kw_only=True)
class PlayerCount(Row):
    players: int
    favors_per_noble: int
    ships_per_colour: int
    covered_rows: tuple[str, ...]
    dummy_officials_per_office: int
    remove_two_player_decrees: bool
    ranks_paid: tuple[int, ...]
    rubble_placed: int


@dataclass(frozen=True, kw_only=True)
class Deck(Row):
    id: str
    era: int
    use: str
    years: str
    cards: int
    per_kind: int | None = None


@dataclass(frozen=True, kw_only=True)
class PoliticalCard(Row):
    id: str
    deck: str
    kind: str
    printed_no: int | None = None
    influence: int | None = None
    bottom: str | None = None
    bottom_params: Params = field(default_factory=dict)
    centre: str | None = None
    centre_params: Params = field(default_factory=dict)
    permanent: str | None = None
    permanent_params: Params = field(default_factory=dict)

    @property
    def is_noble(self) -> bool:
        return self.kind != "treasury"


@dataclass(frozen=True, kw_only=True)
class Decree(Row):
    id: str
    type: str
    params: Params = field(default_factory=dict)
    wigs: int
    two_player: bool


@dataclass(frozen=True, kw_only=True)
class ClergyTile(Row):
    id: str
    effect: str
    back_wigs: int


@dataclass(frozen=True, kw_only=True)
class ShipType(Row):
    id: str
    hull: int
    era: int
    yard: str
    copies: int
    sale_bonus: int
    influence: int
    treasury_step: int


@dataclass(frozen=True, kw_only=True)
class Plan(Row):
    id: str
    colour: str
    officials: int
    starting: bool


@dataclass(frozen=True, kw_only=True)
class PublicBuilding(Row):
    id: str
    blue: tuple[str, ...]
    green: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class MapRow(Row):
    id: str
    rubble_slots: int


@dataclass(frozen=True, kw_only=True)
class MapColumn(Row):
    id: int
    size: str
    rubble_slots: int
    score_space: int | None = None
    score_fixed: int | None = None


@dataclass(frozen=True, kw_only=True)
class Street(Row):
    id: str
    type: str
    columns: tuple[int, ...]
    top_site: str


@dataclass(frozen=True, kw_only=True)
class Lot(Row):
    id: str
    row: str
    column: int
    size: str
    streets: tuple[str, ...]
    bonus: str
    bonus_params: Params = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Site(Row):
    id: str
    side: str
    row: str | None = None
    street: str | None = None
    rubble: int
    bonus: str
    bonus_params: Params = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class TileDisplaySpace(Row):
    id: str
    type: str
    size: str


@dataclass(frozen=True, kw_only=True)
class ScoringTile(Row):
    id: str
    value: int


@dataclass(frozen=True, kw_only=True)
class ChurchTrack(Row):
    cardinal_start: str


@dataclass(frozen=True, kw_only=True)
class ChurchTileSpace(Row):
    id: str
    adjacent_paths: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ChurchPath(Row):
    id: str
    icons: tuple[str, ...]
    adjacent_tiles: tuple[str, ...]


@dataclass(frozen=True)
class Pack(BasePack):
    """A validated pack. Keyed families are dicts in file order; ``rows`` (from the core's
    :class:`~engine.core.datapack.Pack`: path, name, title, fingerprint) lists every row by family."""

    counts: dict[str, Count]
    goods: dict[str, Good]
    rubble: dict[str, Rubble]
    nobles: dict[str, Noble]
    influence: InfluenceTrack
    prices: PriceTrack
    treasury: TreasuryTrack
    treasury_spaces: tuple[TreasurySpace, ...]
    player: PlayerStart
    store_groups: dict[str, StoreGroupSpace]
    majorities: dict[str, Majority]
    final_scoring: FinalScoring
    setup: SetupCommon
    player_counts: dict[int, PlayerCount]
    decks: dict[str, Deck]
    cards: dict[str, PoliticalCard]
    decrees: dict[str, Decree]
    clergy: dict[str, ClergyTile]
    ships: dict[str, ShipType]
    plans: dict[str, Plan]
    buildings: dict[str, PublicBuilding]
    map_rows: dict[str, MapRow]
    columns: dict[int, MapColumn]
    streets: dict[str, Street]
    lots: dict[str, Lot]
    sites: dict[str, Site]
    tile_display: dict[str, TileDisplaySpace]
    scoring_tiles: dict[str, ScoringTile]
    church: ChurchTrack
    church_tiles: dict[str, ChurchTileSpace]
    church_paths: dict[str, ChurchPath]

    def count(self, key: str) -> int:
        return self.counts[key].total

    def column_score(self, column: int, scoring: dict[str, int]) -> int:
        """Wigs one store in ``column`` scores, given the state's ``{space: value}`` scoring tiles."""
        col = self.columns[column]
        if col.score_space is not None:
            return scoring[str(col.score_space)]
        return col.score_fixed or 0
