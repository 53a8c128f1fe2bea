"""Lisboa's types: its state and every record in it, its actions, events, decisions, queued steps
and frame data, as TypedDicts on the core's records (``docs/contributors.md``, "Types"); its views
are in :mod:`.view_types`.

The state is the plain JSON of :mod:`.setup` (its docstring draws it). Keys that come from the data
pack (goods, disasters, nobles, store groups, lots, sites, columns, church spaces, display stacks,
the tile display's spaces) are the keys of plain ``dict[str, ...]`` fields: a server owner's pack
names them, the code never spells them. The era-2 decks (``purple``, ``brown``) are fields of
:class:`Political`; :func:`later_deck` turns a pack's deck id into one.

An action, an event, a decision, a queued step: one ``total=False`` TypedDict each listing every
key its kinds use (``verb``, ``kind``, ``kind``/``player``, ``step`` always there).

No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict only knows which of its
keys are required when its annotations are evaluated (the key tests read them).
"""

from typing import Literal, NotRequired, Required, TypedDict

from ..core.datapack.packs import PackState
from ..core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState
from .model import Params

Row = Literal["top", "bottom"]  # a portfolio row
LaterDeck = Literal["purple", "brown"]
LATER_DECKS: tuple[LaterDeck, ...] = ("purple", "brown")


def later_deck(deck_id: str) -> LaterDeck:
    """A data pack's era-2 deck id as the :class:`Political` field holding that deck."""
    for name in LATER_DECKS:
        if name == deck_id:
            return name
    raise ValueError(f"Lisboa keeps no era-2 deck {deck_id!r}")


# --- actions -------------------------------------------------------------------------------------
class LAction(TypedDict, total=False):
    """Every action, by ``verb`` (:mod:`.actions` gives their texts)."""

    verb: Required[str]
    action: str | None  # a state or noble action (``free``: None for no free action)
    card: str
    cards: list[str]
    colour: str
    discard: str | None
    extra: list[str]
    good: str
    group: str
    influence: int
    lot: str
    mode: str
    noble: str
    nobles: list[str]
    offices: list[str]
    old: str
    pay: list[str]
    place: str
    places: list[str]
    plan: str
    pool: str
    reis: int
    rest: int
    rubble: str
    ship: str
    site: str
    space: str
    stack: str
    steps: int
    street: str
    tile: str
    tiles: list[str]
    wigs: int


def named(action: LAction) -> str:
    """The state or noble action ``action`` names (only ``free`` may name none: it is not asked here)."""
    name = action["action"]
    if name is None:
        raise ValueError(f"{action['verb']!r} names no action")
    return name


# --- frames, decisions and queued steps ------------------------------------------------------------
class LFrameData(FrameData, total=False):
    """The follow window's (D22): the noble visited and the visitor."""

    noble: str
    visitor: int


class Guard(TypedDict, total=False):
    """A later payment a bonus Cardinal move must keep possible (:data:`.bonus.GUARDS`)."""

    check: Required[str]
    lot: str
    site: str
    plan: str


class ReisPayment(TypedDict, total=False):
    """A réis payment (:mod:`.payment`): its step's data, and the decision asking for the split."""

    player: int
    base: int
    why: str
    keep: str  # a check of payment.KEEP_CHECKS, with its own data below
    centre: str | None  # the sponsored card's centre (the sponsor check)


class LStep(StepData[LFrameData, LAction], total=False):
    """A queued step: ``step`` names it; the keys below are the data of one step or another."""

    action: str
    base: int
    card: str
    cards: list[str]
    centre: str | None
    cost: int
    cubes: list[str]
    discarded: list[str]
    done: list[str]
    effect: str
    keep: str
    lot: str
    missing: int
    noble: str
    order: list[int]
    paid: bool
    params: Params
    plan: str
    row: Row
    ship: str
    site: str
    steps: list[int]
    why: str


class LDecision(DecisionData, total=False):
    """The open decision: its kind and seat, and the data its kind reads."""

    card: str
    cards: list[str]
    centre: str
    cost: int
    cubes: list[str]
    discarded: list[str]
    done: list[str]
    extra: bool
    finish: LStep
    guard: Guard
    influence: int
    keep: str
    lot: str
    n: int
    noble: str
    pay: ReisPayment
    row: Row
    site: str
    sold: int
    space: str
    steps: list[int]
    why: str


# --- events --------------------------------------------------------------------------------------
# ``from`` is a Python keyword: these two keys are declared the functional way.
_Moves = TypedDict("_Moves", {"from": int, "to": int | str}, total=False)


class LEvent(_Moves, BaseEvent, total=False):
    """Every event, by ``kind`` (:mod:`.texts` gives their sentences)."""

    kind: Required[str]
    player: int
    action: str
    building: str | None
    by: int
    by_influence: int
    card: str
    cards: int | list[str]  # the cards drawn at the start of era 2 (a count), else card ids
    centre: str | None
    colour: str
    cost: int
    displaced: list[str]
    effect: str | None
    extra: bool
    face: str
    gain: int
    good: str
    goods: list[str]
    goods_lost: list[str]
    group: str
    influence: int
    kept: bool
    left: int
    lost: int
    lot: str
    n: int
    noble: str
    officials: int
    old: str | None
    owner: int
    pay: list[str]
    place: str
    plan: str
    reis: int
    related: int
    revealed: str | None
    round: int
    row: str
    rubble: str
    sets: int
    ship: str
    shipyard: list[str]
    site: str
    space: str
    sponsored: bool
    stack: str
    street: str
    tile: str
    tiles: list[str]
    totals: list[int]
    turn: int
    type: str
    why: str
    wigs: int
    winners: list[int]


# --- the state -----------------------------------------------------------------------------------
class LOptions(TypedDict):
    starting_draft: bool
    gold_only_when_stuck: bool


class Portfolio(TypedDict):
    top: list[str]
    bottom: list[str]


class Hold(TypedDict):
    goods: list[str]
    sailing: bool


class BoardCommon(TypedDict):
    """A player's board as the state keeps it and the views show it, but for the hand (every
    ``dict[str, int]`` keyed by the pack's goods, disasters or groups)."""

    reis: int
    wigs: int
    influence: int
    goods: dict[str, int]
    portfolio: Portfolio
    holds: dict[str, Hold]  # ship id → its hold
    rubble: dict[str, int]
    sets: int
    set_markers: int
    marquis_markers: int
    houses: dict[str, int]
    officials: int
    clergy: list[str]
    favors: list[str]
    plans: list[str]
    completed_plans: list[str]
    decrees: list[str]


class Board(BoardCommon):
    """A player's board in the state: the hand's cards."""

    hand: list[str]


class SetupRecord(TypedDict):
    """The set-up choices (D01, D02); the draft's keys once it runs."""

    clergy_offers: list[list[str]]
    clergy_kept: list[str | None]
    draft: str  # "off", "pending", "running", "done"
    draft_pass: NotRequired[int]
    packets: NotRequired[list[list[str]]]
    draft_kept: NotRequired[list[list[str]]]
    draft_picks: NotRequired[list[list[str] | None]]


class Church(TypedDict):
    spaces: dict[str, str | None]  # tile space → clergy tile
    cardinal: str  # the path the Cardinal stands on
    lying: bool
    bag: list[str]
    trigger: NotRequired[int]  # the seat that laid the Cardinal down


class BuildingStack(TypedDict):
    buildable: str | None
    stack: list[str]


class Store(TypedDict):
    owner: int
    type: str
    street: str


class Built(TypedDict):
    id: str
    face: str


class SiteState(TypedDict):
    rubble: dict[str, int]
    building: Built | None


class City(TypedDict):
    lots: dict[str, Store | None]
    covered_rows: list[str]
    sites: dict[str, SiteState]
    row_rubble: dict[str, dict[str, int]]
    column_rubble: dict[str, dict[str, int]]
    spare_rubble: dict[str, int]
    tile_display: dict[str, bool]
    tiles: dict[str, int]  # size → city tiles left
    scoring: dict[str, int]  # scoring space → value


class Decrees(TypedDict):
    deck: list[str]
    display: list[str]
    removed: list[str]


class Political(TypedDict):
    display: dict[str, list[str]]  # stack kind → cards, the top first
    purple: list[str]
    brown: list[str]


class Box(TypedDict):
    political: list[str]
    plans: list[str]
    ships: list[str]
    decrees: list[str]
    rubble: dict[str, int]


class Ending(TypedDict):
    """Who triggered the era-1 end or the game end (and the game's last round, once known)."""

    by: int
    last_round: NotRequired[int]


class Court(TypedDict):
    card: str
    player: int
    noble: str | None  # None for a sponsored treasury card


class Score(TypedDict):
    """One seat's final scoring (:func:`.scoring.final_scoring`)."""

    seat: int
    board_wigs: int
    categories: dict[str, int]
    stores: dict[str, int]
    decrees: list[list[str | int]]  # [decree id, wigs]
    total: int
    tie_break: dict[str, int]


class Result(TypedDict):
    scores: list[Score]
    ranking: list[list[int]]
    winners: list[int]


class LState(StepState[LDecision, LStep, LFrameData], Seeded, PackState):
    game: str
    rules_version: int
    options: LOptions
    seed: int
    phase: str  # "setup", "play"
    era: int
    round: int
    start_player: int
    turn: int
    end: Ending | None
    result: Result | None
    box: Box
    boards: list[Board]
    favors: dict[str, int]  # noble → favors left on the portrait
    setup: SetupRecord
    church: Church
    buildings: dict[str, BuildingStack]  # architect colour → its stack
    plans: dict[str, list[str]]  # architect colour → plans, fewest officials first
    prices: dict[str, int]
    treasury: int
    offices: dict[str, dict[str, int]]  # noble → {seat as "0".. or "dummy": officials}
    plaza: dict[str, int]
    city: City
    decrees: Decrees
    political: Political
    shipyard: list[str]
    ships_era2: list[str]
    # once play starts (:func:`.turn.begin`)
    active: NotRequired[int]
    icons: NotRequired[dict[str, str]]  # state action → good, covered by a trade this turn
    era_end: NotRequired[Ending | None]
    court: NotRequired[Court]  # the card visited or sponsored, while its action runs


Events = list[LEvent]
