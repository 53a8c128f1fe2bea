"""Seeded random games as traces, to show that a refactor changes nothing a player or a store sees.

Each game is set up from a seed; until it ends, a seeded walk picks a waiting seat and plays, now
and then, its deadline default or ``take back`` (where offered), else a random legal action, typed
back through ``play.parse_action``. A game's trace is everything a front end or the store reads:
after set-up and after every action the canonical state JSON, every pending decision (kind, seat,
mode, prompt, default, option texts, shape), every seat's legal texts, the events with their
sentences; at the end the outcome, and replaying the log must rebuild the final state.

One JSON line per game: the table, the seed, the action texts, the outcome and one short digest
per step, so two runs (say on ``main`` and on a branch) are compared with ``--compare``, which
names the first step where a game differs.

    python bench/trace_games.py --game puerto_rico --games 800 --out before.jsonl
    python bench/trace_games.py --game puerto_rico --games 800 --out after.jsonl --compare before.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: trace this checkout, not whichever `engine` is installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine import get_game  # noqa: E402
from engine.core import AnyGame, play  # noqa: E402
from engine.core.takeback import is_take_back  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from random_games import Case, cases  # noqa: E402

State = dict[str, Any]

MAX_STEPS = 5000


def _digest(parts: list[Any]) -> str:
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _seen(game: AnyGame, state: State) -> list[Any]:
    """What a front end and the store read from ``state``."""
    decisions = [
        [
            d.kind,
            d.player,
            d.mode,
            d.prompt,
            None if d.default is None else play.action_text(game, d.default),
            [play.action_text(game, a) for a in d.options],
            repr(d.shape),
        ]
        for d in play.pending(game, state)
    ]
    seats = range(len(state["players"]))
    return [
        play.dumps(state),
        decisions,
        play.waiting_players(game, state),
        [play.legal_texts(game, state, s) for s in seats],
        game.is_over(state),
    ]


def _said(game: AnyGame, state: State, events: list[dict[str, Any]]) -> list[Any]:
    return [[e, list(play.event_text(game, state, e).__dict__.values())] for e in events]


def trace(case: Case, seed: int) -> dict[str, Any]:
    game = get_game(case.game)
    names = [f"P{i + 1}" for i in range(case.players)]
    walk = random.Random(f"trace {seed}")
    state, events = play.new_game(game, names, case.options, seed)
    steps = [_digest([_said(game, state, events), _seen(game, state)])]
    log: list[tuple[int, str]] = []
    while not game.is_over(state) and len(log) < MAX_STEPS:
        seat = walk.choice(play.waiting_players(game, state))
        legal = play.legal_actions(game, state, seat)
        decision = play.decision_of(game, state, seat)
        roll = walk.random()
        back = [a for a in legal if is_take_back(a)]
        if back and roll < 0.15:
            action = back[0]
        elif decision is not None and decision.default is not None and roll < 0.3:
            action = decision.default
        else:
            action = walk.choice(legal)
        text = play.action_text(game, action)
        events = play.apply_in_place(game, state, seat, play.parse_action(game, state, seat, text))
        log.append((seat, text))
        steps.append(_digest([seat, text, _said(game, state, events), _seen(game, state)]))
    outcome = game.outcome(state)
    replayed = play.replay(game, names, case.options, seed, log) if game.is_over(state) else None
    return {
        "players": case.players,
        "options": case.options,
        "seed": seed,
        "over": game.is_over(state),
        "outcome": None if outcome is None else outcome.to_dict(),
        "replays": replayed is not None and play.dumps(replayed) == play.dumps(state),
        "actions": [f"{s}:{t}" for s, t in log],
        "steps": steps,
    }


def compare(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> int:
    """Print every game that differs (and where); the number of differing games."""
    differ = 0
    if len(mine) != len(theirs):
        print(f"{len(mine)} games here, {len(theirs)} there")
        differ += 1
    for a, b in zip(mine, theirs, strict=False):
        if a == b:
            continue
        differ += 1
        first = next((i for i, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=False)) if x != y), None)
        if first is None:
            first = min(len(a["steps"]), len(b["steps"]))
        print(f"{a['players']}p {a['options']} seed {a['seed']}: first difference at step {first}")
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--games", type=int, default=400, help="games round-robin over every table")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed + i")
    parser.add_argument("--players", type=int, nargs="+", help="default: every count the game allows")
    parser.add_argument("--out", required=True, help="JSON lines, one per game")
    parser.add_argument("--compare", help="an earlier --out to compare with")
    args = parser.parse_args(argv)
    table = cases(args.game, args.players)
    start = time.perf_counter()
    traces = [trace(table[i % len(table)], args.seed + i) for i in range(args.games)]
    Path(args.out).write_text("".join(json.dumps(t, sort_keys=True) + "\n" for t in traces))
    steps = sum(len(t["actions"]) for t in traces)
    print(
        f"{args.game} from {Path(engine.__file__).parent}: {len(traces)} games over {len(table)} tables, "
        f"{steps} actions, {sum(t['over'] for t in traces)} finished, {sum(t['replays'] for t in traces)} "
        f"replayed, {time.perf_counter() - start:.0f} s"
    )
    if args.compare:
        theirs = [json.loads(line) for line in Path(args.compare).read_text().splitlines()]
        differ = compare(traces, theirs)
        print(f"{differ} of {len(traces)} games differ from {args.compare}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
