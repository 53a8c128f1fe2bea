"""Lorenzo il Magnifico's player colours, in the order seats take them. Our sources name no colours
for the family members and discs, so these are chosen: colour-blind-safe ones unlike the tower
colours (green, blue, yellow, purple) and the dice (black, white, orange are members' die colours,
so the grey seat is not called black) (docs/rules/lorenzo.md)."""

from __future__ import annotations

from ..core.colours import PlayerColour
from .i18n import msgp

COLOURS = (
    PlayerColour("red", (213, 94, 0), msgp("player colour", "red"), "R"),
    PlayerColour("blue", (0, 114, 178), msgp("player colour", "blue"), "B"),
    PlayerColour("grey", (70, 70, 70), msgp("player colour", "grey"), "G"),
    PlayerColour("orange", (230, 159, 0), msgp("player colour", "orange"), "O"),
)
