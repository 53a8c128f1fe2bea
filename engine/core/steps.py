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
from typing import Generic, cast

from .frames import pop_frame, push_frame, record_answer, top_frame, waiting_seats
from .records import FD, SS, A, AnyStepState, D, E, Frame, Q, StepData

#: A step: ``fn(state, step, events)``, ``step`` being the queued step's data.
StepFn = Callable[[SS, Q, list[E]], None]
#: A kind's legal answers: ``options(state, asked)``, ``asked`` the decision's data.
OptionsFn = Callable[[SS, D], list[A]]
#: What an answer does: ``act(state, asked, answer, events)``.
ActFn = Callable[[SS, D, A, list[E]], None]
#: The deadline default among the options (``None``: no default).
DefaultFn = Callable[[list[A]], A | None]
#: A prompt depending on the state: ``prompt(state, asked)``.
PromptFn = Callable[[SS, D], str]


def first(options: list[A]) -> A | None:
    """Default rule: the first option (kinds whose options start with the safe answer)."""
    return options[0] if options else None


def never(options: list[A]) -> A | None:
    """Default rule: no deadline default (the decision is never taken automatically)."""
    return None


@dataclass(frozen=True)
class Kind(Generic[SS, A, E, D]):
    """A decision kind. ``options(state, asked)`` lists the legal answers of the seat asked
    (``asked`` is the open decision's data, or ``{"kind", "player"}`` for a frame's seat);
    ``act(state, asked, answer, events)`` applies one (``None``: a frame only records it);
    ``prompt`` is a short question (or a function of state and ``asked``); ``default`` picks
    the deadline default from the options (``None``: the registry's rule). ``own_answer``: asked
    in a frame, ``act`` records the seat's answer itself (:func:`~engine.core.frames.record_answer`,
    then :meth:`Steps.close` once the frame is complete), for an answer built over several actions
    or actions that answer nothing; the core then neither records it nor closes the frame.
    ``distribute``: the game gives the decision a :class:`~engine.core.shapes.Distribute` shape
    (pieces a person places), so it is never a forced step, even with one option left, and forced
    steps need not list its options (:meth:`engine.core.stepgame.StepGame.decision_for` checks the
    shape)."""

    name: str
    options: OptionsFn[SS, D, A]
    act: ActFn[SS, D, A, E] | None
    prompt: str | PromptFn[SS, D]
    default: DefaultFn[A] | None = None
    own_answer: bool = False
    distribute: bool = False

    @property
    def default_first(self) -> bool:
        return self.default is first

    def prompt_for(self, state: SS, asked: D) -> str:
        return self.prompt if isinstance(self.prompt, str) else self.prompt(state, asked)


class Steps(Generic[SS, A, E, D, Q, FD]):
    """One game's steps and decision kinds, and the queue machinery over them.

    Typed by the game's state, action, event, open decision, queued step and frame data
    (``Steps[MyState, MyAction, MyEvent, MyDecision, MyStep, MyFrameData]``, see
    :mod:`engine.core.records`).

    ``default`` is the game's deadline rule for kinds declaring none (default: none).
    ``transient_queue``: the state holds ``"queue"`` only while steps wait in it, and :meth:`run`
    removes it once it runs empty. For a game that keeps its place in its own data (whose step
    that asks is always the last one queued), so its states at rest carry no queue at all."""

    def __init__(self, game: str, default: DefaultFn[A] = never, transient_queue: bool = False) -> None:
        self.game = game
        self.default = default
        self.transient_queue = transient_queue
        self.steps: dict[str, StepFn[SS, Q, E]] = {}
        self.kinds: dict[str, Kind[SS, A, E, D]] = {}
        self.distributes = False  # some kind is declared distribute

    def __repr__(self) -> str:
        return f"Steps({self.game!r}: {len(self.steps)} steps, {len(self.kinds)} kinds)"

    # --- declarations ---------------------------------------------------------------------------
    def step(self, name: str) -> Callable[[StepFn[SS, Q, E]], StepFn[SS, Q, E]]:
        """Decorator: register a step under ``name`` (once)."""

        def register(fn: StepFn[SS, Q, E]) -> StepFn[SS, Q, E]:
            if name in self.steps:
                raise ValueError(f"{self.game}: step {name!r} registered twice")
            self.steps[name] = fn
            return fn

        return register

    def kind(
        self,
        name: str,
        options: OptionsFn[SS, D, A],
        act: ActFn[SS, D, A, E] | None,
        prompt: str | PromptFn[SS, D],
        default: DefaultFn[A] | None = None,
        default_first: bool = False,
        own_answer: bool = False,
        distribute: bool = False,
    ) -> Kind[SS, A, E, D]:
        """Register a decision kind (once); ``default_first`` is short for ``default=first``."""
        if name in self.kinds:
            raise ValueError(f"{self.game}: decision kind {name!r} registered twice")
        rule = first if default_first else default
        declared = Kind(name, options, act, prompt, rule, own_answer, distribute)
        self.kinds[name] = declared
        self.distributes = self.distributes or distribute
        return declared

    def default_for(self, kind: str, options: list[A]) -> A | None:
        """The deadline default among ``options`` of a decision of ``kind``."""
        if not options:
            return None
        rule = self.kinds[kind].default
        return (rule or self.default)(options)

    # --- the queue ------------------------------------------------------------------------------
    def ask(self, state: SS, kind: str, player: int, **data: object) -> None:
        """Open the decision ``kind`` for ``player``; the queue waits until it is answered.
        ``data`` is the rest of the decision's data (mypy checks it against nothing here: the
        keys become the game's decision type's)."""
        if state["decision"] is not None:
            raise RuntimeError(f"{self.game}: decision {state['decision']['kind']} still open")
        if kind not in self.kinds:
            raise KeyError(f"{self.game}: unknown decision kind {kind!r}")
        state["decision"] = {"kind": kind, "player": player, **data} if data else {"kind": kind, "player": player}

    def then(self, state: SS, *steps: Q) -> None:
        """Run ``steps`` next (copies), in this order, before anything queued earlier."""
        held: AnyStepState = state  # read through the bound (see AnyState)
        queue = held.get("queue")
        if queue is None:
            state["queue"] = [step.copy() for step in steps]
        elif len(steps) == 1:
            queue.insert(0, steps[0].copy())
        else:
            queue[0:0] = [step.copy() for step in steps]

    def run(self, state: SS, events: list[E]) -> None:
        """Run queued steps until one opens a decision or a frame, the queue is empty or the game ends."""
        held: AnyStepState = state  # read through the bound (see AnyState)
        queue = held.get("queue")
        while queue and state["decision"] is None and not state["over"]:
            frames = state["frames"]
            if frames and not frames[-1]["data"].get("busy"):  # a frame waits (unless applying an answer)
                break
            current = queue.pop(0)
            self.steps[current["step"]](state, current, events)
            queue = held.get("queue")  # the same list, unless a step ran the queue itself
        if self.transient_queue and queue is not None and not queue:
            del state["queue"]

    def call(self, state: SS, step: Q, events: list[E]) -> None:
        """Run one step now (for a game that keeps no queue)."""
        self.steps[step["step"]](state, step, events)

    def options(self, state: SS) -> list[A]:
        """The legal answers to the open decision (none when nothing is open)."""
        decision = state["decision"]
        return self.kinds[decision["kind"]].options(state, decision) if decision else []

    def answer(self, state: SS, action: A, events: list[E]) -> None:
        """Apply ``action`` (already validated) to the open decision, then run on."""
        decision: D | None = state["decision"]
        assert decision is not None, "answer needs an open decision"
        state["decision"] = None
        act = self.kinds[decision["kind"]].act
        if act is not None:
            act(state, decision, action, events)
        self.run(state, events)

    # --- frames ---------------------------------------------------------------------------------
    def open_frame(
        self,
        state: SS,
        kind: str,
        seats: list[int],
        mode: str,
        resume: str,
        data: FD | None = None,
        each: str | None = None,
    ) -> Frame[FD]:
        """Ask ``seats`` (in that order) a decision of ``kind`` at once (``PARALLEL``) or one after
        another (``CHAIN``); ``resume`` is the step run once the frame closes; ``each`` names a
        step applying every answer at once (``{"player", "answer"}``). Returns the frame."""
        for name in (resume, each):
            if name is not None and name not in self.steps:
                raise KeyError(f"{self.game}: frame {kind!r} names unknown step {name!r}")
        extra = data.copy() if data else cast(FD, {})  # no data: an empty one (its keys are optional)
        if each is not None:
            extra["each"] = each
            extra["busy"] = False
        frame: Frame[FD] = push_frame(state, kind, seats, mode, resume, extra)
        return frame

    def answer_frame(self, state: SS, seat: int, action: A, events: list[E]) -> None:
        """Record ``seat``'s answer (already validated) to the top frame, then run on: a chain
        answer is applied now by the frame's ``each`` step; the last answer closes the frame."""
        frame = top_frame(state)
        assert frame is not None, "answer_frame needs an open frame"
        record_answer(frame, seat, action)
        kind = self.kinds.get(frame["kind"])
        if kind is not None and kind.act is not None:
            kind.act(state, self.frame_asked(frame["kind"], seat), action, events)
        each = frame["data"].get("each")
        if each:  # applied now, before the next seat is asked
            frame["data"]["busy"] = True
            self.then(state, self._step({"step": each, "player": seat, "answer": action}))
        elif not waiting_seats(frame):
            self.close(state)
        self.run(state, events)

    def applied(self, state: SS) -> bool:
        """The top frame's last answer has been applied in full (its ``each`` step is done): the
        frame asks its next seat, or closes once every seat has answered (True)."""
        frame = top_frame(state)
        assert frame is not None, "applied needs an open frame"
        frame["data"]["busy"] = False
        if waiting_seats(frame):
            return False
        self.close(state)
        return True

    def close(self, state: SS) -> Frame[FD]:
        """Pop the top frame and queue its resume step next (it reads the frame's answers)."""
        frame: Frame[FD] = pop_frame(state)
        self.then(state, self._step({"step": frame["resume"], "frame": frame}))
        return frame

    def resume(self, state: SS, frame: Frame[FD], events: list[E]) -> None:
        """Run the resume step of ``frame`` (already popped) now (for a game that keeps no queue)."""
        self.call(state, self._step({"step": frame["resume"], "frame": frame}), events)

    # --- the records the core makes for the game -----------------------------------------------
    # mypy cannot build a value of a type variable: these records carry the keys of the game's
    # types' bases (DecisionData, StepData), the game's own keys being optional.
    def frame_asked(self, kind: str, seat: int) -> D:
        """The data a kind's functions see for a seat a frame asks."""
        return cast(D, {"kind": kind, "player": seat})

    def _step(self, step: StepData[FD, A]) -> Q:
        return cast(Q, step)
