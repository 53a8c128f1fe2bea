"""Puerto Rico's records as TypedDicts: the state and everything in it, the actions, the events, the
step data and the views (``docs/contributors.md``, "Types"). They are plain JSON at run time; the
types only let mypy check the keys the rules read and write. No ``from __future__ import
annotations`` here: on Python 3.11 a TypedDict only knows its required keys when its annotations
are evaluated (``tests/engine/puerto_rico/test_pr_types.py`` reads them).

A few values are JSON lists mixing kinds, typed as such: a draft pick ``[building, seat or None]``,
a tile just drawn ``[seat, tile]``, a Mayor capacity ``[target, circles]``.
"""

from typing import Literal, NotRequired, Required, TypedDict

from ..core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState
from ..core.spec import Options

#: The five kinds of goods, in the board's (and the price list's) order; ``GOODS`` in :mod:`.data`.
Good = Literal["corn", "indigo", "sugar", "tobacco", "coffee"]
#: A ship an action or event names: a cargo ship by its size, or the player's Wharf.
ShipName = int | Literal["wharf"]
#: A layout: people standing at each place (tile kind or building id).
Layout = dict[str, int]


class Board(TypedDict):
    """One player's board (:mod:`.board`)."""

    doubloons: int
    vp: int  # VP chips (secret)
    goods: list[int]  # barrels per kind, in GOODS order
    island: dict[str, list[int]]  # tile kind → [tiles, occupied]
    city: dict[str, int]  # building → colonists in it
    san_juan: int  # colonists waiting
    captain_vp: NotRequired[int]  # expansion games: chips earned in the Captain phase
    nobles: NotRequired[Layout]  # Nobles games: place (or "san_juan") → nobles there


class Supply(TypedDict):
    colonists: int
    ship: int  # colonists on the colonist ship
    vp: int  # VP chips (may go below zero)
    goods: list[int]
    quarries: int
    nobles: NotRequired[int]  # Nobles games
    ship_nobles: NotRequired[int]


class Totals(TypedDict):
    """What the game started with (the views' and the checks' totals)."""

    colonists: int
    vp: int
    goods: list[int]
    nobles: NotRequired[int]


class Plantations(TypedDict):
    deck: list[str]  # face down, drawn from the end
    discard: list[str]
    faceup: list[str]


class Cargo(TypedDict):
    size: int
    good: Good | None
    load: int


class Draft(TypedDict):
    """The buildings chosen for an expansion game (:mod:`.draft`)."""

    picks: list[list[str | int | None]]  # [building, seat, or None when filled without a pick]
    turn: int
    method: str


class Royal(TypedDict):
    """A Royal Supplier turn under way."""

    player: int
    left: int
    done: list[Good]


class Deal(TypedDict):
    """A Black Market payment under way."""

    building: str
    price: int
    left: int  # doubloons still to cover
    used: list[str]  # the items returned


class Phase(TypedDict, total=False):
    """What the role being played keeps (``state["phase"]``): each role uses some of these."""

    order: list[int]  # the seats' turns, from the chooser
    idx: int  # whose turn in ``order``
    chooser: int
    hacienda_used: bool
    second: bool  # Library: the Settler's second pick
    drawn: list[int | str]  # [seat, tile] just drawn (Hacienda, Land Office)
    lodge: list[int]  # seats still to discard at the Hunting Lodge
    produced: list[Good]  # the Craftsman's goods
    bonus_left: int
    land_used: list[int]
    black_market: Deal
    bonus_taken: bool
    wharf_used: list[bool]
    out: list[bool]
    met: list[bool]
    small_wharf_used: list[bool]
    small_wharf: list[int]  # goods loaded on the Small Wharf
    royal: Royal


class PRFrameData(FrameData, total=False):
    """A frame's data: the Mayor layouts' (by seat as a JSON key) and the Guest House windows'."""

    drafts: dict[str, Layout]
    defaults: dict[str, Layout]
    circles: dict[str, list[list[str | int]]]  # [target, circles] pairs, in circles() order
    noble_defaults: dict[str, Layout]
    noble_drafts: dict[str, Layout]
    nobles: dict[str, Layout]
    moment: str  # a Guest House window's moment
    role: str  # the role whose phase the window opens


class PRAction(TypedDict, total=False):
    """Every action, by ``verb`` (see :mod:`.actions` for their texts)."""

    verb: Required[str]
    role: str
    tile: str
    count: int
    building: str
    good: Good
    ship: ShipName
    goods: list[int]
    target: str
    noble: bool
    item: str
    place: str
    mode: str
    amount: int
    layout: Layout
    nobles: Layout


class PRStep(StepData[PRFrameData, PRAction], total=False):
    """A queued step: the core's keys, and the seat a Captain's turn starts looking from."""

    first: int


class ScoreRow(TypedDict):
    """A player's final score (:func:`.scoring.player_score`)."""

    vp_chips: int
    buildings: int
    bonuses: dict[str, int]
    nobles: NotRequired[int]
    total: int
    tiebreak: int


class SeatScore(ScoreRow):
    seat: int
    name: str


class Result(TypedDict):
    players: list[SeatScore]
    ranking: list[int]
    winners: list[int]
    tie_break: str
    shared: bool


class PRState(StepState[DecisionData, PRStep, PRFrameData], Seeded):
    game: str
    rules_version: int
    options: Options
    seed: int
    round: int
    governor: int
    choice: int  # the role choices made this round
    choosers: list[int]  # offsets from the Governor, one per choice
    role_money: dict[str, int]
    taken: dict[str, int]  # role → seat
    role: str | None
    phase: Phase
    end: list[str]  # the end conditions met
    result: Result | None
    boards: list[Board]
    supply: Supply
    totals: Totals
    buildings: dict[str, int]  # copies left
    plantations: Plantations
    cargo: list[Cargo]
    house: list[Good]  # the trading house
    draft: NotRequired[Draft]  # expansion games


class PREvent(BaseEvent, total=False):
    """Every event, by ``kind`` (see :mod:`.events` for their sentences)."""

    kind: Required[str]
    player: int
    players: list[int]
    doubloons: int
    role: str
    count: int
    shares: list[int]
    nobles: list[int] | dict[str, Layout] | int  # per seat (colonists), layouts, or aboard (refill)
    layouts: dict[str, Layout]
    colonists: int
    needed: int
    building: str
    buildings: list[str]
    cost: int
    university: bool
    goods: list[int] | list[Good]  # per kind; the goods of an emptied trading house
    factory: int
    good: Good
    price: int
    post: bool
    ship: ShipName
    amount: int
    vp: int
    harbor: int
    bonus: int
    lighthouse: int
    kept: list[int]
    lost: list[int]
    round: int
    governor: int
    bonus_roles: list[str]
    reason: str
    reasons: list[str]
    winners: list[int]
    tile: str | None  # None: the Hacienda found the stack empty
    tiles: list[str]
    hospice: bool
    discarded: str
    target: str
    left: int
    noble: bool
    item: str
    place: str
    moved: bool
    specialty_factory: int
    chapel: int
    jeweler: int


class BoardView(TypedDict):
    doubloons: int
    goods: list[int]
    island: dict[str, list[int]]
    city: dict[str, int]
    san_juan: int
    building_vp: int
    island_tiles: int
    city_spaces: int
    colonists: int
    empty_circles: int
    nobles: NotRequired[Layout]
    forests: NotRequired[int]


class SupplyView(TypedDict):
    colonists: int
    ship: int
    vp: int
    goods: list[int]
    quarries: int


class PlantationsView(TypedDict):
    faceup: list[str]
    stack: int
    discard: int


class Pending(TypedDict):
    """A decision waiting, as the views list it."""

    player: int
    kind: str
    prompt: str


class DraftView(TypedDict):
    picks: list[list[str | int | None]]
    open: list[str]
    slots: dict[str, list[int]]  # cost → [filled, slots]


class NoblesView(TypedDict):
    supply: int
    ship: int


class PRView(TypedDict):
    """The public view, and a player's (``me`` and the keys after it)."""

    game: str
    players: list[str]
    round: int
    governor: int
    role: str | None
    taken: dict[str, int]
    role_money: dict[str, int]
    supply: SupplyView
    plantations: PlantationsView
    buildings: dict[str, int]
    cargo: list[Cargo]
    house: list[Good]
    boards: list[BoardView]
    waiting: list[Pending]
    submitted: list[int]
    end: list[str]
    over: bool
    result: Result | None
    options: NotRequired[Options]  # those that differ from the defaults
    market: NotRequired[list[str]]
    draft: NotRequired[DraftView]
    nobles: NotRequired[NoblesView]
    me: NotRequired[int]
    my_vp: NotRequired[int]
    my_draft: NotRequired[Layout]
    my_layout: NotRequired[Layout]


Events = list[PREvent]
