"""Standings from the database: the C.07 tie-breaks of pairing.engine.tiebreaks over the
adapter's public view of the tournament (published rounds, results as entered), the same
view the player cards and ARO lists read. The standings page, its CSV and the rank
column of the TRF report all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from pairing import adapter
from pairing.engine.tiebreaks import PRESETS, Standings, TieBreak, TieBreakCodeError, edition_for, parse, standings
from tourney.caching import computed
from tourney.models import PUBLIC_STATUSES, Game, RoundEntry, Tournament, unfinished_games

DEFAULT_PRESET = "swiss"


@dataclass(frozen=True)
class TournamentStandings:
    standings: Standings
    after_round: int
    final: bool  # every round of the tournament is in
    ignored_codes: tuple[str, ...]  # codes of Tournament.tiebreaks this program does not know
    default_list: bool  # the tournament chose no list: the usual Swiss one is shown


def tiebreak_list(tournament: Tournament) -> tuple[tuple[TieBreak, ...], tuple[str, ...], bool]:
    """The tournament's ordered list (C.07 4.1), the codes refused, and whether the
    default list stands in for an empty one."""
    codes = [str(c) for c in (tournament.tiebreaks or [])]
    default = not codes
    if default:
        codes = list(PRESETS[DEFAULT_PRESET])
    parsed, ignored = [], []
    for code in codes:
        try:
            parsed.append(parse(code))
        except TieBreakCodeError:
            ignored.append(code)
    return tuple(parsed), tuple(ignored), default


def completed_rounds(tournament: Tournament) -> int:
    """The last round n such that rounds 1..n are published with every result in."""
    done = 0
    rounds = tournament.round_set.order_by("number").annotate(
        pending=Exists(Game.objects.filter(unfinished_games(), round=OuterRef("pk"))),
        paired=Exists(RoundEntry.objects.filter(round=OuterRef("pk"))),
    )
    for number, status, pending, paired in rounds.values_list("number", "status", "pending", "paired"):
        if status not in PUBLIC_STATUSES or pending or not paired:
            break
        done = number
    return done


def public_state(tournament: Tournament, after_round: int) -> adapter.TournamentState:
    """adapter.state_after, computed once per change of rounds 1..*after_round* (or of the
    players and settings) while the public pages render: a result of the round under way
    leaves the standings after the rounds before it alone. The state is frozen: shared as is."""
    return computed.computed_once(
        tournament.pk,
        computed.rounds_through(after_round),
        f"state-after:{after_round}",
        lambda: adapter.state_after(tournament, after_round),
    )


def standings_of(tournament: Tournament, after_round: int) -> TournamentStandings:
    """Standings after rounds 1..*after_round*, with the tournament's tie-break list and the
    C.07 edition in force at its start."""
    tiebreaks, ignored, default = tiebreak_list(tournament)
    start = tournament.start_date.isoformat() if tournament.start_date else None
    table = standings(public_state(tournament, after_round), tiebreaks, edition_for(start))
    return TournamentStandings(table, after_round, after_round >= tournament.rounds, ignored, default)


def tournament_standings(tournament: Tournament, after_round: int | None = None) -> TournamentStandings:
    """Standings after *after_round* (default: the last completed round)."""
    done = completed_rounds(tournament)
    rnd = done if after_round is None else min(after_round, done)
    return standings_of(tournament, rnd)
