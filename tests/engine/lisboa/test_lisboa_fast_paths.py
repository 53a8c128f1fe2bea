"""Lisboa's fast paths equal the slow ones they stand in for, on the states of random games: the
portfolio pre-check (:func:`engine.lisboa.portfolio.settled`) gives the simulation's answer
whenever it gives one, and the main action's options are the same with or without it; the store
tiles usable (:func:`engine.lisboa.store.tile_options`, :func:`~engine.lisboa.land.can_build_store`),
with the lots of each tile worked out once per pack and the cube values once per position, are
those found by judging every empty lot afresh; the lot judge of one position
(:func:`engine.lisboa.land.lot_judge`) answers as :func:`~engine.lisboa.land.lot_payable` does,
with more or less money and the clergy tiles and treasury cards it reads; a sponsorship judged on
the state itself and put back (:func:`engine.lisboa.sponsor.can_sponsor`) is judged as on a copy,
and the sponsorships offered, each noble action judged once for every card, as card by card;
the look-ahead (:func:`engine.lisboa.sim.outcomes`), which goes on with a node's last option in the
node itself, ends in the states found by copying for every option; the state actions said to
change nothing a noble action's check reads (:data:`engine.lisboa.visit.UNTOUCHED`) keep it as
possible as the look-ahead finds it; the trades offered, the state actions that read no goods judged
once (:data:`engine.lisboa.trade.GOODS_BLIND`), are those found by paying each good in turn."""

from __future__ import annotations

import marshal
import random
from collections import Counter

import pytest

from engine.core import play
from engine.lisboa import (
    flow,
    land,
    noble_pay,
    portfolio,
    rules,
    sim,
    sponsor,
    state_actions,
    store,
    trade,
    turn,
    visit,
)
from engine.lisboa.game import GAME
from engine.lisboa.rules import board, pack_of


def _main_decisions(players: int, seed: int, steps: int) -> list[dict]:
    """Copies of the states a random game asks a main action in (``steps`` actions at most)."""
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {}, seed)
    walk, found = random.Random(seed), []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        if state["decision"] and state["decision"]["kind"] == "main":
            found.append(GAME.copy_state(state))
        seat = walk.choice(GAME.waiting(state))
        play.apply_in_place(GAME, state, seat, walk.choice(GAME.legal_actions(state, seat)))
    return found


@pytest.fixture(scope="module")
def states() -> list[dict]:
    return _main_decisions(4, 7, 150) + _main_decisions(2, 4, 30)  # the second: a ship of ours discarded


def test_the_portfolio_pre_check_agrees_with_the_simulation(states: list[dict]) -> None:
    answers: Counter[bool | None] = Counter()
    for state in states:
        seat = state["decision"]["player"]
        for card in board(state, seat)["hand"]:
            known = portfolio.settled(state, seat, card)
            answers[known] += 1
            if known is not None:
                assert known == portfolio.simulate(state, seat, card), (card, state["turn"])
    assert answers[True] > 20 and answers[False] > 5  # both answers are given, on many cards


def test_the_main_options_are_those_of_the_simulation_alone(
    states: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = [turn.main_options(s, s["decision"]) for s in states]
    monkeypatch.setattr(portfolio, "settled", lambda *judged: None)
    assert fast == [turn.main_options(s, s["decision"]) for s in states]
    assert any(o["verb"] == "portfolio" for opts in fast for o in opts)
    unforced = [
        opts for s, opts in zip(states, fast, strict=True) if not GAME.may_be_forced(s, s["decision"]["player"])
    ]
    assert unforced and all(len(opts) >= 2 for opts in unforced)  # what the forced-step check is spared


def _spaces_slowly(state: dict, seat: int) -> list[str]:
    """The display spaces whose tile can be built, read off the rulebook, every lot judged afresh."""
    pack, lots = pack_of(state), state["city"]["lots"]
    return [
        space
        for space, tile in pack.tile_display.items()
        if state["city"]["tile_display"][space]
        and any(
            land.lot_payable(state, seat, lot)
            for lot, spec in pack.lots.items()
            if lot in lots and lots[lot] is None and spec.size == tile.size
            if any(pack.streets[street].type == tile.type for street in spec.streets)
        )
    ]


def test_the_usable_tiles_are_those_judged_lot_by_lot(states: list[dict]) -> None:
    seats = [(s, seat) for s in states for seat in range(len(s["players"]))]
    usable = [store.tile_options(s, {"kind": "store_tile", "player": seat}) for s, seat in seats]
    assert [[o["space"] for o in opts] for opts in usable] == [_spaces_slowly(s, seat) for s, seat in seats]
    assert [land.can_build_store(s, seat) for s, seat in seats] == [
        bool(opts) and any(s["boards"][seat]["houses"].values()) for opts, (s, seat) in zip(usable, seats, strict=True)
    ]
    assert 0 < sum(map(len, usable)) < len(usable) * len(pack_of(states[0]).tile_display)


#: What the lot judge reads on its own: (réis, influence) added, clergy tiles (CL-27, CL-30 twice,
#: CL-31) and bottom-row treasury cards (TP-03, TP-01) given, and the church spaces refilled in
#: turn with these tiles (CL-32's 7 influence, which a Cardinal bonus may take, or CL-01, which
#: pays nothing) and the Cardinal put one step before a treasury icon (P05), or the church left as
#: it is (no tiles).
_VARIANTS: list[tuple[tuple[int, int], list[str], list[str], list[str]]] = [
    ((0, 0), [], [], []),
    ((-3, 2), ["T30", "T31"], ["purple-16"], []),
    ((4, -2), ["T27", "T30"], ["blue-18"], []),
    ((-2, -4), ["T27"], [], ["T01", "T32"]),
    ((-2, -4), [], [], ["T32", "T01"]),
    ((-1, -2), [], [], ["T01"]),
]


def test_the_lot_judge_answers_as_lot_payable(states: list[dict]) -> None:
    answers: Counter[tuple[str, bool]] = Counter()
    for original in states[::4]:
        for (reis, influence), clergy, cards, tiles in _VARIANTS:
            state = GAME.copy_state(original)
            for b in state["boards"]:
                b["reis"] = max(0, b["reis"] + reis)
                b["influence"] = min(pack_of(state).influence.max, max(0, b["influence"] + influence))
                b["clergy"] += clergy
                b["portfolio"]["bottom"] += cards
            spaces = state["church"]["spaces"]
            for i, space in enumerate(spaces if tiles else ()):
                spaces[space], state["church"]["cardinal"] = tiles[i % len(tiles)], "P04"
            empty = [lot for lot, placed in state["city"]["lots"].items() if placed is None]
            for seat in range(len(state["players"])):
                judge = land.lot_judge(state, seat)
                for lot in empty:
                    payable = land.lot_payable(state, seat, lot)
                    assert judge(lot) == payable, (lot, seat, state["turn"])
                    answers[pack_of(state).lots[lot].bonus, payable] += 1
    bonuses = {"BN-01", "NB-05", "NB-07", "NB-09", "NB-10"}
    assert all(answers[b, True] and answers[b, False] for b in bonuses), answers  # each bonus both ways


def _sponsor_on_a_copy(state: dict, seat: int, card: str) -> bool:
    """A TC-01/TC-02 sponsorship whose fee is payable, judged on a copy after paying it."""
    trial = GAME.copy_state(state)
    board(trial, seat)["hand"].remove(card)
    rules.pay_reis(trial, seat, sponsor.fee(trial, seat), [], "sponsor")
    return bool(sponsor.noble_choices(trial, seat, pack_of(state).cards[card].centre))


def test_a_sponsorship_judged_in_place_is_judged_as_on_a_copy(states: list[dict]) -> None:
    answers: Counter[bool] = Counter()
    for original in states[::2]:
        for short in (False, True):  # as played, or just the fee in hand (no influence, no decree)
            state = GAME.copy_state(original)
            if short:
                state["decrees"]["display"] = []
            for seat, b in enumerate(state["boards"]):
                if short:
                    b["influence"], b["reis"] = 0, rules.reis_cost(state, seat, sponsor.fee(state, seat))
            before = marshal.dumps(state, 2)
            for seat in range(len(state["players"])):
                alone = []  # the cards sponsorable, each judged on its own
                for card in sorted(board(state, seat)["hand"]):
                    spec = pack_of(state).cards[card]
                    judged = sponsor.can_sponsor(state, seat, card)
                    alone += [{"verb": "sponsor", "card": card}] * judged
                    if spec.is_noble or spec.centre not in sponsor.CENTRE_CHOICES:
                        continue
                    if not rules.can_pay_reis(state, seat, sponsor.fee(state, seat)):
                        continue
                    assert judged == _sponsor_on_a_copy(state, seat, card), (card, seat, state["turn"])
                    assert marshal.dumps(state, 2) == before  # put back as it was, hand order included
                    answers[judged] += 1
                assert sponsor.main_options(state, seat) == alone  # each noble action judged once for all
    assert answers[True] > 5 and answers[False] > 5, answers


def _outcomes_copying_every_branch(state: dict, steps: list[dict]) -> list[dict]:
    root = GAME.copy_state(state)
    root.update({"decision": None, "queue": [s.copy() for s in steps], "frames": []})
    flow.run(root, [])
    done, todo = [], [root]
    while todo:
        current = todo.pop()
        opts = flow.options(current)
        if not opts:
            done.append(current)
        for option in opts:
            branch = GAME.copy_state(current)
            flow.answer(branch, option, [])
            todo.append(branch)
    return done


def test_the_look_ahead_ends_in_the_states_of_a_copy_for_every_option(states: list[dict]) -> None:
    branching = 0
    for state in states[::4]:
        before = marshal.dumps(state, 2)
        seat = state["decision"]["player"]
        rewards = [{"step": "bonus", "player": seat, "effect": "NB-07", "params": {}, "why": "check"}]
        actions = [[{"step": "state_action", "player": seat, "action": a}] for a in state_actions.ACTIONS]
        for steps in [rewards, *actions]:
            found = [marshal.dumps(s, 2) for s in sim.outcomes(state, steps)]
            assert found == [marshal.dumps(s, 2) for s in _outcomes_copying_every_branch(state, steps)], steps
            branching += len(found) > 1
        assert marshal.dumps(state, 2) == before
    assert branching > 10


def test_the_state_actions_said_not_to_change_a_noble_action_change_nothing(states: list[dict]) -> None:
    """Réis from 0 up (no influence) bring each noble action to the edge of possible, where a state
    action that raised a cost or spent réis would show (with 0, no decree or plan either); the
    seat's officials are all back on its board, so a public building hires every one."""
    answers: Counter[tuple[str, bool]] = Counter()
    for original in states[::4]:
        for reis in range(9):
            state = GAME.copy_state(original)
            seat = state["decision"]["player"]
            b = state["boards"][seat]
            b.update({"reis": reis, "influence": 0})
            for office in [*state["offices"].values(), state["plaza"]]:  # every official hired anew
                b["officials"] += office.pop(str(seat), 0)
            if reis == 0:  # and nothing left to take or build
                state["decrees"]["display"], b["plans"] = [], []
            for noble, spec in pack_of(state).nobles.items():
                for action in visit.UNTOUCHED[spec.noble_action]:
                    step = {"step": "state_action", "player": seat, "action": action}
                    after = sim.outcomes(state, [step])
                    looked = all(noble_pay.noble_action_possible(s, seat, noble) for s in after)
                    assert visit.keeps_noble_action(state, seat, noble, action) == looked, (noble, action, reis)
                    answers[noble, looked] += 1
    assert all(answers[noble, True] and answers[noble, False] for noble in ("maia", "marquis", "king")), answers


def _offers_good_by_good(state: dict, seat: int) -> list[dict]:
    """Every state action not covered this turn, judged once for each good that could pay it."""
    goods, found = board(state, seat)["goods"], []
    for noble in pack_of(state).nobles.values():
        for action in noble.state_actions:
            for good in dict.fromkeys((noble.wants, "gold")):
                if action in state["icons"] or not goods[good]:
                    continue
                goods[good] -= 1
                if state_actions.ACTIONS[action][0](state, seat):
                    found.append({"verb": "trade", "action": action, "good": good})
                goods[good] += 1
    return found


def test_the_trades_offered_are_those_found_by_paying_each_good(states: list[dict]) -> None:
    offered = 0
    for original in states[::2]:
        for held in (None, 1):  # the goods as played, or one of each
            state = GAME.copy_state(original)
            for seat, b in enumerate(state["boards"]):
                b["goods"] = {g: n if held is None else held for g, n in b["goods"].items()}
                found = trade.offers(state, seat, [])
                assert found == _offers_good_by_good(state, seat), (seat, state["turn"])
                offered += len(found)
    assert offered > 50
