"""The tournament as the pairing engines see it: plain, immutable data.

Nothing here knows Django, TRF or any pairing system. Scores are integers in
tenths of a point (a win worth 1 point is 10) so that half points never meet
floating point. Players are identified by their *id*: the stable starting rank
of the tournament file (TRF "001" start number). The pairing number used by
the rules (C.04.2.B/C) can differ from the id when there are late entries;
see :func:`TournamentState.pairing_numbers`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """What one round meant for one player (the TRF result codes)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"  # opponent did not appear: not a played game (C.04.2.D.6)
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"  # played over the board, not rated
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    PAIRING_BYE = "U"  # pairing-allocated bye (C.04.1.c)
    FULL_BYE = "F"  # requested full-point bye
    HALF_BYE = "H"  # requested half-point bye
    ZERO_BYE = "Z"  # requested zero-point bye / announced absence (C.04.2.D.4)
    NOT_PAIRED = " "  # absent, withdrawn, not yet entered

    @property
    def played(self) -> bool:
        """Was a game played over the board? Only those count for colours (C.04.2.D.5)."""
        return self in _PLAYED


_PLAYED = frozenset(
    {Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.UNRATED_WIN, Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS}
)


@dataclass(frozen=True)
class Scoring:
    """Points, in tenths, for each kind of result (TRF26 record 162)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    pairing_bye: int = 10  # C.04.1.c: as many points as a win unless stated otherwise
    forfeit_win: int = 10
    forfeit_loss: int = 0
    full_bye: int = 10
    half_bye: int = 5
    zero_bye: int = 0
    absent: int = 0

    def points(self, outcome: Outcome) -> int:
        return self._table[outcome]

    @cached_property
    def _table(self) -> dict[Outcome, int]:
        return {
            Outcome.WIN: self.win,
            Outcome.UNRATED_WIN: self.win,
            Outcome.DRAW: self.draw,
            Outcome.UNRATED_DRAW: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.UNRATED_LOSS: self.loss,
            Outcome.FORFEIT_WIN: self.forfeit_win,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
            Outcome.PAIRING_BYE: self.pairing_bye,
            Outcome.FULL_BYE: self.full_bye,
            Outcome.HALF_BYE: self.half_bye,
            Outcome.ZERO_BYE: self.zero_bye,
            Outcome.NOT_PAIRED: self.absent,
        }

    @property
    def is_standard(self) -> bool:
        return (self.win, self.draw, self.loss) == (10, 5, 0)


@dataclass(frozen=True)
class RoundEntry:
    """One player's round: opponent id (or None), colour (None when unpaired), outcome."""

    opponent: int | None
    colour: Colour | None
    outcome: Outcome

    @property
    def played(self) -> bool:
        return self.outcome.played and self.opponent is not None


@dataclass(frozen=True)
class Player:
    id: int
    name: str = ""
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""
    history: tuple[RoundEntry, ...] = ()

    def colour_sequence(self) -> tuple[Colour, ...]:
        """Colours of played games only, oldest first (C.04.2.D.5)."""
        return tuple(e.colour for e in self.history if e.played and e.colour is not None)

    def played_opponents(self) -> frozenset[int]:
        """Opponents met over the board; an unplayed game is no rematch (C.04.2.D.6)."""
        return frozenset(e.opponent for e in self.history if e.played and e.opponent is not None)


@dataclass(frozen=True)
class ScoreAdjustment:
    """Points (tenths, signed) given or taken outside the games: a penalty, a bonus, or
    the difference an abnormal assignment makes to a game's points (TRF-2026 record 299).

    It counts in the score from the round after *after_round* (0: from the start); one
    that counts in the final standings only (round 999 in the record) has *pairing*
    False and never enters a pairing score.
    """

    player: int
    after_round: int
    points: int
    pairing: bool = True


@dataclass(frozen=True)
class TournamentState:
    """Everything an engine needs to pair round *round_to_pair*.

    *players* holds every registered player in initial order (C.04.2.B), each with
    the history of rounds 1..round_to_pair-1. *absent* holds the ids not to be paired
    this round (withdrawn, announced absences, requested byes, not yet arrived).
    *virtual_points* holds, per id, the acceleration points (tenths) of every round
    (index 0 = round 1), as the TRF ``XXA`` lines give them (C.04.5); pairing scores
    add them to real scores. *forbidden* lists pairs the arbiter forbade (``XXP``).
    *adjustments* are the points given or taken outside the games (record 299).
    """

    players: tuple[Player, ...]
    total_rounds: int
    round_to_pair: int
    initial_colour: Colour = Colour.WHITE
    absent: frozenset[int] = frozenset()
    scoring: Scoring = field(default_factory=Scoring)
    virtual_points: tuple[tuple[int, tuple[int, ...]], ...] = ()
    forbidden: tuple[tuple[int, int], ...] = ()
    adjustments: tuple[ScoreAdjustment, ...] = ()

    @cached_property
    def by_id(self) -> dict[int, Player]:
        return {p.id: p for p in self.players}

    def score(self, player_id: int) -> int:
        """Real score in tenths: the round blocks and the adjustments of the rounds played."""
        return self._scores[player_id]

    @cached_property
    def _scores(self) -> dict[int, int]:
        return {p.id: self._game_points[p.id][-1] + self._adjusted(p.id, self.round_to_pair) for p in self.players}

    def score_before(self, player_id: int, round_number: int) -> int:
        """Real score in tenths before *round_number* was played: the points of the rounds
        before it and the adjustments (record 299) that count from it on."""
        games = self._game_points[player_id]
        return games[min(max(round_number - 1, 0), len(games) - 1)] + self._adjusted(player_id, round_number)

    @cached_property
    def _game_points(self) -> dict[int, tuple[int, ...]]:
        """Per player, the points of his first k rounds at index k (k = 0..rounds in his history)."""
        points = self.scoring.points
        out = {}
        for p in self.players:
            running = [0]
            for entry in p.history:
                running.append(running[-1] + points(entry.outcome))
            out[p.id] = tuple(running)
        return out

    def _adjusted(self, player_id: int, round_number: int) -> int:
        """The adjustments that count in the score before *round_number* (ScoreAdjustment)."""
        return sum(
            a.points for a in self.adjustments if a.pairing and a.player == player_id and a.after_round < round_number
        )

    def acceleration(self, player_id: int, round_number: int) -> int:
        """Virtual points (tenths) of *player_id* for pairing *round_number*."""
        points = self._virtual.get(player_id, ())
        return points[round_number - 1] if 0 < round_number <= len(points) else 0

    @cached_property
    def _virtual(self) -> dict[int, tuple[int, ...]]:
        return dict(self.virtual_points)

    def pairing_score(self, player_id: int) -> int:
        return self.score(player_id) + self.acceleration(player_id, self.round_to_pair)

    @property
    def to_pair(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.id not in self.absent)

    @property
    def is_last_round(self) -> bool:
        return self.round_to_pair == self.total_rounds

    @cached_property
    def pairing_numbers(self) -> dict[int, int]:
        """Effective pairing numbers (C.04.2.C.3).

        A player who has not yet taken part (every round so far, this one included,
        an absence or a requested bye) has no pairing number yet; the others are
        numbered 1, 2, 3... in initial order, as the FIDE-endorsed engine numbers them
        (C.04.2.C.3, and the note under C.04.3.E.5 on the management of pairing numbers).
        """
        numbers: dict[int, int] = {}
        for p in self.players:
            arrived = (
                any(e.opponent is not None or e.outcome is Outcome.PAIRING_BYE for e in p.history)
                or p.id not in self.absent
            )
            if arrived:
                numbers[p.id] = len(numbers) + 1
        return numbers


@dataclass(frozen=True)
class Board:
    white: int
    black: int


@dataclass(frozen=True)
class Pairing:
    """An engine's answer: the boards and the PAB (or None).

    A system returns its boards in any order; :func:`pairing.engine.pair` sorts them
    once, per C.04.2.D.9.
    """

    boards: tuple[Board, ...]
    bye: int | None = None
    notes: tuple[str, ...] = ()


class PairingError(Exception):
    """The round cannot be paired under the rules; the message says why (C.04.3 A.9)."""
