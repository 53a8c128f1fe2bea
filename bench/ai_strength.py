"""How well an AI level plays: whole games of one level against opponents, with think times.

Each game seats the tested ``--level`` at one seat (the seat turns from game to game) and
``--opponent`` at every other; every decision is asked of :func:`engine.ai.choose` with a seed drawn
from the game's number, so a run repeats exactly. Prints, for the tested level: wins (a shared win
counts as a win), the average score margin (its total minus the best other total) and its think time
per decision (p50, p95, max; wall time, then the process's CPU time, the fairer figure on a shared
machine; decisions with one legal move are answered without thinking and left out). Games run in
``--jobs`` processes; each game's result is printed as it comes in (in order), the summary at the end.

    python bench/ai_strength.py --game puerto_rico --players 2 --games 20 --level normal --opponent random
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.ai import LEVELS, choose  # noqa: E402
from engine.core import play  # noqa: E402

OPPONENTS = ("random", "greedy", "easy", "normal", "strong")
MAX_ACTIONS = 20_000  # a safety net: no game comes near it


@dataclass
class Played:
    """One game's result for the tested seat."""

    won: bool
    margin: float
    thinks: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    moves: int = 0


def one_game(game_id: str, players: int, number: int, level: str, opponent: str) -> Played:
    game = get_game(game_id)
    seat_of_level = number % players
    state, _ = play.new_game(game, [f"P{i + 1}" for i in range(players)], {}, 1000 + number)
    order = random.Random(number)
    thinks: list[float] = []
    cpu: list[float] = []
    moves = 0
    for moves in range(MAX_ACTIONS):  # noqa: B007 (the count is the game's length)
        if game.is_over(state):
            break
        seat = order.choice(game.waiting(state))
        who = level if seat == seat_of_level else opponent
        several = len(game.legal_actions(state, seat)) > 1
        start, start_cpu = time.perf_counter(), time.process_time()
        text = choose(game_id, state, seat, seed=order.getrandbits(32), level=who)
        if seat == seat_of_level and several:
            thinks.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        play.apply_in_place(game, state, seat, play.parse_action(game, state, seat, text))
    result = game.outcome(state)
    assert result is not None, "the game did not end"
    mine = result.seat(seat_of_level)
    best_other = max(r.total for r in result.results if r.seat != seat_of_level)
    return Played(mine.winner, float(mine.total) - float(best_other), thinks, cpu, moves)


def _run(args: tuple[str, int, int, str, str]) -> Played:
    return one_game(*args)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", default="normal", choices=list(LEVELS))
    parser.add_argument("--opponent", default="random", choices=OPPONENTS)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.game, args.players, n, args.level, args.opponent) for n in range(args.games)]
    start = time.perf_counter()
    played: list[Played] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for number, one in enumerate(pool.map(_run, jobs)):
            played.append(one)
            mark = "won" if one.won else "lost"
            took = time.perf_counter() - start
            print(f"  game {number}: {mark}, margin {one.margin:+.0f}, {one.moves} moves, {took:.0f} s", flush=True)
    thinks = [t for p in played for t in p.thinks]
    cpu = [t for p in played for t in p.cpu]
    wins = sum(p.won for p in played)
    print(
        f"{args.game} {args.players}p {args.level} vs {args.opponent}: {wins}/{len(played)} wins "
        f"({100 * wins / len(played):.0f} %), margin {statistics.mean(p.margin for p in played):+.1f}, "
        f"think p50 {percentile(thinks, 0.5):.2f} s p95 {percentile(thinks, 0.95):.2f} s "
        f"max {max(thinks, default=0):.2f} s (CPU p50 {percentile(cpu, 0.5):.2f} s p95 {percentile(cpu, 0.95):.2f} s "
        f"max {max(cpu, default=0):.2f} s) over {len(thinks)} decisions; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
