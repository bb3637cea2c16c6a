"""The tournament's time zone and rules edition, rights from appointments only, the audit
entry's round, the TRF-2026 records (starting-rank method, time control, record 250
accelerations, prohibited pairings, abnormal points, national ratings) and the pairing
job's progress.

Data: tournaments and rounds paired before the edition was a setting were paired by the
2017 texts; the group memberships appointments gave are taken back (the Organizers group
keeps one permission, creating a tournament; the Arbiters group goes); every audit entry
about a round, a game or a bye gets that round's number.
"""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tourney.models


def _membership_came_from_an_appointment(appointments, user) -> bool:
    organizer = appointments.filter(user=user, role="organizer")
    first_by_others = organizer.exclude(appointed_by=user).order_by("appointed_at").first()
    if first_by_others is None:
        return False
    return not organizer.filter(appointed_by=user, appointed_at__lt=first_by_others.appointed_at).exists()


def take_back_appointment_rights(apps, schema_editor) -> None:
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    Appointment = apps.get_model("tourney", "Appointment")
    organizers = Group.objects.filter(name="Organizers").first()
    if organizers is not None:
        for user in list(organizers.user_set.all()):
            if _membership_came_from_an_appointment(Appointment.objects, user):
                organizers.user_set.remove(user)
        organizers.permissions.set(
            Permission.objects.filter(content_type__app_label="tourney", codename="add_tournament")
        )
    Group.objects.filter(name="Arbiters").delete()
    Permission.objects.filter(
        content_type__app_label="tourney", codename__in=["manage_tournament", "direct_tournament"]
    ).delete()


def fill_round_numbers(apps, schema_editor) -> None:
    """The round of each entry whose subject is a round, or a game or bye still stored."""
    AuditEntry = apps.get_model("tourney", "AuditEntry")
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model_name, number_of in (
        ("round", lambda m: m.number),
        ("game", lambda m: m.round.number),
        ("bye", lambda m: m.round.number),
    ):
        content_type = ContentType.objects.filter(app_label="tourney", model=model_name).first()
        if content_type is None:
            continue
        model = apps.get_model("tourney", model_name)
        entries = AuditEntry.objects.filter(content_type=content_type)
        ids = {int(i) for i in entries.values_list("object_id", flat=True) if i.isdigit()}
        subjects = model.objects.filter(pk__in=ids)
        if model_name != "round":
            subjects = subjects.select_related("round")
        for subject in subjects:
            entries.filter(object_id=str(subject.pk)).update(round_number=number_of(subject))


def existing_tournaments_were_paired_by_the_seed_texts(apps, schema_editor):
    # A tournament created before the edition was a setting was paired by the 2017 texts,
    # and so was every round it had paired.
    apps.get_model("tourney", "Tournament").objects.filter(rules_edition="").update(rules_edition="2017")
    apps.get_model("tourney", "Round").objects.exclude(status__in=("draft", "pairing")).update(rules_edition="2017")


class Migration(migrations.Migration):
    dependencies = [
        ("tourney", "0005_user_preference"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="time_zone",
            field=models.CharField(
                default=tourney.models.default_time_zone,
                help_text="The times of this tournament are shown in this zone, e.g. Europe/Rome",
                max_length=64,
                validators=[tourney.models.validate_time_zone],
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="initial_colour_from_file",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterModelOptions(
            name="tournament",
            options={"ordering": ["-start_date", "name"]},
        ),
        migrations.AddField(
            model_name="auditentry",
            name="round_number",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="tournament",
            name="accelerated_rounds",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="tournament",
            name="starting_rank_method",
            field=models.CharField(blank=True, max_length=20),
        ),
        migrations.AddField(
            model_name="tournament",
            name="time_control_code",
            field=models.CharField(blank=True, max_length=60),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="rules_edition",
            field=models.CharField(
                choices=[
                    ("2017", "2017 edition: the texts in force until 31 January 2026"),
                    ("2026", "2026 edition: the texts in force since 1 February 2026"),
                ],
                default="2026",
                help_text="The edition of the FIDE pairing rules (C.04) that pairs the tournament",
                max_length=16,
            ),
        ),
        migrations.CreateModel(
            name="AbnormalPoints",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("record", models.CharField(max_length=200)),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="abnormal_points",
                        to="tourney.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["tournament", "id"],
            },
        ),
        migrations.CreateModel(
            name="NationalRating",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("federation", models.CharField(max_length=3)),
                ("rating", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("record", models.CharField(max_length=120)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="national_ratings",
                        to="tourney.player",
                    ),
                ),
            ],
            options={
                "ordering": ["player", "federation"],
            },
        ),
        migrations.CreateModel(
            name="ProhibitedPairing",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "first_round",
                    models.PositiveSmallIntegerField(
                        default=1, validators=[django.core.validators.MinValueValidator(1)]
                    ),
                ),
                ("last_round", models.PositiveSmallIntegerField(blank=True, null=True)),
                (
                    "other",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tourney.player"
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tourney.player"
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="prohibited_pairings",
                        to="tourney.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["tournament", "player__pairing_number", "other__pairing_number"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("player", models.F("other")), _negated=True),
                        name="prohibited_pairing_two_players",
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="round",
            name="rules_edition",
            field=models.CharField(
                blank=True,
                choices=[
                    ("2017", "2017 edition: the texts in force until 31 January 2026"),
                    ("2026", "2026 edition: the texts in force since 1 February 2026"),
                ],
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="round",
            name="pairing_progress",
            field=models.CharField(blank=True, max_length=100),
        ),
        # The data, once the schema is in place.
        migrations.RunPython(take_back_appointment_rights, migrations.RunPython.noop),
        migrations.RunPython(fill_round_numbers, migrations.RunPython.noop),
        migrations.RunPython(existing_tournaments_were_paired_by_the_seed_texts, migrations.RunPython.noop),
    ]
