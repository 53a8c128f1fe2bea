"""The Red Cathedral's player colours as on its components (the red, blue, yellow and green of the
rules' examples, each matching a die), in the order the set-up gives them to seats (components.toml
``colour``). The rules tie each seat's die to its colour, so a table cannot choose."""

from __future__ import annotations

from ..core.colours import PlayerColour
from .i18n import msgp

COLOURS = (
    PlayerColour("red", (213, 94, 0), msgp("player colour", "red"), "R"),
    PlayerColour("blue", (0, 114, 178), msgp("player colour", "blue"), "B"),
    PlayerColour("yellow", (240, 228, 66), msgp("player colour", "yellow"), "Y"),
    PlayerColour("green", (0, 158, 115), msgp("player colour", "green"), "G"),
)
