"""Board images as a player sees them in Discord: per game, language and image kind, the image's size
(px, KB), its warm render time (p50, p95, PNG encoding included) and its text as shown at Discord's
inline width (550 px): the smallest text height there, and how many texts fall under 8 px and 11 px.

Issue 25's targets for a turn image: text at least 11 px at 550 px wide (nothing under 8), at most
300 KB, warm render p95 at most 60 ms on 2 cores.

Image kinds are those a renderer declares: ``turn`` (the turn image a turn message shows, from the
public view as a table draws it) when it draws one, ``board`` (the full board, from the same view) and
``player_board`` (seat 0's own board) always, plus any name in the renderer's optional ``IMAGE_KINDS``
(a function of the package taking ``(view, lang)``, drawn from seat 0's view: e.g. a turn image).
Text heights come from the layout each board records (:mod:`render.layout`): a text's height is its
font size in pixels, as shown: ``size * 550 / image width``. Views come from seeded random games
(``bench_render.sample_views``) at every player count the game allows.

    python bench/board_images.py [--game lisboa ...] [--lang en ja] [--samples 8]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from bench.bench_render import p95, sample_views  # noqa: E402
from engine import get_game  # noqa: E402
from render import drawer, renderer_ids  # noqa: E402
from render.common import encode_png  # noqa: E402
from render.layout import layout_of  # noqa: E402

INLINE_W = 550  # Discord's inline image width on desktop
View = dict[str, Any]
Draw = Callable[[View, View, str], Image.Image]  # (public view, seat 0's view, language) -> image


def image_kinds(module: ModuleType) -> dict[str, Draw]:
    """Every image the renderer draws, by name."""
    kinds: dict[str, Draw] = {
        "board": lambda public, mine, lang: module.board(public, lang),
        "player_board": lambda public, mine, lang: module.player_board(mine, 0, lang),
    }
    turn = getattr(module, "turn", None)
    if callable(turn):
        kinds = {"turn": lambda public, mine, lang: turn(public, lang), **kinds}
    for name in getattr(module, "IMAGE_KINDS", ()):
        kinds[name] = _from_own_view(getattr(module, name))
    return kinds


def _from_own_view(fn: Callable[[View, str], Image.Image]) -> Draw:
    return lambda public, mine, lang: fn(mine, lang)


def measure(draw: Draw, views: list[tuple[View, View]], lang: str, palette: Image.Image | None) -> dict[str, Any]:
    """Sizes, warm times and text heights at 550 px over ``views`` (one untimed draw first)."""
    draw(*views[0], lang)
    times, sizes, kbs, least, under8, under11, texts = [], [], [], [], [], [], []
    for public, mine in views:
        start = time.perf_counter()
        im = draw(public, mine, lang)
        png = encode_png(im, palette)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(im.size)
        kbs.append(len(png) / 1024)
        shown = [t.size * INLINE_W / im.width for t in layout_of(im).texts]
        texts.append(len(shown))
        least.append(min(shown, default=0.0))
        under8.append(sum(h < 8 for h in shown))
        under11.append(sum(h < 11 for h in shown))
    return {
        "px": max(sizes, key=lambda s: s[0] * s[1]),
        "kb": (statistics.median(kbs), max(kbs)),
        "ms": (statistics.median(times), p95(times)),
        "least": min(least),
        "under8": statistics.median(under8),
        "under11": statistics.median(under11),
        "texts": statistics.median(texts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", nargs="+", default=None, help="default: every game with a renderer")
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--samples", type=int, default=8, help="views per player count")
    args = parser.parse_args()
    print(
        f"{'game':<14}{'lang':<5}{'image':<13}{'px (largest)':>13}{'KB p50/max':>13}{'ms p50/p95':>13}"
        f"{'least@550':>10}{'<8':>6}{'<11':>6}{'texts':>7}"
    )
    for game in args.game or renderer_ids():
        spec = get_game(game).spec
        views = [v for n in range(spec.min_players, spec.max_players + 1) for v in sample_views(game, n, args.samples)]
        module = drawer(game)
        for lang in args.lang:
            for kind, draw in image_kinds(module).items():
                m = measure(draw, views, lang, getattr(module, "PALETTE", None))
                w, h = m["px"]
                print(
                    f"{game:<14}{lang:<5}{kind:<13}{f'{w}x{h}':>13}{m['kb'][0]:>7.0f}/{m['kb'][1]:<5.0f}"
                    f"{m['ms'][0]:>7.1f}/{m['ms'][1]:<5.1f}{m['least']:>10.1f}{m['under8']:>6.0f}"
                    f"{m['under11']:>6.0f}{m['texts']:>7.0f}"
                )


if __name__ == "__main__":
    main()
