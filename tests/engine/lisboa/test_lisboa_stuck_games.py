"""Replays of random games that once got stuck (issue 11, part 7): a decision every option of
which raised, because a legality check and the payment asked afterwards disagreed. Each replay
stops before the step that went wrong and then plays every option of every decision that
follows, on copies, until the turn has moved on."""

from __future__ import annotations

from typing import Any

from engine.core import play
from engine.lisboa.game import GAME

NAMES = ["Ana", "Bea", "Caio", "Duda"]


def replay(n: int, seed: int, log: str, **options: Any) -> dict[str, Any]:
    state, _ = play.new_game(GAME, NAMES[:n], options, seed)
    for item in log.split("; "):
        seat, text = item.split(":", 1)
        state, _ = play.apply(GAME, state, int(seat), play.parse_action(GAME, state, int(seat), text))
    return state


def every_option_applies(state: dict[str, Any], seat: int, depth: int = 12) -> int:
    """Play every option of ``seat``'s decisions, depth first, on copies, until ``seat`` owes
    nothing more this turn; every option must apply. Returns the number of paths."""
    if depth == 0 or play.waiting_players(GAME, state) != [seat] or state["decision"] is None:
        return 1
    if state["decision"]["kind"] in ("draw", "main"):
        return 1
    options = play.legal_actions(GAME, state, seat)
    assert options, f"seat {seat} owes {state['decision']['kind']} with no option"
    return sum(every_option_applies(play.apply(GAME, state, seat, a)[0], seat, depth - 1) for a in options)


SEED_207096056096232 = (
    "0:keep T03; 2:keep T11; 1:keep T14; 0:portfolio blue-01; 0:trade obtain-plan gold; 0:plan blue; "
    "0:trade build-ship gold; 0:ship new pay books; 0:draw king; 1:visit blue-07; 1:no free action; "
    "1:decree D64; 0:follow build-ship; 0:ship new pay cloth; 0:discard ship-blue-1; 1:draw marquis; "
    "2:visit blue-08; 2:free build-ship; 2:ship new pay gold cloth; 2:decree D49; 2:draw treasury; "
    "0:gold red-12; 0:draw maia; 1:sponsor blue-20; 1:plan blue; 1:draw king; 2:portfolio blue-14; "
    "2:sell goods; 2:sell books ship-red-1; 2:sell tools ship-blue-2; 2:done; 2:draw maia; 0:gold blue-17; "
    "0:draw marquis; 1:visit red-13; 1:no free action")


def test_cl30_from_a_site_bonus_no_longer_strands_the_hire():  # 3 players, set-up seed 207096056096232
    # Seat 1 (4 réis, 2 influence, CL-14) opens a building for the King: 1 official to hire at 6
    # réis. Site R-B's Cardinal bonus can bring CL-30, which was counted for R-B's own 2 cubes,
    # taken before the bonus: R-B was offered, then every Cardinal move left the hire unpaid.
    state = replay(3, 207096056096232, SEED_207096056096232)
    assert state["decision"]["kind"] == "building_site"
    sites = play.legal_texts(GAME, state, 1)
    assert "site R-B" not in sites and sites
    assert every_option_applies(state, 1) > len(sites)
