"""Registration: entries, late entries, initial order and pairing numbers, withdrawals, byes.

Views call these functions; each one validates, writes and audits in one transaction.
A refusal raises RegistrationRefused with the reason for the arbiter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TypedDict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import (
    EntriesRefused,
    FullPointByeUnconfirmed,
    RefusalTable,
    RegistrationRefused,
    RenumberUnconfirmed,
)
from tourney.models import Bye, ByeKind, NationalRating, Player, Round, RoundStatus, Tournament
from tourney.templatetags.tourney_tags import points
from tourney.validators import text_problem

REFUSALS = RefusalTable(
    "registration",
    {
        "fide_id_taken": gettext_lazy("FIDE ID %(id)s is already registered (%(name)s)"),
        "fide_id_twice": gettext_lazy("FIDE ID %(id)s appears twice in the file, also at %(other)s"),
        "pairing_now": gettext_lazy("a round is being paired right now; try again when it is done"),
        # C.04.2.B.3: pairing numbers are final once round 4 is paired.
        "numbers_final": gettext_lazy(
            "Round 4 is paired: pairing numbers are final (C.04.2.B.3). Reassigning them in the initial "
            "order gives %(moved)d players another number; the colours and the order of the next pairings "
            "follow the new numbers. Confirm the change."
        ),
        # C.04.2.C.2: a late entry enters from a round not paired yet.
        "entry_round_paired": gettext_lazy(
            "round %(round)d is already paired: a new player can enter from round %(first_open)d"
        ),
        "entry_after_last_round": gettext_lazy("the tournament has only %(rounds)d rounds"),
        "withdrawal_round_paired": gettext_lazy(
            "round %(round)d is already paired: the withdrawal can take effect from round %(first_open)d"
        ),
        "withdrawal_before_entry": gettext_lazy("the player enters in round %(entry_round)d: delete the entry instead"),
        "rounds_paired_without_player": gettext_lazy(
            "rounds after the withdrawal are already paired without the player"
        ),
        "bad_bye_kind": gettext_lazy("a requested bye is half-point, zero-point or full-point"),
        "no_such_round": gettext_lazy("the tournament has rounds 1 to %(rounds)d"),
        "not_playing": gettext_lazy("%(player)s does not take part in round %(round)d"),
        # C.04.2.D.4: a bye is requested for a round not paired yet.
        "round_paired": gettext_lazy(
            "round %(round)d is already paired: change the pairing by hand, or score a forfeit"
        ),
        "full_point_bye": gettext_lazy(
            "A full-point bye scores %(points)s for %(player)s in round %(round)d without a game (a win "
            "scores %(win)s). Confirm the bye."
        ),
        "bye_not_cancellable": gettext_lazy("only a requested bye of a round not yet paired can be cancelled"),
    },
)

# C.04.2.B.2 [b]: GM - IM - WGM - FM - WIM - CM - WFM - WCM - no title.
TITLE_ORDER = {title: k for k, title in enumerate(["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""])}


def initial_order_key(player: Player) -> tuple[int, int, str, str]:
    """C.04.2.B.2: rating (an unrated player's provisional one), then FIDE title, then alphabetically."""
    return (
        -player.pairing_rating,
        TITLE_ORDER.get(player.title, len(TITLE_ORDER)),
        player.name.casefold(),
        player.name,
    )


def numbers_frozen(tournament: Tournament) -> bool:
    """C.04.2.B.3: pairing numbers may be reassigned only for the first three rounds, so
    no longer once round 4 has been paired."""
    return tournament.round_set.paired().filter(number__gte=4).exists()


def first_open_round(tournament: Tournament) -> int:
    """The first round not paired yet (a new entry or a withdrawal takes effect there)."""
    started = tournament.round_set.exclude(status=RoundStatus.DRAFT)  # paired, or being paired
    paired = started.aggregate(n=Max("number"))["n"]
    return (paired or 0) + 1


# The player's fields as the registration form labels them: a refusal names them so.
FIELD_LABELS = {
    "name": gettext_lazy("Name"),
    "title": gettext_lazy("Title"),
    "rating": gettext_lazy("Rating"),
    "federation": gettext_lazy("Federation"),
    "fide_id": gettext_lazy("FIDE ID"),
    "sex": gettext_lazy("Sex"),
    "birth_date": gettext_lazy("Birth date"),
    "provisional_rating": gettext_lazy("Provisional rating"),
    "entry_round": gettext_lazy("Entry round"),
}


def _validate(player: Player) -> None:
    problems = player_problems(player)
    if problems:
        raise RegistrationRefused("; ".join(f"{FIELD_LABELS.get(k, k)}: {v}" for k, v in problems.items()))


_FIRST_NUMBER = re.compile(r"\d+")


def in_line_order(problems: Sequence[str]) -> list[str]:
    """A file's problems in the order of its lines: each names its line first ("line 7,
    column rating: ..."), the problems found reading the file and those found registering
    come from separate passes. A problem naming no line stays first."""

    def line(problem: str) -> int:
        found = _FIRST_NUMBER.search(problem)
        return int(found.group(0)) if found else 0

    return sorted(problems, key=line)


def player_problems(player: Player) -> dict[str, str]:
    """What is wrong with the player's fields, by field: no query is made (the pairing
    number and the tournament are the service's to set)."""
    problems = {}
    for name in PLAYER_FIELDS:
        value = getattr(player, name)
        problem = text_problem(value) if isinstance(value, str) else None
        if problem:
            problems[name] = problem
    if player.rating and player.provisional_rating:
        problems["provisional_rating"] = _("only an unrated player takes a provisional rating")
    try:
        player.full_clean(exclude=["tournament", "pairing_number"], validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        for name, messages in error.message_dict.items():
            problems.setdefault(name, " ".join(messages))
    return problems


_ISO_DATE = re.compile(r"^(\d{4})[-.](\d{2})[-.](\d{2})$")


def birth_date_of(text: str) -> str:
    """A birth date as FIDE records it (YYYY/MM/DD or YYYY); ISO dates (YYYY-MM-DD) are
    accepted and rewritten."""
    text = (text or "").strip()
    match = _ISO_DATE.match(text)
    return "/".join(match.groups()) if match else text


def _same_fide_id(tournament: Tournament, player: Player) -> Player | None:
    if not player.fide_id:
        return None
    return tournament.players.filter(fide_id=player.fide_id).exclude(pk=player.pk).first()


def _refuse_same_fide_id(tournament: Tournament, player: Player) -> None:
    other = _same_fide_id(tournament, player)
    if other is not None:
        raise RegistrationRefused(REFUSALS("fide_id_taken", id=player.fide_id, name=other.name))


def _refuse_while_pairing(tournament: Tournament) -> None:
    if tournament.round_set.filter(status=RoundStatus.PAIRING).exists():
        raise RegistrationRefused(REFUSALS("pairing_now"))


def renumber(tournament: Tournament, user: User | None = None) -> bool:
    """Give every player the pairing number of the initial order (C.04.2.B.3, C.3),
    unless round 4 has been paired. Returns whether the numbers were reassigned."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if numbers_frozen(tournament):
            return False
        moves = _numbers_in_initial_order(tournament)
        if not moves:
            return False
        _renumber(tournament, moves, user, action="renumber players", reason=_RENUMBER_REASON)
        return True


_RENUMBER_REASON = "C.04.2.B.3 / C.3: initial order by rating, title, name"


def reassign_pairing_numbers(tournament: Tournament, *, user: User | None = None, confirmed: bool = False) -> int:
    """The arbiter's renumbering in initial order (C.04.2.B.2), even once round 4 is paired:
    C.04.2.B.3 makes the numbers final then, so a renumbering needs *confirmed* (else
    RenumberUnconfirmed) and is audited as one after round 4. Returns how many players got
    another number (0: the numbers already follow the initial order, nothing asked)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _refuse_while_pairing(tournament)
        moves = _numbers_in_initial_order(tournament)
        if not moves:
            return 0
        if not numbers_frozen(tournament):
            _renumber(tournament, moves, user, action="renumber players", reason=_RENUMBER_REASON)
            return len(moves)
        if not confirmed:
            raise RenumberUnconfirmed(REFUSALS("numbers_final", moved=len(moves)), moved=len(moves))
        _renumber(
            tournament,
            moves,
            user,
            action="renumber players after round 4",
            reason=f"confirmed after round 4 was paired (C.04.2.B.3); {_RENUMBER_REASON}",
        )
        return len(moves)


def _numbers_in_initial_order(tournament: Tournament) -> list[tuple[Player, int]]:
    """(player, number in the initial order) for each player whose number differs, in the
    order of their present numbers."""
    players = list(tournament.players.all())
    wanted = {p.pk: k for k, p in enumerate(sorted(players, key=initial_order_key), start=1)}
    return [(p, wanted[p.pk]) for p in players if p.pairing_number != wanted[p.pk]]


def _renumber(
    tournament: Tournament, moves: list[tuple[Player, int]], user: User | None, *, action: str, reason: str
) -> None:
    # Two steps, so that the unique (tournament, pairing number) holds at every UPDATE.
    offset = tournament.players.aggregate(n=Max("pairing_number"))["n"] + len(moves) + 1
    for p, _wanted in moves:
        Player.objects.filter(pk=p.pk).update(pairing_number=p.pairing_number + offset)
    for p, wanted in moves:
        Player.objects.filter(pk=p.pk).update(pairing_number=wanted)
    refresh_national_records(tournament)
    audit.record(
        tournament,
        tournament,
        action=action,
        old=" ".join(f"{p.name}={p.pairing_number}" for p, _wanted in moves),
        new=" ".join(f"{p.name}={wanted}" for p, wanted in moves),
        user=user,
        reason=reason,
    )
    public_change(tournament.pk, base=True)


def refresh_national_records(tournament: Tournament) -> None:
    """The national rating records (TRF-2026 NRS) follow the players' pairing numbers, which
    they carry in their columns 5-8: an export writes them as kept."""
    stale = [
        r
        for r in NationalRating.objects.filter(player__tournament=tournament).select_related("player")
        if r.record[4:8] != f"{r.player.pairing_number:4d}"
    ]
    for r in stale:
        r.record = f"{r.record[:4]}{r.player.pairing_number:4d}{r.record[8:]}"
    NationalRating.objects.bulk_update(stale, ["record"], batch_size=500)


class PlayerData(TypedDict, total=False):
    """A player's entry as the registration form, a CSV line or a TRF record gives it."""

    name: str
    title: str
    rating: int
    federation: str
    fide_id: str
    sex: str
    birth_date: str
    entry_round: int | str | None
    provisional_rating: int | None


PLAYER_FIELDS = ("name", "title", "rating", "federation", "fide_id", "sex", "birth_date", "provisional_rating")
# Fields whose blank value is None, not "".
NULLABLE_FIELDS = ("provisional_rating",)


def _fields(data: PlayerData) -> dict[str, object]:
    fields = {k: data[k] for k in PLAYER_FIELDS if data.get(k) not in (None, "")}  # type: ignore[literal-required]
    if "birth_date" in fields:
        fields["birth_date"] = birth_date_of(str(fields["birth_date"]))
    return fields


def register(tournament: Tournament, data: PlayerData, *, user: User | None = None) -> Player:
    """Enter one player; a late entry (C.04.2.C.2) when round 1 has already been paired.

    The player enters in *entry_round* (default: the first round not paired yet) and is
    not paired before it. While round 4 is not paired every player is renumbered in
    initial order; afterwards the newcomer takes the next free number.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _refuse_while_pairing(tournament)
        opens = first_open_round(tournament)
        entry_round = int(data.get("entry_round") or opens)
        if entry_round < opens:
            raise RegistrationRefused(REFUSALS("entry_round_paired", round=entry_round, first_open=opens))
        if entry_round > tournament.rounds:
            raise RegistrationRefused(REFUSALS("entry_after_last_round", rounds=tournament.rounds))
        last = tournament.players.aggregate(n=Max("pairing_number"))["n"] or 0
        player = Player(
            tournament=tournament,
            pairing_number=last + 1,
            entry_round=entry_round,
            **_fields(data),
        )
        _validate(player)
        _refuse_same_fide_id(tournament, player)
        player.save()
        action = "late entry" if opens > 1 else "register player"
        audit.record(
            tournament,
            player,
            action=action,
            new=f"{player.name} ({player.rating}) from round {entry_round}",
            user=user,
        )
        public_change(tournament.pk, base=True)
        renumber(tournament, user)
        player.refresh_from_db()
        return player


def register_many(
    tournament: Tournament,
    rows: Sequence[tuple[str, PlayerData]],
    *,
    user: User | None = None,
    source: str = "",
    problems: Sequence[str] = (),
    columns: Mapping[str, str] | None = None,
) -> list[Player]:
    """Enter every player of a file at once, all or none (C.04.2.B.3, C.2 as :func:`register`).

    *rows* pairs each player's data with where the file has it ("line 7"); *columns* names
    the column of each field where the file's columns are not named by its fields (a TRF's
    "49 (rating)"). Every row is checked first; the refusal lists every problem, *problems* found while reading the file
    included, each with its place and column. A FIDE ID may appear once, in the file and in
    the tournament. Then the players are renumbered once, written in one go, and one audit
    entry sums the import up: a file of thousands of rows costs a few queries.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _refuse_while_pairing(tournament)
        opens = first_open_round(tournament)
        existing = list(tournament.players.all())
        found = list(problems)
        ids = {p.fide_id: p.name for p in existing if p.fide_id}
        id_rows: dict[str, str] = {}
        new: list[Player] = []
        for where, data in rows:
            player, row_problems = _entry(tournament, data, opens)
            if player.fide_id and not row_problems.get("fide_id"):
                if player.fide_id in ids:
                    taken = REFUSALS("fide_id_taken", id=player.fide_id, name=ids[player.fide_id])
                    row_problems["fide_id"] = str(taken)
                elif player.fide_id in id_rows:
                    twice = REFUSALS("fide_id_twice", id=player.fide_id, other=id_rows[player.fide_id])
                    row_problems["fide_id"] = str(twice)
                else:
                    id_rows[player.fide_id] = where
            found += [
                _("%(where)s, column %(column)s: %(problem)s")
                % {"where": where, "column": (columns or {}).get(k, k), "problem": v}
                for k, v in row_problems.items()
            ]
            new.append(player)
        if found:
            raise EntriesRefused(in_line_order(found))
        if not new:
            return []
        moved = _number_newcomers(tournament, existing, new)
        Player.objects.bulk_create(new, batch_size=500)
        public_change(tournament.pk, base=True)
        late = opens > 1
        audit.record(
            tournament,
            tournament,
            action="late entries" if late else "register players",
            new=f"{len(new)} players{f' from {source}' if source else ''}: "
            + "; ".join(f"{p.name} ({p.rating}) from round {p.entry_round}" for p in new),
            user=user,
        )
        if moved:
            old, wanted = moved
            audit.record(
                tournament,
                tournament,
                action="renumber players",
                old=old,
                new=wanted,
                user=user,
                reason="C.04.2.B.3 / C.3: initial order by rating, title, name",
            )
        return new


def _entry(tournament: Tournament, data: PlayerData, opens: int) -> tuple[Player, dict[str, str]]:
    """The unsaved player of one row, and what is wrong with it by column."""
    problems: dict[str, str] = {}
    entry_round = data.get("entry_round") or opens
    try:
        entry_round = int(entry_round)
    except (TypeError, ValueError):
        problems["entry_round"] = _("must be a whole number")
        entry_round = opens
    if entry_round < opens:
        problems["entry_round"] = str(REFUSALS("entry_round_paired", round=entry_round, first_open=opens))
    elif entry_round > tournament.rounds:
        problems["entry_round"] = str(REFUSALS("entry_after_last_round", rounds=tournament.rounds))
    player = Player(tournament=tournament, pairing_number=1, entry_round=max(entry_round, 1), **_fields(data))
    for name, problem in player_problems(player).items():
        problems.setdefault(name, problem)
    return player, problems


def _number_newcomers(tournament: Tournament, existing: list[Player], new: list[Player]) -> tuple[str, str] | None:
    """Pairing numbers for *new* (unsaved): the initial order of everyone while round 4 is
    not paired (C.04.2.B.3), the players already registered moved in two UPDATEs; else the
    next free numbers in the file's order. Returns the audit's old and new numbers of the
    players moved, or None."""
    if numbers_frozen(tournament):
        last = max((p.pairing_number for p in existing), default=0)
        for k, player in enumerate(new, start=last + 1):
            player.pairing_number = k
        return None
    ordered = sorted([*existing, *new], key=initial_order_key)
    for k, player in enumerate(ordered, start=1):
        if player.pk is None:
            player.pairing_number = k
    wanted = {p.pk: k for k, p in enumerate(ordered, start=1) if p.pk is not None}
    moved = [p for p in existing if p.pairing_number != wanted[p.pk]]
    if not moved:
        return None
    old = " ".join(f"{p.name}={p.pairing_number}" for p in moved)
    # Two steps, so that the unique (tournament, pairing number) holds at every row.
    offset = len(ordered) + max(p.pairing_number for p in existing) + 1
    Player.objects.filter(pk__in=[p.pk for p in moved]).update(pairing_number=F("pairing_number") + offset)
    for p in moved:
        p.pairing_number = wanted[p.pk]
    Player.objects.bulk_update(moved, ["pairing_number"], batch_size=500)
    refresh_national_records(tournament)
    return old, " ".join(f"{p.name}={p.pairing_number}" for p in moved)


def update_player(player: Player, data: PlayerData, *, user: User | None = None) -> Player:
    """Correct a player's data (C.04.2.B.3: numbers follow while round 4 is not paired)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
        _refuse_while_pairing(tournament)
        old = {k: getattr(player, k) for k in PLAYER_FIELDS}
        for k in PLAYER_FIELDS:
            if k in data:
                setattr(player, k, data[k] if data[k] is not None or k in NULLABLE_FIELDS else "")
        player.birth_date = birth_date_of(player.birth_date)
        _validate(player)
        _refuse_same_fide_id(tournament, player)
        player.save()
        new = {k: getattr(player, k) for k in PLAYER_FIELDS}
        changes = {k for k in PLAYER_FIELDS if old[k] != new[k]}
        if changes:
            audit.record(
                tournament,
                player,
                action="change player",
                old=", ".join(f"{k}={old[k]}" for k in sorted(changes)),
                new=", ".join(f"{k}={new[k]}" for k in sorted(changes)),
                user=user,
            )
            public_change(tournament.pk, base=True)
            renumber(tournament, user)
        player.refresh_from_db()
        return player


def withdraw(player: Player, from_round: int | None = None, *, user: User | None = None) -> Player:
    """C.04.2.D.3: the player is no longer paired from *from_round* (default: the first
    round not paired yet). A round already paired must be changed by hand or re-paired."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
        player = Player.objects.select_for_update().get(pk=player.pk)
        opens = first_open_round(tournament)
        from_round = from_round or opens
        if from_round < opens:
            raise RegistrationRefused(REFUSALS("withdrawal_round_paired", round=from_round, first_open=opens))
        if from_round <= player.entry_round:
            raise RegistrationRefused(REFUSALS("withdrawal_before_entry", entry_round=player.entry_round))
        old = player.withdrawal_round
        player.withdrawal_round = from_round
        player.save(update_fields=["withdrawal_round"])
        audit.record(
            tournament, player, action="withdraw", old=old or "", new=from_round, user=user, reason="C.04.2.D.3"
        )
        public_change(tournament.pk, base=True)
        return player


def cancel_withdrawal(player: Player, *, user: User | None = None) -> Player:
    """The withdrawn player takes part again, unless a round after the withdrawal is already paired."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.withdrawal_round is None:
            return player
        if player.withdrawal_round < first_open_round(tournament):
            raise RegistrationRefused(REFUSALS("rounds_paired_without_player"))
        old = player.withdrawal_round
        player.withdrawal_round = None
        player.save(update_fields=["withdrawal_round"])
        audit.record(tournament, player, action="cancel withdrawal", old=old, user=user)
        public_change(tournament.pk, base=True)
        return player


REQUESTABLE = (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.FULL_POINT)


def request_bye(
    player: Player, round_number: int, kind: str, *, user: User | None = None, confirmed: bool = False
) -> Bye:
    """C.04.2.D.4: a player known in advance not to play round *round_number* is not
    paired in it; a half-point or full-point bye if the tournament's rules grant one,
    else zero points (an announced absence). A full-point bye, a win's points without a
    game, needs *confirmed* (else FullPointByeUnconfirmed) and is audited as given."""
    if kind not in REQUESTABLE:
        raise RegistrationRefused(REFUSALS("bad_bye_kind"))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
        if not 1 <= round_number <= tournament.rounds:
            raise RegistrationRefused(REFUSALS("no_such_round", rounds=tournament.rounds))
        if round_number < player.entry_round or (
            player.withdrawal_round is not None and round_number >= player.withdrawal_round
        ):
            raise RegistrationRefused(REFUSALS("not_playing", player=player.name, round=round_number))
        rnd = Round.objects.get_or_create(tournament=tournament, number=round_number)[0]
        if rnd.status != RoundStatus.DRAFT:
            raise RegistrationRefused(REFUSALS("round_paired", round=round_number))
        existing = Bye.objects.filter(round=rnd, player=player).first()
        full_point = kind == ByeKind.FULL_POINT
        if full_point and not confirmed:
            raise FullPointByeUnconfirmed(
                REFUSALS(
                    "full_point_bye",
                    player=player.name,
                    points=points(tournament.points_full_bye),
                    win=points(tournament.points_win),
                    round=round_number,
                )
            )
        old = existing.get_kind_display() if existing else ""
        bye = existing or Bye(round=rnd, player=player)
        bye.kind = kind
        bye.requested = True
        bye.created_by = user if user is not None and user.is_authenticated else None
        bye.save()
        audit.record(
            tournament,
            bye,
            action="give full-point bye" if full_point else "request bye",
            old=old,
            new=bye.get_kind_display(),
            user=user,
            reason="C.04.2.D.4; confirmed: a win's points without a game" if full_point else "C.04.2.D.4",
        )
        public_change(tournament.pk, round_number=round_number)
        return bye


def cancel_bye(bye: Bye, *, user: User | None = None) -> None:
    """Withdraw a requested bye of a round not paired yet."""
    with transaction.atomic():
        bye = Bye.objects.select_for_update().select_related("round__tournament", "player").get(pk=bye.pk)
        if bye.kind == ByeKind.PAIRING_ALLOCATED or bye.round.status != RoundStatus.DRAFT:
            raise RegistrationRefused(REFUSALS("bye_not_cancellable"))
        audit.record(bye.round.tournament, bye, action="cancel bye", old=bye.get_kind_display(), user=user)
        public_change(bye.round.tournament_id, round_number=bye.round.number)
        bye.delete()


def requested_byes(tournament: Tournament) -> Iterable[Bye]:
    return (
        Bye.objects.filter(round__tournament=tournament, requested=True)
        .select_related("round", "player")
        .order_by("round__number", "player__pairing_number")
    )
