"""Engine core: game contract, decisions, validated apply, text matching, seeded RNG."""

from .decisions import CHAIN, PARALLEL, SINGLE, Action, Decision, Event, EventText, State
from .discovery import BrokenEntryPoint
from .errors import IllegalAction
from .game import Game
from .outcome import Outcome, SeatResult, place_ranks
from .registry import all_games, find_game, get_game, register, registered
from .spec import GameSpec, OptionSpec

__all__ = [
    "CHAIN",
    "PARALLEL",
    "SINGLE",
    "Action",
    "Decision",
    "Event",
    "EventText",
    "State",
    "IllegalAction",
    "Game",
    "GameSpec",
    "OptionSpec",
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
