"""Random full games per second, engine only, every action validated.

Each game: set-up with a fixed seed, then until the game ends a uniformly random
waiting seat plays a uniformly random legal action through ``play.apply_in_place``
(which checks legality and resolves forced steps). A second figure uses
``play.apply``, which also copies the state for every action, as the service does.

    python bench/bench_engine.py [--games 200] [--players 2 3 4 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import get_game
from engine.core import play


def random_game(game_id: str, players: int, seed: int, copying: bool) -> int:
    game = get_game(game_id)
    state, _ = play.new_game(game, [f"P{i + 1}" for i in range(players)], {}, seed)
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


def measure(game_id: str, players: int, games: int, copying: bool) -> tuple[float, float]:
    start = time.perf_counter()
    decisions = [random_game(game_id, players, seed, copying) for seed in range(games)]
    elapsed = time.perf_counter() - start
    return games / elapsed, statistics.mean(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    print(f"{args.game}: {args.games} random games per player count, every action validated")
    print(f"{'players':>7} {'games/s':>9} {'games/s (copying apply)':>24} {'decisions/game':>15}")
    for n in args.players:
        fast, decisions = measure(args.game, n, args.games, copying=False)
        copied, _ = measure(args.game, n, max(20, args.games // 4), copying=True)
        print(f"{n:>7} {fast:>9.1f} {copied:>24.1f} {decisions:>15.1f}")


if __name__ == "__main__":
    main()
