"""Template context shared by every page."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

# The reports' URL names (tourney/urls_reports.py, issue 8). Pages link to the ones that
# exist, so that navigation works before and after the reports land.
REPORTS = {
    "standings": {"tournament_id": 1},
    "crosstable": {"tournament_id": 1},
    "export_trf": {"tournament_id": 1},
    "export_csv": {"tournament_id": 1},
    "print_pairing": {"tournament_id": 1, "number": 1},
    "print_results": {"tournament_id": 1, "number": 1},
    "print_standings": {"tournament_id": 1},
}


def _exists(name: str, kwargs: dict[str, int]) -> bool:
    try:
        reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return False
    return True


def navigation(request: HttpRequest) -> dict[str, object]:
    return {"reports": {name for name, kwargs in REPORTS.items() if _exists(name, kwargs)}}
