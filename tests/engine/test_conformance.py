"""One API conformance suite for every registered game (OpenSpiel's random_sim_test
in spirit): random playouts checked at every step, at every player count the game allows."""

from __future__ import annotations

import json
import random

import pytest

from engine import all_games
from engine.core import Decision, Game, IllegalAction, Outcome, play
from engine.core import shapes as sh
from engine.core.shapes import accepts_action
from engine.core.takeback import take_back_action

#: Every game with every player count it allows.
TABLES = [(g, n) for g in all_games() for n in range(g.spec.min_players, g.spec.max_players + 1)]
TABLE_IDS = [f"{g.spec.id}-{n}p" for g, n in TABLES]
CASES = [(g, n, seed) for g, n in TABLES for seed in (1, 2)]
MAX_STEPS = 5000
TAKE_BACK_RATE = 0.1  # how often a playout takes back a held answer to a parallel decision


def _natural_answers(shape: sh.Shape) -> list[object]:
    """Each listed option as an answer of its shape."""
    if isinstance(shape, sh.ChooseSeveral):
        return [list(o.picks) for o in shape.options]
    if isinstance(shape, sh.Amount):
        return [o.amount for o in shape.options]
    if isinstance(shape, sh.Confirm):
        return [o.text != shape.pass_text for o in shape.options]
    return [o.text for o in shape.options]


def _check_shape(game: Game, d: Decision) -> None:
    """Every decision has a shape listing its options in order, each with a label for people, whose
    answers its shape accepts; it survives JSON; its pass option is one of its options."""
    shape = d.shape
    assert isinstance(shape, sh.Shape) and shape.type in sh.SHAPES, f"{d.kind} has no shape"
    assert shape.texts == [play.action_text(game, a) for a in d.options], d.kind
    assert all(o.label.strip() for o in shape.options), f"{d.kind} has an empty label"
    assert shape.pass_text is None or shape.pass_text in shape.texts
    assert isinstance(shape.secret, bool)
    if isinstance(shape, sh.Distribute):
        assert sh.accepts(shape, shape.proposal)
        assert sh.distribute_action(shape, shape.proposal) == d.options[0]  # the proposal is listed first
    else:
        for i, answer in enumerate(_natural_answers(shape)):
            assert sh.accepts(shape, answer) and sh.option_index(shape, answer) == i, (d.kind, answer)
    assert sh.from_dict(json.loads(json.dumps(sh.to_dict(shape)))) == shape


def _check_step(game: Game, state: dict, stored: str, players: int, rnd: random.Random) -> None:
    """``stored`` is ``play.dumps(state)``, the canonical JSON the bot stores."""
    # Plain JSON all the way down: a tuple or a set would come back as a list or not at all.
    assert play.loads(stored) == state, "the state is not plain JSON"
    waiting = play.waiting_players(game, state)
    assert waiting, "a running game always waits on somebody"
    decisions = play.pending(game, state)
    assert sorted({d.player for d in decisions}) == sorted(waiting)
    for d in decisions:
        assert len(d.options) >= 2, f"{d.kind} for seat {d.player} has one option; it should be forced"
        assert d.default is None or d.default in d.options or accepts_action(d.shape, d.default)
        _check_shape(game, d)
    for seat in range(players):
        legal = play.legal_actions(game, state, seat)
        if seat not in waiting:  # an idle seat decides nothing; it may only take back a held answer
            assert legal == ([take_back_action()] if play.may_take_back(game, state, seat) else [])
            continue
        texts = [play.action_text(game, a) for a in legal]
        assert len(set(texts)) == len(texts), f"duplicate action texts {texts}"
        for action, text in zip(legal, texts, strict=True):
            assert play.parse_action(game, state, seat, text) == action
    # Rules never depend on dict key order, which a JSON round trip (sorted keys) changes.
    reloaded = play.loads(stored)
    for seat in waiting:
        assert play.legal_texts(game, reloaded, seat) == play.legal_texts(game, state, seat)
    assert game.public_view(reloaded) == game.public_view(state)
    idle = [s for s in range(players) if s not in waiting]
    if idle:
        some_action = play.legal_actions(game, state, waiting[0])[0]
        with pytest.raises(IllegalAction) as err:
            play.apply(game, state, rnd.choice(idle), some_action)
        assert err.value.code == "not_your_turn"


def _said(game: Game, state: dict, events: list[dict]) -> list[object]:
    return [[e, play.event_text(game, state, e)] for e in events]


def _check_reload_plays_on_alike(
    game: Game, stored: str, seat: int, action: dict, new_state: dict, new_stored: str, events: list[dict]
) -> None:
    """Rules never depend on dict key order: the same action applied to the state as stored
    (``stored``: reloaded from canonical JSON, sorted keys, as the bot does before every action)
    gives the same state, the same events and the same sentences as applied to the state kept in
    memory (``new_state``, stored as ``new_stored``)."""
    reloaded, reloaded_events = play.apply(game, play.loads(stored), seat, action)
    assert play.dumps(reloaded) == new_stored, f"{action} plays on differently after a reload"
    assert reloaded_events == events, f"{action} gives other events after a reload"
    assert _said(game, reloaded, reloaded_events) == _said(game, new_state, events)


@pytest.mark.parametrize(("game", "players", "seed"), CASES, ids=[f"{g.spec.id}-{n}p-seed{s}" for g, n, s in CASES])
def test_random_playout_keeps_every_api_promise(game: Game, players: int, seed: int) -> None:
    names = [f"P{i + 1}" for i in range(players)]
    state, _ = play.new_game(game, names, {}, seed)
    assert game.outcome(state) is None
    rnd = random.Random(seed)
    log: list[tuple[int, str]] = []
    stored = play.dumps(state)  # the state's canonical JSON, carried from step to step
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            break
        _check_step(game, state, stored, players, rnd)
        seat = rnd.choice(play.waiting_players(game, state))
        action = rnd.choice(play.legal_actions(game, state, seat))
        takers = [s for s in range(players) if play.may_take_back(game, state, s)]
        if takers and rnd.random() < TAKE_BACK_RATE:
            seat, action = rnd.choice(takers), take_back_action()
        new_state, events = play.apply(game, state, seat, action)
        assert play.dumps(state) == stored, "apply must not mutate its input"
        new_stored = play.dumps(new_state)
        _check_reload_plays_on_alike(game, stored, seat, action, new_state, new_stored, events)
        assert play.dumps(play.loads(new_stored)) == new_stored
        if action == take_back_action():  # the seat owes the decision again
            assert seat in play.waiting_players(game, new_state)
        log.append((seat, play.action_text(game, action)))
        state, stored = new_state, new_stored
    assert game.is_over(state), f"no end within {MAX_STEPS} decisions"
    assert json.loads(json.dumps(state)) == state, "the final state is not plain JSON"
    assert play.pending(game, state) == [] and play.waiting_players(game, state) == []
    outcome = game.outcome(state)
    assert outcome is not None and sorted(r.seat for r in outcome.results) == list(range(players))
    assert [outcome.seat(s).name for s in range(players)] == names
    assert game.outcome(play.loads(play.dumps(state))) == outcome  # a stored state reads the same
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    with pytest.raises(IllegalAction) as err:
        play.apply(game, state, 0, {"verb": "pass"})
    assert err.value.code == "game_over"
    assert play.dumps(play.replay(game, names, {}, seed, log)) == play.dumps(state)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_same_seed_and_choices_give_identical_games_whatever_global_random_does(game: Game, players: int) -> None:
    def run() -> str:
        state, _ = play.new_game(game, [f"P{i + 1}" for i in range(players)], {}, 42)
        chooser = random.Random(3)
        for _ in range(150):
            if game.is_over(state):
                break
            random.seed(chooser.random())  # noise in the global generator must not matter
            seat = chooser.choice(play.waiting_players(game, state))
            state, _ = play.apply(game, state, seat, chooser.choice(play.legal_actions(game, state, seat)))
        return play.dumps(state)

    assert run() == run()


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_different_seeds_give_different_set_ups(game: Game, players: int) -> None:
    if not game.spec.has_chance:
        pytest.skip("no chance in this game")
    names = [f"P{i + 1}" for i in range(players)]
    one, _ = play.new_game(game, names, {}, 1)
    two, _ = play.new_game(game, names, {}, 2)
    assert play.dumps(one) != play.dumps(two)
