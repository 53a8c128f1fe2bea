"""Gains and council privileges (BGA help page §議会; excommunications 1.1–1.4; Santa Rita).

Every gain is one *source* (a card's immediate effect, a territory in a harvest, a building in a
production, a floor bonus, an action space, the bonus tile, a leader, one privilege) and runs as a
``gain`` step: Santa Rita doubles the wood, stone, coins and servants of a development card's
immediate effect first; then each excommunication 1.1–1.4 takes 1 off that source (never below 0;
⚠ this project's reading: 1.4 takes 1 wood *or* stone in total, the player choosing when the source gives both, stone by
default); then privileges (``cp``) are asked: N privileges of one effect must all be different.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .board import State, ability, excomm_effects, pack, res
from .costs import reduced
from .flow import ask, kind, step, then
from .i18n import msg
from .model import Bundle

Data = dict[str, Any]
Events = list[dict[str, Any]]
# Privileges in the order of the deadline default (2 coins, then 2 servants).
PRIVILEGE_ORDER = ("coins", "servants", "wood-stone", "military", "faith")
SOURCE_KEYS = ("source", "card", "space", "leader", "privilege")


def gain_step(seat: int, bundle: Bundle, source: str, **where: Any) -> Data:
    """A ``gain`` step: ``bundle`` from one ``source`` (``card``, ``floor``, ``space``, ``tile``,
    ``harvest``, ``production``, ``leader``, ``privilege``); ``where`` names the card, space or leader."""
    return {"step": "gain", "player": seat, "bundle": dict(bundle), "source": source, **where}


def _doubled(state: State, seat: int, bundle: Bundle, source: str) -> Bundle:
    rita = ability(state, seat, "double_card_gains")
    if source != "card" or rita is None:
        return dict(bundle)
    return {k: v * 2 if k in rita["resources"] else v for k, v in bundle.items()}


def _needs_choice(state: State, seat: int, bundle: Bundle) -> bool:
    ws = any(p["resource"] == "ws" for p in excomm_effects(state, seat, "reduce_gain"))
    return ws and bundle.get("w", 0) > 0 and bundle.get("s", 0) > 0


def _apply(state: State, seat: int, bundle: Bundle, ws: str, where: Data, events: Events) -> None:
    plain = {k: v for k, v in bundle.items() if k != "cp"}
    got = reduced(state, seat, plain, ws)
    held = res(state, seat)
    for key, amount in got.items():
        held[key] += amount
    lost = {k: v - got.get(k, 0) for k, v in plain.items() if v > got.get(k, 0)}
    if got or lost:
        events.append({"type": "gain", "player": seat, "got": got, "lost": lost, **where})
    if bundle.get("cp"):
        then(state, {"step": "privilege", "player": seat, "n": bundle["cp"], **where})


@step("gain")
def _gain(state: State, s: Data, events: Events) -> None:
    seat = s["player"]
    where = {k: s[k] for k in SOURCE_KEYS if k in s}
    bundle = _doubled(state, seat, s["bundle"], s["source"])
    if _needs_choice(state, seat, bundle):
        ask(state, "reduce", seat, bundle=bundle, where=where)
        return
    _apply(state, seat, bundle, "s", where, events)


def _reduce_options(state: State, asked: Data) -> list[dict[str, Any]]:
    return [{"do": "reduce", "res": "s"}, {"do": "reduce", "res": "w"}]


def _reduce_act(state: State, asked: Data, action: dict[str, Any], events: Events) -> None:
    _apply(state, asked["player"], asked["bundle"], action["res"], asked["where"], events)


kind("reduce", _reduce_options, _reduce_act, msg("Excommunication: lose 1 wood or 1 stone from this gain?"))


# --- privileges -------------------------------------------------------------------------------------
def privilege_ids(state: State) -> list[str]:
    known = pack(state).privileges
    return [p for p in PRIVILEGE_ORDER if p in known] + [p for p in known if p not in PRIVILEGE_ORDER]


@step("privilege")
def _privilege(state: State, s: Data, events: Events) -> None:
    ask(state, "privilege", s["player"], n=min(s["n"], len(privilege_ids(state))))


def _privilege_options(state: State, asked: Data) -> list[dict[str, Any]]:
    return [{"do": "privilege", "ids": list(c)} for c in combinations(privilege_ids(state), asked["n"])]


def _privilege_act(state: State, asked: Data, action: dict[str, Any], events: Events) -> None:
    seat, privileges = asked["player"], pack(state).privileges
    events.append({"type": "privilege", "player": seat, "ids": list(action["ids"])})
    then(state, *(gain_step(seat, privileges[p].gain, "privilege", privilege=p) for p in action["ids"]))


def _privilege_prompt(state: State, asked: Data) -> str:
    n = asked["n"]
    return msg("Choose a council privilege") if n == 1 else msg("Choose {n} different council privileges", n=n)


kind("privilege", _privilege_options, _privilege_act, _privilege_prompt)
