"""Sentences for the expansions' events. VP chips stay secret [S]: a public sentence never
names an amount of chips (or the words "VP"/"chip"); :data:`SECRET_VP` events carry their
amount in a private sentence for the player alone (see :func:`events.event_text`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..core.i18n import listing
from .i18n import msg
from .types import Good, Layout, PREvent
from .wording import building_list, building_title, good, goods_text, place, tile_name

#: A sentence for an event: ``text(event, the player's name, every player's name)``.
Sentence = Callable[[PREvent, str, list[str]], str]


def amounts(goods: list[int] | list[Good]) -> list[int]:
    """An event's ``goods`` as barrels per kind (an emptied trading house's are kinds)."""
    return [n for n in goods if isinstance(n, int)]


def per_seat(nobles: list[int] | dict[str, Layout] | int | None) -> list[int]:
    """A ``colonists`` event's nobles, per seat (none before the Nobles expansion)."""
    return nobles if isinstance(nobles, list) else []


#: The events whose VP chips are told privately, with the building that scores them.
SECRET_VP = {
    "church": "church",
    "chapel_vp": "chapel",
    "lodge_vp": "hunting-lodge",
    "union_hall": "union-hall",
    "royal_supply": "royal-supplier",
}
INCOME: tuple[Literal["specialty_factory", "chapel", "jeweler"], ...] = ("specialty_factory", "chapel", "jeweler")


def _paid(e: PREvent) -> str:
    if e["item"] == "colonist":
        if e["noble"]:
            return msg("a noble from {place}", place=place(e["place"]))
        return msg("a colonist from {place}", place=place(e["place"]))
    return msg("{n} {good}", n=1, good=good(e["good"])) if e["item"] == "good" else msg("a victory point")


def _income(e: PREvent) -> str:
    parts = [msg("{building} {n}", building=building_title(key), n=e[key]) for key in INCOME if e[key]]
    return listing(parts, "")


def _forest(e: PREvent, w: str) -> str:
    tile = tile_name(e["discarded"])
    if e["hospice"]:
        return msg(
            "{player} takes a forest, discarding {tile}; the Hospice colonist waits in San Juan.", player=w, tile=tile
        )
    return msg("{player} takes a forest, discarding {tile}.", player=w, tile=tile)


def _land_discard(e: PREvent, w: str) -> str:
    tile = tile_name(e["tile"])
    if e["moved"]:
        return msg(
            "{player} discards {tile} at the Land Office for 1 doubloon; its colonist goes to San Juan.",
            player=w,
            tile=tile,
        )
    return msg("{player} discards {tile} at the Land Office for 1 doubloon.", player=w, tile=tile)


def _lodge_discard(e: PREvent, w: str) -> str:
    tile = tile_name(e["tile"])
    if e["moved"]:
        return msg("{player} discards {tile} (Hunting Lodge); its colonist goes to San Juan.", player=w, tile=tile)
    return msg("{player} discards {tile} (Hunting Lodge).", player=w, tile=tile)


def _small_wharf(e: PREvent, w: str) -> str:
    goods = goods_text(amounts(e["goods"]))
    if e.get("lighthouse"):
        return msg("{player} ships {goods} on their Small Wharf; Lighthouse +1 doubloon.", player=w, goods=goods)
    return msg("{player} ships {goods} on their Small Wharf.", player=w, goods=goods)


def _guest(e: PREvent, w: str) -> str:
    where = place(e["target"])
    if e["noble"]:
        return msg("{player} moves a noble from the Guest House to {place}.", player=w, place=where)
    return msg("{player} moves a colonist from the Guest House to {place}.", player=w, place=where)


_TEXT: dict[str, Sentence] = {
    "draft": lambda e, w, _: msg("{player} drafts the {building}.", player=w, building=building_title(e["building"])),
    "market_auto": lambda e, w, _: msg(
        "In the game without a pick (no other choice at that cost): {buildings}.",
        buildings=building_list(e["buildings"]),
    ),
    "market": lambda e, w, _: msg("The buildings of this game: {buildings}.", buildings=building_list(e["buildings"])),
    "black_market": lambda e, w, _: msg(
        "{player} returns {item} to the supply (Black Market).", player=w, item=_paid(e)
    ),
    "church": lambda e, w, _: msg("{player}'s Church rewards the new building.", player=w),
    "income": lambda e, w, _: msg("{player} earns doubloons: {income}.", player=w, income=_income(e)),
    "chapel_vp": lambda e, w, _: msg("{player}'s noble prays in the Chapel.", player=w),
    "forest": lambda e, w, _: _forest(e, w),
    "forest_swap": lambda e, w, _: msg(
        "{player} discards the {good} plantation just drawn for a forest.", player=w, good=good(e["tile"])
    ),
    "land_draw": lambda e, w, _: msg(
        "{player} pays 1 doubloon at the Land Office and draws {tile}.", player=w, tile=tile_name(e["tile"])
    ),
    "land_discard": lambda e, w, _: _land_discard(e, w),
    "lodge_discard": lambda e, w, _: _lodge_discard(e, w),
    "lodge_vp": lambda e, w, _: msg("{player} alone has the most empty island spaces (Hunting Lodge).", player=w),
    "villa": lambda e, w, _: (
        msg("{player}'s Villa brings a noble.", player=w)
        if e["noble"]
        else msg("{player}'s Villa brings a colonist (no nobles left).", player=w)
    ),
    "union_hall": lambda e, w, _: msg("{player}'s Union Hall counts their goods.", player=w),
    "royal_supply": lambda e, w, _: msg(
        "{player} ships 1 {good} with the Royal Supplier.", player=w, good=good(e["good"])
    ),
    "small_wharf": lambda e, w, _: _small_wharf(e, w),
    "lighthouse": lambda e, w, _: msg("{player}'s Lighthouse pays the Captain 1 doubloon.", player=w),
    "guest": lambda e, w, _: _guest(e, w),
    "guests_stay": lambda e, w, _: msg("{player} leaves the guests in the Guest House.", player=w),
}


def expansion_text(event: PREvent, who: str, names: list[str]) -> str:
    return _TEXT[event["kind"]](event, who, names)
