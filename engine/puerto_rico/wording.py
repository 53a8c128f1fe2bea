"""Small wording helpers shared by the event sentences and the labels: names of goods, tiles,
buildings and roles, amounts, as :class:`~engine.core.i18n.Msg` values (never put in state).

Building, good and tile names come from ``buildings.toml``: each is a data id of the catalogue
(:meth:`~engine.core.i18n.Domain.data`), declared once below, in the two English forms players
read (``Small Market`` in labels and titles, ``small market`` inside sentences). A name is the
same message every time (messages are immutable), so each is made once."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..core.i18n import Msg, listing
from .data import BUILDING_ORDER, GOODS, TILES
from .i18n import DOMAIN, msg, msgn, msgp

#: Where a person may stand besides the tiles and buildings (black market returns).
SAN_JUAN = "san juan"

ROLE_NAMES = {
    "settler": msg("Settler"),
    "mayor": msg("Mayor"),
    "builder": msg("Builder"),
    "craftsman": msg("Craftsman"),
    "trader": msg("Trader"),
    "captain": msg("Captain"),
    "prospector": msg("Prospector"),
    "prospector-2": msg("Prospector"),
}
#: A role as a label of its option (the second Prospector is told apart).
ROLE_LABELS = dict(ROLE_NAMES, **{"prospector-2": msg("Prospector 2")})


def name(key: str) -> str:
    """``small-market`` → ``small market`` (plain English, for canonical data)."""
    return key.replace("-", " ").replace("_", " ")


def title(key: str) -> str:
    """``small-market`` → ``Small Market``."""
    return name(key).title()


def _data_ids() -> Iterator[str]:
    yield from GOODS
    yield from TILES
    yield SAN_JUAN
    for building in BUILDING_ORDER:
        yield name(building)
        yield title(building)


DOMAIN.declare_data(_data_ids)


@cache
def good(kind: str) -> Msg:
    """A good (``corn``) or a tile kind (``quarry``)."""
    return DOMAIN.data(kind)


#: Plantations as places a person stands on: ``corn`` in English, "the corn plantation" in Japanese.
PLANTATIONS = {
    "corn": msgp("place", "corn"),
    "indigo": msgp("place", "indigo"),
    "sugar": msgp("place", "sugar"),
    "tobacco": msgp("place", "tobacco"),
    "coffee": msgp("place", "coffee"),
}


@cache
def place(key: str) -> Msg:
    """A place a person stands on, in a sentence: a plantation (``corn``), a quarry, a building
    (``small market``) or San Juan (``san juan``)."""
    return PLANTATIONS.get(key) or DOMAIN.data(name(key))


@cache
def building(key: str) -> Msg:
    """A building inside a sentence: ``small market``."""
    return DOMAIN.data(name(key))


@cache
def building_title(key: str) -> Msg:
    """A building as a title or label: ``Small Market``."""
    return DOMAIN.data(title(key))


def goods_text(amounts: list[int]) -> Msg:
    """``1 corn, 2 sugar`` (``nothing`` when empty)."""
    parts = [msg("{n} {good}", n=n, good=good(GOODS[i])) for i, n in enumerate(amounts) if n]
    return listing(parts, "") if parts else msg("nothing")


def vp_chips(n: int) -> Msg:
    return msgn("{n} VP chip", "{n} VP chips", n)


def nobles(n: int) -> Msg:
    return msgn("{n} noble", "{n} nobles", n)


@cache
def tile_name(tile: str) -> Msg:
    """``a quarry``, ``a corn plantation``, ``an indigo plantation``."""
    if tile == "quarry":
        return msg("a quarry")
    if tile[0] in "aeiou":
        return msg("an {good} plantation", good=good(tile))
    return msg("a {good} plantation", good=good(tile))


def building_list(keys: list[str]) -> Msg:
    """Buildings as titles, with commas (``none`` when empty)."""
    return listing([building_title(b) for b in keys], "") if keys else msg("none")
