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
from typing import Any

from ..core.shapes import Amount, ChooseOne, ChooseSeveral, Item, Option, Shape
from .board import State, board, pack, servant_price
from .costs import bundle_text, tower_tax
from .spaces import entry_boost

Action = dict[str, Any]
WORDS = {
    "w": "wood",
    "s": "stone",
    "sv": "servant",
    "c": "coin",
    "vp": "VP",
    "mp": "military point",
    "fp": "faith point",
}
PLURALS = ("sv", "c", "mp", "fp")
PRIVILEGES = {
    "wood-stone": "1 wood + 1 stone",
    "servants": "2 servants",
    "coins": "2 coins",
    "military": "2 military points",
    "faith": "1 faith point",
}
AREAS = {"harvest": "Harvest", "production": "Production", "market": "Market", "council": "Council palace"}
PASSES = {"pass": "pass", "decline": "decline", "skip": "skip", "end": "end turn"}


def words(bundle: dict[str, int]) -> str:
    """``{"w": 1, "c": 2}`` → ``1 wood, 2 coins`` (``need`` shown as "needs N military")."""
    parts = [_amount(k, n) for k, n in bundle.items() if k not in ("need", "cp") and n]
    if bundle.get("cp"):
        parts.append(f"{bundle['cp']} privilege{'s' if bundle['cp'] > 1 else ''}")
    if bundle.get("need"):
        parts.append(f"(needs {bundle['need']} military points)")
    return ", ".join(parts) or "nothing"


def _amount(key: str, n: int) -> str:
    word = WORDS.get(key, key)
    if n != 1 and key in PLURALS:
        word += "s"
    return f"{n} {word}"


def space_name(state: State, space_id: str) -> str:
    """``the blue tower, floor 3`` / ``the large harvest space`` / ``the market (5 coins)``."""
    space = pack(state).spaces[space_id]
    if space.area == "tower":
        return f"the {space.tower} tower, floor {space.floor}"
    if space.area in ("harvest", "production"):
        return f"the {'large' if space.penalty else 'small'} {space.area} space"
    if space.area == "market":
        return f"the market ({words(space.reward)})"
    return "the council palace"


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
    """``Green tower, floor 3 (Forest)`` / ``Market: 5 coins`` / ``Council palace``."""
    space = pack(state).spaces[space_id]
    if space.area == "tower":
        card = state["towers"][space.tower][space.floor - 1]
        name = pack(state).cards[card].name if card is not None else "no card"
        bonus = f", +{words(space.reward)}" if space.reward else ""
        return f"{space.tower.title()} tower {space.floor} (value {space.value}{bonus}): {name}"
    if space.area in ("harvest", "production"):
        size = "large space, −3" if space.penalty else "small space"
        return f"{AREAS[space.area]} ({size})"
    if space.area == "market":
        return f"Market: {words(space.reward)}"
    return f"Council palace: {words(space.reward)}"


def leader_name(state: State, key: str) -> str:
    return pack(state).leader_by_key(key).name


def _label(state: State, seat: int, a: Action) -> str:
    do = a["do"]
    if do == "member":
        return f"Place your {a['member']} family member"
    if do == "leader":
        return f"{a['act'].title()} {leader_name(state, a['leader'])}" + (
            " (for a council privilege)" if a["act"] == "discard" else ""
        )
    if do == "take":
        return "Take: " + space_label(state, a["space"])
    if do == "space":
        return space_label(state, a["space"]) + _entry_cost(state, seat, a["space"])
    if do == "servants":
        n = a["n"]
        return f"Add {n} (pay {words({'sv': n * servant_price(state, seat)})})" if n else "No servants"
    if do == "pay":
        return f"Pay {words(a['cost'])}"
    if do == "privilege":
        return " and ".join(PRIVILEGES.get(p, p) for p in a["ids"])
    if do == "produce":
        card = pack(state).cards[a["card"]].name
        per = f" per {a['per']}" if "per" in a else ""
        paid = f"pay {words(a['pay'])}, " if a["pay"] else ""
        return f"{card}: {paid}get {words(a['get'])}{per}"
    if do == "skip":
        return f"Skip {pack(state).cards[a['card']].name}"
    if do == "copy":
        return f"Copy {leader_name(state, a['leader'])}"
    if do == "keep":
        return f"Keep {leader_name(state, a['leader'])}"
    if do == "tile":
        tile = pack(state).tiles[a["tile"]]
        return f"Tile {a['tile'].upper()}: harvest {words(tile.harvest)}; production {words(tile.production)}"
    fixed = {
        "pass": "Pass this turn",
        "decline": "Decline",
        "end": "End my turn",
        "vatican": "Support the Church" if a.get("support") else "Accept the excommunication",
        "reduce": f"Lose 1 {WORDS.get(a.get('res', 's'), '')}",
        "boost": f"Your {a.get('member')} family member is worth 6 this round",
        "roll": "Deal the cards and roll the dice",
    }
    return fixed[do]


def _entry_cost(state: State, seat: int, space_id: str) -> str:
    """What entering the space costs before the card: servants the value needs, the tower tax."""
    decision = state["decision"] or {}
    space = pack(state).spaces[space_id]
    boost = entry_boost(state, seat, decision.get("member", ""), space) or 0
    parts = [words({"sv": boost * servant_price(state, seat)})] if boost else []
    tax = tower_tax(state, seat, space.tower) if space.area == "tower" else 0
    parts += [words({"c": tax}) + " tax"] if tax else []
    return f" - pay {' and '.join(parts)}" if parts else ""


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
            title="Servants",
        )
    if kind == "privilege" and len(options[0]["ids"]) > 1:
        n = len(options[0]["ids"])
        ids = list(dict.fromkeys(p for a in options for p in a["ids"]))
        return ChooseSeveral(
            options=tuple(Option(o.text, o.label, tuple(a["ids"])) for o, a in zip(listed, options, strict=True)),
            items=tuple(Item(p, PRIVILEGES.get(p, p)) for p in ids),
            low=n,
            high=n,
            title="Privileges",
        )
    return ChooseOne(options=listed, pass_text=pass_text, secret=secret)
