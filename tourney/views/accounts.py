"""Accounts: an organizer invites a person (a one-time set-password link, shown and
e-mailed when the site sends mail), the invited person sets his password, a user
changes his own."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tourney.access import tournament_role
from tourney.errors import DomainError
from tourney.forms import InviteForm
from tourney.models import Appointment
from tourney.services import accounts
from tourney.views.http import TournamentRequest
from tourney.views.setup import appointments_context


@require_POST
@tournament_role("manage")
def invite(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    tournament = request.tournament
    form = InviteForm(request.POST, prefix="invite")
    if form.is_valid():
        data = form.cleaned_data
        try:
            invitation = accounts.invite(
                tournament_id=tournament.pk,
                name=data["name"],
                email=data["email"],
                role=data["role"],
                user=request.user,
                site=f"{request.scheme}://{request.get_host()}",
            )
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            context = appointments_context(
                tournament,
                request.user,
                invited=invitation.user,
                link=request.build_absolute_uri(invitation.path),
                emailed=invitation.emailed,
            )
            return render(request, "tourney/appointments.html", context)
    return render(
        request, "tourney/appointments.html", appointments_context(tournament, request.user, invite_form=form)
    )


@require_POST
@tournament_role("manage")
def invitation_link(request: TournamentRequest, tournament_id: int, appointment_id: int) -> HttpResponse:
    """A new set-password link for an appointed person who has not chosen a password yet."""
    tournament = request.tournament
    appointment = get_object_or_404(Appointment, pk=appointment_id, tournament=tournament)
    try:
        path = accounts.new_link(tournament_id=tournament.pk, invited_id=appointment.user_id, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
        return render(request, "tourney/appointments.html", appointments_context(tournament, request.user))
    context = appointments_context(
        tournament, request.user, invited=appointment.user, link=request.build_absolute_uri(path)
    )
    return render(request, "tourney/appointments.html", context)


class SetPasswordView(auth_views.PasswordResetConfirmView):
    """The invited person's one-time page: he chooses his password, then logs in."""

    template_name = "registration/set_password.html"
    success_url = reverse_lazy("login")

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("Password set: log in with your user name, %s.") % form.user.get_username())
        return response


class ChangePasswordView(LoginRequiredMixin, auth_views.PasswordChangeView):
    """A signed-in user changes his own password (the old one first)."""

    template_name = "registration/change_password.html"
    success_url = reverse_lazy("tournament_list")

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("Your password is changed."))
        return response
