"""Lorenzo's words for people, shared by the event sentences, the labels and the prompts: amounts of
resources and points, colours, card types, card and leader names (from the data pack), privileges
and action spaces. Every one is a :class:`~engine.core.i18n.Msg` (English as a ``str``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from ..core.i18n import Msg, listing
from .board import State, pack
from .i18n import DOMAIN, msg, msgn
from .types import Bundle, BundleKey

AMOUNTS: dict[BundleKey, Callable[[int], Msg]] = {
    "w": lambda n: msg("{n} wood", n=n),
    "s": lambda n: msg("{n} stone", n=n),
    "sv": lambda n: msgn("{n} servant", "{n} servants", n),
    "c": lambda n: msgn("{n} coin", "{n} coins", n),
    "vp": lambda n: msg("{n} VP", n=n),
    "mp": lambda n: msgn("{n} military point", "{n} military points", n),
    "fp": lambda n: msgn("{n} faith point", "{n} faith points", n),
}
PRIVILEGES = {
    "wood-stone": msg("1 wood + 1 stone"),
    "servants": msg("2 servants"),
    "coins": msg("2 coins"),
    "military": msg("2 military points"),
    "faith": msg("1 faith point"),
}
#: Family members and the dice of the same colours.
COLOURS = {"black": msg("black"), "white": msg("white"), "orange": msg("orange"), "neutral": msg("neutral")}
TOWERS = {"green": msg("green"), "blue": msg("blue"), "yellow": msg("yellow"), "purple": msg("purple")}
TOWER_TITLES = {"green": msg("Green"), "blue": msg("Blue"), "yellow": msg("Yellow"), "purple": msg("Purple")}
CARD_TYPES = {
    "territory": msg("territory"),
    "building": msg("building"),
    "character": msg("character"),
    "venture": msg("venture"),
}
#: The card types' plurals, as the text board heads each player's cards.
CARD_TYPE_PLURALS = {
    "territory": msg("territories"),
    "building": msg("buildings"),
    "character": msg("characters"),
    "venture": msg("ventures"),
}
WORK_SPACES = {
    ("harvest", True): msg("the large harvest space"),
    ("harvest", False): msg("the small harvest space"),
    ("production", True): msg("the large production space"),
    ("production", False): msg("the small production space"),
}
WORK_LABELS = {
    ("harvest", True): msg("Harvest (large space, −3)"),
    ("harvest", False): msg("Harvest (small space)"),
    ("production", True): msg("Production (large space, −3)"),
    ("production", False): msg("Production (small space)"),
}
NOTHING = msg("nothing")


def word(table: dict[str, Msg], key: str) -> str:
    """``key``'s word in ``table`` (the key itself, a plain string, for one a pack adds)."""
    return table.get(key) or str(key)


def words(bundle: Bundle) -> str:
    """``{"c": 2, "w": 1}`` → ``1 wood, 2 coins``: always in the order of :data:`AMOUNTS` (then any
    other key by name), never the dict's, which a stored state's sorted keys change (``need``
    shown as "needs N military")."""
    known = [k for k in AMOUNTS if k in bundle]
    return _words(tuple((k, bundle[k]) for k in known + sorted(set(bundle) - set(known))))


@lru_cache(maxsize=512)
def _words(items: tuple[tuple[BundleKey, int], ...]) -> str:  # messages are immutable: one per bundle
    bundle = dict(items)
    parts: list[str] = [_amount(k, n) for k, n in items if k not in ("need", "cp") and n]
    if bundle.get("cp"):
        parts.append(msgn("{n} privilege", "{n} privileges", bundle["cp"]))
    if bundle.get("need"):
        parts.append(msg("(needs {n} military points)", n=bundle["need"]))
    if not parts:
        return NOTHING
    return parts[0] if len(parts) == 1 else listing(parts, "")


def _amount(key: BundleKey, n: int) -> str:
    made = AMOUNTS.get(key)
    return f"{n} {key}" if made is None else made(n)


def both(items: Iterable[str]) -> str:
    """``a and b and c``: every item, each joined by "and" (several privileges)."""
    joined: str | None = None
    for item in items:
        joined = item if joined is None else msg("{first} and {then}", first=joined, then=item)
    return "" if joined is None else joined


def privileges(ids: Iterable[str]) -> str:
    return both(word(PRIVILEGES, p) for p in ids)


@lru_cache(maxsize=256)
def named(name: str) -> Msg:
    """A card's or leader's name from the data pack, as a message."""
    return DOMAIN.data(name)


def card_name(state: State, card_id: int) -> Msg:
    return named(pack(state).cards[card_id].name)


def leader_name(state: State, leader_id: str) -> Msg:
    return named(pack(state).leaders[leader_id].name)


def leader_named(state: State, key: str) -> Msg:
    """The leader whose key is ``key``, by name."""
    return named(pack(state).leader_by_key(key).name)


def space_name(state: State, space_id: str) -> str:
    """``the blue tower, floor 3`` / ``the large harvest space`` / ``the market (5 coins)``."""
    space = pack(state).spaces[space_id]
    if space.area == "tower":
        return msg("the {tower} tower, floor {floor}", tower=word(TOWERS, space.tower), floor=space.floor)
    if space.area in ("harvest", "production"):
        return WORK_SPACES[space.area, bool(space.penalty)]
    if space.area == "market":
        return msg("the market ({reward})", reward=words(space.reward))
    return msg("the council palace")
