"""The arbiter's round desk: pair, follow the pairing job, exchange players, publish,
enter results, close the round.

Every action is a POST of the tournament's arbiter. An HTMX request gets the round page's
pairing section back (or, for a result, the board's row); without JavaScript the page is
reloaded with the message.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from pairing.services import request_pairing
from tourney.access import tournament_role
from tourney.errors import CorrectionUnconfirmed, DomainError
from tourney.forms import ExchangeForm
from tourney.models import Game, Result, Round, Tournament
from tourney.quick_entry import EntryError, parse_board, parse_entry, parse_result
from tourney.round_page import board_context, match_board, round_context, round_or_draft
from tourney.services.manual_changes import exchange_players
from tourney.services.results import enter_board_result, later_rounds_warning
from tourney.services.rounds import close_round, publish_pairing, round_for, unpublish_pairing
from tourney.views.confirm import confirmation
from tourney.views.http import HtmxHttpRequest, TournamentRequest


@require_GET
def round_status(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The pairing section, polled while the job runs (and by the public while results come
    in); 286 ends the poll. A GET never writes: a lost job is ended by the worker's
    reaper (pairing.job.reap_lost_pairings), and the next poll shows it."""
    rnd = round_or_draft(get_object_or_404(Tournament, pk=tournament_id), number)
    context = round_context(request, rnd)
    response = render(request, "tourney/round_detail.html#pairing", context)
    if not context["polling"] and not context["live"]:
        response.status_code = HttpResponseStopPolling.status_code
    return response


def _answer(
    request: TournamentRequest, rnd: Round, *, refusal: str = "", done: str = "", entry_box: bool = False
) -> HttpResponse:
    """The desk after an action: the pairing section for HTMX, else the round page with a message.

    *entry_box*: the action opened or closed the round for results, so the keyboard box
    (outside the section) comes along out of band."""
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        elif done:
            messages.success(request, done)
        return redirect(rnd)
    rnd.refresh_from_db()
    context = {**round_context(request, rnd), "refusal": refusal, "done": done, "entry_box_oob": entry_box}
    return render(request, "tourney/round_detail.html#pairing", context)


def _write_and_answer(
    request: TournamentRequest,
    rnd: Round,
    write: Callable[..., object],
    done: str,
    *,
    entry_box: bool = False,
    **arguments: object,
) -> HttpResponse:
    """Call the service *write* on the round for the user and answer with its refusal, or
    with *done* once it is made."""
    try:
        write(round_id=rnd.pk, user=request.user, **arguments)
    except DomainError as error:
        return _answer(request, rnd, refusal=str(error))
    return _answer(request, rnd, done=done, entry_box=entry_box)


def _existing_round(request: TournamentRequest, number: int) -> Round:
    return get_object_or_404(request.tournament.round_set, number=number)


@require_POST
@tournament_role("direct")
def round_pair(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = round_or_draft(request.tournament, number)
    try:
        if rnd.pk is None:
            rnd = round_for(request.tournament, number)
        request_pairing(round_id=rnd.pk, user=request.user)
    except DomainError as error:
        return _answer(request, rnd, refusal=str(error))
    return _answer(request, rnd)


def _confirmed(request: TournamentRequest) -> bool:
    return request.POST.get("confirmed") == "1"


def _round_confirmation(
    request: TournamentRequest, rnd: Round, name: str, question: str, consequence: str, button: str
) -> HttpResponse:
    url = reverse(name, args=[rnd.tournament_id, rnd.number])
    return confirmation(
        request,
        url=url,
        back=rnd.get_absolute_url(),
        question=question,
        consequence=consequence,
        button=button,
        rnd=rnd,
    )


@require_POST
@tournament_role("direct")
def round_publish(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(request, number)
    if not _confirmed(request):
        return _round_confirmation(
            request,
            rnd,
            "round_publish",
            _("Publish the pairing of round %d?") % number,
            _("Players and the public see it at once; afterwards it changes only to repair a rule (C.04.2.D.10)."),
            _("Yes, publish the pairing"),
        )
    done = _("Round %d published: the pairing is frozen (C.04.2.D.10).") % number
    return _write_and_answer(request, rnd, publish_pairing, done, entry_box=True)


@require_POST
@tournament_role("direct")
def round_unpublish(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    """Undo the publication of the last round while it has no result (with a reason)."""
    rnd = _existing_round(request, number)
    done = _("Publication of round %d undone: the pairing is a draft again.") % number
    reason = request.POST.get("reason", "")
    return _write_and_answer(request, rnd, unpublish_pairing, done, entry_box=True, reason=reason)


@require_POST
@tournament_role("direct")
def round_exchange(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(request, number)
    form = ExchangeForm(request.POST)
    if not form.is_valid():
        return _answer(request, rnd, refusal=_("give two pairing numbers"))
    data = form.cleaned_data
    done = _("Players %(a)d and %(b)d exchanged.") % {"a": data["first"], "b": data["second"]}
    return _write_and_answer(
        request,
        rnd,
        exchange_players,
        done,
        first=data["first"],
        second=data["second"],
        reason=data["reason"],
        ground=data["ground"],
    )


@require_POST
@tournament_role("direct")
def round_close(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(request, number)
    if not _confirmed(request):
        return _round_confirmation(
            request,
            rnd,
            "round_close",
            _("Publish the results of round %d?") % number,
            _("The standings are updated for everyone and the correction deadline starts (C.04.2.D.8)."),
            _("Yes, publish the results"),
        )
    return _write_and_answer(request, rnd, close_round, _("Results of round %d published.") % number)


def _board(request: TournamentRequest, number: int, board: int) -> Game:
    """The game on *board* of round *number* as it is now, with its players (for its row)."""
    games = Game.objects.select_related("round", "white", "black")
    return games.get(round__tournament=request.tournament, round__number=number, board=board)


def _board_of(request: TournamentRequest, number: int, pairing_number: int | None) -> int:
    """The board where *pairing_number* plays in round *number* ("#17 1-0" at the keyboard)."""
    games = Game.objects.filter(round__tournament=request.tournament, round__number=number)
    board = (
        games.filter(Q(white__pairing_number=pairing_number) | Q(black__pairing_number=pairing_number))
        .values_list("board", flat=True)
        .first()
    )
    if board is None:
        raise EntryError(_("pairing number %(n)d has no board in round %(r)d") % {"n": pairing_number, "r": number})
    return board


def _board_of_match(request: TournamentRequest, number: int, table: int, board: int) -> int:
    """The round's board number of board *board* of match *table* ("12.3 1-0" at the keyboard)."""
    games = Game.objects.filter(
        round__tournament=request.tournament, round__number=number, match__table=table
    ).order_by("board")
    boards = list(games.values_list("board", flat=True))
    if not request.tournament.is_team_event or not 1 <= board <= len(boards):
        raise EntryError(_("round %(r)d has no match %(m)d with a board %(b)d") % {"r": number, "m": table, "b": board})
    return boards[board - 1]


def _correction_context(game: Game, result: str, error: CorrectionUnconfirmed, game_number: int | None) -> dict:
    """What the arbiter must confirm: the board's result now, the one typed, the later
    rounds already paired with the old one (*game_number*: the game of a Double-Swiss match)."""
    team_board = match_board(game, game.round.tournament)
    return {
        "board": game.board,
        # A team match's board as the arbiter typed it: "5 (2.1)".
        "board_label": f"{game.board} ({team_board})" if team_board else str(game.board),
        "game": game_number,
        "current": error.current,
        "current_label": Result(error.current).label if error.current else _("no result"),
        "new": result,
        "new_label": Result(result).label if result else _("no result"),
        "later_warning": later_rounds_warning(error.later_rounds) if error.later_rounds else "",
        "needs_reason": error.needs_reason,
    }


@require_POST
@tournament_role("direct")
def round_result(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    """One result, by the keyboard ("12 1-0") or a board's buttons (board, result).

    The keyboard is for new results: it expects an empty board. A board's buttons carry
    the result the page showed (``expected``). A change of a result already entered is
    never applied silently: the answer asks for an explicit correction (``confirmed``,
    with a reason once the round is closed), naming the later rounds already paired.

    For HTMX the answer is small: a line of feedback, the board's row and the count of
    boards still to play, swapped in place (the page stays where the arbiter is typing);
    a correction to confirm is added to the list under the box.
    """
    # A result entered costs one statement to find and lock the board (with its round and
    # players, in hand for the answer), one UPDATE, the audit entry and the count of boards
    # still to play: the desk stays fast while the public pages are under load.
    rnd, game, message, ok, correction = None, None, "", False, None
    board, result, game_number = 0, "", 1
    two_games = request.tournament.two_games
    try:
        # Each game of a Double-Swiss match is entered on its own (C.04.5): (game, result) pairs.
        if "entry" in request.POST:
            # The keyboard types new results: over one already entered it asks for a correction.
            entry = parse_entry(request.POST["entry"], two_games=two_games)
            if entry.match is not None:
                board = _board_of_match(request, number, entry.match, entry.board or 0)
            else:
                board = entry.board or _board_of(request, number, entry.pairing_number)
            games = [(entry.game, entry.result)]
            if entry.second is not None:
                games.append((2, entry.second))
            expected = None
        else:
            board, result = parse_board(request.POST.get("board", "")), parse_result(request.POST.get("result", ""))
            games = [(2 if two_games and request.POST.get("game") == "2" else 1, result)]
            expected = request.POST.get("expected")
        said = []
        for game_number, result in games:
            try:
                changed, game = enter_board_result(
                    tournament_id=request.tournament.pk,
                    round_number=number,
                    board=board,
                    result=result,
                    user=request.user,
                    reason=request.POST.get("reason", ""),
                    expected=expected,
                    confirmed=request.POST.get("confirmed") == "1",
                    game_number=game_number,
                )
            except Game.DoesNotExist:
                raise EntryError(_("round %(r)d has no board %(b)d") % {"r": number, "b": board}) from None
            label = str(Result(result).label) if result else _("no result")
            if two_games:
                label = _("game %(g)d %(r)s") % {"g": game_number, "r": label}
            said.append((label, changed))
        rnd = game.round
        ok = True
        labels = ", ".join(label for label, _changed in said)
        changed = any(c for _label, c in said)
        message = (_("Board %(b)d: %(r)s") if changed else _("Board %(b)d: already %(r)s")) % {"b": board, "r": labels}
        if game.match_id is not None:  # a team match's board, as the arbiter typed it: "12.3"
            match_board = game.board - (game.match.table - 1) * game.round.tournament.team_boards
            message = f"{message} ({game.match.table}.{match_board})"
    except (EntryError, ValueError) as error:
        message = str(error) or _("type the board and the result, e.g. “12 1-0”")
    except CorrectionUnconfirmed as error:  # a conflict too: the board changed meanwhile
        message = str(error)
        game = _board(request, number, board)
        correction = _correction_context(game, result, error, game_number if two_games else None)
    except DomainError as error:
        message = _("Refused: %s") % error
        game = _board(request, number, board)
    if rnd is None:  # nothing written: the round as it is now (404 when there is none)
        rnd = _existing_round(request, number)
    if not request.htmx:
        if correction:
            context = {"round": rnd, "tournament": rnd.tournament, "message": message, "correction": correction}
            return render(request, "tourney/result_correction.html", context)
        (messages.success if ok else messages.error)(request, message)
        return redirect(rnd)
    context = {
        # tournament_role("direct") admitted him: the row needs no other role.
        **board_context(rnd, game, can={"direct": True}),
        "message": message,
        "ok": ok,
        "oob": True,
        "correction": correction,
        "settled": ok and request.POST.get("confirmed") == "1",
        # A keyboard entry refused stays listed under the box until the arbiter dismisses it.
        "refused": {"typed": request.POST["entry"], "board": board}
        if "entry" in request.POST and not ok and not correction
        else None,
    }
    return render(request, "tourney/result_saved.html", context)
