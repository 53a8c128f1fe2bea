"""Board images in Japanese: every string drawn has a glyph for each character (no missing-glyph
boxes), images stay within Discord's limit, and the font is found, chosen and missed as documented."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageFont

from render import common, render_board, render_player_board
from render.common import MAX_PNG_BYTES, Canvas, cjk_files
from tests.render.sample_views import NAMES, sample_views, text_view

pytestmark = pytest.mark.skipif(cjk_files() is None, reason="no CJK font installed (apt install fonts-noto-cjk)")

Drawn = list[tuple[str, int, bool]]


def _clear_caches() -> None:
    """Forget every cached font, text and base image (so each test draws everything it checks)."""
    from render import lisboa, lorenzo, puerto_rico, red_cathedral

    for fn in (
        common.cjk_files,
        common.cjk_font,
        common.uses_cjk,
        common._mask,
        common.text_width,
        common.fit,
        common._wrap,
        common.shrink,
        puerto_rico._base,
        puerto_rico._player_base,
        lisboa._base,
        lisboa._player_base,
        lorenzo._base,
        red_cathedral._base,
    ):
        fn.cache_clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every (string, size, bold) drawn on a canvas while the test runs."""
    seen: Drawn = []
    _clear_caches()
    original = Canvas.text

    def record(self: Canvas, x: float, y: float, s: str, size: int, *args: Any, **kwargs: Any) -> float:
        bold = bool(kwargs.get("bold", args[2] if len(args) > 2 else False))
        seen.append((s, size, bold))
        return original(self, x, y, s, size, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", record)
    yield seen


@cache
def _notdef(face: ImageFont.FreeTypeFont) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask("\uffff")  # a noncharacter: every font draws its .notdef glyph for it
    return mask.size, bytes(mask)


def missing_glyphs(s: str, size: int, bold: bool) -> list[str]:
    """The characters of ``s`` that the font chosen for ``s`` draws as its .notdef box."""
    face, _ = common._font_for(s, size, bold)
    assert isinstance(face, ImageFont.FreeTypeFont)
    box = _notdef(face)
    out = []
    for ch in set(s):
        mask = face.getmask(ch)
        if (mask.size, bytes(mask)) == box:
            out.append(ch)
    return out


def _has_japanese(s: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in s)


LABELS = [label for label, _, _ in sample_views()]


@pytest.mark.parametrize("label", LABELS)
def test_japanese_boards_draw_every_glyph_and_stay_small(label: str, drawn: Drawn) -> None:
    _, public, mine = next(v for v in sample_views() if v[0] == label)
    for png in (render_board(public, "ja"), render_player_board(mine, 0, "ja")):
        assert len(png) <= MAX_PNG_BYTES
        Image.open(io.BytesIO(png)).verify()
    assert any(_has_japanese(s) for s, _, _ in drawn), "nothing was drawn in Japanese"
    boxes = {s: chars for s, size, bold in set(drawn) if (chars := missing_glyphs(s, size, bold))}
    assert not boxes


def test_the_text_board_in_japanese(drawn: Drawn) -> None:
    render_board(text_view(), "ja")
    assert any(_has_japanese(s) for s, _, _ in drawn)
    assert not [s for s, size, bold in set(drawn) if missing_glyphs(s, size, bold)]


def test_the_check_sees_a_missing_glyph() -> None:
    """The check can fail: the bundled font has no glyph for a kana (and the CJK one has none for a
    private-use character)."""
    face = common.font(16)
    assert isinstance(face, ImageFont.FreeTypeFont)
    box = _notdef(face)
    assert (face.getmask("あ").size, bytes(face.getmask("あ"))) == box
    assert missing_glyphs("\ue000", 16, False) == ["\ue000"]


def test_a_japanese_name_in_an_english_table_is_drawn(drawn: Drawn) -> None:
    """Text the bundled font lacks uses the CJK font even in English; English words keep the bundled font."""
    _, public, _ = sample_views()[1]
    public = {**public, "players": ["さくら", *public["players"][1:]]}
    render_board(public, "en")
    names = [(s, size, bold) for s, size, bold in drawn if "さくら" in s]
    assert names and not [s for s, size, bold in names if missing_glyphs(s, size, bold)]
    assert common.uses_cjk("さくら") and not common.uses_cjk("Round 3 · Governor: Ann …")
    assert common._font_for("Round 3", 19, False)[0] is common.font(19)


def test_japanese_lines_break_between_characters() -> None:
    text = "このラウンドでゲーム終了、建物置き場が満杯です。"
    lines = common.wrap(text, 16, 120)
    assert len(lines) > 1 and "".join(lines) == text
    assert all(common.text_width(line, 16) <= 120 + 16 for line in lines)  # a closing mark may hang
    assert not any(line[0] in common.NO_LINE_START for line in lines)
    assert common.wrap("Round three of six", 16, 60) == ["Round", "three of", "six"]


def test_no_cjk_font_draws_with_the_bundled_font_and_warns_once(monkeypatch, caplog) -> None:
    monkeypatch.setenv(common.CJK_ENV, "/nonexistent/font.ttc")
    monkeypatch.setattr(common, "CJK_PATHS", ())
    monkeypatch.setattr(common, "_fc_match", lambda pattern: None)
    _clear_caches()
    try:
        with caplog.at_level(logging.WARNING, logger="render.common"):
            png = render_board(sample_views()[0][1], "ja")
            render_board(sample_views()[1][1], "ja")
        assert png.startswith(b"\x89PNG")
        assert common.cjk_files() is None and not common.uses_cjk("ラウンド")
        warnings = [r for r in caplog.records if "no CJK font" in r.getMessage()]
        assert len(warnings) == 1
    finally:
        monkeypatch.undo()
        _clear_caches()
    assert common.cjk_files() is not None


def test_the_environment_variable_names_the_font(monkeypatch) -> None:
    regular = cjk_files()
    assert regular is not None
    monkeypatch.setenv(common.CJK_ENV, regular[0])
    _clear_caches()
    try:
        assert common.cjk_files() == (regular[0], None)
        face = common.cjk_font(20, True)
        assert face is not None and face.getname()[0].endswith("JP")
    finally:
        monkeypatch.undo()
        _clear_caches()


ID = re.compile(r"[A-Za-z]+-[A-Za-z0-9-]*")  # card, tile and space ids: brown-04, CL-29, L-A, plan-4a


def test_no_english_word_is_left_on_a_japanese_board(drawn: Drawn) -> None:
    """Apart from ids and the players' names, a Japanese board draws no Latin word (the text board
    of a game without a renderer is left out: its view's keys are the game's own words)."""
    for _, public, mine in sample_views():
        render_board(public, "ja")
        render_player_board(mine, 0, "ja")
    names = set(NAMES)
    left = {w for s, _, _ in drawn for w in re.findall(r"[A-Za-z]{3,}", ID.sub(" ", s)) if w not in names}
    assert not left
