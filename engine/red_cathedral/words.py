"""Words shared by labels, event sentences and the text board, as messages (:mod:`.i18n`). A message
is immutable, so the small ones (counts, colours) are made once and kept.

>>> amounts({"brick": 2, "rubles": 1, "rp": 3})
'2 brick, 1 ruble, 3 RP'
>>> amounts({}), item("rubles", 1), item("rubles", 2)
('nothing', '1 ruble', '2 rubles')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TypeVar

from engine.core.i18n import Msg, listing

from . import board
from .i18n import DOMAIN, msg, msgn
from .types import State

K = TypeVar("K", bound=str)  # an amounts table's keys: materials, items...

NOUNS = {
    "lumber": msg("lumber"),
    "brick": msg("brick"),
    "stone": msg("stone"),
    "gold": msg("gold"),
    "green": msg("green jewel"),
    "purple": msg("purple jewel"),
    "rubles": msg("ruble"),
    "rp": msg("RP"),
    "pp": msg("PP"),
}
COUNTS: dict[str, Callable[[int], Msg]] = {
    "lumber": lambda n: msgn("{n} lumber", "{n} lumber", n),
    "brick": lambda n: msgn("{n} brick", "{n} brick", n),
    "stone": lambda n: msgn("{n} stone", "{n} stone", n),
    "gold": lambda n: msgn("{n} gold", "{n} gold", n),
    "green": lambda n: msgn("{n} green jewel", "{n} green jewels", n),
    "purple": lambda n: msgn("{n} purple jewel", "{n} purple jewels", n),
    "rubles": lambda n: msgn("{n} ruble", "{n} rubles", n),
    "rp": lambda n: msgn("{n} RP", "{n} RP", n),
    "pp": lambda n: msgn("{n} PP", "{n} PP", n),
}
GUILDS = {
    "craftsmen": msg("the Craftsmen's Guild"),
    "teamsters": msg("the Teamsters' Guild"),
    "merchants": msg("the Merchants' Guild"),
    "clergy": msg("the Clergy"),
}
SPACE_WORDS = {"white-1": msg("white (1st)"), "white-2": msg("white (2nd)")}


@lru_cache(maxsize=512)
def prestige(n: int) -> Msg:
    """``1 prestige point``, ``2 prestige points``."""
    return msgn("{n} prestige point", "{n} prestige points", n)


@lru_cache(maxsize=512)
def times(n: int) -> Msg:
    """``once``, ``2 times``."""
    return msg("once") if n == 1 else msg("{n} times", n=n)


@lru_cache(maxsize=512)
def times_capitalized(n: int) -> Msg:
    """``Once``, ``2 times`` (a label's first word)."""
    return msg("Once") if n == 1 else msg("{n} times", n=n)


@lru_cache(maxsize=512)
def data_word(word: str) -> Msg:
    """A word from the pack's fixed vocabulary (a colour, a level, an ornament kind)."""
    return DOMAIN.data(word)


def guild_of_card(state: State, card_id: str) -> Msg:
    return GUILDS[board.pack_of(state).influence[card_id].group]


def noun(name: str) -> str:
    """``green`` -> ``green jewel``: an item's name without a count."""
    return NOUNS.get(name, name)


@lru_cache(maxsize=512)
def item(name: str, n: int) -> str:
    count = COUNTS.get(name)
    return count(n) if count else f"{n} {name}"


def amounts(d: Mapping[K, int]) -> str:
    parts = [item(k, n) for k, n in d.items() if n]
    return listing(parts, "") if parts else msg("nothing")


@lru_cache(maxsize=512)
def slot_name(slot: str) -> str:
    return SPACE_WORDS.get(slot) or data_word(slot)


def space_name(state: State, space: int) -> str:
    """``space 3 (2 brick)``: a market space by number and its tile."""
    tile = board.pack_of(state).resource_tiles[state["spaces"][space]["tile"]]
    return _space_name(space + 1, tile.item, tile.amount)


@lru_cache(maxsize=512)
def _space_name(number: int, name: str, n: int) -> Msg:
    return msg("space {number} ({tile})", number=number, tile=item(name, n))


def tile_text(state: State, tile_id: str) -> str:
    tile = board.pack_of(state).tiles[tile_id]
    if tile.kind == "resource":
        return item(tile.item, tile.amount)
    return _die_yield(tile.die)


@lru_cache(maxsize=16)
def _die_yield(colour: str) -> Msg:
    return msg("the yield of the {colour} die's space", colour=data_word(colour))


def influence_text(state: State, card_id: str, which: int) -> Msg:
    tag, cost, gain = board.pack_of(state).influence[card_id].action(which)
    got = amounts(gain)
    if tag == "once":
        if cost:
            return msg("once: pay {cost}, get {gain}", cost=amounts(cost), gain=got)
        return msg("once: get {gain}", gain=got)
    if cost:
        return msg("repeatable: pay {cost}, get {gain}", cost=amounts(cost), gain=got)
    return msg("repeatable: get {gain}", gain=got)


def section_text(state: State, index: int) -> str:
    sec, card = state["sections"][index], board.card(state, index)
    reward = amounts({"rp": card.rp, "rubles": card.rubles})
    return msg(
        "{section} ({level}: {cost} for {reward})",
        section=sec["name"],
        level=data_word(card.level),
        cost=amounts(card.cost),
        reward=reward,
    )
