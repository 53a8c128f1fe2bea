"""Lisboa's turn image (what a turn message shows), made for Discord's inline size with the shared
frame of :mod:`render.turn`: the header (era, round, turn), who acts now and on what, the players'
strip (wigs, influence, réis, goods, rubble, officials, hand, plans, decrees; each number changed
since the turn began marked), a line on the follow window, church scoring or the coming end, then
the shared board (:mod:`.compact`, :mod:`.city_grid`) and a legend. Once the game is over the board
gives way to the final banner and score table (:func:`render.final.panel`), the strip showing the
final totals.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from .. import final
from ..common import MUTED, Canvas, View
from ..turn import PAD, WIDTH, Icon, Row, Stat, acting, before, canvas, done, header, legend, now, strip, was
from . import city_grid, compact, icons
from .effects import PROVISIONAL_MARK
from .i18n import msg, tr
from .parts import GOOD_NAMES, GOODS, RUBBLE, RUBBLE_NAMES, seat_colour, table_colours, use_pack
from .view import hand_size, top_frame

#: The package whose catalogue names the final score's parts (the engine's).
ENGINE = "engine.lisboa"


def _where(view: View, lang: str) -> str:
    bits = [
        tr(msg("Era {n}", n=view.get("era", "?")), lang),
        tr(msg("Round {n}", n=view.get("round", "?")), lang),
        tr(msg("Turn {n}", n=view.get("turn", "?")), lang),
    ]
    return " · ".join(bits)


def _rubble(board: View | None) -> int:
    counts = was(board, "rubble") or {}
    return sum(int(v) for v in counts.values()) if isinstance(counts, dict) else 0


def _rows(view: View, old: View | None, lang: str, totals: dict[int, float] | None) -> list[Row]:
    names = view.get("players") or []
    open_ = {seat for seat, _ in acting(view)}
    out = []
    for seat, b in enumerate(view.get("boards") or []):
        o = was(old, "boards", seat)

        def stat(label: str, key: str, icon: Icon | None = None, b: View = b, o: View | None = o) -> Stat:
            return Stat(label, int(b.get(key, 0)), was(o, key), icon)

        wigs: Stat = stat(tr(msg("wigs"), lang), "wigs")
        if totals is not None and seat in totals:
            wigs = Stat(tr(msg("final"), lang), int(totals[seat]))
        goods = b.get("goods") or {}
        stats = [
            wigs,
            stat(tr(msg("infl"), lang), "influence"),
            stat("", "reis", icons.coin),
            *[Stat("", int(goods.get(g, 0)), was(o, "goods", g), icons.good_icon(g)) for g in GOODS],
            Stat(tr(msg("rubble"), lang), _rubble(b), _rubble(o) if o is not None else None),
            stat(tr(msg("officials"), lang), "officials"),
            Stat(tr(msg("hand"), lang), hand_size(b), hand_size(o) if isinstance(o, dict) else None),
            Stat(tr(msg("plans"), lang), _plans(b), _plans(o) if isinstance(o, dict) else None),
            Stat(tr(msg("decrees"), lang), len(b.get("decrees") or []), _count(o, "decrees")),
        ]
        name = str(names[seat]) if seat < len(names) else str(seat + 1)
        out.append(Row(seat, name, seat_colour(seat), stats, seat in open_))
    return out


def _plans(board: dict[str, object]) -> str:
    """``2+1``: plans held and completed."""
    held, completed = board.get("plans") or [], board.get("completed_plans") or []
    return f"{len(held) if isinstance(held, list) else 0}+{len(completed) if isinstance(completed, list) else 0}"


def _count(board: View | None, key: str) -> int | None:
    found = was(board, key)
    return len(found) if isinstance(found, list) else None


def _status(view: View, lang: str) -> str:
    """The follow window, church scoring or the coming end of an era or the game, and the start
    player."""
    names = view.get("players") or []

    def who(seat: object) -> str:
        return str(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    start = tr(msg("start player: {name}", name=who(view.get("start_player"))), lang)
    event = _event(view, lang, who)
    return f"{event}  ·  {start}" if event else start


def _event(view: View, lang: str, who: Callable[[object], str]) -> str:
    frame = top_frame(view)
    if frame and frame.get("kind") == "follow":
        data = frame.get("data") or {}
        card = (view.get("court") or {}).get("card")
        return tr(
            msg("{name} visited ({card}); the others may follow", name=who(data.get("visitor")), card=card or "?"),
            lang,
        )
    if frame and frame.get("kind") == "church":
        return tr(msg("Church scoring: each player chooses clergy tiles to score"), lang)
    end = view.get("end")
    if isinstance(end, dict):
        last = end.get("last_round")
        if last:
            return tr(
                msg("{name} triggered the end: the game ends after round {n}", name=who(end.get("by")), n=last), lang
            )
        return tr(msg("{name} triggered the end: this round and one more are played", name=who(end.get("by"))), lang)
    era_end = view.get("era_end")
    if isinstance(era_end, dict) and view.get("era") == 1:
        return tr(msg("{name} ended era 1: it ends with this turn", name=who(era_end.get("by"))), lang)
    return ""


def _legend(lang: str, players: int) -> list[tuple[str, str]]:
    entries = [(GOODS[g][2], tr(GOOD_NAMES[g], lang)) for g in GOODS]
    entries += [(RUBBLE[d][2], tr(RUBBLE_NAMES[d], lang)) for d in RUBBLE]
    colours = table_colours()[:players]
    seats = " ".join(c.mark for c in colours)
    entries.append(
        (seats, tr(msg("players' discs: {colours}", colours=", ".join(tr(c.name, lang) for c in colours)), lang))
    )
    entries += [
        ("r", tr(msg("reis"), lang)),
        (tr(msg("infl"), lang), tr(msg("influence"), lang)),
        ("4w", tr(msg("4 wigs"), lang)),
        ("2+1", tr(msg("plans held + completed"), lang)),
        ("B7(5)", tr(msg("plan B7, 5 officials"), lang)),
        ("1/x", tr(msg("1 wig per x"), lang)),
        (PROVISIONAL_MARK, tr(msg("provisional value"), lang)),
    ]
    return entries


def turn(view: View, lang: str = "en") -> Image.Image:
    """The turn image of a (public) view: 1100 px wide, text no smaller than 22 px."""
    use_pack(view)
    c: Canvas = canvas(lang)
    old = before(view)
    result = final.outcome(view)
    names = [str(n) for n in view.get("players") or []]
    y = header(c, tr(msg("LISBOA"), lang), _where(view, lang))
    colours = [seat_colour(s) for s in range(len(names))]
    y = now(c, y, view, names, colours)
    y = strip(c, y, _rows(view, old, lang, final.final_values(view)))
    if result is None:
        y = icons.lines(c, PAD, y + 6, [_status(view, lang)], WIDTH - 2 * PAD, bold_first=True) + 4
    if result is not None:
        y = final.panel(c, y + PAD, result, names, colours, ENGINE)
    else:
        y = compact.court(c, y, view, old)
        y = compact.market(c, y, view, old)
        y = compact.church_and_decrees(c, y, view, old)
        y = city_grid.city(c, y, view, old)
    y = legend(c, y + 4, _legend(lang, len(names)))
    c.d.line((0, y, WIDTH, y), fill=MUTED, width=1)
    return done(c, y)


__all__ = ["turn"]
