"""Puerto Rico's registry on the core step queue (:mod:`engine.core.steps`): its steps and decision kinds.

The order of play is a program of named steps. A role choice (kind ``role``) queues the role's
step (``settler``, ``mayor``, ``builder``, ``craftsman``, ``trader``, ``captain``,
``prospector``); a phase asks its players one at a time (each answer queues the phase's next
step: ``settle_turn``, ``build_next``, ``trade_next``, ``ship_turn``, ``lodge_turn``), runs its
parts without a question as steps too (``mayor_colonists``, ``mayor_ship``, ``hunting_lodge``,
``unload``...) and, once done, queues ``end_role``, which asks the next role choice
(``choose_role``) or ends the round (``end_round``, ``finish_round``).

Reaction windows are parallel frames whose answers are held until the last one is in: the Mayor
layouts, the Captain's storage and the Guest House windows (:mod:`.guest_window`). Each frame
names the step that resumes the game once it closes (``mayor_refill``, ``captain_unload``,
``role``, ``storage``, ``lodge``, ``final``); it reads the closed frame from ``s["frame"]``. Rules
modules register their steps and kinds here at import (:mod:`.game` imports them all).

Puerto Rico keeps its place in its own data (``state["phase"]``: the order of the phase's turns,
whose turn it is, what is under way), so a step that asks is always the last one queued, and its
queue is transient: a state at rest holds no ``"queue"``, exactly as states stored before the
queue did, so stored games and exported records go on unchanged.

The Guest House moves (:mod:`.guest_house`) are offered inside every kind declared with
:func:`kind` (but those of ``guest_house.NOT_IN``): a move asks the same question again.

Deadline defaults: a kind's own rule (the proposed layout, the most valuable storage or privilege
good, the first building of the draft, the guests staying...), else ``pass`` where it is offered;
role choice and mandatory loading have none.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.records import DecisionData
from ..core.steps import DefaultFn, Kind, PromptFn, Steps
from . import guest_house
from .types import Events, PRAction, PREvent, PRFrameData, PRState, PRStep

PlayerOptions = Callable[[PRState, int], list[PRAction]]
PlayerAct = Callable[[PRState, int, PRAction, Events], None]
PASS: PRAction = {"verb": "pass"}


def pass_default(options: list[PRAction]) -> PRAction | None:
    """Passing where it is legal; otherwise no deadline default."""
    return PASS if PASS in options else None


STEPS: Steps[PRState, PRAction, PREvent, DecisionData, PRStep, PRFrameData] = Steps(
    "puerto_rico", default=pass_default, transient_queue=True
)
step, ask, then = STEPS.step, STEPS.ask, STEPS.then


def kind(
    name: str,
    options: PlayerOptions,
    act: PlayerAct,
    prompt: str | PromptFn[PRState, DecisionData],
    default: DefaultFn[PRAction] | None = None,
    frame: bool = False,
    last: PlayerAct | None = None,
    distribute: bool = False,
) -> Kind[PRState, PRAction, PREvent, DecisionData]:
    """Declare the decision kind ``name`` from functions of the seat asked: ``options(state,
    seat)`` and ``act(state, seat, action, events)``. A ``frame`` kind is asked in a parallel
    frame and ``act`` records the answers itself (a layout is placed one colonist at a time, a
    Guest House move answers nothing) and closes the frame once complete.

    The Guest House moves are offered besides and applied here: the same question is asked
    again; in a frame the seat simply stays asked and, once a move leaves one option, ``last``
    (if given) plays it. ``distribute``: shaped as a Distribute (:class:`~engine.core.steps.Kind`)."""

    guests = name not in guest_house.NOT_IN

    def listed(state: PRState, asked: DecisionData) -> list[PRAction]:
        seat = asked["player"]
        if guests and state["boards"][seat]["city"].get("guest-house"):
            return options(state, seat) + guest_house.options(state, seat, name)
        return options(state, seat)

    def answered(state: PRState, asked: DecisionData, action: PRAction, events: Events) -> None:
        seat = asked["player"]
        if action["verb"] != "guest":
            act(state, seat, action, events)
            return
        guest_house.act(state, seat, action, events)
        if not frame:
            ask(state, name, seat)
            return
        left = listed(state, asked)
        if last is not None and len(left) == 1:  # nothing left to choose in the frame
            last(state, seat, left[0], events)

    return STEPS.kind(name, listed, answered, prompt, default, own_answer=frame, distribute=distribute)
