"""National rating lists at work: a federation's CSV list imported by the arbiter's column
mapping (kept per list), players registered from it by national ID or name, and their
national ratings brought up to the list before round 1.

A player registered from a national list keeps his national ID and national rating as the
TRF's national rating record (NRS: the federation's code, then the 001 columns), which the
FIDE report carries. His FIDE data (rating, title) come from the FIDE list when the national
list gives his FIDE ID and the FIDE list has it. Reading: a player without a FIDE rating
gets the national rating as his provisional rating, which the initial order (C.04.2.B.2)
and the Dubov AROs use and the FIDE report never does (docs/user-guide.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tourney.audit import User
from tourney.errors import RefusalTable, RegistrationRefused
from tourney.models import NationalListEntry, NationalRating, NationalRatingList, Player, Tournament
from tourney.rating_list import store
from tourney.rating_list.national import NATIONAL_FIELDS, NationalPlayer, open_national_list
from tourney.services import rating_list, registration

BATCH = 2_000


REFUSALS = RefusalTable(
    "national_list",
    {
        "not_in_list": gettext_lazy("ID %(id)s is not in the list %(list)s"),
        "already_registered": gettext_lazy("ID %(id)s is already registered"),
    },
)


def import_national_list(
    *, name: str, federation: str, text: str, mapping: Mapping[str, str], month: date | None = None
) -> NationalRatingList:
    """Import the CSV *text* as the national list *name* (created on its first file) read
    by *mapping*, which is kept for the list's next file. Every row is read before any is
    written: a refused file (RatingListError, with line and column) changes nothing. A
    player the newer file leaves out keeps his older row."""
    mapping = {k: v.strip() for k, v in mapping.items() if k in NATIONAL_FIELDS and v and v.strip()}
    opened = open_national_list(text, mapping)
    latest: dict[str, NationalPlayer] = {}
    for player in opened.players:
        latest[player.national_id] = player  # an ID twice: its last line counts
    with transaction.atomic():
        national_list, _created = NationalRatingList.objects.select_for_update().get_or_create(
            name=name.strip()[:100], defaults={"federation": federation}
        )
        national_list.federation = federation.upper()[:3]
        national_list.mapping = mapping
        national_list.month = month
        national_list.rows = len(latest)
        national_list.imported_at = timezone.now()
        national_list.save()
        entries = [
            NationalListEntry(
                rating_list=national_list,
                national_id=p.national_id,
                name=p.name,
                name_key=store.name_key(p.name),
                rating=p.rating,
                fide_id=p.fide_id,
                federation=p.federation or national_list.federation,
                sex=p.sex,
                title=p.title,
                birth_year=p.birth_year,
            )
            for p in latest.values()
        ]
        NationalListEntry.objects.bulk_create(
            entries,
            update_conflicts=True,
            unique_fields=["rating_list", "national_id"],
            update_fields=["name", "name_key", "rating", "fide_id", "federation", "sex", "title", "birth_year"],
            batch_size=BATCH,
        )
    return national_list


def search(national_list: NationalRatingList, query: str, limit: int = store.SEARCH_LIMIT) -> list[NationalListEntry]:
    """Players of the list whose national ID is *query*, or whose name starts with it (then holds it)."""
    query = query.strip()
    if not query:
        return []
    entries = national_list.entries.all()
    by_id = list(entries.filter(national_id=query)[:1])
    if by_id:
        return by_id
    key = store.name_key(" ".join(query.replace(",", ", ").split()))
    if len(key) < 2:
        return []
    found = list(entries.filter(name_key__startswith=key)[:limit])
    if len(found) < limit and len(key) >= 3:
        more = entries.filter(name_key__contains=key).exclude(pk__in=[e.pk for e in found])
        found += list(more[: limit - len(found)])
    return found


def registered_ids(tournament: Tournament, national_list: NationalRatingList) -> set[str]:
    return {
        nr.national_id
        for nr in NationalRating.objects.filter(player__tournament=tournament, federation=national_list.federation)
    }


def player_data(entry: NationalListEntry, tournament: Tournament) -> registration.PlayerData:
    """The registration's fields: the FIDE list's where it has the player's FIDE ID (his
    FIDE rating, title), else the national list's with no FIDE rating and the national
    rating as the provisional one (the reading in the module's docstring)."""
    listed = store.entry(entry.fide_id) if entry.fide_id else None
    if listed is not None:
        data = rating_list.player_data(listed, tournament.rate)
    else:
        data = {
            "name": entry.name,
            "title": entry.title,
            "rating": 0,
            "federation": entry.federation,
            "fide_id": entry.fide_id,
            "sex": rating_list.SEX_FROM_LIST.get(entry.sex, ""),
            "birth_date": str(entry.birth_year) if entry.birth_year else "",
        }
    if not data["rating"] and entry.rating:
        data["provisional_rating"] = entry.rating
    return data


def register_from_national_list(
    tournament: Tournament, national_list: NationalRatingList, national_id: str, *, user: User | None = None
) -> Player:
    """Register the player of *national_id* in *national_list* (registration.register), who
    keeps his national ID and rating (an NRS record)."""
    entry = national_list.entries.filter(national_id=national_id.strip()).first()
    if entry is None:
        raise RegistrationRefused(REFUSALS("not_in_list", id=national_id, list=national_list.name))
    if national_id.strip() in registered_ids(tournament, national_list):
        raise RegistrationRefused(REFUSALS("already_registered", id=national_id))
    with transaction.atomic():
        player = registration.register(tournament, player_data(entry, tournament), user=user)
        NationalRating.objects.create(
            player=player,
            federation=national_list.federation,
            rating=entry.rating,
            record=rating_list.national_record(player, national_list.federation, entry),
        )
    return player


def imported_lists() -> list[NationalRatingList]:
    return list(NationalRatingList.objects.exclude(imported_at=None))
