"""The market actions of the space a die moved to, each at most once, in the order the player
chooses (teaching script §市場アクション; Dized rules 'Use influence'):

* take resources: the space's tile's item in its amount, up to once per die on the space (the
  moved die included), stopping whenever wished; materials are limited by the supply and the free
  inventory spaces (what does not fit is not taken; ⚠ a partial repetition takes what is left);
* use influence: one of the two actions of the influence card of the space's quadrant, a once
  (lightning) action once, a repeat (infinity) action as often as it is paid;
* activate a workshop: once, the face-up tile on the mover's slot of the moved die's colour (white:
  one of the two white tiles).

Only actions that can do something are offered; ``done`` ends them (the space is then re-rolled).
"""

from __future__ import annotations

from . import board, free, workshop
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Events, Gain, State, Step

MENU = ("take", "influence", "workshop")


def take_limit(state: State, p: int, space: int) -> int:
    """Repetitions worth offering: at most the dice on the space, and no more than can be kept."""
    pack = board.pack_of(state)
    tile = pack.resource_tiles[state["spaces"][space]["tile"]]
    dice = len(state["spaces"][space]["dice"])
    keep = board.obtainable(state, p, tile.item, dice * tile.amount)
    return min(dice, -(-keep // tile.amount))


def quadrant(state: State, space: int) -> int:
    """The quadrant of a market space (two spaces each, clockwise from space 1)."""
    return space // (len(state["spaces"]) // len(state["quadrants"]))


def card_of(state: State, space: int) -> str:
    """The influence card of the space's quadrant."""
    return str(state["influence"][state["quadrants"][quadrant(state, space)]])


def usable(state: State, p: int, space: int) -> list[int]:
    """The influence card's actions ``p`` can pay for now (1 and/or 2)."""
    card = board.pack_of(state).influence[card_of(state, space)]
    return [w for w in (1, 2) if board.can_pay(state, p, card.action(w)[1])]


def _menu(state: State, p: int, s: Decision) -> list[str]:
    offered = {
        "take": lambda: take_limit(state, p, s["space"]) > 0,
        "influence": lambda: bool(usable(state, p, s["space"])),
        "workshop": lambda: bool(workshop.activatable(state, p, s["die"])),
    }
    return [a for a in MENU if a not in s["used"] and offered[a]()]


@step("market_menu")
def _menu_step(state: State, s: Step, events: Events) -> None:
    ask(state, "market_action", s["player"], space=s["space"], die=s["die"], used=list(s["used"]))


def _menu_options(state: State, asked: Decision) -> list[Action]:
    p = asked["player"]
    actions: list[Action] = [{"verb": a} for a in _menu(state, p, asked)]
    return actions + [{"verb": "done"}] + free.free_options(state, p)


def _menu_act(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, verb = asked["player"], action["verb"]
    menu: Step = {
        "step": "market_menu",
        "player": p,
        "space": asked["space"],
        "die": asked["die"],
        "used": asked["used"],
    }
    if free.is_free(action):
        free.take_free(state, p, action, menu)
        return
    if verb == "done":
        return
    then(state, {**menu, "step": f"market_{verb}"}, {**menu, "used": asked["used"] + [verb]})


@step("market_take")
def _take_step(state: State, s: Step, events: Events) -> None:
    ask(state, "take", s["player"], space=s["space"])


def _take_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "reps", "n": n} for n in range(1, take_limit(state, asked["player"], asked["space"]) + 1)]


def _take(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, space = asked["player"], asked["space"]
    tile = board.pack_of(state).resource_tiles[state["spaces"][space]["tile"]]
    got = board.gain_all(state, p, {tile.item: tile.amount * action["n"]})
    events.append({"type": "gain", "player": p, "why": "market", "reps": action["n"], "got": got})


@step("market_influence")
def _influence_step(state: State, s: Step, events: Events) -> None:
    ask(state, "influence", s["player"], space=s["space"])


def _influence_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "use", "which": w} for w in usable(state, asked["player"], asked["space"])]


def _influence(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, card = asked["player"], card_of(state, asked["space"])
    tag = board.pack_of(state).influence[card].action(action["which"])[0]
    if tag == "once":
        use(state, p, card, action["which"], 1, events)
    else:
        then(state, {"step": "influence_times", "player": p, "card": card, "which": action["which"]})


def repeat_limit(state: State, p: int, card: str, which: int) -> int:
    cost = board.pack_of(state).influence[card].action(which)[1]
    n = 1
    while board.can_pay(state, p, cost, n + 1):
        n += 1
    return n


@step("influence_times")
def _times_step(state: State, s: Step, events: Events) -> None:
    ask(state, "times", s["player"], card=s["card"], which=s["which"])


def _times_options(state: State, asked: Decision) -> list[Action]:
    limit = repeat_limit(state, asked["player"], asked["card"], asked["which"])
    return [{"verb": "times", "n": n} for n in range(1, limit + 1)]


def _times(state: State, asked: Decision, action: Action, events: Events) -> None:
    use(state, asked["player"], asked["card"], asked["which"], action["n"], events)


def use(state: State, p: int, card: str, which: int, times: int, events: Events) -> None:
    """Pay and apply action ``which`` of influence card ``card`` ``times`` times."""
    _, cost, gain = board.pack_of(state).influence[card].action(which)
    got: dict[Gain, int] = {}
    for _ in range(times):
        board.pay(state, p, cost)
        for item, n in board.gain_all(state, p, gain).items():
            got[item] = got.get(item, 0) + n
    paid = {k: n * times for k, n in cost.items()}
    events.append(
        {"type": "influence", "player": p, "card": card, "which": which, "times": times, "paid": paid, "got": got}
    )


@step("market_workshop")
def _workshop_step(state: State, s: Step, events: Events) -> None:
    ask(state, "workshop", s["player"], die=s["die"])


def _workshop_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "activate", "slot": s} for s in workshop.activatable(state, asked["player"], asked["die"])]


def _workshop(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    placed = board.seat(state, p)["slots"][action["slot"]]
    assert placed is not None, "only a slot holding a face-up tile is activated"
    tile = placed["tile"]
    got = workshop.benefit(state, p, tile)
    events.append({"type": "gain", "player": p, "why": "workshop", "slot": action["slot"], "tile": tile, "got": got})


kind("market_action", _menu_options, _menu_act, msg("Which market action next?"))
kind("take", _take_options, _take, msg("Take the space's resources how many times?"), default=lambda o: o[-1])
kind("influence", _influence_options, _influence, msg("Use which action of the influence card?"), default_first=True)
kind("times", _times_options, _times, msg("Use the repeatable action how many times?"), default_first=True)
kind("workshop", _workshop_options, _workshop, msg("Activate which white workshop tile?"), default_first=True)
