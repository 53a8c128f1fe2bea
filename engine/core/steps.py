"""The step queue: a game's turn as a program of named steps kept as plain data in the state.

A game makes one :class:`Steps` registry (so two games never share a table) and declares on it
its *steps* (``@STEPS.step("name")``: a function of the state, the step's own data and the event
list) and its decision *kinds* (:meth:`Steps.kind`: the legal options, what an answer does, a
prompt and the deadline default). The state holds:

- ``state["queue"]``: the steps still to run, each ``{"step": name, ...data}`` (with
  ``transient_queue``, present only while a step waits in it);
- ``state["decision"]``: the one open decision ``{"kind", "player", ...data}``, or ``None``;
- ``state["frames"]``: reaction windows (:mod:`engine.core.frames`) asking several seats;
- ``state["over"]``: true once the game has ended (the queue then stops).

A step may open a decision (:meth:`Steps.ask`) and stop; once it is answered (:meth:`Steps.answer`)
the queue runs on (:meth:`Steps.run`). A step pushes sub-steps in front with :meth:`Steps.then`,
so nested sub-decisions need no closure and a restart between two answers loses nothing.

A frame (:meth:`Steps.open_frame`) names the step that *resumes* once it closes. A parallel
frame holds its answers until the last one is in (until then each may be taken back, see
:mod:`engine.core.takeback`); the resume step then reads them all from ``s["frame"]``. A frame
opened with ``each=`` (a chain) applies every answer at once: that step (with the answer's own
sub-decisions) runs while the frame is *busy*, and calls :meth:`Steps.applied` when done (which
asks the next seat, or closes the frame after the last).

:class:`engine.core.stepgame.StepGame` derives a game's pending decisions, legal actions and
defaults from these declarations; :mod:`engine.core.play` stays the only apply path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .decisions import Action, Event, State
from .frames import pop_frame, push_frame, record_answer, top_frame, waiting_seats

Data = dict[str, Any]
Events = list[Event]
StepFn = Callable[[State, Data, Events], None]
OptionsFn = Callable[[State, Data], list[Action]]
ActFn = Callable[[State, Data, Action, Events], None]
DefaultFn = Callable[[list[Action]], Action | None]
PromptFn = Callable[[State, Data], str]


def first(options: list[Action]) -> Action | None:
    """Default rule: the first option (kinds whose options start with the safe answer)."""
    return options[0] if options else None


def never(options: list[Action]) -> Action | None:
    """Default rule: no deadline default (the decision is never taken automatically)."""
    return None


@dataclass(frozen=True)
class Kind:
    """A decision kind. ``options(state, asked)`` lists the legal answers of the seat asked
    (``asked`` is the open decision's data, or ``{"kind", "player"}`` for a frame's seat);
    ``act(state, asked, answer, events)`` applies one (``None``: a frame only records it);
    ``prompt`` is a short question (or a function of state and ``asked``); ``default`` picks
    the deadline default from the options (``None``: the registry's rule). ``own_answer``: asked
    in a frame, ``act`` records the seat's answer itself (:func:`~engine.core.frames.record_answer`,
    then :meth:`Steps.close` once the frame is complete), for an answer built over several actions
    or actions that answer nothing; the core then neither records it nor closes the frame."""

    name: str
    options: OptionsFn
    act: ActFn | None
    prompt: str | PromptFn
    default: DefaultFn | None = None
    own_answer: bool = False

    @property
    def default_first(self) -> bool:
        return self.default is first

    def prompt_for(self, state: State, asked: Data) -> str:
        return self.prompt if isinstance(self.prompt, str) else self.prompt(state, asked)


class Steps:
    """One game's steps and decision kinds, and the queue machinery over them.

    ``default`` is the game's deadline rule for kinds declaring none (default: none).
    ``transient_queue``: the state holds ``"queue"`` only while steps wait in it, and :meth:`run`
    removes it once it runs empty. For a game that keeps its place in its own data (whose step
    that asks is always the last one queued), so its states at rest carry no queue at all."""

    def __init__(self, game: str, default: DefaultFn = never, transient_queue: bool = False) -> None:
        self.game = game
        self.default = default
        self.transient_queue = transient_queue
        self.steps: dict[str, StepFn] = {}
        self.kinds: dict[str, Kind] = {}

    def __repr__(self) -> str:
        return f"Steps({self.game!r}: {len(self.steps)} steps, {len(self.kinds)} kinds)"

    # --- declarations ---------------------------------------------------------------------------
    def step(self, name: str) -> Callable[[StepFn], StepFn]:
        """Decorator: register a step under ``name`` (once)."""

        def register(fn: StepFn) -> StepFn:
            if name in self.steps:
                raise ValueError(f"{self.game}: step {name!r} registered twice")
            self.steps[name] = fn
            return fn

        return register

    def kind(
        self,
        name: str,
        options: OptionsFn,
        act: ActFn | None,
        prompt: str | PromptFn,
        default: DefaultFn | None = None,
        default_first: bool = False,
        own_answer: bool = False,
    ) -> Kind:
        """Register a decision kind (once); ``default_first`` is short for ``default=first``."""
        if name in self.kinds:
            raise ValueError(f"{self.game}: decision kind {name!r} registered twice")
        declared = Kind(name, options, act, prompt, first if default_first else default, own_answer)
        self.kinds[name] = declared
        return declared

    def default_for(self, kind: str, options: list[Action]) -> Action | None:
        """The deadline default among ``options`` of a decision of ``kind``."""
        if not options:
            return None
        rule = self.kinds[kind].default
        return (rule or self.default)(options)

    # --- the queue ------------------------------------------------------------------------------
    def ask(self, state: State, kind: str, player: int, **data: Any) -> None:
        """Open the decision ``kind`` for ``player``; the queue waits until it is answered."""
        if state["decision"] is not None:
            raise RuntimeError(f"{self.game}: decision {state['decision']['kind']} still open")
        if kind not in self.kinds:
            raise KeyError(f"{self.game}: unknown decision kind {kind!r}")
        state["decision"] = {"kind": kind, "player": player, **data} if data else {"kind": kind, "player": player}

    def then(self, state: State, *steps: Data) -> None:
        """Run ``steps`` next, in this order, before anything queued earlier."""
        queue = state.get("queue")
        if queue is None:
            state["queue"] = list(map(dict, steps))
        elif len(steps) == 1:
            queue.insert(0, dict(steps[0]))
        else:
            queue[0:0] = map(dict, steps)

    def run(self, state: State, events: Events) -> None:
        """Run queued steps until one opens a decision or a frame, the queue is empty or the game ends."""
        queue = state.get("queue")
        while queue and state["decision"] is None and not state["over"]:
            frames = state["frames"]
            if frames and not frames[-1]["data"].get("busy"):  # a frame waits (unless applying an answer)
                break
            current = queue.pop(0)
            self.steps[current["step"]](state, current, events)
            queue = state.get("queue")  # the same list, unless a step ran the queue itself
        if self.transient_queue and queue is not None and not queue:
            del state["queue"]

    def call(self, state: State, step: Data, events: Events) -> None:
        """Run one step now (for a game that keeps no queue)."""
        self.steps[step["step"]](state, step, events)

    def options(self, state: State) -> list[Action]:
        """The legal answers to the open decision (none when nothing is open)."""
        decision = state["decision"]
        return self.kinds[decision["kind"]].options(state, decision) if decision else []

    def answer(self, state: State, action: Action, events: Events) -> None:
        """Apply ``action`` (already validated) to the open decision, then run on."""
        decision = state["decision"]
        state["decision"] = None
        act = self.kinds[decision["kind"]].act
        if act is not None:
            act(state, decision, action, events)
        self.run(state, events)

    # --- frames ---------------------------------------------------------------------------------
    def open_frame(
        self,
        state: State,
        kind: str,
        seats: list[int],
        mode: str,
        resume: str,
        data: Data | None = None,
        each: str | None = None,
    ) -> Data:
        """Ask ``seats`` (in that order) a decision of ``kind`` at once (``PARALLEL``) or one after
        another (``CHAIN``); ``resume`` is the step run once the frame closes; ``each`` names a
        step applying every answer at once (``{"player", "answer"}``). Returns the frame."""
        for name in (resume, each):
            if name is not None and name not in self.steps:
                raise KeyError(f"{self.game}: frame {kind!r} names unknown step {name!r}")
        extra = dict(data or {})
        if each is not None:
            extra.update(each=each, busy=False)
        return push_frame(state, kind, seats, mode, resume, extra)

    def answer_frame(self, state: State, seat: int, action: Action, events: Events) -> None:
        """Record ``seat``'s answer (already validated) to the top frame, then run on: a chain
        answer is applied now by the frame's ``each`` step; the last answer closes the frame."""
        frame = top_frame(state)
        assert frame is not None, "answer_frame needs an open frame"
        record_answer(frame, seat, action)
        kind = self.kinds.get(frame["kind"])
        if kind is not None and kind.act is not None:
            kind.act(state, {"kind": frame["kind"], "player": seat}, action, events)
        if frame["data"].get("each"):  # applied now, before the next seat is asked
            frame["data"]["busy"] = True
            self.then(state, {"step": frame["data"]["each"], "player": seat, "answer": action})
        elif not waiting_seats(frame):
            self.close(state)
        self.run(state, events)

    def applied(self, state: State) -> bool:
        """The top frame's last answer has been applied in full (its ``each`` step is done): the
        frame asks its next seat, or closes once every seat has answered (True)."""
        frame = top_frame(state)
        assert frame is not None, "applied needs an open frame"
        frame["data"]["busy"] = False
        if waiting_seats(frame):
            return False
        self.close(state)
        return True

    def close(self, state: State) -> Data:
        """Pop the top frame and queue its resume step next (it reads the frame's answers)."""
        frame = pop_frame(state)
        self.then(state, {"step": frame["resume"], "frame": frame})
        return frame

    def resume(self, state: State, frame: Data, events: Events) -> None:
        """Run the resume step of ``frame`` (already popped) now (for a game that keeps no queue)."""
        self.call(state, {"step": frame["resume"], "frame": frame}, events)
