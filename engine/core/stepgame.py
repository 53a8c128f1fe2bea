"""A :class:`~engine.core.game.Game` run on the step queue of :mod:`engine.core.steps`.

A subclass names its :class:`~engine.core.steps.Steps` registry (``steps``) and implements set-up,
texts, views and results; who is asked what, the legal actions, the pending decisions with their
prompts and deadline defaults, and applying an answer all follow from the declared kinds and the
state's decision, queue and frames. The open decision is asked before a frame's seats (a chain
answer's sub-decisions run while its frame waits). Validation, forced steps, parsing, replay and
``take back`` stay in :mod:`engine.core.play`.

A game that also asks questions kept elsewhere in its state (e.g. a set-up choice made by every
seat at once) overrides :meth:`StepGame.asked` to return them with ``where=OWN``: the kind's
``act`` then applies the answer itself (and the game overrides the take-back methods to match).
A frame's seats are asked with ``where=OWN`` too when their kind records its own answers
(:attr:`~engine.core.steps.Kind.own_answer`).
"""

from __future__ import annotations

from typing import Any, Generic, NamedTuple

from .decisions import CHAIN, PARALLEL, SINGLE, Decision
from .errors import IllegalAction
from .frames import is_asked, top_frame, waiting_seats
from .game import Game
from .i18n import msg
from .memo import ContentMemo
from .records import FD, SS, A, AnyStepState, D, E, Frame, V
from .shapes import Distribute, Shape
from .steps import Steps

DECISION = "decision"  # the open decision, state["decision"]
FRAME = "frame"  # a seat asked by the top frame
OWN = "own"  # kept elsewhere by the game, or a frame's own_answer kind; its kind's act applies the answer


class Asked(NamedTuple, Generic[D]):
    """One seat asked one decision now: ``data`` is what the kind's options and act see."""

    seat: int
    kind: str
    mode: str
    data: D
    where: str


_new = tuple.__new__  # Asked without the Python-level __new__ of a named tuple


class StepGame(Game[SS, A, E, V], Generic[SS, A, E, V, D]):
    """Pending decisions, legal actions, defaults and answers derived from a :class:`Steps` registry.

    Typed like its registry: ``StepGame[MyState, MyAction, MyEvent, MyView, MyDecision]`` with
    ``steps: Steps[MyState, MyAction, MyEvent, MyDecision, MyStep, MyFrameData]`` (the step game
    itself never reads a queued step's data or a frame's data)."""

    steps: Steps[SS, A, E, D, Any, Any]
    # True while a subclass keeps the derivation (overrides none of asked, is_over, options_of):
    # waiting(), asked_of() and legal_actions(), asked several times per action, then read the
    # open decision and the top frame directly: the same answers, without building every Asked.
    _direct = True
    _own_pending = False  # a subclass overriding pending(): decision() then reads it

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._direct = all(getattr(cls, name) is getattr(StepGame, name) for name in ("asked", "is_over", "options_of"))
        cls._own_pending = cls.pending is not StepGame.pending

    def asked(self, state: SS) -> list[Asked[D]]:
        """Who is asked what now: the open decision, else the top frame's waiting seats."""
        if self.is_over(state):
            return []
        decision: D | None = state["decision"]
        if decision is not None:
            return [Asked(decision["player"], decision["kind"], SINGLE, decision, DECISION)]
        frame = top_frame(state)
        if frame is None:
            return []
        return [self._frame_asked(frame, seat) for seat in waiting_seats(frame)]

    def _frame_asked(self, frame: Frame[FD], seat: int) -> Asked[D]:
        kind = frame["kind"]
        declared = self.steps.kinds.get(kind)
        where = OWN if declared is not None and declared.own_answer else FRAME
        mode = CHAIN if frame["mode"] == CHAIN else PARALLEL
        # the data of Steps.frame_asked, built here without its call (this runs several times an action)
        made: Asked[D] = _new(Asked, (seat, kind, mode, {"kind": kind, "player": seat}, where))
        return made

    def asked_of(self, state: SS, player: int) -> Asked[D] | None:
        if not self._direct:
            return next((a for a in self.asked(state) if a.seat == player), None)
        if state["over"]:
            return None
        decision: D | None = state["decision"]
        if decision is not None:
            if decision["player"] != player:
                return None
            made: Asked[D] = _new(Asked, (player, decision["kind"], SINGLE, decision, DECISION))
            return made
        held: AnyStepState = state  # read through the bound (see AnyState)
        frames = held.get("frames")
        return self._frame_asked(frames[-1], player) if frames and is_asked(frames[-1], player) else None

    def waiting(self, state: SS) -> list[int]:
        if self._direct:
            if state["over"]:
                return []
            decision: D | None = state["decision"]
            if decision is not None:
                return [decision["player"]]
            held: AnyStepState = state  # read through the bound (see AnyState)
            frames = held.get("frames")
            return waiting_seats(frames[-1]) if frames else []
        seen: list[int] = []
        for asked in self.asked(state):
            if asked.seat not in seen:
                seen.append(asked.seat)
        return seen

    #: How many seats' option lists to keep, keyed by the state's content (0: none). A game whose
    #: options are costly to list (legality simulated on copies) sets it; see :mod:`.memo`.
    options_cache = 0
    _options_memo: ContentMemo | None = None

    def options_of(self, state: SS, asked: Asked[D]) -> list[A]:
        """The legal answers of one seat asked (cached by content when ``options_cache`` is set)."""
        if not self.options_cache:
            return self.steps.kinds[asked.kind].options(state, asked.data)
        if self._options_memo is None:
            self._options_memo = ContentMemo(self.options_cache)
        found: list[A] = self._options_memo.get(
            asked.seat.to_bytes(2, "big"), state, lambda: self.steps.kinds[asked.kind].options(state, asked.data)
        )
        return found

    def legal_actions(self, state: SS, player: int) -> list[A]:
        if not self._direct:
            asked = self.asked_of(state, player)
            return [] if asked is None else self.options_of(state, asked)
        if state["over"]:
            return []
        decision: D | None = state["decision"]
        if decision is not None:
            return self.steps.kinds[decision["kind"]].options(state, decision) if decision["player"] == player else []
        held: AnyStepState = state  # read through the bound (see AnyState)
        frames = held.get("frames")
        if not frames or not is_asked(frames[-1], player):
            return []
        kind = frames[-1]["kind"]
        # as in _frame_asked; mypy cannot build a value of a type variable (see Steps.frame_asked)
        data: D = {"kind": kind, "player": player}  # type: ignore[assignment]
        return self.steps.kinds[kind].options(state, data)

    def pending(self, state: SS) -> list[Decision[A]]:
        return [self.decision_for(state, asked) for asked in self.asked(state)]

    def decision(self, state: SS, player: int) -> Decision[A] | None:
        if self._own_pending:
            return super().decision(state, player)
        asked = self.asked_of(state, player)
        return None if asked is None else self.decision_for(state, asked)

    def decision_for(self, state: SS, asked: Asked[D]) -> Decision[A]:
        """The decision of one seat asked: its options, deadline default, mode, prompt and shape."""
        options = self.options_of(state, asked)
        kind = self.steps.kinds[asked.kind]
        return Decision(
            asked.kind,
            asked.seat,
            tuple(options),
            self.steps.default_for(asked.kind, options),
            asked.mode,
            kind.prompt_for(state, asked.data),
            self._shape(state, asked, options),
        )

    def decision_shape(self, state: SS, player: int, options: list[A]) -> Shape | None:
        """The shape :meth:`decision` gives, from the options just listed: only the shape is built."""
        if self._own_pending:
            return super().decision_shape(state, player, options)
        asked = self.asked_of(state, player)
        return None if asked is None else self._shape(state, asked, options)

    def _shape(self, state: SS, asked: Asked[D], options: list[A]) -> Shape | None:
        shape = self.shape_of(state, asked, options)
        if self.steps.kinds[asked.kind].distribute and not isinstance(shape, Distribute):  # a rules bug
            raise TypeError(f"{self.steps.game}: kind {asked.kind!r} is declared distribute but shaped {shape!r}")
        return shape

    def may_be_forced(self, state: SS, player: int) -> bool:
        """False while ``player`` is asked a kind declared ``distribute`` (never a forced step)."""
        if not self.steps.distributes:  # no such kind: the common case, asked nothing
            return True
        if self._direct:  # as asked_of, without building the Asked
            decision: D | None = state["decision"]
            held: AnyStepState = state  # read through the bound (see AnyState)
            frames = held.get("frames")
            if decision is not None:
                kind = decision["kind"] if decision["player"] == player else None
            else:
                kind = frames[-1]["kind"] if frames and is_asked(frames[-1], player) else None
        else:
            asked = self.asked_of(state, player)
            kind = None if asked is None else asked.kind
        declared = None if kind is None or state["over"] else self.steps.kinds.get(kind)
        return declared is None or not declared.distribute

    def shape_of(self, state: SS, asked: Asked[D], options: list[A]) -> Shape | None:
        """The decision's shape and labels; ``None`` lets :mod:`engine.core.play` offer a plain choice."""
        return None

    def apply_action(self, state: SS, player: int, action: A) -> list[E]:
        """Apply an answer :mod:`engine.core.play` has validated; :class:`IllegalAction` when
        ``player`` is asked nothing (a caller that skipped validation)."""
        events: list[E] = []
        decision: D | None = state["decision"]
        if self._direct and decision is not None and decision["player"] == player and not state["over"]:
            self.steps.answer(state, action, events)  # the common case, without building an Asked
            return events
        asked = self.asked_of(state, player)
        if asked is None:
            raise IllegalAction("not_your_turn", msg("You have nothing to decide now."))
        if asked.where == DECISION:
            self.steps.answer(state, action, events)
        elif asked.where == FRAME:
            self.steps.answer_frame(state, player, action, events)
        else:
            act = self.steps.kinds[asked.kind].act
            assert act is not None, f"kind {asked.kind} asked by the game needs an act"
            act(state, asked.data, action, events)
            self.steps.run(state, events)
        return events

    def is_over(self, state: SS) -> bool:
        return bool(state["over"])
