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
from typing import Any

from ..core.shapes import Amount, ChooseOne, ChooseSeveral, Confirm, Item, Option, Shape
from .actions import action_text
from .texts import NOBLES, STACKS, _card

State = dict[str, Any]
Action = dict[str, Any]
PASSES = ({"verb": "done"}, {"verb": "no_extra"}, {"verb": "free", "action": None}, {"verb": "decline"})
# Verbs whose answer is a set chosen from the same list field: that field.
SEVERAL = {"church": "tiles", "favors": "nobles", "draft": "cards", "place": "offices", "hire": "offices"}


def words(name: Any) -> str:
    """``hire_officials`` or ``ship-blue-1`` → ``hire officials``, ``ship blue 1``."""
    return str(name).replace("_", " ").replace("-", " ")


def noble(key: str) -> str:
    """``king`` → ``the King`` (as players say it)."""
    return NOBLES[key][1] if key in NOBLES else words(key)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pay(a: Action) -> str:
    if "rest" in a:  # the réis/wigs split is asked next (influence_rest)
        spent = f"{a['influence']} influence, then " if a["influence"] else ""
        return f"Pay {spent}{a['rest']} in réis or wigs (you choose the mix next)"
    parts = [
        f"{a[k]} {name}"
        for k, name in (("influence", "influence"), ("reis", "réis"), ("wigs", "wig" if a["wigs"] == 1 else "wigs"))
        if a[k]
    ]
    return "Pay " + (" + ".join(parts) if parts else "nothing")


def _ship(a: Action) -> str:
    pay = ", ".join(a["pay"]) if a["pay"] else "nothing"
    built = "Build a new ship" if a["mode"] == "new" else f"Upgrade {words(a['old'])}"
    return f"{built}, paying {pay}"


def _cardinal(a: Action) -> str:
    return f"Move the Cardinal {a['steps']} step{'s' if a['steps'] != 1 else ''}, take {a['space']}"


def _set(verb: str, items: list[str], none: str) -> str:
    return f"{verb} {_and(items)}" if items else none


LABELS: dict[str, Callable[[State, Action], str]] = {
    "keep": lambda s, a: f"Keep clergy tile {a['tile']}",
    "portfolio": lambda s, a: f"Play {_card(s, a['card'])} to your portfolio",
    "gold": lambda s, a: f"Discard {_card(s, a['card'])} for 1 gold",
    "sell_goods": lambda s, a: "Sell goods",
    "trade_nobles": lambda s, a: "Trade with the nobles",
    "sell": lambda s, a: f"Sell {a['good']} into {words(a['ship'])}",
    "done": lambda s, a: "Done",
    "trade": lambda s, a: f"Pay {a['good']}: {words(a['action'])}",
    "hire": lambda s, a: _set("Hire officials for", [noble(o) for o in a["offices"]], "Hire no officials"),
    "plan": lambda s, a: f"Take a {a['colour']} plan",
    "ship": lambda s, a: _ship(a),
    "produce": lambda s, a: "Produce" + (", extra " + _and(a["extra"]) if a["extra"] else ""),
    "cardinal": lambda s, a: _cardinal(a),
    "favor": lambda s, a: f"Take a Royal Favor of {noble(a['noble'])}",
    "favors": lambda s, a: _set("Take Royal Favors of", [noble(n) for n in a["nobles"]], "Take no favors"),
    "discard": lambda s, a: f"Discard {_card(s, a['card'])}",
    "recall": lambda s, a: f"Return your official from {noble(a['place'])}",
    "place": lambda s, a: _set("Place officials with", [noble(o) for o in a["offices"]], "Place no officials"),
    "decree": lambda s, a: f"Take decree {a['card']}",
    "no_extra": lambda s, a: "No extra decree",
    "rubble": lambda s, a: f"Take a {a['rubble']} rubble cube",
    "draw": lambda s, a: f"Draw from the {STACKS.get(a['stack'], words(a['stack']))} stack",
    "church": lambda s, a: _set("Discard clergy tiles", list(a["tiles"]), "Discard no clergy tiles"),
    "visit": lambda s, a: f"Visit with {_card(s, a['card'])}",
    "pay": lambda s, a: _pay(a),
    "free": lambda s, a: f"Free action: {words(a['action'])}" if a["action"] else "No free action",
    "decline": lambda s, a: "Decline",
    "follow": lambda s, a: f"Follow: {words(a['action'])}",
    "sponsor": lambda s, a: f"Sponsor with {_card(s, a['card'])}",
    "event": lambda s, a: f"Event: {words(a['action'])}",
    "reward": lambda s, a: f"Take the reward {_card(s, a['card'])}",
    "draft": lambda s, a: "Keep " + _and([_card(s, c) for c in a["cards"]]),
    "cover": lambda s, a: f"Cover {a['influence']} réis with influence",
    "store_tile": lambda s, a: f"Take city tile {a['space']}",
    "store_lot": lambda s, a: f"Build on lot {a['lot']}, facing street {a['street']}",
    "store_rubble": lambda s, a: f"Take {a['rubble']} rubble from the {a['pool']}",
    "store_house": lambda s, a: f"Place a house from the {a['group']} group",
    "building_site": lambda s, a: f"Open the building on site {a['site']}",
    "building_plan": lambda s, a: f"Use plan {a['plan']}",
    "officials": lambda s, a: "Send officials to " + _and([noble(p) for p in a["places"]]),
    "cl29": lambda s, a: f"Discard the {a['discard']} cube for {a['wigs']} wigs" if a["discard"] else "Keep the cubes",
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


def _named(action: Action) -> list[Any]:
    return [v for key in ("card", "tile") if key in action for v in [action[key]]] + list(action.get("cards", []))


def _item(state: State, field: str, key: str) -> str:
    """A ChooseSeveral item as players know it: ``the King``, ``red-03 (Maia)``, ``T13``."""
    if key in NOBLES:
        return noble(key)
    return _card(state, key) if field == "cards" else words(key)


def _several(state: State, options: tuple[Option, ...], opts: list[Action], common: dict[str, Any]) -> Shape | None:
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
        **common,
    )


def shape(state: State, seat: int, opts: list[Action]) -> Shape:
    """The shape of ``seat``'s open decision whose legal actions are ``opts``."""
    options = tuple(Option(action_text(a), label(state, a)) for a in opts)
    pass_text = next((action_text(p) for p in PASSES if p in opts), None)
    hidden = _hidden(state, seat)
    secret = any(name in hidden for a in opts for name in _named(a))
    common: dict[str, Any] = {"secret": secret, "pass_text": pass_text}
    several = _several(state, options, opts, common)
    if several is not None:
        return several
    if opts and all(a["verb"] == "cover" for a in opts):
        amounts = [a["influence"] for a in opts]
        return Amount(
            options=tuple(Option(o.text, o.label, amount=n) for o, n in zip(options, amounts, strict=True)),
            low=min(amounts),
            high=max(amounts),
            **common,
        )
    if len(opts) == 2 and pass_text is not None:
        return Confirm(options=options, **common)
    return ChooseOne(options=options, **common)
