"""Decisions for people: a label for every option and the :mod:`engine.core.shapes` shape of
every decision. Counts (prestige to sell, extra spaces, repetitions, times) are an Amount; the
rest a ChooseOne, whose pass option is ``end turn``, ``done`` or ``no jewels`` where offered."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import listing

from ..core.loose import Loose
from ..core.shapes import Amount, ChooseOne, Option, Shape
from ..core.stepgame import Asked
from . import board, market, market_actions, workshop
from .actions import action_text
from .build import jewel_pp
from .i18n import DOMAIN, capitalized, msg
from .words import (
    GUILDS,
    amounts,
    data_word,
    influence_text,
    item,
    noun,
    prestige,
    section_text,
    slot_name,
    space_name,
    tile_text,
    times,
    times_capitalized,
)

State = dict[str, Any]
Action = dict[str, Any]
AMOUNTS = {
    "sell": msg("Sell prestige"),
    "extra": msg("Extra spaces"),
    "take": msg("Repetitions"),
    "times": msg("Times"),
}
PASSES = ("end turn", "done", "no jewels")
_FIXED = {
    "claim": msg("Claim a cathedral section"),
    "build": msg("Build and/or decorate (up to 3 deliveries)"),
    "market": msg("Market: move a die, then its space's actions"),
    "end": msg("End your turn"),
    "done": msg("Done"),
}


def shape(state: State, asked: Asked[Loose], options: list[Action]) -> Shape:
    texts = [action_text(a) for a in options]
    labels = [label(state, asked, a) for a in options]
    if asked.kind in AMOUNTS:
        ns = [a["n"] for a in options]
        return Amount(
            title=AMOUNTS[asked.kind],
            low=min(ns),
            high=max(ns),
            options=tuple(Option(t, lb, amount=n) for t, lb, n in zip(texts, labels, ns, strict=True)),
        )
    pass_text = next((t for t in PASSES if t in texts), None)
    return ChooseOne(options=tuple(Option(t, lb) for t, lb in zip(texts, labels, strict=True)), pass_text=pass_text)


def label(state: State, asked: Asked[Loose], a: Action) -> str:
    verb, p = a["verb"], asked.seat
    if verb == "done" and asked.kind == "market_action":
        return msg("Finish the market actions")
    if verb in _FIXED:
        return _FIXED[verb]
    if verb == "free":
        rubles = board.pack_of(state).rules.sell_rubles
        if a["what"] == "sell":
            return msg("Free action: sell prestige for {rubles} rubles each (once a turn)", rubles=rubles)
        return msg("Free action: re-roll a market space for 1 prestige (once a turn)")
    return _LABELS[verb](state, p, asked.data, a)


def _sell(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    rubles = a["n"] * board.pack_of(state).rules.sell_rubles
    return msg("Sell {points} for {rubles} rubles", points=prestige(a["n"]), rubles=rubles)


def _reroll(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    dice = state["spaces"][a["space"]]["dice"]
    faces = listing([msg("{colour} {face}", colour=data_word(c), face=state["faces"][c]) for c in dice], "")
    return msg("Re-roll {space}: {faces}", space=space_name(state, a["space"]), faces=faces)


def _banner(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    if a["from"] == "inventory":
        return msg("A banner from your inventory (frees an inventory space)")
    if board.advanced(state):
        return msg("A banner from your white workshop (opens a white slot)")
    return msg("A banner from beside your inventory")


def _section(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    index = board.section_at(state, a["section"])
    tile = tile_text(state, state["sections"][index]["tile"])
    return msg("{section}; its tile gives {tile}", section=section_text(state, index), tile=tile)


def _tile(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    slot = a["slot"]
    holds = board.pack_of(state).advanced[slot].holds if board.advanced(state) else ""
    ornament = holds in ("door", "arch", "cross")
    if not a["up"]:
        if ornament:
            return msg(
                "Face down on {slot} (free; never activated); your {piece} is lost",
                slot=slot_name(slot),
                piece=data_word(holds),
            )
        return msg("Face down on {slot} (free; never activated)", slot=slot_name(slot))
    tile = tile_text(state, state["sections"][d["section"]]["tile"])
    cost = item("rubles", workshop.face_up_cost(state, slot))
    if ornament:
        return msg(
            "Face up on {slot} for {cost}: {tile} now; releases your {piece}",
            slot=slot_name(slot),
            cost=cost,
            tile=tile,
            piece=data_word(holds),
        )
    return msg("Face up on {slot} for {cost}: {tile} now", slot=slot_name(slot), cost=cost, tile=tile)


def _deliver(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    need = board.missing(state, board.section_at(state, a["section"]))
    material = capitalized(noun(a["material"]))
    return msg("{material} to {section} (it needs {need})", material=material, section=a["section"], need=amounts(need))


def _decorate(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    index = board.section_at(state, a["section"])
    ornament = board.pack_of(state).ornaments[board.ornament_kind(state, index)]
    return msg(
        "{piece} on {section} (pay {cost})",
        piece=DOMAIN.data(ornament.label),
        section=a["section"],
        cost=item(ornament.material, 1),
    )


def _jewels(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    if not a["jewels"]:
        return msg("No jewels")
    jewels = listing([item(j, 1) for j in a["jewels"]], "and")
    return msg("{jewels} (+{pp} PP)", jewels=jewels, pp=jewel_pp(state, a["jewels"]))


def _die(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    colour = a["colour"]
    args = {"colour": data_word(colour), "space": board.die_space(state, colour) + 1, "face": state["faces"][colour]}
    if market.payable(state, p, colour):
        return msg("The {colour} die (on space {space}, showing {face}) (you may pay for extra spaces)", **args)
    return msg("The {colour} die (on space {space}, showing {face})", **args)


def _extra(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    dest = dict(market.moves(state, p, d["colour"]))[a["n"]]
    if dest == board.die_space(state, d["colour"]):
        return msg(
            "Once round the ring, back to {space}, paying {cost}",
            space=space_name(state, dest),
            cost=item("rubles", a["n"]),
        )
    if a["n"]:
        return msg("To {space}, paying {cost}", space=space_name(state, dest), cost=item("rubles", a["n"]))
    return msg("To {space}", space=space_name(state, dest))


def _menu(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    verb, space = a["verb"], d["space"]
    if verb == "take":
        tile = board.pack_of(state).resource_tiles[state["spaces"][space]["tile"]]
        return msg(
            "Take resources: {tile}, up to {times}",
            tile=item(tile.item, tile.amount),
            times=times(len(state["spaces"][space]["dice"])),
        )
    if verb == "influence":
        guild = GUILDS[state["quadrants"][market_actions.quadrant(state, space)]]
        return msg("Use the influence card of {guild}", guild=guild)
    return msg("Activate your {colour} workshop", colour=data_word(d["die"]))


def _reps(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    tile = board.pack_of(state).resource_tiles[state["spaces"][d["space"]]["tile"]]
    got = board.obtainable(state, p, tile.item, tile.amount * a["n"])
    return msg("{times}: {got}", times=times_capitalized(a["n"]), got=item(tile.item, got))


def _use(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    return capitalized(influence_text(state, market_actions.card_of(state, d["space"]), a["which"]))


def _times(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    return msg(
        "{times} ({action})", times=times_capitalized(a["n"]), action=influence_text(state, d["card"], d["which"])
    )


def _activate(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    tile = board.seat(state, p)["slots"][a["slot"]]["tile"]
    return msg("The {slot} tile: {tile}", slot=slot_name(a["slot"]), tile=tile_text(state, tile))


_LABELS = {
    "sell": _sell,
    "reroll": _reroll,
    "banner": _banner,
    "section": _section,
    "tile": _tile,
    "deliver": _deliver,
    "decorate": _decorate,
    "jewels": _jewels,
    "die": _die,
    "extra": _extra,
    "take": _menu,
    "influence": _menu,
    "workshop": _menu,
    "reps": _reps,
    "use": _use,
    "times": _times,
    "activate": _activate,
}
