"""The rating list pages: the FIDE list's upload (an organizer-at-large or a superuser; the
import runs on a Celery worker while the page polls), a national list's upload by its
column mapping, the search that registers a listed player, and the ratings brought up to
the lists before round 1."""

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

from pairing.engine.text import decode
from tourney.access import takes_upload, tournament_creator, tournament_role
from tourney.errors import DomainError
from tourney.forms import NationalListForm, RatingListUploadForm
from tourney.models import NationalRatingList, RatingListEntry, RatingListImport
from tourney.rating_list import store
from tourney.rating_list.national import guessed_mapping, open_national_list
from tourney.rating_list.parser import RatingListError
from tourney.services import national_list, rating_list
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


@large_upload("RATING_LIST_MAX_BYTES")
@takes_upload
@require_http_methods(["GET", "POST"])
@tournament_creator
def national_list_page(request: HtmxHttpRequest) -> HttpResponse:
    """A national list's CSV file imported by its column mapping (the list's saved one
    offered again); a file whose columns are not those mapped comes back with its headings."""
    chosen = _national_list(request.GET.get("list", ""))
    initial = {}
    if chosen is not None:
        initial = {"name": chosen.name, "federation": chosen.federation}
        initial |= {f"column_{k}": v for k, v in chosen.mapping.items()}
    form = NationalListForm(request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        text = decode(upload.read())  # UTF-8 or UTF-16 by their byte-order marks, else Latin-1
        try:
            imported = national_list.import_national_list(
                name=form.cleaned_data["name"],
                federation=form.cleaned_data["federation"],
                text=text,
                mapping=form.mapping(),
                month=form.cleaned_data["month"],
            )
        except RatingListError as error:
            form.add_error("file", _("Refused: %(error)s. Nothing was changed.") % {"error": error})
            form.headings = _headings(text)  # type: ignore[attr-defined]
        else:
            messages.success(
                request,
                _("%(n)d players imported into %(list)s.") % {"n": imported.rows, "list": imported.name},
            )
            return redirect(reverse("national_list") + f"?list={imported.pk}")
    elif request.method == "POST" and "file" in request.FILES and not form.errors.get("file"):
        # The file came without its mapping: its headings, and a guess from them.
        text = decode(request.FILES["file"].read())
        guess = {f"column_{k}": v for k, v in guessed_mapping(_headings(text)).items()}
        form = NationalListForm(initial={**form.data.dict(), **guess})
        form.headings = _headings(text)  # type: ignore[attr-defined]
        messages.info(request, _("Check the columns (guessed from the file's first line) and upload the file again."))
    context = {"form": form, "lists": NationalRatingList.objects.all(), "chosen": chosen}
    return render(request, "tourney/national_list.html", context)


def _national_list(text: str) -> NationalRatingList | None:
    return NationalRatingList.objects.filter(pk=int(text)).first() if text.isdigit() and len(text) < 10 else None


def _headings(text: str) -> list[str]:
    try:
        return open_national_list(text, {"national_id": "-", "name": "-"}).header
    except RatingListError as error:
        return error.message.partition("(it has: ")[2].rstrip(")").split(", ")


@require_GET
@tournament_role("register")
def list_search(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Suggestions from the rating list (the FIDE list, or the national list chosen) for the
    registration's search box (HTMX), or the registration page with them."""
    query = request.GET.get("q", "")[:100]
    chosen = _national_list(request.GET.get("list", ""))
    context = {
        "tournament": request.tournament,
        "query": query,
        "national_lists": national_list.imported_lists(),
        "chosen": chosen,
        "kind": request.tournament.rate,
    }
    if chosen is None:
        context["found"] = store.search(query)
        context["registered"] = set(request.tournament.players.exclude(fide_id="").values_list("fide_id", flat=True))
    else:
        context["found"] = national_list.search(chosen, query)
        context["registered"] = national_list.registered_ids(request.tournament, chosen)
    template = "tourney/list_search.html#suggestions" if request.htmx else "tourney/list_search.html"
    return render(request, template, context)


@require_POST
@tournament_role("register")
def player_from_list(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    fide_id = request.POST.get("fide_id", "").strip()[:12]
    chosen = _national_list(request.POST.get("list", ""))
    try:
        if chosen is not None:
            national_id = request.POST.get("national_id", "")[:20]
            player = national_list.register_from_national_list(
                request.tournament, chosen, national_id, user=request.user
            )
        else:
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
