"""The FIDE rating list pages: the upload (an organizer-at-large or a superuser; the import
runs on a Celery worker while the page polls), the search that registers a listed player,
and the ratings brought up to the list before round 1."""

from __future__ import annotations

from pathlib import Path

from django.contrib import messages
from django.core.files.uploadedfile import TemporaryUploadedFile, UploadedFile
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseStopPolling

from tourney.access import takes_upload, tournament_creator, tournament_role
from tourney.errors import DomainError
from tourney.forms import RatingListUploadForm
from tourney.models import RatingListEntry, RatingListImport
from tourney.rating_list import store
from tourney.services import rating_list
from tourney.uploads import large_upload
from tourney.views.http import HtmxHttpRequest, TournamentRequest


def _uploaded_path(upload: UploadedFile) -> Path:
    """The upload as a file on disk (it is one: the page streams its upload to disk)."""
    if isinstance(upload, TemporaryUploadedFile):
        return Path(upload.temporary_file_path())
    raise TypeError("the rating list upload must be streamed to disk (tourney.uploads.large_upload)")


@large_upload("RATING_LIST_MAX_BYTES")
@takes_upload
@require_http_methods(["GET", "POST"])
@tournament_creator
def rating_list_page(request: HtmxHttpRequest) -> HttpResponse:
    form = RatingListUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        job = rating_list.start_import(
            _uploaded_path(upload),
            file_name=upload.name,
            kind=form.cleaned_data["kind"],
            month=form.cleaned_data["month"],
            user=request.user,
        )
        return redirect(reverse("rating_list") + f"?job={job.pk}")
    job_id = request.GET.get("job", "")
    context = {
        "form": form,
        "months": store.list_months(),
        "players": RatingListEntry.objects.count(),
        "imports": RatingListImport.objects.all()[:10],
        "job": RatingListImport.objects.filter(pk=int(job_id)).first()
        if job_id.isdigit() and len(job_id) < 10
        else None,
    }
    return render(request, "tourney/rating_list.html", context)


@require_GET
@tournament_creator
def rating_list_job(request: HtmxHttpRequest, import_id: int) -> HttpResponse:
    """The job's progress, polled every second; 286 ends the poll once it is done."""
    job = get_object_or_404(RatingListImport, pk=import_id)
    response = render(request, "tourney/rating_list.html#job", {"job": job})
    if not job.running:
        response.status_code = HttpResponseStopPolling.status_code
    return response


@require_GET
@tournament_role("register")
def list_search(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Suggestions from the rating list for the registration's search box (HTMX), or the
    registration page with them."""
    query = request.GET.get("q", "")[:100]
    context = {
        "tournament": request.tournament,
        "query": query,
        "found": store.search(query),
        "kind": request.tournament.rate,
        "registered": set(request.tournament.players.exclude(fide_id="").values_list("fide_id", flat=True)),
    }
    template = "tourney/list_search.html#suggestions" if request.htmx else "tourney/list_search.html"
    return render(request, template, context)


@require_POST
@tournament_role("register")
def player_from_list(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    fide_id = request.POST.get("fide_id", "").strip()[:12]
    try:
        player = rating_list.register_from_list(request.tournament, fide_id, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(name)s registered with pairing number %(n)d.") % {"name": player.name, "n": player.pairing_number},
        )
    return redirect(reverse("registration", args=[request.tournament.pk]) + "#players")


@require_http_methods(["GET", "POST"])
@tournament_role("register")
def rating_update(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """The changes the list brings, shown; applied on confirmation (before round 1)."""
    tournament = request.tournament
    if request.method == "POST":
        try:
            changed = rating_list.update_ratings(tournament, request.POST.getlist("change"), user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
            return redirect("rating_update", tournament.pk)
        messages.success(request, _("%d ratings updated from the rating list.") % changed)
        return redirect(reverse("registration", args=[tournament.pk]) + "#players")
    context = {
        "tournament": tournament,
        "blocker": rating_list.rating_update_blocker(tournament),
        "changes": rating_list.rating_changes(tournament),
        "month": store.list_months()[tournament.rate],
    }
    return render(request, "tourney/rating_update.html", context)
