"""FIDE Tournament Report File (TRF16 and TRF-2026): the one reader and writer.

records  the records and their columns, :class:`TrfError`
reader   text -> :class:`TrfTournament` (errors name the line and column)
writer   :class:`TrfTournament` -> text
trf26    the TRF-2026 records and their derivation from TRF16
state    a TRF tournament -> the engines' :class:`~pairing.engine.state.TournamentState`, and back
"""

from pairing.engine.trf.reader import parse_trf, read_trf
from pairing.engine.trf.records import (
    ABSENCE_CODES,
    BB_CODES,
    COLOURS,
    FORFEIT_CODES,
    PLAYED_CODES,
    RESULT_CODES,
    ROUND_COLUMN,
    ROUND_WIDTH,
    XXS_CODES,
    XXS_SHORTCUTS,
    TrfAbnormalPoints,
    TrfAcceleratedRounds,
    TrfBye,
    TrfError,
    TrfNationalRating,
    TrfPlayer,
    TrfProhibited,
    TrfRound,
    TrfStartingRank,
    TrfTournament,
    resolve_xxs,
)
from pairing.engine.trf.state import (
    absent_in,
    acceleration_of,
    cut,
    forbidden_of,
    initial_colour_of,
    initial_order,
    next_round,
    pairing_rows,
    recorded_pairing,
    round_entry,
    scoring_of,
    state_for_round,
    system_of,
    virtual_points_of,
)
from pairing.engine.trf.trf26 import (
    BYE_240_KINDS,
    SCORING_162_CODES,
    accelerations_250_from_xxa,
    byes_240_from_rounds,
    scoring_162_from_xxs,
)
from pairing.engine.trf.writer import player_line, write_trf

__all__ = [
    "ABSENCE_CODES",
    "BB_CODES",
    "BYE_240_KINDS",
    "COLOURS",
    "FORFEIT_CODES",
    "PLAYED_CODES",
    "RESULT_CODES",
    "ROUND_COLUMN",
    "ROUND_WIDTH",
    "SCORING_162_CODES",
    "XXS_CODES",
    "XXS_SHORTCUTS",
    "TrfAbnormalPoints",
    "TrfAcceleratedRounds",
    "TrfBye",
    "TrfError",
    "TrfNationalRating",
    "TrfPlayer",
    "TrfProhibited",
    "TrfRound",
    "TrfStartingRank",
    "TrfTournament",
    "absent_in",
    "acceleration_of",
    "accelerations_250_from_xxa",
    "byes_240_from_rounds",
    "cut",
    "forbidden_of",
    "initial_colour_of",
    "initial_order",
    "next_round",
    "pairing_rows",
    "parse_trf",
    "player_line",
    "read_trf",
    "recorded_pairing",
    "resolve_xxs",
    "round_entry",
    "scoring_162_from_xxs",
    "scoring_of",
    "state_for_round",
    "system_of",
    "virtual_points_of",
    "write_trf",
]
