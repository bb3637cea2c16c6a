"""Team events for the tests: *teams* teams of *members* players each, registered through
the service (team k's players rated 2400 - 20k down the boards)."""

from __future__ import annotations

from tourney.models import Tournament
from tourney.services.teams import MemberData, register_team

TEAM_NAMES = ["Aosta", "Bari", "Como", "Dolo", "Enna", "Fano", "Gela", "Imola", "Lodi", "Massa", "Nardo", "Osimo"]


def team_event(teams: int = 4, members: int = 4, rounds: int = 3, boards: int = 4, **fields: object) -> Tournament:
    fields.setdefault("name", "Test Team Cup")
    fields.setdefault("initial_colour", "white")
    t = Tournament.objects.create(rounds=rounds, kind="team", team_boards=boards, **fields)
    for k in range(teams):
        name = TEAM_NAMES[k]
        ratings = [2400 - 20 * k - 5 * b for b in range(1, members + 1)]
        roster = [MemberData(name=f"{name} {b}", rating=r, federation="ITA") for b, r in enumerate(ratings, start=1)]
        register_team(tournament_id=t.pk, name=name, members=roster, federation="ITA")
    return t
