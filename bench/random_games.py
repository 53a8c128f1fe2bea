"""Seeded random games checked at every step, for every registered game (issue 11).

Each game is set up from a seed; then, until it ends, a uniformly random waiting seat plays a
uniformly random legal action, checked at every step by :mod:`bench.random_checks`: the state is
plain JSON with no negative number, every waiting seat is offered something, offered options apply
to copies (every one with ``--check-all-options``, else ``--sample`` per seat, and the deadline
default), the action played gives the same state and events on the state reloaded from canonical
JSON, and at the end the game is scored and its log replays to the final state.

Games go round-robin over every (player count, option set) the game's spec accepts, game ``i``
with seed ``--seed + i``, so a run is the same whatever ``--jobs`` is. The figures are games per
second of CPU time per title and per option set (checks included, so far below
``bench_engine.py``), and games per second of wall-clock time for the whole run. Every
failure comes with a recipe (game, players, options, seed, the log as ``seat:text`` and the
action that failed) as one JSON line; ``--replay`` plays a recipe back and shows the traceback.

    python bench/random_games.py --games 2000 [--game lisboa] [--players 3] [--jobs 2]
    python bench/random_games.py --game lisboa --games 200 --check-all-options
    python bench/random_games.py --replay '{"game": "lisboa", ...}'
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import re
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: check this checkout, not whichever `engine` is installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.random_checks import MAX_STEPS, Case, Outcome, Recipe, play_checked  # noqa: E402
from engine import all_games, get_game  # noqa: E402
from engine.core import IllegalAction, play  # noqa: E402

State = dict[str, Any]  # any game's, as the runs see it


def cases(game_id: str, players: list[int] | None = None, only: dict[str, str] | None = None) -> list[Case]:
    """Every option combination the spec accepts (its ``validate`` refuses the ones that do
    not apply, e.g. a building selection without an expansion), at each player count."""
    spec = get_game(game_id).spec
    counts = players or list(range(spec.min_players, spec.max_players + 1))
    wanted = {o.name: o.parse(v) for o in spec.options for k, v in (only or {}).items() if k == o.name}
    unknown = set(only or {}) - {o.name for o in spec.options}
    if unknown:
        raise SystemExit(f"{game_id} has no option {sorted(unknown)}")
    out = []
    for values in itertools.product(*(list(o.choices) for o in spec.options)):
        options = {o.name: v for o, v in zip(spec.options, values, strict=True)}
        if any(options[k] != v for k, v in wanted.items()):
            continue
        for n in counts:  # player counts inside, so a short run still sees every count
            if not spec.min_players <= n <= spec.max_players:
                continue
            try:
                out.append(Case(game_id, n, spec.resolve_options(options, n)))
            except IllegalAction:
                continue
    return out


def _run_one(task: tuple[int, Case, int, int | None, int]) -> Outcome:
    index, case, seed, sample, max_steps = task
    outcome = play_checked(case, seed, sample, max_steps)
    outcome.case = index
    return outcome


def run(
    table: list[Case],
    games: int,
    seed: int,
    sample: int | None,
    jobs: int = 1,
    max_steps: int = MAX_STEPS,
    progress: Callable[[Outcome], None] | None = None,
) -> list[Outcome]:
    """``games`` games round-robin over ``table``; game ``i`` uses seed ``seed + i``.
    ``progress`` sees each outcome as it comes in; the list returned is in seed order."""
    tasks = [(i % len(table), table[i % len(table)], seed + i, sample, max_steps) for i in range(games)]
    outcomes = []
    if jobs <= 1:
        for task in tasks:
            outcomes.append(_run_one(task))
            if progress:
                progress(outcomes[-1])
        return outcomes
    # forkserver: workers never inherit a parent's threads (pytest, asyncio) half way through.
    with multiprocessing.get_context("forkserver").Pool(jobs) as pool:
        for outcome in pool.imap_unordered(_run_one, tasks, chunksize=max(1, min(4, games // (8 * jobs)))):
            outcomes.append(outcome)
            if progress:
                progress(outcome)
    return sorted(outcomes, key=lambda o: o.seed)


def signature(failure: Recipe) -> str:
    """A failure's kind: the check and the error with numbers and quoted texts blotted out."""
    error = re.sub(r"\d+", "N", failure["error"])
    return f"{failure['game']} {failure['check']}: {re.sub(r'`[^`]*`', '`…`', error)}"


def replay_recipe(recipe: Recipe) -> State:
    """Play a recipe's log, then its failing action; raises what the failure raised."""
    game = get_game(recipe["game"])
    names = [f"P{i + 1}" for i in range(recipe["players"])]
    log = [(int(seat), text) for seat, text in (a.split(":", 1) for a in recipe["actions"])]
    state = play.replay(game, names, recipe["options"], recipe["seed"], log)
    if recipe.get("then"):
        seat_text, text = recipe["then"].split(":", 1)
        seat = int(seat_text)
        state, _ = play.apply(game, state, seat, play.parse_action(game, state, seat, text))
    return state


def report(table: list[Case], outcomes: list[Outcome], wall: float) -> dict[str, list[Recipe]]:
    """Print games per CPU second by option set (one column per player count) and for the
    whole title; return the failures by :func:`signature`."""
    counts = sorted({c.players for c in table})
    labels = list(dict.fromkeys(c.label() for c in table))
    cells: dict[tuple[str, int], list[Outcome]] = {}
    for outcome in outcomes:
        case = table[outcome.case]
        cells.setdefault((case.label(), case.players), []).append(outcome)
    print("games/s (CPU) by player count; then games, steps/game, option checks/step, failed games")
    print(
        "".join(f"{f'{n}p':>7}" for n in counts) + f"{'all':>7}{'games':>7}{'steps':>7}{'checks':>7}{'failed':>7}"
        "  options"
    )
    total = f"every option set of {table[0].game}"
    for outcome in outcomes:
        cells.setdefault((total, table[outcome.case].players), []).append(outcome)
    for label in labels + [total]:
        mine = [o for n in counts for o in cells.get((label, n), [])] if label in labels else outcomes
        if not mine:
            continue
        steps, failed = sum(o.steps for o in mine), sum(o.failure is not None for o in mine)
        print(
            "".join(f"{_rate(cells.get((label, n), [])):>7}" for n in counts)
            + f"{_rate(mine):>7}{len(mine):>7}{steps / len(mine):>7.0f}"
            f"{sum(o.checks for o in mine) / max(1, steps):>7.2f}{failed:>7}  {label}"
        )
    steps = sum(o.steps for o in outcomes)
    print(
        f"{len(outcomes)} games, {steps} steps in {wall:.1f} s wall clock: "
        f"{len(outcomes) / wall:.2f} games/s, {steps / wall:.0f} steps/s"
    )
    failures: dict[str, list[Recipe]] = {}
    for outcome in outcomes:
        if outcome.failure is not None:
            failures.setdefault(signature(outcome.failure), []).append(outcome.failure)
    return failures


def _rate(mine: list[Outcome]) -> str:
    seconds = sum(o.seconds for o in mine)
    return f"{len(mine) / seconds:.2f}" if mine and seconds > 0 else "-"


def _progress(total: int) -> Callable[[Outcome], None]:
    """Print each failure as it is found, and a count every tenth of the run."""
    seen = [0]

    def show(outcome: Outcome) -> None:
        seen[0] += 1
        if outcome.failure is not None:
            print(f"  seed {outcome.seed}: {outcome.failure['check']}: {outcome.failure['error']}", flush=True)
        if seen[0] % max(1, total // 10) == 0:
            print(f"  {seen[0]}/{total} games", flush=True)

    return show


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=[g.spec.id for g in all_games()],
        help="repeatable; default: every registered game",
    )
    parser.add_argument("--games", type=int, default=200, help="games per title (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--players", type=int, nargs="+", help="default: every count the game allows")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE", help="only these option values")
    parser.add_argument(
        "--check-all-options",
        action="store_true",
        help="apply every offered option at every step (slow) instead of --sample",
    )
    parser.add_argument("--sample", type=int, default=2, help="options checked per waiting seat and step")
    parser.add_argument("--max-steps", type=int, default=MAX_STEPS)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--replay", metavar="RECIPE", help="a failure's JSON recipe (or a file holding it)")
    args = parser.parse_args(argv)
    if args.replay:
        raw = Path(args.replay).read_text() if Path(args.replay).is_file() else args.replay
        recipe = json.loads(raw)
        try:
            replay_recipe(recipe)
        except Exception:
            traceback.print_exc()
            return 1
        problem = None if recipe.get("then") else "no failing action in the recipe"
        print(problem or "the recipe's last action applied without error")
        return 0
    sample = None if args.check_all_options else args.sample
    only = dict(pair.split("=", 1) for pair in args.options)
    failed = False
    for game_id in args.game or [g.spec.id for g in all_games()]:
        table = cases(game_id, args.players, only)
        if not table:
            print(f"{game_id}: no table with players {args.players} and options {only}")
            continue
        checked = "every option" if sample is None else f"{sample} sampled option(s) per seat"
        print(
            f"\n{game_id}: {args.games} games over {len(table)} tables from seed {args.seed}, "
            f"{checked} applied at every step"
        )
        start = time.perf_counter()
        outcomes = run(table, args.games, args.seed, sample, args.jobs, args.max_steps, _progress(args.games))
        failures = report(table, outcomes, time.perf_counter() - start)
        for kind, recipes in failures.items():
            failed = True
            shortest = min(recipes, key=lambda r: len(r["actions"]))
            print(
                f"FAILED {len(recipes)}x {kind}\n  seeds: {sorted(r['seed'] for r in recipes)[:20]}"
                f"\n  shortest recipe: {json.dumps(shortest, ensure_ascii=False)}"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
