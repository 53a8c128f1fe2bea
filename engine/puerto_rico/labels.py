"""Puerto Rico's decisions for people: a label for every action (``Build Large Market``, ``Ship corn
on the 7-ship``) and the :mod:`engine.core.shapes` shape of every decision kind.

Every kind is a :class:`~engine.core.shapes.ChooseOne`, except the Mayor's colonist layout (a
:class:`~engine.core.shapes.Distribute`: colonists, then nobles, over the circles, starting from
the proposed layout) and a plain Mayor privilege (a :class:`~engine.core.shapes.Confirm`: take the
colonist, or pass). ``pass`` is the pass option wherever it is offered. Puerto Rico decisions name
nothing secret (VP chips are never an option)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.shapes import ChooseOne, Confirm, Distribute, Item, Option, Shape
from .actions import action_text
from .board import circles, colonists
from .nobles import held
from .wording import goods_text, plural

Action = dict[str, Any]
State = dict[str, Any]

TITLES = {"mayor_layout": "Place colonists", "keep": "Choose goods to keep"}


def name(key: str) -> str:
    """``small-market`` → ``small market``."""
    return key.replace("-", " ").replace("_", " ")


def _title(key: str) -> str:
    return name(key).title()


def _tile(tile: str) -> str:
    return "a quarry" if tile == "quarry" else f"a{'n' if tile[0] in 'aeiou' else ''} {tile} plantation"


def _return(a: Action) -> str:
    if a["item"] == "colonist":
        who = "noble" if a["noble"] else "colonist"
        return f"Return a {who} from {name(a['place'])}"
    return f"Return a barrel of {a['good']}" if a["item"] == "good" else "Return a VP chip"


def _ship(a: Action) -> str:
    where = "your wharf" if a["ship"] == "wharf" else f"the {a['ship']}-ship"
    return f"Ship {a['good']} on {where}"


def _layout(a: Action) -> str:
    nobles = a.get("nobles") or {}
    parts = [
        f"{n} on {name(t)}" + (f" ({plural(nobles[t], 'noble')})" if nobles.get(t) else "")
        for t, n in a["layout"].items()
    ]
    return "Place: " + (", ".join(parts) if parts else "nobody")


LABELS: dict[str, Callable[[Action], str]] = {
    "role": lambda a: _title(a["role"]),
    "take": lambda a: f"Take {_tile(a['tile'])}",
    "privilege": lambda a: "Take 2 colonists" if a.get("count", 1) == 2 else "Take a colonist",
    "build": lambda a: f"Build {_title(a['building'])}",
    "sell": lambda a: f"Sell {a['good']}",
    "bonus": lambda a: f"Take 1 extra {a['good']}",
    "ship": _ship,
    "keep": lambda a: f"Keep {goods_text(a['goods'])}",
    "place": lambda a: f"Put a {'noble' if a.get('noble') else 'colonist'} on {name(a['target'])}",
    "draft": lambda a: f"Use {_title(a['building'])} this game",
    "forest": lambda a: f"Take the {a['tile']} plantation as a forest",
    "swap": lambda a: "Swap it for a forest",
    "return": _return,
    "discard": lambda a: f"Discard {_tile(a['tile'])}",
    "land": lambda a: "Land Office: draw" if a["mode"] == "draw" else f"Land Office: discard {_tile(a['tile'])}",
    "post": lambda a: f"Trading post: sell {a['good']}",
    "supply": lambda a: f"Royal Supplier: ship {a['good']}",
    "load": lambda a: f"Load {a['amount']} {a['good']}",
    "guest": lambda a: f"Move a {'noble' if a.get('noble') else 'guest'} to {name(a['target'])}",
    "stay": lambda a: "Leave the guests where they are",
    "layout": _layout,
    "pass": lambda a: "Pass",
    "hacienda": lambda a: "Hacienda: draw a plantation",
    "small-wharf": lambda a: "Load the Small Wharf",
    "sail": lambda a: "Sail the Small Wharf",
}


def label(action: Action) -> str:
    """Words a player reads for ``action`` (its canonical text is :func:`.actions.action_text`)."""
    known = LABELS.get(action["verb"])
    return known(action) if known else action_text(action)


def _options(opts: list[Action]) -> tuple[Option, ...]:
    return tuple(Option(action_text(a), label(a)) for a in opts)


def _distribute(state: State, seat: int, opts: list[Action]) -> Distribute:
    """The Mayor's layout: every placeable person over the circles, from the engine's proposal."""
    board = state["boards"][seat]
    caps, nobles = circles(board), held(board)
    pieces = (Item("colonist", "colonist", colonists(board) - nobles),) + (
        (Item("nobles", "noble", nobles),) if nobles else ()
    )
    proposal = opts[0]
    every, noble_spread = dict(proposal["layout"]), dict(proposal.get("nobles") or {})
    plain = {t: n - noble_spread.get(t, 0) for t, n in every.items() if n - noble_spread.get(t, 0)}
    answer = {"colonist": plain} if plain else {}
    if noble_spread:
        answer["nobles"] = noble_spread
    return Distribute(
        options=_options(opts),
        title=TITLES["mayor_layout"],
        verb="layout",
        pieces=pieces,
        slots=tuple(Item(t, name(t), c) for t, c in caps.items()),
        total=min(colonists(board), sum(caps.values())),
        proposal=answer,
    )


def shape(state: State, kind: str, seat: int, opts: list[Action]) -> Shape:
    """The shape of ``seat``'s decision ``kind`` whose legal actions are ``opts``."""
    if kind == "mayor_layout":
        return _distribute(state, seat, opts)
    pass_text = "pass" if {"verb": "pass"} in opts else None
    if kind == "mayor_privilege" and len(opts) == 2:
        return Confirm(options=_options(opts), pass_text=pass_text)
    return ChooseOne(options=_options(opts), title=TITLES.get(kind, ""), pass_text=pass_text)
