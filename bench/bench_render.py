"""Board image render time and PNG size per game (Puerto Rico 2-5 players, Lisboa 2-4).

Views come from seeded random games, sampled every few actions up to the end. "cold"
clears every render cache (fonts, text, base images) before each render; "warm" renders
with the caches as a running bot would have them. Times include PNG encoding.

    python bench/bench_render.py [--game lisboa] [--samples 40] [--players 2 3 4 5] [--lang ja]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.core import play  # noqa: E402
from render import common, drawer, render_board, render_player_board  # noqa: E402
from render.final import with_outcome  # noqa: E402
from render.turn import with_table  # noqa: E402

View = dict[str, Any]


def sample_views(game_id: str, players: int, samples: int, seed: int = 1) -> list[tuple[View, View]]:
    """(public view, seat-0 private view) at evenly spread points of one random game; the public view
    as a table draws it: who acts on what, the board as the turn began (the last position where the
    seats owing a decision changed) and, at the end, the outcome."""
    game = get_game(game_id)
    state, _ = play.new_game(game, [f"Player {i + 1}" for i in range(players)], {}, seed)
    chooser = random.Random(seed)
    states, began = [state], [state]
    owing = game.waiting(state)
    while not state["over"]:
        seat = chooser.choice(game.waiting(state))
        previous = state
        state, _ = play.apply(game, state, seat, chooser.choice(game.legal_actions(state, seat)))
        if game.waiting(state) != owing:
            owing = game.waiting(state)
            began.append(previous)
        else:
            began.append(began[-1])
        states.append(state)
    step = max(1, len(states) // samples)
    picked = list(range(len(states)))[::step][: samples - 1] + [len(states) - 1]
    return [(_as_drawn(game, states[i], began[i]), game.view(states[i], 0)) for i in picked]


def _as_drawn(game: Any, state: Any, began: Any) -> View:
    acting = [(d.player, d.prompt or d.kind) for d in play.pending(game, state)]
    view = with_table(game.public_view(state), acting, game.public_view(began))
    return with_outcome(view, game.outcome(state) if game.is_over(state) else None)


def clear_caches(game_id: str) -> None:
    """The shared text caches and the game's renderer's own (its cached base images)."""
    bases = [f for f in vars(drawer(game_id)).values() if callable(getattr(f, "cache_clear", None))]
    fonts = [getattr(common, name) for name in ("cjk_font", "uses_cjk", "shrink") if hasattr(common, name)]
    for fn in (common.font, common._mask, common.text_width, common.fit, common._wrap, *fonts, *bases):
        fn.cache_clear()


def timed(fn: Callable[[], bytes], cold: str | None) -> tuple[float, int]:
    """``fn``'s time and PNG size; ``cold``: the game whose caches are cleared first (None: warm)."""
    if cold:
        clear_caches(cold)
    start = time.perf_counter()
    png = fn()
    return (time.perf_counter() - start) * 1000, len(png)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(label: str, times: list[float], sizes: list[int]) -> None:
    print(
        f"{label:<28} median {statistics.median(times):6.1f} ms   p95 {p95(times):6.1f} ms   "
        f"max {max(times):6.1f} ms   size median {statistics.median(sizes) / 1024:5.0f} KiB, "
        f"max {max(sizes) / 1024:5.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--players", type=int, nargs="+", default=None, help="default: every count the game allows")
    parser.add_argument("--lang", default="en", help="the images' language (en, ja)")
    args = parser.parse_args()
    kw = {"lang": args.lang} if args.lang != "en" else {}
    spec = get_game(args.game).spec
    args.players = args.players or list(range(spec.min_players, spec.max_players + 1))
    drawer(args.game)  # the renderer package is imported before timing
    for players in args.players:
        views = sample_views(args.game, players, args.samples)
        for cold in (True, False):
            if not cold:
                render_board(views[0][0], **kw)
            runs = [timed(lambda v=pub: render_board(v, **kw), args.game if cold else None) for pub, _ in views]
            report(f"{players}p board {'cold' if cold else 'warm'}", [t for t, _ in runs], [n for _, n in runs])
        runs = [timed(lambda v=mine: render_player_board(v, 0, **kw), None) for _, mine in views]
        report(f"{players}p my board warm", [t for t, _ in runs], [n for _, n in runs])


if __name__ == "__main__":
    main()
