"""A refusal quotes what was sent back, shortened like typed text: a malformed action object with
a huge field (a buggy or hostile front end) must not come back in full."""

from __future__ import annotations

import pytest

from engine import all_games
from engine.core import Game, IllegalAction, play
from engine.core.text import QUOTE_CHARS

HUGE = 10_000


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_a_refused_action_with_a_10_kb_field_is_quoted_short(game: Game) -> None:
    state, _ = play.new_game(game, ["A", "B", "C"], {}, 1)
    seat = play.waiting_players(game, state)[0]
    legal = play.legal_actions(game, state, seat)
    bad = {**legal[0], list(legal[0])[-1]: "x" * HUGE}  # a field the action's text shows
    before = play.dumps(state)
    with pytest.raises(IllegalAction) as err:
        play.apply(game, state, seat, bad)
    assert err.value.code == "illegal_action"
    assert play.dumps(state) == before
    reason = str(err.value.reason)
    assert "x" * QUOTE_CHARS not in reason and len(reason) < 2 * QUOTE_CHARS + 40, reason[:200]
    # ... and it still says what is legal
    assert err.value.legal == play.legal_texts(game, state, seat)
    assert "Legal now" in str(err.value) and len(str(err.value)) < HUGE // 10
