"""The organizer's pages: setting up, registration, appointments; and the audit page."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from pairing.engine.trf import TrfError, parse_trf
from tourney import audit, roles
from tourney.access import tournament_creator, tournament_role, user_roles
from tourney.errors import PairingRefused, RegistrationRefused
from tourney.forms import AppointForm, ByeForm, PlayerEditForm, PlayerForm, TournamentForm, UploadForm, WithdrawForm
from tourney.models import Appointment, AppointmentRole, AuditEntry, Bye, Player, Tournament, TournamentStatus
from tourney.services import registration
from tourney.services.setup import draw_initial_colour
from tourney.trf_io import TrfImportError, import_tournament


def _read_upload(upload) -> str:  # type: ignore[no-untyped-def]
    raw = upload.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # older TRF and spreadsheet exports are often Latin-1


@require_http_methods(["GET", "POST"])
@tournament_creator
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial={"status": TournamentStatus.REGISTRATION})
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save()
            roles.appoint(tournament, request.user, AppointmentRole.ORGANIZER, by=request.user)
            audit.record(tournament, tournament, action="create tournament", new=tournament.name, user=request.user)
        messages.success(request, _("Tournament created. Register the players, then appoint the arbiters."))
        return redirect("registration", tournament.pk)
    return render(request, "tourney/tournament_form.html", {"form": form, "tournament": None})


@require_http_methods(["GET", "POST"])
@tournament_creator
def tournament_import(request: HttpRequest) -> HttpResponse:
    """A new tournament from a FIDE TRF file (players, and the rounds it records)."""
    form = UploadForm(request.POST or None, request.FILES or None)
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            trf = parse_trf(_read_upload(form.cleaned_data["file"]))
            with transaction.atomic():
                tournament = import_tournament(trf)
                roles.appoint(tournament, request.user, AppointmentRole.ORGANIZER, by=request.user)
                audit.record(tournament, tournament, action="import TRF", new=tournament.name, user=request.user)
        except TrfError as e:
            error = _("line %(line)s, column %(column)s: %(message)s") % {
                "line": e.line,
                "column": e.column,
                "message": e.message,
            }
        except TrfImportError as e:
            error = str(e)
        else:
            messages.success(request, _("Imported %(n)d players.") % {"n": tournament.players.count()})
            return redirect(tournament)
    return render(request, "tourney/upload.html", {"form": form, "error": error, "title": _("Import a TRF file")})


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def tournament_settings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    before = {f: getattr(tournament, f) for f in TournamentForm.Meta.fields}
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save()
            changed = [f for f in TournamentForm.Meta.fields if getattr(tournament, f) != before[f]]
            if changed:
                audit.record(
                    tournament,
                    tournament,
                    action="change settings",
                    old="; ".join(f"{f}={before[f]}" for f in changed),
                    new="; ".join(f"{f}={getattr(tournament, f)}" for f in changed),
                    user=request.user,
                )
        messages.success(request, _("Settings saved."))
        return redirect("tournament_settings", tournament.pk)
    return render(request, "tourney/tournament_form.html", {"form": form, "tournament": tournament})


@require_POST
@tournament_role("register")
def draw_colour(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        t = draw_initial_colour(tournament_id=tournament_id, user=request.user)
        messages.success(
            request, _("Drawn by lot: the first player has %s in round 1.") % t.get_initial_colour_display()
        )
    except PairingRefused as error:
        messages.error(request, str(error))
    return redirect(request.POST.get("next") or reverse("registration", args=[tournament_id]))


# ---------------------------------------------------------------- appointments


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def appointments(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    form = AppointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user, role = form.cleaned_data["username"], form.cleaned_data["role"]
        with transaction.atomic():
            appointment = roles.appoint(tournament, user, role, by=request.user)
            audit.record(tournament, appointment, action="appoint", new=f"{user} {role}", user=request.user)
        messages.success(
            request, _("%(user)s appointed %(role)s.") % {"user": user, "role": appointment.get_role_display()}
        )
        return redirect("appointments", tournament.pk)
    context = {"tournament": tournament, "form": form, "appointments": tournament.appointments.select_related("user")}
    return render(request, "tourney/appointments.html", context)


@require_POST
@tournament_role("manage")
def dismiss(request: HttpRequest, tournament_id: int, appointment_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    appointment = get_object_or_404(Appointment, pk=appointment_id, tournament=tournament)
    if appointment.user == request.user and appointment.role == AppointmentRole.ORGANIZER:
        messages.error(request, _("An organizer cannot dismiss himself."))
    else:
        audit.record(tournament, appointment, action="dismiss", old=str(appointment), user=request.user)
        appointment.delete()
    return redirect("appointments", tournament.pk)


# ---------------------------------------------------------------- registration


def _registration_page(request: HttpRequest, tournament: Tournament, **extra: object) -> HttpResponse:
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "player_form": PlayerForm(initial={"entry_round": registration.first_open_round(tournament)}),
        "upload_form": UploadForm(),
        "bye_form": ByeForm(tournament, initial={"round": registration.first_open_round(tournament)}),
        "byes": registration.requested_byes(tournament),
        "first_open": registration.first_open_round(tournament),
        "frozen": registration.numbers_frozen(tournament),
        "can": user_roles(request.user, tournament),
        **extra,
    }
    return render(request, "tourney/registration.html", context)


@require_http_methods(["GET"])
@tournament_role("register")
def registration_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _registration_page(request, request.tournament)  # type: ignore[attr-defined]


def _back(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return redirect(reverse("registration", args=[tournament_id]) + "#players")


@require_POST
@tournament_role("register")
def player_add(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    form = PlayerForm(request.POST)
    if not form.is_valid():
        return _registration_page(request, tournament, player_form=form)
    try:
        player = registration.register(tournament, form.cleaned_data, user=request.user)
    except RegistrationRefused as error:
        form.add_error(None, str(error))
        return _registration_page(request, tournament, player_form=form)
    messages.success(
        request, _("%(name)s registered with pairing number %(n)d.") % {"name": player.name, "n": player.pairing_number}
    )
    return _back(request, tournament_id)


@require_POST
@tournament_role("register")
def player_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _registration_page(request, tournament, upload_form=form)
    try:
        players = registration.import_file(tournament, _read_upload(form.cleaned_data["file"]), user=request.user)
    except RegistrationRefused as error:
        form.add_error("file", str(error))
        return _registration_page(request, tournament, upload_form=form)
    messages.success(request, _("%d players registered from the file.") % len(players))
    return _back(request, tournament_id)


@require_http_methods(["GET", "POST"])
@tournament_role("register")
def player_edit(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = PlayerEditForm(request.POST or None, instance=Player.objects.get(pk=player.pk))
    withdraw_form = WithdrawForm(initial={"from_round": registration.first_open_round(tournament)})
    if request.method == "POST" and form.is_valid():
        try:
            registration.update_player(player, form.cleaned_data, user=request.user)
        except RegistrationRefused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Player saved."))
            return _back(request, tournament_id)
    context = {"tournament": tournament, "player": player, "form": form, "withdraw_form": withdraw_form}
    return render(request, "tourney/player_form.html", context)


@require_POST
@tournament_role("register")
def player_withdraw(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = WithdrawForm(request.POST)
    try:
        if not form.is_valid():
            raise RegistrationRefused(_("give the first round the player is no longer paired in"))
        player = registration.withdraw(player, form.cleaned_data["from_round"], user=request.user)
        messages.success(
            request,
            _("%(name)s withdrawn from round %(r)d (C.04.2.D.3).")
            % {"name": player.name, "r": player.withdrawal_round},
        )
    except RegistrationRefused as error:
        messages.error(request, str(error))
    return _back(request, tournament_id)


@require_POST
@tournament_role("register")
def player_reinstate(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    try:
        registration.cancel_withdrawal(player, user=request.user)
        messages.success(request, _("Withdrawal of %s cancelled.") % player.name)
    except RegistrationRefused as error:
        messages.error(request, str(error))
    return _back(request, tournament_id)


@require_POST
@tournament_role("register")
def bye_request(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    form = ByeForm(tournament, request.POST)
    if not form.is_valid():
        return _registration_page(request, tournament, bye_form=form)
    data = form.cleaned_data
    try:
        bye = registration.request_bye(data["player"], data["round"], data["kind"], user=request.user)
    except RegistrationRefused as error:
        form.add_error(None, str(error))
        return _registration_page(request, tournament, bye_form=form)
    messages.success(
        request,
        _("%(name)s: %(kind)s in round %(r)d.")
        % {"name": bye.player.name, "kind": bye.get_kind_display(), "r": data["round"]},
    )
    return redirect(reverse("registration", args=[tournament_id]) + "#byes")


@require_POST
@tournament_role("register")
def bye_cancel(request: HttpRequest, tournament_id: int, bye_id: int) -> HttpResponse:
    tournament = request.tournament  # type: ignore[attr-defined]
    bye = get_object_or_404(Bye, pk=bye_id, round__tournament=tournament)
    try:
        registration.cancel_bye(bye, user=request.user)
    except RegistrationRefused as error:
        messages.error(request, str(error))
    return redirect(reverse("registration", args=[tournament_id]) + "#byes")


# ---------------------------------------------------------------- audit


@require_http_methods(["GET"])
@tournament_role("register")
def audit_log(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every change with who, when, old and new value (results, corrections, refusals, pairings)."""
    tournament = request.tournament  # type: ignore[attr-defined]
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("user")
    action = request.GET.get("action", "")
    if action:
        entries = entries.filter(action=action)
    page = Paginator(entries, 200).get_page(request.GET.get("page"))
    actions = (
        AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True).distinct().order_by("action")
    )
    context = {"tournament": tournament, "page": page, "action": action, "actions": actions}
    return render(request, "tourney/audit.html", context)
