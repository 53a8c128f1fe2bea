"""Lisboa's decisions for people: a label for every action (``Move the Cardinal 1 step, take C1``)
and the :mod:`engine.core.shapes` shape of every decision.

Shapes follow the options, whatever the kind: the same list field chosen from a set (clergy tiles
to discard at church scoring, 2 Royal Favors, offices to hire or place officials in, draft picks)
is a :class:`~engine.core.shapes.ChooseSeveral`; réis covered with influence is an
:class:`~engine.core.shapes.Amount`; one option and a way out (``decline``, ``done``...) is a
:class:`~engine.core.shapes.Confirm`; anything else a :class:`~engine.core.shapes.ChooseOne`.
The pass option is ``done``, ``no extra decree``, ``no free action`` or ``decline`` where offered.
Options naming a card in the player's hand, their draft packet or their set-up clergy offer are
secret."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..core.i18n import listing
from ..core.shapes import Amount, ChooseOne, ChooseSeveral, Confirm, Item, Option, Shape
from . import names
from .actions import action_text
from .i18n import msg, msgn
from .names import NOBLES, STACKS
from .texts import _card
from .types import LAction as Action
from .types import LState as State

PASSES = ({"verb": "done"}, {"verb": "no_extra"}, {"verb": "free", "action": None}, {"verb": "decline"})
# Verbs whose answer is a set chosen from the same list field: that field.
SEVERAL: dict[str, Literal["tiles", "nobles", "cards", "offices"]] = {
    "church": "tiles",
    "favors": "nobles",
    "draft": "cards",
    "place": "offices",
    "hire": "offices",
}


def words(name: object) -> str:
    """``hire_officials`` or ``ship-blue-1`` → ``hire officials``, ``ship blue 1``."""
    return names.words(name)


def noble(key: str) -> str:
    """``king`` → ``the King`` (as players say it)."""
    return names.place(key)


def _and(items: list[str]) -> str:
    return listing(items, "and")


def _pay(a: Action) -> str:
    if "rest" in a:  # the réis/wigs split is asked next (influence_rest)
        if a["influence"]:
            return msg(
                "Pay {influence} influence, then {rest} in réis or wigs (you choose the mix next)",
                influence=a["influence"],
                rest=a["rest"],
            )
        return msg("Pay {rest} in réis or wigs (you choose the mix next)", rest=a["rest"])
    parts = [
        part
        for amount, part in (
            (a["influence"], msg("{n} influence", n=a["influence"])),
            (a["reis"], msg("{n} réis", n=a["reis"])),
            (a["wigs"], msgn("{n} wig", "{n} wigs", a["wigs"])),
        )
        if amount
    ]
    if not parts:
        return msg("Pay nothing")
    paid = parts[-1]
    for part in reversed(parts[:-1]):
        paid = msg("{first} + {rest}", first=part, rest=paid)
    return msg("Pay {paid}", paid=paid)


def _ship(a: Action) -> str:
    pay = listing(names.goods(a["pay"]), "") if a["pay"] else msg("nothing")
    if a["mode"] == "new":
        return msg("Build a new ship, paying {pay}", pay=pay)
    return msg("Upgrade {old}, paying {pay}", old=words(a["old"]), pay=pay)


def _cardinal(a: Action) -> str:
    return msgn(
        "Move the Cardinal {n} step, take {space}",
        "Move the Cardinal {n} steps, take {space}",
        a["steps"],
        space=a["space"],
    )


def _produce(a: Action) -> str:
    if a["extra"]:
        return msg("Produce, extra {goods}", goods=_and(names.goods(a["extra"])))
    return msg("Produce")


def _officials(a: Action) -> str:
    return msg("Send officials to {places}", places=_and([noble(p) for p in a["places"]]))


def _cl29(a: Action) -> str:
    if a["discard"]:
        return msg("Discard the {rubble} cube for {wigs} wigs", rubble=names.data(a["discard"]), wigs=a["wigs"])
    return msg("Keep the cubes")


LABELS: dict[str, Callable[[State, Action], str]] = {
    "keep": lambda s, a: msg("Keep clergy tile {tile}", tile=a["tile"]),
    "portfolio": lambda s, a: msg("Play {card} to your portfolio", card=_card(s, a["card"])),
    "gold": lambda s, a: msg("Discard {card} for 1 gold", card=_card(s, a["card"])),
    "sell_goods": lambda s, a: msg("Sell goods"),
    "trade_nobles": lambda s, a: msg("Trade with the nobles"),
    "sell": lambda s, a: msg("Sell {good} into {ship}", good=names.data(a["good"]), ship=words(a["ship"])),
    "done": lambda s, a: msg("Done"),
    "trade": lambda s, a: msg("Pay {good}: {action}", good=names.data(a["good"]), action=words(a["action"])),
    "hire": lambda s, a: (
        msg("Hire officials for {offices}", offices=_and([noble(o) for o in a["offices"]]))
        if a["offices"]
        else msg("Hire no officials")
    ),
    "plan": lambda s, a: msg("Take a {colour} plan", colour=names.data(a["colour"])),
    "ship": lambda s, a: _ship(a),
    "produce": lambda s, a: _produce(a),
    "cardinal": lambda s, a: _cardinal(a),
    "favor": lambda s, a: msg("Take a Royal Favor of {noble}", noble=noble(a["noble"])),
    "favors": lambda s, a: (
        msg("Take Royal Favors of {nobles}", nobles=_and([noble(n) for n in a["nobles"]]))
        if a["nobles"]
        else msg("Take no favors")
    ),
    "discard": lambda s, a: msg("Discard {card}", card=_card(s, a["card"])),
    "recall": lambda s, a: msg("Return your official from {place}", place=noble(a["place"])),
    "place": lambda s, a: (
        msg("Place officials with {offices}", offices=_and([noble(o) for o in a["offices"]]))
        if a["offices"]
        else msg("Place no officials")
    ),
    "decree": lambda s, a: msg("Take decree {card}", card=a["card"]),
    "no_extra": lambda s, a: msg("No extra decree"),
    "rubble": lambda s, a: msg("Take a {rubble} rubble cube", rubble=names.data(a["rubble"])),
    "draw": lambda s, a: msg("Draw from the {stack} stack", stack=STACKS.get(a["stack"]) or words(a["stack"])),
    "church": lambda s, a: (
        msg("Discard clergy tiles {tiles}", tiles=_and(list(a["tiles"])))
        if a["tiles"]
        else msg("Discard no clergy tiles")
    ),
    "visit": lambda s, a: msg("Visit with {card}", card=_card(s, a["card"])),
    "pay": lambda s, a: _pay(a),
    "free": lambda s, a: (
        msg("Free action: {action}", action=words(a["action"])) if a["action"] else msg("No free action")
    ),
    "decline": lambda s, a: msg("Decline"),
    "follow": lambda s, a: msg("Follow: {action}", action=words(a["action"])),
    "sponsor": lambda s, a: msg("Sponsor with {card}", card=_card(s, a["card"])),
    "event": lambda s, a: msg("Event: {action}", action=words(a["action"])),
    "reward": lambda s, a: msg("Take the reward {card}", card=_card(s, a["card"])),
    "draft": lambda s, a: msg("Keep {cards}", cards=_and([_card(s, c) for c in a["cards"]])),
    "cover": lambda s, a: msg("Cover {n} réis with influence", n=a["influence"]),
    "store_tile": lambda s, a: msg("Take city tile {space}", space=names.data(a["space"])),
    "store_lot": lambda s, a: msg("Build on lot {lot}, facing street {street}", lot=a["lot"], street=a["street"]),
    "store_rubble": lambda s, a: msg(
        "Take {rubble} rubble from the {pool}", rubble=names.data(a["rubble"]), pool=names.place(a["pool"])
    ),
    "store_house": lambda s, a: msg("Place a house from the {group} group", group=names.data(a["group"])),
    "building_site": lambda s, a: msg("Open the building on site {site}", site=a["site"]),
    "building_plan": lambda s, a: msg("Use plan {plan}", plan=a["plan"]),
    "officials": lambda s, a: _officials(a),
    "cl29": lambda s, a: _cl29(a),
}


def label(state: State, action: Action) -> str:
    """Words a player reads for ``action`` (its canonical text is :func:`.actions.action_text`)."""
    return LABELS[action["verb"]](state, action)


def _hidden(state: State, seat: int) -> set[str]:
    """What only ``seat`` may see and an option may name: hand cards, the draft packet, the clergy offer."""
    hidden = set(state["boards"][seat]["hand"])
    setup = state.get("setup") or {}
    if state["phase"] == "setup":
        hidden.update(setup.get("clergy_offers", [[]] * (seat + 1))[seat])
        packets = setup.get("packets") or []
        hidden.update(packets[seat] if seat < len(packets) else [])
    return hidden


_NAMED: tuple[Literal["card", "tile"], ...] = ("card", "tile")  # the keys naming one card or tile


def _named(action: Action) -> list[str]:
    return [action[key] for key in _NAMED if key in action] + list(action.get("cards", []))


def _item(state: State, field: str, key: str) -> str:
    """A ChooseSeveral item as players know it: ``the King``, ``red-03 (Maia)``, ``T13``."""
    if key in NOBLES:
        return noble(key)
    return _card(state, key) if field == "cards" else words(key)


def _several(
    state: State, options: tuple[Option, ...], opts: list[Action], secret: bool, pass_text: str | None
) -> Shape | None:
    verbs = {a["verb"] for a in opts}
    if len(verbs) != 1 or next(iter(verbs)) not in SEVERAL:
        return None
    key = SEVERAL[next(iter(verbs))]
    picks = [tuple(a[key]) for a in opts]
    if any(len(set(p)) != len(p) for p in picks) or len({frozenset(p) for p in picks}) != len(picks):
        return None  # an office twice, or one set two ways: not a plain choice of several
    items = list(dict.fromkeys(i for p in picks for i in p))
    sizes = [len(p) for p in picks]
    return ChooseSeveral(
        options=tuple(Option(o.text, o.label, p) for o, p in zip(options, picks, strict=True)),
        items=tuple(Item(i, _item(state, key, i)) for i in items),
        low=min(sizes),
        high=max(sizes),
        secret=secret,
        pass_text=pass_text,
    )


def shape(state: State, seat: int, opts: list[Action]) -> Shape:
    """The shape of ``seat``'s open decision whose legal actions are ``opts``."""
    options = tuple(Option(action_text(a), label(state, a)) for a in opts)
    pass_text = next((action_text(p) for p in PASSES if p in opts), None)
    hidden = _hidden(state, seat)
    secret = any(name in hidden for a in opts for name in _named(a))
    several = _several(state, options, opts, secret, pass_text)
    if several is not None:
        return several
    if opts and all(a["verb"] == "cover" for a in opts):
        amounts = [a["influence"] for a in opts]
        return Amount(
            options=tuple(Option(o.text, o.label, amount=n) for o, n in zip(options, amounts, strict=True)),
            low=min(amounts),
            high=max(amounts),
            secret=secret,
            pass_text=pass_text,
        )
    if len(opts) == 2 and pass_text is not None:
        return Confirm(options=options, secret=secret, pass_text=pass_text)
    return ChooseOne(options=options, secret=secret, pass_text=pass_text)
