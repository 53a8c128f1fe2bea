"""What the service hands to front ends: :class:`Result`, :class:`ServiceError`, score lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from engine.core import Outcome, SeatResult
from engine.core.i18n import listing

from .i18n import msg, term

UserId = str
#: Discord's limit for one message: a refusal never says more.
MAX_MESSAGE = 2000


class ServiceError(Exception):
    """A request that could not be done; ``message`` says why and what to do instead.

    ``code`` is a stable reason for front ends and tests (``no_game``, ``not_seated``,
    ``not_your_turn``, ``stale``, ``illegal_action``, ``unknown_game``, ``bad_option``...);
    ``legal`` lists the accepted action texts when that helps. Nothing was changed.
    """

    def __init__(self, message: str, code: str = "error", legal: list[str] | None = None) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.message = message
        self.code = code
        self.legal = list(legal or [])


@dataclass(frozen=True)
class GameSummary:
    """One line of ``my_games``."""

    game_row: int
    channel_id: str
    guild_id: str | None
    title: str
    status: str
    version: int
    your_turn: bool
    updated_at: str
    #: The user's running deadline there, if any (ISO-8601 UTC).
    due_at: str | None = None
    #: Since when the user owes a decision there (for "oldest first").
    since: str = ""
    #: A jump link to the game's latest turn message (or its channel).
    link: str = ""
    #: The user's clock there: ``running``, ``frozen`` (away), ``expired`` (the table decides) or ``""``.
    clock: str = ""


@dataclass
class Result:
    """Everything a front end needs to answer one request.

    ``public`` lines go to the channel, ``private`` lines to single users
    (ephemeral or DM); ``mention`` holds exactly the users who must act now and
    is filled only when the request changed who must act (start, act, undo);
    ``waiting`` always lists who must act; ``legal`` gives their action texts
    and ``state_view`` the public view, both computed from ``source`` only when
    read (the Discord path draws from the table instead); ``version`` is the
    game version the answer describes.
    """

    public: list[str] = field(default_factory=list)
    private: dict[UserId, list[str]] = field(default_factory=dict)
    mention: list[UserId] = field(default_factory=list)
    board_changed: bool = False
    version: int | None = None
    game_over: bool = False
    game_row: int | None = None
    status: str | None = None
    waiting: list[UserId] = field(default_factory=list)
    board_text: str | None = None
    #: The final result once the game is over.
    outcome: Outcome | None = None
    games: list[GameSummary] = field(default_factory=list)
    #: Silent lines for other games' channels: (channel id, line).
    elsewhere: list[tuple[str, str]] = field(default_factory=list)
    #: For paged answers (the log): this page and the page count.
    page: int | None = None
    pages: int | None = None
    #: The game the answer describes, for :attr:`legal` and :attr:`state_view` on first use.
    source: Source | None = field(default=None, repr=False, compare=False)
    _legal: dict[UserId, list[str]] | None = field(default=None, init=False, repr=False, compare=False)
    _view: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def legal(self) -> dict[UserId, list[str]]:
        """The legal action texts of each user who must act now (computed on first use)."""
        if self._legal is None:
            self._legal = self.source.legal_by_user() if self.source is not None else {}
        return self._legal

    @legal.setter
    def legal(self, value: dict[UserId, list[str]]) -> None:
        self._legal = value

    @property
    def state_view(self) -> dict[str, Any] | None:
        """The view shown with the answer: the public view unless set otherwise (computed on first use)."""
        if self._view is None and self.source is not None and self.source.state is not None:
            self._view = self.source.public_view()
        return self._view

    @state_view.setter
    def state_view(self, value: dict[str, Any] | None) -> None:
        self._view = value

    def tell(self, user_id: UserId, line: str) -> None:
        """Add a private line for ``user_id``."""
        self.private.setdefault(user_id, []).append(line)


class Source(Protocol):
    """Where a :class:`Result` reads its legal texts and public view (the service's table of the game)."""

    @property
    def state(self) -> dict[str, Any] | None: ...

    def legal_by_user(self) -> dict[UserId, list[str]]: ...

    def public_view(self) -> dict[str, Any]: ...


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


def names_list(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy`` (a list each language joins its own way)."""
    if not names:
        return msg("nobody")
    return listing(names)


def joined(items: list[str], separator: str = "; ") -> str:
    """``items`` separated by ``separator`` (``"; "`` or ``" · "``), as one message each language
    separates its own way (an empty string for no items)."""
    if not items:
        return ""
    line = items[-1]
    for item in reversed(items[:-1]):
        line = (
            msg("{first} · {rest}", first=item, rest=line)
            if separator == " · "
            else msg("{first}; {rest}", first=item, rest=line)
        )
    return line


def game_package(game: object) -> str:
    """The package of a game object's module (``engine.puerto_rico``): its catalogue translates the
    plain English ids the game keeps in data (an outcome's breakdown and tie-break labels)."""
    return type(game).__module__.rpartition(".")[0]


def _term(label: str, package: str | None) -> str:
    return term(package, label) if package else label


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _name(result: SeatResult, names: list[str]) -> str:
    """The seat's name at the table (``names`` by seat), else as the game recorded it."""
    return names[result.seat] if result.seat < len(names) else result.name


def _tie_lines(outcome: Outcome, names: list[str], package: str | None) -> list[str]:
    """For each total several seats reached: the tie-break values of those seats."""
    lines: list[str] = []
    for total in dict.fromkeys(r.total for r in outcome.results):
        tied = [r for r in outcome.results if r.total == total]
        if len(tied) > 1 and any(r.tie_break for r in tied):
            shown = joined(
                [
                    msg(
                        "{player} ({values})",
                        player=_name(r, names),
                        values=listing(
                            [
                                msg("{label} {value}", label=_term(k, package), value=_number(v))
                                for k, v in r.tie_break.items()
                            ],
                            "",
                        ),
                    )
                    for r in tied
                ]
            )
            lines.append(msg("Tie-break at {total}: {seats}.", total=_number(total), seats=shown))
    return lines


def winner_line(outcome: Outcome, names: list[str]) -> str | None:
    """``Winner: Ann.`` or ``Shared win: Ann and Bob.`` (``None`` if nobody won); seats named as
    in :func:`format_scores`."""
    winners = [_name(r, names) for r in outcome.results if r.winner]
    if not winners:
        return None
    if len(winners) == 1:
        return msg("Winner: {players}.", players=names_list(winners))
    return msg("Shared win: {players}.", players=names_list(winners))


def format_scores(outcome: Outcome | None, names: list[str], package: str | None = None) -> list[str]:
    """Final-score lines: each seat in rank order with its breakdown, the winner(s), the tie-break.

    A tie-break the game describes in words is shown inline (``tie-break N`` per seat) and named
    once at the end; otherwise each seat's named tie-break values are listed where totals are equal.
    Seats are named by ``names`` (the table's current names), else by the outcome. The breakdown and
    tie-break labels (plain English ids) are translated through the catalogue of ``package`` (the
    game's package, :func:`game_package`) when it is given.

    >>> bob = SeatResult(1, "Bob", 9, 1, {"vp": 9}, winner=True)
    >>> format_scores(Outcome((bob, SeatResult(0, "Ann", 7, 2))), ["Ann", "Bob"])
    ['Final scores:', '1. Bob — 9 (vp 9)', '2. Ann — 7', 'Winner: Bob.']
    """
    if outcome is None:
        return []
    lines = [msg("Final scores:")]
    for r in outcome.results:
        parts = [
            msg("{label} {value}", label=_term(label, package), value=_number(value))
            for label, value in r.breakdown.items()
        ]
        if outcome.tie_break:
            parts += [msg("tie-break {value}", value=_number(value)) for value in r.tie_break.values()]
        fields = {"rank": r.rank, "player": _name(r, names), "total": _number(r.total)}
        if parts:
            lines.append(msg("{rank}. {player} — {total} ({breakdown})", breakdown=listing(parts, ""), **fields))
        else:
            lines.append(msg("{rank}. {player} — {total}", **fields))
    winners = winner_line(outcome, names)
    if winners:
        lines.append(winners)
    if outcome.tie_break:
        return lines + [msg("Tie-break: {rule}.", rule=_term(outcome.tie_break, package))]
    return lines + _tie_lines(outcome, names, package)
