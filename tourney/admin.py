"""Django admin: data repair only. The arbiter's workflow lives in the site's own pages.

Every change to a game or a bye made here is written to the audit trail.
"""

from __future__ import annotations

from django.contrib import admin
from django.forms import ModelForm
from django.http import HttpRequest

from tourney import audit
from tourney.models import AuditEntry, Bye, Game, Player, ProhibitedPairing, Round, Tournament, UserPreference


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["pairing_number", "name", "title", "rating", "federation", "fide_id", "entry_round", "withdrawal_round"]


class ProhibitedPairingInline(admin.TabularInline):
    model = ProhibitedPairing
    extra = 0
    fields = ["player", "other", "first_round", "last_round"]
    raw_id_fields = ["player", "other"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "start_date", "pairing_system", "rules_edition", "rounds", "status"]
    list_filter = ["status", "pairing_system", "rules_edition"]
    search_fields = ["name", "place"]
    inlines = [PlayerInline, ProhibitedPairingInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["pairing_number", "name", "tournament", "rating", "federation", "withdrawal_round"]
    list_filter = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "pairing_job_state", "published_at"]
    list_filter = ["tournament", "status"]


class AuditedAdmin(admin.ModelAdmin):
    """Records each changed field of a repaired row, with the admin as the reason."""

    def save_model(self, request: HttpRequest, obj: Game | Bye, form: ModelForm, change: bool) -> None:
        super().save_model(request, obj, form, change)
        tournament = obj.round.tournament
        if not change:
            audit.record(tournament, obj, action="admin add", new=obj, user=request.user, reason="data repair in admin")
            return
        for field in form.changed_data:
            audit.record(
                tournament,
                obj,
                action=f"admin change {field}",
                old=form.initial.get(field),
                new=form.cleaned_data.get(field),
                user=request.user,
                reason="data repair in admin",
            )

    def delete_model(self, request: HttpRequest, obj: Game | Bye) -> None:
        audit.record(
            obj.round.tournament, obj, action="admin delete", old=obj, user=request.user, reason="data repair in admin"
        )
        super().delete_model(request, obj)


@admin.register(Game)
class GameAdmin(AuditedAdmin):
    list_display = ["round", "board", "white", "black", "result", "unrated"]
    list_filter = ["round__tournament"]
    raw_id_fields = ["white", "black", "round"]


@admin.register(Bye)
class ByeAdmin(AuditedAdmin):
    list_display = ["round", "player", "kind", "requested"]
    list_filter = ["round__tournament", "kind"]
    raw_id_fields = ["player", "round"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "user", "action", "object_repr", "old_value", "new_value", "reason"]
    list_filter = ["tournament", "action"]
    readonly_fields = [f.name for f in AuditEntry._meta.get_fields() if f.concrete]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(UserPreference)
class UserPreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]
    list_filter = ["language"]
    search_fields = ["user__username"]
