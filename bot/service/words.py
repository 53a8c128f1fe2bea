"""Stored words (a game's status, a seat's colour) as messages for people."""

from __future__ import annotations

from .i18n import msgp


def status_word(status: str) -> str:
    """A game's stored status (``lobby``, ``active``, ``finished``, ``abandoned``) in words."""
    words = {
        "lobby": msgp("status", "lobby"),
        "active": msgp("status", "active"),
        "finished": msgp("status", "finished"),
        "abandoned": msgp("status", "abandoned"),
    }
    return words.get(status, status)


def colour_word(colour: str | None) -> str:
    """A seat's stored colour (``red``...) in words."""
    words = {
        "red": msgp("colour", "red"),
        "blue": msgp("colour", "blue"),
        "green": msgp("colour", "green"),
        "yellow": msgp("colour", "yellow"),
        "purple": msgp("colour", "purple"),
        "orange": msgp("colour", "orange"),
    }
    return words.get(colour or "", colour or "")
