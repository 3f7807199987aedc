"""Widgets every game screen may use: the action picker, the game log, the
seats panel, the score table and a plain view of the table."""

from .action_picker import ActionPicker
from .game_log import GameLog
from .score_table import ScoreTable
from .seat_table import SeatTable
from .state_view import StateView

__all__ = ["ActionPicker", "GameLog", "ScoreTable", "SeatTable", "StateView"]
