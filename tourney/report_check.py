"""What the FIDE rating server will reject or question in the tournament's report, found
before the file is sent: each problem says what is wrong and links to the page that fixes it.

TRF16 and TRF-2026 mark the fields the rating needs (column R of the specification):
012 name, 022 city, 032 federation, 042/052 dates, 102 chief arbiter, 132 the round dates,
and in each 001 record the FIDE number and the rank; a rated game needs both players'
results. The FIDE Rating Regulations rate only players registered with FIDE (an ID).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from tourney.models import PAIRED_STATUSES, Game, Tournament, unfinished_games


@dataclass(frozen=True)
class ReportProblem:
    message: str
    fix_url: str
    fix_label: str


def report_problems(tournament: Tournament) -> list[ReportProblem]:
    """Every problem of the tournament's FIDE report, the tournament's first, then the rounds',
    then the players' in pairing-number order."""
    return [*_tournament_problems(tournament), *_round_problems(tournament), *_player_problems(tournament)]


def _settings(tournament: Tournament, section: str) -> str:
    return reverse("tournament_settings", args=[tournament.pk]) + f"#{section}"


def _tournament_problems(t: Tournament) -> list[ReportProblem]:
    event, officials = _settings(t, "id_name"), _settings(t, "officials")
    fix = _("Settings")
    missing = [
        (not t.place, _("The city (record 022) is missing."), event),
        (not t.federation, _("The host federation (record 032) is missing."), event),
        (not t.start_date, _("The start date (record 042) is missing."), event),
        (not t.end_date, _("The end date (record 052) is missing."), event),
        (not t.time_control, _("The time control (record 122) is missing."), event),
        (not t.chief_arbiter, _("The chief arbiter (record 102) is missing."), officials),
        (
            bool(t.chief_arbiter) and not t.chief_arbiter_fide_id,
            _("The chief arbiter %(name)s has no FIDE ID (record 102).") % {"name": t.chief_arbiter},
            officials,
        ),
    ]
    problems = [ReportProblem(str(message), url, fix) for wrong, message, url in missing if wrong]
    problems += [
        ReportProblem(_("The deputy arbiter %(name)s has no FIDE ID (record 112).") % {"name": name}, officials, fix)
        for name, fide_id in t.deputies
        if not fide_id
    ]
    return problems


def _round_problems(t: Tournament) -> list[ReportProblem]:
    schedule = _settings(t, "schedule")
    problems = []
    for number in range(1, t.rounds + 1):
        start = t.scheduled_start(number)
        if start is None:
            problems.append(
                ReportProblem(_("Round %(n)d has no date (record 132).") % {"n": number}, schedule, _("Settings"))
            )
        elif (t.start_date and start.date() < t.start_date) or (t.end_date and start.date() > t.end_date):
            problems.append(
                ReportProblem(
                    _("Round %(n)d is dated %(date)s, outside the tournament's dates.")
                    % {"n": number, "date": start.date().isoformat()},
                    schedule,
                    _("Settings"),
                )
            )
    paired = set(t.round_set.filter(status__in=PAIRED_STATUSES).values_list("number", flat=True))
    for number in sorted(set(range(1, t.rounds + 1)) - paired):
        problems.append(
            ReportProblem(
                _("Round %(n)d is not paired yet: the report has no games for it.") % {"n": number},
                reverse("round_detail", args=[t.pk, number]),
                _("Round %(n)d") % {"n": number},
            )
        )
    pending = Game.objects.filter(unfinished_games(), round__tournament=t).select_related("round", "white", "black")
    for game in pending.order_by("round__number", "board"):
        problems.append(
            ReportProblem(
                _("Round %(n)d, board %(b)d (%(white)s - %(black)s) has no result.")
                % {"n": game.round.number, "b": game.board, "white": game.white.name, "black": game.black.name},
                reverse("round_detail", args=[t.pk, game.round.number]),
                _("Round %(n)d") % {"n": game.round.number},
            )
        )
    return problems


def _player_problems(t: Tournament) -> list[ReportProblem]:
    problems = []
    for p in t.players.order_by("pairing_number"):
        url, fix = reverse("player_edit", args=[t.pk, p.pk]), _("Edit the player")
        who = {"n": p.pairing_number, "name": p.name, "rating": p.rating}
        if not p.fide_id:
            message = (
                _("Player %(n)d %(name)s is rated %(rating)d but has no FIDE ID.")
                if p.rating
                else _("Player %(n)d %(name)s has no FIDE ID: FIDE rates only players registered with it.")
            )
            problems.append(ReportProblem(message % who, url, fix))
        if not p.federation:
            problems.append(ReportProblem(_("Player %(n)d %(name)s has no federation.") % who, url, fix))
    return problems
