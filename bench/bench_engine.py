"""Random full games per second, engine only, every action validated.

Each game: set-up with a fixed seed, then until the game ends a uniformly random
waiting seat plays a uniformly random legal action through ``play.apply_in_place``
(which checks legality, against the options the bench has just listed, and resolves forced
steps, handing back the options it listed on the way: the next decision's, not listed again).
A second figure uses ``play.apply``, which also copies the state for every action, as the
service does.
``--jobs N`` splits the games over N processes: each figure is then given twice, per process
(games per second of CPU time, comparable with a one-process run on a busy machine) and for
the N processes together (all the games over the wall-clock time, what N cores give).
``--combos`` gives one figure per table-option combination instead (Puerto Rico: the
variant rule, the 2-player order, the expansions and how their buildings are chosen);
``--options key=value ...`` benchmarks one combination.

    python bench/bench_engine.py [--game lisboa] [--games 200] [--players 2 3 4 5] [--jobs 2]
    python bench/bench_engine.py --combos [--games 20] [--players 2 3 4 5]
    python bench/bench_engine.py --options expansions=both selection=random
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from engine import get_game  # noqa: E402
from engine.core import IllegalAction, play  # noqa: E402


def random_game(game_id: str, players: int, seed: int, copying: bool, options: dict[str, Any] | None = None) -> int:
    game = get_game(game_id)
    state, _ = play.new_game(game, [f"P{i + 1}" for i in range(players)], options or {}, seed)
    chooser = random.Random(seed)
    decisions = 0
    listed: dict[int, list[Any]] = {}  # what the last apply listed looking for forced steps
    while not game.is_over(state):
        seat = chooser.choice(game.waiting(state))
        options = listed.get(seat)
        if options is None:
            options = game.legal_actions(state, seat)
        action = chooser.choice(options)
        if copying:
            state, _ = play.apply(game, state, seat, action, options, listed)
        else:
            play.apply_in_place(game, state, seat, action, options, listed)
        decisions += 1
    return decisions


class Rate(NamedTuple):
    """Games per second of CPU time (per process) and of wall-clock time (every process together)."""

    per_process: float
    together: float


def _chunk(task: tuple[str, int, list[int], bool, dict[str, Any] | None]) -> tuple[float, list[int]]:
    """One process's share of the games: its CPU seconds and each game's decisions."""
    game_id, players, seeds, copying, options = task
    start = time.process_time()
    decisions = [random_game(game_id, players, seed, copying, options) for seed in seeds]
    return time.process_time() - start, decisions


def measure(
    game_id: str, players: int, games: int, copying: bool, options: dict[str, Any] | None = None, jobs: int = 1
) -> tuple[Rate, float]:
    """The rates of ``games`` random games split over ``jobs`` processes, and the mean decisions a game."""
    tasks = [(game_id, players, list(range(j, games, jobs)), copying, options) for j in range(jobs)]
    if jobs == 1:
        start = time.perf_counter()
        done = [_chunk(tasks[0])]
    else:
        get_game(game_id)  # imported once here: the forked processes start with it loaded
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            pool.map(time.sleep, [0.05] * jobs, chunksize=1)  # every process up before the clock starts
            start = time.perf_counter()
            done = pool.map(_chunk, tasks, chunksize=1)
    elapsed = time.perf_counter() - start
    cpu = sum(seconds for seconds, _ in done)
    decisions = [n for _, counts in done for n in counts]
    return Rate(games / cpu, games / elapsed), statistics.mean(decisions)


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
            print(f"{n:>7} {rate.per_process:>9.1f} {decisions:>15.1f}  {_label(game_id, options)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--players", type=int, nargs="+", default=None, help="default: every count the game allows")
    parser.add_argument("--combos", action="store_true", help="one figure per option combination")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=1, help="processes to split the games over (default: 1)")
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
    if args.jobs == 1:
        print(f"{'players':>7} {'games/s':>9} {'games/s (copying apply)':>24} {'decisions/game':>15}")
    else:
        print(f"games/s per process (CPU time) and for {args.jobs} processes together (wall-clock time)")
        print(f"{'players':>7} {'games/s':>15} {'copying apply':>15} {'decisions/game':>15}")
    for n in args.players:
        fast, decisions = measure(args.game, n, games, copying=False, options=options, jobs=args.jobs)
        copied, _ = measure(args.game, n, max(20, games // 4), copying=True, options=options, jobs=args.jobs)
        if args.jobs == 1:
            print(f"{n:>7} {fast.per_process:>9.1f} {copied.per_process:>24.1f} {decisions:>15.1f}")
        else:
            pair = f"{fast.per_process:.1f} / {fast.together:.1f}", f"{copied.per_process:.1f} / {copied.together:.1f}"
            print(f"{n:>7} {pair[0]:>15} {pair[1]:>15} {decisions:>15.1f}")


if __name__ == "__main__":
    main()
