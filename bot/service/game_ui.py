"""One game at one version as front ends draw it (:class:`Table`, loaded by the service from its own
caches: ``GameService.table``, and carried by every :class:`~bot.service.change.Step`): its open
decisions with their shapes, legal texts and labels, its views; and the words of a turn message
(header, prompts, who has answered), a status, typed-text matching for ``/play`` and table options.
How those are laid out under a front end's limits is the front end's (the Discord layer:
:mod:`bot.discord.views.layout`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import PARALLEL, AnyGame, Decision, GameSpec, play
from engine.core.colours import PlayerColour, seat_colours, with_colours
from engine.core.shapes import Distribute, Shape
from engine.core.takeback import TAKE_BACK_TEXT
from engine.core.text import normalize, shorten
from render.final import with_outcome
from render.i18n import tr
from render.turn import with_table

from ..store.records import IMPORTED
from ..store.rows import GameRecord, SeatRecord
from .clock import clock_label, preset, stamp
from .hours import stored
from .i18n import msg
from .packs import notice
from .records import Action, State
from .words import joined, names_list, seating_list, status_word

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


# --- turn message text -----------------------------------------------------------------------
def mention(user_id: str) -> str:
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def prompt_lines(table: Table, ping: list[str]) -> list[str]:
    """Who must decide what: pinged users by mention, already-notified ones by name."""
    groups: dict[tuple[str, str], list[int]] = {}
    for d in table.decisions():
        groups.setdefault((d.kind, d.prompt or d.kind), []).append(d.player)
    lines = []
    for (_, question), seats in groups.items():
        who = " ".join(
            mention(table.users[s]) if table.users[s] in ping else f"**{table.names[s]}**" for s in dict.fromkeys(seats)
        )
        dues = sorted(table.due[s] for s in seats if s in table.due)
        lines.append(
            msg("➡️ {who}: {question} (due {due})", who=who, question=question, due=stamp(dues[0]))
            if dues
            else msg("➡️ {who}: {question}", who=who, question=question)
        )
    return lines


def header(table: Table) -> str:
    """``**Title** · move N`` and, for a timed game, its clock preset and table playing hours; then the
    game's data notice (e.g. provisional card values) as a second line when there is one."""
    speed = preset(table.record.clock)
    record = table.record  # stand-ins in tests may predate playing hours
    window = stored(getattr(record, "hours", None), getattr(record, "hours_tz", None))
    parts = [msg("**{title}** · move {version}", title=record.title, version=table.version)]
    if speed.limited:
        parts.append(msg("⏱ {clock}", clock=clock_label(speed)))
    if window:
        parts.append(msg("🕘 plays {hours}", hours=window.label))
    top = joined(parts, " · ")
    data = table.notice()
    return msg("{header}\n⚠️ {notice}", header=top, notice=data) if data else top


def seat_names(table: Table) -> list[str]:
    """Each seat's name, marked where the AI stands in for its player (an AI seat's own name says it
    is the AI: ``🤖 AI 1 (easy)``)."""
    return [msg("{player} (🤖 AI standing in)", player=s.name) if s.stand_in else s.name for s in table.seats]


def seats_line(table: Table) -> str:
    """``Seats: 1. Ann (red · R), 2. Bob (🤖 AI standing in) (blue · B).``: who sits where, in which
    colour, and which seats the AI plays."""
    return msg("Seats: {seats}.", seats=seating_list(seat_names(table), table.colours))


def answered_line(table: Table) -> list[str]:
    """Who has answered an open parallel decision (never what): ``✅ Answered: Ann and Bob.``"""
    seats = table.answered_seats()
    return [msg("✅ Answered: {players}.", players=names_list([table.names[s] for s in seats]))] if seats else []


def to_ping(after: list[str], before: list[str], actor: str | None) -> list[str]:
    """Users to notify: those who must act now, except idle ones already asked before this action.

    >>> to_ping(["b", "c"], ["a", "b", "c"], "a")
    []
    >>> to_ping(["a"], ["a"], "a")
    ['a']
    """
    return [u for u in after if u not in before or u == actor]


def status_lines(table: Table) -> list[str]:
    """Short status: lobby members, whose turn and what, or the result."""
    record = table.record
    if record.status == "lobby":
        spec = table.game.spec
        data = table.notice()
        return [
            msg(
                "{title} lobby: {players} ({n} of {low}–{high} players).",
                title=record.title,
                players=names_list(table.names),
                n=len(table.names),
                low=spec.min_players,
                high=spec.max_players,
            )
        ] + ([msg("⚠️ {notice}", notice=data)] if data else [])
    if record.status != "active":
        return [
            msg(
                "The last {title} game here is {status} (move {version}).",
                title=record.title,
                status=status_word(record.status),
                version=record.version,
            )
        ]
    return [header(table)] + prompt_lines(table, [])


# --- suggestions and options -------------------------------------------------------------------
def suggest(texts: list[str], typed: str, last: str | None = None) -> list[str]:
    """Legal texts matching what was typed: prefix matches, then word-prefix, then substring;
    the pass option ``last`` (``pass``, ``done``...) last (a front end shows as many as it may).

    >>> suggest(["build small-market", "build large-market", "pass"], "bu la")
    ['build large-market']
    >>> suggest(["done", "draw maia", "draw king"], "", last="done")
    ['draw maia', 'draw king', 'done']
    """
    want = normalize(typed)
    ranked: list[tuple[int, int, str]] = []
    for order, text in enumerate(texts):
        norm = normalize(text)
        words, typed_words = norm.split(" "), want.split(" ")
        if not want or norm.startswith(want):
            rank = 0
        elif len(typed_words) <= len(words) and all(w.startswith(t) for t, w in zip(typed_words, words, strict=False)):
            rank = 1
        elif want in norm:
            rank = 2
        else:
            continue
        ranked.append((rank + (3 if text == last else 0), order, text))
    return [text for _, _, text in sorted(ranked)]


def resolve_value(value: str, table: Table, seat: int | None) -> tuple[str, int | None]:
    """A ``/play`` value as the service reads it: (text to play, expected version or ``None`` for typed
    text). A value too long for a front end's suggestion comes as ``#version.index`` (the legal text
    of that index at that version)."""
    head, dot, tail = value.strip().removeprefix("#").partition(".")
    if value.strip().startswith("#") and dot and head.isdigit() and tail.isdigit():
        texts = table.texts(seat)
        index = int(tail)
        return (texts[index] if int(head) == table.version and index < len(texts) else value), int(head)
    return value, None


def parse_options(text: str | None) -> dict[str, str]:
    """``"key=value other=x"`` (spaces or commas between pairs) to a dict; validation is the engine's.

    >>> parse_options("variant=official, fast = yes")
    {'variant': 'official', 'fast': 'yes'}
    """
    if not text or not text.strip():
        return {}
    pairs: dict[str, str] = {}
    cleaned = " ".join(text.replace(",", " ").split())
    for part in cleaned.replace(" = ", "=").replace(" =", "=").replace("= ", "=").split(" "):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(msg("Options are `key=value` pairs; `{part}` is not one.", part=shorten(part)))
        pairs[key.lower()] = value
    return pairs


def option_suggestions(spec: GameSpec, typed: str) -> list[tuple[str, str]]:
    """(name, value) suggestion pairs: the complete pairs typed so far plus one more ``key=value``
    (a front end cuts them to its limits)."""
    words = typed.replace(",", " ").split()
    complete = [w for w in words if "=" in w]
    partial = words[-1].lower() if words and "=" not in words[-1] else ""
    used = {w.partition("=")[0].lower() for w in complete}
    out: list[tuple[str, str]] = []
    for option in spec.options:
        if option.name in used:
            continue
        for value, label in option.choices.items():
            pair = f"{option.name}={str(value).lower()}"
            if pair.startswith(partial) or partial in label.lower():
                full = " ".join([*complete, pair])
                shown = msg("{option}: {choice} ({pairs})", option=option.label, choice=label, pairs=full)
                out.append((shown, full))
    return out
