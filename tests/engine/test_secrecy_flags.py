"""Secrecy comes from a decision's secret flag alone (issue 24): the bot draws a decision's options on
the public turn message unless its shape says they are secret. So every game must flag each decision
whose options name something only the deciding player may see. Seeded random games of every table of
every game with hidden information check it at every decision (``bench/secrecy_audit.py`` plays more);
the audit itself is shown to catch an unflagged decision."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.secrecy_audit import Audit, play_one, tables
from engine import get_game
from engine.core import all_games, play

HIDDEN = sorted(g.spec.id for g in all_games() if g.spec.has_hidden_info and not g.spec.id.startswith("toy"))
STEPS = 150  # per game: enough to reach hands, leaders and draws in every title


def test_every_game_with_hidden_information_is_audited() -> None:
    assert {"lisboa", "lorenzo", "puerto_rico"} <= set(HIDDEN)


@pytest.mark.parametrize("game_id", HIDDEN)
def test_options_naming_what_only_the_player_sees_are_flagged_secret(game_id: str) -> None:
    audit = Audit()
    for players, options in tables(get_game(game_id)):
        play_one(audit, game_id, players, options, seed=5, max_steps=STEPS)
    assert audit.decisions > 100
    assert {kind: sorted(f.words)[:5] for (_, kind), f in audit.unflagged.items()} == {}


def test_the_audit_finds_an_unflagged_decision() -> None:
    """A Lisboa hand, its decision's flag taken away: the audit names the decision and the cards."""
    game = get_game("lisboa")
    state, _ = play.new_game(game, ["Ann", "Bob"], {}, 3)
    seat = play.waiting_players(game, state)[0]
    decision = play.decision_of(game, state, seat)
    assert decision is not None and decision.shape is not None and decision.shape.secret
    audit = Audit()
    audit.judge("lisboa", game, state, seat, decision)
    assert audit.unflagged == {}
    audit.judge("lisboa", game, state, seat, replace(decision, shape=replace(decision.shape, secret=False)))
    assert audit.unflagged[("lisboa", decision.kind)].words
