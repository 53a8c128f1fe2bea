"""What the service hands to front ends: :class:`Result`, :class:`ServiceError`, score lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

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
            message = message[:MAX_MESSAGE - 1] + "…"
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
    (for buttons); ``version`` is the game version the answer describes.
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
    legal: dict[UserId, list[str]] = field(default_factory=dict)
    state_view: dict[str, Any] | None = None
    board_text: str | None = None
    scores: dict[str, Any] | None = None
    games: list[GameSummary] = field(default_factory=list)
    #: Silent lines for other games' channels: (channel id, line).
    elsewhere: list[tuple[str, str]] = field(default_factory=list)
    #: For paged answers (the log): this page and the page count.
    page: int | None = None
    pages: int | None = None

    def tell(self, user_id: UserId, line: str) -> None:
        """Add a private line for ``user_id``."""
        self.private.setdefault(user_id, []).append(line)


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


def iso(moment: datetime | str) -> str:
    """A clock reading as an ISO-8601 UTC string (strings pass through)."""
    if isinstance(moment, str):
        return moment
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def names_list(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


_NOT_BREAKDOWN = {"seat", "name", "total", "rank", "tiebreak", "tie_break"}


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _breakdown(row: dict[str, Any]) -> list[str]:
    """``label value`` parts from ``row['breakdown']``, else the row's numbers plus its ``categories``,
    else the row's other numbers (and numbers in nested tables)."""
    items = row.get("breakdown")
    if not isinstance(items, dict):
        items = {k: v for k, v in row.items() if k not in _NOT_BREAKDOWN}
        if isinstance(row.get("categories"), dict):
            items = {k: v for k, v in items.items() if _numeric(v)} | row["categories"]
    parts: list[str] = []
    for key, value in items.items():
        label = str(key).replace("_", " ")
        if isinstance(value, dict):
            parts += [f"{k} {_number(v)}" for k, v in value.items()]
        elif _numeric(value):
            parts.append(f"{label} {_number(value)}")
    if row.get("tiebreak") is not None:
        parts.append(f"tie-break {_number(row['tiebreak'])}")
    return parts


def score_rows(scores: dict[str, Any] | None) -> list[dict[str, Any]] | None:
    """The per-player rows of final scores (under ``players`` or ``scores``), ``None`` if there are none.

    A ``ranking`` given as tie groups (``[[seat, ...], ...]``, best first) sets each row's ``rank``.

    >>> score_rows({"scores": [{"seat": 0, "total": 5}, {"seat": 1, "total": 9}], "ranking": [[1], [0]]})
    [{'seat': 0, 'total': 5, 'rank': 2}, {'seat': 1, 'total': 9, 'rank': 1}]
    """
    if not scores:
        return None
    rows = scores.get("players") if isinstance(scores.get("players"), list) else scores.get("scores")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        return None
    groups = scores.get("ranking")
    if isinstance(groups, list) and groups and all(isinstance(g, list) for g in groups):
        rank_of: dict[Any, int] = {}
        for group in groups:
            place = len(rank_of) + 1
            rank_of.update({seat: place for seat in group if isinstance(seat, int)})
        rows = [r if "rank" in r or r.get("seat") not in rank_of else {**r, "rank": rank_of[r["seat"]]}
                for r in rows]
    return rows


def _tie_lines(ordered: list[dict[str, Any]], name_of: Any) -> list[str]:
    """For rows with equal totals and a ``tie_break`` table: the values that separated them."""
    lines = []
    for total in dict.fromkeys(r.get("total") for r in ordered):
        tied = [r for r in ordered if r.get("total") == total]
        if len(tied) > 1 and all(isinstance(r.get("tie_break"), dict) for r in tied):
            shown = "; ".join(f"{name_of(r)} (" + ", ".join(f"{str(k).replace('_', ' ')} {_number(v)}"
                                                          for k, v in r["tie_break"].items()) + ")" for r in tied)
            lines.append(f"Tie-break at {_number(total)}: {shown}.")
    return lines


def format_scores(scores: dict[str, Any] | None, names: list[str]) -> list[str]:
    """Final-score lines with breakdown, winner and tie-break.

    Understands ``{"players" (or "scores"): [{"seat", "total", "rank"?, "tiebreak"? or "tie_break"
    table?, "breakdown"? or "categories"? or other numbers}...], "ranking"?: [seats best first] or
    tie groups [[seats], ...], "winners": [seats], "tiebreak"/"tie_break": text}`` and falls back to
    ``key: value`` lines for anything else.

    >>> format_scores({"players": [{"seat": 1, "total": 9, "rank": 1, "breakdown": {"vp": 9}},
    ...                            {"seat": 0, "total": 7, "rank": 2}], "winners": [1]}, ["Ann", "Bob"])
    ['Final scores:', '1. Bob — 9 (vp 9)', '2. Ann — 7', 'Winner: Bob.']
    """
    if not scores:
        return []
    rows = score_rows(scores)
    if rows is None:
        return ["Final scores:"] + [f"{k}: {v}" for k, v in scores.items()]

    def name_of(row: dict[str, Any]) -> str:
        seat = row.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return str(row.get("name", "?"))

    def key(row: dict[str, Any]) -> tuple[float, float]:
        tiebreak = row.get("tiebreak")
        number = tiebreak if isinstance(tiebreak, int | float) and not isinstance(tiebreak, bool) else 0
        return (-float(row.get("total") or 0), -float(number))

    ranking = scores.get("ranking")
    by_seat = {r.get("seat"): r for r in rows}
    if isinstance(ranking, list) and all(isinstance(s, int) for s in ranking) and set(ranking) == set(by_seat):
        ordered = [by_seat[s] for s in ranking]
    else:
        ordered = sorted(rows, key=lambda r: (r.get("rank", 0), *key(r)))
    lines, rank = ["Final scores:"], 0
    for position, row in enumerate(ordered, start=1):
        if "rank" in row:
            rank = row["rank"]
        elif position == 1 or key(row) != key(ordered[position - 2]):
            rank = position
        detail = ", ".join(_breakdown(row))
        lines.append(f"{rank}. {name_of(row)} — {_number(row.get('total', '?'))}"
                     + (f" ({detail})" if detail else ""))
    winners = scores.get("winners")
    if isinstance(winners, list) and winners:
        winner_names = [names[w] if isinstance(w, int) and 0 <= w < len(names) else str(w) for w in winners]
    else:
        winner_names = [name_of(r) for r in ordered if r.get("rank", 0) == 1]
    if winner_names:
        label = "Winner" if len(winner_names) == 1 else "Shared win"
        lines.append(f"{label}: {names_list(winner_names)}.")
    tiebreak = scores.get("tiebreak") or scores.get("tie_break")
    if tiebreak:
        lines.append(f"Tie-break: {tiebreak}.")
    return lines + _tie_lines(ordered, name_of)
