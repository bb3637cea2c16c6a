"""The round page's context: the pairing for the public, the desk for the tournament's
arbiters (tourney.views.public shows it, tourney.views.desk answers its actions with it).

The board rows come from one builder, :func:`board_rows`, for the whole page and for the
desk's answer to a result (one row, swapped in place).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.http import Http404, HttpRequest

from pairing.job import pairing_blocker
from tourney.access import user_roles
from tourney.forms import ExchangeForm
from tourney.models import (
    PUBLIC_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    JobState,
    Result,
    Round,
    RoundStatus,
    Tournament,
    unfinished_games,
)
from tourney.presentation import draft
from tourney.services import manual_changes, teams
from tourney.services.checkin import presence_counts, roster
from tourney.services.rounds import unpublish_refusal

RESULT_BUTTONS = [
    (Result.WHITE_WINS, "1-0"),
    (Result.DRAW, "½"),
    (Result.BLACK_WINS, "0-1"),
    (Result.WHITE_WINS_FORFEIT, "+/−"),
    (Result.BLACK_WINS_FORFEIT, "−/+"),
    (Result.DOUBLE_FORFEIT, "−/−"),
]


def round_or_draft(tournament: Tournament, number: int) -> Round:
    """The round, or an unsaved draft when it is within the tournament but not created yet."""
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None:
        if not 1 <= number <= tournament.rounds:
            raise Http404
        rnd = Round(tournament=tournament, number=number)
    return rnd


def board_rows(rnd: Round, can: dict[str, bool], games: Sequence[Game], pending: int) -> dict[str, object]:
    """What a board's row reads, for *games* of the round (all of them, or the one whose
    result was just entered) with *pending* boards still without a result in the round:
    the rows (a game and its players' explanations, for the arbiter's draft), whether
    results are entered here and with which buttons."""
    explain: dict[int, draft.Explanation] = {}
    # The draft explains itself (an individual event's: a team event's draft is its matches).
    if games and can["direct"] and rnd.status == RoundStatus.PAIRED and not rnd.tournament.is_team_event:
        explain = draft.explanations(rnd)
    tournament = rnd.tournament
    context: dict[str, object] = {
        "round": rnd,
        "tournament": tournament,
        "can": can,
        "games": list(games),
        "rows": [
            (g, explain.get(g.white.pairing_number), explain.get(g.black.pairing_number), match_board(g, tournament))
            for g in games
        ],
        "explained": bool(explain),
        "entering": can["direct"] and rnd.status in PUBLIC_STATUSES,
        "result_choices": RESULT_BUTTONS,
        "pending": pending,
    }
    if explain:
        edition = draft.draft_edition(rnd)
        context["floats_shown"] = draft.floats_shown(tournament.pairing_system)
        context["floats_legend"] = draft.floats_legend(tournament.pairing_system, edition)
    return context


def match_board(game: Game, tournament: Tournament) -> str:
    """A team match's board as the keyboard takes it ("12.3": match 12, board 3), or ''."""
    if game.match_id is None:
        return ""
    table = game.match.table  # type: ignore[union-attr]
    return f"{table}.{game.board - (table - 1) * tournament.team_boards}"


def board_context(rnd: Round, game: Game | None, can: dict[str, bool]) -> dict[str, object]:
    """The row of *game*'s board as the round page shows it to a user with the roles *can*,
    and the count of boards still to play (the desk's answer to a result; no row when no
    board was found)."""
    context = board_rows(rnd, can, [game] if game else [], rnd.games.filter(unfinished_games()).count())
    rows = context["rows"]
    return {**context, "g": game, "row": rows[0] if rows else None}


def round_context(request: HttpRequest, rnd: Round) -> dict[str, object]:
    """The round page: the pairing for the public, and for the tournament's arbiters the desk."""
    can = user_roles(request.user, rnd.tournament)
    polling = rnd.pairing_job_state in (JobState.QUEUED, JobState.RUNNING)
    # While the job runs, the games on file are not the draft yet: the worker may write
    # them between reading the round and reading its games.
    visible = rnd.pk is not None and not polling and (can["direct"] or rnd.status in PUBLIC_STATUSES)
    games = list(Game.objects.filter(round=rnd).select_related("white", "black", "match")) if visible else []
    if games and rnd.tournament.is_team_event and not can["direct"]:
        # A match's boards are the public's once its lineups are out (docs/team.md W16).
        hidden = {m.pk for m in rnd.team_matches.all() if not teams.lineups_visible(rnd, m)}
        games = [g for g in games if g.match_id not in hidden]
    byes = list(Bye.objects.filter(round=rnd).select_related("player")) if rnd.pk else []
    if not visible:
        byes = [b for b in byes if b.requested]  # requested byes are known before the pairing
    context = board_rows(rnd, can, games, sum(1 for g in games if not g.complete(rnd.tournament.two_games)))
    context.update(
        {
            "byes": byes,
            "pab": next((b for b in byes if b.kind == ByeKind.PAIRING_ALLOCATED), None),
            "polling": polling,
            # The public page refreshes itself while results come in.
            "live": not can["direct"] and rnd.status == RoundStatus.PUBLISHED,
            # A reader waiting for the pairing sees it the moment it is published.
            "awaiting": not can["direct"] and rnd.status not in PUBLIC_STATUSES,
        }
    )
    if can["direct"]:
        context.update(desk_context(rnd))
    return context


def desk_context(rnd: Round) -> dict[str, object]:
    """What only the tournament's arbiters see on the round page."""
    context: dict[str, object] = {
        "warnings": [w for w in rnd.pairing_warnings.splitlines() if w],
        "exchange_form": ExchangeForm(),
        "pair_blocker": pairing_blocker(rnd) if rnd.status in UNPAIRED_STATUSES else None,
        "can_unpublish": rnd.status == RoundStatus.PUBLISHED and not unpublish_refusal(rnd),
    }
    if rnd.status == RoundStatus.PUBLISHED:
        context.update(published_change_options(rnd))
    if rnd.status == RoundStatus.DRAFT:  # the check-in before the pairing
        context["checkin_counts"] = presence_counts(roster(rnd.tournament, rnd.number))
    return context


def published_change_options(rnd: Round) -> dict[str, object]:
    """What the desk offers on a published round: the grounds of the tournament's edition for
    an exchange, and under the 2026 rules the late entries that may join the round."""
    grounds = manual_changes.published_grounds(rnd.tournament)
    exchange = [(g, manual_changes.PUBLISHED_GROUNDS[g]) for g in grounds if g in manual_changes.EXCHANGE_GROUNDS]
    late = []
    if manual_changes.LATE_ENTRY_GROUND in grounds:
        late = list(rnd.tournament.players.filter(entry_round=rnd.number + 1, withdrawal_round__isnull=True))
    return {
        "exchange_grounds": exchange,
        "agreement_allowed": manual_changes.AGREEMENT_GROUND in grounds,
        "late_entries": late,
    }
