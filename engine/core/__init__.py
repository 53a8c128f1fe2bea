"""Engine core: game contract, decisions, validated apply, text matching, seeded RNG."""

from .decisions import CHAIN, PARALLEL, SINGLE, Decision, EventText
from .discovery import BrokenEntryPoint
from .errors import IllegalAction
from .game import AnyGame, Game
from .outcome import Outcome, SeatResult, place_ranks
from .registry import all_games, find_game, get_game, register, registered
from .spec import GameSpec, Options, OptionSpec

__all__ = [
    "CHAIN",
    "PARALLEL",
    "SINGLE",
    "AnyGame",
    "Decision",
    "EventText",
    "IllegalAction",
    "Game",
    "GameSpec",
    "OptionSpec",
    "Options",
    "Outcome",
    "SeatResult",
    "BrokenEntryPoint",
    "all_games",
    "find_game",
    "get_game",
    "place_ranks",
    "register",
    "registered",
]
