"""Random games for every option combination at 2–5 players: conservation (colonists,
nobles, goods, VP chips, plantation tiles, quarries), decision shape, canonical texts, the
JSON round trip, replay, and an independent recount of the final scores."""

from __future__ import annotations

import random

import pytest
from pr_exp_helpers import check_tiles
from pr_helpers import (
    BUILDING_TABLE,
    EXPANSION_TABLE,
    NAMES,
    G,
    check_city,
    check_invariants,
    check_outcome,
    random_game,
)

from engine.core import play
from engine.core.shapes import Distribute, accepts_action, parse_distribute
from engine.core.text import match_text, normalize


def _combos():
    """Every valid option set (the 5-choice order at 2 players only)."""
    out = []
    for expansions in ("none", "new_buildings", "nobles", "both"):
        selections = ("draft", "random") if expansions != "none" else ("draft",)
        restrictions = ("off", "on") if expansions in ("new_buildings", "both") else ("off",)
        for selection in selections:
            for restricted in restrictions:
                for variant in ("off", "on"):
                    out.append(
                        {
                            "expansions": expansions,
                            "selection": selection,
                            "draft_restrictions": restricted,
                            "variant": variant,
                        }
                    )
    return out


CASES = [
    (players, dict(options, two_player=two))
    for options in _combos()
    for players in (2, 3, 4, 5)
    for two in (("official", "five_choices") if players == 2 else ("official",))
]


def _id(case):
    players, o = case
    parts = [
        o["expansions"],
        o["selection"],
        "restr" if o["draft_restrictions"] == "on" else "",
        "variant" if o["variant"] == "on" else "",
        "5ch" if o["two_player"] == "five_choices" else "",
    ]
    return f"{players}p-" + "-".join(p for p in parts if p)


def _kind(building):
    if building in EXPANSION_TABLE:
        return "big" if EXPANSION_TABLE[building][5] else "violet"
    return BUILDING_TABLE[building][6]


def _printed(building):
    return EXPANSION_TABLE[building][1] if building in EXPANSION_TABLE else BUILDING_TABLE[building][1]


def _independent_score(board):
    """Final score from the rules (final-scoring rules), not from the engine's code."""
    city = board["city"]
    nobles = sum((board.get("nobles") or {}).values())
    tiles = sum(t for t, _ in board["island"].values())
    people = sum(o for _, o in board["island"].values()) + sum(city.values()) + board["san_juan"]
    chips = min(board["vp"], board.get("captain_vp", board["vp"]))
    bonus = 0
    if city.get("guild-hall"):
        bonus += sum(1 if _kind(b) == "small" else 2 if _kind(b) == "large" or b == "jeweler" else 0 for b in city)
    if city.get("residence"):
        bonus += 4 if tiles <= 9 else {10: 5, 11: 6, 12: 7}[tiles]
    if city.get("fortress"):
        bonus += people // 3
    if city.get("customs-house"):
        bonus += chips // 4
    if city.get("city-hall"):
        bonus += sum(1 for b in city if _kind(b) in ("violet", "big") and b != "jeweler")
    if city.get("cloister"):
        sets = sum(n // 3 for n, _ in board["island"].values())
        bonus += [0, 1, 3, 6, 10][min(sets, 4)]
    if city.get("royal-garden"):
        bonus += nobles
    return board["vp"] + sum(_printed(b) for b in city) + bonus + nobles


def _play_and_check(players, options, seed):
    log = []
    first = final = None
    for step, (state, seat, action, events) in enumerate(random_game(players, seed, options=options)):
        if first is None:
            first = state
        for e in events:  # VP chips are secret: never in a public sentence
            public = G.event_text(state, e).public
            if public is not None and e["kind"] != "end_triggered":
                assert "VP" not in public and "chip" not in public.lower(), public
        check_invariants(state)
        check_city(state)
        check_tiles(state, first)
        if seat is not None:
            log.append((seat, G.action_text(action)))
        # Rules never depend on key order: every few steps, a JSON round trip (sorted keys)
        # must leave the legal texts unchanged (the conformance suite does every step).
        reloaded = play.loads(play.dumps(state)) if step % 4 == 0 else None
        for d in play.pending(G, state):
            assert len(d.options) >= 2, (d.kind, d.options)
            assert d.default is None or d.default in d.options or d.kind == "mayor_layout"
            texts = [G.action_text(a) for a in d.options]
            assert len(set(texts)) == len(texts), texts
            if reloaded is not None:
                assert play.legal_texts(G, reloaded, d.player) == texts
            if step % 16 == 0:
                for i, (option, text) in enumerate(zip(d.options, texts, strict=True)):
                    # each text parses back (what play.parse_action does, without recomputing)
                    assert match_text(text, texts) == i
                    if option["verb"] == "layout":  # a layout typed in full reads as its shape says
                        assert isinstance(d.shape, Distribute) and accepts_action(d.shape, option)
                        assert parse_distribute(d.shape, normalize(text).split(" ")) == option
        final = state
    assert final is not None and final["over"] and final["end"]
    if options["expansions"] in ("nobles", "both"):
        assert "colonists" not in final["end"]
    return final, log


# One seed for every combination, plus more seeds for a fixed sample of combinations
# (keeps tests/engine well under a minute on a 2-core machine).
EXTRA = [(CASES[i], 1000 + k) for k, i in enumerate(random.Random(7).sample(range(len(CASES)), 20))]
GRID = [(case, i + 1) for i, case in enumerate(CASES)] + EXTRA


@pytest.mark.parametrize(("case", "seed"), GRID, ids=[f"{_id(c)}-seed{s}" for c, s in GRID])
def test_random_game_every_option_combination(case, seed):
    players, options = case
    final, log = _play_and_check(players, options, seed)
    replayed = play.replay(G, NAMES[:players], options, seed, log)
    assert play.dumps(replayed) == play.dumps(final)
    outcome = check_outcome(final)
    for seat, board in enumerate(final["boards"]):
        assert outcome.seat(seat).total == _independent_score(board), seat


def test_random_expansion_games_exercise_the_expansion_rules():
    """Across a few random 'both' games the expansion steps do happen (so the properties
    above are checked on them too)."""
    kinds = set()
    for players in (2, 3, 4, 5):
        for seed in (1, 2):
            for _state, _seat, _action, events in random_game(
                players, seed, options={"expansions": "both", "selection": "random"}
            ):
                kinds |= {e["kind"] for e in events}
    assert {
        "black_market",
        "forest",
        "land_draw",
        "land_discard",
        "lodge_discard",
        "villa",
        "royal_supply",
        "chapel_vp",
        "income",
        "church",
    } <= kinds
