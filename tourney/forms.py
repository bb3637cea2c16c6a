"""Forms of the organizer's and the arbiter's pages."""

from __future__ import annotations

import datetime
import zoneinfo
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pairing.engine.tiebreaks import PRESETS, TieBreakCodeError, TournamentKind, edition_for, list_refusals, parse
from tourney.editions import default_edition, edition_problem
from tourney.models import (
    Acceleration,
    AppointmentRole,
    ByeKind,
    Player,
    RatingKind,
    RulesEdition,
    Tournament,
    default_time_zone,
)
from tourney.services.registration import FIELD_LABELS, birth_date_of
from tourney.services.setup import (
    FIXED_AFTER_ROUND_ONE,
    POINT_FIELDS,
    TEAM_FIELDS,
    double_swiss_refusal,
    last_paired_round,
)
from tourney.validators import MAX_BOARDS, MAX_PAIRING_NUMBER, MAX_ROUNDS, text_problem

# The models' field names are plain (a verbose_name would need a migration): the forms label them.
TOURNAMENT_LABELS = {
    "name": _("Name"),
    "place": _("Place"),
    "federation": _("Federation"),
    "start_date": _("Start date"),
    "end_date": _("End date"),
    "chief_arbiter": _("Chief arbiter"),
    "deputy_arbiters": _("Deputy arbiters"),
    "chief_arbiter_fide_id": _("Chief arbiter's FIDE ID"),
    "deputy_arbiter_fide_ids": _("Deputy arbiters' FIDE IDs"),
    "organizer": _("Organizer"),
    "organizer_fide_id": _("Organizer's FIDE ID"),
    "time_control": _("Time control"),
    "rounds": _("Rounds"),
    "pairing_system": _("Pairing system"),
    "rules_edition": _("Rules edition"),
    "acceleration": _("Acceleration"),
    "acceleration_group_a_min": _("Acceleration: group A from rating"),
    "acceleration_group_c_below": _("Acceleration: group C below rating"),
    "lim_maxi": _("Lim maxi-tournament"),
    "correction_policy": _("Correction policy"),
    "correction_window_minutes": _("Correction window (minutes)"),
    "time_zone": _("Time zone"),
    "status": _("Status"),
    "kind": _("Kind of event"),
    "team_boards": _("Boards per match"),
    "lineup_deadline_minutes": _("Lineup deadline (minutes before the round)"),
    "team_colour_preferences": _("Team colour preferences (C.04.6 1.7)"),
    "team_primary_score": _("Primary score (C.04.6 1.2)"),
    "match_points_win": _("Match points for a won match"),
    "match_points_draw": _("Match points for a drawn match"),
    "match_points_loss": _("Match points for a lost match"),
}
PLAYER_LABELS = {k: v for k, v in FIELD_LABELS.items() if k != "entry_round"}


class TextWithoutControls:
    """Refuses a control character (a newline, a tab, an escape) in any text field: names
    and headers go one per line into TRF files and into CSV cells; and an invisible format
    character (a bidirectional override, a zero-width space), which disguises a name.
    *multiline* fields are lists, one item a line, each parsed by the form itself."""

    multiline: tuple[str, ...] = ()

    def clean(self) -> dict[str, Any]:
        data = super().clean()  # type: ignore[misc]
        for name, value in list(data.items()):
            problem = text_problem(value) if isinstance(value, str) and name not in self.multiline else None
            if problem:
                self.add_error(name, problem)  # type: ignore[attr-defined]
        return data


class FederationField(forms.CharField):
    """A FIDE federation code as FIDE writes it, in capitals (``ita`` is ITA)."""

    def to_python(self, value: Any) -> str:
        return super().to_python(value).upper()


MAX_ROUNDS_PER_DAY = 12


def schedule_lines(schedule: list[str]) -> str:
    """The round schedule as the settings form shows it: one "YYYY-MM-DD HH:MM" line per round."""
    return "\n".join(text.replace("T", " ") for text in schedule)


def generated_schedule(first: datetime.datetime, rounds: int, per_day: int, hours_between: int) -> list[str]:
    """*rounds* starts from *first*: *per_day* rounds a day, *hours_between* hours apart,
    the next day's first round at the first round's time."""
    return [
        (first + datetime.timedelta(days=k // per_day, hours=(k % per_day) * hours_between)).strftime("%Y-%m-%dT%H:%M")
        for k in range(rounds)
    ]


class TournamentForm(TextWithoutControls, forms.ModelForm):
    """Settings; points are typed as points (1, 0.5) and stored in tenths. The round schedule
    is typed round by round (one line each) or generated from the first round's start."""

    multiline = ("schedule",)

    schedule = forms.CharField(
        label=_("Round schedule"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_(
            "One line per round, round 1 first: date and time as YYYY-MM-DD HH:MM in the tournament's "
            "time zone (an empty line: not scheduled yet). The FIDE report writes the dates (record 132)."
        ),
    )
    first_round_at = forms.DateTimeField(
        label=_("Or generate it: round 1 starts at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_("Replaces the list above with every round's start"),
    )
    rounds_per_day = forms.IntegerField(
        label=_("Rounds per day"), required=False, min_value=1, max_value=MAX_ROUNDS_PER_DAY, initial=1
    )
    hours_between_rounds = forms.IntegerField(
        label=_("Hours between the rounds of a day"), required=False, min_value=1, max_value=12, initial=4
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "place",
            "federation",
            "start_date",
            "end_date",
            "chief_arbiter",
            "chief_arbiter_fide_id",
            "deputy_arbiters",
            "deputy_arbiter_fide_ids",
            "organizer",
            "organizer_fide_id",
            "time_control",
            "rate",
            "rounds",
            "pairing_system",
            "rules_edition",
            "acceleration",
            "acceleration_group_a_min",
            "acceleration_group_c_below",
            "lim_maxi",
            *POINT_FIELDS,
            *TEAM_FIELDS,
            "lineup_deadline_minutes",
            "correction_policy",
            "correction_window_minutes",
            "time_zone",
            "status",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = TOURNAMENT_LABELS
        field_classes = {"federation": FederationField}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone = self.fields["time_zone"]
        zone.widget = forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"})
        self.time_zones = sorted(zoneinfo.available_timezones())  # the datalist's suggestions
        zone.required = False  # a form without it keeps the tournament's zone (a new one: the site's)
        self.fields["rate"].required = False  # likewise: the tournament's list (a new one: standard)
        for name in (*TEAM_FIELDS, "lineup_deadline_minutes"):
            self.fields[name].required = False
        edition = self.fields["rules_edition"]
        # A new tournament may leave it blank: the rules in force today when the engines have
        # them for the chosen system; an existing one shows its own.
        edition.required = False
        edition.choices = list(RulesEdition.choices)
        edition.help_text = _(
            "The FIDE pairing rules (C.04) that pair the tournament: the 2026 texts apply to events from "
            "1 February 2026; the 2017 texts finish or replay older events."
        )
        if not self.instance.pk:
            edition.choices = [
                ("", _("The rules in force today (2026), or the system's only edition")),
                *edition.choices,
            ]
            self.initial.setdefault("rules_edition", "")
        self._label_acceleration_by_edition()
        for name in POINT_FIELDS:
            model_field = Tournament._meta.get_field(name)
            tenths = getattr(self.instance, name) if self.instance.pk else model_field.default
            self.fields[name] = forms.DecimalField(
                label=model_field.help_text.split(",")[0],
                min_value=Decimal(0),
                max_value=Decimal("9.9"),
                decimal_places=1,
                initial=Decimal(tenths) / 10,
            )
            if self.instance.pk:
                self.initial[name] = Decimal(tenths) / 10
        if self.instance.pk:
            self.initial.setdefault("schedule", schedule_lines(self.instance.round_schedule))
        started = self.instance.pk and last_paired_round(self.instance) is not None
        if started:
            for name in FIXED_AFTER_ROUND_ONE:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("fixed once round 1 is paired (C.04.2.A.3)")

    def _label_acceleration_by_edition(self) -> None:
        # The Baku acceleration is C.04.7 in the 2026 texts (events from 1 February 2026),
        # C.04.5.1 in the 2017 ones; a new tournament gets the 2026 texts unless it says 2017.
        edition = self.instance.rules_edition if self.instance.pk else self.data.get("rules_edition", "")
        in_2017 = edition == RulesEdition.E2017
        labels = {
            Acceleration.BAKU: _("Baku acceleration (C.04.5.1)") if in_2017 else _("Baku acceleration (C.04.7)"),
        }
        field = self.fields["acceleration"]
        field.choices = [(value, labels.get(value, label)) for value, label in field.choices]
        field.help_text = _("FIDE-approved accelerated systems: C.04.7 in 2026 events, C.04.5.1 in 2017 ones")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in (*TEAM_FIELDS, "lineup_deadline_minutes"):
            if data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)
        for name in POINT_FIELDS:
            value = data.get(name)
            if isinstance(value, Decimal):
                data[name] = int(value * 10)
        system = data.get("pairing_system") or self.instance.pairing_system
        if system:
            # Left blank: an existing tournament keeps its edition, a new one gets the system's default.
            kept = self.instance.rules_edition if self.instance.pk else default_edition(system)
            data["rules_edition"] = data.get("rules_edition") or kept
            problem = edition_problem(system, data["rules_edition"])
            refusal = double_swiss_refusal(system, data["rules_edition"], data.get("acceleration") or "")
            if refusal:
                field = "rules_edition" if refusal.code.endswith("edition") else "acceleration"
                self.add_error(field, str(refusal))
            elif problem:
                self.add_error("rules_edition", problem)
        a_min, c_below = data.get("acceleration_group_a_min"), data.get("acceleration_group_c_below")
        if data.get("acceleration") == "progressive" and a_min is not None and c_below is not None and c_below > a_min:
            self.add_error("acceleration_group_c_below", _("group C must lie below group A"))
        rounds = data.get("rounds")
        if self.instance.pk and rounds is not None:
            last = last_paired_round(self.instance)
            if last and rounds < last.number:
                self.add_error("rounds", _("round %d is already paired") % last.number)
        self._clean_deputies(data)
        data["round_schedule"] = self._round_schedule(data)
        return data

    def _clean_deputies(self, data: dict[str, Any]) -> None:
        names = [n for n in (data.get("deputy_arbiters") or "").split(";") if n.strip()]
        ids = [i for i in (data.get("deputy_arbiter_fide_ids") or "").split(";") if i.strip()]
        if len(ids) > len(names):
            self.add_error(
                "deputy_arbiter_fide_ids",
                _("%(ids)d FIDE IDs for %(names)d deputy arbiters: one per deputy, in the order of their names")
                % {"ids": len(ids), "names": len(names)},
            )

    def _round_schedule(self, data: dict[str, Any]) -> list[str]:
        rounds = data.get("rounds") or self.instance.rounds or 0
        first = data.get("first_round_at")
        if first:
            per_day = data.get("rounds_per_day") or 1
            return generated_schedule(
                first.replace(tzinfo=None), rounds, per_day, data.get("hours_between_rounds") or 4
            )
        lines = (data.get("schedule") or "").strip("\n").splitlines()
        if len(lines) > rounds:
            self.add_error("schedule", _("%(n)d lines for %(r)d rounds") % {"n": len(lines), "r": rounds})
            return []
        schedule, previous = [], None
        for number, line in enumerate(lines, start=1):
            text = line.strip()
            if not text:
                schedule.append("")
                continue
            try:
                start = datetime.datetime.strptime(" ".join(text.replace("T", " ").split()), "%Y-%m-%d %H:%M")
            except ValueError:
                self.add_error(
                    "schedule",
                    _("round %(n)d: %(text)s is not a date and time like 2026-05-01 15:00")
                    % {"n": number, "text": text},
                )
                continue
            if previous and start <= previous:
                self.add_error("schedule", _("round %(n)d starts before the round before it") % {"n": number})
            previous = start
            schedule.append(start.strftime("%Y-%m-%dT%H:%M"))
        while schedule and not schedule[-1]:
            schedule.pop()
        return schedule

    def _post_clean(self) -> None:
        super()._post_clean()
        if "round_schedule" in self.cleaned_data:
            self.instance.round_schedule = self.cleaned_data["round_schedule"]

    def clean_time_zone(self) -> str:
        return self.cleaned_data.get("time_zone") or self.instance.time_zone or default_time_zone()

    def clean_rate(self) -> str:
        return self.cleaned_data.get("rate") or self.instance.rate or RatingKind.STANDARD


class BirthDateField(forms.CharField):
    """YYYY/MM/DD or YYYY as FIDE records it; an ISO date (YYYY-MM-DD) is rewritten so."""

    def to_python(self, value: Any) -> str:
        return birth_date_of(super().to_python(value))


class UnratedMayLeaveRatingEmpty:
    """The rating field may stay empty: an unrated player, rating 0 (as FIDE writes him)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        rating = self.fields["rating"]  # type: ignore[attr-defined]
        rating.required = False
        rating.help_text = _("empty for an unrated player")

    def clean_rating(self) -> int:
        return self.cleaned_data.get("rating") or 0  # type: ignore[attr-defined]


class PlayerForm(UnratedMayLeaveRatingEmpty, TextWithoutControls, forms.ModelForm):
    entry_round = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        label=_("Entry round"),
        help_text=_("late entry: the first round to be paired"),
    )

    class Meta:
        model = Player
        fields = ["name", "title", "rating", "federation", "fide_id", "sex", "birth_date", "provisional_rating"]
        labels = PLAYER_LABELS
        field_classes = {"birth_date": BirthDateField, "federation": FederationField}


class PlayerEditForm(UnratedMayLeaveRatingEmpty, TextWithoutControls, forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "title", "rating", "federation", "fide_id", "sex", "birth_date", "provisional_rating"]
        labels = PLAYER_LABELS
        field_classes = {"birth_date": BirthDateField, "federation": FederationField}


class UploadForm(forms.Form):
    file = forms.FileField(label=_("File"))
    limit_setting = "UPLOAD_MAX_BYTES"  # the setting that caps the file's size

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        limit = getattr(settings, self.limit_setting)
        if upload.size > limit:
            raise forms.ValidationError(
                self.too_large() % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)}
            )
        return upload

    def too_large(self) -> str:
        return gettext("The file is %(size)s: the limit is %(limit)s. Split it, or ask the administrator.")


class TrfImportForm(UploadForm):
    rounds = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        label=_("Rounds"),
        help_text=_("only for a file that does not declare them (XXR or record 142)"),
    )
    edition = forms.ChoiceField(
        required=False,
        label=_("Rules edition"),
        choices=[("", _("As the file says (record 192), else by its start date")), *RulesEdition.choices],
        help_text=_("only for a file whose record 192 does not name one (a TRF16 file cannot)"),
    )


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(
        min_value=2, max_value=MAX_ROUNDS, required=False, label=_("No longer paired from round")
    )


class ByeForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    round = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label=_("Round"))
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[
            (ByeKind.HALF_POINT, _("Half-point bye")),
            (ByeKind.ZERO_POINT, _("Zero-point bye / announced absence")),
            (ByeKind.FULL_POINT, _("Full-point bye")),
        ],
    )

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = tournament.players.all()
        self.fields["round"].widget.attrs["max"] = tournament.rounds  # the service says why beyond it


class ProhibitedPairingForm(forms.Form):
    """Two players who may not meet (TRF-2026 record 260), in a range of rounds."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    other = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("may not meet"))
    first_round = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=1, label=_("from round"))
    last_round = forms.IntegerField(
        min_value=1, max_value=MAX_ROUNDS, required=False, label=_("to round (blank: the last)")
    )

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = tournament.players.all()
        self.fields["other"].queryset = tournament.players.all()


class KnownUserField(forms.ModelChoiceField):
    """A user picked from the site's active users, posted as his user name."""

    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{full} ({obj.get_username()})" if full else obj.get_username()


# The roles given from the appointments page; a captain is invited from his team's page.
DESK_ROLES = [(value, label) for value, label in AppointmentRole.choices if value != AppointmentRole.CAPTAIN]


class AppointForm(forms.Form):
    username = KnownUserField(
        queryset=get_user_model().objects.filter(is_active=True).order_by("username"),
        to_field_name="username",
        label=_("User"),
        error_messages={"invalid_choice": _("no user %(value)s")},
    )
    role = forms.ChoiceField(choices=DESK_ROLES, initial=AppointmentRole.ARBITER, label=_("Role"))


class InviteForm(TextWithoutControls, forms.Form):
    """A person who has no account yet: invited with a one-time set-password link."""

    name = forms.CharField(max_length=150, label=_("Name"))
    email = forms.EmailField(label=_("E-mail address"))
    role = forms.ChoiceField(choices=DESK_ROLES, initial=AppointmentRole.ARBITER, label=_("Role"))


class ExchangeForm(TextWithoutControls, forms.Form):
    first = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER, label=_("Player no."))
    second = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER, label=_("with player no."))
    reason = forms.CharField(required=False, label=_("Reason"))
    # On a published round: the ground of the change (services.manual_changes.PUBLISHED_GROUNDS).
    ground = forms.CharField(required=False, label=_("Ground"))


class AgreementForm(TextWithoutControls, forms.Form):
    """Two unpaired players of a published round agree to play each other."""

    first = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER)
    second = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER)
    reason = forms.CharField(required=False)


PRESET_NAMES = {
    "swiss": _("Individual Swiss"),
    "swiss-rated": _("Individual Swiss, every player rated"),
    "swiss-progressive": _("Swiss with progressive score"),
    "round-robin": _("Round robin"),
}


class TiebreakForm(forms.Form):
    """The organizer's ordered tie-break list (C.07 4.1): a preset, or codes in order."""

    preset = forms.ChoiceField(
        label=_("Preset"),
        required=False,
        choices=lambda: (
            [("", gettext("my own list, below"))]
            + [(key, f"{PRESET_NAMES[key]}: {' '.join(codes)}") for key, codes in PRESETS.items()]
        ),
    )
    codes = forms.CharField(
        label=_("Tie-breaks, in order"),
        required=False,
        help_text=_("codes separated by spaces, e.g. BH/C1 BH SB DE"),
    )

    def __init__(self, *args: Any, tournament: Tournament | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.advice: list[str] = []  # C.07's recommendations the list goes against: shown, not refused

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("preset"):
            data["list"] = list(PRESETS[data["preset"]])
            return data
        words = str(data.get("codes") or "").replace(",", " ").split()
        parsed = []
        for word in words:
            try:
                parsed.append(parse(word).code)
            except TieBreakCodeError:
                self.add_error("codes", gettext("%(code)s is not a tie-break code this program knows") % {"code": word})
        if len(set(parsed)) != len(parsed):
            self.add_error("codes", gettext("a tie-break is listed twice"))
        data["list"] = parsed
        if self.tournament is not None and not self.errors:
            # C.07 forbids some lists for some events (Buchholz in a round robin, ratings
            # in an unrated field without /U): refused with the article; its advice is shown.
            kind = TournamentKind(
                every_player_rated=not self.tournament.players.filter(rating=0).exists(),
                edition=edition_for(self.tournament.start_date.isoformat() if self.tournament.start_date else None),
            )
            for refusal in list_refusals(parsed, kind):
                text = f"{refusal.code}: {gettext(refusal.reason)} ({refusal.article})"
                if refusal.refused:
                    self.add_error("codes", text)
                else:
                    self.advice.append(text)
        return data


class HandPlayerForm(TextWithoutControls, forms.Form):
    """One player of a free change of a draft (take out, put in, give the PAB), and why."""

    player = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER, label=_("Player no."))
    reason = forms.CharField(required=False, label=_("Reason"))


class HandOpponentForm(HandPlayerForm):
    opponent = forms.IntegerField(min_value=1, max_value=MAX_PAIRING_NUMBER, label=_("plays player no."))


class HandBoardForm(forms.Form):
    board = forms.IntegerField(min_value=1, max_value=MAX_BOARDS, label=_("Board"))


class RatingListUploadForm(UploadForm):
    """A FIDE rating list file as downloaded (tourney.rating_list): its kind and month when
    its name does not say them."""

    file = forms.FileField(label=_("Rating list file (XML or TXT, zipped or not)"))
    limit_setting = "RATING_LIST_MAX_BYTES"
    kind = forms.ChoiceField(
        label=_("List"),
        required=False,
        choices=[("", _("as the file says")), *RatingKind.choices],
    )
    month = forms.DateField(
        label=_("Month of the list"),
        required=False,
        input_formats=["%Y-%m"],
        widget=forms.DateInput(attrs={"type": "month"}),
        help_text=_("Only when the file does not say it (the combined list)"),
    )

    def too_large(self) -> str:
        return gettext("The file is %(size)s: the limit is %(limit)s.")


class NationalListForm(UploadForm):
    """A national rating list as a CSV file, and which of its columns holds each field
    (tourney.rating_list.national): the headings of its first line, as written."""

    file = forms.FileField(label=_("National list (CSV file)"))
    limit_setting = "RATING_LIST_MAX_BYTES"
    name = forms.CharField(max_length=100, label=_("List"), help_text=_("e.g. FSI Elo Italia; a known list is updated"))
    federation = FederationField(min_length=3, max_length=3, label=_("Federation"))
    month = forms.DateField(
        label=_("Month of the list"),
        required=False,
        input_formats=["%Y-%m"],
        widget=forms.DateInput(attrs={"type": "month"}),
    )
    column_national_id = forms.CharField(max_length=100, label=_("Column of the national ID"))
    column_name = forms.CharField(max_length=100, label=_("Column of the name"))
    column_rating = forms.CharField(max_length=100, required=False, label=_("Column of the national rating"))
    column_fide_id = forms.CharField(max_length=100, required=False, label=_("Column of the FIDE ID"))
    column_federation = forms.CharField(max_length=100, required=False, label=_("Column of the federation"))
    column_sex = forms.CharField(max_length=100, required=False, label=_("Column of the sex"))
    column_birth_year = forms.CharField(max_length=100, required=False, label=_("Column of the birth year"))
    column_title = forms.CharField(max_length=100, required=False, label=_("Column of the title"))

    def mapping(self) -> dict[str, str]:
        """Field -> the column's heading, for the fields given."""
        return {
            name.removeprefix("column_"): value
            for name, value in self.cleaned_data.items()
            if name.startswith("column_") and value
        }


class TeamForm(TextWithoutControls, forms.Form):
    """A team and its roster, typed one player a line, board 1 first."""

    multiline = ("members",)

    name = forms.CharField(label=_("Team"), max_length=100)
    federation = FederationField(label=_("Federation"), required=False)
    captain = forms.CharField(label=_("Captain"), max_length=100, required=False)
    members = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("One player a line, board 1 first: name;FIDE ID;rating;federation (all but the name optional)"),
    )


class TeamMemberForm(TextWithoutControls, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    fide_id = forms.CharField(label=_("FIDE ID"), max_length=12, required=False)
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=3500, required=False)
    federation = FederationField(label=_("Federation"), required=False)
