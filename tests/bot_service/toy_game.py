"""Toy Race: a tiny 2–4 player game for testing front ends against ``engine.core.Game``.

Each turn a player has two (or three) actions: ``step`` (+1), ``play N`` (a card from the
hidden hand, +N), ``draw`` (a random card: an undo barrier) or, after the first
action, ``pass``. After every round all players secretly and in parallel choose
``push`` (+1, unless everybody pushes) or ``rest``: a parallel reaction frame of
:mod:`engine.core.frames`, so an answer can be taken back until the last one is in, for free.
First to the finish wins.
Its id is ``toy_race``; two variants are ``toy_stubborn`` (moves have no default) and ``toy_done``
(also no default, and its pass is called ``done``, named by its decisions' shapes). Importing this
module registers none of them: a test registers them for its own duration (``registered(*TOYS)``;
the service tests' conftest does it for every test), a child process of a test with
:func:`register_toys`, the terminal with ``--load``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import groupby
from typing import Any

from engine.core import (
    PARALLEL,
    SINGLE,
    Decision,
    EventText,
    Game,
    GameSpec,
    OptionSpec,
    Outcome,
    SeatResult,
    place_ranks,
    register,
)
from engine.core.frames import is_complete, pop_frame, push_frame, record_answer, top_frame, waiting_seats
from engine.core.rng import seed_state, shuffle
from engine.core.shapes import ChooseOne, Option

State = Action = Event = dict[str, Any]

DECK = [1, 1, 1, 2, 2, 2, 3, 3]
MAX_HAND = 3


class ToyRace(Game):
    spec = GameSpec(
        id="toy_race",
        title="Toy Race",
        min_players=2,
        max_players=4,
        rules_version=1,
        options=(
            OptionSpec("length", "Track length", 10, {6: "short", 10: "normal", 15: "long"}),
            OptionSpec("cards", "Use cards", True, {True: "yes", False: "no"}),
            OptionSpec("actions", "Actions per turn", 2, {2: "two", 3: "three"}),
        ),
        has_hidden_info=True,
        has_chance=True,
        has_simultaneous=True,
    )

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        state: State = {
            "players": players,
            "step": 0,
            "rng": seed_state(seed),
            "length": options["length"],
            "pos": [0] * len(players),
            "hands": [[] for _ in players],
            "deck": [],
            "turn": 0,
            "per_turn": options["actions"],
            "ap": options["actions"],
            "phase": "move",
            "round": 1,
            "frames": [],
            "winners": [],
        }
        if options["cards"]:
            state["deck"] = list(DECK)
            shuffle(state, state["deck"])
            for hand in state["hands"]:
                hand.append(state["deck"].pop())
        return state

    # --- decisions --------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        if state["phase"] == "move":
            p = state["turn"]
            return [
                Decision(
                    "move",
                    p,
                    tuple(self.legal_actions(state, p)),
                    {"do": "step"},
                    SINGLE,
                    f"Your move ({state['ap']} action(s) left)",
                )
            ]
        if state["phase"] == "bet":
            seats = waiting_seats(state["frames"][-1])
            return [
                Decision("bet", p, tuple(self.legal_actions(state, p)), {"do": "rest"}, PARALLEL, "Push or rest?")
                for p in seats
            ]
        return []

    def legal_actions(self, state: State, player: int) -> list[Action]:
        if state["phase"] == "bet":
            return [{"do": "push"}, {"do": "rest"}] if player in waiting_seats(state["frames"][-1]) else []
        if state["phase"] != "move" or player != state["turn"]:
            return []
        actions: list[Action] = [{"do": "step"}]
        if state["deck"] and len(state["hands"][player]) < MAX_HAND:
            actions.append({"do": "draw"})
        actions += [{"do": "play", "n": n} for n in sorted(set(state["hands"][player]))]
        if state["ap"] < state["per_turn"]:
            actions.append({"do": "pass"})
        return sorted(actions, key=self.action_text)

    def apply_action(self, state: State, player: int, action: Action) -> list[Event]:
        if state["phase"] == "bet":
            return self._bet(state, player, action["do"])
        do, events = action["do"], []
        if do == "step":
            state["pos"][player] += 1
            events.append({"type": "step", "player": player, "pos": state["pos"][player]})
        elif do == "draw":
            card = state["deck"].pop()
            state["hands"][player].append(card)
            events.append({"type": "draw", "player": player, "card": card, "random": True})
        elif do == "play":
            state["hands"][player].remove(action["n"])
            state["pos"][player] += action["n"]
            events.append({"type": "play", "player": player, "n": action["n"], "pos": state["pos"][player]})
        elif do == "pass":
            events.append({"type": "pass", "player": player})
        state["ap"] = 0 if do == "pass" else state["ap"] - 1
        if state["pos"][player] >= state["length"]:
            return events + self._finish(state)
        if state["ap"] == 0:
            state["turn"], state["ap"] = (player + 1) % len(state["players"]), state["per_turn"]
            if state["turn"] == 0:
                state["phase"] = "bet"
                push_frame(state, "bet", list(range(len(state["players"]))), PARALLEL, "reveal")
                events.append({"type": "round_end", "round": state["round"]})
        return events

    def _bet(self, state: State, player: int, choice: str) -> list[Event]:
        frame = top_frame(state)
        assert frame is not None
        record_answer(frame, player, choice)
        events: list[Event] = [{"type": "bet", "player": player, "choice": choice}]
        if not is_complete(frame):
            return events
        pop_frame(state)
        bets = frame["answers"]
        pushers = sorted(int(p) for p, c in bets.items() if c == "push")
        moved = pushers if len(pushers) < len(state["players"]) else []
        for p in moved:
            state["pos"][p] += 1
        events.append({"type": "reveal", "bets": dict(bets), "moved": moved, "reveals": True})
        state["phase"], state["round"] = "move", state["round"] + 1
        if any(pos >= state["length"] for pos in state["pos"]):
            events += self._finish(state)
        return events

    def _finish(self, state: State) -> list[Event]:
        best = max(state["pos"])
        state["phase"] = "over"
        state["winners"] = [p for p, pos in enumerate(state["pos"]) if pos == best]
        return [{"type": "over", "winners": state["winners"]}]

    # --- text -------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return f"play {action['n']}" if action["do"] == "play" else str(action["do"])

    def event_text(self, state: State, event: Event) -> EventText:
        names, kind = state["players"], event["type"]
        who = names[event["player"]] if "player" in event else ""
        if kind == "step":
            return EventText(f"{who} steps to {event['pos']}.")
        if kind == "play":
            return EventText(f"{who} plays a {event['n']} and moves to {event['pos']}.")
        if kind == "pass":
            return EventText(f"{who} ends the turn.")
        if kind == "draw":
            return EventText(f"{who} draws a card.", f"You drew a {event['card']}.", event["player"])
        if kind == "bet":
            return EventText(f"{who} has chosen.", f"You chose to {event['choice']}.", event["player"])
        if kind == "reveal":
            shown = ", ".join(f"{names[int(p)]} {c}" for p, c in sorted(event["bets"].items()))
            moved = ", ".join(names[p] for p in event["moved"]) or "nobody"
            return EventText(f"Choices: {shown}. Moving on: {moved}.")
        if kind == "round_end":
            return EventText(f"Round {event['round']} ends: everybody chooses push or rest.")
        if kind == "over":
            return EventText(f"{' and '.join(names[p] for p in event['winners'])} reached the finish!")
        return EventText(None)

    # --- views and results ------------------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        return {
            "players": list(state["players"]),
            "pos": list(state["pos"]),
            "length": state["length"],
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck": len(state["deck"]),
            "phase": state["phase"],
            "turn": state["turn"],
            "ap": state["ap"],
            "round": state["round"],
            "chosen": sorted(int(p) for p in self._bets(state)),
        }

    def view(self, state: State, player: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["you"] = player
        view["hand"] = sorted(state["hands"][player])
        view["my_choice"] = self._bets(state).get(str(player))
        return view

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """What ``seat`` cannot see dealt anew (the deck and the others' hands, as one sorted pool) and
        the others' bets not yet revealed chosen anew, all from ``seed``: for the AI players."""
        new = self.copy_state(state)
        chooser = random.Random(seed)
        others = [p for p in range(len(new["players"])) if p != seat]
        pool = sorted(new["deck"] + [c for p in others for c in new["hands"][p]])
        chooser.shuffle(pool)
        for p in others:
            size = len(new["hands"][p])
            new["hands"][p], pool = pool[:size], pool[size:]
        new["deck"] = pool
        bets = self._bets(new)
        for key in sorted(bets):
            if key != str(seat):
                bets[key] = chooser.choice(["push", "rest"])
        new["rng"] = seed_state(seed)
        return new

    @staticmethod
    def _bets(state: State) -> dict[str, str]:
        frame = top_frame(state)
        return frame["answers"] if frame is not None else {}

    def view_text(self, view: dict[str, Any]) -> str:
        lines = [f"Toy Race, round {view['round']}, finish at {view['length']}, deck {view['deck']}"]
        for seat, name in enumerate(view["players"]):
            track = "#" * min(view["pos"][seat], view["length"])
            mark = " <" if view["phase"] == "move" and seat == view["turn"] else ""
            lines.append(
                f"  {name:<8} |{track:<{view['length']}}| {view['pos'][seat]:>2}  "
                f"cards {view['hand_sizes'][seat]}{mark}"
            )
        if "hand" in view:
            lines.append(f"  {view['players'][view['you']]}'s hand: {view['hand'] or 'empty'}")
        return "\n".join(lines)

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def outcome(self, state: State) -> Outcome | None:
        if not self.is_over(state):
            return None
        pos, cards = state["pos"], [len(hand) for hand in state["hands"]]
        order = sorted(range(len(state["players"])), key=lambda p: (-pos[p], cards[p]))
        places = [list(g) for _, g in groupby(order, key=lambda p: (pos[p], cards[p]))]
        ranks = place_ranks(places)
        return Outcome(
            tuple(
                SeatResult(
                    p,
                    state["players"][p],
                    pos[p],
                    ranks[p],
                    {"position": pos[p], "cards left": cards[p]},
                    {"cards left": cards[p]},
                    winner=ranks[p] == 1,
                )
                for p in order
            ),
            "fewest cards left in hand",
        )


class StubbornRace(ToyRace):
    """Toy Race whose moves have no default (a deadline must be settled by the table)."""

    spec = replace(ToyRace.spec, id="toy_stubborn", title="Stubborn Race")

    def pending(self, state: State) -> list[Decision]:
        return [replace(d, default=None) if d.kind == "move" else d for d in super().pending(state)]


class DoneRace(StubbornRace):
    """Stubborn Race whose pass is called ``done``: its decisions have shapes with labels for
    people and name ``done`` as their pass option (no front end may assume the word ``pass``)."""

    spec = replace(ToyRace.spec, id="toy_done", title="Done Race")
    LABELS = {"step": "Step forward", "draw": "Draw a card", "pass": "End my turn", "push": "Push", "rest": "Rest"}

    def action_text(self, action: Action) -> str:
        return "done" if action["do"] == "pass" else super().action_text(action)

    def _label(self, action: Action) -> str:
        return f"Play a {action['n']}" if action["do"] == "play" else self.LABELS[action["do"]]

    def pending(self, state: State) -> list[Decision]:
        out = []
        for d in super().pending(state):
            options = tuple(Option(self.action_text(a), self._label(a)) for a in d.options)
            texts = [o.text for o in options]
            shape = ChooseOne(
                options=options,
                secret=d.kind == "move" and any(a["do"] == "play" for a in d.options),
                pass_text="done" if "done" in texts else None,
            )
            out.append(replace(d, shape=shape))
        return out


TOY = ToyRace()
STUBBORN = StubbornRace()
DONE = DoneRace()
TOYS: tuple[Game, ...] = (TOY, STUBBORN, DONE)


def register_toys() -> None:
    """Register the toy games for as long as this process lives (a test's child process)."""
    for game in TOYS:
        register(game)
