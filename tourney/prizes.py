"""Categories and prizes from the database: who belongs to a category, a category's
standings (the tournament's, filtered), and the prize winners of pairing.engine.prizes
from the standings (tourney.standings: points, then the tie-breaks).

Age groups read the year of birth (FIDE lists give it; a full date's year is the same):
"under n" holds a player under n on 1 January of the event's year (event year - birth year
<= n), "n and over" one who is n or older during it (event year - birth year >= n). A
player without a birth year is in no age group. Rating groups read the official rating,
an unrated player as 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from pairing.engine.prizes import Award, PrizeList, award_prizes
from tourney.models import Category, CategoryKind, Player, Sex, Tournament
from tourney.presentation.tiebreak_table import TableRow, as_decimal, standings_table
from tourney.ratings import birth_year, event_year
from tourney.standings import TournamentStandings


def belongs(category: Category, player: Player, year: int) -> bool:
    """Whether *player* is in *category* (the event starting in *year*)."""
    if category.kind == CategoryKind.WOMEN:
        return player.sex == Sex.FEMALE
    if category.kind == CategoryKind.FEDERATION:
        return bool(category.federation) and player.federation.upper() == category.federation.upper()
    if category.kind == CategoryKind.RATING:
        low = category.rating_min if category.rating_min is not None else 0
        high = category.rating_max if category.rating_max is not None else 10_000
        return low <= player.rating <= high
    born = birth_year(player)
    if born is None:
        return False
    age = year - born
    return (category.age_max is None or age <= category.age_max) and (
        category.age_min is None or age >= category.age_min
    )


def members(category: Category, players: list[Player], year: int) -> frozenset[int]:
    """The starting ranks of the category's players."""
    return frozenset(p.pairing_number for p in players if belongs(category, p, year))


@dataclass(frozen=True)
class CategoryRow:
    place: int  # in the category
    row: TableRow  # the tournament's standings row (its rank is the overall one)


def category_standings(
    tournament: Tournament, category: Category, after: str | None
) -> tuple[TournamentStandings, list[CategoryRow], int]:
    """The tournament's standings after round *after*, the category's players only,
    placed 1, 2, 3... in that order."""
    table, rows, done = standings_table(tournament, after)
    inside = members(category, list(tournament.players.all()), event_year(tournament))
    mine = [r for r in rows if r.player.pairing_number in inside]
    return table, [CategoryRow(k, r) for k, r in enumerate(mine, 1)], done


@dataclass(frozen=True)
class Winner:
    list_name: str
    place: int  # the prize's place (0: a tied player sharing without a prize of his own)
    player: Player
    points: object
    rank: int  # overall
    nominal: Decimal
    amount: Decimal
    tied_with: int


def cents(value: Fraction) -> Decimal:
    """An exact amount shown to the cent, half up."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def prize_winners(tournament: Tournament, general_name: str) -> tuple[TournamentStandings, list[Winner]]:
    """The winners after the last completed round (final once every round is in): the
    general prizes (named *general_name*) first, then each category's."""
    table, rows, _done = standings_table(tournament, None)
    if not table.after_round:  # no round complete: everyone on 0 points wins nothing yet
        return table, []
    players = list(tournament.players.all())
    year = event_year(tournament)
    categories = list(tournament.categories.all())
    amounts: dict[int | None, dict[int, Fraction]] = {}
    for prize in tournament.prizes.all():
        amounts.setdefault(prize.category_id, {})[prize.place] = Fraction(prize.amount)
    lists = [PrizeList(None, None, _by_place(amounts.get(None, {})))]
    lists += [PrizeList(c.pk, members(c, players, year), _by_place(amounts.get(c.pk, {}))) for c in categories]
    ranking = tuple(r.player.pairing_number for r in rows)
    points = {r.player.pairing_number: Fraction(r.points) for r in rows}
    awards = award_prizes(ranking, points, tuple(lists), shared=tournament.prizes_shared)
    names: dict[object, str] = {None: general_name, **{c.pk: c.name for c in categories}}
    by_number = {r.player.pairing_number: r for r in rows}
    return table, [_winner(a, names, by_number) for a in awards]


def _by_place(places: dict[int, Fraction]) -> tuple[Fraction, ...]:
    """The amounts by place, 1 to the last place with a prize (a gap is a place without one)."""
    return tuple(places.get(k, Fraction(0)) for k in range(1, max(places, default=0) + 1))


def _winner(award: Award, names: dict[object, str], rows: dict[int, TableRow]) -> Winner:
    row = rows[award.player]
    return Winner(
        names[award.key],
        award.place,
        row.player,
        as_decimal(row.points),
        row.rank,
        cents(award.nominal),
        cents(award.amount),
        award.tied_with,
    )
