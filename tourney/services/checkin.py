"""Check-in before a round is paired: who is present, who is absent.

The desk marks a player present, or absent; a player may check himself in on his own
page (a secret link per player, the QR code the desk hands out) and an arbiter then
confirms it. An absence is the zero-point bye of the existing bye model (C.04.2.D.4:
a player who does not play a round is not paired in it and scores no point unless the
rules grant one), recorded as assigned, not requested; the pairing leaves the player
out (adapter.absent_for) like any other bye. A requested bye stays the player's own.
Every change is audited and only while the round is not paired.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import RefusalTable, RegistrationRefused
from tourney.models import Bye, ByeKind, CheckIn, Player, Round, RoundStatus, Tournament

REFUSALS = RefusalTable(
    "checkin",
    {
        "no_such_round": gettext_lazy("the tournament has rounds 1 to %(rounds)d"),
        "not_playing": gettext_lazy("%(player)s does not take part in round %(round)d"),
        "round_paired": gettext_lazy(
            "round %(round)d is already paired: change the pairing by hand, or score a forfeit"
        ),
        "has_bye": gettext_lazy("%(player)s has a bye in round %(round)d (%(kind)s): an arbiter cancels it first"),
        "not_checked_in": gettext_lazy("%(player)s has not checked in for round %(round)d"),
        "requested_bye": gettext_lazy("%(player)s has a requested bye in round %(round)d (%(kind)s)"),
        "no_such_number": gettext_lazy("no player has the pairing number %(number)d"),
    },
)

# The absence the desk records: zero points, assigned by the arbiter (C.04.2.D.4).
ABSENCE = ByeKind.ZERO_POINT
_TOKEN_SALT = "tourney.checkin"


def checkin_token(player: Player) -> str:
    """The player's own check-in secret: his id signed with the site's key."""
    return signing.Signer(salt=_TOKEN_SALT).sign(str(player.pk))


def player_of_token(token: str) -> Player | None:
    """The player whose check-in secret is *token*, or None for a forged one."""
    try:
        pk = signing.Signer(salt=_TOKEN_SALT).unsign(token)
    except signing.BadSignature:
        return None
    return Player.objects.select_related("tournament").filter(pk=pk).first()


def _open_round(player: Player, number: int) -> Round:
    """Round *number*, not paired yet, that *player* takes part in (created as a draft)."""
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    if not 1 <= number <= tournament.rounds:
        raise RegistrationRefused(REFUSALS("no_such_round", rounds=tournament.rounds))
    if number < player.entry_round or (player.withdrawal_round is not None and number >= player.withdrawal_round):
        raise RegistrationRefused(REFUSALS("not_playing", player=player.name, round=number))
    rnd = Round.objects.get_or_create(tournament=tournament, number=number)[0]
    if rnd.status != RoundStatus.DRAFT:
        raise RegistrationRefused(REFUSALS("round_paired", round=number))
    return rnd


def _absence(rnd: Round, player: Player) -> Bye | None:
    return Bye.objects.filter(round=rnd, player=player).first()


def check_in(player: Player, number: int, *, user: User | None = None, by_player: bool = False) -> CheckIn:
    """*player* is present for round *number*. Marked by an arbiter it is confirmed at
    once and lifts an absence the desk recorded; checked in by the player himself it
    waits for an arbiter, and an absence stands until then."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        rnd = _open_round(player, number)
        bye = _absence(rnd, player)
        if bye is not None and (by_player or bye.requested):
            kind = ByeKind(bye.kind).label
            raise RegistrationRefused(REFUSALS("has_bye", player=player.name, round=number, kind=kind))
        checkin, created = CheckIn.objects.get_or_create(round=rnd, player=player, defaults={"by_player": by_player})
        if not by_player and not checkin.confirmed:
            checkin.confirmed_by = user if user is not None and user.is_authenticated else None
            checkin.confirmed_at = timezone.now()
            checkin.save(update_fields=["confirmed_by", "confirmed_at"])
        if bye is not None:
            audit.record(rnd.tournament, bye, action="cancel absence", old=bye.get_kind_display(), user=user)
            bye.delete()
            public_change(rnd.tournament_id, round_number=number)
        if created or not by_player:
            how = _audit_how(by_player)
            audit.record(rnd.tournament, checkin, action="check in", new=how, user=user)
        return checkin


def _audit_how(by_player: bool) -> str:
    # Stored in English like every audit value.
    return "by the player, to be confirmed" if by_player else "by the desk"


def confirm_check_in(player: Player, number: int, *, user: User | None = None) -> CheckIn:
    """An arbiter confirms the check-in the player made on his own page."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        rnd = _open_round(player, number)
        checkin = CheckIn.objects.filter(round=rnd, player=player).first()
        if checkin is None:
            raise RegistrationRefused(REFUSALS("not_checked_in", player=player.name, round=number))
        if checkin.confirmed:
            return checkin
        checkin.confirmed_by = user if user is not None and user.is_authenticated else None
        checkin.confirmed_at = timezone.now()
        checkin.save(update_fields=["confirmed_by", "confirmed_at"])
        audit.record(rnd.tournament, checkin, action="confirm check-in", user=user)
        return checkin


def mark_absent(player: Player, number: int, *, user: User | None = None) -> Bye:
    """*player* is absent from round *number*: not paired, zero points (C.04.2.D.4). A
    check-in of his for the round is withdrawn; a requested bye is left as it is."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        rnd = _open_round(player, number)
        bye = _absence(rnd, player)
        if bye is not None:
            if bye.requested:
                kind = ByeKind(bye.kind).label
                raise RegistrationRefused(REFUSALS("requested_bye", player=player.name, round=number, kind=kind))
            return bye
        CheckIn.objects.filter(round=rnd, player=player).delete()
        bye = Bye(round=rnd, player=player, kind=ABSENCE, requested=False)
        bye.created_by = user if user is not None and user.is_authenticated else None
        bye.save()
        audit.record(
            rnd.tournament, bye, action="mark absent", new=bye.get_kind_display(), user=user, reason="C.04.2.D.4"
        )
        public_change(rnd.tournament_id, round_number=number)
        return bye


def player_numbered(tournament: Tournament, pairing_number: int) -> Player:
    """The player the desk means by his pairing number (the number typed at check-in)."""
    player = tournament.players.filter(pairing_number=pairing_number).first()
    if player is None:
        raise RegistrationRefused(REFUSALS("no_such_number", number=pairing_number))
    return player


def check_in_everyone_unmarked(tournament: Tournament, number: int, *, user: User | None = None) -> int:
    """Every player of round *number* the desk has not marked yet is present, confirmed
    at once; a player with a bye, an absence or a check-in of his own to confirm is left
    as he is. Returns how many were marked. One transaction: all or none."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        unmarked = [line.player for line in roster(tournament, number) if line.presence == Presence.UNKNOWN]
        if not unmarked:
            return 0
        rnd = _open_round(unmarked[0], number)
        confirmed_by = user if user is not None and user.is_authenticated else None
        now = timezone.now()
        checkins = CheckIn.objects.bulk_create(
            CheckIn(round=rnd, player=p, by_player=False, confirmed_by=confirmed_by, confirmed_at=now) for p in unmarked
        )
        for checkin in checkins:
            audit.record(
                rnd.tournament, checkin, action="check in", new="by the desk: everyone not yet marked", user=user
            )
        return len(checkins)


class Presence:
    """What the desk knows of a player before the round: the words are the template's."""

    PRESENT = "present"
    TO_CONFIRM = "to_confirm"
    ABSENT = "absent"
    BYE = "bye"
    UNKNOWN = "unknown"
    ALL = (PRESENT, TO_CONFIRM, ABSENT, BYE, UNKNOWN)


@dataclass(frozen=True)
class RosterLine:
    player: Player
    presence: str
    bye: Bye | None
    checkin: CheckIn | None


def roster(tournament: Tournament, number: int) -> list[RosterLine]:
    """Every player who takes part in round *number*, with what the desk knows of him."""
    rnd = tournament.round_set.filter(number=number).first()
    byes = {b.player_id: b for b in Bye.objects.filter(round=rnd)} if rnd else {}
    checkins = {c.player_id: c for c in CheckIn.objects.filter(round=rnd)} if rnd else {}
    lines = []
    for p in tournament.players.order_by("pairing_number"):
        if p.entry_round > number or (p.withdrawal_round is not None and p.withdrawal_round <= number):
            continue
        bye, checkin = byes.get(p.pk), checkins.get(p.pk)
        if bye is not None:
            presence = Presence.BYE if bye.requested or bye.kind != ABSENCE else Presence.ABSENT
        elif checkin is not None:
            presence = Presence.PRESENT if checkin.confirmed else Presence.TO_CONFIRM
        else:
            presence = Presence.UNKNOWN
        lines.append(RosterLine(p, presence, bye, checkin))
    return lines


def presence_counts(lines: list[RosterLine]) -> dict[str, int]:
    """How many players of the roster are in each state (Presence.ALL)."""
    return {state: sum(1 for line in lines if line.presence == state) for state in Presence.ALL}
