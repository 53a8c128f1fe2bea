"""Stored words (a game's status, the seats with their colours) and lists of names or items as messages for people."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.colours import PlayerColour
from engine.core.i18n import listing

from .i18n import msg, msgp


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


def status_word(status: str) -> str:
    """A game's stored status (``lobby``, ``active``, ``finished``, ``abandoned``) in words."""
    words = {
        "lobby": msgp("status", "lobby"),
        "active": msgp("status", "active"),
        "finished": msgp("status", "finished"),
        "abandoned": msgp("status", "abandoned"),
    }
    return words.get(status, status)


def alternatives(labels: list[str]) -> str:
    """Labels as alternatives, ``a; b; c`` (each translated with the sentence)."""
    if not labels:
        return ""
    line = labels[-1]
    for label in reversed(labels[:-1]):
        line = msg("{first}; {rest}", first=label, rest=line)
    return line


def seating_list(names: list[str], colours: Sequence[PlayerColour]) -> str:
    """``1. Ann (red · R), 2. Bob (blue · B)``: the seats in order with their colours and marks."""
    return listing(
        [
            msg("{n}. {player} ({colour} · {mark})", n=i + 1, player=name, colour=colours[i].name, mark=colours[i].mark)
            for i, name in enumerate(names)
        ],
        "",
    )
