"""The tournament's setup: creating it, its settings, its tie-break list, its
appointments, the initial colour drawn by lot. Each write locks the tournament, checks,
writes and records the change in the audit trail, in one transaction; a refusal raises
SetupRefused (PairingRefused for the colour, drawn on the arbiter's pairing desk).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from pairing import adapter
from pairing.engine.lots import initial_colour_by_lot, new_seed
from pairing.engine.tiebreaks import TieBreakCodeError, parse
from pairing.engine.trf import TrfTournament
from tourney import audit, roles
from tourney.audit import User
from tourney.caching import public_change
from tourney.editions import default_edition, edition_problem
from tourney.errors import (
    EditionChangeUnconfirmed,
    PairingRefused,
    Refusal,
    RefusalTable,
    SetupRefused,
    TiebreakChangeUnconfirmed,
)
from tourney.models import (
    Acceleration,
    Appointment,
    AppointmentRole,
    InitialColour,
    PairingSystem,
    Player,
    ProhibitedPairing,
    Round,
    RoundStatus,
    RulesEdition,
    Tournament,
)
from tourney.services.imports import import_tournament

REFUSALS = RefusalTable(
    "setup",
    {
        "exists": gettext_lazy("this tournament exists already"),
        # C.04.2.A.3: the system and the scoring are announced before the start.
        "fixed_after_round_one": gettext_lazy("%(fields)s: fixed once round 1 is paired (C.04.2.A.3)"),
        "round_paired": gettext_lazy("round %(round)d is already paired"),
        "edition_change": gettext_lazy(
            "Round %(round)d is already paired by the %(old)s edition of the rules: the next rounds will be "
            "paired by the %(new)s edition. Confirm the change."
        ),
        "unknown_tiebreak": gettext_lazy("%(code)s is not a tie-break code this program knows"),
        # C.07 4.1: the tie-breaks are announced before the start.
        "tiebreak_change": gettext_lazy(
            "Round %(round)d is already paired: the tie-breaks (%(old)s) were announced before the start "
            "(C.07). The standings will rank players level on points by %(new)s instead. Confirm the change."
        ),
        "same_player": gettext_lazy("choose two different players of this tournament"),
        "bad_rounds": gettext_lazy("the rounds must go from the first to the last, within the %(rounds)d rounds"),
        "already_apart": gettext_lazy("these two players are already kept apart"),
        "already_lifted": gettext_lazy("this prohibited pairing was already lifted"),
        "no_such_role": gettext_lazy("no role %(role)s"),
        "already_ended": gettext_lazy("this appointment was already ended"),
        "dismiss_yourself": gettext_lazy("An organizer cannot dismiss himself."),
        # C.04.3 E.5: the initial colour is drawn once, before round 1.
        "colour_drawn": gettext_lazy("the initial colour was already drawn: %(colour)s"),
        # C.04.5 exists in the 2026 texts only (applied from 1 February 2026).
        "double_swiss_edition": gettext_lazy(
            "the Double-Swiss system (C.04.5) has only the 2026 edition: %(edition)s cannot pair it"
        ),
        # C.04.7 gives "the points for a win": a game's or a match's, C.04.5 does not say.
        "double_swiss_acceleration": gettext_lazy(
            "the Double-Swiss system is paired without acceleration: C.04.5 does not say how %(acceleration)s "
            "would count a match"
        ),
    },
)


def double_swiss_refusal(system: str, edition: str, acceleration: str) -> Refusal | None:
    """Why a Double-Swiss tournament cannot have this *edition* or *acceleration*, or None
    (None too for the other systems)."""
    if system != PairingSystem.DOUBLE_SWISS:
        return None
    if edition and edition != RulesEdition.E2026:
        return REFUSALS("double_swiss_edition", edition=edition)
    if acceleration and acceleration != Acceleration.NONE:
        return REFUSALS("double_swiss_acceleration", acceleration=Acceleration(acceleration).label)
    return None


# The settings a form may change (TournamentForm's fields).
POINT_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_pairing_bye",
    "points_forfeit_win",
    "points_forfeit_loss",
    "points_full_bye",
    "points_half_bye",
)
# The settings of a team event: a match is paired and scored with them (C.04.6 1.2, 1.7).
TEAM_FIELDS = (
    "kind",
    "team_boards",
    "team_colour_preferences",
    "team_primary_score",
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
)
# Announced before the start (C.04.2.A.3): fixed once the first round is paired. The rules
# edition may still change then (an event started under the other texts), confirmed.
FIXED_AFTER_ROUND_ONE = (
    "pairing_system",
    "acceleration",
    "acceleration_group_a_min",
    "acceleration_group_c_below",
    "lim_maxi",
    *POINT_FIELDS,
    *TEAM_FIELDS,
)


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def create_tournament(*, tournament: Tournament, user: User) -> Tournament:
    """Save the new *tournament* (unsaved, from the settings form); its creator becomes its organizer."""
    if tournament.pk is not None:
        raise SetupRefused(REFUSALS("exists"))
    tournament.rules_edition = tournament.rules_edition or default_edition(tournament.pairing_system)
    refusal = double_swiss_refusal(tournament.pairing_system, tournament.rules_edition, tournament.acceleration)
    if refusal:
        raise SetupRefused(refusal)
    problem = edition_problem(tournament.pairing_system, tournament.rules_edition)
    if problem:
        raise SetupRefused(problem)
    with transaction.atomic():
        tournament.save()
        roles.appoint(tournament, user, AppointmentRole.ORGANIZER, by=user)
        audit.record(tournament, tournament, action="create tournament", new=tournament.name, user=user)
        public_change(tournament.pk, base=True)  # a number SQLite gives again after a deletion starts afresh
    return tournament


def create_tournament_from_trf(
    *,
    trf: TrfTournament,
    user: User,
    rounds: int | None = None,
    edition: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """A new tournament as a FIDE TRF file records it (players and rounds); the importer
    becomes its organizer. *edition*: the rules edition when record 192 names none;
    *progress*: told (rounds written, rounds to write). All or nothing."""
    with transaction.atomic():
        tournament = import_tournament(trf, rounds=rounds, edition=edition, progress=progress)
        roles.appoint(tournament, user, AppointmentRole.ORGANIZER, by=user)
        audit.record(tournament, tournament, action="import TRF", new=tournament.name, user=user)
    return tournament


def update_settings(*, tournament_id: int, values: dict[str, object], user: User, confirmed: bool = False) -> list[str]:
    """Set the tournament's settings to *values* (field name -> value); returns the names of
    the fields that changed, which the audit entry lists with their old and new values.

    A change of the rules edition once a round is paired needs *confirmed* (else
    EditionChangeUnconfirmed) and gets an audit entry of its own."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if values.get("rules_edition") == "":
            values = {
                **values,
                "rules_edition": default_edition(str(values.get("pairing_system") or tournament.pairing_system)),
            }
        before = {name: getattr(tournament, name) for name in values}
        changed = [name for name, value in values.items() if value != before[name]]
        paired = _check_settings(tournament, values, changed, confirmed)
        for name in changed:
            setattr(tournament, name, values[name])
        tournament.save()
        if "rules_edition" in changed and paired is not None:
            audit.record(
                tournament,
                tournament,
                action="change rules edition",
                old=str(before["rules_edition"]),
                new=str(values["rules_edition"]),
                user=user,
                reason=f"confirmed after round {paired.number} was paired",
            )
        if changed:
            audit.record(
                tournament,
                tournament,
                action="change settings",
                old="; ".join(f"{name}={before[name]}" for name in changed),
                new="; ".join(f"{name}={values[name]}" for name in changed),
                user=user,
            )
            public_change(tournament.pk, base=True)
    return changed


def last_paired_round(tournament: Tournament) -> Round | None:
    """The last round past its draft (being paired, paired, published or closed)."""
    return tournament.round_set.exclude(status=RoundStatus.DRAFT).order_by("-number").first()


def _check_settings(
    tournament: Tournament, values: dict[str, object], changed: list[str], confirmed: bool
) -> Round | None:
    """Refuse what the settings may not become; the last paired round, if any."""
    refusal = double_swiss_refusal(
        str(values.get("pairing_system", tournament.pairing_system)),
        str(values.get("rules_edition", tournament.rules_edition)),
        str(values.get("acceleration", tournament.acceleration)),
    )
    if refusal:
        raise SetupRefused(refusal)
    if "pairing_system" in changed or "rules_edition" in changed:
        system = str(values.get("pairing_system", tournament.pairing_system))
        problem = edition_problem(system, str(values.get("rules_edition", tournament.rules_edition)))
        if problem:
            raise SetupRefused(problem)
    paired = last_paired_round(tournament)
    if paired is None:
        return None
    fixed = [name for name in changed if name in FIXED_AFTER_ROUND_ONE]
    if fixed:
        raise SetupRefused(REFUSALS("fixed_after_round_one", fields=", ".join(fixed)))
    if "rounds" in values and values["rounds"] < paired.number:
        raise SetupRefused(REFUSALS("round_paired", round=paired.number))
    if "rules_edition" in changed and not confirmed:
        change = REFUSALS(
            "edition_change", round=paired.number, old=tournament.rules_edition, new=values["rules_edition"]
        )
        raise EditionChangeUnconfirmed(change, paired_round=paired.number)
    return paired


def set_tiebreaks(*, tournament_id: int, codes: list[str], user: User, confirmed: bool = False) -> bool:
    """The ordered tie-break list (C.07 4.1: chosen by the organizer, announced in advance).
    False when the list was already *codes*. Once round 1 is paired a change needs
    *confirmed* (else TiebreakChangeUnconfirmed) and is audited as a change after the start."""
    for code in codes:
        try:
            parse(code)
        except TieBreakCodeError:
            raise SetupRefused(REFUSALS("unknown_tiebreak", code=code)) from None
    with transaction.atomic():
        tournament = _locked(tournament_id)
        old = list(tournament.tiebreaks or [])
        if codes == old:
            return False
        paired = last_paired_round(tournament)
        if paired is not None and not confirmed:
            announced, new = " ".join(old) or "-", " ".join(codes) or "-"
            change = REFUSALS("tiebreak_change", round=paired.number, old=announced, new=new)
            raise TiebreakChangeUnconfirmed(change, paired_round=paired.number)
        tournament.tiebreaks = list(codes)
        tournament.save(update_fields=["tiebreaks"])
        audit.record(
            tournament,
            tournament,
            action="change tie-breaks" if paired is None else "change tie-breaks after start",
            old=" ".join(old),
            new=" ".join(codes),
            user=user,
            reason="" if paired is None else f"confirmed after round {paired.number} was paired (C.07 4.1)",
        )
        public_change(tournament.pk, base=True)
    return True


def prohibit_pairing(
    *, tournament_id: int, player: Player, other: Player, first_round: int, last_round: int | None, user: User
) -> ProhibitedPairing:
    """Forbid *player* and *other* to meet in rounds *first_round* to *last_round* (all the
    rest when None): the competition's rules (TRF-2026 record 260). Only rounds not paired
    yet: a pairing already made stays as it is."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if player.tournament_id != tournament.pk or other.tournament_id != tournament.pk or player.pk == other.pk:
            raise SetupRefused(REFUSALS("same_player"))
        if last_round is not None and not first_round <= last_round <= tournament.rounds:
            raise SetupRefused(REFUSALS("bad_rounds", rounds=tournament.rounds))
        paired = last_paired_round(tournament)
        if paired is not None and first_round <= paired.number:
            raise SetupRefused(REFUSALS("round_paired", round=paired.number))
        pair = {player.pk, other.pk}
        if any({p.player_id, p.other_id} == pair for p in tournament.prohibited_pairings.all()):
            raise SetupRefused(REFUSALS("already_apart"))
        prohibited = ProhibitedPairing.objects.create(
            tournament=tournament, player=player, other=other, first_round=first_round, last_round=last_round
        )
        audit.record(
            tournament,
            prohibited,
            action="prohibit pairing",
            new=f"{player.pairing_number}-{other.pairing_number} "
            f"rounds {first_round}-{last_round or tournament.rounds}",
            user=user,
        )
        public_change(tournament.pk)  # the TRF downloads' record 260
    return prohibited


def allow_pairing(*, tournament_id: int, prohibited_id: int, user: User) -> None:
    """Lift a prohibited pairing."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        prohibited = tournament.prohibited_pairings.filter(pk=prohibited_id).first()
        if prohibited is None:
            raise SetupRefused(REFUSALS("already_lifted"))
        audit.record(tournament, prohibited, action="allow pairing", old=str(prohibited), user=user)
        prohibited.delete()
        public_change(tournament.pk)


def appoint(*, tournament_id: int, appointee: User, role: str, user: User) -> Appointment:
    """Appoint *appointee* organizer or arbiter of the tournament (again: no change)."""
    if role not in AppointmentRole.values or role == AppointmentRole.CAPTAIN:
        raise SetupRefused(REFUSALS("no_such_role", role=role))
    with transaction.atomic():
        tournament = _locked(tournament_id)
        appointment = roles.appoint(tournament, appointee, role, by=user)
        audit.record(tournament, appointment, action="appoint", new=f"{appointee} {role}", user=user)
    return appointment


def dismiss(*, tournament_id: int, appointment_id: int, user: User) -> None:
    """End an appointment; an organizer cannot dismiss himself (the tournament keeps one)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        appointment = Appointment.objects.filter(pk=appointment_id, tournament=tournament).first()
        if appointment is None:
            raise SetupRefused(REFUSALS("already_ended"))
        if appointment.user_id == user.pk and appointment.role == AppointmentRole.ORGANIZER:
            raise SetupRefused(REFUSALS("dismiss_yourself"))
        audit.record(tournament, appointment, action="dismiss", old=str(appointment), user=user)
        appointment.delete()


def draw_initial_colour(*, tournament_id: int, user: User | None = None) -> Tournament:
    """Draw the initial colour by lot now (the arbiter's button), once."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.initial_colour:
            colour = InitialColour(tournament.initial_colour).label
            raise PairingRefused(REFUSALS("colour_drawn", colour=colour))
        draw_initial_colour_once(tournament, user)
        return tournament


def draw_initial_colour_once(tournament: Tournament, user: User | None) -> None:
    # C.04.3 E.5 (and the other systems alike): the colour of the first player in
    # round 1 is drawn by lot, once, before the first pairing; from a recorded seed, so
    # that anyone repeats the lot (pairing.engine.lots.initial_colour_by_lot).
    if tournament.initial_colour:
        return
    seed = new_seed()
    tournament.initial_colour = adapter.INITIAL_COLOUR_OF[initial_colour_by_lot(seed)]
    tournament.lot_seed = seed
    tournament.lot_drawn_at = timezone.now()
    tournament.lot_drawn_by = user if user is not None and user.is_authenticated else None
    tournament.save(update_fields=["initial_colour", "lot_seed", "lot_drawn_at", "lot_drawn_by"])
    audit.record(
        tournament,
        tournament,
        action="draw initial colour",
        new=f"{tournament.initial_colour} (seed {seed})",
        user=user,
        reason=f"drawn by lot before round 1 with seed {seed}: {LOT_RULE}",
    )
    public_change(tournament.pk, base=True)


# How the lot is repeated, for the audit trail and the TRF comment.
LOT_RULE = "SHA-256 of 'initial-colour:<seed>', first byte even = White for pairing number 1"
