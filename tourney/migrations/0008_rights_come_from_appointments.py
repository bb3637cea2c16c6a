"""Rights on a tournament come from its appointments only.

Appointing someone used to add them to the Organizers or Arbiters group too, and the
groups kept their rights after the appointment ended. This takes back what the
appointments gave:

* the Arbiters group goes (no page reads it any more);
* the Organizers group keeps one permission, creating a tournament;
* a member of Organizers whose first organizer appointment was made by someone else,
  and who had created no tournament of their own before it, got the membership from
  that appointment: it is removed. Members who created a tournament first (they were
  organizers-at-large already) and members with no appointment (named by a superuser)
  stay;
* the custom permissions manage_tournament and direct_tournament go with the groups.
"""

from django.conf import settings
from django.db import migrations


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


class Migration(migrations.Migration):
    dependencies = [
        ("tourney", "0007_tournament_initial_colour_from_file"),
        ("auth", "0012_alter_user_first_name_max_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="tournament",
            options={"ordering": ["-start_date", "name"]},
        ),
        migrations.RunPython(take_back_appointment_rights, migrations.RunPython.noop),
    ]
