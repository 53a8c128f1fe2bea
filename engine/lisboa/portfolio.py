"""Main action a: a political card into the portfolio, then Sell (Action 1) or Trade (Action 2)
(rulebook pp. 9-10; D04-D07).

Treasury card: réis = the treasury value, the marker down 1, into a bottom slot (CL-02: +2 réis).
Noble card: its bottom first (a reward, or a penalty that is skipped when it cannot be paid), then
into a top slot. Either way CL-01 gives +1 wig, the overflow discard D04 comes before inserting,
and Action 1 or 2 is mandatory (D07, auto when only one is possible). The play is offered only if
that action can then be done, checked by running the play on a copy with the first option of every
sub-decision (a good the card itself gives counts, rulebook p. 13).

Rewards (Bodoge summary §コスト・ボーナス・特殊効果 > 政策カード): NB-03 officials (D28, up to N, one per office,
default N), NB-04 favor, NB-05 influence, NB-06 decree, NB-07 Cardinal 1 step, NB-08 plan, NB-09
good, NB-10 spare rubble, NB-11 build a ship, NB-12 produce (the last seven shared with lot and site
bonuses, :mod:`.bonus`); a reward that cannot be taken is lost. Penalties: NB-01 return an official
(D05), NB-02 pay 1 réis (influence substitutes a shortfall, D21 default).

Texts: ``sell goods`` / ``trade with nobles`` (D07), ``recall <office|plaza>``, ``place maia king`` /
``place none``, ``rubble <disaster>``.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations

from . import decree, flow, payment, room, sell, trade  # noqa: F401  (they register their steps)
from .bonus import BONUSES, gain_bonus
from .i18n import msg
from .rules import (
    board,
    can_pay_reis,
    clergy_effects,
    discard_candidates,
    move_treasury,
    officials_out,
    pack_of,
    place_official,
    recall_official,
    treasury_value,
)
from .sim import copy
from .types import Events, LDecision, LStep, named
from .types import LAction as Action
from .types import LState as State

SIMULATION_LIMIT = 100


def play(state: State, seat: int, card_id: str, events: Events) -> None:
    """Queue the whole portfolio play of ``card_id`` from ``seat``'s hand."""
    pack, b = pack_of(state), board(state, seat)
    card = pack.cards[card_id]
    b["hand"].remove(card_id)
    events.append({"kind": "portfolio_play", "player": seat, "card": card_id})
    effects = clergy_effects(pack, b)
    b["wigs"] += effects.count("CL-01")
    if not card.is_noble:
        subsidy = treasury_value(state) + 2 * effects.count("CL-02")
        b["reis"] += subsidy
        events.append({"kind": "subsidy", "player": seat, "reis": subsidy})
        move_treasury(state, -1, events, "subsidy")
        flow.then(
            state,
            {"step": "insert", "player": seat, "card": card_id, "row": "bottom"},
            {"step": "act12", "player": seat},
        )
        return
    flow.then(
        state,
        {"step": "bottom", "player": seat, "card": card_id},
        {"step": "insert", "player": seat, "card": card_id, "row": "top"},
        {"step": "act12", "player": seat},
    )


@flow.step("bottom")
def _bottom(state: State, s: LStep, events: Events) -> None:
    seat, card = s["player"], pack_of(state).cards[s["card"]]
    effect, params = card.bottom, card.bottom_params
    events.append({"kind": "card_bottom", "player": seat, "card": s["card"], "effect": effect})  # None: no bottom
    if effect == "NB-01":
        places = officials_out(state, seat)
        if places:
            flow.ask(state, "recall", seat)
    elif effect == "NB-02":
        if can_pay_reis(state, seat, 1):
            flow.then(state, payment.step(seat, 1, "penalty"))
        else:
            events.append({"kind": "penalty_skipped", "player": seat})
    elif effect == "NB-03":
        if board(state, seat)["officials"]:
            flow.ask(state, "place_officials", seat, n=params["n"])
    elif effect == "NB-06":
        flow.then(state, {"step": "decree", "player": seat})
    elif effect in BONUSES:
        gain_bonus(state, seat, effect, params, events, "card reward")


def recall_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "recall", "place": p} for p in officials_out(state, d["player"])]


def recall_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    recall_official(state, d["player"], action["place"], events, "penalty")


def place_options(state: State, d: LDecision) -> list[Action]:
    nobles = list(pack_of(state).nobles)
    most = min(d["n"], board(state, d["player"])["officials"], len(nobles))
    return [{"verb": "place", "offices": list(c)} for k in range(most, -1, -1) for c in combinations(nobles, k)]


def place_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    for noble in action["offices"]:
        place_official(state, d["player"], noble, events, "card reward")


flow.kind(
    "recall",
    recall_options,
    recall_act,
    msg("Penalty: return one of your officials to your board."),
    default_first=True,
)
flow.kind(
    "place_officials", place_options, place_act, msg("Place officials into different offices."), default_first=True
)


# --- Action 1 or 2 (D07) -------------------------------------------------------------------------
def act12_options(state: State, d: LDecision) -> list[Action]:
    seat = d["player"]
    opts: list[Action] = [{"verb": "sell_goods"}] if sell.possible(state, seat) else []
    return opts + ([{"verb": "trade_nobles"}] if trade.possible(state, seat) else [])


def act12_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    step = "sell" if action["verb"] == "sell_goods" else "trade"
    flow.then(state, {"step": step, "player": d["player"]})


flow.kind("act12", act12_options, act12_act, msg("Sell goods or trade with nobles."))


@flow.step("act12")
def _act12(state: State, s: LStep, events: Events) -> None:
    if act12_options(state, {"kind": "act12", "player": s["player"]}):
        flow.ask(state, "act12", s["player"])
    else:  # only reachable if the copy run of can_play chose differently from the player
        events.append({"kind": "no_action", "player": s["player"]})


#: Card bottoms that touch neither goods, ships nor holds, and whose decisions always have an option
#: (NB-01 recall, NB-02 its payment, NB-03 placing none, the state actions and NB-10 when possible);
#: only NB-10 touches the portfolio, its rubble sets raising the cap, so a card that needs no
#: discard now needs none then.
UNTOUCHED = (None, "NB-01", "NB-02", "NB-03", "NB-04", "NB-05", "NB-06", "NB-07", "NB-08", "NB-10")
#: Per bottom (None: a treasury card), the state actions whose possibility the play can change: the
#: insert may discard a ship an upgrade needs, NB-03 uses officials, NB-04 a favor, NB-07 a clergy
#: space (CL-33 favors), NB-08 a plan. The others read officials (NB-01 only returns one), plans,
#: stores, favors and clergy tiles, never réis, influence or the treasury.
CHANGED: dict[str | None, tuple[str, ...]] = {
    "NB-03": ("hire_officials",),
    "NB-04": ("royal_favor",),
    "NB-07": ("meet_cardinal", "royal_favor"),
    "NB-08": ("obtain_plan",),
}
#: Card bottoms that only add goods (NB-09 a good, NB-12 Produce, capped, never below what is held).
GAINING = ("NB-09", "NB-12")


class Position:
    """What :func:`settled` reads of a main decision's state that is the same for every card in
    hand (the state does not change while they are judged: the runs are on copies)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat

    @cached_property
    def docked(self) -> list[str]:
        return [ship for _, ship in sell.docked_ships(self.state)]

    @cached_property
    def traded(self) -> set[str]:
        """The state actions some Trade offer does now."""
        return {named(o) for o in trade.offers(self.state, self.seat, [])}


def settled(state: State, seat: int, card_id: str, position: Position | None = None) -> bool | None:
    """:func:`can_play` without the run on a copy, when that is exact (None otherwise). A treasury
    card, or a noble card whose bottom is :data:`UNTOUCHED`, changes no goods: without any good,
    neither Sell nor Trade (paid with a good) can follow. With a good (a :data:`GAINING` bottom only
    adds some), Sell can if a ship is docked with room other than the one card the insert would
    discard (D04: the run takes the first candidate, the same list then as now). No play covers an
    icon or takes a good, and Trade stays possible through any offer but those the play
    :data:`CHANGED` (or Build a Ship)."""
    card = pack_of(state).cards[card_id]
    if (card.is_noble and card.bottom not in UNTOUCHED + GAINING) or state["frames"]:
        return None  # a waiting frame would stop the run at once
    goods = board(state, seat)["goods"]
    if not any(goods[g] for g in pack_of(state).goods):
        return None if card.bottom in GAINING else False
    position = position or Position(state, seat)
    discarded = discard_candidates(state, seat, "top" if card.is_noble else "bottom")[:1]  # the run's choice
    if any(ship not in discarded for ship in position.docked):
        return True
    if position.traded.difference(("build_ship", *CHANGED.get(card.bottom, ()))):
        return True
    return None


def can_play(state: State, seat: int, card_id: str, position: Position | None = None) -> bool:
    """True if, after playing ``card_id`` to the portfolio, Sell or Trade is possible (``position``:
    the :class:`Position` of ``state`` when the caller judges several cards)."""
    known = settled(state, seat, card_id, position)
    return simulate(state, seat, card_id) if known is None else known


def simulate(state: State, seat: int, card_id: str) -> bool:
    """:func:`can_play` by running the play on a copy, with the first option of every sub-decision."""
    sim = copy(state)
    events: Events = []
    sim["decision"], sim["queue"] = None, []
    play(sim, seat, card_id, events)
    flow.run(sim, events)
    for _ in range(SIMULATION_LIMIT):
        d = sim["decision"]
        if d is None:
            return False
        if d["kind"] == "act12":  # asked only with an option (:func:`_act12`): no need to list them again
            return True
        opts = flow.options(sim)
        if not opts:
            return False
        flow.answer(sim, opts[0], events)
    return False
