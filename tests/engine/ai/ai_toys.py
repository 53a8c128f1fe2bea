"""Two tiny games for the AI player's tests.

- **Take** (perfect information): a pile of stones; in turn each player takes 1 to 3; who takes the
  last stone wins. A pile of 4k loses for the player to move, so from 5, 6 and 7 the only winning
  moves take 1, 2 and 3: a search that plays well finds them.
- **Peek** (hidden information): each player holds a hidden hand of cards drawn from a hidden deck; in
  turn a player plays a card of their hand (scoring its value) or draws one; after six plays the most
  points win. ``determinize`` re-deals what a seat cannot see (the deck and the other hands, as one
  sorted pool) so that it depends on the seat's view alone.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Decision, EventText, Game, GameSpec, Outcome, SeatResult

State = dict[str, Any]
Action = dict[str, Any]


class Take(Game[Any, Any, Any, Any]):
    spec = GameSpec("ai_take", "Take", 2, 3, 1)

    def setup(self, players: list[str], options: Any, seed: int) -> State:
        return {"players": list(players), "pile": 5, "turn": 0, "winner": None}

    def pending(self, state: State) -> list[Decision[Any]]:
        if state["winner"] is not None:
            return []
        p = state["turn"]
        return [Decision("take", p, tuple(self.legal_actions(state, p)), None, prompt="Take how many?")]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        if state["winner"] is not None or player != state["turn"]:
            return []
        return [{"n": n} for n in range(1, min(3, state["pile"]) + 1)]

    def apply_action(self, state: State, player: int, action: Action) -> list[Any]:
        state["pile"] -= action["n"]
        if state["pile"] == 0:
            state["winner"] = player
        state["turn"] = (player + 1) % len(state["players"])
        return [{"type": "take", "player": player, "n": action["n"]}]

    def action_text(self, action: Action) -> str:
        return f"take {action['n']}"

    def event_text(self, state: State, event: Any) -> EventText:
        return EventText(f"{state['players'][event['player']]} takes {event['n']}")

    def public_view(self, state: State) -> Any:
        return dict(state)

    def view(self, state: State, player: int) -> Any:
        return dict(state)

    def is_over(self, state: State) -> bool:
        return state["winner"] is not None

    def outcome(self, state: State) -> Outcome | None:
        if state["winner"] is None:
            return None
        w = state["winner"]
        results = [
            SeatResult(s, n, int(s == w), 1 if s == w else 2, winner=s == w) for s, n in enumerate(state["players"])
        ]
        return Outcome(tuple(sorted(results, key=lambda r: r.rank)))


PLAYS = 6


class Peek(Game[Any, Any, Any, Any]):
    spec = GameSpec("ai_peek", "Peek", 2, 2, 1, has_hidden_info=True, has_chance=True)

    def setup(self, players: list[str], options: Any, seed: int) -> State:
        deck = list(range(1, 13))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[:2]), sorted(deck[2:4])]
        return {"players": list(players), "deck": deck[4:], "hands": hands, "points": [0, 0], "turn": 0, "plays": 0}

    def pending(self, state: State) -> list[Decision[Any]]:
        if self.is_over(state):
            return []
        p = state["turn"]
        return [Decision("play", p, tuple(self.legal_actions(state, p)), None, prompt="Play or draw")]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        if self.is_over(state) or player != state["turn"]:
            return []
        plays = [{"play": c} for c in state["hands"][player]]
        return plays + ([{"draw": True}] if state["deck"] else [])

    def apply_action(self, state: State, player: int, action: Action) -> list[Any]:
        if "play" in action:
            state["hands"][player].remove(action["play"])
            state["points"][player] += action["play"]
        else:
            state["hands"][player].append(state["deck"].pop())
            state["hands"][player].sort()
        state["plays"] += 1
        state["turn"] = 1 - player
        return [{"type": "move", "player": player}]

    def action_text(self, action: Action) -> str:
        return f"play {action['play']}" if "play" in action else "draw"

    def event_text(self, state: State, event: Any) -> EventText:
        return EventText("moved")

    def public_view(self, state: State) -> Any:
        return {k: v for k, v in state.items() if k not in ("deck", "hands")} | {
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck_size": len(state["deck"]),
        }

    def view(self, state: State, player: int) -> Any:
        return self.public_view(state) | {"hand": list(state["hands"][player])}

    def is_over(self, state: State) -> bool:
        return bool(state["plays"] >= PLAYS)

    def outcome(self, state: State) -> Outcome | None:
        if not self.is_over(state):
            return None
        pts = state["points"]
        best = max(pts)
        results = [
            SeatResult(s, n, pts[s], 1 if pts[s] == best else 2, winner=pts[s] == best)
            for s, n in enumerate(state["players"])
        ]
        return Outcome(tuple(sorted(results, key=lambda r: r.rank)))

    def evaluate(self, state: State) -> list[float]:
        return [p + sum(h) / 2 for p, h in zip(state["points"], state["hands"], strict=True)]

    def determinize(self, state: State, seat: int, seed: int) -> State:
        new = self.copy_state(state)
        other = 1 - seat
        pool = sorted(new["deck"] + new["hands"][other])  # what the seat cannot see, as one sorted pool
        random.Random(seed).shuffle(pool)
        n = len(new["hands"][other])
        new["hands"][other] = sorted(pool[:n])
        new["deck"] = pool[n:]
        return new
