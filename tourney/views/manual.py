"""The arbiter's free changes of a draft pairing: choose a player's opponent, swap a
board's colours in one click, take a player out (absent) or put one in, give the PAB by
hand; and the boards a published round may gain under the 2026 rules (two unpaired players
who agree to play, a late entry). Each answers with the round page's pairing section (the
checker's warnings in it)."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tourney.access import tournament_role
from tourney.forms import AgreementForm, HandBoardForm, HandOpponentForm, HandPlayerForm
from tourney.services.manual_changes import (
    choose_opponent,
    give_pab,
    pair_unpaired,
    put_in,
    seat_late_entry,
    swap_colours,
    take_out,
)
from tourney.views.desk import _answer, _existing_round, _write_and_answer
from tourney.views.http import TournamentRequest


def _hand_change(
    request: TournamentRequest,
    number: int,
    form_class: type[forms.Form],
    write: Callable[..., object],
    done: Callable[[dict[str, object]], str],
) -> HttpResponse:
    rnd = _existing_round(request, number)
    form = form_class(request.POST)
    if not form.is_valid():
        return _answer(request, rnd, refusal=_("give the pairing numbers (and the board) of the change"))
    data = form.cleaned_data
    return _write_and_answer(request, rnd, write, done(data), **data)


@require_POST
@tournament_role("direct")
def hand_opponent(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request,
        number,
        HandOpponentForm,
        choose_opponent,
        lambda d: _("Player %(a)s now plays player %(b)s.") % {"a": d["player"], "b": d["opponent"]},
    )


@require_POST
@tournament_role("direct")
def hand_colours(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request, number, HandBoardForm, swap_colours, lambda d: _("Colours swapped on board %s.") % d["board"]
    )


@require_POST
@tournament_role("direct")
def hand_out(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request,
        number,
        HandPlayerForm,
        take_out,
        lambda d: _("Player %s taken out of the pairing: absent, zero points.") % d["player"],
    )


@require_POST
@tournament_role("direct")
def hand_in(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request, number, HandPlayerForm, put_in, lambda d: _("Player %s put into the pairing.") % d["player"]
    )


@require_POST
@tournament_role("direct")
def hand_pab(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(request, number, HandPlayerForm, give_pab, lambda d: _("Player %s gets the PAB.") % d["player"])


@require_POST
@tournament_role("direct")
def published_agreement(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request,
        number,
        AgreementForm,
        pair_unpaired,
        lambda d: _("Players %(a)s and %(b)s play each other on a new board.") % {"a": d["first"], "b": d["second"]},
    )


@require_POST
@tournament_role("direct")
def published_late_entry(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    return _hand_change(
        request,
        number,
        HandPlayerForm,
        seat_late_entry,
        lambda d: _("Late entry %s plays the PAB's holder on a new board.") % d["player"],
    )
