"""Taking back an answer to a parallel decision (engine.core.takeback), the same for every game:
driven through the real core with a small sealed-bid game that knows nothing about it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import CHAIN, PARALLEL, Decision, EventText, Game, GameSpec, IllegalAction, Outcome, SeatResult, play
from engine.core.frames import is_complete, pop_frame, push_frame, record_answer, top_frame, waiting_seats
from engine.core.takeback import take_back_action

State = dict[str, Any]


class SealedBid(Game):
    """Everyone bids 1-3 secretly and at once (a parallel frame); the highest bid wins (ties:
    nobody). Then the other seats, one at a time from the winner's left, may cheer (a chain
    frame whose answers count at once). Then the game ends."""

    spec = GameSpec("sealed_bid_test", "Sealed bid test", 2, 4, 1, has_hidden_info=True, has_simultaneous=True)

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        state: State = {"players": players, "frames": [], "winner": None, "cheers": 0, "over": False}
        push_frame(state, "bid", list(range(len(players))), PARALLEL, "bids_in")
        return state

    def pending(self, state: State) -> list[Decision]:
        frame = top_frame(state)
        if frame is None:
            return []
        return [
            Decision(frame["kind"], s, tuple(self.legal_actions(state, s)), None, frame["mode"])
            for s in waiting_seats(frame)
        ]

    def legal_actions(self, state: State, player: int) -> list[dict[str, Any]]:
        frame = top_frame(state)
        if frame is None or player not in waiting_seats(frame):
            return []
        if frame["kind"] == "bid":
            return [{"bid": n} for n in (1, 2, 3)]
        return [{"cheer": True}, {"cheer": False}]

    def apply_action(self, state: State, player: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        frame = top_frame(state)
        assert frame is not None
        if frame["kind"] == "cheer":  # counted at once: a chain answer cannot be taken back
            record_answer(frame, player, action["cheer"])
            state["cheers"] += action["cheer"]
            if is_complete(frame):
                pop_frame(state)
                state["over"] = True
            return [{"kind": "cheer", "player": player}]
        record_answer(frame, player, action["bid"])
        events: list[dict[str, Any]] = [{"kind": "bid", "player": player, "bid": action["bid"]}]
        if is_complete(frame):
            pop_frame(state)
            bids = {int(s): b for s, b in frame["answers"].items()}
            top = max(bids.values())
            best = [s for s, b in bids.items() if b == top]
            state["winner"] = best[0] if len(best) == 1 else None
            events.append({"kind": "reveal", "bids": frame["answers"], "reveals": True})
            n = len(state["players"])
            left = (state["winner"] or 0) + 1
            push_frame(state, "cheer", [(left + i) % n for i in range(n - 1)], CHAIN, "done")
        return events

    def action_text(self, action: dict[str, Any]) -> str:
        return f"bid {action['bid']}" if "bid" in action else ("cheer" if action["cheer"] else "sulk")

    def event_text(self, state: State, event: dict[str, Any]) -> EventText:
        who = state["players"][event["player"]] if "player" in event else ""
        if event["kind"] == "bid":
            return EventText(f"{who} has bid.", f"You bid {event['bid']}.", event["player"])
        return EventText(f"{who} {event['kind']}s." if who else f"Bids: {event['bids']}.")

    def public_view(self, state: State) -> dict[str, Any]:
        frame = top_frame(state)
        return {"answered": sorted(frame["answers"]) if frame else [], "winner": state["winner"]}

    def view(self, state: State, player: int) -> dict[str, Any]:
        return self.public_view(state)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        won, seats = state["winner"], range(len(state["players"]))
        if won is None:  # a tie: everybody shares the win
            return Outcome(tuple(SeatResult(s, state["players"][s], 0, 1, winner=True) for s in seats))
        order = sorted(seats, key=lambda s: s != won)
        return Outcome(
            tuple(
                SeatResult(s, state["players"][s], int(s == won), 1 if s == won else 2, winner=s == won) for s in order
            )
        )


GAME = SealedBid()
NAMES = ["Ann", "Bob", "Cy"]


def act(state: State, seat: int, text: str) -> tuple[State, list[dict[str, Any]]]:
    return play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))


def refused(state: State, seat: int, text: str) -> IllegalAction:
    before = play.dumps(state)
    with pytest.raises(IllegalAction) as err:
        act(state, seat, text)
    assert play.dumps(state) == before
    return err.value


def test_an_answer_is_taken_back_and_given_again_before_the_window_closes() -> None:
    state, _ = play.new_game(GAME, NAMES, {}, 1)
    state, _ = act(state, 0, "bid 3")
    assert play.waiting_players(GAME, state) == [1, 2]
    assert play.legal_texts(GAME, state, 0) == ["take back"]
    assert play.may_take_back(GAME, state, 0) and not play.may_take_back(GAME, state, 1)
    state, events = act(state, 0, "Take-Back")
    assert sorted(play.waiting_players(GAME, state)) == [0, 1, 2]
    assert play.legal_texts(GAME, state, 0) == ["bid 1", "bid 2", "bid 3"]
    said = play.event_text(GAME, state, events[0])
    assert said.public == "Ann takes back their answer." and "3" not in said.public
    assert said.player == 0 and said.private
    state, _ = act(state, 0, "bid 1")
    state, _ = act(state, 1, "bid 2")
    state, _ = act(state, 2, "bid 1")
    assert state["winner"] == 1  # Ann's second answer counted, not her first


def test_nothing_can_be_taken_back_once_the_last_answer_closed_the_window() -> None:
    state, _ = play.new_game(GAME, NAMES, {}, 1)
    for seat in range(3):
        state, _ = act(state, seat, "bid 2")
    assert top_frame(state)["kind"] == "cheer"  # type: ignore[index]
    err = refused(state, 0, "take back")
    assert err.code == "nothing_to_take_back" and "Waiting for Bob." in err.message
    # A tie: Bob, then Cy may cheer. Cy, asked now, is told what is legal instead.
    state, _ = act(state, 1, "cheer")
    err = refused(state, 2, "take back")
    assert err.code == "nothing_to_take_back" and "`cheer`" in err.message
    # A chain answer counts at once, so it is not offered for taking back either.
    assert not play.may_take_back(GAME, state, 1) and play.legal_texts(GAME, state, 1) == []


def test_a_player_cannot_take_back_before_answering_nor_for_someone_else() -> None:
    state, _ = play.new_game(GAME, NAMES, {}, 1)
    state, _ = act(state, 0, "bid 3")
    err = refused(state, 1, "take back")  # Bob has not answered: nothing of his to take back
    assert err.code == "nothing_to_take_back" and "Legal now: `bid 1`, `bid 2`, `bid 3`" in err.message
    with pytest.raises(IllegalAction) as exc:
        play.apply(GAME, state, 1, take_back_action())
    assert exc.value.code == "nothing_to_take_back"
    assert top_frame(state)["answers"] == {"0": 3}  # type: ignore[index]


def test_an_answered_seat_is_told_it_waits_and_may_take_back() -> None:
    state, _ = play.new_game(GAME, NAMES, {}, 1)
    state, _ = act(state, 0, "bid 3")
    err = refused(state, 0, "bid 1")
    assert err.code == "not_your_turn" and "waiting for Bob, Cy" in err.message and "`take back`" in err.message
    with pytest.raises(IllegalAction) as exc:
        play.apply(GAME, state, 0, {"bid": 1})
    assert exc.value.code == "not_your_turn"


def test_a_log_with_take_backs_replays_exactly() -> None:
    log = [
        (0, "bid 3"),
        (1, "bid 1"),
        (0, "take back"),
        (1, "take back"),
        (0, "bid 1"),
        (2, "bid 2"),
        (1, "bid 3"),
        (2, "sulk"),
        (0, "cheer"),
    ]
    state, _ = play.new_game(GAME, NAMES, {}, 1)
    for seat, text in log:
        state, _ = act(state, seat, text)
    assert GAME.is_over(state) and state["winner"] == 1 and state["cheers"] == 1
    assert play.dumps(play.replay(GAME, NAMES, {}, 1, log)) == play.dumps(state)


def test_the_default_refuses_a_frame_that_is_not_the_question_asked_now() -> None:
    class Busy(SealedBid):
        def waiting(self, state: State) -> list[int]:
            return [2]  # e.g. a sub-decision of one seat runs while the window waits

    state, _ = play.new_game(GAME, NAMES, {}, 1)
    state, _ = act(state, 0, "bid 3")
    assert not Busy().may_take_back(state, 0) and GAME.may_take_back(state, 0)
