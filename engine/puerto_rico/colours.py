"""Puerto Rico's player colours, in the order seats take them. Its components have no player
colours (each player has a board of the same colours), so these are chosen: colour-blind-safe
ones, each with its letter (docs/rules/puerto-rico.md)."""

from __future__ import annotations

from ..core.colours import PlayerColour
from .i18n import msgp

COLOURS = (
    PlayerColour("red", (213, 94, 0), msgp("player colour", "red"), "R"),
    PlayerColour("blue", (0, 114, 178), msgp("player colour", "blue"), "B"),
    PlayerColour("green", (0, 158, 115), msgp("player colour", "green"), "G"),
    PlayerColour("yellow", (240, 228, 66), msgp("player colour", "yellow"), "Y"),
    PlayerColour("purple", (204, 121, 167), msgp("player colour", "purple"), "P"),
)
