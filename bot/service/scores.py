"""Final scores as lines for people: each seat's total and breakdown in rank order, the winner(s) and
the tie-break, read from the game's typed :class:`~engine.core.Outcome`."""

from __future__ import annotations

from typing import Any

from engine.core import Outcome, SeatResult
from engine.core.i18n import listing

from .i18n import msg, term
from .words import joined, names_list


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
