"""The records the core reads and writes in a game's plain JSON state, as TypedDicts.

A game types its own state, actions, events, views and step data with TypedDicts that inherit
these (TypedDict inheritance: a game's record has every key of its base, so mypy accepts it
wherever the core expects the base), and fills the core's type variables with them::

    class MyFrameData(FrameData, total=False): ...      # what the game's frames carry
    class MyDecision(DecisionData, total=False): ...    # the open decision's data
    class MyStep(StepData[MyFrameData, MyAction], total=False): ...  # a queued step's data
    class MyState(StepState[MyDecision, MyStep, MyFrameData], Seeded): ...
    class MyEvent(BaseEvent, total=False): ...

(see ``docs/contributors.md``, "Types"). The type variables below are the game's types as the
core's generic code sees them: :class:`~engine.core.game.Game` is ``Game[S, A, E, V]``.
A record the core builds for a game (an open decision from :meth:`Steps.ask
<engine.core.steps.Steps.ask>`, a frame's seat asked, a resume step) carries only the keys its
base declares, so the game's own keys in those records are optional (``total=False``).
"""

from collections.abc import Mapping
from typing import Any, Generic, NotRequired, TypedDict, TypeVar


class FrameData(TypedDict, total=False):
    """A frame's ``data``: the game's own keys, and the core's for a chain frame that applies
    each answer at once (:meth:`Steps.open_frame <engine.core.steps.Steps.open_frame>` ``each=``)."""

    each: str  # the step that applies each answer
    busy: bool  # True while that step runs


FD = TypeVar("FD", bound=FrameData)


class Frame(TypedDict, Generic[FD]):
    """A reaction frame (:mod:`engine.core.frames`) asking several seats."""

    kind: str  # the decision kind asked
    mode: str  # PARALLEL or CHAIN
    seats: list[int]  # the seats asked, in order
    answers: dict[str, Any]  # seat (as a JSON key) → its answer: an action, or what its kind records
    resume: str  # the step run once the frame closes
    data: FD


class GameState(TypedDict, Generic[FD]):
    """What the core reads and writes in every game's state."""

    players: list[str]  # display names, in seat order
    step: NotRequired[int]  # actions applied so far (set by engine.core.play)
    frames: NotRequired[list[Frame[FD]]]  # open reaction frames, the top one last


class Seeded(TypedDict):
    """A state holding the seeded generator of :mod:`engine.core.rng`."""

    rng: int


class DecisionData(TypedDict):
    """The open decision of a step game (``state["decision"]``), as a kind's functions see it:
    built by :meth:`Steps.ask <engine.core.steps.Steps.ask>` with the step's own keys, or only
    these two for a seat a frame asks."""

    kind: str
    player: int


D = TypeVar("D", bound=DecisionData)
A = TypeVar("A", bound=Mapping[str, object])  # a game's action: a JSON object


class StepData(TypedDict, Generic[FD, A]):
    """A queued step (``state["queue"]``) as its step function sees it: the step's name, and the
    keys of the steps the core queues itself: a frame's resume step gets the closed ``frame``, a
    chain frame's ``each`` step the seat (``player``) and its ``answer``."""

    step: str
    frame: NotRequired[Frame[FD]]
    player: NotRequired[int]
    answer: NotRequired[A]


Q = TypeVar("Q", bound="StepData[Any, Any]")


class StepState(GameState[FD], Generic[D, Q, FD]):
    """What the step queue (:mod:`engine.core.steps`) reads and writes besides."""

    over: bool  # the game has ended; the queue stops
    decision: D | None  # the one open decision
    queue: NotRequired[list[Q]]  # the steps still to run (absent at rest with a transient queue)


class BaseEvent(TypedDict, total=False):
    """The keys the core reads or writes in a game's events."""

    forced: bool  # set by engine.core.play on the events of a forced step
    random: bool  # the event revealed a random draw: the action may not be taken back
    reveals: bool  # the event revealed hidden information: likewise


#: Every game's state, and every step game's, as the core's generic code reads them (through these
#: bounds of ``S`` and ``SS``: mypy reads ``.get``/``.setdefault`` of a type variable's TypedDict
#: only once the value is assigned to its bound, as in ``counted: AnyState = state``).
AnyState = GameState[Any]
AnyStepState = StepState[Any, Any, Any]
S = TypeVar("S", bound=AnyState)  # a game's state
SS = TypeVar("SS", bound=AnyStepState)  # a step game's state
E = TypeVar("E", bound=BaseEvent)  # a game's event
V = TypeVar("V", bound=Mapping[str, object])  # a game's view (public or one player's)
