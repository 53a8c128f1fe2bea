"""The final board's shared part, the same in every game: a banner naming the winner (or the shared
win, and the tie-break when it decided), then each seat's final score with its breakdown, read from
the game's typed :class:`~engine.core.Outcome` that the table adds to the view once the game is over
(:data:`OUTCOME_KEY`, :func:`with_outcome`).

Breakdown and tie-break labels are the plain English ids the game keeps in data; they are drawn
through the catalogue of the game's engine package (as the final-score lines of the turn message).
Drawn :data:`render.turn.WIDTH` wide with the turn image's text sizes, on the turn image and on the
full board alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.colours import PlayerColour
from engine.core.i18n import Msg
from engine.core.outcome import Outcome, SeatResult

from .common import GOLD, GOLD_DARK, INK, MUTED, PANEL, WHITE, Canvas, View, blend, fit, text_width, wrap
from .i18n import msg, tr
from .turn import BODY, PAD, SMALL, TITLE, WIDTH, disc

#: The key under which the table adds a finished game's outcome (:meth:`Outcome.to_dict`).
OUTCOME_KEY = "outcome"


def with_outcome(view: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
    """A copy of ``view`` carrying ``outcome`` under :data:`OUTCOME_KEY` (unchanged for ``None``)."""
    return dict(view) if outcome is None else {**view, OUTCOME_KEY: outcome.to_dict()}


def outcome(view: View) -> Outcome | None:
    """The outcome the view carries, if the game is over and the table added it."""
    found = view.get(OUTCOME_KEY)
    if not isinstance(found, dict):
        return None
    try:
        return Outcome.from_dict(found)
    except (KeyError, TypeError, ValueError):
        return None


def _label(package: str, label: str, lang: str) -> str:
    return tr(Msg(package, label), lang)


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _name(r: SeatResult, names: Sequence[str]) -> str:
    return names[r.seat] if r.seat < len(names) else r.name


def banner_text(result: Outcome, names: Sequence[str], package: str, lang: str) -> tuple[str, str]:
    """(headline, tie-break line) in ``lang``: ``Ann wins`` / ``Ann and Bob share the win``, and how
    a tie on the top total was broken ("" when no tie decided the winner)."""
    winners = [_name(r, names) for r in result.results if r.winner]
    top = max((r.total for r in result.results), default=0)
    tied = [r for r in result.results if r.total == top]
    if not winners:
        head = tr(msg("Game over"), lang)
    elif len(winners) == 1:
        head = tr(msg("{player} wins", player=winners[0]), lang)
    else:
        head = tr(msg("{players} share the win", players=" · ".join(winners)), lang)
    if len(tied) < 2 or len(winners) == len(tied):
        return head, ""
    if result.tie_break:
        rule = _label(package, result.tie_break, lang)
        return head, tr(msg("Tied at {total}; the tie-break decided: {rule}", total=_number(top), rule=rule), lang)
    parts = []
    for r in tied:
        values = ", ".join(f"{_label(package, k, lang)} {_number(v)}" for k, v in r.tie_break.items())
        parts.append(f"{_name(r, names)} ({values})" if values else _name(r, names))
    return head, tr(
        msg("Tied at {total}; the tie-break decided: {seats}", total=_number(top), seats="; ".join(parts)), lang
    )


def star(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A five-pointed star (the winner's mark) centred on (cx, cy), ``r`` its outer radius."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        angle = math.pi * (k / 5 - 0.5)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    c.d.polygon(points, fill=WHITE, outline=GOLD_DARK, width=2)


def panel(
    c: Canvas,
    top: float,
    result: Outcome,
    names: Sequence[str],
    colours: Sequence[PlayerColour],
    package: str,
    left: float = 0,
) -> float:
    """The banner and the score table (one column per seat in rank order, one row per breakdown
    part, then the total) from ``left``, :data:`WIDTH` wide; returns the bottom."""
    lang = c.lang
    right = left + WIDTH
    head, tie = banner_text(result, names, package, lang)
    y = top
    lines = wrap(tie, BODY, WIDTH - 2 * PAD) if tie else []
    h = TITLE + 2 * PAD + len(lines) * (BODY + 10)
    c.rect((left, y, right, y + h), fill=GOLD, outline=GOLD_DARK, width=3)
    if any(r.winner for r in result.results):
        star(c, left + PAD + TITLE / 2, y + PAD + TITLE / 2, TITLE / 2)
    at = left + 2 * PAD + TITLE
    c.text(
        at,
        y + PAD + TITLE / 2,
        fit(head, TITLE, right - PAD - at, True),
        TITLE,
        INK,
        bold=True,
        box=(left, y, right, y + h),
    )
    ty = y + TITLE + 1.5 * PAD
    for line in lines:
        c.text(left + PAD, ty + BODY / 2, line, BODY, INK, box=(left, y, right, y + h))
        ty += BODY + 10
    y += h
    seats = list(result.results)
    labels = list(dict.fromkeys(k for r in seats for k in r.breakdown))
    label_w = min(
        WIDTH * 0.42, max((text_width(_label(package, k, lang), SMALL) for k in labels), default=0.0) + 2 * PAD
    )
    col_w = (WIDTH - label_w) / max(1, len(seats))
    row_h = BODY + 18
    # the seats' heads: rank, disc, name
    c.rect((left, y, right, y + row_h * 2), fill=PANEL)
    for i, r in enumerate(seats):
        x = left + label_w + i * col_w
        cx = x + col_w / 2
        rank = f"{r.rank}."
        disc_w = BODY * 1.24
        w = text_width(rank, BODY, True) + 6 + disc_w
        c.text(cx - w / 2, y + row_h / 2, rank, BODY, INK, bold=True, box=(x, y, x + col_w, y + row_h))
        if r.seat < len(colours):
            disc(
                c,
                cx - w / 2 + text_width(rank, BODY, True) + 6,
                y + row_h / 2,
                colours[r.seat],
                who=f"seat {r.seat} final",
            )
        name = fit(_name(r, names), SMALL, col_w - 8, r.winner)
        c.text(cx, y + row_h * 1.5, name, SMALL, INK, "c", bold=r.winner, box=(x, y + row_h, x + col_w, y + 2 * row_h))
    y += row_h * 2
    for k, key in enumerate(labels + ["__total__"]):
        total = key == "__total__"
        fill = blend(GOLD, PANEL, 0.35) if total else PANEL if k % 2 else blend(INK, PANEL, 0.05)
        c.rect((left, y, right, y + row_h), fill=fill)
        label = tr(msg("Total"), lang) if total else _label(package, key, lang)
        c.text(
            left + PAD,
            y + row_h / 2,
            fit(label, SMALL, label_w - PAD - 4, total),
            SMALL,
            INK if total else MUTED,
            bold=total,
            box=(left, y, left + label_w, y + row_h),
        )
        for i, r in enumerate(seats):
            value = r.total if total else r.breakdown.get(key)
            x = left + label_w + i * col_w
            shown = "–" if value is None else _number(value)
            c.text(
                x + col_w / 2,
                y + row_h / 2,
                shown,
                BODY if total else SMALL,
                INK,
                "c",
                bold=total,
                box=(x, y, x + col_w, y + row_h),
            )
        y += row_h
    c.d.line((left, y, right, y), fill=MUTED, width=1)
    return y


def final_values(view: View) -> dict[int, float] | None:
    """Each seat's final total (seat → total) when the view carries an outcome: what a score track
    shows on a final board."""
    found = outcome(view)
    return None if found is None else {r.seat: r.total for r in found.results}


__all__ = ["OUTCOME_KEY", "banner_text", "final_values", "outcome", "panel", "star", "with_outcome"]
