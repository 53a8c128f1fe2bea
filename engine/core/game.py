"""The contract every game package fulfils; the core never names a game."""

from __future__ import annotations

import json
import marshal
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, cast

from .decisions import Decision, EventText
from .frames import held_answer, top_frame, waiting_seats, withdraw_answer
from .outcome import Outcome
from .records import A, AnyState, E, S, V
from .shapes import Shape
from .spec import GameSpec, Options
from .takeback import TakeBackEvent


class Game(ABC, Generic[S, A, E, V]):
    """A game's rules as pure functions over plain, JSON-able state.

    Subclasses implement the abstract methods; :mod:`engine.core.play` wraps them
    with validation, forced-step resolution and copying, so a front end only
    ever calls ``play.apply``/``play.legal_actions``/``play.pending``.

    A game fills the type variables with its own TypedDicts (:mod:`engine.core.records`): its
    state ``S``, action ``A``, event ``E`` and view ``V``; code that handles any game uses
    :data:`AnyGame`.
    """

    spec: GameSpec

    # --- set-up -------------------------------------------------------------
    @abstractmethod
    def setup(self, players: list[str], options: Options, seed: int) -> S:
        """A new game for ``players`` (display names, in seat order) with resolved options."""

    # --- who decides what ---------------------------------------------------
    @abstractmethod
    def pending(self, state: S) -> list[Decision[A]]:
        """Every open decision (empty once the game is over), each with its shape
        (:mod:`engine.core.shapes`: options with labels for people, secrecy, the pass option)."""

    def decision(self, state: S, player: int) -> Decision[A] | None:
        """``player``'s open decision (the first of :meth:`pending` that asks them), if any;
        override with a cheaper answer."""
        return next((d for d in self.pending(state) if d.player == player), None)

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> list[A]:
        """Sorted legal actions of ``player`` now; empty when they owe nothing."""

    def decision_shape(self, state: S, player: int, options: list[A]) -> Shape | None:
        """The shape of ``player``'s open decision (:meth:`decision`'s), ``options`` being its legal
        actions, just listed (``None``: no decision, or one the game gives no shape); override
        with an answer that does not list them again (:func:`engine.core.play.resolve_forced` asks
        for it whenever a decision has a single option)."""
        decision = self.decision(state, player)
        return None if decision is None else decision.shape

    def may_be_forced(self, state: S, player: int) -> bool:
        """False when ``player``'s open decision is never played for them, however few its options
        (its shape is a :class:`~engine.core.shapes.Distribute`), so
        :func:`engine.core.play.resolve_forced` need not list them; True (it may be) by default."""
        return True

    def waiting(self, state: S) -> list[int]:
        """Seats that owe a decision now, each once; override with a cheaper answer."""
        seen: list[int] = []
        for d in self.pending(state):
            if d.player not in seen:
                seen.append(d.player)
        return seen

    def may_take_back(self, state: S, player: int) -> bool:
        """True while ``player`` has answered an open parallel decision whose answers are held
        until the last one is in; :mod:`engine.core.play` then offers ``take back``.

        By default: the top reaction frame (``state["frames"]``, see :mod:`engine.core.frames`)
        is the question being asked now and holds ``player``'s answer. A game that keeps
        parallel answers elsewhere overrides this and :meth:`take_back`."""
        seen: AnyState = state  # read through the bound (see AnyState)
        frames = seen.get("frames")
        if not frames or not held_answer(frames[-1], player):
            return False
        return sorted(self.waiting(state)) == sorted(waiting_seats(frames[-1]))

    def take_back(self, state: S, player: int) -> list[E]:
        """Withdraw ``player``'s held answer in place (only when :meth:`may_take_back`), so they
        owe the decision again; return any events beyond the core's own take-back event."""
        frame = top_frame(state)
        assert frame is not None, "take_back needs may_take_back"
        withdraw_answer(frame, player)
        return []

    @abstractmethod
    def apply_action(self, state: S, player: int, action: A) -> list[E]:
        """Apply a legal action to ``state`` in place and return its events."""

    # --- text ---------------------------------------------------------------
    @abstractmethod
    def action_text(self, action: A) -> str:
        """Canonical short text, e.g. ``ship corn 7``."""

    @abstractmethod
    def event_text(self, state: S, event: E) -> EventText:
        """The event as a public sentence and, where needed, a private one."""

    # --- views and results --------------------------------------------------
    @abstractmethod
    def public_view(self, state: S) -> V:
        """What everybody (and a spectator) may see."""

    @abstractmethod
    def view(self, state: S, player: int) -> V:
        """What ``player`` may see."""

    def view_text(self, view: V) -> str:
        """A plain-text board for terminals and logs, drawn from a view."""
        return json.dumps(view, indent=1, sort_keys=True)

    def undo_barrier(self, events: Sequence[E | TakeBackEvent]) -> bool:
        """True when these events revealed a random draw or hidden information,
        so the action that caused them may not be taken back."""
        return any(e.get("random") or e.get("reveals") for e in events)

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once final scores are known."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The final result (every seat's total, breakdown, rank, tie-break values, the winners),
        or ``None`` mid-game. Read from the state, so an old stored state gives its outcome too."""

    def notice(self, state: S | None = None) -> str | None:
        """One line about this game's data for the lobby and status (e.g. values still
        provisional), for ``state`` or for new games; ``None`` when there is nothing to say.
        A game whose state names data that is not loaded raises :class:`ValueError`."""
        return None

    def load_data_pack(self, path: str) -> str:
        """Use a server owner's data file for new games (validated); return a one-line summary.
        Games without replaceable data refuse with :class:`ValueError`."""
        raise ValueError(f"{self.spec.title} has no data pack to replace")

    # --- what an AI player needs (:mod:`engine.ai`) ----------------------------------------------
    #: How many of the game's points a lead must be worth to be nearly sure (:meth:`evaluate`'s scale):
    #: a lead of this many points counts as about a 3-in-4 chance of winning.
    evaluation_scale: float = 6.0
    #: The share of each AI level's iterations the game affords: below 1 for a game whose simulated
    #: steps are slow.
    ai_budget: float = 1.0

    def determinize(self, state: S, seat: int, seed: int) -> S:
        """A copy of ``state`` that ``seat`` cannot tell from it: every part hidden from ``seat``
        (deck order, others' hands, answers not yet revealed, the random generator, so future chance)
        sampled anew from what ``seat``'s view allows, driven by ``seed``. The result depends only on
        ``seat``'s view and ``seed``: states ``seat`` sees alike give the same copy.

        This default re-seeds the generator only; a game with hidden parts beyond it overrides."""
        new = self.copy_state(state)
        plain = cast(dict[str, Any], new)  # the generator is a Seeded state's; any state may hold one
        if "rng" in plain:
            plain["rng"] = seed & ((1 << 64) - 1)
        return new

    def evaluate(self, state: S) -> list[float] | None:
        """Each seat's final score as the position promises it, in the game's points (what is scored
        already plus what the seat's holdings will likely bring), for cutting a simulated game short;
        ``None``: no estimate (simulations then play to the end)."""
        return None

    def copy_state(self, state: S) -> S:
        """A deep copy; marshal is the fastest exact copy of plain JSON-like data."""
        # typeshed's marshal.dumps does not take TypedDicts (plain dicts at run time): mypy limitation
        copied: S = marshal.loads(marshal.dumps(state))  # type: ignore[arg-type]
        return copied


#: Every game, for code that handles them all alike (the registry, the bot, render's dispatch).
AnyGame = Game[Any, Any, Any, Any]
