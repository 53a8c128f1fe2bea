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
from typing import Literal, Unpack

from .board import State, ability, excomm_effects, pack, res
from .costs import reduced
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Bundle, LAction, LDecision, LEvent, Located, LStep, Where, WorkAction

Events = list[LEvent]
# Privileges in the order of the deadline default (2 coins, then 2 servants).
PRIVILEGE_ORDER = ("coins", "servants", "wood-stone", "military", "faith")


class GainWhere(Located, total=False):
    """What names a gain's card, space, leader or privilege (or the tile's action)."""

    action: WorkAction


def gain_step(seat: int, bundle: Bundle, source: str, **where: Unpack[GainWhere]) -> LStep:
    """A ``gain`` step: ``bundle`` from one ``source`` (``card``, ``floor``, ``space``, ``tile``,
    ``harvest``, ``production``, ``leader``, ``privilege``); ``where`` names the card, space or leader."""
    gain: LStep = {"step": "gain", "player": seat, "bundle": dict(bundle), "source": source}
    _locate(gain, where)
    if "action" in where:
        gain["action"] = where["action"]
    return gain


def _locate(record: LStep | LEvent, where: Located) -> None:
    """Copy ``where``'s card, space, leader and privilege into ``record`` (a step or an event)."""
    if "card" in where:
        record["card"] = where["card"]
    if "space" in where:
        record["space"] = where["space"]
    if "leader" in where:
        record["leader"] = where["leader"]
    if "privilege" in where:
        record["privilege"] = where["privilege"]


def _where(s: LStep) -> Where:
    """The source keys of a gain step (the ones its event and privileges carry on)."""
    where: Where = {"source": s["source"]}
    if "card" in s:
        where["card"] = s["card"]
    if "space" in s:
        where["space"] = s["space"]
    if "leader" in s:
        where["leader"] = s["leader"]
    if "privilege" in s:
        where["privilege"] = s["privilege"]
    return where


def _doubled(state: State, seat: int, bundle: Bundle, source: str) -> Bundle:
    rita = ability(state, seat, "double_card_gains")
    if source != "card" or rita is None:
        return dict(bundle)
    return {k: v * 2 if k in rita["resources"] else v for k, v in bundle.items()}


def _needs_choice(state: State, seat: int, bundle: Bundle) -> bool:
    ws = any(p["resource"] == "ws" for p in excomm_effects(state, seat, "reduce_gain"))
    return ws and bundle.get("w", 0) > 0 and bundle.get("s", 0) > 0


def _apply(state: State, seat: int, bundle: Bundle, ws: Literal["w", "s"], where: Where, events: Events) -> None:
    plain: Bundle = {k: v for k, v in bundle.items() if k != "cp"}
    got = reduced(state, seat, plain, ws)
    held = res(state, seat)
    for key, amount in got.items():
        held[key] += amount
    lost: Bundle = {k: v - got.get(k, 0) for k, v in plain.items() if v > got.get(k, 0)}
    if got or lost:
        event: LEvent = {"type": "gain", "player": seat, "got": got, "lost": lost, "source": where["source"]}
        _locate(event, where)
        events.append(event)
    if bundle.get("cp"):
        privilege: LStep = {"step": "privilege", "player": seat, "n": bundle["cp"], "source": where["source"]}
        _locate(privilege, where)
        then(state, privilege)


@step("gain")
def _gain(state: State, s: LStep, events: Events) -> None:
    seat = s["player"]
    where = _where(s)
    bundle = _doubled(state, seat, s["bundle"], s["source"])
    if _needs_choice(state, seat, bundle):
        ask(state, "reduce", seat, bundle=bundle, where=where)
        return
    _apply(state, seat, bundle, "s", where, events)


def _reduce_options(state: State, asked: LDecision) -> list[LAction]:
    return [{"do": "reduce", "res": "s"}, {"do": "reduce", "res": "w"}]


def _reduce_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    _apply(state, asked["player"], asked["bundle"], action["res"], asked["where"], events)


kind("reduce", _reduce_options, _reduce_act, msg("Excommunication: lose 1 wood or 1 stone from this gain?"))


# --- privileges -------------------------------------------------------------------------------------
def privilege_ids(state: State) -> list[str]:
    known = pack(state).privileges
    return [p for p in PRIVILEGE_ORDER if p in known] + [p for p in known if p not in PRIVILEGE_ORDER]


@step("privilege")
def _privilege(state: State, s: LStep, events: Events) -> None:
    ask(state, "privilege", s["player"], n=min(s["n"], len(privilege_ids(state))))


def _privilege_options(state: State, asked: LDecision) -> list[LAction]:
    return [{"do": "privilege", "ids": list(c)} for c in combinations(privilege_ids(state), asked["n"])]


def _privilege_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    seat, privileges = asked["player"], pack(state).privileges
    events.append({"type": "privilege", "player": seat, "ids": list(action["ids"])})
    then(state, *(gain_step(seat, privileges[p].gain, "privilege", privilege=p) for p in action["ids"]))


def _privilege_prompt(state: State, asked: LDecision) -> str:
    n = asked["n"]
    return msg("Choose a council privilege") if n == 1 else msg("Choose {n} different council privileges", n=n)


kind("privilege", _privilege_options, _privilege_act, _privilege_prompt)
