"""Lisboa's things as players name them, as messages (:mod:`.i18n`): nobles, card kinds, cards,
ships, goods, rubble, colours, state and noble actions, and the reasons events give.

Ids from the data pack (goods, rubble, deck and ship colours, plan colours, city-tile display
spaces, store groups) are :meth:`~engine.core.i18n.Domain.data` messages, declared once with
:func:`data_ids`; a server owner's pack with ids of its own shows them as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..core.i18n import Msg, listing
from .i18n import DOMAIN, msg, msgp

#: Each noble: the short name (``Marquis``) and the name in a sentence (``the Marquis``).
NOBLES: dict[str, tuple[Msg, Msg]] = {
    "maia": (msg("Maia"), msg("Maia")),
    "marquis": (msg("Marquis"), msg("the Marquis")),
    "king": (msg("King"), msg("the King")),
}
#: The political card kinds, as the display stacks are called.
STACKS: dict[str, Msg] = {"treasury": msg("Treasury"), **{k: v[0] for k, v in NOBLES.items()}}
#: State actions (trade, visit, follow) and noble actions, as their names read.
ACTIONS: dict[str, Msg] = {
    "hire_officials": msg("hire officials"),
    "obtain_plan": msg("obtain plan"),
    "build_ship": msg("build ship"),
    "produce_goods": msg("produce goods"),
    "meet_cardinal": msg("meet cardinal"),
    "royal_favor": msg("royal favor"),
    "build_store": msg("build store"),
    "take_decree": msg("take decree"),
    "open_public_building": msg("open public building"),
}
#: Why something was gained or paid (the ``why`` of an event), as it reads in a sentence.
WHY: dict[str, Msg] = {
    "card reward": msg("card reward"),
    "site bonus": msg("site bonus"),
    "lot bonus": msg("lot bonus"),
    "site rubble": msg("site rubble"),
    "public building": msg("public building"),
    "cardinal": msg("cardinal"),
    "church scoring": msg("church scoring"),
    "clergy tile": msg("clergy tile"),
    "penalty": msg("penalty"),
    "subsidy": msg("subsidy"),
    "sponsored event": msg("sponsored event"),
    "sponsor": msg("sponsor"),
    "ship built": msg("ship built"),
    "produce": msg("produce"),
    "royal favor": msg("royal favor"),
    "hire officials": msg("hire officials"),
    "get 1 gold": msg("get 1 gold"),
    "land cost": msg("land cost"),
    "store row": msg("store row"),
    "store column": msg("store column"),
    "check": msg("check"),
    "display": msg("display"),
}
#: Places and rows named in events and labels.
PLACES: dict[str, Msg] = {
    "plaza": msg("plaza"),
    "top": msg("top"),
    "bottom": msg("bottom"),
    "row": msg("row"),
    "column": msg("column"),
}
#: Where an official stands, by its key as events keep it (``king``, ``plaza``).
OFFICES: dict[str, Msg] = {
    "maia": msg("maia"),
    "marquis": msg("marquis"),
    "king": msg("king"),
    "plaza": msg("plaza"),
}
#: A noble by its key as a reason names it (``visit king``).
KEYS: dict[str, Msg] = {
    "maia": msgp("noble", "maia"),
    "marquis": msgp("noble", "marquis"),
    "king": msgp("noble", "king"),
}
_CARD = re.compile(r"^([a-z]+)-(\d+)$")
_SHIP = re.compile(r"^ship-([a-z]+)-(\d+)$")


@lru_cache(maxsize=1024)  # messages are immutable: one per name
def data(name: object) -> str:
    """A data id (``gold``, ``fire``, ``blue``, ``D-gold``, ``left``) as a message; anything else as text."""
    return DOMAIN.data(name) if isinstance(name, str) and name else str(name)


@lru_cache(maxsize=1024)  # messages are immutable: one per name
def words(name: object) -> str:
    """``hire_officials`` or ``ship-blue-1`` → ``hire officials``, ``ship blue 1`` (as a message
    where the name is known)."""
    text = str(name)
    if text in ACTIONS:
        return ACTIONS[text]
    found = _SHIP.match(text)
    if found:
        return msg("ship {colour} {n}", colour=data(found.group(1)), n=found.group(2))
    if text in _declared() and not any(c in text for c in "_-"):
        return data(text)
    return text.replace("_", " ").replace("-", " ")


def action(name: object) -> str:
    """A state or noble action (``build_ship``) by its name."""
    return ACTIONS.get(str(name)) or str(name).replace("_", " ")


def why(reason: object) -> str:
    """An event's ``why`` as it reads in brackets (``ship built``, ``visit king``), as a message."""
    text = str(reason)
    if text in WHY:
        return WHY[text]
    verb, _, noble = text.partition(" ")
    if noble in NOBLES and verb == "visit":
        return msg("visit {noble}", noble=KEYS[noble])
    if noble in NOBLES and verb == "follow":
        return msg("follow {noble}", noble=KEYS[noble])
    return text


def place(key: object) -> str:
    """``king`` → ``the King``, ``plaza`` → ``plaza``."""
    text = str(key)
    if text in NOBLES:
        return NOBLES[text][1]
    return PLACES.get(text) or text.replace("_", " ")


@lru_cache(maxsize=1024)  # messages are immutable: one per name
def card_id(card: object) -> str:
    """``red-03`` with its deck colour as a message (the id reads the same in English)."""
    text = str(card)
    found = _CARD.match(text)
    if found and found.group(1) in _declared():
        return msg("{deck}-{number}", deck=data(found.group(1)), number=found.group(2))
    return text


@lru_cache(maxsize=1024)  # messages are immutable: one per name
def ship(ship_id: object) -> str:
    """``ship-blue-1`` (the id as events show it) as a message."""
    text = str(ship_id)
    found = _SHIP.match(text)
    if found:
        return msg("ship-{colour}-{n}", colour=data(found.group(1)), n=found.group(2))
    return text


def goods(items: Iterable[object]) -> list[str]:
    return [data(g) for g in items]


def nothing_or(items: list[str]) -> str:
    """``a, b, c`` (commas only), or ``nothing``."""
    return listing(items, "") if items else msg("nothing")


_DECLARED: set[str] = set()


def _declared() -> set[str]:
    if not _DECLARED:
        _DECLARED.update(data_ids())
    return _DECLARED


def data_ids() -> set[str]:
    """Every data id the shipped pack gives a name to."""
    from .data import default_pack

    pack = default_pack()
    ids: set[str] = set(pack.goods) | set(pack.rubble) | set(pack.decks) | set(pack.ships)
    ids |= {p.colour for p in pack.plans.values()}
    ids |= set(pack.tile_display) | {g.group for g in pack.store_groups.values()}
    return {str(i) for i in ids}


DOMAIN.declare_data(data_ids)
