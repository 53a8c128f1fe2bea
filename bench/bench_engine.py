"""Random full games per second, engine only, every action validated.

Each game: set-up with a fixed seed, then until the game ends a uniformly random
waiting seat plays a uniformly random legal action through ``play.apply_in_place``
(which checks legality and resolves forced steps). A second figure uses
``play.apply``, which also copies the state for every action, as the service does.
``--combos`` gives one figure per table-option combination instead (Puerto Rico: the
variant rule, the 2-player order, the expansions and how their buildings are chosen);
``--options key=value ...`` benchmarks one combination.

    python bench/bench_engine.py [--game lisboa] [--games 200] [--players 2 3 4 5]
    python bench/bench_engine.py --combos [--games 20] [--players 2 3 4 5]
    python bench/bench_engine.py --options expansions=both selection=random
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from engine import get_game  # noqa: E402
from engine.core import IllegalAction, play  # noqa: E402


def random_game(game_id: str, players: int, seed: int, copying: bool, options: dict[str, Any] | None = None) -> int:
    game = get_game(game_id)
    state, _ = play.new_game(game, [f"P{i + 1}" for i in range(players)], options or {}, seed)
    chooser = random.Random(seed)
    decisions = 0
    while not game.is_over(state):
        seat = chooser.choice(game.waiting(state))
        action = chooser.choice(game.legal_actions(state, seat))
        if copying:
            state, _ = play.apply(game, state, seat, action)
        else:
            play.apply_in_place(game, state, seat, action)
        decisions += 1
    return decisions


def measure(
    game_id: str, players: int, games: int, copying: bool, options: dict[str, Any] | None = None
) -> tuple[float, float]:
    start = time.perf_counter()
    decisions = [random_game(game_id, players, seed, copying, options) for seed in range(games)]
    elapsed = time.perf_counter() - start
    return games / elapsed, statistics.mean(decisions)


def combinations(game_id: str, players: int) -> list[dict[str, Any]]:
    """Every option combination the game accepts at this player count (its spec's
    ``validate`` refuses the others)."""
    spec = get_game(game_id).spec
    out = []
    for values in itertools.product(*(list(o.choices) for o in spec.options)):
        options = {o.name: v for o, v in zip(spec.options, values, strict=True)}
        try:
            spec.resolve_options(options, players)
        except IllegalAction:
            continue
        out.append(options)
    return out


def _label(game_id: str, options: dict[str, Any]) -> str:
    spec = get_game(game_id).spec
    changed = [f"{o.name}={options[o.name]}" for o in spec.options if options[o.name] != o.default]
    return " ".join(changed) or "(base game)"


def run_combos(game_id: str, players: list[int], games: int) -> None:
    print(f"{game_id}: {games} random games per combination and player count, every action validated")
    print(f"{'players':>7} {'games/s':>9} {'decisions/game':>15}  options")
    for n in players:
        for options in combinations(game_id, n):
            rate, decisions = measure(game_id, n, games, copying=False, options=options)
            print(f"{n:>7} {rate:>9.1f} {decisions:>15.1f}  {_label(game_id, options)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--players", type=int, nargs="+", default=None, help="default: every count the game allows")
    parser.add_argument("--combos", action="store_true", help="one figure per option combination")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    spec = get_game(args.game).spec
    args.players = args.players or list(range(spec.min_players, spec.max_players + 1))
    if args.combos:
        run_combos(args.game, args.players, args.games or 20)
        return
    games = args.games or 200
    options = dict(pair.split("=", 1) for pair in args.options)
    shown = f" ({_label(args.game, get_game(args.game).spec.resolve_options(options, 2))})" if options else ""
    print(f"{args.game}{shown}: {games} random games per player count, every action validated")
    print(f"{'players':>7} {'games/s':>9} {'games/s (copying apply)':>24} {'decisions/game':>15}")
    for n in args.players:
        fast, decisions = measure(args.game, n, games, copying=False, options=options)
        copied, _ = measure(args.game, n, max(20, games // 4), copying=True, options=options)
        print(f"{n:>7} {fast:>9.1f} {copied:>24.1f} {decisions:>15.1f}")


if __name__ == "__main__":
    main()
