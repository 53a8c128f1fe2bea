"""The Red Cathedral's records as TypedDicts: the state and everything nested in it, the actions, the
events, the open decision and queued steps, the views (``docs/contributors.md``, "Types"). At run
time they are the same plain JSON dicts; mypy checks every key the rules read and write.

The ``Literal`` types name the fixed key sets the rules index with computed keys (materials, dice,
workshop slots, guilds...); a data pack's rows use them too, its loader having checked every value
(:mod:`.schema`, :mod:`.checks`). No ``from __future__ import annotations`` here: on Python 3.11 a
TypedDict knows its required keys only when its annotations are evaluated (the key test reads them).
"""

from typing import Literal, NotRequired, Required, TypedDict, final

from ..core.datapack.packs import PackState
from ..core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState

# --- the fixed key sets ----------------------------------------------------------------------------
Material = Literal["lumber", "brick", "stone", "gold", "green", "purple"]
Jewel = Literal["green", "purple"]
Item = Literal["lumber", "brick", "stone", "gold", "green", "purple", "rubles", "rp"]  # a tile gives
Gain = Literal["lumber", "brick", "stone", "gold", "green", "purple", "rubles", "rp", "pp"]  # influence gives
Cost = Literal["lumber", "brick", "stone", "gold", "green", "purple", "rubles"]  # influence costs
Level = Literal["base", "middle", "dome"]
OrnamentKind = Literal["door", "arch", "cross"]
Die = Literal["white", "red", "blue", "yellow", "green"]  # the dice, and the players' colours
Slot = Literal["red", "blue", "yellow", "green", "white-1", "white-2"]
Guild = Literal["craftsmen", "teamsters", "merchants", "clergy"]
Tag = Literal["once", "repeat"]  # an influence action's: lightning (once) or infinity (repeat)
Source = Literal["inventory", "board"]  # where a banner is taken from
Side = Literal["basic", "advanced"]  # the workshop boards' side


# --- the state -------------------------------------------------------------------------------------
class Options(TypedDict):
    workshop: Side


class Turn(TypedDict):
    player: int
    sold: bool  # prestige sold this turn
    rerolled: bool  # a space re-rolled this turn
    main: str | None  # the main action's verb, once chosen


class End(TypedDict):
    trigger: int  # the seat that completed a 6th section
    left: list[int]  # the seats still to take their last turn, in order


class SeatScore(TypedDict):
    track: int
    towers: int
    leftovers: int
    total: int
    sections: int
    ornaments: int


class TowerScore(TypedDict):
    tower: int
    value: int
    scores: dict[str, int]  # seat (as a JSON key) → PP


class Result(TypedDict):
    seats: list[SeatScore]
    towers: list[TowerScore]


class Space(TypedDict):
    """A market space: its resource tile and the dice on it."""

    tile: str
    dice: list[Die]


class PlacedOrnament(TypedDict):
    seat: int
    kind: OrnamentKind
    jewels: list[Jewel]


class Section(TypedDict):
    """A cathedral section on the table."""

    name: str  # "A1": tower letter, level from 1
    card: str  # its section card
    tower: int
    level: int  # 0 for the base
    tile: str | None  # its workshop tile, until claimed
    owner: int | None
    delivered: dict[Material, int]  # emptied once completed
    done: bool
    ornament: PlacedOrnament | None


class Banners(TypedDict):
    inventory: int
    board: int


class SlotTile(TypedDict):
    tile: str
    up: bool


class Seat(TypedDict):
    colour: Die
    rubles: int
    pos: int  # the marker on the score track
    inventory: dict[Material, int]
    banners: Banners
    ornaments: dict[OrnamentKind, int]  # still to place
    lost: dict[OrnamentKind, int]  # lost under face-down tiles (advanced side)
    slots: dict[Slot, SlotTile | None]


# --- actions ---------------------------------------------------------------------------------------
#: Every action, by ``verb`` (``from`` is a Python keyword: the functional syntax).
Action = TypedDict(
    "Action",
    {
        "verb": Required[str],
        "what": Literal["sell", "reroll"],  # free: which free action
        "n": int,  # sell, extra, reps, times
        "space": int,  # reroll: a market space, from 0
        "from": Source,  # banner
        "section": str,  # section, deliver, decorate: a section's name
        "slot": Slot,  # tile, activate
        "up": bool,  # tile
        "material": Material,  # deliver
        "jewels": list[Jewel],  # jewels
        "colour": Die,  # die
        "which": int,  # use: the influence card's action, 1 or 2
    },
    total=False,
)


# --- the open decision and the queued steps --------------------------------------------------------
class Decision(DecisionData, total=False):
    """The open decision: the core's ``kind`` and ``player``, and what its kind reads."""

    colour: Die  # extra: the die moving
    space: int  # market_action, take: the destination space
    die: Die  # market_action, workshop: the die moved
    used: list[str]  # market_action: the market actions already taken
    card: str  # times: the influence card
    which: int  # times: its action
    section: int  # tile, jewels: a section's index
    left: int  # deliver, jewels: deliveries left
    made: int  # deliver, jewels: deliveries made


class Step(StepData[FrameData, Action], total=False):
    """A queued step: its name, its seat (``player``, the core's key) and the data it asks with."""

    colour: Die
    space: int
    die: Die
    used: list[str]
    card: str
    which: int
    section: int
    left: int
    made: int


class State(StepState[Decision, Step, FrameData], Seeded, PackState):
    rules_version: int
    options: Options
    supply: dict[Material, int]
    turn: Turn | None
    end: End | None  # once the end is triggered
    result: Result | None  # once scored
    spaces: list[Space]  # the market ring, from space 1
    quadrants: list[Guild]  # the guild of each quadrant
    influence: dict[Guild, str]  # each guild's influence card
    faces: dict[Die, int]
    plan: str
    towers: list[list[int]]  # each tower's sections (indexes into sections), bottom up
    sections: list[Section]
    seats: list[Seat]


# --- events: one TypedDict per ``type``; final (no other keys), so ``"player" in e`` narrows ---------
@final
class TurnEvent(BaseEvent):
    type: Literal["turn"]
    player: int
    last: bool


@final
class MainEvent(BaseEvent):
    type: Literal["main"]
    player: int
    action: str


@final
class EndTurnEvent(BaseEvent):
    type: Literal["end_turn"]
    player: int


@final
class SellEvent(BaseEvent):
    type: Literal["sell"]
    player: int
    pp: int
    rubles: int


@final
class RerollEvent(BaseEvent):
    type: Literal["reroll"]
    player: int
    space: int


@final
class RollEvent(BaseEvent):
    type: Literal["roll"]
    space: int
    faces: dict[Die, int]


_BannerFrom = TypedDict("_BannerFrom", {"from": Source})
_MoveFrom = TypedDict("_MoveFrom", {"from": int})


@final
class BannerEvent(_BannerFrom, BaseEvent):
    type: Literal["banner"]
    player: int


@final
class ClaimEvent(BaseEvent):
    type: Literal["claim"]
    player: int
    section: str


@final
class TileEvent(BaseEvent):
    type: Literal["tile"]
    player: int
    tile: str
    slot: Slot
    up: bool
    paid: int
    ornament: NotRequired[OrnamentKind]  # the advanced side: released (up) or lost (down)


@final
class GainEvent(BaseEvent):
    type: Literal["gain"]
    player: int
    why: Literal["market", "workshop", "tile"]
    got: dict[Gain, int]
    reps: NotRequired[int]  # market
    slot: NotRequired[Slot]  # workshop
    tile: NotRequired[str]  # workshop


@final
class DeliverEvent(BaseEvent):
    type: Literal["deliver"]
    player: int
    material: Material
    section: str


@final
class DecorateEvent(BaseEvent):
    type: Literal["decorate"]
    player: int
    section: str
    ornament: OrnamentKind


@final
class JewelsEvent(BaseEvent):
    type: Literal["jewels"]
    player: int
    section: str
    jewels: list[Jewel]
    pp: int


@final
class CompleteEvent(BaseEvent):
    type: Literal["complete"]
    player: int
    section: str
    rp: int
    rubles: int


@final
class PenaltyEvent(BaseEvent):
    type: Literal["penalty"]
    player: int
    section: str
    rp: int  # due
    lost: int  # really lost (never below 0)


@final
class TriggerEvent(BaseEvent):
    type: Literal["trigger"]
    player: int
    pp: int


@final
class MoveEvent(_MoveFrom, BaseEvent):
    type: Literal["move"]
    player: int
    die: Die
    to: int
    paid: int


@final
class InfluenceEvent(BaseEvent):
    type: Literal["influence"]
    player: int
    card: str
    which: int
    times: int
    paid: dict[Cost, int]
    got: dict[Gain, int]


@final
class FinalEvent(BaseEvent):
    type: Literal["final"]
    result: Result


Event = (
    TurnEvent
    | MainEvent
    | EndTurnEvent
    | SellEvent
    | RerollEvent
    | RollEvent
    | BannerEvent
    | ClaimEvent
    | TileEvent
    | GainEvent
    | DeliverEvent
    | DecorateEvent
    | JewelsEvent
    | CompleteEvent
    | PenaltyEvent
    | TriggerEvent
    | MoveEvent
    | InfluenceEvent
    | FinalEvent
)
Events = list[Event]


# --- views -----------------------------------------------------------------------------------------
class DieView(TypedDict):
    colour: Die
    face: int


class SpaceView(TypedDict):
    space: int  # from 1
    tile: str
    gives: str
    guild: Guild
    dice: list[DieView]


class InfluenceView(TypedDict):
    guild: Guild
    card: str
    actions: list[str]  # its two actions as text


class Reward(TypedDict):
    rp: int
    rubles: int


class TileView(TypedDict):
    id: str
    gives: str


class SectionView(TypedDict):
    name: str
    level: Level
    card: str
    cost: dict[Material, int]
    reward: Reward
    owner: int | None
    delivered: dict[Material, int]
    done: bool
    ornament: PlacedOrnament | None
    tile: TileView | None


class SlotView(TypedDict):
    tile: str
    up: bool
    gives: str


class SeatView(TypedDict):
    name: str
    colour: Die
    rubles: int
    space: int
    pp: int
    inventory: dict[Material, int]
    capacity: int
    banners: Banners
    ornaments: dict[OrnamentKind, int]
    lost_ornaments: dict[OrnamentKind, int]
    slots: dict[Slot, SlotView | None]
    completed: int
    ornaments_placed: int


class View(TypedDict):
    """The public view; a player's adds ``you``."""

    game: str
    players: list[str]
    workshop_side: Side
    plan: str
    turn: Turn | None
    end: End | None
    over: bool
    result: Result | None
    supply: dict[Material, int]
    market: list[SpaceView]
    influence: list[InfluenceView]
    towers: list[list[SectionView]]
    seats: list[SeatView]
    prestige_spaces: list[int]
    lap: int
    notice: str
    you: NotRequired[int]
