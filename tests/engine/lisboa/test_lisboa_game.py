"""Lisboa through the core Game contract: random full games (property tests), hidden information,
defaults, event sentences, the starting draft."""

from __future__ import annotations

import json
import random
from typing import Any

import lisboa_driver as driver
import pytest
from lisboa_play import check_outcome

from engine.core import CHAIN, PARALLEL, SINGLE, play
from engine.lisboa.game import GAME
from engine.lisboa.texts import PLAYER, TABLE

NAMES = ["Ana", "Ben", "Cy", "Di"]


def random_game(n: int, seed: int, options: dict[str, Any] | None = None, check: Any = None) -> tuple[dict, list]:
    state, _ = play.new_game(GAME, NAMES[:n], options or {}, seed)
    rnd, log = random.Random(seed), []
    for _ in range(3000):
        if GAME.is_over(state):
            break
        seat = rnd.choice(play.waiting_players(GAME, state))
        action = rnd.choice(play.legal_actions(GAME, state, seat))
        state, events = play.apply(GAME, state, seat, action)
        log.append((seat, GAME.action_text(action)))
        if check:
            check(state, events)
    return state, log


def hidden_ids(state: dict[str, Any]) -> set[str]:
    """Every card, tile and decree id whose identity is secret right now."""
    out: set[str] = set()
    for b in state["boards"]:
        out.update(b["hand"])
    pol = state["political"]
    for key, value in pol.items():
        if key == "display":
            for stack in value.values():
                out.update(stack[1:])
        else:
            out.update(value)
    out.update(state["decrees"]["deck"])
    out.update(state["church"]["bag"])
    for offer, kept in zip(state["setup"]["clergy_offers"], state["setup"]["clergy_kept"], strict=True):
        out.update(t for t in offer if t != kept or state["phase"] == "setup")
    for colour in state["buildings"].values():
        out.update(colour["stack"][1:])
    return out


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) | strings(k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def no_negatives(value: Any, path: str = "") -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        assert value >= 0 or path.endswith("left"), f"negative {path}: {value}"
    elif isinstance(value, dict):
        for k, v in value.items():
            no_negatives(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            no_negatives(v, f"{path}[{i}]")


def conserved(state: dict[str, Any]) -> None:
    """Officials, Royal Favors, decrees and plans are never created or lost."""
    n = len(state["players"])
    for seat, b in enumerate(state["boards"]):
        out = sum(o.get(str(seat), 0) for o in state["offices"].values()) + state["plaza"].get(str(seat), 0)
        assert b["officials"] + out == 8, f"seat {seat} officials"
    per_noble = {2: 2, 3: 3, 4: 4}[n]
    for noble, left in state["favors"].items():
        assert left + sum(noble in b["favors"] for b in state["boards"]) == per_noble, noble
    d = state["decrees"]
    held = sum(len(b["decrees"]) for b in state["boards"])
    assert len(d["deck"]) + len(d["display"]) + len(d["removed"]) + held == 70
    plans = sum(len(v) for v in state["plans"].values()) + len(state["box"]["plans"])
    assert plans + sum(len(b["plans"]) + len(b["completed_plans"]) for b in state["boards"]) == 20


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_random_full_games_finish_with_every_invariant_kept(players, seed):
    def check(state, events):
        view = GAME.public_view(state)
        assert not strings(view) & hidden_ids(state), "a hidden id reached the public view"
        no_negatives({k: v for k, v in state.items() if k not in ("rng", "seed")})
        assert all(b["influence"] <= 10 and len(b["clergy"]) <= 4 for b in state["boards"])
        assert all(v >= 0 for v in state["favors"].values())
        conserved(state)
        for e in events:
            assert e["kind"] in PLAYER or e["kind"] in TABLE or e["kind"] in ("keep_clergy", "draft_pick"), e
            GAME.event_text(state, e)

    state, log = random_game(players, seed, check=check)
    assert GAME.is_over(state) and state["era"] == 2
    assert check_outcome(state).winners
    replayed = play.replay(GAME, NAMES[:players], {}, seed, log)
    assert play.dumps(replayed) == play.dumps(state)


def test_the_private_view_shows_only_your_own_hand():
    state, _ = random_game(3, 5)
    state, _ = play.new_game(GAME, NAMES[:3], {}, 5)
    mine = GAME.view(state, 1)
    assert mine["boards"][1]["hand"] == sorted(state["boards"][1]["hand"])
    assert mine["boards"][0]["hand"] == len(state["boards"][0]["hand"])
    assert mine["setup"]["clergy_offers"][1] == state["setup"]["clergy_offers"][1]
    assert mine["setup"]["clergy_offers"][0] == 2
    public = json.dumps(GAME.public_view(state))
    assert all(card not in public for card in state["boards"][1]["hand"])


def test_pending_modes_and_defaults():
    state, _ = play.new_game(GAME, NAMES[:3], {}, 2)
    setup = play.pending(GAME, state)
    assert {d.mode for d in setup} == {PARALLEL} and [d.player for d in setup] == [0, 1, 2]
    assert all(d.default == d.options[0] for d in setup)  # D01: keep the first
    for seat in range(3):
        state, _ = play.apply(GAME, state, seat, play.legal_actions(GAME, state, seat)[0])
    main = play.pending(GAME, state)
    assert [(d.kind, d.player, d.mode, d.default) for d in main] == [("main", 0, SINGLE, None)]


def test_the_follow_window_is_a_chain_decision_with_decline_as_default():
    state, _ = play.new_game(GAME, NAMES[:3], {}, 2)
    for seat in range(3):
        state, _ = play.apply(GAME, state, seat, play.legal_actions(GAME, state, seat)[0])
    driver_state = GAME.copy_state(state)
    from engine.core.decisions import CHAIN as chain
    from engine.core.frames import push_frame

    driver_state["decision"] = None
    driver_state["queue"] = []
    driver_state["boards"][1]["favors"] = ["marquis"]
    push_frame(
        driver_state,
        "follow",
        [1],
        chain,
        resume="follow_done",
        data={"noble": "marquis", "visitor": 0, "each": "follow_answer", "busy": False},
    )
    [decision] = play.pending(GAME, driver_state)
    assert decision.mode == CHAIN and decision.player == 1 and decision.default == {"verb": "decline"}


def test_the_starting_draft_keeps_two_one_one_and_passes_left():
    state, _ = play.new_game(GAME, NAMES[:3], {"starting_draft": "yes"}, 4)
    dealt = [sorted(b["hand"]) for b in state["boards"]]
    for seat in range(3):
        state, _ = play.apply(GAME, state, seat, play.legal_actions(GAME, state, seat)[0])
    assert state["phase"] == "setup" and all(b["hand"] == [] for b in state["boards"])
    assert GAME.public_view(state)["setup"]["packets"] == [5, 5, 5]
    picks: list[list[str]] = [[], [], []]
    for keep in (2, 1, 1):
        for seat in range(3):
            opts = play.legal_actions(GAME, state, seat)
            assert all(len(o["cards"]) == keep for o in opts)
            picks[seat] += opts[-1]["cards"]
            state, _ = play.apply(GAME, state, seat, opts[-1])
    assert state["phase"] == "play" and state["decision"]["kind"] == "main"
    hands = [sorted(b["hand"]) for b in state["boards"]]
    assert all(len(h) == 5 and set(picks[s]) <= set(h) for s, h in enumerate(hands))
    assert sorted(c for h in hands for c in h) == sorted(c for h in dealt for c in h)
    # the first pick comes from your own 5; the second from your right-hand neighbour's packet
    assert set(picks[1][:2]) <= set(dealt[1]) and picks[1][2] in dealt[0]


def test_a_state_from_an_unknown_pack_is_refused():
    state, _ = play.new_game(GAME, NAMES[:2], {}, 1)
    state["pack"]["fingerprint"] = "0000000000000000"
    with pytest.raises(ValueError, match="not loaded"):
        GAME.legal_actions(state, 0)


def test_the_notice_says_values_are_partly_provisional():
    state, _ = play.new_game(GAME, NAMES[:2], {}, 1)
    assert "partly provisional" in (GAME.notice(state) or "") and "partly provisional" in (GAME.notice() or "")


def test_random_games_with_the_gold_only_when_stuck_option_finish():
    state, _ = random_game(3, 21, {"gold_only_when_stuck": True})
    assert GAME.is_over(state)


def test_every_decision_kind_texts_parse_back_in_a_random_game():
    state, _ = play.new_game(GAME, NAMES[:4], {"starting_draft": True}, 8)
    rnd = random.Random(8)
    seen: set[str] = set()
    while not GAME.is_over(state):
        for d in play.pending(GAME, state):
            seen.add(d.kind)
            texts = [GAME.action_text(a) for a in d.options]
            assert len(set(texts)) == len(texts) and all(len(t) <= 100 for t in texts)
            # every decision but the main action has a deadline default, so a timed-out turn ends
            assert (d.default is None) == (d.kind == "main"), d.kind
        seat = rnd.choice(play.waiting_players(GAME, state))
        state, _ = play.apply(GAME, state, seat, rnd.choice(play.legal_actions(GAME, state, seat)))
    assert {"keep_clergy", "draft", "main", "era_discard"} <= seen
    assert driver.waiting(state) == []
