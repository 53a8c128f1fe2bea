"""A turn message's layout under Discord's limits: its text cut to one message (:func:`turn_text`) and
the components that draw the open decisions (:func:`plan_controls`), both planned from the
service's :class:`~bot.service.game_ui.Table` of the game; :mod:`.components` makes the planned
:class:`Control` objects into Discord items. Every limit of Discord the bot meets lives here.

* Up to :data:`BUTTON_LIMIT` legal texts become buttons; more become selects of 25 (four rows), with
  the decision's pass option (``pass``, ``done``...) as a button. Buttons and select options show the
  options' labels for people (the engine's decision shapes); playing one plays the option by its
  index. When even four selects cannot hold them all (e.g. every listed set of a choice of several
  over more than 25 items), a "More options" button opens the next four selects privately, and so
  on: every legal text is always reachable by components.
* A ChooseSeveral decision (e.g. clergy tiles to discard) over 2..25 items, of which two or more may
  be chosen, is one multi-select of its items (``low`` to ``high`` picks, at least one) with a
  button for each legal answer that picks nothing (``Discard no clergy tiles``, a pass option); the
  chosen items play the listed option picking exactly them. Over more than 25 items, or when at
  most one item may be chosen, its listed options are drawn as above.
* A decision whose shape says its options are secret (cards in hand, a private offer) is never
  drawn on the public message: it gets a panel button that opens the options privately. The flag is
  the only judge; no game is named here.
* A Distribute decision (e.g. placing colonists) is drawn by its own editor (:mod:`.mayor`), opened
  with a panel button named by the shape's title.
* Several players deciding at once (parallel) get one panel button each player opens for themselves.
* While a player who has answered such a decision may still take the answer back (until the last
  answer is in), the message offers "Change my answer" (the engine's ``take back``), and so does
  that player's own panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.i18n import Msg
from engine.core.shapes import ChooseSeveral, Shape
from engine.core.takeback import TAKE_BACK_TEXT
from render.i18n import tr

from ...service.game_ui import CHANGE_LABEL, Table
from ...service.turn_text import answered_line, header, prompt_lines
from ..i18n import msg

#: Discord: one message's characters.
MESSAGE_LIMIT = 2000
#: Discord: an autocomplete choice's name and value, a select option's label, a custom_id.
MAX_CHOICE = 100
#: Discord: a button's label.
MAX_LABEL = 80
#: Discord: rows of components under a message, components in a row, options in a select.
BUTTON_ROWS, PER_ROW, PER_SELECT = 4, 5, 25
#: Discord: autocomplete choices offered at once.
MAX_SUGGESTIONS = 25
#: More legal texts than this become selects (buildings, goods to keep...).
BUTTON_LIMIT = 10
PANEL_LABEL = msg("Decide")  # a panel button for a decision whose shape has no title
PRIVATE_LABEL = msg("Your options (private)")


@dataclass(frozen=True)
class Control:
    """One component to draw: ``choice`` (a legal text by index), ``select`` (several, by index),
    ``several`` (a multi-select of a ChooseSeveral's items by index, ``low`` to ``high`` of them),
    ``more`` (the seat's selects from ``page`` on, privately), ``panel`` (opens a player's own decision
    or editor), ``change`` (the clicker takes back their answer), ``board`` (the private board),
    ``full`` (the full board, privately) or ``rematch``."""

    kind: str
    label: str
    row: int
    seat: int | None = None
    index: int | None = None
    page: int = 0
    options: tuple[tuple[int, str], ...] = field(default_factory=tuple)
    style: str = "primary"
    low: int = 0
    high: int = 0


#: The "Full board" button: on every turn message, the last one on its last row.
FULL_BOARD = Control("full", msg("Full board"), BUTTON_ROWS, style="secondary")


def label_of(text: str, limit: int = MAX_LABEL) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" when cut. A message is left whole: the
    caller translates it and cuts it in its language (a cut message would be English text)."""
    if isinstance(text, Msg) or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def turn_text(
    table: Table,
    public: list[str],
    ping: list[str],
    limit: int = MESSAGE_LIMIT,
    hidden: int = 0,
    lang: str | None = None,
) -> str:
    """Header, the turn's event sentences, who has answered a window, and the prompts, in ``lang``
    (``None``: the table's language), cut to Discord's 2000 characters: the oldest lines give way
    first (``… n more``, counting ``hidden`` lines the caller already left out), the header and the
    prompts stay."""
    lang = getattr(table, "language", "en") if lang is None else lang  # stand-ins in tests may have none
    top = tr(header(table), lang)
    prompts = [tr(line, lang) for line in answered_line(table) + prompt_lines(table, ping)]
    events = [tr(line, lang) for line in public if line.strip()]
    dropped = 0
    while True:
        more = hidden + dropped
        shown = ([tr(msg("… {n} more (see /game log)", n=more), lang)] if more else []) + events[dropped:]
        text = "\n".join([top, *shown, *prompts])
        if len(text) <= limit or dropped >= len(events):
            return text[:limit]
        dropped += 1


def choice_value(text: str, version: int, index: int) -> str:
    """The autocomplete value for a legal text: the text itself, or ``#version.index`` when it is too
    long for Discord (the service reads both: :func:`~bot.service.typed.resolve_value`)."""
    return text if len(text) <= MAX_CHOICE else f"#{version}.{index}"


def _pages(listed: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    return [listed[k : k + PER_SELECT] for k in range(0, len(listed), PER_SELECT)]


def _several(table: Table, seat: int) -> list[Control] | None:
    """A multi-select of a ChooseSeveral's items and a button for each legal text that picks none;
    ``None`` when the decision is no such choice or does not fit (more than 25 items)."""
    shape = table.shape(seat)
    if not isinstance(shape, ChooseSeveral) or not 1 < len(shape.items) <= PER_SELECT or shape.high < 2:
        return None
    texts, labels = table.texts(seat), table.labels(seat)
    picks = {o.text: o.picks for o in shape.options}
    alone = [i for i, t in enumerate(texts) if not picks.get(t)]  # nothing picked, take back...
    if len(alone) > (BUTTON_ROWS - 1) * PER_ROW:
        return None
    low = max(shape.low, 1)
    count = str(low) if low == shape.high else f"{low}–{shape.high}"
    items = tuple((i, label_of(item.label, MAX_CHOICE)) for i, item in enumerate(shape.items))
    placeholder = label_of(
        msg("{title}: choose {count}", title=shape.title, count=count)
        if shape.title
        else msg("Choose {count}…", count=count)
    )
    controls = [Control("several", placeholder, 0, seat, options=items, low=low, high=shape.high)]
    return controls + [  # declining answers: secondary, as a pass button is
        Control("choice", label_of(labels[i]), 1 + n // PER_ROW, seat, i, style="secondary")
        for n, i in enumerate(alone)
    ]


def _choices(table: Table, seat: int, first: int = 0) -> list[Control]:
    """Buttons for up to :data:`BUTTON_LIMIT` texts, else four selects of 25 from page ``first`` on,
    a "More options" button when pages remain, and a pass button; all labelled for people. A
    ChooseSeveral is one multi-select where it fits (:func:`_several`)."""
    texts, labels, skip = table.texts(seat), table.labels(seat), table.pass_text(seat)
    if table.editor(seat):
        return [Control("panel", _title(table.shape(seat)), 0, style="success")]
    several = _several(table, seat)
    if several is not None:
        return several
    if len(texts) <= BUTTON_LIMIT:
        return [
            Control(
                "choice",
                label_of(labels[i]),
                i // PER_ROW,
                seat,
                i,
                style="secondary" if t in (skip, TAKE_BACK_TEXT) else "primary",
            )
            for i, t in enumerate(texts)
        ]
    pages = _pages([(i, label_of(labels[i], MAX_CHOICE)) for i, t in enumerate(texts) if t != skip])
    first = min(max(first, 0), len(pages) - 1)
    shown = pages[first : first + BUTTON_ROWS]
    controls = [
        Control(
            "select",
            msg("Choose ({n}/{pages})", n=first + n + 1, pages=len(pages)) if len(pages) > 1 else msg("Choose…"),
            n,
            seat,
            page=first + n,
            options=tuple(page),
        )
        for n, page in enumerate(shown)
    ]
    if skip in texts:
        index = texts.index(skip)
        controls.append(Control("choice", label_of(labels[index]), BUTTON_ROWS, seat, index, style="secondary"))
    rest = first + BUTTON_ROWS
    if rest < len(pages):
        controls.append(
            Control(
                "more",
                msg(
                    "More options ({first}–{last} of {pages} lists)", first=rest + 1, last=len(pages), pages=len(pages)
                ),
                BUTTON_ROWS,
                seat,
                page=rest,
                style="secondary",
            )
        )
    return controls


def _title(shape: Shape | None) -> str:
    """The words on a panel button opening a decision of this shape."""
    return shape.title if shape is not None and shape.title else PANEL_LABEL


def plan_controls(table: Table, seat: int | None = None, first: int = 0) -> list[Control]:
    """Components for the turn message (``seat=None``) or for one seat's ephemeral panel (its
    selects from page ``first`` on).

    The turn message gets the choices of a single waiting player directly, unless their decision's
    shape says its options are secret (then a private panel button); when several players decide in parallel it
    gets one panel button each of them opens for themselves. "My board" and "Full board" always come
    last (not on a panel), after "Change my answer" while someone may take an answer back; a
    finished game's message offers "Rematch" and "Full board" (no "My board"). The last row holds
    at most a pass button, "More options", "Change my answer", "My board" and "Full board": five.
    """
    if seat is not None and not table.active:
        return []
    if not table.active:
        rematch = [Control("rematch", msg("Rematch"), 0, style="success")] if table.rematch else []
        return rematch + ([FULL_BOARD] if table.finished else [])
    if seat is not None:
        return _choices(table, seat, first) if table.texts(seat) else []
    waiting = table.waiting_seats()
    controls: list[Control] = []
    if len(waiting) == 1 and table.secret(waiting[0]):
        controls = [Control("panel", PRIVATE_LABEL, 0, style="success")]
    elif len(waiting) == 1:
        controls = _choices(table, waiting[0])
    elif waiting:
        controls = [Control("panel", _title(next(iter(table.decisions())).shape), 0, style="success")]
    if table.answered_seats():
        controls.append(Control("change", CHANGE_LABEL, BUTTON_ROWS, style="secondary"))
    return controls + [Control("board", msg("My board"), BUTTON_ROWS, style="secondary"), FULL_BOARD]
