"""Secret Nim, the game object: set-up, each decision's shape, texts, views and the outcome. The
rules themselves are steps and kinds in :mod:`.rules`."""

from __future__ import annotations

from itertools import groupby

from engine.core import EventText, GameSpec, Options, Outcome, SeatResult, place_ranks
from engine.core.frames import top_frame
from engine.core.i18n import listing
from engine.core.records import DecisionData
from engine.core.rng import randbelow, seed_state
from engine.core.shapes import Amount, Confirm, Option, Shape
from engine.core.stepgame import Asked, StepGame

from .i18n import msg, msgn
from .rules import GAME_ID, LAST_STONE, STEPS
from .types import NimAction, NimEvent, NimState, NimView

#: The outcome's breakdown labels: plain English ids the bot translates with this package's catalogue.
STONES, LAST = str(msg("stones")), str(msg("last stone"))


class SecretNim(StepGame[NimState, NimAction, NimEvent, NimView, DecisionData]):
    spec = GameSpec(
        id=GAME_ID,
        title="Secret Nim",
        min_players=2,
        max_players=3,
        rules_version=1,
        has_hidden_info=True,  # the amounts, until revealed
        has_chance=True,  # the size of the pile
        has_simultaneous=True,  # everyone chooses at once
    )
    steps = STEPS

    def setup(self, players: list[str], options: Options, seed: int) -> NimState:
        n = len(players)
        state: NimState = {
            "players": list(players),
            "rng": seed_state(seed),
            "pile": 0,
            "river": 0,
            "stones": [0] * n,
            "put_back": [False] * n,
            "last": None,
            "round": 0,
            "revealed": [None] * n,
            "queue": [{"step": "round"}],
            "decision": None,
            "frames": [],
            "over": False,
        }
        state["pile"] = 4 * n + 4 + randbelow(state, 6)  # 12–17 stones for two, 16–21 for three
        STEPS.run(state, [])
        return state

    # --- decisions ----------------------------------------------------------------------------------
    def shape_of(self, state: NimState, asked: Asked[DecisionData], options: list[NimAction]) -> Shape:
        if asked.kind == "take":
            amounts = [a["n"] for a in options]
            return Amount(
                title=msg("Take stones"),
                low=amounts[0],
                high=amounts[-1],
                secret=True,  # only the chooser sees what they chose, until the reveal
                options=tuple(
                    Option(self.action_text(a), msgn("Take {n} stone", "Take {n} stones", a["n"]), amount=a["n"])
                    for a in options
                ),
            )
        return Confirm(
            pass_text="keep",
            options=(Option("keep", msg("Keep my stones")), Option("put back", msg("Put a stone back"))),
        )

    # --- text ---------------------------------------------------------------------------------------
    def action_text(self, action: NimAction) -> str:
        return f"take {action['n']}" if action["do"] == "take" else action["do"]

    def event_text(self, state: NimState, event: NimEvent) -> EventText:
        names, kind = state["players"], event["type"]
        who = names[event["player"]] if "player" in event else ""
        if kind == "round":
            return EventText(
                msgn(
                    "Round {round}: {n} stone on the pile.",
                    "Round {round}: {n} stones on the pile.",
                    event["n"],
                    round=event["round"],
                )
            )
        if kind == "chosen":
            return EventText(
                msg("{player} has chosen.", player=who), msg("You take {n}.", n=event["n"]), event["player"]
            )
        if kind == "reveal":
            shown = listing([msg("{player} {n}", player=names[int(p)], n=n) for p, n in event["amounts"].items()])
            return EventText(msg("Revealed: {amounts}.", amounts=shown))
        if kind == "take":
            return EventText(msgn("{player} takes {n} stone.", "{player} takes {n} stones.", event["n"], player=who))
        if kind == "clash":
            return EventText(
                msgn(
                    "Several chose {amount}: {n} stone falls into the river.",
                    "Several chose {amount}: {n} stones fall into the river.",
                    event["n"],
                    amount=event["amount"],
                )
            )
        if kind == "last":
            return EventText(msg("{player} takes the last stone (+{points}).", player=who, points=LAST_STONE))
        if kind == "put_back":
            return EventText(msg("{player} puts a stone back: {n} on the pile.", player=who, n=event["n"]))
        if kind == "lone":
            return EventText(msg("The lone last stone rolls into the river."))
        if kind == "over":
            return EventText(msg("The pile is gone: the game is over."))
        return EventText(None)

    # --- views and results --------------------------------------------------------------------------
    def public_view(self, state: NimState) -> NimView:
        frame = top_frame(state)
        return {
            "game": GAME_ID,
            "players": list(state["players"]),
            "round": state["round"],
            "pile": state["pile"],
            "river": state["river"],
            "stones": list(state["stones"]),
            "put_back": list(state["put_back"]),
            "chosen": sorted(int(p) for p in frame["answers"]) if frame else [],
            "revealed": list(state["revealed"]),
            "last": state["last"],
            "over": state["over"],
        }

    def view(self, state: NimState, player: int) -> NimView:
        frame = top_frame(state)
        held = frame["answers"].get(str(player)) if frame else None
        return {**self.public_view(state), "you": player, "my_take": int(held["n"]) if held else None}

    def view_text(self, view: NimView) -> str:
        lines = [f"Secret Nim, round {view['round']}: {view['pile']} on the pile, {view['river']} in the river"]
        for seat, name in enumerate(view["players"]):
            marks = ("  (chosen)" if seat in view["chosen"] else "") + (
                "  (put back)" if view["put_back"][seat] else ""
            )
            lines.append(f"  {name:<6} stones {view['stones'][seat]}{marks}")
        if view.get("my_take") is not None:
            lines.append(f"  you take: {view['my_take']}")
        return "\n".join(lines)

    def outcome(self, state: NimState) -> Outcome | None:
        if not state["over"]:
            return None
        parts = [
            {STONES: stones, LAST: LAST_STONE if state["last"] == p else 0} for p, stones in enumerate(state["stones"])
        ]
        total = [sum(b.values()) for b in parts]
        order = sorted(range(len(parts)), key=lambda p: -total[p])
        ranks = place_ranks([list(g) for _, g in groupby(order, key=lambda p: total[p])])
        names = state["players"]
        return Outcome(
            tuple(SeatResult(p, names[p], total[p], ranks[p], parts[p], winner=ranks[p] == 1) for p in order)
        )


GAME = SecretNim()
