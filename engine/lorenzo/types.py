"""Lorenzo il Magnifico's types: the key sets the rules index with (resources, card types, tower
colours, family members...) as ``Literal`` types, the data pack's effect parameters, and the state,
actions, events, step data and views as TypedDicts on the core's records (``docs/contributors.md``,
"Types"). States stay plain JSON; these cost nothing at run time.

No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict only knows which of its
keys are required when its annotations are evaluated (the key tests read ``__required_keys__``).
"""

from typing import Literal, NotRequired, Required, TypedDict

from ..core.datapack.packs import PackState
from ..core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState
from ..core.spec import Options

# --- key sets ---------------------------------------------------------------------------------------
Resource = Literal["w", "s", "sv", "c"]  # wood, stone, servants, coins
Point = Literal["vp", "mp", "fp"]  # victory, military, faith points
Held = Literal[Resource, Point]  # what a player's ``res`` counts
BundleKey = Literal[Held, "cp", "need"]  # cp: council privileges; need: military points held, not spent
CardType = Literal["territory", "building", "character", "venture"]
TowerId = Literal["green", "blue", "yellow", "purple"]
Area = Literal["tower", "harvest", "production", "market", "council"]
WorkAction = Literal["harvest", "production"]
ActionKind = Literal[CardType, WorkAction]  # what an action value is for
Member = Literal["black", "white", "orange", "neutral"]
Coloured = Literal["black", "white", "orange"]  # the members with a die
Requirement = Literal[Held, CardType, "same_type"]  # a leader's requirement: points held, cards, cards of one type
Phase = Literal["setup", "play", "over"]

#: Resources and points (``{"w": 1, "c": 2}``); a cost may hold ``need``, a gain ``cp``.
Bundle = dict[BundleKey, int]
#: A player's resources and points (every key of :data:`Held`, no other): the same key type as a
#: bundle, so bundles add to and pay from holdings without a conversion.
Holdings = dict[BundleKey, int]


# --- the data pack's effect parameters (checked at load by :mod:`.effects`) --------------------------
class Output(TypedDict, total=False):
    """One production option of a building: what it pays, what it gets (``per`` card of a type)."""

    get: Required[Bundle]
    pay: Bundle
    per: CardType


class CardActionParams(TypedDict, total=False):
    tower: TowerId | Literal["any"]
    value: int
    discount: Bundle
    type: CardType
    vp: int
    mp: int


class ProdParams(TypedDict, total=False):
    options: list[Output]


class PermParams(TypedDict, total=False):
    on: ActionKind
    value: int
    discount: Bundle
    discount_one_of: list[Resource]


class ExcommParams(TypedDict, total=False):
    resource: Literal["mp", "c", "sv", "ws"]  # ws: wood and/or stone
    action: ActionKind
    value: int
    servants: int
    type: CardType
    per: int
    resources: list[Resource]


class AbilityParams(TypedDict, total=False):
    value: int
    gain: Bundle
    c: int
    vp: int
    resources: list[Resource]


# --- the state ------------------------------------------------------------------------------------------
class PlayedLeader(TypedDict):
    id: str
    up: bool  # face up (not activated this round)
    copy: str | None  # the leader Lorenzo de' Medici copies


class Board(TypedDict):
    """A player's board."""

    res: Holdings
    cards: dict[CardType, list[int]]
    placed: list[Member]  # the members placed this round
    excomm: list[int]  # the periods of their excommunication cubes
    tile: str  # their personal bonus tile
    hand: list[str]  # leaders not played yet
    leaders: list[PlayedLeader]
    value6: Coloured | None  # the member Federico da Montefeltro set to 6 this round


class SetupRecord(TypedDict):
    tiles: list[str]  # the advanced bonus tiles still to pick
    packets: list[list[str]]  # the draft packets by seat
    out: list[str]  # the leaders out of the game


class Result(TypedDict):
    parts: list[dict[str, int]]  # per seat: the final tally's parts (catalogue ids) → points
    order: list[int]  # the final turn order


class Work(TypedDict):
    """A production under way: the holdings it may spend and the options chosen so far."""

    player: int
    budget: Holdings
    chosen: list[list[int]]  # [card id, option index]
    value: int


#: A member on a space: the JSON pair ``[seat, member]``.
Occupant = list[int | Member]


class Located(TypedDict, total=False):
    """The card, space, leader or privilege a gain comes from."""

    card: int
    space: str
    leader: str
    privilege: str


class Where(Located, total=False):
    """Where a gain comes from (its step's, its event's and its decision's source keys)."""

    source: Required[str]  # card, floor, space, tile, harvest, production, leader, privilege


class TakeData(TypedDict):
    """Taking the card of a tower space: by a member, or granted by a card's action."""

    player: int
    space: str
    tax: int
    discount: Bundle
    granted: bool


Do = Literal[
    "member",
    "leader",
    "pass",
    "space",
    "servants",
    "pay",
    "privilege",
    "take",
    "decline",
    "produce",
    "skip",
    "reduce",
    "end",
    "copy",
    "boost",
    "vatican",
    "tile",
    "keep",
    "roll",
]


class LAction(TypedDict, total=False):
    """Every action, by ``do`` (:mod:`.labels` lists their texts)."""

    do: Required[Do]
    member: Member
    act: Literal["play", "activate", "discard"]
    leader: str  # a leader's key
    space: str
    n: int
    cost: Bundle
    ids: list[str]  # council privileges
    card: int
    option: int
    pay: Bundle
    get: Bundle
    per: CardType
    res: Literal["w", "s"]
    support: bool
    tile: str


class LDecision(DecisionData, total=False):
    """The open decision: its kind and player, and the keys its kind reads."""

    bundle: Bundle  # reduce
    where: Where  # reduce
    n: int  # privilege
    card: int  # produce, boost, take
    action: WorkAction  # boost
    value: int  # boost, take
    servants_only: bool  # boost
    take: TakeData  # pay
    tower: TowerId | Literal["any"]  # take
    discount: Bundle  # take
    member: Member  # space, servants
    space: str  # servants


#: The Vatican report's and the leader draft's frames carry no data of their own (``FrameData``).


class LStep(StepData[FrameData, LAction], total=False):
    """A queued step: its name and the keys its step reads."""

    bundle: Bundle
    source: str
    card: int
    space: str
    leader: str
    privilege: str
    action: WorkAction
    n: int
    value: int
    servants_only: bool
    tax: int
    discount: Bundle
    granted: bool
    tower: TowerId | Literal["any"]


class LState(StepState[LDecision, LStep, FrameData], Seeded, PackState):
    game: str
    options: Options
    phase: Phase
    round: int
    period: int
    order: list[int]  # the turn order (seats)
    dice: dict[Coloured, int]
    excomm: list[str]  # the excommunication tile of each period
    boards: list[Board]
    decks: dict[TowerId, list[int]]
    towers: dict[TowerId, list[int | None]]  # the card on each floor, bottom first
    spaces: dict[str, list[Occupant]]  # the members on each space this round
    discarded: list[int]
    leader_discards: list[str]
    active: int | None  # the seat whose turn it is
    setup: SetupRecord
    result: Result | None
    work: NotRequired[Work]


class LEvent(BaseEvent, total=False):
    """Every event, by ``type`` (:mod:`.texts` tells them)."""

    type: Required[str]
    player: int
    tile: str
    each: int
    out: int
    leader: str
    left: int
    got: Bundle
    lost: Bundle
    source: str
    card: int
    space: str
    privilege: str
    ids: list[str]
    value: int
    paid: Bundle
    servants: int
    member: Member
    round: int
    period: int
    towers: dict[TowerId, list[int]]  # the cards dealt
    dice: dict[Coloured, int]
    order: list[int]
    discarded: list[int]
    totals: list[int]
    coins: int
    tower: TowerId
    granted: bool
    chose: bool
    threshold: int
    support: bool
    faith: int
    vp: int
    answers: dict[str, bool]


# --- views --------------------------------------------------------------------------------------------
class BoardView(TypedDict):
    res: Holdings
    cards: dict[CardType, list[int]]
    placed: list[Member]
    excomm: list[int]
    tile: str
    hand: int  # how many leaders in hand
    leaders: list[PlayedLeader]
    value6: Coloured | None


class WindowView(TypedDict):
    kind: str
    asked: list[int]
    answered: list[int]


class DecidingView(TypedDict):
    kind: str
    player: int


class PendingView(TypedDict):
    player: int
    kind: str
    prompt: str
    mode: str


class LView(TypedDict, total=False):
    """The public view (the required keys) and a player's (besides: ``seat``, ``hand``, ``packet``,
    ``my_answer``)."""

    game: Required[str]
    pack: Required[str]  # the pack's fingerprint
    players: Required[list[str]]
    options: Required[Options]
    phase: Required[Phase]
    round: Required[int]
    period: Required[int]
    order: Required[list[int]]
    active: Required[int | None]
    dice: Required[dict[Coloured, int]]
    towers: Required[dict[TowerId, list[int | None]]]
    decks: Required[dict[TowerId, int]]  # cards left
    spaces: Required[dict[str, list[Occupant]]]
    open_spaces: Required[list[str]]
    excomm: Required[list[str]]
    boards: Required[list[BoardView]]
    tiles_left: Required[list[str]]
    packets: Required[list[int]]  # draft packet sizes
    leader_discards: Required[list[str]]
    window: Required[WindowView | None]
    deciding: Required[DecidingView | None]
    result: Required[Result | None]
    totals: Required[list[int] | None]
    over: Required[bool]
    pending: Required[list[PendingView]]
    seat: int
    hand: list[str]
    packet: list[str]
    my_answer: LAction | None
