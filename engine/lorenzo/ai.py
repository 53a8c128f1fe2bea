"""What the AI player (:mod:`engine.ai`) needs from Lorenzo il Magnifico: a determinization and an
evaluation.

**Hidden from a seat** (:mod:`.views`): the order of each tower's deck (its size is shown, and its
cards are known by elimination: every card of the tower's type not yet dealt), the other players'
leader hands and draft packets (their sizes are shown), the leaders out of the game, the other
players' held answers in an open Vatican report or draft round (only who has answered is shown),
and the generator, so every future deal and roll. :func:`determinize` samples each anew:

- each deck is reshuffled period by period (a deck holds the rest of the current period's cards on
  top of the later periods', and keeps that split);
- the leaders the seat cannot see (all leaders but its own hand and packet, the played and the
  discarded ones) are pooled in sorted order, shuffled and dealt back to the others' hands, the
  others' packets and the leaders out, each keeping its size;
- another seat's held answer is drawn again: a Vatican answer (support with the chance
  :data:`SUPPORT_CHANCE`, as players mostly do) or a draft pick among its newly dealt packet;
- the generator is re-seeded.

Every pool is sorted before it is shuffled and nothing hidden is read for its order, so the copy
depends only on what the seat sees and the seed.

**Evaluation** (:func:`evaluate`): each seat's final tally as if the game ended now (the rules'
:func:`.scoring.seat_parts`, resources counted without rounding down), plus what the rest of the
game is likely to add, weighted by the share of the game still to play: resources and military
points still buy cards and territories, territories and buildings harvest and produce again,
leaders in hand or played still act, and faith points are worth the faith track's victory points
at the next report (or an excommunication's expected cost while short of its threshold).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.frames import top_frame
from .board import State, pack, res, resource_count
from .scoring import LOSSES, RESOURCES, military_vp, seat_parts
from .types import LAction, Resource

#: The chance that another seat's unrevealed Vatican answer is "support" in a determinization.
SUPPORT_CHANCE = 0.85
#: What one excommunication is expected to cost, in victory points, by period.
EXCOMMUNICATION_COST = (3.0, 4.0, 6.0)
#: Victory points a card's future harvests, productions or permanent bonus add over a whole game.
CARD_FUTURE = {"territory": 3.0, "building": 3.0, "character": 1.0, "venture": 0.0}
#: Extra victory points a resource is worth while the game is young (on top of 1 per 5 held).
RESOURCE_PREMIUM: dict[Resource, float] = {"w": 0.45, "s": 0.45, "c": 0.45, "sv": 0.3}
#: Victory points a military point adds while territories and the ranking are still open.
MILITARY_PREMIUM = 0.3
#: A leader's worth: in hand (a privilege at least), and played, plus its future uses.
LEADER_IN_HAND, LEADER_PLAYED, LEADER_FUTURE = 1.0, 1.0, 2.0
#: Points of lead that make a win about 3 in 4 likely (:attr:`engine.core.Game.evaluation_scale`).
EVALUATION_SCALE = 7.0
#: The share of each level's iterations Lorenzo affords (:attr:`engine.core.Game.ai_budget`): a
#: simulated step lists every member on every space, so a full budget thinks too long at normal.
AI_BUDGET = 0.5


# --- determinization ------------------------------------------------------------------------------------
def determinize(state: State, seat: int, seed: int, copy: Any) -> State:
    """A copy of ``state`` (made by ``copy``) with everything hidden from ``seat`` sampled anew."""
    new: State = copy(state)
    rng = random.Random(seed)
    _shuffle_decks(new, rng)
    _deal_leaders(new, seat, rng)
    _redraw_answers(new, seat, rng)
    new["rng"] = rng.getrandbits(64)
    return new


def _shuffle_decks(state: State, rng: random.Random) -> None:
    cards = pack(state).cards
    for tower in sorted(state["decks"]):
        by_period: dict[int, list[int]] = {}
        for card in state["decks"][tower]:
            by_period.setdefault(cards[card].period, []).append(card)
        deck: list[int] = []
        for period in sorted(by_period):
            pile = sorted(by_period[period])
            rng.shuffle(pile)
            deck += pile
        state["decks"][tower] = deck


def _deal_leaders(state: State, seat: int, rng: random.Random) -> None:
    boards, setup = state["boards"], state["setup"]
    others = [s for s in range(len(boards)) if s != seat]
    packets = setup["packets"]
    pool = sorted(setup["out"] + [c for s in others for c in boards[s]["hand"] + (packets[s] if packets else [])])
    if not pool:
        return
    rng.shuffle(pool)
    for other in others:
        size = len(boards[other]["hand"])
        boards[other]["hand"], pool = sorted(pool[:size]), pool[size:]
        if packets:
            size = len(packets[other])
            packets[other], pool = sorted(pool[:size]), pool[size:]
    setup["out"] = sorted(pool)


def _redraw_answers(state: State, seat: int, rng: random.Random) -> None:
    frame = top_frame(state)
    if frame is None:
        return
    answers: dict[str, LAction] = frame["answers"]
    for key in sorted(answers, key=int):
        other = int(key)
        if other == seat:
            continue
        if frame["kind"] == "vatican":
            answers[key] = {"do": "vatican", "support": rng.random() < SUPPORT_CHANCE}
        elif frame["kind"] == "draft":
            packet = state["setup"]["packets"][other]
            answers[key] = {"do": "keep", "leader": pack(state).leaders[packet[rng.randrange(len(packet))]].key}


# --- evaluation ------------------------------------------------------------------------------------------
def left_share(state: State, seat: int) -> float:
    """The share of ``seat``'s family members still to place in the game (1 before it starts)."""
    rules = pack(state).rules
    per_round = rules.laps
    placed = len(state["boards"][seat]["placed"]) if state["round"] else 0
    left = (rules.rounds - max(1, state["round"])) * per_round + per_round - placed
    return max(0.0, left / (rules.rounds * per_round))


def _report_ahead(state: State) -> tuple[int, int] | None:
    """The period of the next Vatican report and how many rounds after this one it comes
    (``None``: the last report is over)."""
    rules = pack(state).rules
    rnd, per = max(1, state["round"]), rules.rounds_per_period
    period = (rnd - 1) // per + 1
    if rnd % per:
        return period, per - rnd % per
    frame = top_frame(state)
    if (frame is not None and frame["kind"] == "vatican") or any(s["step"] == "vatican" for s in state["queue"]):
        return period, 0
    if period >= len(rules.faith_thresholds):
        return None
    return period + 1, per


def _faith_value(state: State, seat: int, ahead: tuple[int, int] | None) -> float:
    if ahead is None:
        return 0.0
    rules = pack(state).rules
    period, rounds_after = ahead
    faith = res(state, seat)["fp"]
    worth = float(rules.faith_vp[min(faith, len(rules.faith_vp) - 1)])
    short = rules.faith_thresholds[period - 1] - faith
    if short <= 0:
        return worth
    turns = rules.laps - len(state["boards"][seat]["placed"]) + rounds_after * rules.laps
    miss = min(1.0, short / (1.0 + 0.6 * turns))
    return (1 - miss) * worth - miss * EXCOMMUNICATION_COST[period - 1]


def evaluate(state: State) -> list[float]:
    """Each seat's final score as the position promises it (see the module's text)."""
    chosen = pack(state)
    if state["result"]:
        return [float(sum(-v if k in LOSSES else v for k, v in p.items())) for p in state["result"]["parts"]]
    military = military_vp(state)
    ahead = _report_ahead(state)
    out = []
    for seat, mine in enumerate(state["boards"]):
        future = left_share(state, seat)
        held = res(state, seat)
        parts = seat_parts(state, seat, 0)
        parts[RESOURCES] = 0
        points = float(sum(-v if k in LOSSES else v for k, v in parts.items()))
        points += resource_count(held) / chosen.rules.resources_per_vp
        points += future * sum(held[r] * premium for r, premium in RESOURCE_PREMIUM.items())
        points += military[seat] * (1 - 0.5 * future) + MILITARY_PREMIUM * future * held["mp"]
        points += future * sum(CARD_FUTURE[t] * len(c) for t, c in mine["cards"].items())
        points += LEADER_IN_HAND * len(mine["hand"])
        points += sum(LEADER_PLAYED + LEADER_FUTURE * future for _ in mine["leaders"])
        points += _faith_value(state, seat, ahead)
        out.append(points)
    return out


__all__ = ["AI_BUDGET", "EVALUATION_SCALE", "determinize", "evaluate", "left_share"]
