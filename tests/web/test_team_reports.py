"""A team event's reports on the web: the TRF-2026 download with the team records, the team
crosstable (public, cached, linked from the team standings, in Italian too), and the
printouts of a round (the matches with their lineups, the match cards) and of the team
standings, linked from the round's pages."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.conf import settings
from django.test import Client

from pairing.cli import main
from pairing.job import pair_round
from tests.team_builders import play_team_event, team_event
from tourney.models import RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services.rounds import round_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(django_user_model) -> tuple[Tournament, Client]:
    """Five teams (a PAB each round), two rounds played, a match forfeited in round 2, the
    captains named; round 3 paired as a draft. Its arbiter logged in."""
    t = team_event(teams=5, members=5, rounds=4, tiebreaks=["EDE"])
    t.teams.filter(name="Aosta").update(captain="Anna Capitano")
    play_team_event(t, 2, forfeit_round=2)
    rnd = pair_round(round_id=round_for(t, 3).pk)
    assert rnd.status == RoundStatus.PAIRED
    user = django_user_model.objects.create_user("team-reports-arbiter")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client


def _text(response) -> str:
    return unescape(response.content.decode())


def test_the_downloaded_team_file_passes_the_command_lines_check(cup, tmp_path) -> None:
    t, _arbiter = cup
    response = Client().get(f"/t/{t.pk}/export/trf/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "310   1 Aosta" in text and "192 FIDE_TEAM_TYPEA_MP_GP" in text
    path = tmp_path / "cup.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["--team", "--check", str(path)], stdout=out, stderr=io.StringIO()) == 0, out.getvalue()
    assert "2 rounds checked, 0 differ" in out.getvalue()


def test_the_team_crosstable_lists_the_teams_in_standings_order_with_each_round(cup) -> None:
    t, _arbiter = cup
    standings = _text(Client().get(f"/t/{t.pk}/teams/standings/"))
    assert f'href="/t/{t.pk}/teams/crosstable/?round=2"' in standings
    response = Client().get(f"/t/{t.pk}/teams/crosstable/")
    assert response.status_code == 200 and response.has_header("ETag")  # cached as the public pages are
    page = _text(response)
    assert "Team crosstable after round 2" in page
    rows = re.findall(r'<tr id="team-(\d+)"><td>(\d+)</td>', page)
    from pairing import adapter
    from pairing.engine.tiebreaks.teams import team_standings
    from tourney.services import teams

    ranked = team_standings(adapter.team_table(t, 2), teams.standings_codes(t))
    assert [int(tpn) for tpn, _rank in rows] == [row.team for row in ranked]
    cells = re.findall(r'<td class="cell">([^<]*)</td>', page)
    assert len(cells) == 2 * 5
    assert any(re.fullmatch(r"\d+[wb] \d?½?", c) for c in cells)  # "5w 2½": opponent, board 1's colour, game points
    assert any(c.startswith("PAB ") for c in cells)  # five teams: a pairing-allocated bye each round
    assert any(re.fullmatch(r"\d+f \d?½?", c) for c in cells)  # the match forfeited in round 2
    assert "Team crosstable after round 1" in _text(Client().get(f"/t/{t.pk}/teams/crosstable/?round=1"))


def test_the_team_crosstable_in_italian(cup) -> None:
    t, _arbiter = cup
    italian = Client()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = _text(italian.get(f"/t/{t.pk}/teams/crosstable/"))
    assert "Tabellone a squadre dopo il turno 2" in page and "Classifica a squadre" in page
    printed = _text(italian.get(f"/t/{t.pk}/rounds/2/print/match-cards/"))
    assert "Capitano di Aosta" in printed and "Firma" in printed


def test_the_round_printouts_of_a_team_event(cup) -> None:
    t, arbiter = cup
    public = Client()
    pairing = _text(public.get(f"/t/{t.pk}/rounds/2/print/matches/"))
    assert "Matches of round 2" in pairing and "Swiss Team Pairing System" in pairing
    assert 'id="match-1"' in pairing and "White: " in pairing and "Black: " in pairing
    assert "pairing-allocated bye" in pairing
    cards = _text(public.get(f"/t/{t.pk}/rounds/2/print/match-cards/"))
    assert cards.count('class="pairing-card match-card"') == 2  # two matches, the PAB has no card
    assert "Captain of Aosta" in cards and "Anna Capitano" in cards and cards.count("Signature") == 4
    assert cards.count('class="card-board"') == 2 * 4  # a result line per board
    standings = _text(public.get(f"/t/{t.pk}/print/team-standings/"))
    assert "Team standings after round 2" in standings and 'id="team-standings"' in standings
    # The draft of round 3: its arbiter prints it, the public does not see it.
    assert public.get(f"/t/{t.pk}/rounds/3/print/matches/").status_code == 404
    draft = _text(arbiter.get(f"/t/{t.pk}/rounds/3/print/matches/"))
    assert "DRAFT" in draft
    # Linked from the round's matches and from the desk.
    for url in (f"/t/{t.pk}/rounds/2/matches/", f"/t/{t.pk}/rounds/2/"):
        page = _text(arbiter.get(url))
        assert f"/t/{t.pk}/rounds/2/print/matches/" in page and f"/t/{t.pk}/rounds/2/print/match-cards/" in page


def test_the_team_pages_are_for_team_events_only(client) -> None:
    from tests import builders

    other = builders.tournament(players=2)
    assert client.get(f"/t/{other.pk}/teams/crosstable/").status_code == 404
    assert client.get(f"/t/{other.pk}/print/team-standings/").status_code == 404


def test_the_command_line_pairs_the_next_round_from_the_file_as_the_web_did(cup, tmp_path) -> None:
    t, _arbiter = cup
    path = tmp_path / "cup.trf"
    path.write_text(Client().get(f"/t/{t.pk}/export/trf/").content.decode(), encoding="utf-8")
    out = io.StringIO()
    assert main(["--team", str(path), "-p"], stdout=out, stderr=io.StringIO()) == 0
    lines = out.getvalue().split()
    pairs = {(int(lines[k]), int(lines[k + 1])) for k in range(1, len(lines), 2)}
    draft = t.round_set.get(number=3).team_matches.select_related("home", "away")
    assert pairs == {(m.home.start_number, m.away.start_number if m.away else 0) for m in draft}


def test_the_team_crosstable_is_answered_from_the_cache_until_a_result_changes(
    cup, django_assert_num_queries, django_capture_on_commit_callbacks
) -> None:
    from tourney.models import Result
    from tourney.services.results import set_result

    t, _arbiter = cup
    url = f"/t/{t.pk}/teams/crosstable/"
    etag = Client().get(url)["ETag"]
    with django_assert_num_queries(0):
        assert Client().get(url, headers={"If-None-Match": etag}).status_code == 304
    game = t.round_set.get(number=1).games.exclude(result=Result.DRAW).order_by("board").first()
    with django_capture_on_commit_callbacks(execute=True):  # a correction (C.04.2.D.8)
        set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="scoresheet")
    assert Client().get(url, headers={"If-None-Match": etag}).status_code == 200
