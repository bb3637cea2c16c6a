"""Categories, prizes and the players' rating records (the K of the FIDE Rating
Regulations 8.3.3): each write locks the tournament, checks, writes and records the change
in the audit trail, in one transaction, and renews the public pages on commit. A refusal
raises SetupRefused.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import RefusalTable, SetupRefused
from tourney.models import Category, CategoryKind, Player, Prize, Tournament
from tourney.validators import MAX_RATED_GAMES

REFUSALS = RefusalTable(
    "prizes",
    {
        "no_name_or_kind": gettext_lazy("give the category a name and a kind"),
        "no_bounds": gettext_lazy("a rating group, an age group or a federation needs its bounds"),
        "bounds_reversed": gettext_lazy("the lower bound is above the upper one"),
        "category_exists": gettext_lazy("there is already a category %(category)s"),
        "category_already_removed": gettext_lazy("this category was already removed"),
        "bad_prize": gettext_lazy("a prize needs a place from 1 and an amount above 0"),
        "category_removed": gettext_lazy("this category was removed"),
        "prize_already_removed": gettext_lazy("this prize was already removed"),
        "too_many_rated_games": gettext_lazy("the rated games are at most %(most)d"),
        "bad_k": gettext_lazy("K is between 1 and 40"),
        "no_such_player": gettext_lazy("no such player in this tournament"),
    },
)

# The bounds each kind of category reads (the others stay empty).
KIND_FIELDS = {
    CategoryKind.RATING: ("rating_min", "rating_max"),
    CategoryKind.AGE: ("age_min", "age_max"),
    CategoryKind.FEDERATION: ("federation",),
    CategoryKind.WOMEN: (),
}
BOUNDS = ("rating_min", "rating_max", "age_min", "age_max", "federation")


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def describe(category: Category) -> str:
    values = " ".join(f"{f}={getattr(category, f)}" for f in KIND_FIELDS[CategoryKind(category.kind)])
    return f"{category.name} ({category.kind}{' ' + values if values else ''})"


def add_category(*, tournament_id: int, name: str, kind: str, bounds: dict[str, object], user: User) -> Category:
    """A category: a rating group (a lowest and/or highest rating), women, an age group
    (under n and/or n and over), a federation (its FIDE code)."""
    name = name.strip()
    if kind not in CategoryKind.values or not name:
        raise SetupRefused(REFUSALS("no_name_or_kind"))
    kept = {f: bounds.get(f) for f in KIND_FIELDS[CategoryKind(kind)] if bounds.get(f) not in (None, "")}
    if kind in (CategoryKind.RATING, CategoryKind.AGE, CategoryKind.FEDERATION) and not kept:
        raise SetupRefused(REFUSALS("no_bounds"))
    low_high = (("rating_min", "rating_max"), ("age_min", "age_max"))
    if any(kept.get(lo) is not None and kept.get(hi) is not None and kept[lo] > kept[hi] for lo, hi in low_high):
        raise SetupRefused(REFUSALS("bounds_reversed"))
    if "federation" in kept:
        kept["federation"] = str(kept["federation"]).strip().upper()[:3]
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.categories.filter(name__iexact=name).exists():
            raise SetupRefused(REFUSALS("category_exists", category=name))
        category = Category.objects.create(tournament=tournament, name=name, kind=kind, **kept)
        audit.record(tournament, category, action="add category", new=describe(category), user=user)
        public_change(tournament.pk, base=True)
    return category


def remove_category(*, tournament_id: int, category_id: int, user: User) -> None:
    """Remove a category and its prizes."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        category = tournament.categories.filter(pk=category_id).first()
        if category is None:
            raise SetupRefused(REFUSALS("category_already_removed"))
        audit.record(tournament, category, action="remove category", old=describe(category), user=user)
        category.delete()
        public_change(tournament.pk, base=True)


def set_prize(*, tournament_id: int, category_id: int | None, place: int, amount: Decimal, user: User) -> Prize:
    """The prize for *place* in the general standings (no category) or a category's."""
    if place < 1 or amount <= 0:
        raise SetupRefused(REFUSALS("bad_prize"))
    with transaction.atomic():
        tournament = _locked(tournament_id)
        category = None
        if category_id is not None:
            category = tournament.categories.filter(pk=category_id).first()
            if category is None:
                raise SetupRefused(REFUSALS("category_removed"))
        prize = Prize.objects.filter(tournament=tournament, category=category, place=place).first()
        old = "" if prize is None else str(prize)
        if prize is None:
            prize = Prize(tournament=tournament, category=category, place=place)
        prize.amount = amount
        prize.save()
        audit.record(tournament, prize, action="set prize", old=old, new=str(prize), user=user)
        public_change(tournament.pk, base=True)
    return prize


def remove_prize(*, tournament_id: int, prize_id: int, user: User) -> None:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        prize = tournament.prizes.filter(pk=prize_id).first()
        if prize is None:
            raise SetupRefused(REFUSALS("prize_already_removed"))
        audit.record(tournament, prize, action="remove prize", old=str(prize), user=user)
        prize.delete()
        public_change(tournament.pk, base=True)


def set_prize_sharing(*, tournament_id: int, shared: bool, user: User) -> bool:
    """Tied players share the money of their places (Hort), or the tie-breaks decide alone.
    False when it already was so."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.prizes_shared == shared:
            return False
        tournament.prizes_shared = shared
        tournament.save(update_fields=["prizes_shared"])
        audit.record(tournament, tournament, action="change prize sharing", old=not shared, new=shared, user=user)
        public_change(tournament.pk, base=True)
    return True


def set_rating_record(
    *, tournament_id: int, player_id: int, k_factor: int | None, rated_games: int | None, user: User
) -> bool:
    """The K the rating list gives the player (empty: derived, 8.3.3) and the games rated
    for him before the event (empty: not known). False when nothing changed."""
    if rated_games is not None and rated_games > MAX_RATED_GAMES:
        raise SetupRefused(REFUSALS("too_many_rated_games", most=MAX_RATED_GAMES))
    if k_factor is not None and not 1 <= k_factor <= 40:
        raise SetupRefused(REFUSALS("bad_k"))
    with transaction.atomic():
        tournament = _locked(tournament_id)
        player = Player.objects.select_for_update().filter(pk=player_id, tournament=tournament).first()
        if player is None:
            raise SetupRefused(REFUSALS("no_such_player"))
        old = (player.k_factor, player.rated_games)
        if old == (k_factor, rated_games):
            return False
        player.k_factor, player.rated_games = k_factor, rated_games
        player.save(update_fields=["k_factor", "rated_games"])
        audit.record(
            tournament,
            player,
            action="change rating record",
            old=f"K={old[0] or '-'} games={old[1] if old[1] is not None else '-'}",
            new=f"K={k_factor or '-'} games={rated_games if rated_games is not None else '-'}",
            user=user,
        )
        public_change(tournament.pk, base=True)
    return True
