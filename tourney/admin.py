"""Django admin: data repair only. The arbiter's workflow lives in the site's own pages.

Every change to a game or a bye made here is written to the audit trail. Every save and
deletion of a row the public pages show (one by one, in a bulk action, or in an inline)
renews the pages of the tournament it touches, as the services do (tourney/caching/).
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from tourney import audit
from tourney.caching import public_change
from tourney.models import AuditEntry, Bye, Game, Player, ProhibitedPairing, Round, Tournament, UserPreference


def _tournament_of(row: Model) -> int | None:
    if isinstance(row, Tournament):
        return row.pk
    if hasattr(row, "tournament_id"):
        return row.tournament_id
    if hasattr(row, "round_id"):
        return Round.objects.filter(pk=row.round_id).values_list("tournament_id", flat=True).first()
    return None


def _stored_tournament(row: Model) -> int | None:
    """The tournament of the row as the database holds it before a repair moves it."""
    stored = type(row)._default_manager.filter(pk=row.pk).first() if row.pk else None
    return _tournament_of(stored) if stored is not None else None


def _renew_public_pages(*tournament_ids: int | None) -> None:
    """A repair may touch anything a reader sees: every page of each tournament, once the
    admin's transaction commits."""
    for tournament_id in sorted({t for t in tournament_ids if t is not None}):
        public_change(tournament_id, base=True, status=True)


class PublicRowAdmin(admin.ModelAdmin):
    """The admin of a model the public pages show: its writes renew those pages."""

    def save_model(self, request: HttpRequest, obj: Model, form: ModelForm, change: bool) -> None:
        before = _stored_tournament(obj) if change else None
        super().save_model(request, obj, form, change)
        _renew_public_pages(before, _tournament_of(obj))

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        tournament_id = _tournament_of(obj)
        super().delete_model(request, obj)
        _renew_public_pages(tournament_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        """The *Delete selected* action."""
        tournament_ids = [_tournament_of(row) for row in queryset]
        super().delete_queryset(request, queryset)
        _renew_public_pages(*tournament_ids)

    def save_related(self, request: HttpRequest, form: ModelForm, formsets: list, change: bool) -> None:
        """The inlines (a tournament's players and prohibited pairings)."""
        super().save_related(request, form, formsets, change)
        _renew_public_pages(_tournament_of(form.instance))


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
class TournamentAdmin(PublicRowAdmin):
    list_display = ["name", "place", "start_date", "pairing_system", "rules_edition", "rounds", "status"]
    list_filter = ["status", "pairing_system", "rules_edition"]
    search_fields = ["name", "place"]
    inlines = [PlayerInline, ProhibitedPairingInline]


@admin.register(Player)
class PlayerAdmin(PublicRowAdmin):
    list_display = ["pairing_number", "name", "tournament", "rating", "federation", "withdrawal_round"]
    list_filter = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(PublicRowAdmin):
    list_display = ["tournament", "number", "status", "pairing_job_state", "published_at"]
    list_filter = ["tournament", "status"]


class AuditedAdmin(PublicRowAdmin):
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
        self._record_deletion(request, obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        for row in queryset.select_related("round__tournament"):
            self._record_deletion(request, row)
        super().delete_queryset(request, queryset)

    def _record_deletion(self, request: HttpRequest, obj: Game | Bye) -> None:
        audit.record(
            obj.round.tournament, obj, action="admin delete", old=obj, user=request.user, reason="data repair in admin"
        )


@admin.register(Game)
class GameAdmin(AuditedAdmin):
    list_display = ["round", "board", "white", "black", "result", "unrated", "second_result"]
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
