"""Reports (issue 8): standings with tie-breaks, crosstable, printouts, TRF and CSV."""

from __future__ import annotations

from django.urls import path

from tourney import language
from tourney import views_reports as v

T = "t/<int:tournament_id>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    # The language switch (POST language=en|it): Django's cookie, and a logged-in user's own choice.
    path("i18n/setlang/", language.set_language, name="set_language"),
    path(T + "standings/", v.standings, name="standings"),
    path(T + "tiebreaks/", v.tiebreak_settings, name="tiebreak_settings"),
    path(T + "crosstable/", v.crosstable, name="crosstable"),
    path(T + "export/trf/", v.export_trf, name="export_trf"),
    path(T + "export/standings.csv", v.export_csv, name="export_csv"),
    path(R + "print/pairing/", v.print_pairing, name="print_pairing"),
    path(R + "print/results/", v.print_results, name="print_results"),
    path(T + "print/standings/", v.print_standings, name="print_standings"),
]
