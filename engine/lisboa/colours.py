"""Lisboa's player colours, in the order seats take them. Our sources name no colours for the
player pieces (each player "picks a colour"), so these are chosen: the colour-blind-safe ones the
board has always drawn the seats in (docs/rules/lisboa.md)."""

from __future__ import annotations

from ..core.colours import PlayerColour
from .i18n import msgp

COLOURS = (
    PlayerColour("red", (213, 94, 0), msgp("player colour", "red"), "R"),
    PlayerColour("blue", (0, 114, 178), msgp("player colour", "blue"), "B"),
    PlayerColour("green", (0, 158, 115), msgp("player colour", "green"), "G"),
    PlayerColour("orange", (230, 159, 0), msgp("player colour", "orange"), "O"),
)
