"""The plain data the Swiss Team Pairing System (C.04.6, 2026) pairs: teams and the round.

A team is described by what the articles read, not by its games: its TPN (art. 1.1), its
match points and game points (art. 1.2), the colours its first board had in the matches
it actually played (art. 1.6.1; unplayed rounds squeezed out, C.04.2 2026 art. 3.4), the
teams it played (art. 2.1.1 [C1]), whether it may receive the pairing-allocated-bye
(art. 2.1.2 [C2]), how many matches it played (art. 3.4.3) and whether it was a floater in
the previous round (art. 1.5, read by [C7] and [C10]). :mod:`pairing.engine.team.history`
derives all of them from the rounds as played.

Scores are numbers of any one unit per kind (the generator uses match points 2/1/0 and
game points in tenths); the system only compares them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from pairing.engine.state import Colour


class ColourPreferences(Enum):
    """Art. 1.7: which colour preferences the rules of the competition use."""

    TYPE_A = "A"  # art. 1.7.1, the default
    TYPE_B = "B"  # art. 1.7.2, strong and mild
    NONE = "none"  # art. 1.7, "not to be used at all"


class PrimaryScore(Enum):
    """Art. 1.2.1: which score builds the scoregroups; the other is the secondary score."""

    MATCH_POINTS = "match"
    GAME_POINTS = "game"


@dataclass(frozen=True)
class Team:
    tpn: int  # art. 1.1: assigned by the rules of the competition, never derived here
    match_points: float | int = 0
    game_points: float | int = 0
    colours: tuple[Colour, ...] = ()  # first-board colours of the played matches, oldest first
    opponents: frozenset[int] = frozenset()  # TPNs met in played matches (C.04.2 2026 art. 3.5)
    pab_barred: bool = False  # art. 2.1.2 [C2]: had the PAB, a forfeit win or a full-point bye
    matches_played: int | None = None  # art. 3.4.3; None: as many as its colours
    floated: bool = False  # art. 1.5: played an opponent of another score in the previous round

    @property
    def played(self) -> int:
        return len(self.colours) if self.matches_played is None else self.matches_played

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


@dataclass(frozen=True)
class TeamRound:
    """Everything needed to pair round *round_to_pair* of *total_rounds*: the teams to pair
    (withdrawn and absent teams already left out, C.04.2 2026 art. 3.2-3.3) and the choices
    the rules of the competition make."""

    teams: tuple[Team, ...]
    round_to_pair: int
    total_rounds: int
    preferences: ColourPreferences = ColourPreferences.TYPE_A
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    use_secondary: bool = True  # art. 1.2.1-1.2.2: the secondary score decides art. 4.2.2
    initial_colour: Colour = Colour.WHITE  # art. 4.1, drawn by lot
    forbidden: tuple[tuple[int, int], ...] = ()  # pairs the competition's rules forbid (TRF-2026 260)

    def score(self, team: Team):
        return team.match_points if self.primary is PrimaryScore.MATCH_POINTS else team.game_points

    def secondary(self, team: Team):
        return team.game_points if self.primary is PrimaryScore.MATCH_POINTS else team.match_points

    @property
    def in_last_two_rounds(self) -> bool:
        """[C7] and [C10] do not apply "in the last two rounds" (art. 2.3.4, 2.3.7)."""
        return self.round_to_pair > self.total_rounds - 2

    @property
    def is_last_round(self) -> bool:
        return self.round_to_pair >= self.total_rounds


@dataclass(frozen=True)
class Match:
    """A pair of the round: *white* is the team whose first board has White (art. 1.6.1)."""

    white: int
    black: int
    rule: str = ""  # the article of art. 4.3 that decided the colours


@dataclass(frozen=True)
class TeamPairing:
    matches: tuple[Match, ...]
    bye: int | None = None
    brackets: tuple[tuple[int, ...], ...] = field(default=(), compare=False)  # teams of each bracket, paired order
