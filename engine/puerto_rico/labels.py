"""Puerto Rico's decisions for people: a label for every action (``Build Large Market``, ``Ship corn
on the 7-ship``) and the :mod:`engine.core.shapes` shape of every decision kind.

Every kind is a :class:`~engine.core.shapes.ChooseOne`, except the Mayor's colonist layout (a
:class:`~engine.core.shapes.Distribute`: colonists, then nobles, over the circles, starting from
the proposed layout) and a plain Mayor privilege (a :class:`~engine.core.shapes.Confirm`: take the
colonist, or pass). ``pass`` is the pass option wherever it is offered. Puerto Rico decisions name
nothing secret (VP chips are never an option)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..core.i18n import listing
from ..core.shapes import ChooseOne, Confirm, Distribute, Item, Option, Shape
from .actions import action_text
from .board import circles, colonists
from .i18n import msg
from .nobles import held
from .types import PRAction, PRState
from .wording import ROLE_LABELS, building_title, good, goods_text, nobles, place, tile_name

TITLES = {"mayor_layout": msg("Place colonists"), "keep": msg("Choose goods to keep")}


def _return(a: PRAction) -> str:
    if a["item"] == "colonist":
        if a["noble"]:
            return msg("Return a noble from {place}", place=place(a["place"]))
        return msg("Return a colonist from {place}", place=place(a["place"]))
    return msg("Return a barrel of {good}", good=good(a["good"])) if a["item"] == "good" else msg("Return a VP chip")


def _ship(a: PRAction) -> str:
    if a["ship"] == "wharf":
        return msg("Ship {good} on your wharf", good=good(a["good"]))
    return msg("Ship {good} on the {ship}-ship", good=good(a["good"]), ship=a["ship"])


@cache
def _spot(target: str, n: int, k: int) -> str:
    if k:
        return msg("{n} on {place} ({extra})", n=n, place=place(target), extra=nobles(k))
    return msg("{n} on {place}", n=n, place=place(target))


def _layout(a: PRAction) -> str:
    spread = a.get("nobles") or {}
    parts = [_spot(t, n, spread.get(t, 0)) for t, n in a["layout"].items()]
    return msg("Place: {layout}", layout=listing(parts, "")) if parts else msg("Place: nobody")


def _put(a: PRAction) -> str:
    return _put_on(a["target"], bool(a.get("noble")))


@cache
def _put_on(target: str, noble: bool) -> str:
    """The Mayor's one-person steps are listed many times over: each label is made once."""
    if noble:
        return msg("Put a noble on {place}", place=place(target))
    return msg("Put a colonist on {place}", place=place(target))


def _guest(a: PRAction) -> str:
    if a.get("noble"):
        return msg("Move a noble to {place}", place=place(a["target"]))
    return msg("Move a guest to {place}", place=place(a["target"]))


def _land(a: PRAction) -> str:
    if a["mode"] == "draw":
        return msg("Land Office: draw")
    return msg("Land Office: discard {tile}", tile=tile_name(a["tile"]))


LABELS: dict[str, Callable[[PRAction], str]] = {
    "role": lambda a: ROLE_LABELS[a["role"]],
    "take": lambda a: msg("Take {tile}", tile=tile_name(a["tile"])),
    "privilege": lambda a: msg("Take 2 colonists") if a.get("count", 1) == 2 else msg("Take a colonist"),
    "build": lambda a: msg("Build {building}", building=building_title(a["building"])),
    "sell": lambda a: msg("Sell {good}", good=good(a["good"])),
    "bonus": lambda a: msg("Take 1 extra {good}", good=good(a["good"])),
    "ship": _ship,
    "keep": lambda a: msg("Keep {goods}", goods=goods_text(a["goods"])),
    "place": _put,
    "draft": lambda a: msg("Use {building} this game", building=building_title(a["building"])),
    "forest": lambda a: msg("Take the {good} plantation as a forest", good=good(a["tile"])),
    "swap": lambda a: msg("Swap it for a forest"),
    "return": _return,
    "discard": lambda a: msg("Discard {tile}", tile=tile_name(a["tile"])),
    "land": _land,
    "post": lambda a: msg("Trading post: sell {good}", good=good(a["good"])),
    "supply": lambda a: msg("Royal Supplier: ship {good}", good=good(a["good"])),
    "load": lambda a: msg("Load {amount} {good}", amount=a["amount"], good=good(a["good"])),
    "guest": _guest,
    "stay": lambda a: msg("Leave the guests where they are"),
    "layout": _layout,
    "pass": lambda a: msg("Pass"),
    "hacienda": lambda a: msg("Hacienda: draw a plantation"),
    "small-wharf": lambda a: msg("Load the Small Wharf"),
    "sail": lambda a: msg("Sail the Small Wharf"),
}


def label(action: PRAction) -> str:
    """Words a player reads for ``action`` (its canonical text is :func:`.actions.action_text`)."""
    known = LABELS.get(action["verb"])
    return known(action) if known else action_text(action)


def _options(opts: list[PRAction]) -> tuple[Option, ...]:
    return tuple(Option(action_text(a), label(a)) for a in opts)


def _distribute(state: PRState, seat: int, opts: list[PRAction]) -> Distribute:
    """The Mayor's layout: every placeable person over the circles, from the engine's proposal."""
    board = state["boards"][seat]
    caps, noble_count = circles(board), held(board)
    pieces = (Item("colonist", msg("colonist"), colonists(board) - noble_count),) + (
        (Item("nobles", msg("noble"), noble_count),) if noble_count else ()
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
        slots=tuple(Item(t, place(t), c) for t, c in caps.items()),
        total=min(colonists(board), sum(caps.values())),
        proposal=answer,
    )


def shape(state: PRState, kind: str, seat: int, opts: list[PRAction]) -> Shape:
    """The shape of ``seat``'s decision ``kind`` whose legal actions are ``opts``."""
    if kind == "mayor_layout":
        return _distribute(state, seat, opts)
    pass_text = "pass" if {"verb": "pass"} in opts else None
    if kind == "mayor_privilege" and len(opts) == 2:
        return Confirm(options=_options(opts), pass_text=pass_text)
    return ChooseOne(options=_options(opts), title=TITLES.get(kind, ""), pass_text=pass_text)
