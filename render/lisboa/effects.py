"""What Lisboa's cards and tiles do, in a player's words: the effect ids of the data pack (NB-xx
bottoms, TP-xx treasury permanents, TC-xx treasury centres, CL-xx clergy tiles) as short sentences
with their printed values, for the boards to draw in place of the ids.

Each sentence is a catalogue message of this package (its Japanese beside it); an id without one
(a server owner's pack naming a new effect) is drawn as the id. A value the data pack marks
provisional is marked with :data:`PROVISIONAL_MARK`.
"""

from __future__ import annotations

from collections.abc import Mapping

from .i18n import WORDS, msg, tr
from .parts import GOOD_NAMES, NOBLE_NAMES, RUBBLE_NAMES, pack

#: The mark after a card or tile whose values the data pack estimates (no source gives them).
PROVISIONAL_MARK = "*"

# Image text is ASCII (plus the ellipsis): Pillow's bundled font has no accented letters, so "reis".
SENTENCES: dict[str, str] = {
    "NB-01": "penalty: return 1 of your officials",
    "NB-02": "penalty: pay 1 reis",
    "NB-03": "up to {n} officials into offices",
    "NB-04": "take a Royal Favor",
    "NB-05": "+{n} influence",
    "NB-06": "take a decree",
    "NB-07": "Cardinal 1 step, take a clergy tile",
    "NB-08": "take the top plan of a stack",
    "NB-09": "gain 1 {good}",
    "NB-10": "take 1 spare rubble cube",
    "NB-11": "build a ship (normal cost)",
    "NB-12": "produce goods",
    "TP-01": "{rubble} cubes cost {n} less",
    "TP-02": "{rubble} cubes cost 0",
    "TP-03": "every reis payment {n} less",
    "TP-04": "sell {good}: +2 reis each",
    "TP-05": "public building: 2 officials fewer",
    "TC-01": "build a store or a public building",
    "TC-02": "one noble action (no follow)",
    "TC-03": "gain {items}",
    "TC-04": "up to {n} officials into offices",
    "CL-01": "political card to portfolio: +1 wig",
    "CL-02": "{kind} card to portfolio: +{reis} reis",
    "CL-03": "{kind} card to the court: +{reis} reis",
    "CL-04": "{kind} card to the court: +{reis} reis",
    "CL-05": "{kind} card to the court: +{reis} reis",
    "CL-06": "sponsor an event for 0",
    "CL-07": "visit or follow: influence -1",
    "CL-08": "follow: influence 0",
    "CL-09": "visit or follow Maia: influence -2",
    "CL-10": "visit or follow the Marquis: influence -2",
    "CL-11": "visit or follow the King: influence -2",
    "CL-12": "sell gold: +2 reis each",
    "CL-13": "sell books: +2 reis each",
    "CL-14": "sell tools: +2 reis each",
    "CL-15": "sell cloth: +2 reis each",
    "CL-16": "sell any good: +1 reis each",
    "CL-17": "a ship sails and ship scoring: +2 wigs",
    "CL-18": "build or upgrade a ship: no goods",
    "CL-19": "produce: +1 good of a type made",
    "CL-20": "any Cardinal move: up to 2 steps more",
    "CL-21": "open a public building: +2 wigs",
    "CL-22": "public building: 1 official fewer",
    "CL-23": "missing officials at a building: -2 reis each",
    "CL-24": "build a store: +1 wig",
    "CL-25": "gain a decree: +1 wig per decree",
    "CL-26": "pay influence costs with reis 1:1",
    "CL-27": "any influence gain: +2 influence",
    "CL-28": "influence gain: each ship counts +2",
    "CL-29": "take rubble: discard 1 cube for 2 wigs",
    "CL-30": "take rubble: +1 reis per cube",
    "CL-31": "any reis payment: -1 reis",
    "CL-32": "once: +7 influence",
    "CL-33": "once: up to 2 Royal Favors",
    "CL-34": "era 1 end and final: +1 wig per rubble set",
    "CL-35": "final: a completed plan counts as 1 official",
    "CL-36": "final: counts as a completed blue plan",
    "CL-37": "final: counts as a completed green plan",
}
WORDS.declare_data(SENTENCES.values)
#: The values a clergy tile's sentence names that its effect id holds (no parameters are printed).
PRINTED: dict[str, dict[str, str | int]] = {
    "CL-02": {"kind": "treasury", "reis": 2},
    "CL-03": {"kind": "maia", "reis": 2},
    "CL-04": {"kind": "marquis", "reis": 3},
    "CL-05": {"kind": "king", "reis": 2},
}
ITEMS = {"plans": msg("a plan"), "decrees": msg("a decree")}


def sentence(effect: str, params: Mapping[str, object], lang: str) -> str:
    """What effect ``effect`` does with its printed ``params``, in ``lang`` (the id when unknown)."""
    found = SENTENCES.get(effect)
    if found is None:
        return effect
    words: dict[str, object] = {**PRINTED.get(effect, {}), **params}
    for key, names in (("good", GOOD_NAMES), ("rubble", RUBBLE_NAMES), ("kind", NOBLE_NAMES)):
        value = words.get(key)
        if isinstance(value, str) and value in names:
            words[key] = tr(names[value], lang)
    if effect == "TC-03":
        items = [tr(GOOD_NAMES[g], lang) if g in GOOD_NAMES else str(g) for g in _goods(params)]
        items += [tr(ITEMS[k], lang) for k in ITEMS if params.get(k)]
        words["items"] = (", " if lang == "en" else "、").join(items)
    return tr(WORDS.data(found, **{k: v for k, v in words.items() if isinstance(v, str | int)}), lang)


def _goods(params: Mapping[str, object]) -> list[str]:
    goods = params.get("goods")
    return [str(g) for g in goods] if isinstance(goods, list | tuple) else []


def card_effects(card: str, lang: str) -> list[str]:
    """The sentences of a political card's effects (bottom, centre, permanent), in ``lang``."""
    info = pack().cards.get(card)
    if info is None:
        return []
    parts = (
        (info.bottom, info.bottom_params),
        (info.centre, info.centre_params),
        (info.permanent, info.permanent_params),
    )
    return [sentence(e, p, lang) for e, p in parts if e]


def card_head(card: str, lang: str) -> str:
    """``red-07  Marquis  infl 3*``: the card's id, kind and influence, marked when provisional."""
    info = pack().cards.get(card)
    if info is None:
        return card
    kind = tr(NOBLE_NAMES[info.kind], lang) if info.kind in NOBLE_NAMES else info.kind
    infl = tr(msg("infl {n}", n=info.influence), lang) if info.influence is not None else ""
    mark = PROVISIONAL_MARK if info.provisional else ""
    return "  ".join(bit for bit in (card, kind, infl) if bit) + mark


def tile_effect(tile: str, lang: str) -> str:
    """What clergy tile ``tile`` does, marked when provisional ("" for an unknown tile)."""
    info = pack().clergy.get(tile)
    if info is None:
        return ""
    return sentence(info.effect, {}, lang) + (PROVISIONAL_MARK if info.provisional else "")


__all__ = ["PROVISIONAL_MARK", "SENTENCES", "card_effects", "card_head", "sentence", "tile_effect"]
