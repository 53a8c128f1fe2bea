"""Decisions for people: a label for every option and the :mod:`engine.core.shapes` shape of
every decision. Counts (prestige to sell, extra spaces, repetitions, times) are an Amount; the
rest a ChooseOne, whose pass option is ``end turn``, ``done`` or ``no jewels`` where offered."""

from __future__ import annotations

from typing import Any

from ..core.shapes import Amount, ChooseOne, Option, Shape
from ..core.stepgame import Asked
from . import board, market, market_actions, workshop
from .actions import action_text
from .build import jewel_pp
from .words import (
    GUILDS,
    amounts,
    influence_text,
    item,
    noun,
    plural,
    section_text,
    slot_name,
    space_name,
    tile_text,
    times,
)

State = dict[str, Any]
Action = dict[str, Any]
AMOUNTS = {"sell": "Sell prestige", "extra": "Extra spaces", "take": "Repetitions", "times": "Times"}
PASSES = ("end turn", "done", "no jewels")
_FIXED = {
    "claim": "Claim a cathedral section",
    "build": "Build and/or decorate (up to 3 deliveries)",
    "market": "Market: move a die, then its space's actions",
    "end": "End your turn",
    "done": "Done",
}


def shape(state: State, asked: Asked, options: list[Action]) -> Shape:
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


def label(state: State, asked: Asked, a: Action) -> str:
    verb, p = a["verb"], asked.seat
    if verb == "done" and asked.kind == "market_action":
        return "Finish the market actions"
    if verb in _FIXED:
        return _FIXED[verb]
    if verb == "free":
        rubles = board.pack_of(state).rules.sell_rubles
        if a["what"] == "sell":
            return f"Free action: sell prestige for {rubles} rubles each (once a turn)"
        return "Free action: re-roll a market space for 1 prestige (once a turn)"
    return _LABELS[verb](state, p, asked.data, a)


def _sell(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    return f"Sell {plural(a['n'], 'prestige point')} for {a['n'] * board.pack_of(state).rules.sell_rubles} rubles"


def _reroll(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    dice = state["spaces"][a["space"]]["dice"]
    return f"Re-roll {space_name(state, a['space'])}: " + ", ".join(f"{c} {state['faces'][c]}" for c in dice)


def _banner(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    if a["from"] == "inventory":
        return "A banner from your inventory (frees an inventory space)"
    return (
        "A banner from your white workshop (opens a white slot)"
        if board.advanced(state)
        else "A banner from beside your inventory"
    )


def _section(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    index = board.section_at(state, a["section"])
    return f"{section_text(state, index)}; its tile gives {tile_text(state, state['sections'][index]['tile'])}"


def _tile(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    slot = a["slot"]
    holds = board.pack_of(state).advanced[slot].holds if board.advanced(state) else ""
    if not a["up"]:
        text = f"Face down on {slot_name(slot)} (free; never activated)"
        return text + (f"; your {holds} is lost" if holds in ("door", "arch", "cross") else "")
    tile = state["sections"][d["section"]]["tile"]
    cost = plural(workshop.face_up_cost(state, slot), "ruble")
    text = f"Face up on {slot_name(slot)} for {cost}: {tile_text(state, tile)} now"
    return text + (f"; releases your {holds}" if holds in ("door", "arch", "cross") else "")


def _deliver(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    need = board.missing(state, board.section_at(state, a["section"]))
    return f"{noun(a['material']).capitalize()} to {a['section']} (it needs {amounts(need)})"


def _decorate(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    index = board.section_at(state, a["section"])
    ornament = board.pack_of(state).ornaments[board.ornament_kind(state, index)]
    return f"{ornament.label} on {a['section']} (pay 1 {ornament.material})"


def _jewels(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    if not a["jewels"]:
        return "No jewels"
    return " and ".join(item(j, 1) for j in a["jewels"]).capitalize() + f" (+{jewel_pp(state, a['jewels'])} PP)"


def _die(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    colour = a["colour"]
    extra = " (you may pay for extra spaces)" if market.payable(state, p, colour) else ""
    return f"The {colour} die (on space {board.die_space(state, colour) + 1}, showing {state['faces'][colour]}){extra}"


def _extra(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    dest = dict(market.moves(state, p, d["colour"]))[a["n"]]
    paid = f", paying {plural(a['n'], 'ruble')}" if a["n"] else ""
    return f"To {space_name(state, dest)}{paid}"


def _menu(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    verb, space = a["verb"], d["space"]
    if verb == "take":
        tile = board.pack_of(state).resource_tiles[state["spaces"][space]["tile"]]
        return f"Take resources: {item(tile.item, tile.amount)}, up to {times(len(state['spaces'][space]['dice']))}"
    if verb == "influence":
        return f"Use the influence card of {GUILDS[state['quadrants'][market_actions.quadrant(state, space)]]}"
    return f"Activate your {d['die']} workshop"


def _reps(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    tile = board.pack_of(state).resource_tiles[state["spaces"][d["space"]]["tile"]]
    got = board.obtainable(state, p, tile.item, tile.amount * a["n"])
    return f"{times(a['n']).capitalize()}: {item(tile.item, got)}"


def _use(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    return influence_text(state, market_actions.card_of(state, d["space"]), a["which"]).capitalize()


def _times(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    return f"{times(a['n']).capitalize()} ({influence_text(state, d['card'], d['which'])})"


def _activate(state: State, p: int, d: dict[str, Any], a: Action) -> str:
    tile = board.seat(state, p)["slots"][a["slot"]]["tile"]
    return f"The {slot_name(a['slot'])} tile: {tile_text(state, tile)}"


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
