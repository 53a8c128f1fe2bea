"""The two free actions, at any moment of one's own turn (teaching script §手番; Dized rules 'When can
a player execute an optional action'):

* sell prestige: each prestige point given up (the marker back to the previous prestige space)
  gives 2 rubles; as many as wanted, but all at one moment of the turn (⚠ the official Q&A's
  limit, which the teaching script leaves out);
* re-roll every die of one market space for 1 prestige point, once a turn.

Both need a prestige space strictly behind the marker. They are offered inside every prompt of
the turn where they can matter (the main action, the die to move, the market actions, placing a
workshop tile, the end of the turn); choosing one asks how much (or which space), then asks the
interrupted question again.
"""

from __future__ import annotations

from . import board, score
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Die, Events, State, Step

SELL: Action = {"verb": "free", "what": "sell"}
REROLL: Action = {"verb": "free", "what": "reroll"}


def sellable(state: State, p: int) -> int:
    """Prestige points ``p`` may still sell this turn (0 once they have sold)."""
    if board.turn(state)["sold"]:
        return 0
    return score.behind(board.lap(state), board.seat(state, p)["pos"])


def may_reroll(state: State, p: int) -> bool:
    return not board.turn(state)["rerolled"] and score.behind(board.lap(state), board.seat(state, p)["pos"]) > 0


def free_options(state: State, p: int) -> list[Action]:
    """The free actions ``p`` may take now, as options of the prompt being asked."""
    now = board.turn(state)
    if now["sold"] and now["rerolled"]:
        return []
    behind = score.behind(board.lap(state), board.seat(state, p)["pos"])
    if not behind:
        return []
    return ([] if now["sold"] else [SELL.copy()]) + ([] if now["rerolled"] else [REROLL.copy()])


def is_free(action: Action) -> bool:
    return bool(action["verb"] == "free")


def take_free(state: State, p: int, action: Action, resume: Step) -> None:
    """Ask the details of the free action chosen, then ``resume`` (the interrupted prompt's step)."""
    then(state, {"step": f"free_{action['what']}", "player": p}, resume)


@step("free_sell")
def _sell_step(state: State, s: Step, events: Events) -> None:
    ask(state, "sell", s["player"])


@step("free_reroll")
def _reroll_step(state: State, s: Step, events: Events) -> None:
    ask(state, "reroll", s["player"])


def _sell_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "sell", "n": n} for n in range(1, sellable(state, asked["player"]) + 1)]


def _sell(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, n = asked["player"], action["n"]
    me = board.seat(state, p)
    me["pos"] = score.lose_pp(board.lap(state), me["pos"], n)
    rubles = n * board.pack_of(state).rules.sell_rubles
    me["rubles"] += rubles
    board.turn(state)["sold"] = True
    events.append({"type": "sell", "player": p, "pp": n, "rubles": rubles})


def _reroll_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "reroll", "space": i} for i, space in enumerate(state["spaces"]) if space["dice"]]


def _reroll(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    me = board.seat(state, p)
    me["pos"] = score.lose_pp(board.lap(state), me["pos"], 1)
    board.turn(state)["rerolled"] = True
    events.append({"type": "reroll", "player": p, "space": action["space"]})
    roll_space(state, action["space"], events)


def roll_space(state: State, space: int, events: Events) -> None:
    """Re-roll every die on ``space`` (a chance event: logged, and no undo past it)."""
    faces: dict[Die, int] = {}
    for colour in state["spaces"][space]["dice"]:
        state["faces"][colour] = faces[colour] = board.roll(state)
    events.append({"type": "roll", "space": space, "faces": faces, "random": True})


kind("sell", _sell_options, _sell, msg("Sell how many prestige points (2 rubles each)?"), default_first=True)
kind("reroll", _reroll_options, _reroll, msg("Re-roll the dice of which market space (1 prestige point)?"))
