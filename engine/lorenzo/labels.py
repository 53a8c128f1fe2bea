"""Lorenzo's actions for people: one canonical text per action (what ``/play`` accepts and logs
store), a label per option, and the :mod:`engine.core.shapes` shape of every decision.

Texts: ``place black``, ``play sforza`` / ``activate sforza`` / ``discard sforza``, ``pass``, a
space id (``green-3``, ``harvest-large``, ``market-coins``, ``council``), ``servants 2``,
``pay 2c 1w``, ``privilege coins`` / ``privileges coins servants``, ``take blue-2``, ``decline``,
``use 1w for 3c`` / ``skip``, ``reduce stone``, ``end turn``, ``copy brunelleschi``, ``boost
black``, ``support the church`` / ``accept excommunication``, ``tile a2``, ``keep sforza``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.shapes import Amount, ChooseOne, ChooseSeveral, Item, Option, Shape
from .board import State, board, pack, servant_price, tower_card
from .costs import bundle_text, tower_tax
from .i18n import msg
from .spaces import entry_boost
from .types import LAction
from .words import (
    CARD_TYPES,
    COLOURS,
    PRIVILEGES,
    TOWER_TITLES,
    WORK_LABELS,
    both,
    card_name,
    leader_named,
    privileges,
    word,
    words,
)

Action = LAction
WORDS = {
    "w": "wood",
    "s": "stone",
    "sv": "servant",
    "c": "coin",
    "vp": "VP",
    "mp": "military point",
    "fp": "faith point",
}  # canonical words (``reduce stone``), not translated
PASSES = {"pass": "pass", "decline": "decline", "skip": "skip", "end": "end turn"}
LEADER_ACTS = {
    "play": lambda name: msg("Play {leader}", leader=name),
    "activate": lambda name: msg("Activate {leader}", leader=name),
    "discard": lambda name: msg("Discard {leader} (for a council privilege)", leader=name),
}
LOSE = {"w": msg("Lose 1 wood"), "s": msg("Lose 1 stone")}
FIXED = {
    "pass": msg("Pass this turn"),
    "decline": msg("Decline"),
    "end": msg("End my turn"),
    "roll": msg("Deal the cards and roll the dice"),
}


def _use_text(a: Action) -> str:
    got = bundle_text(a["get"]) + (f" per {a['per']}" if "per" in a else "")
    return f"use {bundle_text(a['pay'])} for {got}" if a["pay"] else f"use for {got}"


TEXTS: dict[str, Callable[[Action], str]] = {
    "member": lambda a: f"place {a['member']}",
    "leader": lambda a: f"{a['act']} {a['leader']}",
    "pass": lambda a: "pass",
    "space": lambda a: str(a["space"]),
    "servants": lambda a: f"servants {a['n']}",
    "pay": lambda a: f"pay {bundle_text(a['cost'])}",
    "privilege": lambda a: ("privilege " if len(a["ids"]) == 1 else "privileges ") + " ".join(a["ids"]),
    "take": lambda a: f"take {a['space']}",
    "decline": lambda a: "decline",
    "produce": _use_text,
    "skip": lambda a: "skip",
    "reduce": lambda a: "reduce " + WORDS[a["res"]],
    "end": lambda a: "end turn",
    "copy": lambda a: f"copy {a['leader']}",
    "boost": lambda a: f"boost {a['member']}",
    "vatican": lambda a: "support the church" if a["support"] else "accept excommunication",
    "tile": lambda a: f"tile {a['tile']}",
    "keep": lambda a: f"keep {a['leader']}",
    "roll": lambda a: "roll the dice",
}


def action_text(action: Action) -> str:
    return TEXTS[action["do"]](action)


def space_label(state: State, space_id: str) -> str:
    """``Green tower 3 (value 5, +1 wood): Forest`` / ``Market: 5 coins`` / ``Council palace: ...``."""
    space = pack(state).spaces[space_id]
    if space.area == "tower":
        card = tower_card(state, space)
        name = card_name(state, card) if card is not None else msg("no card")
        tower = word(TOWER_TITLES, space.tower)
        if space.reward:
            return msg(
                "{tower} tower {floor} (value {value}, +{reward}): {card}",
                tower=tower,
                floor=space.floor,
                value=space.value,
                reward=words(space.reward),
                card=name,
            )
        return msg(
            "{tower} tower {floor} (value {value}): {card}",
            tower=tower,
            floor=space.floor,
            value=space.value,
            card=name,
        )
    if space.area in ("harvest", "production"):
        return WORK_LABELS[space.area, bool(space.penalty)]
    if space.area == "market":
        return msg("Market: {reward}", reward=words(space.reward))
    return msg("Council palace: {reward}", reward=words(space.reward))


def leader_name(state: State, key: str) -> str:
    return leader_named(state, key)


def _label(state: State, seat: int, a: Action) -> str:
    do = a["do"]
    if do == "member":
        return msg("Place your {member} family member", member=word(COLOURS, a["member"]))
    if do == "leader":
        return LEADER_ACTS[a["act"]](leader_name(state, a["leader"]))
    if do == "take":
        return msg("Take: {space}", space=space_label(state, a["space"]))
    if do == "space":
        return _entry_cost(state, seat, a["space"])
    if do == "servants":
        n = a["n"]
        if not n:
            return msg("No servants")
        return msg("Add {n} (pay {cost})", n=n, cost=words({"sv": n * servant_price(state, seat)}))
    if do == "pay":
        return msg("Pay {cost}", cost=words(a["cost"]))
    if do == "privilege":
        return privileges(a["ids"])
    if do == "produce":
        return _produce_label(state, a)
    if do == "skip":
        return msg("Skip {card}", card=card_name(state, a["card"]))
    if do == "copy":
        return msg("Copy {leader}", leader=leader_name(state, a["leader"]))
    if do == "keep":
        return msg("Keep {leader}", leader=leader_name(state, a["leader"]))
    if do == "tile":
        tile = pack(state).tiles[a["tile"]]
        return msg(
            "Tile {tile}: harvest {harvest}; production {production}",
            tile=a["tile"].upper(),
            harvest=words(tile.harvest),
            production=words(tile.production),
        )
    if do == "vatican":
        return msg("Support the Church") if a.get("support") else msg("Accept the excommunication")
    if do == "reduce":
        return LOSE[a.get("res", "s")]
    if do == "boost":
        return msg("Your {member} family member is worth 6 this round", member=word(COLOURS, a["member"]))
    return FIXED[do]


def _produce_label(state: State, a: Action) -> str:
    card, got = card_name(state, a["card"]), words(a["get"])
    if a["pay"]:
        paid = words(a["pay"])
        if "per" in a:
            per = word(CARD_TYPES, a["per"])
            return msg("{card}: pay {paid}, get {got} per {per}", card=card, paid=paid, got=got, per=per)
        return msg("{card}: pay {paid}, get {got}", card=card, paid=paid, got=got)
    if "per" in a:
        return msg("{card}: get {got} per {per}", card=card, got=got, per=word(CARD_TYPES, a["per"]))
    return msg("{card}: get {got}", card=card, got=got)


def _entry_cost(state: State, seat: int, space_id: str) -> str:
    """The space's label and what entering it costs before the card: servants the value needs,
    the tower tax."""
    decision = state["decision"]
    member = decision.get("member") if decision else None
    space = pack(state).spaces[space_id]
    label = space_label(state, space_id)
    boost = (entry_boost(state, seat, member, space) or 0) if member else 0
    parts = [words({"sv": boost * servant_price(state, seat)})] if boost else []
    tax = tower_tax(state, seat, space.tower) if space.area == "tower" else 0
    if tax:
        parts.append(msg("{amount} tax", amount=words({"c": tax})))
    if not parts:
        return label
    return msg("{space} - pay {cost}", space=label, cost=both(parts))


def _hand_keys(state: State, seat: int) -> set[str]:
    mine = board(state, seat)
    keys = {pack(state).leaders[i].key for i in mine["hand"]}
    if state["setup"]["packets"]:
        keys |= {pack(state).leaders[i].key for i in state["setup"]["packets"][seat]}
    return keys


def shape(state: State, seat: int, kind: str, options: list[Action]) -> Shape:
    """The shape of ``seat``'s decision of ``kind`` whose legal actions are ``options``."""
    texts = [action_text(a) for a in options]
    listed = tuple(Option(t, _label(state, seat, a)) for t, a in zip(texts, options, strict=True))
    pass_text = next((PASSES[a["do"]] for a in options if a["do"] in PASSES), None)
    hidden = _hand_keys(state, seat)
    secret = kind in ("vatican", "draft") or any(
        a.get("leader") in hidden and a.get("act") != "activate" for a in options
    )
    if kind in ("servants", "boost") and all(a["do"] == "servants" for a in options):
        amounts = [a["n"] for a in options]
        return Amount(
            options=tuple(Option(o.text, o.label, amount=n) for o, n in zip(listed, amounts, strict=True)),
            low=min(amounts),
            high=max(amounts),
            title=msg("Servants"),
        )
    if kind == "privilege" and len(options[0]["ids"]) > 1:
        n = len(options[0]["ids"])
        ids = list(dict.fromkeys(p for a in options for p in a["ids"]))
        return ChooseSeveral(
            options=tuple(Option(o.text, o.label, tuple(a["ids"])) for o, a in zip(listed, options, strict=True)),
            items=tuple(Item(p, word(PRIVILEGES, p)) for p in ids),
            low=n,
            high=n,
            title=msg("Privileges"),
        )
    return ChooseOne(options=listed, pass_text=pass_text, secret=secret)
