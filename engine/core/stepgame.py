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
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .decisions import CHAIN, PARALLEL, SINGLE, Action, Decision, Event, State
from .errors import IllegalAction
from .frames import top_frame, waiting_seats
from .game import Game
from .shapes import Shape
from .steps import Steps

DECISION = "decision"  # the open decision, state["decision"]
FRAME = "frame"  # a seat asked by the top frame
OWN = "own"  # kept elsewhere by the game; its kind's act applies the answer


class Asked(NamedTuple):
    """One seat asked one decision now: ``data`` is what the kind's options and act see."""

    seat: int
    kind: str
    mode: str
    data: dict[str, Any]
    where: str


class StepGame(Game):
    """Pending decisions, legal actions, defaults and answers derived from a :class:`Steps` registry."""

    steps: Steps

    def asked(self, state: State) -> list[Asked]:
        """Who is asked what now: the open decision, else the top frame's waiting seats."""
        if self.is_over(state):
            return []
        decision = state["decision"]
        if decision is not None:
            return [Asked(decision["player"], decision["kind"], SINGLE, decision, DECISION)]
        frame = top_frame(state)
        if frame is None:
            return []
        kind = frame["kind"]
        mode = CHAIN if frame["mode"] == CHAIN else PARALLEL
        return [Asked(seat, kind, mode, {"kind": kind, "player": seat}, FRAME) for seat in waiting_seats(frame)]

    def asked_of(self, state: State, player: int) -> Asked | None:
        return next((a for a in self.asked(state) if a.seat == player), None)

    def waiting(self, state: State) -> list[int]:
        seen: list[int] = []
        for asked in self.asked(state):
            if asked.seat not in seen:
                seen.append(asked.seat)
        return seen

    def options_of(self, state: State, asked: Asked) -> list[Action]:
        """The legal answers of one seat asked (a game may cache them)."""
        return self.steps.kinds[asked.kind].options(state, asked.data)

    def legal_actions(self, state: State, player: int) -> list[Action]:
        asked = self.asked_of(state, player)
        return [] if asked is None else self.options_of(state, asked)

    def pending(self, state: State) -> list[Decision]:
        out = []
        for asked in self.asked(state):
            kind = self.steps.kinds[asked.kind]
            options = self.options_of(state, asked)
            out.append(
                Decision(
                    asked.kind,
                    asked.seat,
                    tuple(options),
                    self.steps.default_for(asked.kind, options),
                    asked.mode,
                    kind.prompt_for(state, asked.data),
                    self.shape_of(state, asked, options),
                )
            )
        return out

    def shape_of(self, state: State, asked: Asked, options: list[Action]) -> Shape | None:
        """The decision's shape and labels; ``None`` lets :mod:`engine.core.play` offer a plain choice."""
        return None

    def apply_action(self, state: State, player: int, action: Action) -> list[Event]:
        """Apply an answer :mod:`engine.core.play` has validated; :class:`IllegalAction` when
        ``player`` is asked nothing (a caller that skipped validation)."""
        asked = self.asked_of(state, player)
        if asked is None:
            raise IllegalAction("not_your_turn", "You have nothing to decide now.")
        events: list[Event] = []
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

    def is_over(self, state: State) -> bool:
        return bool(state["over"])
