"""Categories, prizes and rating changes: the public pages (category standings, prize
winners, the rating report's preview) and the organizer's prize settings."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tourney import roles
from tourney.access import tournament_role
from tourney.caching.public_views import public_page
from tourney.errors import DomainError, SetupRefused
from tourney.forms import FederationField, TextWithoutControls
from tourney.models import CategoryKind, Tournament
from tourney.presentation import tiebreak_table
from tourney.prizes import category_standings, members, prize_winners
from tourney.ratings import event_year, player_k, rating_changes
from tourney.services import prizes as prize_services
from tourney.standings import completed_rounds
from tourney.validators import validate_federation
from tourney.views.http import HtmxHttpRequest, TournamentRequest


class CategoryForm(TextWithoutControls, forms.Form):
    name = forms.CharField(max_length=60, label=gettext_lazy("Name"))
    kind = forms.ChoiceField(choices=CategoryKind.choices, label=gettext_lazy("Kind"))
    rating_min = forms.IntegerField(min_value=0, max_value=3500, required=False, label=gettext_lazy("Rating from"))
    rating_max = forms.IntegerField(min_value=0, max_value=3500, required=False, label=gettext_lazy("Rating up to"))
    age_max = forms.IntegerField(min_value=1, max_value=120, required=False, label=gettext_lazy("Under (age)"))
    age_min = forms.IntegerField(min_value=1, max_value=120, required=False, label=gettext_lazy("Age from"))
    federation = FederationField(
        max_length=3, required=False, validators=[validate_federation], label=gettext_lazy("Federation")
    )


class PrizeForm(forms.Form):
    category = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label=gettext_lazy("Standings"))
    place = forms.IntegerField(min_value=1, max_value=500, label=gettext_lazy("Place"))
    amount = forms.DecimalField(
        min_value=Decimal("0.01"), max_digits=10, decimal_places=2, label=gettext_lazy("Amount")
    )

    def __init__(self, *args: object, tournament: Tournament, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        choices = [("", _("General standings"))] + [(c.pk, c.name) for c in tournament.categories.all()]
        self.fields["category"].choices = choices  # type: ignore[attr-defined]


@require_GET
@public_page()
def categories(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament's categories, each with its players' count and its standings page."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    players, year = list(tournament.players.all()), event_year(tournament)
    shown = [{"category": c, "players": len(members(c, players, year))} for c in tournament.categories.all()]
    return render(
        request,
        "tourney/prizes/categories.html",
        {"tournament": tournament, "categories": shown, "can_manage": roles.can_manage(request.user, tournament)},
    )


@require_GET
@public_page(parameters=["round"])
def category_detail(request: HtmxHttpRequest, tournament_id: int, category_id: int) -> HttpResponse:
    """A category's standings: the tournament's, its players only, placed in that order."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    category = get_object_or_404(tournament.categories, pk=category_id)
    table, rows, done = category_standings(tournament, category, request.GET.get("round"))
    return render(
        request,
        "tourney/prizes/category_standings.html",
        {
            "tournament": tournament,
            "category": category,
            "table": table,
            "rows": rows,
            "headers": tiebreak_table.tiebreak_headers(table),
            "completed": range(1, done + 1),
        },
    )


@require_GET
@public_page()
def prizes(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The prize winners from the standings (final once every round is in)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, winners = prize_winners(tournament, _("General standings"))
    return render(
        request,
        "tourney/prizes/prizes.html",
        {
            "tournament": tournament,
            "table": table,
            "winners": winners,
            "has_prizes": tournament.prizes.exists(),
            "can_manage": roles.can_manage(request.user, tournament),
        },
    )


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def prize_settings(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Categories, prizes by place, shared or not: one form per action."""
    tournament = request.tournament
    category_form = CategoryForm(prefix="category")
    prize_form = PrizeForm(prefix="prize", tournament=tournament)
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "add-category":
                category_form = CategoryForm(request.POST, prefix="category")
                if category_form.is_valid():
                    data = dict(category_form.cleaned_data)
                    prize_services.add_category(
                        tournament_id=tournament.pk,
                        name=data.pop("name"),
                        kind=data.pop("kind"),
                        bounds=data,
                        user=request.user,
                    )
                    messages.success(request, _("Category added."))
                    return redirect("prize_settings", tournament.pk)
            elif action == "set-prize":
                prize_form = PrizeForm(request.POST, prefix="prize", tournament=tournament)
                if prize_form.is_valid():
                    prize_services.set_prize(
                        tournament_id=tournament.pk,
                        category_id=prize_form.cleaned_data["category"],
                        place=prize_form.cleaned_data["place"],
                        amount=prize_form.cleaned_data["amount"],
                        user=request.user,
                    )
                    messages.success(request, _("Prize saved."))
                    return redirect("prize_settings", tournament.pk)
            elif action == "remove-category":
                prize_services.remove_category(
                    tournament_id=tournament.pk, category_id=_int(request.POST.get("id")), user=request.user
                )
                messages.success(request, _("Category removed."))
                return redirect("prize_settings", tournament.pk)
            elif action == "remove-prize":
                prize_services.remove_prize(
                    tournament_id=tournament.pk, prize_id=_int(request.POST.get("id")), user=request.user
                )
                messages.success(request, _("Prize removed."))
                return redirect("prize_settings", tournament.pk)
            elif action == "sharing":
                prize_services.set_prize_sharing(
                    tournament_id=tournament.pk, shared=request.POST.get("shared") == "on", user=request.user
                )
                messages.success(request, _("Prize sharing saved."))
                return redirect("prize_settings", tournament.pk)
        except DomainError as error:
            messages.error(request, str(error))
    return render(
        request,
        "tourney/prizes/prize_settings.html",
        {
            "tournament": tournament,
            "category_form": category_form,
            "prize_form": prize_form,
            "categories": tournament.categories.all(),
            "prizes": tournament.prizes.select_related("category"),
        },
    )


def _int(value: str | None) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise Http404(_("No such item.")) from None


@require_GET
@public_page()
def rating_report(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The preview of the rating report: each rated player's rated games, score, expected
    score, K and change (FIDE Rating Regulations 8.3), after the last completed round."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    after = completed_rounds(tournament)
    changes = rating_changes(tournament, after)
    year = event_year(tournament)
    rows = [
        {"player": p, "change": changes.get(p.pairing_number), "k": player_k(p, year)}
        for p in tournament.players.order_by("pairing_number")
    ]
    return render(
        request,
        "tourney/prizes/rating_report.html",
        {
            "tournament": tournament,
            "rows": rows,
            "after_round": after,
            "final": after >= tournament.rounds,
            "can_direct": roles.can_direct(request.user, tournament),
        },
    )


@require_POST
@tournament_role("direct")
def rating_record(request: TournamentRequest, tournament_id: int, player_id: int) -> HttpResponse:
    """The arbiter sets a player's K as the rating list gives it, and his rated games."""
    try:
        k_factor, rated_games = _optional(request.POST.get("k_factor")), _optional(request.POST.get("rated_games"))
        prize_services.set_rating_record(
            tournament_id=tournament_id,
            player_id=player_id,
            k_factor=k_factor,
            rated_games=rated_games,
            user=request.user,
        )
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Rating record saved."))
    return redirect("rating_report", tournament_id)


def _optional(value: str | None) -> int | None:
    value = (value or "").strip()
    if not value:
        return None
    if not re.fullmatch(r"[0-9]{1,6}", value):
        raise SetupRefused(_("K and the rated games are whole numbers of at most 6 digits"))
    return int(value)
