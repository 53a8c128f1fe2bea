"""Canonical Lisboa action texts (one short line each; ids keep their hyphens, names lose underscores).

``keep T05``, ``portfolio blue-03``, ``gold blue-03``, ``sell goods``, ``trade with nobles``,
``sell gold ship-red-1``, ``done``, ``trade build-ship books``, ``hire maia king``, ``plan blue``,
``ship new pay cloth gold``, ``ship upgrade ship-blue-1 pay books``, ``produce``,
``produce extra gold``, ``cardinal 2 C3``, ``favor king``, ``favors maia king``, ``discard red-04``,
``recall maia``, ``place maia king``, ``place none``, ``decree D12``, ``no extra decree``,
``rubble fire``, ``draw maia``, ``church discard T05 T09``, ``church discard none``, ``visit red-04``,
``pay 2 influence 0 reis 1 wigs``,
``pay 1 influence then 5 reis or wigs``, ``free build-ship``, ``no free action``, ``decline``,
``follow take-decree``, ``tile D-gold``, ``lot B3 S2``, ``rubble row fire``, ``house middle``,
``site T1``, ``plan B3``, ``officials plaza king``, ``keep cubes``, ``discard fire for 2 wigs``.

>>> action_text({"verb": "ship", "mode": "upgrade", "old": "ship-blue-1", "pay": ["books"]})
'ship upgrade ship-blue-1 pay books'
>>> action_text({"verb": "trade", "action": "build_ship", "good": "books"})
'trade build-ship books'
"""

from __future__ import annotations

from collections.abc import Callable

from .types import LAction as Action
from .types import named


def _words(items: list[str]) -> str:
    return " ".join(items) if items else "none"


def _name(name: str) -> str:
    return name.replace("_", "-")


def _ship(a: Action) -> str:
    old = f" {a['old']}" if a["mode"] == "upgrade" else ""
    pay = " ".join(a["pay"]) if a["pay"] else "nothing"
    return f"ship {a['mode']}{old} pay {pay}"


def _produce(a: Action) -> str:
    return "produce" + (" extra " + " ".join(a["extra"]) if a["extra"] else "")


TEXTS: dict[str, Callable[[Action], str]] = {
    "keep": lambda a: f"keep {a['tile']}",
    "portfolio": lambda a: f"portfolio {a['card']}",
    "gold": lambda a: f"gold {a['card']}",
    "sell_goods": lambda a: "sell goods",
    "trade_nobles": lambda a: "trade with nobles",
    "sell": lambda a: f"sell {a['good']} {a['ship']}",
    "done": lambda a: "done",
    "trade": lambda a: f"trade {_name(named(a))} {a['good']}",
    "hire": lambda a: "hire " + " ".join(a["offices"]),
    "plan": lambda a: f"plan {a['colour']}",
    "ship": _ship,
    "produce": _produce,
    "cardinal": lambda a: f"cardinal {a['steps']} {a['space']}",
    "favor": lambda a: f"favor {a['noble']}",
    "favors": lambda a: "favors " + " ".join(a["nobles"]),
    "discard": lambda a: f"discard {a['card']}",
    "recall": lambda a: f"recall {a['place']}",
    "place": lambda a: "place " + _words(a["offices"]),
    "decree": lambda a: f"decree {a['card']}",
    "no_extra": lambda a: "no extra decree",
    "rubble": lambda a: f"rubble {a['rubble']}",
    "draw": lambda a: f"draw {a['stack']}",
    "church": lambda a: "church discard " + _words(a["tiles"]),
    "visit": lambda a: f"visit {a['card']}",
    "pay": lambda a: (
        f"pay {a['influence']} influence then {a['rest']} reis or wigs"
        if "rest" in a
        else f"pay {a['influence']} influence {a['reis']} reis {a['wigs']} wigs"
    ),
    "free": lambda a: f"free {_name(named(a))}" if a["action"] else "no free action",
    "decline": lambda a: "decline",
    "follow": lambda a: f"follow {_name(named(a))}",
    "sponsor": lambda a: f"sponsor {a['card']}",
    "event": lambda a: f"event {_name(named(a))}",
    "reward": lambda a: f"reward {a['card']}",
    "draft": lambda a: "draft " + " ".join(a["cards"]),
    "cover": lambda a: f"cover {a['influence']} with influence",
    "store_tile": lambda a: f"tile {a['space']}",
    "store_lot": lambda a: f"lot {a['lot']} {a['street']}",
    "store_rubble": lambda a: f"rubble {a['pool']} {a['rubble']}",
    "store_house": lambda a: f"house {a['group']}",
    "building_site": lambda a: f"site {a['site']}",
    "building_plan": lambda a: f"plan {a['plan']}",
    "officials": lambda a: "officials " + " ".join(a["places"]),
    "cl29": lambda a: f"discard {a['discard']} for {a['wigs']} wigs" if a["discard"] else "keep cubes",
}


def action_text(action: Action) -> str:
    return TEXTS[action["verb"]](action)
