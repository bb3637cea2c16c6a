"""Standings with tie-breaks, the crosstable, printouts, TRF and CSV downloads, the language switch."""

from __future__ import annotations

from django.urls import path

from tourney import language
from tourney.views import prizes, public, reports, setup, teams

T = "t/<int:tournament_id>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    # The language switch (POST language=en|it): Django's cookie, and a logged-in user's own choice.
    path("i18n/setlang/", language.set_language, name="set_language"),
    path(T + "standings/", public.standings, name="standings"),
    path(T + "tiebreaks/", setup.tiebreak_settings, name="tiebreak_settings"),
    path(T + "crosstable/", public.crosstable, name="crosstable"),
    path(T + "export/trf/", reports.export_trf, name="export_trf"),
    path(T + "export/trf/check/", reports.report_check, name="report_check"),
    path(T + "export/trf/arbiter/", reports.export_trf_arbiter, name="export_trf_arbiter"),
    path(T + "export/standings.csv", reports.export_csv, name="export_csv"),
    path(R + "print/pairing/", reports.print_pairing, name="print_pairing"),
    path(R + "print/results/", reports.print_results, name="print_results"),
    path(T + "print/standings/", reports.print_standings, name="print_standings"),
    path(R + "print/pairing/alphabetical/", reports.print_pairing_alphabetical, name="print_pairing_alphabetical"),
    path(R + "print/scoresheets/", reports.print_scoresheets, name="print_scoresheets"),
    path(T + "print/wallchart/", reports.print_wallchart, name="print_wallchart"),
    path(T + "print/players/rating/", reports.print_players, {"order": "rating"}, name="print_players_by_rating"),
    path(
        T + "print/players/alphabetical/",
        reports.print_players,
        {"order": "alphabetical"},
        name="print_players_alphabetical",
    ),
    path(T + "print/checkin/", reports.print_checkin, name="print_checkin"),
    # Team events (C.04.6): the matches, the match cards, the team standings; the crosstable.
    path(R + "print/matches/", teams.print_team_pairing, name="print_team_pairing"),
    path(R + "print/match-cards/", teams.print_match_cards, name="print_match_cards"),
    path(T + "print/team-standings/", teams.print_team_standings, name="print_team_standings"),
    path(T + "teams/crosstable/", teams.team_crosstable, name="team_crosstable"),
    # Categories, prizes, rating changes.
    path(T + "categories/", prizes.categories, name="categories"),
    path(T + "categories/<int:category_id>/", prizes.category_detail, name="category_standings"),
    path(T + "prizes/", prizes.prizes, name="prizes"),
    path(T + "prizes/settings/", prizes.prize_settings, name="prize_settings"),
    path(T + "rating-report/", prizes.rating_report, name="rating_report"),
    path(T + "players/<int:player_id>/rating-record/", prizes.rating_record, name="rating_record"),
]
