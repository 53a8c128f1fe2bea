"""Lisboa's views as TypedDicts: what :func:`.views.public_view` and :func:`.views.player_view` make
of a state (:class:`.types.LState`), every hidden list as its size, and the pending decisions the
game adds. A renderer may import these (types only) to draw from typed views.

No ``from __future__ import annotations`` here (see :mod:`.types`).
"""

from typing import NotRequired, TypedDict

from ..core.datapack.packs import PackRecord
from ..core.records import Frame
from .types import BoardCommon, City, Court, Ending, LDecision, LFrameData, LOptions, Result


class StackView(TypedDict):
    top: str | None
    count: int


class BuildingStackView(TypedDict):
    buildable: str | None
    stack: StackView


class PoliticalView(TypedDict):
    display: dict[str, StackView]
    purple: int
    brown: int


class DecreesView(TypedDict):
    deck: int
    display: list[str]
    removed: list[str]


class ChurchView(TypedDict):
    spaces: dict[str, str | None]
    cardinal: str
    lying: bool
    bag: int
    trigger: NotRequired[int]


class SetupView(TypedDict):
    """Sizes in the public view; a player's own offer, packet and kept cards in theirs. The clergy
    kept: whether each seat has kept during set-up (a player's own tile in theirs), the tiles once
    play starts."""

    clergy_offers: list[int | list[str]]
    clergy_kept: list[str | bool | None]
    draft: str
    draft_pass: NotRequired[int]
    packets: NotRequired[list[int | list[str]]]
    draft_kept: NotRequired[list[int | list[str]]]
    draft_picks: NotRequired[list[bool]]


class BoardView(BoardCommon):
    """A board as the views show it: the hand's size (a player's own hand in their view)."""

    hand: int | list[str]


class BoxView(TypedDict):
    political: int
    plans: int
    ships: int
    decrees: int
    rubble: int


class PendingView(TypedDict):
    """A pending decision as plain data (its prompt in English)."""

    player: int
    kind: str
    prompt: str
    mode: str


class LView(TypedDict):
    """The public view (:func:`.views.public_view`, with ``pending``), and a player's (``seat``
    besides, :func:`.views.player_view`): the state less its hidden parts."""

    game: str
    rules_version: int
    pack: PackRecord
    options: LOptions
    players: list[str]
    step: NotRequired[int]
    phase: str
    era: int
    round: int
    start_player: int
    turn: int
    decision: LDecision | None
    frames: NotRequired[list[Frame[LFrameData]]]
    end: Ending | None
    over: bool
    result: Result | None
    box: BoxView
    boards: list[BoardView]
    favors: dict[str, int]
    setup: SetupView
    church: ChurchView
    buildings: dict[str, BuildingStackView]
    plans: dict[str, list[str]]
    prices: dict[str, int]
    treasury: int
    offices: dict[str, dict[str, int]]
    plaza: dict[str, int]
    city: City
    decrees: DecreesView
    political: PoliticalView
    shipyard: list[str]
    ships_era2: list[str]
    active: NotRequired[int]
    icons: NotRequired[dict[str, str]]
    era_end: NotRequired[Ending | None]
    court: NotRequired[Court]
    pending: NotRequired[list[PendingView]]  # added by the game (:meth:`.game.Lisboa.public_view`)
    seat: NotRequired[int]  # a player's view: whose
