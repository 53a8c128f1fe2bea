"""One game at one version as front ends draw it (:class:`Table`, loaded by the service from its own
caches: ``GameService.table``, and carried by every :class:`~bot.service.change.Step`): its open
decisions with their shapes, legal texts and labels, its views. The words of a turn message and a
status are :mod:`bot.service.turn_text`'s, what people type (``/play`` values, table options)
:mod:`bot.service.typed`'s. How those are laid out under a front end's limits is the front end's
(the Discord layer: :mod:`bot.discord.views.layout`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import PARALLEL, AnyGame, Decision, play
from engine.core.colours import PlayerColour, seat_colours, with_colours
from engine.core.shapes import Distribute, Shape
from engine.core.takeback import TAKE_BACK_TEXT
from render.final import with_outcome
from render.i18n import tr
from render.turn import with_table

from ..store.records import IMPORTED
from ..store.rows import GameRecord, SeatRecord
from .i18n import msg
from .packs import notice
from .records import Action, State

#: The label of ``take back`` (the engine's option to change an answer to a parallel decision).
CHANGE_LABEL = msg("Change my answer")


@dataclass(frozen=True)
class Table:
    """A game as stored at one version: record, seats, rules and (once started) the state."""

    record: GameRecord
    seats: list[SeatRecord]
    game: AnyGame
    state: State | None
    #: Running deadlines by seat (ISO-8601 UTC), for timed games.
    due: dict[int, str] = field(default_factory=dict)
    #: The public view as the current turn message began (what its turn image marks changes from).
    began: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    #: What the rules said about this state, asked once per table (open decisions, legal texts, views).
    _memo: dict[tuple[str, int | None], Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def row(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def language(self) -> str:
        """The table's language for its public messages (``en``, ``ja``)."""
        return getattr(self.record, "language", "en")  # stand-ins in tests may predate languages

    @property
    def users(self) -> list[str]:
        return [s.user_id for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def stand_ins(self) -> list[str | None]:
        """Each seat's stand-in: the AI level playing it for its absent player (``None``: they play it)."""
        return [s.stand_in for s in self.seats]

    @property
    def active(self) -> bool:
        return self.record.status == "active" and self.state is not None

    @property
    def finished(self) -> bool:
        """A game played to its end (its final position is there to draw)."""
        return self.record.status == "finished" and self.state is not None

    @property
    def rematch(self) -> bool:
        """A game played to its end here (not an imported record): its last message offers a rematch."""
        return self.record.status == "finished" and self.record.origin != IMPORTED and self.state is not None

    def sharing(
        self, record: GameRecord | None = None, due: dict[int, str] | None = None, began: dict[str, Any] | None = None
    ) -> Table:
        """This table with another ``record`` of the same position (e.g. its version once stored), its
        running deadlines ``due`` or the public view its turn began at (``began``), sharing what the
        rules already said about the state."""
        table = replace(
            self,
            record=self.record if record is None else record,
            due=self.due if due is None else due,
            began=self.began if began is None else began,
        )
        object.__setattr__(table, "_memo", self._memo)
        return table

    def seat_of(self, user_id: str | int) -> int | None:
        """The user's seat once started (``None`` for spectators and in a lobby)."""
        return next((s.seat for s in self.seats if s.user_id == str(user_id) and s.seat is not None), None)

    def _asked(self, what: str, seat: int | None, ask: Callable[[State], Any]) -> Any:
        """``ask(state)``, once per table (the answers are shared: callers never change them)."""
        key = (what, seat)
        if key not in self._memo:
            assert self.state is not None
            self._memo[key] = ask(self.state)
        return self._memo[key]

    def decisions(self, seat: int | None = None) -> list[Decision[Any]]:
        """Open decisions (of ``seat`` only, if given); empty unless the game is active."""
        if not self.active or self.state is None:
            return []
        pending: list[Decision[Any]] = self._asked("pending", None, lambda state: play.pending(self.game, state))
        return [d for d in pending if seat is None or d.player == seat]

    def waiting_seats(self) -> list[int]:
        if not self.active or self.state is None:
            return []
        seats: list[int] = self._asked("waiting", None, lambda state: play.waiting_players(self.game, state))
        return seats

    def waiting_users(self) -> list[str]:
        return [self.users[p] for p in self.waiting_seats()]

    def windows(self) -> list[str]:
        """Kinds of the parallel decisions (everyone at once) open now, sorted."""
        return sorted({d.kind for d in self.decisions() if d.mode == PARALLEL})

    def actions(self, seat: int | None) -> list[Action]:
        """The seat's legal actions now, in the order of :meth:`texts` (what a click's index counts)."""
        if seat is None or not self.active or self.state is None:
            return []
        actions: list[Action] = self._asked("actions", seat, lambda state: play.legal_actions(self.game, state, seat))
        return actions

    def texts(self, seat: int | None) -> list[str]:
        """The seat's legal canonical texts now (empty when it owes nothing)."""
        if seat is None or not self.active or self.state is None:
            return []
        texts: list[str] = self._asked(
            "texts", seat, lambda _: [play.action_text(self.game, a) for a in self.actions(seat)]
        )
        return texts

    def legal_by_user(self) -> dict[str, list[str]]:
        """Each waiting user's legal texts (what a :class:`~bot.service.change.Step` reports as ``legal``)."""
        return {self.users[p]: self.texts(p) for p in self.waiting_seats()}

    def shape(self, seat: int | None) -> Shape | None:
        """The shape of the seat's open decision (``None`` when it owes nothing)."""
        decision = next(iter(self.decisions(seat)), None) if seat is not None else None
        return decision.shape if decision is not None else None

    def labels(self, seat: int | None) -> list[str]:
        """Words for people, one per legal text of :meth:`texts` (the decision's option labels;
        "Change my answer" for ``take back``)."""
        shape = self.shape(seat)
        return [
            CHANGE_LABEL if t == TAKE_BACK_TEXT else shape.label(t) if shape is not None else t
            for t in self.texts(seat)
        ]

    def pass_text(self, seat: int | None) -> str | None:
        """The canonical text of the seat's pass option (``pass``, ``done``...), if it has one now."""
        shape = self.shape(seat)
        return shape.pass_text if shape is not None else None

    def editor(self, seat: int | None) -> bool:
        """True when the seat's decision is a Distribute, drawn by its own editor (:mod:`bot.views.mayor`)."""
        return isinstance(self.shape(seat), Distribute)

    def may_take_back(self, seat: int | None) -> bool:
        """True while the seat has answered a parallel decision and may still take the answer back."""
        if seat is None or not self.active or self.state is None:
            return False
        return play.may_take_back(self.game, self.state, seat)

    def answered_seats(self) -> list[int]:
        """Seats that have answered an open parallel decision and may still take the answer back."""
        return [s.seat for s in self.seats if s.seat is not None and self.may_take_back(s.seat)]

    def canonical(self, seat: int | None, text: str) -> str:
        """The canonical text the engine reads ``text`` as (``text`` itself if it reads nothing)."""
        if seat is None or self.state is None:
            return text
        try:
            return play.action_text(self.game, play.parse_action(self.game, self.state, seat, text))
        except Exception:  # the service refuses it with the engine's message
            return text

    @property
    def colours(self) -> list[PlayerColour]:
        """Each seat's colour (the one place every surface reads it from)."""
        spec = self.game.spec
        return seat_colours(spec.player_colours, [s.colour for s in self.seats], spec.colours_fixed)

    def public_view(self) -> dict[str, Any]:
        """The engine's public view, carrying the seats' colours (:data:`engine.core.colours.VIEW_KEY`)
        and, once the game is over, its outcome (:data:`render.final.OUTCOME_KEY`)."""
        view: dict[str, Any] = self._asked("public", None, self.game.public_view)
        assert self.state is not None
        over = self.game.is_over(self.state)
        return with_outcome(with_colours(view, self.colours), self.game.outcome(self.state) if over else None)

    def turn_view(self, lang: str) -> dict[str, Any]:
        """What the turn image draws (:mod:`render.turn`): the public view, who acts now on what (the
        prompts in ``lang``) and the public view as the turn began (:attr:`began`, when known)."""
        acting = [(d.player, tr(d.prompt or d.kind, lang)) for d in self.decisions()]
        return with_table(self.public_view(), acting, self.began)

    def private_view(self, seat: int) -> dict[str, Any]:
        """The seat's own view, carrying the seats' colours."""
        assert self.state is not None
        return with_colours(self.game.view(self.state, seat), self.colours)

    def secret(self, seat: int) -> bool:
        """True when the seat's open decision says its options are secret (e.g. cards in its hand):
        they are then offered privately, never on the public message. The decision's shape alone
        decides."""
        return any(d.shape is not None and d.shape.secret for d in self.decisions(seat))

    def notice(self) -> str | None:
        """The game's one-line data notice (e.g. "Card values partly provisional …"), if any."""
        return notice(self.game, self.state)

    def private_extras(self, seat: int) -> list[str]:
        """Lines of the seat's own text board that the public board does not show (e.g. VP chips)."""
        shown = set(self.game.view_text(self.public_view()).splitlines())
        return [line for line in self.game.view_text(self.private_view(seat)).splitlines() if line not in shown]
