"""Reaction frames: parallel answers and an in-seat-order chain (the shape of Lisboa's
follow window), driven through the real core with a small game defined here."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import CHAIN, PARALLEL, SINGLE, Decision, EventText, Game, GameSpec, IllegalAction, play
from engine.core.frames import is_complete, pop_frame, push_frame, record_answer, top_frame, waiting_seats
from engine.core.outcome import Outcome, SeatResult, place_ranks


class VisitGame(Game):
    """A visitor acts; then every other seat holding a favor may follow, one at a time
    clockwise from the visitor's left, each seeing the earlier answers; then everyone
    votes in parallel; then the game ends."""

    spec = GameSpec("visit_test", "Visit test", 2, 5, 1)

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> dict[str, Any]:
        return {
            "players": players,
            "favors": [True] * len(players),
            "coins": [0] * len(players),
            "frames": [],
            "turn": 0,
            "over": False,
            "step": 0,
            "log": [],
        }

    def pending(self, state: dict[str, Any]) -> list[Decision]:
        frame = top_frame(state)
        if frame:
            mode = frame["mode"]
            return [
                Decision(frame["kind"], s, tuple(self.legal_actions(state, s)), {"verb": "decline"}, mode)
                for s in waiting_seats(frame)
            ]
        if state["over"]:
            return []
        return [Decision("visit", state["turn"], tuple(self.legal_actions(state, state["turn"])), None, SINGLE)]

    def legal_actions(self, state: dict[str, Any], player: int) -> list[dict[str, Any]]:
        frame = top_frame(state)
        if frame:
            if player not in waiting_seats(frame):
                return []
            if frame["kind"] == "follow":
                taken = sum(1 for a in frame["answers"].values() if a == "follow")
                opts = [{"verb": "decline"}]
                return opts + ([{"verb": "follow"}] if taken < 1 else [])  # one follow slot
            return [{"verb": "yes"}, {"verb": "no"}]
        if state["over"] or player != state["turn"]:
            return []
        return [{"verb": "visit"}, {"verb": "rest"}]

    def apply_action(self, state: dict[str, Any], player: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        verb = action["verb"]
        state["log"].append((player, verb))
        frame = top_frame(state)
        if frame is None:
            n = len(state["players"])
            followers = [(player + i) % n for i in range(1, n) if state["favors"][(player + i) % n]]
            if followers:
                push_frame(state, "follow", followers, CHAIN, "after_follow")
            else:  # nobody may follow: no window at all
                push_frame(state, "vote", list(range(n)), PARALLEL, "end")
            return [{"kind": "visit", "player": player}]
        record_answer(frame, player, verb)
        if verb == "follow":
            state["coins"][player] += 1
        if is_complete(frame):
            pop_frame(state)
            if frame["kind"] == "follow":
                push_frame(state, "vote", list(range(len(state["players"]))), PARALLEL, "end")
            else:
                state["over"] = True
        return [{"kind": verb, "player": player}]

    def action_text(self, action: dict[str, Any]) -> str:
        return str(action["verb"])

    def event_text(self, state: dict[str, Any], event: dict[str, Any]) -> EventText:
        return EventText(f"{state['players'][event['player']]} {event['kind']}")

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"coins": state["coins"]}

    def view(self, state: dict[str, Any], player: int) -> dict[str, Any]:
        return self.public_view(state)

    def is_over(self, state: dict[str, Any]) -> bool:
        return bool(state["over"])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if not state["over"]:
            return None
        coins = state["coins"]
        order = sorted(range(len(coins)), key=lambda s: -coins[s])
        ranks = place_ranks([[s for s in order if coins[s] == c] for c in dict.fromkeys(coins[s] for s in order)])
        return Outcome(
            tuple(
                SeatResult(s, state["players"][s], coins[s], ranks[s], {"coins": coins[s]}, winner=ranks[s] == 1)
                for s in order
            )
        )


GAME = VisitGame()


def test_chain_asks_one_seat_at_a_time_clockwise_from_the_visitors_left() -> None:
    state, _ = play.new_game(GAME, ["A", "B", "C", "D"], {}, 1)
    state["turn"] = 2
    state["favors"] = [True, True, False, True]  # C, the visitor, holds none; irrelevant
    state, _ = play.apply(GAME, state, 2, {"verb": "visit"})
    # Only D (left of C) is asked; A and B cannot act yet, C owes nothing.
    assert play.waiting_players(GAME, state) == [3]
    assert [d.mode for d in play.pending(GAME, state)] == [CHAIN]
    for seat in (0, 1, 2):
        with pytest.raises(IllegalAction) as err:
            play.apply(GAME, state, seat, {"verb": "decline"})
        assert err.value.code == "not_your_turn"
    state, _ = play.apply(GAME, state, 3, {"verb": "decline"})
    assert play.waiting_players(GAME, state) == [0]
    # A follows, taking the only slot: B then sees only "decline", a forced step the
    # engine resolves itself, so control passes straight to the parallel vote.
    state, events = play.apply(GAME, state, 0, {"verb": "follow"})
    assert state["coins"] == [1, 0, 0, 0]
    assert {"kind": "decline", "player": 1, "forced": True} in events
    assert sorted(play.waiting_players(GAME, state)) == [0, 1, 2, 3]
    assert state["log"][:4] == [(2, "visit"), (3, "decline"), (0, "follow"), (1, "decline")]


def test_without_eligible_followers_the_window_is_skipped() -> None:
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
    state["favors"] = [False, True, False]
    state["turn"] = 1
    state, _ = play.apply(GAME, state, 1, {"verb": "visit"})
    frame = top_frame(state)
    assert frame is not None and frame["kind"] == "vote" and frame["mode"] == PARALLEL
    assert sorted(play.waiting_players(GAME, state)) == [0, 1, 2]


def test_parallel_vote_order_does_not_matter() -> None:
    def run(order: list[int]) -> str:
        state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
        state, _ = play.apply(GAME, state, 0, {"verb": "visit"})
        state, _ = play.apply(GAME, state, 1, {"verb": "decline"})
        state, _ = play.apply(GAME, state, 2, {"verb": "decline"})
        for seat in order:
            assert seat in play.waiting_players(GAME, state)
            state, _ = play.apply(GAME, state, seat, {"verb": "yes"})
        assert GAME.is_over(state)
        del state["log"]
        return play.dumps(state)

    assert run([0, 1, 2]) == run([2, 0, 1])


def test_frames_survive_a_json_round_trip_mid_window() -> None:
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
    state, _ = play.apply(GAME, state, 0, {"verb": "visit"})
    state, _ = play.apply(GAME, state, 1, {"verb": "decline"})
    restored = play.loads(play.dumps(state))
    assert play.waiting_players(GAME, restored) == [2]
    restored, _ = play.apply(GAME, restored, 2, {"verb": "follow"})
    assert restored["coins"] == [0, 0, 1]


def test_record_answer_refuses_a_seat_that_is_not_asked() -> None:
    state: dict[str, Any] = {}
    frame = push_frame(state, "follow", [1, 2], CHAIN, "x")
    with pytest.raises(ValueError):
        record_answer(frame, 2, "follow")
    with pytest.raises(ValueError):
        push_frame(state, "bad", [1], "sideways", "x")
