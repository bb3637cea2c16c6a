"""The arbiter's manual changes to a pairing: two players trade places, the free changes
of a draft, and the changes a published pairing allows on the grounds of its edition."""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import adapter
from pairing.engine.checker import Violation, check_round
from pairing.engine.common.colours import colour_state, white_by_due_colours
from pairing.engine.common.editions import EDITION_2026
from pairing.engine.double_swiss.colours import match_colours
from pairing.engine.double_swiss.matches import contenders
from pairing.engine.state import Colour
from pairing.job import describe_round, store_pairing
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import PairingRefused, RefusalTable, in_sentence
from tourney.models import PAIRED_STATUSES, Bye, ByeKind, Game, PairingSystem, Result, Round, RoundStatus, Tournament
from tourney.services.checkin import ABSENCE

REMATCH = "C.04.1.b"

REFUSALS = RefusalTable(
    "manual_changes",
    {
        "same_player": gettext_lazy("choose two different players"),
        # A team event's boards follow its matches and lineups (tourney.services.teams).
        "team_event": gettext_lazy(
            "round %(round)d is a round of a team event: its matches change by pairing the round again"
        ),
        "not_seated": gettext_lazy("player %(player)d is not in this pairing"),
        "not_paired": gettext_lazy("round %(round)d is %(status)s: only a paired round can be changed"),
        # C.04.2.D.10 (2017 texts): a published pairing changes only to repair a rematch.
        "published_rematch_only": gettext_lazy(
            "round %(round)d is published: C.04.2.D.10 allows a change only to repair a rematch (C.04.1.b)"
        ),
        "published_no_ground": gettext_lazy("round %(round)d is published: say on which ground the pairing changes"),
        "wrong_ground": gettext_lazy("this change does not serve that ground: %(ground)s"),
        "no_rematch": gettext_lazy("round %(round)d is published: this pairing has no rematch to repair"),
        "rematch_not_repaired": gettext_lazy(
            "this change does not repair the rematch; a published pairing may change only for that"
        ),
        "name_the_rule": gettext_lazy("name the rule of the competition that requires this change"),
        "emergency_last_round": gettext_lazy("an emergency change is allowed only in the last round"),
        "emergency_top_boards": gettext_lazy("an emergency change may touch only the top boards: %(boards)s"),
        "board_has_result": gettext_lazy("a board this change touches already has a result"),
        "not_published": gettext_lazy("round %(round)d is not published: change the draft instead"),
        "not_unpaired": gettext_lazy("player %(player)d is not an unpaired player of this round"),
        "not_late_entry": gettext_lazy(
            "player %(player)d is not a late entry of round %(round)d (registered after its publication)"
        ),
        "no_pab_for_late_entry": gettext_lazy(
            "nobody has the PAB to play the late entry: he enters in round %(next_round)d"
        ),
        "not_draft": gettext_lazy(
            "round %(round)d is %(status)s: only a draft pairing (paired, not published) changes freely"
        ),
        "no_such_board": gettext_lazy("round %(round)d has no board %(board)d"),
        "already_seated": gettext_lazy("player %(player)d is already in this pairing"),
        "not_playing": gettext_lazy("player %(player)d does not take part in this round"),
        "no_pab": gettext_lazy("an even number of players has no PAB: take a player out, or put one in, first"),
    },
)


def exchanged(pairing: adapter.Pairing, first: int, second: int) -> adapter.Pairing:
    """*pairing* with players *first* and *second* in each other's place.

    On one board it swaps the colours; a player and the PAB trade the bye.
    """
    if first == second:
        raise PairingRefused(REFUSALS("same_player"))

    def put(pid: int) -> int:
        return second if pid == first else first if pid == second else pid

    seats = {pid for b in pairing.boards for pid in (b.white, b.black)} | {pairing.bye}
    for pid in (first, second):
        if pid not in seats:
            raise PairingRefused(REFUSALS("not_seated", player=pid))
    boards = tuple(adapter.Board(put(b.white), put(b.black)) for b in pairing.boards)
    bye = put(pairing.bye) if pairing.bye is not None else None
    return adapter.Pairing(boards=boards, bye=bye)


def exchange_players(
    *, round_id: int, first: int, second: int, user: User | None = None, reason: str = "", ground: str = ""
) -> Round:
    """The arbiter's manual change: players *first* and *second* (pairing numbers) trade places.

    Before publication any change is allowed and the boards are sorted again (D.9);
    the checker names every rule the result breaks, and the round keeps those warnings
    until the next change. After publication only the grounds of the tournament's edition
    allow a change (*ground*, see PUBLISHED_GROUNDS: under the 2017 texts, C.04.2.D.10, only
    a rematch), on boards without a result, and board numbers stay.
    Every change is written to the audit trail with the warnings.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = rnd.tournament
        _refuse_team_event(rnd)
        if rnd.status not in PAIRED_STATUSES or rnd.status == RoundStatus.CLOSED:
            status = in_sentence(RoundStatus(rnd.status).label)
            raise PairingRefused(REFUSALS("not_paired", round=rnd.number, status=status))
        state = adapter.state_for_round(rnd)
        current = adapter.pairing_of(rnd)
        changed = exchanged(current, first, second)
        # The basic rules of the tournament's edition (C.04.1 of 2017 or of 2026).
        before = check_round(state, current, tournament.pairing_system, tournament.rules_edition)
        after = check_round(state, changed, tournament.pairing_system, tournament.rules_edition)
        if rnd.status == RoundStatus.PUBLISHED:
            _check_published_change(rnd, state, current, changed, before, after, {first, second}, ground, reason)
            _store_published_change(rnd, current, changed)
        else:
            boards = adapter.in_board_order(tournament, state, changed.boards)
            store_pairing(rnd, adapter.Pairing(boards=boards, bye=changed.bye))
        grounds = [_ground_text(rnd, ground)] if rnd.status == RoundStatus.PUBLISHED else []
        _record_change(rnd, after, old=_describe_pairing(current), user=user, reasons=[*grounds, reason])
        return rnd


def _record_change(rnd: Round, after: list[Violation], *, old: str, user: User | None, reasons: list[str]) -> None:
    """Keep the checker's warnings on the round until the next change, and audit the
    change with its reasons and the warnings."""
    tournament = rnd.tournament
    warnings = [str(v) for v in after]
    now = describe_round(rnd)
    if rnd.engine_pairing and _games_of(now) != _games_of(rnd.engine_pairing):
        warnings.append(
            _("manual change: this is not the pairing the %(system)s rules produced (C.04.2.A.4, C.04.3 A.9)")
            % {"system": tournament.get_pairing_system_display()}
        )
    rnd.pairing_warnings = "\n".join(warnings)
    rnd.save(update_fields=["pairing_warnings"])
    audit.record(
        tournament,
        rnd,
        action="change pairing",
        old=old,
        new=now,
        user=user,
        reason="; ".join(filter(None, [*reasons, *warnings])),
    )
    public_change(tournament.pk, round_number=rnd.number)


# Why a published pairing may change. The 2017 texts (C.04.2.D.10) name one ground, a
# rematch; the 2026 general handling rules five: an accidental rematch, the competition's
# own rules, two unpaired players agreeing to play each other, a late entry fitted in with
# the least change, and an emergency on the top boards of the last round.
REMATCH_GROUND = "rematch"
REGULATIONS_GROUND = "regulations"
AGREEMENT_GROUND = "agreement"
LATE_ENTRY_GROUND = "late entry"
EMERGENCY_GROUND = "emergency"
PUBLISHED_GROUNDS = {
    REMATCH_GROUND: gettext_lazy("an accidental rematch (C.04.1.b)"),
    REGULATIONS_GROUND: gettext_lazy("the competition's rules require it"),
    AGREEMENT_GROUND: gettext_lazy("two unpaired players agree to play each other"),
    LATE_ENTRY_GROUND: gettext_lazy("a late entry, fitted in with the least change"),
    EMERGENCY_GROUND: gettext_lazy("an emergency on a top board of the last round"),
}
# The grounds an exchange of two players' places can serve (the other two add a board).
EXCHANGE_GROUNDS = (REMATCH_GROUND, REGULATIONS_GROUND, EMERGENCY_GROUND)


def published_grounds(tournament: Tournament) -> tuple[str, ...]:
    """The grounds on which the tournament's rules edition lets a published pairing change."""
    if tournament.rules_edition == EDITION_2026:
        return tuple(PUBLISHED_GROUNDS)
    return (REMATCH_GROUND,)


def _ground_text(rnd: Round, ground: str) -> str:
    return _("published pairing changed: %s") % PUBLISHED_GROUNDS[ground or REMATCH_GROUND]


def _refuse_ground(rnd: Round, ground: str, kinds: tuple[str, ...]) -> None:
    allowed = published_grounds(rnd.tournament)
    if ground not in allowed:
        if allowed == (REMATCH_GROUND,):
            raise PairingRefused(REFUSALS("published_rematch_only", round=rnd.number))
        raise PairingRefused(REFUSALS("published_no_ground", round=rnd.number))
    if ground not in kinds:
        raise PairingRefused(REFUSALS("wrong_ground", ground=PUBLISHED_GROUNDS[ground]))


def _check_published_change(
    rnd: Round,
    state: adapter.TournamentState,
    current: adapter.Pairing,
    changed: adapter.Pairing,
    before: list[Violation],
    after: list[Violation],
    moved: set[int],
    ground: str,
    reason: str,
) -> None:
    ground = ground or REMATCH_GROUND
    _refuse_ground(rnd, ground, EXCHANGE_GROUNDS)
    if ground == REMATCH_GROUND:
        rematches = [v for v in before if v.rule == REMATCH]
        if not rematches and published_grounds(rnd.tournament) == (REMATCH_GROUND,):
            raise PairingRefused(REFUSALS("published_rematch_only", round=rnd.number))
        if not rematches:
            raise PairingRefused(REFUSALS("no_rematch", round=rnd.number))
        if len([v for v in after if v.rule == REMATCH]) >= len(rematches):
            raise PairingRefused(REFUSALS("rematch_not_repaired"))
    touched = {pid for b in _changed_boards(current, changed) for pid in (b.white, b.black)} | moved
    if ground == REGULATIONS_GROUND and not reason.strip():
        raise PairingRefused(REFUSALS("name_the_rule"))
    if ground == EMERGENCY_GROUND:
        if not state.is_last_round:
            raise PairingRefused(REFUSALS("emergency_last_round"))
        top = top_boards(state, current)
        if not touched <= top:
            raise PairingRefused(REFUSALS("emergency_top_boards", boards=_board_list(rnd, top)))
    _refuse_started(rnd, touched)


def top_boards(state: adapter.TournamentState, pairing: adapter.Pairing) -> set[int]:
    """The players of the top boards of a last round: the boards with a player who can still
    finish first (his score and a win reach the leader's score). A reading of the 2026
    general handling rules, which do not say how many boards are the top ones."""
    scores = {p.id: state.score(p.id) for p in state.players}
    seated = [pid for b in pairing.boards for pid in (b.white, b.black)]
    if not seated:
        return set()
    leader = max(scores[pid] for pid in seated)
    return {
        pid
        for b in pairing.boards
        if max(scores[b.white], scores[b.black]) + state.scoring.win >= leader
        for pid in (b.white, b.black)
    }


def _board_list(rnd: Round, players: set[int]) -> str:
    boards = rnd.games.filter(white__pairing_number__in=players).values_list("board", flat=True)
    return ", ".join(str(b) for b in sorted(boards))


def _refuse_started(rnd: Round, players: set[int]) -> None:
    started = rnd.games.exclude(result=Result.PENDING, second_result=Result.PENDING).filter(
        Q(white__pairing_number__in=players) | Q(black__pairing_number__in=players)
    )
    if started.exists():
        raise PairingRefused(REFUSALS("board_has_result"))


def _refuse_team_event(rnd: Round) -> None:
    if rnd.tournament.is_team_event:
        raise PairingRefused(REFUSALS("team_event", round=rnd.number))


def _published(round_id: int, ground: str) -> Round:
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    _refuse_team_event(rnd)
    if rnd.status != RoundStatus.PUBLISHED:
        raise PairingRefused(REFUSALS("not_published", round=rnd.number))
    _refuse_ground(rnd, ground, (ground,))
    return rnd


def _new_board(state: adapter.TournamentState, a: int, b: int, system: str = "") -> adapter.Board:
    """The colours of a board made by hand on a published round: a colour the limits force
    (C.04.1.f/g), else each his due colour, the higher-ranked player's first; a Double-Swiss
    match by Article 4 of C.04.5 (game 1's colours; it has no colour limits)."""
    if system == PairingSystem.DOUBLE_SWISS:
        # Both players are seated now, whatever the state's absences said before.
        field = {c.id: c for c in contenders(dataclasses.replace(state, absent=frozenset()))}
        return match_colours(field[a], field[b], state.initial_colour)
    players = state.by_id
    ca, cb = colour_state(players[a]), colour_state(players[b])
    if ca.forced is Colour.WHITE or cb.forced is Colour.BLACK:
        white = a
    elif ca.forced is Colour.BLACK or cb.forced is Colour.WHITE:
        white = b
    else:
        rank = {p.id: k for k, p in enumerate(state.players, start=1)}
        higher = a if (-state.score(a), rank[a]) < (-state.score(b), rank[b]) else b
        white = white_by_due_colours(a, b, ca, cb, rank, state.initial_colour, lambda x, y: higher)
    return adapter.Board(white, b if white == a else a)


def _add_board(rnd: Round, board: adapter.Board) -> None:
    """A new board at the end of a published round: every other board keeps its number."""
    by_number = {
        p.pairing_number: p for p in rnd.tournament.players.filter(pairing_number__in=(board.white, board.black))
    }
    last = rnd.games.aggregate(n=Max("board"))["n"] or 0
    Game(round=rnd, board=last + 1, white=by_number[board.white], black=by_number[board.black]).save()


def _add_board_and_record(
    rnd: Round, current: adapter.Pairing, first: int, second: int, ground: str, user: User | None, reason: str
) -> None:
    """A new board of *first* and *second* at the end of the published round, checked and
    audited with its ground (their byes already cancelled)."""
    board = _new_board(adapter.state_for_round(rnd), first, second, rnd.tournament.pairing_system)
    _add_board(rnd, board)
    t = rnd.tournament
    after = check_round(adapter.state_for_round(rnd), adapter.pairing_of(rnd), t.pairing_system, t.rules_edition)
    done = f"new board {_named(rnd, board.white)} - {_named(rnd, board.black)}"
    _record_change(
        rnd, after, old=_describe_pairing(current), user=user, reasons=[_ground_text(rnd, ground), done, reason]
    )


def pair_unpaired(*, round_id: int, first: int, second: int, user: User | None = None, reason: str = "") -> Round:
    """Two players without a game in a published round agree to play each other (2026
    general handling rules): their byes or absences are cancelled and they get a new board."""
    with transaction.atomic():
        rnd = _published(round_id, AGREEMENT_GROUND)
        if first == second:
            raise PairingRefused(REFUSALS("same_player"))
        byes = {
            b.player.pairing_number: b
            for b in rnd.byes.select_related("player").filter(player__pairing_number__in=(first, second))
        }
        for pid in (first, second):
            if pid not in byes:
                raise PairingRefused(REFUSALS("not_unpaired", player=pid))
        current = adapter.pairing_of(rnd)
        for bye in byes.values():
            audit.record(rnd.tournament, bye, action="cancel bye", old=bye.get_kind_display(), user=user, reason=reason)
            bye.delete()
        _add_board_and_record(rnd, current, first, second, AGREEMENT_GROUND, user, reason)
        return rnd


def seat_late_entry(*, round_id: int, player: int, user: User | None = None, reason: str = "") -> Round:
    """A player registered after a round was published joins it (2026 general handling
    rules) with the least change: he plays the PAB's holder on a new board, every other
    board staying as it is. Without a PAB nobody is free to play him: he enters next round."""
    with transaction.atomic():
        rnd = _published(round_id, LATE_ENTRY_GROUND)
        entrant = rnd.tournament.players.select_for_update().filter(pairing_number=player).first()
        if entrant is None or entrant.entry_round != rnd.number + 1:
            raise PairingRefused(REFUSALS("not_late_entry", player=player, round=rnd.number))
        current = adapter.pairing_of(rnd)
        if current.bye is None:
            raise PairingRefused(REFUSALS("no_pab_for_late_entry", next_round=rnd.number + 1))
        pab = rnd.byes.select_related("player").get(kind=ByeKind.PAIRING_ALLOCATED)
        entrant.entry_round = rnd.number
        entrant.save(update_fields=["entry_round"])
        audit.record(rnd.tournament, pab, action="cancel bye", old=pab.get_kind_display(), user=user, reason=reason)
        pab.delete()
        _add_board_and_record(rnd, current, current.bye, player, LATE_ENTRY_GROUND, user, reason)
        return rnd


def _changed_boards(current: adapter.Pairing, changed: adapter.Pairing) -> list[adapter.Board]:
    return [b for b, c in zip(current.boards, changed.boards, strict=True) if b != c]


def _store_published_change(rnd: Round, current: adapter.Pairing, changed: adapter.Pairing) -> None:
    """Rewrite only the boards that changed, keeping every board number (published boards)."""
    games = {g.board: g for g in rnd.games.select_related("white", "black")}
    by_number = {p.pairing_number: p for p in rnd.tournament.players.all()}
    redo = [
        (board, new)
        for (board, game), new in zip(sorted(games.items()), changed.boards, strict=True)
        if (game.white.pairing_number, game.black.pairing_number) != (new.white, new.black)
    ]
    for board, _new in redo:
        games[board].delete()
    if current.bye != changed.bye:
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
    for board, new in redo:
        Game(round=rnd, board=board, white=by_number[new.white], black=by_number[new.black]).save()
    if current.bye != changed.bye and changed.bye is not None:
        Bye(round=rnd, player=by_number[changed.bye], kind=ByeKind.PAIRING_ALLOCATED).save()


def _describe_pairing(pairing: adapter.Pairing) -> str:
    text = [f"{b.white}-{b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        text.append(f"bye {pairing.bye}")
    return " ".join(text)


def _named(rnd: Round, pairing_number: int) -> str:
    """'17. Rossi, Mario' for the audit: the name stays right when a later renumbering
    changes the numbers."""
    return str(rnd.tournament.players.get(pairing_number=pairing_number))


def same_games(description: str, other: str) -> bool:
    """Whether two one-line pairings hold the same games, White first, and the same PAB."""
    return _games_of(description) == _games_of(other)


def _games_of(description: str) -> set[tuple[str, ...]]:
    """The games of a one-line pairing, White first, board order aside: a colour swap is a
    change of the engine's pairing as much as another opponent is (C.04.3 colour rules)."""
    return {tuple(item.split("-")) for item in description.split(" ") if "-" in item} | {
        ("bye", item) for item in description.split("bye ")[1:2]
    }


# ---------------------------------------------------------------- free changes of a draft
#
# Before publication the arbiter may make any pairing (C.04.2.A.4: the arbiter decides);
# each change is checked against the absolute criteria (pairing.engine.checker) and the
# rules it breaks are shown and audited. Pairing the round again gives the engine's
# pairing of the players present back.


def _draft(round_id: int) -> Round:
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    _refuse_team_event(rnd)
    if rnd.status != RoundStatus.PAIRED:
        status = in_sentence(RoundStatus(rnd.status).label)
        raise PairingRefused(REFUSALS("not_draft", round=rnd.number, status=status))
    return rnd


def _opponent(pairing: adapter.Pairing, pid: int) -> int | None:
    for b in pairing.boards:
        if pid in (b.white, b.black):
            return b.black if b.white == pid else b.white
    return None


def _seated(pairing: adapter.Pairing, pid: int) -> bool:
    return pid == pairing.bye or _opponent(pairing, pid) is not None


def _store_draft(rnd: Round, changed: adapter.Pairing, *, old: str, user: User | None, reasons: list[str]) -> Round:
    """Store *changed* as the draft (boards sorted again, C.04.2.D.9), check it, audit it."""
    state = adapter.state_for_round(rnd)
    t = rnd.tournament
    store_pairing(rnd, adapter.Pairing(boards=adapter.in_board_order(t, state, changed.boards), bye=changed.bye))
    _record_change(
        rnd, check_round(state, changed, t.pairing_system, t.rules_edition), old=old, user=user, reasons=reasons
    )
    return rnd


def _refuse_unseated(pairing: adapter.Pairing, *pids: int) -> None:
    for pid in pids:
        if not _seated(pairing, pid):
            raise PairingRefused(REFUSALS("not_seated", player=pid))


def choose_opponent(*, round_id: int, player: int, opponent: int, user: User | None = None, reason: str = "") -> Round:
    """*player* (a pairing number) plays *opponent* and keeps his colour; their former
    opponents play each other (or the one with the PAB hands it over)."""
    with transaction.atomic():
        rnd = _draft(round_id)
        current = adapter.pairing_of(rnd)
        _refuse_unseated(current, player, opponent)
        if player == opponent:
            raise PairingRefused(REFUSALS("same_player"))
        if _opponent(current, player) == opponent:
            return rnd
        mine = _opponent(current, player)
        # The player stays in his seat: the one sitting opposite him trades places with
        # the chosen opponent (with the PAB: the player hands it to the opponent's partner).
        if mine is not None:
            changed = exchanged(current, mine, opponent)
        else:  # the player has the PAB: he takes the seat of the opponent's partner, who gets it
            changed = exchanged(current, player, _opponent(current, opponent))  # type: ignore[arg-type]
        done = f"opponent chosen: {_named(rnd, player)} plays {_named(rnd, opponent)}"
        return _store_draft(rnd, changed, old=_describe_pairing(current), user=user, reasons=[done, reason])


def swap_colours(*, round_id: int, board: int, user: User | None = None, reason: str = "") -> Round:
    """The two players of *board* swap colours (one click on the draft)."""
    with transaction.atomic():
        rnd = _draft(round_id)
        game = rnd.games.select_related("white", "black").filter(board=board).first()
        if game is None:
            raise PairingRefused(REFUSALS("no_such_board", round=rnd.number, board=board))
        current = adapter.pairing_of(rnd)
        changed = exchanged(current, game.white.pairing_number, game.black.pairing_number)
        done = f"colours swapped on board {board}: {game.black} has White, {game.white} Black"
        return _store_draft(rnd, changed, old=_describe_pairing(current), user=user, reasons=[done, reason])


def take_out(*, round_id: int, player: int, user: User | None = None, reason: str = "") -> Round:
    """*player* is taken out of the draft as absent (zero points, C.04.2.D.4). His
    opponent plays the PAB's holder, or takes the PAB when there is none."""
    with transaction.atomic():
        rnd = _draft(round_id)
        current = adapter.pairing_of(rnd)
        _refuse_unseated(current, player)
        if current.bye == player:
            changed = adapter.Pairing(boards=current.boards, bye=None)
        else:
            partner = _opponent(current, player)
            boards = tuple(b for b in current.boards if player not in (b.white, b.black))
            if current.bye is not None:
                changed = adapter.Pairing(boards=(*boards, adapter.Board(partner, current.bye)), bye=None)  # type: ignore[arg-type]
            else:
                changed = adapter.Pairing(boards=boards, bye=partner)
        old = _describe_pairing(current)
        state = adapter.state_for_round(rnd)
        boards = adapter.in_board_order(rnd.tournament, state, changed.boards)
        store_pairing(rnd, adapter.Pairing(boards=boards, bye=changed.bye))
        absent = rnd.tournament.players.get(pairing_number=player)
        bye = Bye(round=rnd, player=absent, kind=ABSENCE, requested=False)
        bye.created_by = user if user is not None and user.is_authenticated else None
        bye.save()
        audit.record(rnd.tournament, bye, action="mark absent", new=bye.get_kind_display(), user=user, reason=reason)
        t = rnd.tournament
        after = check_round(adapter.state_for_round(rnd), changed, t.pairing_system, t.rules_edition)
        done = f"{_named(rnd, player)} taken out as absent"
        _record_change(rnd, after, old=old, user=user, reasons=[done, reason])
        return rnd


def put_in(*, round_id: int, player: int, user: User | None = None, reason: str = "") -> Round:
    """*player*, absent or on a bye in this round, is put into the draft: he plays the
    PAB's holder, or takes the PAB when there is none."""
    with transaction.atomic():
        rnd = _draft(round_id)
        current = adapter.pairing_of(rnd)
        if _seated(current, player):
            raise PairingRefused(REFUSALS("already_seated", player=player))
        bye = rnd.byes.select_related("player").filter(player__pairing_number=player).first()
        if bye is None:
            raise PairingRefused(REFUSALS("not_playing", player=player))
        audit.record(rnd.tournament, bye, action="cancel bye", old=bye.get_kind_display(), user=user, reason=reason)
        bye.delete()
        if current.bye is not None:
            changed = adapter.Pairing(boards=(*current.boards, adapter.Board(current.bye, player)), bye=None)
        else:
            changed = adapter.Pairing(boards=current.boards, bye=player)
        done = f"{_named(rnd, player)} put into the pairing"
        return _store_draft(rnd, changed, old=_describe_pairing(current), user=user, reasons=[done, reason])


def give_pab(*, round_id: int, player: int, user: User | None = None, reason: str = "") -> Round:
    """*player* gets the pairing-allocated bye by hand; its holder plays his opponent."""
    with transaction.atomic():
        rnd = _draft(round_id)
        current = adapter.pairing_of(rnd)
        _refuse_unseated(current, player)
        if current.bye == player:
            return rnd
        if current.bye is None:
            raise PairingRefused(REFUSALS("no_pab"))
        changed = exchanged(current, player, current.bye)
        done = f"PAB given to {_named(rnd, player)}"
        return _store_draft(rnd, changed, old=_describe_pairing(current), user=user, reasons=[done, reason])
