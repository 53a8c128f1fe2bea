"""Little Orchard's types (:mod:`toy_pack_game`): its state, action, event, step data and views as
TypedDicts on the core's bases, the way a game package declares them (``docs/contributors.md``,
"Types"). No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict only knows
which of its keys are required when its annotations are evaluated.
"""

from typing import Required, TypedDict

from engine.core.datapack.packs import PackState
from engine.core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState


class OrchardAction(TypedDict, total=False):
    """Every action: ``pass``, ``pick`` a fruit, ``bid`` n, ``skip``, ``polish`` fruits, ``keep``
    or ``cash`` coins."""

    do: Required[str]
    fruit: str
    n: int
    fruits: list[str]


class OrchardEvent(BaseEvent, total=False):
    """Every event, by ``type``: market, pick, pass, bid, auction, polish, cash, over."""

    type: Required[str]
    player: int
    round: int
    fruit: str | list[str]  # the market's fruit, or the one fruit picked or auctioned
    n: int
    bids: dict[str, int]
    winner: int | None
    paid: int
    fruits: list[str]


#: A queued step: its name, and the seat it is about (``pick``, ``tend``, ``cash``) or the closed
#: bidding frame (``auction``): the core's keys are enough.
OrchardStep = StepData[FrameData, OrchardAction]


class OrchardState(StepState[DecisionData, OrchardStep, FrameData], Seeded, PackState):
    deck: list[str]
    market: list[str]
    baskets: list[list[str]]  # per seat
    polished: list[list[str]]  # per seat: the kinds polished
    coins: list[int]
    cashed: list[int]
    round: int
    first: int  # the seat that picks first this round


class OrchardView(TypedDict, total=False):
    """The public view (everything but ``you`` and ``my_bid``) and a player's."""

    game: Required[str]
    players: Required[list[str]]
    round: Required[int]
    market: Required[list[str]]
    deck: Required[int]  # cards left
    baskets: Required[list[list[str]]]
    polished: Required[list[list[str]]]
    coins: Required[list[int]]
    cashed: Required[list[int]]
    bids_in: Required[list[int]]  # the seats whose bid is in
    over: Required[bool]
    you: int
    my_bid: int | None
