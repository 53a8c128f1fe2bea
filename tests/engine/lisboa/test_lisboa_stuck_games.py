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
    "0:draw marquis; 1:visit red-13; 1:no free action"
)


def test_cl30_from_a_site_bonus_no_longer_strands_the_hire():  # 3 players, set-up seed 207096056096232
    # Seat 1 (4 réis, 2 influence, CL-14) opens a building for the King: 1 official to hire at 6
    # réis. Site R-B's Cardinal bonus can bring CL-30, which was counted for R-B's own 2 cubes,
    # taken before the bonus: R-B was offered, then every Cardinal move left the hire unpaid.
    state = replay(3, 207096056096232, SEED_207096056096232)
    assert state["decision"]["kind"] == "building_site"
    sites = play.legal_texts(GAME, state, 1)
    assert "site R-B" not in sites and sites
    assert every_option_applies(state, 1) > len(sites)


SEED_251129951236644 = (
    "2:keep T12; 1:keep T07; 3:keep T02; 0:keep T20; 2:draft blue-05 blue-12; 3:draft blue-03 "
    "blue-04; 0:draft blue-10 blue-14; 1:draft blue-02 blue-18; 3:draft blue-06; 0:draft blue-07; "
    "2:draft blue-11; 1:draft blue-17; 0:draft blue-20; 2:draft blue-21; 3:draft blue-16; 1:draft "
    "blue-09; 0:visit blue-10; 0:no free action; 0:decree D57; 0:draw marquis; 1:sponsor blue-17; "
    "1:event build-store; 1:tile D-books; 1:lot B3 S3; 1:cardinal 1 C1; 1:house left; 1:draw maia; "
    "2:visit blue-12; 2:free meet-cardinal; 2:cardinal 2 C2; 2:site T1; 2:favor marquis; 1:decline; "
    "2:draw maia; 3:portfolio blue-04; 3:rubble earthquake; 3:trade royal-favor gold; 3:favor king; "
    "3:trade meet-cardinal cloth; 3:cardinal 1 C4; 3:draw maia; 0:portfolio blue-20; 0:trade "
    "build-ship gold; 0:ship new pay cloth; 0:done; 0:draw maia; 1:portfolio blue-09; 1:sell goods; "
    "1:sell cloth ship-blue-1; 1:draw treasury; 2:sponsor blue-19; 2:place marquis; 2:draw marquis; "
    "3:portfolio blue-06; 3:decree D41; 3:trade obtain-plan tools; 3:plan blue; 3:draw marquis; "
    "0:visit red-07; 0:free build-ship; 0:ship new pay books; 0:discard blue-20; 0:decree D68; "
    "2:follow take-decree; 2:decree D66; 0:draw maia; 1:sponsor red-18; 1:decree D10; 1:draw "
    "treasury; 2:portfolio blue-21; 2:trade with nobles; 2:trade meet-cardinal gold; 2:cardinal 1 C3;"
    " 2:done; 2:draw marquis; 3:visit blue-03; 3:no free action; 3:tile D-cloth; 3:lot B2 S2; "
    "3:rubble row tsunami; 3:house left; 0:follow hire-officials; 0:hire maia marquis; 3:draw "
    "treasury; 0:visit blue-07; 0:no free action; 0:decree D05; 0:draw marquis; 1:portfolio blue-18; "
    "1:sell goods; 1:sell books ship-blue-2; 1:sell gold ship-blue-1; 1:draw treasury; 2:portfolio "
    "blue-11; 2:trade meet-cardinal cloth; 2:cardinal 2 C5; 2:trade royal-favor gold; 2:favor "
    "marquis; 2:draw king; 3:portfolio red-17; 3:discard blue-04; 3:done; 3:draw king; 0:portfolio "
    "blue-01; 0:discard ship-blue-1; 0:sell goods; 0:sell tools ship-blue-2; 0:draw king; 1:visit "
    "red-05; 1:no free action; 1:tile D-tools; 1:lot C4 S4; 1:cardinal 1 C5; 1:rubble column fire; "
    "1:house middle; 3:follow build-store; 3:tile D-small; 3:lot D5 S4; 3:rubble column earthquake; "
    "3:cover 2 with influence; 3:house middle; 1:draw treasury; 1:discard red-19; 1:done; 2:done; "
    "3:done; 0:discard blue-14; 0:discard red-04; 0:discard red-15; 0:done; 2:portfolio red-08; "
    "2:discard blue-11; 2:trade obtain-plan tools; 2:plan blue; 2:draw marquis; 3:visit red-13"
)


def test_cl30_site_bonus_4_players_with_the_draft():  # 4 players, both options on, seed 251129951236644
    # Seat 3 visits the King; site L-E's Cardinal bonus could bring CL-30 (it was offered and stuck)
    state = replay(4, 251129951236644, SEED_251129951236644, gold_only_when_stuck=True, starting_draft=True)
    assert state["decision"]["kind"] == "visit_free"
    assert every_option_applies(state, 3) > 1


SEED_37597375021964 = (
    "0:keep T23; 1:keep T34; 0:visit blue-07; 0:free build-ship; 0:ship new pay cloth; 0:decree D66; "
    "0:draw marquis; 1:visit blue-06; 1:no free action; 1:decree D46; 1:draw marquis; 0:portfolio "
    "blue-20; 0:trade with nobles; 0:trade royal-favor gold; 0:favor maia; 0:trade hire-officials "
    "tools; 0:hire maia king; 0:draw king; 1:visit red-06; 1:free build-ship; 1:ship new pay cloth "
    "tools; 1:decree D18; 1:draw marquis; 0:visit blue-14; 0:free meet-cardinal; 0:cardinal 1 C1; "
    "0:site R-A; 0:plan blue; 0:officials marquis king; 1:follow open-public-building; 1:site L-C; "
    "1:plan blue; 0:draw marquis; 1:visit red-10; 1:decree D21; 1:draw marquis; 0:portfolio red-09; "
    "0:discard ship-blue-1; 0:draw maia; 1:visit red-08; 1:decree D20; 1:draw king; 0:visit red-03; "
    "0:no free action; 0:tile D-books; 0:lot B4 S3; 0:rubble tsunami; 0:rubble column tsunami; "
    "0:house middle; 0:draw maia; 1:visit blue-13"
)


def test_cl30_site_bonus_2_players():  # 2 players, gold_only_when_stuck on, seed 37597375021964
    # Seat 1 visits the King; after a free Meet the Cardinal, site R-B was offered and stuck
    state = replay(2, 37597375021964, SEED_37597375021964, gold_only_when_stuck=True)
    assert state["decision"]["kind"] == "visit_free"
    assert every_option_applies(state, 1) > 1


SEED_849506502439803 = (
    "1:keep T13; 0:keep T35; 0:draft blue-14 blue-20; 1:draft blue-08 blue-11; 0:draft blue-17; "
    "1:draft blue-19; 1:draft blue-01; 0:draft blue-02; 0:portfolio blue-20; 0:trade meet-cardinal "
    "cloth; 0:cardinal 1 C2; 0:trade royal-favor gold; 0:favor king; 0:draw treasury; 1:portfolio "
    "blue-01; 1:trade obtain-plan tools; 1:plan blue; 1:trade meet-cardinal gold; 1:cardinal 2 C2; "
    "1:draw marquis; 0:sponsor blue-17; 0:event open-public-building; 0:site T3; 0:draw maia; 1:visit"
    " blue-15; 1:free royal-favor; 1:favor marquis; 1:site R-A; 1:plan S2; 1:plan green; 0:follow "
    "meet-cardinal; 0:cardinal 1 C3; 1:draw marquis; 0:portfolio blue-06; 0:decree D53; 0:trade "
    "build-ship books; 0:discard blue-20; 0:draw treasury; 1:visit red-08; 1:free build-ship; 1:ship "
    "new pay gold books; 1:decree D55; 0:decline; 1:draw marquis; 0:visit blue-02; 0:no free action; "
    "0:tile D-small; 0:lot A5 S4; 0:rubble column earthquake; 0:cover 4 with influence; 0:house "
    "right; 1:follow obtain-plan; 1:plan green; 0:draw treasury; 1:portfolio blue-08; 1:discard "
    "ship-red-1; 1:sell goods; 1:sell books ship-blue-1; 1:draw treasury; 0:portfolio blue-14; 0:sell"
    " goods; 0:sell cloth ship-blue-1; 0:draw king; 1:portfolio red-07; 1:decree D61; 1:discard "
    "blue-08; 1:trade meet-cardinal cloth; 1:cardinal 1 C4; 1:draw marquis; 0:portfolio red-19; "
    "0:discard blue-06; 0:sell goods; 0:draw marquis; 1:sponsor red-18; 1:decree D60; 1:draw "
    "treasury; 0:visit red-10; 0:no free action; 0:decree D40; 0:decree D20; 1:follow take-decree; "
    "1:decree D37; 0:draw king; 1:sponsor blue-19; 1:place none; 1:draw maia; 0:portfolio red-13; "
    "0:discard ship-blue-1; 0:trade meet-cardinal cloth; 0:cardinal 2 C5; 0:draw maia; 1:portfolio "
    "blue-11; 1:discard red-07; 1:trade hire-officials gold; 1:hire marquis king; 1:draw maia; "
    "0:sponsor red-17; 0:event build-store; 0:tile D-books; 0:lot B3 S3; 0:rubble column tsunami; "
    "0:house middle; 0:draw king; 1:visit red-05; 1:no free action; 1:tile D-cloth; 1:lot B2 S2; "
    "1:rubble row fire; 1:house middle; 1:draw king; 0:visit red-01; 0:no free action; 0:tile "
    "D-books; 0:lot A4 S3; 0:rubble column fire; 0:house left; 0:draw maia; 0:discard red-14; "
    "0:discard red-04; 0:discard red-16; 0:done; 1:discard red-06; 1:discard red-09; 1:discard "
    "red-20; 1:discard red-02; 1:discard red-15; 1:place maia; 1:reward red-06; 1:visit purple-14; "
    "1:free royal-favor; 1:favor marquis; 1:site L-D; 1:plan G1; 1:favor maia; 1:officials maia "
    "marquis; 1:draw treasury; 0:visit purple-06; 0:no free action; 0:decree D67; 1:follow "
    "produce-goods; 0:draw treasury; 1:portfolio purple-20; 1:trade royal-favor cloth; 1:favor king; "
    "1:done; 1:draw king; 0:visit red-03; 0:free obtain-plan; 0:plan blue; 0:tile D-gold; 0:lot A1 "
    "S1; 0:rubble row tsunami; 0:house left; 1:decline; 0:draw marquis; 1:sponsor brown-16; 1:site "
    "R-D; 1:plan G2; 1:draw maia; 0:visit purple-02; 0:pay 1 influence 0 reis 0 wigs; 0:free "
    "hire-officials; 0:hire marquis king; 0:tile D-small; 0:lot B5 S4; 0:rubble column fire; 0:house "
    "middle; 1:decline; 0:draw king; 1:portfolio brown-05; 1:done; 1:draw treasury; 0:visit brown-07;"
    " 0:pay 1 influence 0 reis 0 wigs; 0:free produce-goods; 0:produce extra tools; 0:decree D17; "
    "0:draw marquis; 1:portfolio brown-18; 1:discard purple-20; 1:trade royal-favor cloth; 1:draw "
    "marquis; 0:visit brown-10; 0:free produce-goods; 0:produce extra gold; 0:decree D04; 1:follow "
    "take-decree; 1:decree D70; 1:decree D15; 0:draw maia; 1:sponsor purple-16; 1:event build-store; "
    "1:house left; 1:draw treasury; 0:visit red-12; 0:free royal-favor; 0:favor king; 0:site L-A; "
    "1:decline; 0:draw maia; 1:visit brown-15; 1:free royal-favor; 1:site L-C; 1:plan green; "
    "0:decline; 1:draw maia; 0:visit brown-01; 0:no free action; 0:tile D-gold; 0:lot C1 S1; 0:rubble"
    " row earthquake; 0:cover 3 with influence; 0:house middle; 1:follow obtain-plan; 1:plan blue; "
    "0:draw treasury; 1:visit purple-15"
)


def test_free_hire_priced_by_a_site_bonus_2_players():  # 2 players, both options on, seed 849506502439803
    # Seat 1 (0 réis, 0 influence, CL-23 at treasury value 2: a free hire) visits the King; site
    # R-B's Cardinal bonus passes a treasury icon, so the hire costs 1 réis: R-B was offered and stuck
    state = replay(2, 849506502439803, SEED_849506502439803, gold_only_when_stuck=True, starting_draft=True)
    assert state["decision"]["kind"] == "visit_free"
    assert every_option_applies(state, 1) > 1
