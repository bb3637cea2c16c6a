"""Each player's rounds as the tie-breaks read them, and C.07 article 16 (unplayed rounds).

Article 16 sorts a participant's unplayed rounds (no game over the board: byes,
forfeits, absences, rounds before a late entry or after a withdrawal):

* a pairing-allocated bye, a forfeit win and a full-point bye are rounds the
  participant did not choose to miss;
* every other unplayed round (half- and zero-point byes, forfeit losses, announced
  absences, rounds not paired after a withdrawal or before a late entry) is a
  *voluntary unplayed round* (VUR). A participant who has VURs cannot gain from
  them in the cuts (16.5) and counts REP one less for each (7.5).

For the opponents' tie-breaks a participant's score is *adjusted* (16.3): every round
counts the points it gave, except the VURs without an opponent that come after the
participant's last round that was not a VUR (he left the tournament): those count as
draws. For the participant's own Buchholz-type sums (16.4) each unplayed round is a
game against a *dummy opponent* whose score is the participant's own score; the 2026
edition (FIDE Council, 2 February 2026, in force from 1 March 2026) caps it: after a
forfeit, at the absent opponent's adjusted score; otherwise at a draw in every round.

Points are Fractions of a point (the state counts tenths), so sums and products of
half points stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from pairing.engine.state import Colour, Outcome, RoundEntry, TournamentState

EDITIONS = ("2024", "2026")

# C.07 16: unplayed rounds that the participant did not choose to miss.
_NOT_VOLUNTARY = frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_BYE})
# Rating points for TPR/PTP (FIDE rating regulations: 1, 1/2, 0 whatever the tournament's scoring).
_GAME_SCORE = {
    Outcome.WIN: Fraction(1),
    Outcome.UNRATED_WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.UNRATED_DRAW: Fraction(1, 2),
}


def tenths(value: int) -> Fraction:
    return Fraction(value, 10)


@dataclass(frozen=True)
class PlayerRound:
    """One player's round for the tie-breaks."""

    number: int
    points: Fraction
    opponent: int | None  # paired opponent, also when the game was forfeited
    colour: Colour | None
    outcome: Outcome
    played: bool  # a game over the board (C.04.2.D.6: forfeits are not played)

    @property
    def voluntary_unplayed(self) -> bool:
        """C.07 16: a VUR."""
        return not self.played and self.outcome not in _NOT_VOLUNTARY

    @property
    def game_score(self) -> Fraction:
        """The game's score on the 1 / 1/2 / 0 scale of the rating regulations (TPR, PTP)."""
        return _GAME_SCORE.get(self.outcome, Fraction(0))


class Crosstable:
    """The rounds 1..n of every player of *state*, and the C.07 16 scores built from them.

    *state* holds the rounds to be counted as history (``trf_state.state_for_round(t, n + 1)``
    gives the standings after round n). *edition* is ``"2024"`` or ``"2026"`` (16.4).
    """

    def __init__(self, state: TournamentState, edition: str = "2024") -> None:
        if edition not in EDITIONS:
            raise ValueError(f"unknown C.07 edition {edition!r}; expected one of {', '.join(EDITIONS)}")
        self.state = state
        self.edition = edition
        self.rounds = max((len(p.history) for p in state.players), default=0)
        self.ids = tuple(p.id for p in state.players)
        self.ratings = {p.id: p.rating for p in state.players}
        scoring = state.scoring
        self.win = tenths(scoring.win)
        self.draw = tenths(scoring.draw)
        self.draw_tenths = scoring.draw
        self.rows: dict[int, tuple[PlayerRound, ...]] = {}
        # The same points in integer tenths, round by round: the sums over a large field
        # are made in integers and turned into Fractions once (exactly the same values).
        self.points_tenths: dict[int, tuple[int, ...]] = {}
        point_of = {outcome: tenths(scoring.points(outcome)) for outcome in Outcome}
        absent = tenths(scoring.absent)
        for p in state.players:
            rows, ints = [], []
            for k in range(self.rounds):
                entry = p.history[k] if k < len(p.history) else None
                if entry is None:
                    rows.append(PlayerRound(k + 1, absent, None, None, Outcome.NOT_PAIRED, False))
                    ints.append(scoring.absent)
                    continue
                rows.append(
                    PlayerRound(
                        k + 1,
                        point_of[entry.outcome],
                        entry.opponent,
                        entry.colour if entry.played else None,
                        entry.outcome,
                        entry.played,
                    )
                )
                ints.append(scoring.points(entry.outcome))
            self.rows[p.id] = tuple(rows)
            self.points_tenths[p.id] = tuple(ints)

    @cached_property
    def adjustment_tenths(self) -> dict[int, int]:
        """Points given or taken outside the games in the rounds so far (record 299), which
        count in the score, and so in what a participant brings to his opponents."""
        out = dict.fromkeys(self.ids, 0)
        for a in self.state.adjustments:
            if a.pairing and a.after_round <= self.rounds and a.player in out:
                out[a.player] += a.points
        return out

    @cached_property
    def standings_only_tenths(self) -> dict[int, int]:
        """Record 299 points for the final standings only: in the total, not in tie-breaks."""
        out = dict.fromkeys(self.ids, 0)
        for a in self.state.adjustments:
            if not a.pairing and a.player in out:
                out[a.player] += a.points
        return out

    @cached_property
    def score_tenths(self) -> dict[int, int]:
        adjustment = self.adjustment_tenths
        return {pid: sum(points) + adjustment[pid] for pid, points in self.points_tenths.items()}

    @cached_property
    def score(self) -> dict[int, Fraction]:
        return {pid: tenths(total) for pid, total in self.score_tenths.items()}

    @cached_property
    def adjusted_tenths(self) -> dict[int, int]:
        """C.07 16.3: the score a participant brings to his opponents' tie-breaks (tenths)."""
        out = {}
        for pid, rows in self.rows.items():
            last_present = max((r.number for r in rows if not r.voluntary_unplayed), default=0)
            total = 0
            for r, points in zip(rows, self.points_tenths[pid], strict=True):
                left = r.voluntary_unplayed and r.opponent is None and r.number > last_present
                total += self.draw_tenths if left else points  # 16.3.2 / 16.3.1
            out[pid] = total + self.adjustment_tenths[pid]
        return out

    @cached_property
    def adjusted_score(self) -> dict[int, Fraction]:
        """C.07 16.3: the score a participant brings to his opponents' tie-breaks."""
        return {pid: tenths(total) for pid, total in self.adjusted_tenths.items()}

    def opponent_tenths(self, pid: int, r: PlayerRound, forfeits_played: bool = False) -> int:
        """What round *r* of *pid* adds to a Buchholz-type sum, in tenths: the opponent's
        adjusted score for a game played (16.3), else the dummy opponent's score (16.4).
        *forfeits_played* (``/P``, the regulations' choice): a forfeit is a game against the
        scheduled opponent."""
        if (r.played or forfeits_played) and r.opponent is not None:
            return self.adjusted_tenths[r.opponent]
        own = self.score_tenths[pid]
        if self.edition == "2026":
            if r.opponent is not None:  # a forfeit: never more than the absent opponent brings
                return min(own, self.adjusted_tenths[r.opponent])
            return min(own, self.draw_tenths * self.rounds)  # rounds so far; all rounds at the end
        return own

    @cached_property
    def fore(self) -> Crosstable:
        """C.07 8.3 (Fore Buchholz): the same rounds with every pairing of the tournament's
        final round, forfeits included, counted as a game drawn over the board; the table
        itself when the final round is not among its rounds. A player paired in the final
        round is then present to the end (no draws of 16.3.2 for his earlier absences)."""
        final = self.state.total_rounds
        if self.rounds != final or final == 0:
            return self
        players = []
        for p in self.state.players:
            entry = p.history[final - 1] if len(p.history) >= final else None
            if entry is not None and entry.opponent is not None:
                drawn = RoundEntry(entry.opponent, entry.colour or Colour.WHITE, Outcome.DRAW)
                p = replace(p, history=(*p.history[: final - 1], drawn, *p.history[final:]))
            players.append(p)
        return Crosstable(replace(self.state, players=tuple(players)), self.edition)
