"""Secret Nim's records: its state, actions, events, steps and views as TypedDicts on the core's
bases (``engine.core.records``), so mypy checks every key the rules read or write while the game
stays plain JSON on disk.

No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict only knows which of its
keys are required when its annotations are evaluated.
"""

from typing import Required, TypedDict

from engine.core.records import BaseEvent, DecisionData, FrameData, Seeded, StepData, StepState


class NimAction(TypedDict, total=False):
    """Every answer: ``take`` n stones (the secret amount), ``keep`` or ``put back`` (the confirm)."""

    do: Required[str]
    n: int


class NimEvent(BaseEvent, total=False):
    """Every event, by ``type``: round, chosen, reveal, take, clash, last, put_back, lone, over."""

    type: Required[str]
    player: int
    round: int
    n: int  # stones: on the pile (round), chosen, taken, or fallen into the river (clash)
    amount: int  # the amount several players chose (clash)
    amounts: dict[str, int]  # seat (as a JSON key) → the amount it chose (reveal)


#: A queued step: its name, the seat it is about (``offer``) or the closed choosing frame
#: (``reveal``): the core's keys are enough, so the game declares no keys of its own.
NimStep = StepData[FrameData, NimAction]


class NimState(StepState[DecisionData, NimStep, FrameData], Seeded):
    pile: int  # stones left on the pile
    river: int  # stones lost in clashes and the lone last stone
    stones: list[int]  # per seat: stones taken (and kept)
    put_back: list[bool]  # per seat: has put a stone back (once a game)
    last: int | None  # the seat that took the last stone
    round: int
    revealed: list[int | None]  # per seat: the amount chosen in the last round revealed


class NimView(TypedDict, total=False):
    """The public view (everything but ``you`` and ``my_take``) and one player's."""

    game: Required[str]
    players: Required[list[str]]
    round: Required[int]
    pile: Required[int]
    river: Required[int]
    stones: Required[list[int]]
    put_back: Required[list[bool]]
    chosen: Required[list[int]]  # the seats whose secret amount is in (not what they chose)
    revealed: Required[list[int | None]]
    last: Required[int | None]
    over: Required[bool]
    you: int
    my_take: int | None  # your own amount, while it is still secret
