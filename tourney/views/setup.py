"""The organizer's pages: creating or importing a tournament, its settings and tie-break
list, appointments, registration (entries, withdrawals, requested byes) and the audit trail.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseStopPolling

from pairing.engine.text import decode
from pairing.engine.tiebreaks import ALL_NAMES
from tourney.access import takes_upload, tournament_creator, tournament_role, user_roles
from tourney.audit import User
from tourney.errors import (
    DomainError,
    EditionChangeUnconfirmed,
    EntriesRefused,
    FullPointByeUnconfirmed,
    ListDifferencesUnresolved,
    RenumberUnconfirmed,
    TiebreakChangeUnconfirmed,
)
from tourney.forms import (
    AppointForm,
    ByeForm,
    InviteForm,
    PlayerEditForm,
    PlayerForm,
    ProhibitedPairingForm,
    TiebreakForm,
    TournamentForm,
    TrfImportForm,
    UploadForm,
    WithdrawForm,
)
from tourney.models import (
    ACTIVE_JOB_STATES,
    Appointment,
    AuditEntry,
    Bye,
    ImportJob,
    JobState,
    Player,
    Tournament,
    TournamentStatus,
)
from tourney.presentation.tiebreak_table import TIEBREAK_NAMES
from tourney.services import accounts, national_list, setup
from tourney.services.import_jobs import progress, request_import
from tourney.services.imports import import_entries
from tourney.services.registration import (
    cancel_bye,
    cancel_withdrawal,
    first_open_round,
    numbers_frozen,
    reassign_pairing_numbers,
    register,
    request_bye,
    requested_byes,
    update_player,
    withdraw,
)
from tourney.standings import tiebreak_list
from tourney.views.confirm import confirmation
from tourney.views.http import HtmxHttpRequest, TournamentRequest


def _read_upload(upload: UploadedFile) -> str:
    return decode(upload.read())  # UTF-8 or UTF-16 by their byte-order marks, else Latin-1


@require_http_methods(["GET", "POST"])
@tournament_creator
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial={"status": TournamentStatus.REGISTRATION})
    # C.07 4.1: the tie-break list is announced with the tournament, so it is chosen here too.
    tiebreak_form = TiebreakForm(request.POST or None, prefix="tiebreaks")
    if request.method == "POST" and form.is_valid() and tiebreak_form.is_valid():
        tournament = form.save(commit=False)
        tournament.tiebreaks = tiebreak_form.cleaned_data["list"]
        tournament = setup.create_tournament(tournament=tournament, user=request.user)
        messages.success(request, _("Tournament created. Register the players, then appoint the arbiters."))
        return redirect("registration", tournament.pk)
    context = {"form": form, "tiebreak_form": tiebreak_form, "tournament": None}
    return render(request, "tourney/tournament_form.html", context)


@takes_upload
@require_http_methods(["GET", "POST"])
@tournament_creator
def tournament_import(request: HtmxHttpRequest) -> HttpResponse:
    """A new tournament from a FIDE TRF file (players, and the rounds it records): the file
    is stored and imported by a job, whose page follows it."""
    form = TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = request_import(
            data=form.cleaned_data["file"].read(),
            user=request.user,
            rounds=form.cleaned_data["rounds"],
            edition=form.cleaned_data["edition"],
        )
        return redirect(job)
    return render(request, "tourney/upload.html", {"form": form, "title": _("Import a TRF file")})


@require_GET
@tournament_creator
def import_job(request: HtmxHttpRequest, job_id: int) -> HttpResponse:
    """The import's page, polled while the job runs (286 ends the poll): its progress, then
    the tournament made or the refusal (line and column for a malformed file). Only its
    importer sees it."""
    job = get_object_or_404(ImportJob.objects.select_related("tournament"), pk=job_id, created_by=request.user)
    polling = job.state in ACTIVE_JOB_STATES
    done = progress(job) if job.state == JobState.RUNNING else None
    context = {"job": job, "polling": polling, "progress": done, "title": _("Import a TRF file")}
    if job.tournament is not None:
        context["players"] = job.tournament.players.count()
        context["teams"] = job.tournament.teams.count() if job.tournament.is_team_event else 0
    template = "tourney/import_job.html#job" if request.htmx else "tourney/import_job.html"
    response = render(request, template, context)
    if request.htmx and not polling:
        response.status_code = HttpResponseStopPolling.status_code
    return response


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def tournament_settings(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        values = {name: getattr(form.instance, name) for name in (*TournamentForm.Meta.fields, "round_schedule")}
        confirmed = request.POST.get("confirmed") == "1"
        try:
            setup.update_settings(tournament_id=tournament.pk, values=values, user=request.user, confirmed=confirmed)
        except EditionChangeUnconfirmed as error:
            return confirmation(
                request,
                url=reverse("tournament_settings", args=[tournament.pk]),
                back=reverse("tournament_settings", args=[tournament.pk]),
                question=_("Change the rules edition after round %(r)d was paired?") % {"r": error.paired_round},
                consequence=str(error),
                button=_("Yes, change the rules edition"),
                fields={k: v for k, v in request.POST.items() if k not in ("csrfmiddlewaretoken", "confirmed")},
            )
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournament_settings", tournament.pk)
    tiebreaks, _ignored, default = tiebreak_list(tournament)
    context = {"form": form, "tournament": tournament, "tiebreaks": tiebreaks, "default_tiebreaks": default}
    return render(request, "tourney/tournament_form.html", context)


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def tiebreak_settings(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """The ordered tie-break list (C.07 4.1: chosen by the organizer, announced in advance)."""
    tournament = request.tournament
    initial = {"codes": " ".join(str(c) for c in tournament.tiebreaks or [])}
    form = TiebreakForm(request.POST or None, initial=initial, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        confirmed = request.POST.get("confirmed") == "1"
        try:
            setup.set_tiebreaks(
                tournament_id=tournament.pk, codes=form.cleaned_data["list"], user=request.user, confirmed=confirmed
            )
        except TiebreakChangeUnconfirmed as error:
            return confirmation(
                request,
                url=reverse("tiebreak_settings", args=[tournament.pk]),
                back=reverse("tiebreak_settings", args=[tournament.pk]),
                question=_("Change the tie-breaks after round %(r)d was paired?") % {"r": error.paired_round},
                consequence=str(error),
                button=_("Yes, change the tie-breaks"),
                fields={k: v for k, v in request.POST.items() if k not in ("csrfmiddlewaretoken", "confirmed")},
            )
        except DomainError as error:
            form.add_error("codes", str(error))
        else:
            messages.success(request, _("Tie-breaks saved."))
            for advice in form.advice:
                messages.warning(request, advice)
            return redirect("tiebreak_settings", tournament.pk)
    known = [{"code": code, "label": TIEBREAK_NAMES[code]} for code in ALL_NAMES if code != "PTS"]
    started = setup.last_paired_round(tournament) is not None  # where set_tiebreaks starts to warn
    return render(
        request,
        "tourney/reports/tiebreak_settings.html",
        {"tournament": tournament, "form": form, "known": known, "started": started},
    )


@require_POST
@tournament_role("register")
def draw_colour(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    try:
        tournament = setup.draw_initial_colour(tournament_id=tournament_id, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        colour = tournament.get_initial_colour_display()
        messages.success(request, _("Drawn by lot: the first player has %s in round 1.") % colour)
    return redirect(_same_site(request, request.POST.get("next", "")) or reverse("registration", args=[tournament_id]))


def _same_site(request: HtmxHttpRequest, url: str) -> str:
    """*url* when it leads to a page of this site, else "" (no open redirect)."""
    same_host = {request.get_host()}
    return url if url_has_allowed_host_and_scheme(url, same_host, require_https=request.is_secure()) else ""


# ---------------------------------------------------------------- appointments


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def appointments(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament
    form = AppointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user, role = form.cleaned_data["username"], form.cleaned_data["role"]
        try:
            appointment = setup.appoint(tournament_id=tournament.pk, appointee=user, role=role, user=request.user)
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, _("%(user)s appointed %(role)s.") % {"user": user, "role": appointment.get_role_display()}
            )
            return redirect("appointments", tournament.pk)
    return render(request, "tourney/appointments.html", appointments_context(tournament, request.user, form=form))


def appointments_context(tournament: Tournament, user: User, **extra: object) -> dict[str, object]:
    """The appointments page: the list, the form picking a known user, the invitation form;
    a new-link button only for the people whose link *user* may give."""
    context = {
        "tournament": tournament,
        "may_give_link": accounts.links_user_may_give(user, tournament),
        "form": AppointForm(),
        "invite_form": InviteForm(prefix="invite"),
        "appointments": tournament.appointments.select_related("user"),
    }
    return {**context, **extra}


@require_POST
@tournament_role("manage")
def dismiss(request: TournamentRequest, tournament_id: int, appointment_id: int) -> HttpResponse:
    tournament = request.tournament
    appointment = get_object_or_404(Appointment, pk=appointment_id, tournament=tournament)
    try:
        setup.dismiss(tournament_id=tournament.pk, appointment_id=appointment.pk, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("appointments", tournament.pk)


# ---------------------------------------------------------------- registration


def _registration_page(request: TournamentRequest, **extra: object) -> HttpResponse:
    tournament = request.tournament
    first_open = first_open_round(tournament)
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "player_form": PlayerForm(initial={"entry_round": first_open}),
        "upload_form": UploadForm(),
        # A bye is requested for a round not paired yet: the next one to pair, if any is left.
        "bye_form": ByeForm(tournament, initial={"round": first_open if first_open <= tournament.rounds else None}),
        "byes": requested_byes(tournament),
        "prohibited_form": ProhibitedPairingForm(tournament),
        "prohibited": tournament.prohibited_pairings.select_related("player", "other"),
        "first_open": first_open,
        "frozen": numbers_frozen(tournament),
        "can": user_roles(request.user, tournament),
        "national_lists": national_list.imported_lists(),
        **extra,
    }
    return render(request, "tourney/registration.html", context)


@require_http_methods(["GET"])
@tournament_role("register")
def registration_page(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    return _registration_page(request)


def _back_to(tournament: Tournament, section: str) -> HttpResponse:
    return redirect(reverse("registration", args=[tournament.pk]) + section)


@require_POST
@tournament_role("register")
def player_add(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    form = PlayerForm(request.POST)
    if not form.is_valid():
        return _registration_page(request, player_form=form)
    try:
        player = register(request.tournament, form.cleaned_data, user=request.user)
    except DomainError as error:
        form.add_error(None, str(error))
        return _registration_page(request, player_form=form)
    messages.success(
        request, _("%(name)s registered with pairing number %(n)d.") % {"name": player.name, "n": player.pairing_number}
    )
    return _back_to(request.tournament, "#players")


@takes_upload
@require_POST
@tournament_role("register")
def player_csv(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """A CSV or TRF file of players; a CSV whose players differ from the FIDE rating list
    comes back with the differences, and again (its text, the arbiter's choices) to register."""
    form = UploadForm(request.POST, request.FILES)
    text = request.POST.get("csv_text")
    if text is None:
        if not form.is_valid():
            return _registration_page(request, upload_form=form)
        text = _read_upload(form.cleaned_data["file"])
    choices = {k.removeprefix("choice:"): v for k, v in request.POST.items() if k.startswith("choice:")}
    try:
        players = import_entries(request.tournament, text, user=request.user, choices=choices)
    except ListDifferencesUnresolved as unresolved:
        context = {"tournament": request.tournament, "differences": unresolved.differences, "csv_text": text}
        return render(request, "tourney/csv_differences.html", context)
    except EntriesRefused as error:
        return _registration_page(request, upload_form=_refused_upload(error.problems))
    except DomainError as error:
        return _registration_page(request, upload_form=_refused_upload([str(error)]))
    messages.success(request, _("%d players registered from the file.") % len(players))
    return _back_to(request.tournament, "#players")


def _refused_upload(problems: list[str]) -> UploadForm:
    form = UploadForm(data={}, files={})
    form.is_valid()
    form.errors["file"] = form.error_class(problems)
    return form


@require_http_methods(["GET", "POST"])
@tournament_role("register")
def player_edit(request: TournamentRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = request.tournament
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = PlayerEditForm(request.POST or None, instance=Player.objects.get(pk=player.pk))
    withdraw_form = WithdrawForm(initial={"from_round": first_open_round(tournament)})
    if request.method == "POST" and form.is_valid():
        try:
            update_player(player, form.cleaned_data, user=request.user)
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Player saved."))
            return _back_to(tournament, "#players")
    context = {"tournament": tournament, "player": player, "form": form, "withdraw_form": withdraw_form}
    return render(request, "tourney/player_form.html", context)


@require_POST
@tournament_role("register")
def player_withdraw(request: TournamentRequest, tournament_id: int, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, tournament=request.tournament)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("give the first round the player is no longer paired in"))
        return _back_to(request.tournament, "#players")
    from_round = form.cleaned_data["from_round"] or first_open_round(request.tournament)
    if request.POST.get("confirmed") != "1":
        return confirmation(
            request,
            url=reverse("player_withdraw", args=[tournament_id, player.pk]),
            back=reverse("player_edit", args=[tournament_id, player.pk]),
            question=_("Withdraw %(name)s from round %(r)d?") % {"name": player.name, "r": from_round},
            consequence=_("The player is no longer paired from that round on (C.04.2.D.3)."),
            button=_("Yes, withdraw the player"),
            fields={"from_round": from_round},
        )
    try:
        player = withdraw(player, from_round, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(name)s withdrawn from round %(r)d (C.04.2.D.3).")
            % {"name": player.name, "r": player.withdrawal_round},
        )
    return _back_to(request.tournament, "#players")


@require_POST
@tournament_role("register")
def player_reinstate(request: TournamentRequest, tournament_id: int, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, tournament=request.tournament)
    try:
        cancel_withdrawal(player, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Withdrawal of %s cancelled.") % player.name)
    return _back_to(request.tournament, "#players")


@require_POST
@tournament_role("register")
def bye_request(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    form = ByeForm(request.tournament, request.POST)
    if not form.is_valid():
        return _registration_page(request, bye_form=form)
    data = form.cleaned_data
    confirmed = request.POST.get("confirmed") == "1"
    try:
        bye = request_bye(data["player"], data["round"], data["kind"], user=request.user, confirmed=confirmed)
    except FullPointByeUnconfirmed as error:
        return confirmation(
            request,
            url=reverse("bye_request", args=[tournament_id]),
            back=reverse("registration", args=[tournament_id]) + "#byes",
            question=_("Give %(name)s a full-point bye in round %(r)d?")
            % {"name": data["player"].name, "r": data["round"]},
            consequence=str(error),
            button=_("Yes, give the full-point bye"),
            fields={"player": data["player"].pk, "round": data["round"], "kind": data["kind"]},
        )
    except DomainError as error:
        form.add_error(None, str(error))
        return _registration_page(request, bye_form=form)
    messages.success(
        request,
        _("%(name)s: %(kind)s in round %(r)d.")
        % {"name": bye.player.name, "kind": bye.get_kind_display(), "r": data["round"]},
    )
    return _back_to(request.tournament, "#byes")


@require_POST
@tournament_role("register")
def renumber_players(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Pairing numbers in the initial order again (C.04.2.B.2); after round 4, confirmed (B.3)."""
    confirmed = request.POST.get("confirmed") == "1"
    try:
        moved = reassign_pairing_numbers(request.tournament, user=request.user, confirmed=confirmed)
    except RenumberUnconfirmed as error:
        return confirmation(
            request,
            url=reverse("renumber_players", args=[tournament_id]),
            back=reverse("registration", args=[tournament_id]) + "#players",
            question=_("Reassign the pairing numbers after round 4 was paired?"),
            consequence=str(error),
            button=_("Yes, reassign the pairing numbers"),
        )
    except DomainError as error:
        messages.error(request, str(error))
    else:
        if moved:
            messages.success(request, _("Pairing numbers reassigned in the initial order: %d players moved.") % moved)
        else:
            messages.info(request, _("The pairing numbers already follow the initial order."))
    return _back_to(request.tournament, "#players")


@require_POST
@tournament_role("register")
def bye_cancel(request: TournamentRequest, tournament_id: int, bye_id: int) -> HttpResponse:
    bye = get_object_or_404(Bye, pk=bye_id, round__tournament=request.tournament)
    try:
        cancel_bye(bye, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    return _back_to(request.tournament, "#byes")


# ---------------------------------------------------------------- audit

AUDIT_PAGE_SIZE = 100


@require_POST
@tournament_role("manage")
def prohibit_pairing(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    form = ProhibitedPairingForm(request.tournament, request.POST)
    if not form.is_valid():
        return _registration_page(request, prohibited_form=form)
    data = form.cleaned_data
    try:
        setup.prohibit_pairing(
            tournament_id=request.tournament.pk,
            player=data["player"],
            other=data["other"],
            first_round=data["first_round"],
            last_round=data["last_round"],
            user=request.user,
        )
    except DomainError as error:
        form.add_error(None, str(error))
        return _registration_page(request, prohibited_form=form)
    messages.success(request, _("The two players will not be paired together."))
    return _back_to(request.tournament, "#prohibited")


@require_POST
@tournament_role("manage")
def allow_pairing(request: TournamentRequest, tournament_id: int, prohibited_id: int) -> HttpResponse:
    try:
        setup.allow_pairing(tournament_id=request.tournament.pk, prohibited_id=prohibited_id, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    return _back_to(request.tournament, "#prohibited")


@require_http_methods(["GET"])
@tournament_role("register")
def audit_log(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Every change with who, when, old and new value (results, corrections, refusals, pairings)."""
    tournament = request.tournament
    all_entries = AuditEntry.objects.filter(tournament=tournament)
    entries = all_entries.select_related("user")
    actions = all_entries.values_list("action", flat=True).distinct().order_by("action")
    action = request.GET.get("action", "")
    if action:
        # Only an action the trail holds is looked up: any other text (a NUL byte, which the
        # database refuses) finds nothing.
        entries = entries.filter(action=action) if action in set(actions) else entries.none()
    number = request.GET.get("round", "")
    number = number if re.fullmatch(r"[0-9]{1,3}", number) else ""
    if number:
        entries = entries.filter(round_number=int(number))
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "page": page,
        "action": action,
        "actions": actions,
        "round": int(number) if number else None,
        "rounds": range(1, tournament.rounds + 1),
    }
    return render(request, "tourney/audit.html", context)
