"""Player colours: the colours a game's seats are told apart by, each with a mark for people who
cannot tell them apart by colour alone.

A game declares its own colours (as on its components) in :attr:`GameSpec.colours
<engine.core.spec.GameSpec.colours>`, in the order seats take them when nobody chooses. A game that
declares none gets :data:`DEFAULT_COLOURS`. The table stores each seat's colour id; every surface
(lobby, turn messages, status, boards) reads the seat's colour through :func:`seat_colours`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .i18n import msgp

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class PlayerColour:
    """One player colour: a canonical ``id`` (stored per seat), the ``rgb`` boards draw it in, its
    ``name`` for people (a catalogue message of the declaring game) and a ``mark``, one letter drawn
    and written with it so that seats are told apart without telling colours apart."""

    id: str
    rgb: RGB
    name: str
    mark: str


#: The colours of a game that declares none (Okabe–Ito, colour-blind safe).
DEFAULT_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("red", (213, 94, 0), msgp("colour", "red"), "R"),
    PlayerColour("blue", (0, 114, 178), msgp("colour", "blue"), "B"),
    PlayerColour("green", (0, 158, 115), msgp("colour", "green"), "G"),
    PlayerColour("yellow", (240, 228, 66), msgp("colour", "yellow"), "Y"),
    PlayerColour("purple", (204, 121, 167), msgp("colour", "purple"), "P"),
    PlayerColour("orange", (230, 159, 0), msgp("colour", "orange"), "O"),
)


def seat_colours(
    declared: Sequence[PlayerColour], stored: Sequence[str | None], fixed: bool = False
) -> list[PlayerColour]:
    """Each seat's colour, from the table's stored ids (one per seat, in seat order).

    The stored choice counts when it names distinct colours of the game, one per seat, and the game
    lets seats choose (``fixed`` False). Otherwise the seats take the declared colours in order: a game
    whose rules tie each seat to a colour (``fixed``), and games stored before the colours were the
    game's own (their ids came from one generic list and the boards drew the declared order).

    >>> red, blue = DEFAULT_COLOURS[:2]
    >>> [c.id for c in seat_colours((red, blue), ["blue", "red"])]
    ['blue', 'red']
    >>> [c.id for c in seat_colours((red, blue), ["purple", "red"])]
    ['red', 'blue']
    >>> [c.id for c in seat_colours((red, blue), ["blue", "red"], fixed=True)]
    ['red', 'blue']
    """
    if len(stored) > len(declared):
        raise ValueError(f"{len(stored)} seats but only {len(declared)} player colours")
    by_id = {c.id: c for c in declared}
    if not fixed and len(set(stored)) == len(stored) and all(s in by_id for s in stored):
        return [by_id[str(s)] for s in stored]
    return list(declared[: len(stored)])


#: The key under which the table adds its seats' colour ids (seat order) to a view it has drawn: a
#: table's fact, like its names, that the rules do not hold (views without it: the declared order).
VIEW_KEY = "seat_colours"


def with_colours(view: Mapping[str, Any], colours: Sequence[PlayerColour]) -> dict[str, Any]:
    """A copy of ``view`` carrying each seat's colour id under :data:`VIEW_KEY`."""
    return {**view, VIEW_KEY: [c.id for c in colours]}


def colours_of(view: Mapping[str, Any], declared: Sequence[PlayerColour]) -> list[PlayerColour]:
    """The seats' colours a view carries (see :data:`VIEW_KEY`), each one of ``declared``; a view
    that carries none (drawn outside a table, e.g. a sample or a warm-up) gets the declared order."""
    by_id = {c.id: c for c in declared}
    ids = view.get(VIEW_KEY)
    if isinstance(ids, list) and all(i in by_id for i in ids):
        return [by_id[str(i)] for i in ids]
    return list(declared)


def fill_choices(
    declared: Sequence[PlayerColour], chosen: Sequence[str | None], fixed: bool = False
) -> list[PlayerColour]:
    """The seats' colours when a game starts: each seat keeps the colour it chose (``chosen``, in
    seat order; None: none) when that is one of the game's and no earlier seat holds it, the others
    take the first free colours in the declared order (all of them, when the rules tie colours to
    seats: ``fixed``).

    >>> red, blue, green = DEFAULT_COLOURS[:3]
    >>> [c.id for c in fill_choices((red, blue, green), [None, "red", "red"])]
    ['blue', 'red', 'green']
    """
    if len(chosen) > len(declared):
        raise ValueError(f"{len(chosen)} seats but only {len(declared)} player colours")
    if fixed:
        return list(declared[: len(chosen)])
    by_id = {c.id: c for c in declared}
    kept: list[PlayerColour | None] = []
    for pick in chosen:
        colour = by_id.get(pick or "")
        kept.append(colour if colour is not None and colour not in kept else None)
    free = iter(c for c in declared if c not in kept)
    return [colour if colour is not None else next(free) for colour in kept]
