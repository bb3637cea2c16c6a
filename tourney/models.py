"""The store of a Swiss tournament: players, rounds, games, byes and the audit trail.

Points are integers in tenths (a win worth 1 point is 10), as in the engine
(pairing.engine.state.Scoring), so that half points never meet floating point.
The database enforces what it can: one appearance per player and round
(RoundEntry), at most one pairing-allocated bye per round, unique boards.
"""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Iterable

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tourney.validators import (
    MAX_CORRECTION_WINDOW_MINUTES,
    MAX_RATED_GAMES,
    MAX_ROUNDS,
    RATING_MAX,
    validate_federation,
    validate_fide_id,
    validate_fide_ids,
    validate_rating,
    validate_visible_text,
)


class PairingSystem(models.TextChoices):
    DUTCH = "dutch", _("Dutch (C.04.3)")
    DUBOV = "dubov", _("Dubov (revised, Batumi 2018)")
    BURSTEIN = "burstein", _("Burstein (C.04.4.2)")
    LIM = "lim", _("Lim (C.04.4.3)")
    # Every round a match of two games (C.04.5 2026): Game.second_result holds game 2.
    DOUBLE_SWISS = "double_swiss", _("Double-Swiss (C.04.5, 2026)")


class Acceleration(models.TextChoices):
    NONE = "none", _("None")
    BAKU = "baku", _("Baku acceleration (C.04.5.1)")
    PROGRESSIVE = "progressive", _("Progressive (accelerato decrescente)")
    BURSTEIN = "burstein", _("Burstein's imaginary point (C.04.4.2 3.3)")


class RulesEdition(models.TextChoices):
    # Which texts of C.04 pair the event (pairing.engine.common.editions).
    E2017 = "2017", _("2017 edition: the texts in force until 31 January 2026")
    E2026 = "2026", _("2026 edition: the texts in force since 1 February 2026")


class InitialColour(models.TextChoices):
    # C.04.2.E / C.04.3 E.5: the colour of the top player in round 1 is drawn by lot.
    UNDRAWN = "", _("Not drawn yet")
    WHITE = "white", _("White")
    BLACK = "black", _("Black")


class CorrectionPolicy(models.TextChoices):
    # C.04.2.D.8: results may be corrected until a deadline announced in advance.
    DEADLINE = "deadline", _("Until the round's announced correction deadline")
    NEXT_PAIRING = "next_pairing", _("Until the next round is paired")
    NEVER = "never", _("Never after publication")


class RatingKind(models.TextChoices):
    # The FIDE rating lists: a tournament is rated in one of them (its time control).
    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class TournamentKind(models.TextChoices):
    INDIVIDUAL = "individual", _("Individual")
    TEAM = "team", _("Team (C.04.6)")


class TeamColourPreferences(models.TextChoices):
    # C.04.6 1.7: the rules of the competition choose type A, type B or no preferences.
    TYPE_A = "A", _("Type A (C.04.6 1.7.1)")
    TYPE_B = "B", _("Type B, strong and mild (C.04.6 1.7.2)")
    NONE = "none", _("No colour preferences")


class TeamPrimaryScore(models.TextChoices):
    # C.04.6 1.2: match points or game points build the scoregroups; the other is secondary.
    MATCH_POINTS = "match", _("Match points")
    GAME_POINTS = "game", _("Game points")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


def default_time_zone() -> str:
    """A new tournament's time zone: the site's (settings.TIME_ZONE)."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(zone)s is not a time zone (e.g. Europe/Rome)"), params={"zone": value})


def _tenths(default: int, help_text: str) -> models.PositiveSmallIntegerField:
    # 0 to 9.9 points, as the settings form allows
    return models.PositiveSmallIntegerField(default=default, help_text=help_text, validators=[MaxValueValidator(99)])


class Tournament(models.Model):
    name = models.CharField(max_length=200, validators=[validate_visible_text])
    place = models.CharField(max_length=200, blank=True, validators=[validate_visible_text])
    federation = models.CharField(
        max_length=3, blank=True, validators=[validate_federation], help_text=_("FIDE federation code of the host")
    )
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    chief_arbiter = models.CharField(max_length=200, blank=True, validators=[validate_visible_text])
    deputy_arbiters = models.CharField(max_length=400, blank=True, validators=[validate_visible_text])
    # TRF 102 and 112 name each arbiter with his FIDE ID; the deputies' IDs follow the order
    # of their names, separated by semicolons as the names are.
    chief_arbiter_fide_id = models.CharField(max_length=10, blank=True, validators=[validate_fide_id])
    deputy_arbiter_fide_ids = models.CharField(max_length=200, blank=True, validators=[validate_fide_ids])
    # No TRF record holds the organizer: the report writes him in a comment record.
    organizer = models.CharField(max_length=200, blank=True, validators=[validate_visible_text])
    organizer_fide_id = models.CharField(max_length=10, blank=True, validators=[validate_fide_id])
    # Each round's scheduled start, "YYYY-MM-DDTHH:MM" in the tournament's time zone ("" when
    # not scheduled), round 1 first: TRF record 132 writes their dates.
    round_schedule = models.JSONField(default=list, blank=True)
    time_control = models.CharField(max_length=100, blank=True, validators=[validate_visible_text])
    # Which FIDE rating list the players' ratings come from (registration from the list).
    rate = models.CharField(
        _("rating list"),
        max_length=8,
        choices=RatingKind.choices,
        default=RatingKind.STANDARD,
        help_text=_("The FIDE list the players' ratings are taken from: standard, rapid or blitz"),
    )
    rounds = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)])
    pairing_system = models.CharField(max_length=16, choices=PairingSystem.choices, default=PairingSystem.DUTCH)
    rules_edition = models.CharField(
        max_length=16,
        choices=RulesEdition.choices,
        default=RulesEdition.E2026,
        help_text=_("The edition of the FIDE pairing rules (C.04) that pairs the tournament"),
    )
    acceleration = models.CharField(max_length=16, choices=Acceleration.choices, default=Acceleration.NONE)
    # The progressive method's groups (C.04.5 annex, "accelerato decrescente"): group A
    # from this rating up, group C below that one, group B in between.
    acceleration_group_a_min = models.PositiveSmallIntegerField(
        default=2000,
        validators=[MaxValueValidator(RATING_MAX)],
        help_text=_("Progressive acceleration: lowest rating of group A"),
    )
    acceleration_group_c_below = models.PositiveSmallIntegerField(
        default=1600,
        validators=[MaxValueValidator(RATING_MAX)],
        help_text=_("Progressive acceleration: group C is rated below this"),
    )
    # TRF-2026 records 250 as the file gives them: [game points (tenths), first round, last
    # round, first player, last player]; they replace the acceleration method (TRF-2026).
    accelerated_rounds = models.JSONField(default=list, blank=True)
    # TRF-2026 records 172 and 222, kept for the report.
    starting_rank_method = models.CharField(max_length=20, blank=True)
    time_control_code = models.CharField(max_length=60, blank=True)
    # C.04.4.3: the Lim maxi-tournament rules (3.2, 3.8, 5.7).
    lim_maxi = models.BooleanField(default=False, help_text=_("Lim system: apply the maxi-tournament rules"))
    initial_colour = models.CharField(max_length=5, choices=InitialColour.choices, blank=True, default="")
    # An imported tournament's initial colour is the file's (XXC, record 152 or its first round),
    # not drawn here: the pages say where it came from.
    initial_colour_from_file = models.BooleanField(default=False)
    # The seed the initial colour was drawn with (pairing.engine.lots), when and by whom:
    # the lot is repeated from the seed alone (FIDE technical acceptance, 2026).
    lot_seed = models.CharField(max_length=16, blank=True, default="")
    lot_drawn_at = models.DateTimeField(null=True, blank=True)
    lot_drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # C.04.1.c and TRF26 record 162: points for each kind of result.
    points_win = _tenths(10, _("Points for a win, in tenths of a point"))
    points_draw = _tenths(5, _("Points for a draw, in tenths of a point"))
    points_loss = _tenths(0, _("Points for a loss, in tenths of a point"))
    points_pairing_bye = _tenths(10, _("Points for the pairing-allocated bye, in tenths of a point"))
    points_forfeit_win = _tenths(10, _("Points for a forfeit win, in tenths of a point"))
    points_forfeit_loss = _tenths(0, _("Points for a forfeit loss, in tenths of a point"))
    points_full_bye = _tenths(10, _("Points for a requested full-point bye, in tenths of a point"))
    points_half_bye = _tenths(5, _("Points for a requested half-point bye, in tenths of a point"))
    tiebreaks = models.JSONField(default=list, blank=True, help_text=_("Tie-break codes in order of application"))
    correction_policy = models.CharField(
        max_length=16, choices=CorrectionPolicy.choices, default=CorrectionPolicy.DEADLINE
    )
    correction_window_minutes = models.PositiveIntegerField(
        default=60,
        validators=[MaxValueValidator(MAX_CORRECTION_WINDOW_MINUTES)],
        help_text=_("Deadline after publication when the policy is 'deadline'"),
    )
    # Where the tournament is played: its times (publication, correction deadline) are shown in it.
    time_zone = models.CharField(
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=_("The times of this tournament are shown in this zone, e.g. Europe/Rome"),
    )
    status = models.CharField(max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.DRAFT)
    # A team event (C.04.6): teams of players meet in matches of *team_boards* boards; the
    # boards score the points above (game points), the match the match points below.
    kind = models.CharField(max_length=10, choices=TournamentKind.choices, default=TournamentKind.INDIVIDUAL)
    team_colour_preferences = models.CharField(
        max_length=4, choices=TeamColourPreferences.choices, default=TeamColourPreferences.TYPE_A
    )
    team_primary_score = models.CharField(
        max_length=5, choices=TeamPrimaryScore.choices, default=TeamPrimaryScore.MATCH_POINTS
    )
    match_points_win = models.PositiveSmallIntegerField(default=2, validators=[MaxValueValidator(99)])
    match_points_draw = models.PositiveSmallIntegerField(default=1, validators=[MaxValueValidator(99)])
    match_points_loss = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(99)])
    team_boards = models.PositiveSmallIntegerField(
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=_("Team events: the number of boards of a match"),
    )
    # The regulations of the competition set when the captains hand in their lineups;
    # one hour before the round is the Olympiad's (docs/team.md, "Lineups and captains").
    lineup_deadline_minutes = models.PositiveSmallIntegerField(
        default=60,
        validators=[MaxValueValidator(24 * 60)],
        help_text=_(
            "Team events: the lineups are due this many minutes before the round's scheduled start "
            "(without a schedule, until a result of the match is entered)"
        ),
    )
    # The regulations' prize rule: tied players share the money of their places (Hort) or
    # the tie-breaks decide alone (tourney.prizes).
    prizes_shared = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="tournament_has_rounds"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament_detail", args=[self.pk])

    @property
    def two_games(self) -> bool:
        """Every round a match of two games (the Double-Swiss system, C.04.5)."""
        return self.pairing_system == PairingSystem.DOUBLE_SWISS

    @property
    def is_team_event(self) -> bool:
        return self.kind == TournamentKind.TEAM

    def scheduled_start(self, number: int) -> datetime.datetime | None:
        """Round *number*'s scheduled start in the tournament's time zone, or None."""
        text = self.round_schedule[number - 1] if 0 < number <= len(self.round_schedule) else ""
        if not text:
            return None
        return datetime.datetime.fromisoformat(text).replace(tzinfo=zoneinfo.ZoneInfo(self.time_zone))

    @property
    def deputies(self) -> list[tuple[str, str]]:
        """Each deputy arbiter's name and FIDE ID ('' when not given), in order."""
        names = [n.strip() for n in self.deputy_arbiters.split(";") if n.strip()]
        ids = [i.strip() for i in self.deputy_arbiter_fide_ids.split(";")]
        return [(name, ids[k] if k < len(ids) else "") for k, name in enumerate(names)]


def in_rounds(number: int, first: int, last: int | None) -> bool:
    """Round *number* is among rounds *first* to *last* (None: to the end): the rounds a
    prohibition applies to, of two players or of two teams."""
    return first <= number and (last is None or number <= last)


class ProhibitedPairing(models.Model):
    """Two players the organizer forbids to meet (the competition's rules, e.g. relatives or
    team-mates), in rounds *first_round* to *last_round* (all rounds when empty): TRF-2026
    record 260. Every pairing system honours it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prohibited_pairings")
    player = models.ForeignKey("Player", on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey("Player", on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])
    last_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "player__pairing_number", "other__pairing_number"]
        constraints = [
            models.CheckConstraint(condition=~Q(player=models.F("other")), name="prohibited_pairing_two_players"),
        ]

    def __str__(self) -> str:
        # Names with the numbers: the audit keeps this text, and a renumbering changes numbers.
        return f"{self.player} - {self.other}"

    def applies_to(self, number: int) -> bool:
        return in_rounds(number, self.first_round, self.last_round)


class NationalRating(models.Model):
    """A player's national rating record (TRF-2026 NRS record: federation code in columns 1-3)."""

    player = models.ForeignKey("Player", on_delete=models.CASCADE, related_name="national_ratings")
    federation = models.CharField(max_length=3)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    # The record as the file gives it, so that an export writes it back unchanged.
    record = models.CharField(max_length=120)

    class Meta:
        ordering = ["player", "federation"]

    def __str__(self) -> str:
        return self.record

    @property
    def national_id(self) -> str:
        """The player's number in the federation's list: the record's columns 58-68."""
        return self.record[57:68].strip()


class AbnormalPoints(models.Model):
    """TRF-2026 record 299: points assigned outside the results (a penalty, a bonus, an
    adjudicated score), kept as the file gives it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="abnormal_points")
    record = models.CharField(max_length=200)

    class Meta:
        ordering = ["tournament", "id"]

    def __str__(self) -> str:
        return self.record


class CategoryKind(models.TextChoices):
    RATING = "rating", _("Rating group")
    WOMEN = "women", _("Women")
    AGE = "age", _("Age group")
    FEDERATION = "federation", _("Federation")


class Category(models.Model):
    """A group of players with standings and prizes of its own (tourney.prizes.belongs):
    a rating group (official rating from *rating_min* to *rating_max*), women, an age group
    (*age_max*: under n on 1 January of the start year; *age_min*: n or older during it),
    a federation."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="categories")
    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=12, choices=CategoryKind.choices)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    age_min = models.PositiveSmallIntegerField(null=True, blank=True)
    age_max = models.PositiveSmallIntegerField(null=True, blank=True)
    federation = models.CharField(max_length=3, blank=True)

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="category_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    """The prize for *place* in the general standings (no category) or in a category's."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    category = models.ForeignKey(Category, on_delete=models.CASCADE, null=True, blank=True, related_name="prizes")
    place = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    amount = models.DecimalField(max_digits=10, decimal_places=2)

    class Meta:
        # The general prizes first, on every database (PostgreSQL sorts nulls last).
        ordering = ["tournament", models.F("category").asc(nulls_first=True), "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "category", "place"], name="prize_unique_place", nulls_distinct=False
            ),
            models.CheckConstraint(condition=Q(place__gte=1), name="prize_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.category or '-'} {self.place}: {self.amount}"


class Sex(models.TextChoices):
    UNKNOWN = "", _("-")
    MALE = "m", _("Male")
    FEMALE = "w", _("Female")


class Title(models.TextChoices):
    NONE = "", _("-")
    GM = "GM", _("GM")
    IM = "IM", _("IM")
    WGM = "WGM", _("WGM")
    FM = "FM", _("FM")
    WIM = "WIM", _("WIM")
    CM = "CM", _("CM")
    WFM = "WFM", _("WFM")
    WCM = "WCM", _("WCM")


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    # The starting rank (TRF start number). The pairing number the rules use can
    # differ for late entries: pairing.engine.state.TournamentState.pairing_numbers.
    pairing_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    name = models.CharField(max_length=100, validators=[validate_visible_text])
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    rating = models.PositiveSmallIntegerField(default=0, validators=[validate_rating])
    federation = models.CharField(max_length=3, blank=True, validators=[validate_federation])
    fide_id = models.CharField(max_length=12, blank=True, validators=[RegexValidator(r"^\d*$", "digits only")])
    birth_date = models.CharField(
        max_length=10,
        blank=True,
        validators=[RegexValidator(r"^(\d{4}(/\d{2}/\d{2})?)?$", "YYYY/MM/DD or YYYY")],
        help_text=_("As FIDE records it: YYYY/MM/DD, or the year alone"),
    )
    entry_round = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    withdrawal_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_ROUNDS + 1)],
        help_text=_("First round the player is no longer paired in"),
    )
    acceleration_group = models.CharField(max_length=8, blank=True)
    # The player's record before the event, for the K of the FIDE Rating Regulations 8.3.3
    # (pairing.engine.rating): K as FIDE lists it (empty: derived from the rating, the birth
    # year and the rated games), and the games rated before the event (empty: not known).
    k_factor = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(40)],
        help_text=_("K as the FIDE rating list gives it"),
    )
    rated_games = models.PositiveIntegerField(null=True, blank=True, validators=[MaxValueValidator(MAX_RATED_GAMES)])
    # Dubov A.1 wants every player rated for the AROs, and the initial order (C.04.2.B.2)
    # reads ratings: an unrated player may be given one here. It never replaces the
    # official rating, which alone goes into the FIDE report.
    provisional_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_rating],
        help_text=_("For an unrated player: the rating the pairing and the AROs use, not reported to FIDE"),
    )

    class Meta:
        ordering = ["tournament", "pairing_number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "pairing_number"], name="player_unique_pairing_number"),
            models.CheckConstraint(condition=Q(pairing_number__gte=1), name="player_pairing_number_positive"),
            models.CheckConstraint(
                condition=Q(withdrawal_round__isnull=True) | Q(withdrawal_round__gt=models.F("entry_round")),
                name="player_withdraws_after_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pairing_number}. {self.name}"

    @property
    def pairing_rating(self) -> int:
        """The rating the tournament uses (initial order, AROs): the official one, else the
        provisional one of an unrated player, else 0."""
        return self.rating or self.provisional_rating or 0

    @property
    def rating_is_provisional(self) -> bool:
        return not self.rating and bool(self.provisional_rating)


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PAIRING = "pairing", _("Pairing")
    PAIRED = "paired", _("Paired")
    PUBLISHED = "published", _("Published")
    CLOSED = "closed", _("Closed")


# The round statuses grouped by what they allow; every status test reads one of these.
# The public sees the pairing and the results of a published or closed round only.
PUBLIC_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)
# The round has a pairing (a draft the arbiter checks, or a published one).
PAIRED_STATUSES = (RoundStatus.PAIRED, RoundStatus.PUBLISHED, RoundStatus.CLOSED)
# No pairing yet: being prepared or being paired by a job.
UNPAIRED_STATUSES = (RoundStatus.DRAFT, RoundStatus.PAIRING)
# The engine may pair the round (again): nothing published yet.
PAIRABLE_STATUSES = (RoundStatus.DRAFT, RoundStatus.PAIRING, RoundStatus.PAIRED)
# Results may be typed: the pairing is published (corrections after closing follow C.04.2.D.8).
RESULT_STATUSES = PUBLIC_STATUSES


class RoundQuerySet(models.QuerySet["Round"]):
    def public(self) -> RoundQuerySet:
        return self.filter(status__in=PUBLIC_STATUSES)

    def paired(self) -> RoundQuerySet:
        return self.filter(status__in=PAIRED_STATUSES)

    def unpaired(self) -> RoundQuerySet:
        return self.filter(status__in=UNPAIRED_STATUSES)


class JobState(models.TextChoices):
    IDLE = "idle", _("Idle")
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    SUCCEEDED = "succeeded", _("Succeeded")
    FAILED = "failed", _("Failed")


# A job a worker has yet to finish (pairing, TRF import, rating list import).
ACTIVE_JOB_STATES = (JobState.QUEUED, JobState.RUNNING)


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    status = models.CharField(max_length=16, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    pairing_job_state = models.CharField(max_length=16, choices=JobState.choices, default=JobState.IDLE)
    pairing_job_id = models.CharField(max_length=64, blank=True)
    pairing_error = models.TextField(blank=True)
    # The running job's stage, as the engine reports it ("bracket 3 of 12"), for the desk's poll.
    pairing_progress = models.CharField(max_length=100, blank=True)
    pairing_requested_at = models.DateTimeField(null=True, blank=True)
    paired_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    correction_deadline = models.DateTimeField(null=True, blank=True)
    # The engine's own pairing ("1-8 2-9 ... bye 14"), to tell a manual change from it.
    engine_pairing = models.TextField(blank=True)
    # Warnings the arbiter must see: the acceleration's, and the rules a manual change breaks.
    pairing_warnings = models.TextField(blank=True)
    # The rules edition the engine paired the round by (the tournament's may change later).
    rules_edition = models.CharField(max_length=16, choices=RulesEdition.choices, blank=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("round_detail", args=[self.tournament_id, self.number])

    @property
    def edition_label(self) -> str:
        """The edition that paired the round, else the tournament's (a round not paired yet)."""
        return str(RulesEdition(self.rules_edition or self.tournament.rules_edition).label)

    def pairing_progress_display(self) -> str:
        """The running job's stage for the desk ("bracket 3 of 12"), or ''."""
        bracket, _slash, brackets = self.pairing_progress.partition("/")
        if not brackets:
            return ""
        return _("bracket %(bracket)s of %(brackets)s") % {"bracket": bracket, "brackets": brackets}

    @property
    def has_results(self) -> bool:
        return self.games.exclude(result=Result.PENDING, second_result=Result.PENDING).exists()


class Result(models.TextChoices):
    PENDING = "", _("Not played yet")
    WHITE_WINS = "1-0", _("1-0")
    BLACK_WINS = "0-1", _("0-1")
    DRAW = "1/2-1/2", _("½-½")
    WHITE_WINS_FORFEIT = "+-", _("+/- (White wins by forfeit)")
    BLACK_WINS_FORFEIT = "-+", _("-/+ (Black wins by forfeit)")
    DOUBLE_FORFEIT = "--", _("-/- (double forfeit)")


# The fields of a game its RoundEntry rows repeat (by name or by column).
GAME_FIELDS_IN_ENTRIES = frozenset({"round", "round_id", "white", "white_id", "black", "black_id"})


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    white = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="games_as_white")
    black = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="games_as_black")
    result = models.CharField(max_length=8, choices=Result.choices, blank=True, default=Result.PENDING)
    # TRF W/D/L: played over the board but not rated (e.g. a game shorter than one move).
    unrated = models.BooleanField(default=False)
    # The Double-Swiss system (C.04.5 4.4): the match's game 2, the colours reversed (the
    # game-1 Black has White). Its result is written as game 2's scoresheet reads it, its
    # White's first. Blank, and never read, in the one-game-a-round systems.
    second_result = models.CharField(max_length=8, choices=Result.choices, blank=True, default=Result.PENDING)
    second_unrated = models.BooleanField(default=False)
    result_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    result_entered_at = models.DateTimeField(null=True, blank=True)
    # A board of a team match (team events): the round's boards are numbered match after
    # match, so the k-th game of a match by board number is its board k.
    match = models.ForeignKey("TeamMatch", on_delete=models.CASCADE, null=True, blank=True, related_name="games")

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="game_unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(condition=~Q(white=models.F("black")), name="game_two_players"),
            models.CheckConstraint(condition=Q(board__gte=1), name="game_board_positive"),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number} B{self.board}: {self.white.name} - {self.black.name} {self.result or '*'}"

    def save(self, *args: object, update_fields: Iterable[str] | None = None, **kwargs: object) -> None:
        # The RoundEntry rows are what makes "once per round" hold across games and byes.
        # A save of other fields (a result) leaves them as they are: one UPDATE, no more.
        if update_fields is not None and GAME_FIELDS_IN_ENTRIES.isdisjoint(update_fields):
            super().save(*args, update_fields=update_fields, **kwargs)  # type: ignore[arg-type]
            return
        with transaction.atomic():
            super().save(*args, update_fields=update_fields, **kwargs)  # type: ignore[arg-type]
            self.entries.exclude(player__in=[self.white_id, self.black_id]).delete()
            for player_id in (self.white_id, self.black_id):
                RoundEntry.objects.update_or_create(
                    game=self, player_id=player_id, defaults={"round_id": self.round_id, "bye": None}
                )

    def result_of(self, game_number: int) -> str:
        """The result of game 1 or 2 of the match (a one-game round has game 1 only)."""
        return self.second_result if game_number == 2 else self.result

    def complete(self, two_games: bool) -> bool:
        """Every game of the board has a result (*two_games*: game 2 as well, a Double-Swiss match)."""
        if self.result == Result.PENDING:
            return False
        return not two_games or self.second_result != Result.PENDING


def unfinished_games() -> Q:
    """The games still without a result: game 1, or game 2 of a Double-Swiss match."""
    second = Q(second_result=Result.PENDING, round__tournament__pairing_system=PairingSystem.DOUBLE_SWISS)
    return Q(result=Result.PENDING) | second


class ByeKind(models.TextChoices):
    PAIRING_ALLOCATED = "pab", _("Pairing-allocated bye")  # C.04.1.c
    HALF_POINT = "half", _("Half-point bye")
    ZERO_POINT = "zero", _("Zero-point bye")  # includes announced absences (C.04.2.D.4)
    FULL_POINT = "full", _("Full-point bye")


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="byes")
    kind = models.CharField(max_length=4, choices=ByeKind.choices)
    requested = models.BooleanField(default=False, help_text=_("Requested by the player, not assigned"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "player__pairing_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_player_and_round"),
            # C.04.1.c: at most one pairing-allocated bye in a round.
            models.UniqueConstraint(fields=["round"], condition=Q(kind="pab"), name="bye_one_pab_per_round"),
            models.CheckConstraint(condition=~(Q(kind="pab") & Q(requested=True)), name="bye_pab_is_not_requested"),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.player.name} {self.get_kind_display()}"

    def save(self, *args: object, **kwargs: object) -> None:
        with transaction.atomic():
            super().save(*args, **kwargs)  # type: ignore[arg-type]
            self.entries.exclude(player_id=self.player_id).delete()
            RoundEntry.objects.update_or_create(
                bye=self, defaults={"round_id": self.round_id, "player_id": self.player_id, "game": None}
            )


class RoundEntry(models.Model):
    """One player's appearance in one round's pairing: a game or a bye, never two.

    Kept in step by Game.save and Bye.save; the unique (round, player) key is the
    database's guarantee that a player is at most once in a round.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="round_entries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="entries")
    bye = models.ForeignKey(Bye, on_delete=models.CASCADE, null=True, blank=True, related_name="entries")

    class Meta:
        verbose_name_plural = "round entries"
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="entry_player_once_per_round"),
            models.CheckConstraint(
                condition=(Q(game__isnull=False) & Q(bye__isnull=True)) | (Q(game__isnull=True) & Q(bye__isnull=False)),
                name="entry_is_game_or_bye",
            ),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.player.name}"


class Team(models.Model):
    """A team of a team event (C.04.6). *start_number* is its TPN, assigned by the rules of
    the competition (C.04.6 1.1); tourney.services.teams orders the teams by the average
    rating of their first boards unless the arbiter renumbers them."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    start_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    name = models.CharField(max_length=100, validators=[validate_visible_text])
    federation = models.CharField(max_length=3, blank=True, validators=[validate_federation])
    captain = models.CharField(max_length=100, blank=True, validators=[validate_visible_text])
    entry_round = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    withdrawal_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MAX_ROUNDS + 1)]
    )

    class Meta:
        ordering = ["tournament", "start_number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "start_number"], name="team_unique_start_number"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name"),
            models.CheckConstraint(
                condition=Q(withdrawal_round__isnull=True) | Q(withdrawal_round__gt=models.F("entry_round")),
                name="team_withdraws_after_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}. {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("team_card", args=[self.tournament_id, self.pk])

    def plays_in(self, number: int) -> bool:
        return self.entry_round <= number and (self.withdrawal_round is None or number < self.withdrawal_round)


class TeamMember(models.Model):
    """A player on a team's roster, in the roster's board order (the players beyond the
    number of boards are its reserves). The person is a Player of the tournament."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="team_member")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["team", "board"]
        constraints = [models.UniqueConstraint(fields=["team", "board"], name="team_member_unique_board")]

    def __str__(self) -> str:
        return f"{self.team.name} {self.board}: {self.player.name}"


class MatchForfeit(models.TextChoices):
    NONE = "", _("Played")
    HOME = "home", _("Won by the first team by forfeit")
    AWAY = "away", _("Won by the second team by forfeit")
    DOUBLE = "double", _("Double forfeit")


class TeamMatch(models.Model):
    """One pairing of a team round: *home* has White on board 1 (C.04.6 1.6.1), *away* the
    other team, or none for the pairing-allocated bye (C.04.6 1.4). Its board games are
    Game rows (Game.match); a whole match forfeited is *forfeit*, its boards scored +-/-+."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    table = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    home = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="home_matches")
    away = models.ForeignKey(Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="away_matches")
    forfeit = models.CharField(max_length=6, choices=MatchForfeit.choices, blank=True, default=MatchForfeit.NONE)
    rule = models.CharField(max_length=10, blank=True)  # the article of C.04.6 4.3 that gave the colours

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="team_match_unique_table"),
            models.UniqueConstraint(fields=["round", "home"], name="team_match_home_once_per_round"),
            models.UniqueConstraint(fields=["round", "away"], name="team_match_away_once_per_round"),
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="team_match_two_teams"),
        ]

    def __str__(self) -> str:
        if self.away_id is None:
            return f"R{self.round.number} T{self.table}: {self.home.name} bye"
        return f"R{self.round.number} T{self.table}: {self.home.name} - {self.away.name}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


class TeamProhibition(models.Model):
    """Two teams the competition's rules keep apart (e.g. two teams of one club) in rounds
    *first_round* to *last_round* (all rounds when empty): TRF-2026 record 260 for teams,
    C.04.6's TeamRound.forbidden."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="team_prohibitions")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])
    last_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "team__start_number", "other__start_number"]
        constraints = [
            models.CheckConstraint(condition=~Q(team=models.F("other")), name="team_prohibition_two_teams"),
        ]

    def __str__(self) -> str:
        return f"{self.team.name} - {self.other.name}"

    def applies_to(self, number: int) -> bool:
        return in_rounds(number, self.first_round, self.last_round)


class TeamBye(models.Model):
    """A bye a team requested for a round not paired yet (C.04.2 2026 art. 3.3 for teams):
    half-point, full-point or zero-point (an announced absence). Its points are the
    tournament's: a drawn, won or lost match's match points, and the bye's points on every
    board (points_half_bye, points_full_bye, nothing). The PAB is a TeamMatch."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=4, choices=ByeKind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "team__start_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="team_bye_once_per_round"),
            models.CheckConstraint(condition=~Q(kind="pab"), name="team_bye_is_requested"),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.team.name} {self.get_kind_display()}"


class Lineup(models.Model):
    """The players a team fields in a round, board 1 first (LineupBoard); without one the
    team fields its roster's first boards in order."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "team__start_number"]
        constraints = [models.UniqueConstraint(fields=["round", "team"], name="lineup_once_per_round")]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.team.name}"


class LineupBoard(models.Model):
    lineup = models.ForeignKey(Lineup, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    member = models.ForeignKey(TeamMember, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["lineup", "board"]
        constraints = [
            models.UniqueConstraint(fields=["lineup", "board"], name="lineup_unique_board"),
            models.UniqueConstraint(fields=["lineup", "member"], name="lineup_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.board}: {self.member.player.name}"


class CheckIn(models.Model):
    """A player present for a round before it is paired: marked by the desk, or by the
    player on his own check-in page and then confirmed by an arbiter. An absence is not
    a check-in but a bye (Bye, zero points unless the rules give more)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="checkins")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="checkins")
    at = models.DateTimeField(auto_now_add=True)
    by_player = models.BooleanField(default=False, help_text=_("Checked in on the player's own page"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "player__pairing_number"]
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="checkin_once_per_round")]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.player.name} present"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


class AppointmentRole(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    ARBITER = "arbiter", _("Arbiter")
    # A team event's captain: his own team's lineups, nothing else (Appointment.team).
    CAPTAIN = "captain", _("Captain")


class Appointment(models.Model):
    """A user's role on one tournament: its organizers and the arbiters they appoint."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="appointments")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="appointments")
    role = models.CharField(max_length=10, choices=AppointmentRole.choices)
    appointed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    appointed_at = models.DateTimeField(auto_now_add=True)
    # A captain's one team; empty for every other role.
    team = models.ForeignKey("Team", on_delete=models.CASCADE, null=True, blank=True, related_name="captains")

    class Meta:
        ordering = ["tournament", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "role"], name="appointment_unique_role"),
            models.CheckConstraint(
                condition=Q(role="captain", team__isnull=False) | (~Q(role="captain") & Q(team__isnull=True)),
                name="appointment_captain_has_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.get_role_display().lower()} of {self.tournament}"


class Invitation(models.Model):
    """Who invited a person (tourney.services.accounts.invite): only that organizer, on that
    tournament, or a superuser gives him a new set-password link; an organizer who later
    appoints the same account elsewhere never does."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitation")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invited_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} invited to {self.tournament} by {self.invited_by}"


class UserPreference(models.Model):
    """A user's own settings, kept across browsers and computers: the language he reads."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference")
    language = models.CharField(_("language"), max_length=10, blank=True, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class AuditEntry(models.Model):
    """Who changed what, when, from which value to which, and why."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=40)
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT)
    object_id = models.CharField(max_length=40)
    subject = GenericForeignKey("content_type", "object_id")
    object_repr = models.CharField(max_length=200)
    # The round the change belongs to (a round, or a game or bye of it), for the audit
    # page's filter; kept when the game or bye is later deleted.
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    old_value = models.TextField(blank=True)
    new_value = models.TextField(blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_repr}: {self.old_value!r} -> {self.new_value!r}"


class ImportJob(models.Model):
    """A TRF file to import as a new tournament, run by a worker (a big field takes longer
    than a web request may): the uploaded text, the form's options, and the job's outcome.
    The page polls it (tourney.services.import_jobs)."""

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The file as uploaded (its bytes: the job decodes it and names a bad character's
    # line and column); emptied once the tournament is made from it.
    data = models.BinaryField(blank=True)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    edition = models.CharField(max_length=8, blank=True)
    state = models.CharField(max_length=16, choices=JobState.choices, default=JobState.QUEUED)
    error = models.TextField(blank=True)
    tournament = models.ForeignKey(Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    def __str__(self) -> str:
        return f"import {self.pk} by {self.created_by}: {self.state}"

    def get_absolute_url(self) -> str:
        return reverse("import_job", args=[self.pk])


def _listed_figure() -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(null=True, blank=True)


class RatingListEntry(models.Model):
    """A player of the FIDE rating list as the last imported list gives him
    (tourney.rating_list.store): one row per FIDE ID, each kind's figures with the month of
    the list they come from. A player a newer list leaves out keeps his older figures."""

    fide_id = models.PositiveBigIntegerField(primary_key=True)
    name = models.CharField(max_length=100)
    # The name folded for search (case and accents dropped): tourney.rating_list.store.name_key.
    name_key = models.CharField(max_length=100)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)  # "M" or "F", as FIDE writes it
    title = models.CharField(max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    inactive = models.BooleanField(default=False)  # the list's flag "i"
    standard_rating = _listed_figure()
    standard_games = _listed_figure()
    standard_k = _listed_figure()
    standard_month = models.DateField(null=True, blank=True)
    rapid_rating = _listed_figure()
    rapid_games = _listed_figure()
    rapid_k = _listed_figure()
    rapid_month = models.DateField(null=True, blank=True)
    blitz_rating = _listed_figure()
    blitz_games = _listed_figure()
    blitz_k = _listed_figure()
    blitz_month = models.DateField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "rating list entries"
        ordering = ["name_key", "fide_id"]
        indexes = [
            # A prefix search ("carl" finds "Carlsen, Magnus"); the PostgreSQL operator class
            # makes LIKE 'carl%' use it under any collation. A trigram index for searches
            # inside the name is added by the migration on PostgreSQL.
            models.Index(fields=["name_key"], name="rating_list_name_prefix", opclasses=["varchar_pattern_ops"]),
        ]

    def __str__(self) -> str:
        return f"{self.fide_id} {self.name}"

    def rating(self, kind: str) -> int | None:
        return getattr(self, f"{kind}_rating")


class RatingListImport(models.Model):
    """One upload of a rating list file and its import job, polled by the page."""

    file_name = models.CharField(max_length=200)
    path = models.CharField(max_length=500)  # the uploaded copy, removed once imported
    kind = models.CharField(max_length=8, choices=RatingKind.choices, blank=True)  # blank: read from the file
    kinds = models.CharField(max_length=30, blank=True)  # what the file held: "standard rapid blitz"
    month = models.DateField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=JobState.choices, default=JobState.QUEUED)
    rows = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.get_state_display()})"

    @property
    def running(self) -> bool:
        return self.state in ACTIVE_JOB_STATES


class NationalRatingList(models.Model):
    """A federation's national rating list, imported from a CSV file whose columns the
    arbiter maps to the fields (tourney.rating_list.national); the mapping is kept for the
    list's next file. A newer file updates each player in place."""

    name = models.CharField(max_length=100, unique=True)
    federation = models.CharField(max_length=3)  # the federation whose list it is (the NRS record's code)
    mapping = models.JSONField(default=dict, blank=True)  # field -> the column's heading in the file
    month = models.DateField(null=True, blank=True)
    rows = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.federation})"


class NationalListEntry(models.Model):
    """A player of a national rating list, as its last imported file gives him."""

    rating_list = models.ForeignKey(NationalRatingList, on_delete=models.CASCADE, related_name="entries")
    national_id = models.CharField(max_length=20)
    name = models.CharField(max_length=100)
    name_key = models.CharField(max_length=100)  # tourney.rating_list.store.name_key
    rating = models.PositiveSmallIntegerField(null=True, blank=True)  # None: not rated in the list
    fide_id = models.CharField(max_length=12, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)  # "M" or "F"
    title = models.CharField(max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "national list entries"
        ordering = ["rating_list", "name_key", "national_id"]
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "national_id"], name="national_entry_unique_id"),
        ]
        indexes = [
            models.Index(fields=["name_key"], name="national_list_name_prefix", opclasses=["varchar_pattern_ops"]),
        ]

    def __str__(self) -> str:
        return f"{self.national_id} {self.name}"
