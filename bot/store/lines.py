"""Lines for people kept in SQLite for drawing later (a turn message's lines, a log row's public
lines, a digest's items), stored as data: a :class:`~engine.core.i18n.Msg` keeps its catalogue id
and parameters (:func:`~engine.core.i18n.to_data`), so a line is drawn again in any language; a
plain string stays a string, and rows stored before languages (plain strings) read as they are.

>>> from engine.core.i18n import domain
>>> line = domain("engine.core").msg("{player} takes back their answer.", player="Ann")
>>> back = load_lines(dump_lines([line, "Bob passes."]))
>>> back == [line, "Bob passes."], back[0].msgid
(True, '{player} takes back their answer.')
>>> load_line(dump_line(line)).params, load_line("an old plain line")
({'player': 'Ann'}, 'an old plain line')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.core.i18n import from_data, to_data


def dump_lines(lines: Sequence[str]) -> str:
    """``lines`` as one JSON text (each a message's data or a plain string)."""
    return json.dumps([to_data(line) for line in lines])


def load_lines(text: str) -> list[Any]:
    """The lines :func:`dump_lines` stored (messages again), or a list of plain strings stored before."""
    return [from_data(item) for item in json.loads(text)]


def dump_line(line: str) -> str:
    """One line as a JSON text (for a column that holds one line)."""
    return json.dumps(to_data(line), ensure_ascii=False)


def load_line(text: str) -> str:
    """The line :func:`dump_line` stored; a plain line stored before languages is returned as it is."""
    try:
        data = json.loads(text)
    except ValueError:
        return text
    if isinstance(data, str):
        return data
    back = from_data(data)
    return back if isinstance(back, str) else text
