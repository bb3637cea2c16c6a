"""The public pages: the list of tournaments, a tournament, a round's pairing, the
standings with tie-breaks and the crosstable; no login."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.caching.checks import LIVE_POLL_SECONDS
from tourney.models import Round, RoundStatus, Tournament
from tourney.services.rounds import publish_pairing

pytestmark = pytest.mark.django_db


def _url(name: str, t: Tournament, **kwargs: int) -> str:
    return reverse(name, kwargs={"tournament_id": t.pk, **kwargs})


def test_it_lists_tournaments_without_login(client) -> None:
    builders.tournament(players=3, name="Spring Open", place="Rome")
    response = client.get("/")
    assert response.status_code == 200
    assert b"Spring Open" in response.content and b"Rome" in response.content


def test_it_says_when_there_is_no_tournament(client) -> None:
    assert b"No tournament yet" in client.get("/").content


def test_it_serves_the_vendored_htmx(client) -> None:
    page = client.get("/").content.decode()
    assert "/static/vendor/htmx/htmx-2.0.11.min.js" in page
    assert 'hx-headers=\'{"X-CSRFToken": "' in page


def test_it_shows_players_and_rounds_without_login(client) -> None:
    t = builders.tournament(players=4, name="Club Swiss")
    builders.round_with(t, 1, "1-3 1-0, 4-2 =")
    page = client.get(f"/t/{t.pk}/").content.decode()
    assert "Club Swiss" in page and "Alice" in page and "Davide" in page
    assert f'href="/t/{t.pk}/rounds/1/"' in page and "2 boards" in page


def test_an_htmx_request_for_the_players_gets_only_that_partial(client) -> None:
    t = builders.tournament(players=2)
    response = client.get(f"/t/{t.pk}/", headers={"HX-Request": "true", "HX-Target": "players"})
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="players">')
    assert "<html" not in page and "Rounds" not in page


def test_an_unknown_tournament_is_404(client) -> None:
    assert client.get("/t/999/").status_code == 404


def test_the_round_page_lists_boards_and_byes(client) -> None:
    t = builders.tournament(players=5)
    builders.round_with(t, 1, "1-3 1-0, 4-2 +-", byes="5 pab", status="closed")
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "Alice" in page and "+/- (White wins by forfeit)" in page
    assert "Elisa</a>: Pairing-allocated bye" in page
    assert "Pair round" not in page  # the public sees no arbiter button


def test_the_public_does_not_see_a_draft_pairing_but_sees_it_once_published(
    client, django_capture_on_commit_callbacks
) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    assert "Alice" not in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        publish_pairing(round_id=rnd.pk)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    # Results come in: the page refreshes itself.
    assert "Alice" in page and f'hx-trigger="every {LIVE_POLL_SECONDS}s"' in page


def test_public_pages_hide_the_management_links(desk) -> None:
    t, client, _user = desk
    page = Client().get(f"/t/{t.pk}/").content.decode()
    assert "Registration" not in page and "Audit" not in page
    assert Client().get(f"/t/{t.pk}/audit/").status_code == 302  # to the login page
    page = client.get(f"/t/{t.pk}/").content.decode()
    assert re.search(r'href="/t/\d+/audit/"', page)


def test_the_standings_show_a_column_per_tie_break_in_the_tournaments_order(client, seed: Tournament) -> None:
    page = client.get(_url("standings", seed)).content.decode()
    assert "Final standings" in page
    heads = [h for h in ("BH-C1", "BH", "SB", "DE") if f">{h}</abbr>" in page]
    assert heads == ["BH-C1", "BH", "SB", "DE"]
    assert page.index(">BH-C1</abbr>") < page.index(">SB</abbr>")
    assert "Buchholz Cut-1" in page
    # 2 leads on Buchholz Cut-1 (19 against 18.5 for 1 and 5).
    first = page.index('<td class="rank">1</td>')
    assert '<td class="sno">2</td>' in page[first : first + 80]


def test_standings_after_an_earlier_round(client, seed: Tournament) -> None:
    page = client.get(_url("standings", seed) + "?round=2").content.decode()
    assert "Standings after round 2" in page


def test_no_list_gives_the_usual_swiss_list_and_says_so(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    page = client.get(_url("standings", t)).content.decode()
    assert "no tie-break list of its own" in page and ">BH-C1</abbr>" in page


def test_an_unknown_code_is_named_not_computed(client) -> None:
    t = builders.tournament(players=2, rounds=1, tiebreaks=["BH", "KOYA"])
    builders.round_with(t, 1, "1-2 1-0", status="closed")
    page = client.get(_url("standings", t)).content.decode()
    assert "Tie-breaks not computed (unknown codes): KOYA." in page


def test_the_crosstable_has_every_round(client, seed: Tournament) -> None:
    page = client.get(_url("crosstable", seed)).content.decode()
    for cell in ("8w1", "2b½", "PAB", "ZPB", "6w−", "11b+"):  # games, the PAB and absence of round 2, a forfeit
        assert f'<td class="result cell">{cell}</td>' in page, cell


def test_a_round_not_created_yet_has_its_page_but_not_one_beyond_the_last(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    assert client.get(f"/t/{t.pk}/rounds/3/").status_code == 200
    assert client.get(f"/t/{t.pk}/rounds/4/").status_code == 404
    assert client.get(f"/t/{t.pk}/rounds/4/status/").status_code == 404
    assert not Round.objects.filter(tournament=t).exists()


def test_the_player_card_shows_published_rounds_only(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "1-2, 3-4", status=RoundStatus.PAIRED)
    page = client.get(f"/t/{t.pk}/players/{builders.player(t, 1).pk}/").content.decode()
    assert "Carla" in page and "Bruno" not in page


def test_the_crosstable_shows_a_game_without_result_and_never_a_draft(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    builders.round_with(t, 2, "2-1 *, 3-4 0-1", status="published")
    builders.round_with(t, 3, "1-4 *, 2-3 *", status="paired")
    page = client.get(_url("crosstable", t)).content.decode()
    for cell in ("3w1", "2w½", "2b", "1w", "3b1"):
        assert f'<td class="result cell">{cell}</td>' in page, cell
    assert '<td class="result cell">4w</td>' not in page  # round 3 is a draft


def test_the_drawn_initial_colour_stays_with_the_arbiter_until_round_1_is_published(
    client, desk, django_capture_on_commit_callbacks
) -> None:
    t, arbiter_client, _user = desk
    builders.round_with(t, 1, "1-2 *", status="paired")
    assert "Initial colour" not in client.get(_url("tournament_detail", t)).content.decode()
    assert "Initial colour" in arbiter_client.get(_url("tournament_detail", t)).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the public pages renew on commit
        publish_pairing(round_id=Round.objects.get(tournament=t, number=1).pk)
    assert "Initial colour" in client.get(_url("tournament_detail", t)).content.decode()


def test_a_withdrawn_player_is_marked_on_the_public_tournament_page(client) -> None:
    t = builders.tournament(players=4, rounds=5)
    builders.round_with(t, 1, "1-3 1-0, 2-4 =", status="closed")
    t.players.filter(pairing_number=3).update(withdrawal_round=3)
    page = client.get(_url("tournament_detail", t)).content.decode()
    assert re.search(r"Carla</a> <span class=\"withdrawn-mark\">withdrawn from round 3</span>", page)
    assert page.count("withdrawn-mark") == 1
    client.cookies["django_language"] = "it"
    assert "ritiro dal turno 3" in client.get(_url("tournament_detail", t)).content.decode()


# The big tables' rows are written by tourney.presentation (points, tiebreak_table), not by the template language (a
# 2,000-player table took half a second there): the same bytes as the loops they replace.
STANDINGS_ROWS_TEMPLATE = """{% for row in rows %}<tr>
    <td class="rank">{{ row.rank }}</td>
    <td class="sno">{{ row.player.pairing_number }}</td>
    <td class="name"><a href="{% url 'player_card' row.player.tournament_id row.player.pk %}">"""
STANDINGS_ROWS_TEMPLATE += """{{ row.player.name }}</a></td>
    <td>{{ row.player.title }}</td>
    <td>{{ row.player.federation }}</td>
    <td class="rating">{% if row.player.rating %}{{ row.player.rating }}{% endif %}</td>
    {% for c in row.cells %}<td class="result cell">{{ c }}</td>{% endfor %}
    <td class="points">{{ row.points }}</td>
    {% for v in row.values %}<td class="tb">{% if v is None %}–{% else %}{{ v }}{% endif %}</td>{% endfor %}"""
STANDINGS_ROWS_TEMPLATE += (
    "{% if show_rating_change %}\n"
    '    <td class="tb rating-change">{% with c=row.rating_change %}'
    "{% if c %}{% if c.delta > 0 %}+{% endif %}{{ c.delta }}{% endif %}{% endwith %}</td>{% endif %}\n"
    "  </tr>{% endfor %}"
)
POINTS_ROWS_TEMPLATE = (
    "{% load i18n tourney_tags %}{% for r in rows %}\n"
    '      <tr{% if r.player.withdrawal_round and r.player.withdrawal_round <= number %} class="withdrawn"{% endif %}>'
    "<td>{{ r.rank }}</td><td>{{ r.player.pairing_number }}</td>"
    "<td><a href=\"{% url 'player_card' tournament.pk r.player.pk %}\">{{ r.player.name }}</a></td>\n"
    '        <td class="wide">{{ r.player.federation }}</td>'
    '<td>{% include "tourney/_rating.html" with player=r.player %}</td>'
    '<td class="points">{{ r.points|points }}</td><td class="aro">{{ r.aro|default:"–" }}'
    '{% if r.aro_provisional %} <abbr class="provisional" '
    "title=\"{% translate 'counts a provisional rating' %}\">P</abbr>{% endif %}</td>"
    '<td class="wide">{{ r.played }}</td></tr>\n'
    "    {% endfor %}"
)


def _odd_event() -> Tournament:
    """Names to escape, a title, an unrated player, a withdrawal, byes, a forfeit, half points."""
    t = builders.tournament(players=6, rounds=3)
    t.players.filter(pairing_number=2).update(name='<b>O\'Neil & "Co"</b>', title="GM", federation="ITA")
    t.players.filter(pairing_number=5).update(rating=0, provisional_rating=1650, withdrawal_round=3)
    builders.round_with(t, 1, "1-4 1-0, 5-2 =, 3-6 +-", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "2-1 0-1, 4-3 =", "5 pab, 6 half", status=RoundStatus.CLOSED)
    builders.round_with(t, 3, "1-3 *, 2-4 1-0", "6 pab", status=RoundStatus.PUBLISHED)
    return t


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_tables_rows_are_the_bytes_the_template_wrote(language) -> None:
    from django.template import engines
    from django.utils import translation

    from tourney.presentation import crosstable_cells, points, tiebreak_table

    t = _odd_event()
    django_engine = engines["django"]
    with translation.override(language):
        shown, _done = tiebreak_table.standings_context(t, None)
        assert shown["rows"] and any(v is not None and v % 1 for r in shown["rows"] for v in r.values)
        expected = django_engine.from_string(STANDINGS_ROWS_TEMPLATE).render({"rows": shown["rows"]})
        assert str(shown["body"]) == expected
        rated, _done = tiebreak_table.standings_context(t, None, rating_change=True)
        assert rated["show_rating_change"]
        expected = django_engine.from_string(STANDINGS_ROWS_TEMPLATE).render(
            {"rows": rated["rows"], "show_rating_change": True}
        )
        assert "rating-change" in expected and str(rated["body"]) == expected
        crossed = crosstable_cells.crosstable_rows(t, shown["rows"], range(1, 4))
        expected = django_engine.from_string(STANDINGS_ROWS_TEMPLATE).render({"rows": crossed})
        assert "&lt;b&gt;O&#x27;Neil" in expected and "PAB" in expected
        assert str(tiebreak_table.table_body(crossed)) == expected
        rows, body = points.points_list(t, 3)
        expected = django_engine.from_string(POINTS_ROWS_TEMPLATE).render({"rows": rows, "number": 3, "tournament": t})
        assert 'class="withdrawn"' in expected and 'class="provisional"' in expected
        assert str(body) == expected


def test_the_points_list_shares_a_rank_among_equal_points() -> None:
    from tourney.presentation import points as points_list

    t = _odd_event()
    rows = points_list.standings(t, 3)
    points = [r.points for r in rows]
    assert points == sorted(points, reverse=True) and len(set(points)) < len(points)  # some ties
    for r in rows:
        first = 1 + sum(1 for p in points if p > r.points)
        last = sum(1 for p in points if p >= r.points)
        assert r.rank == (str(first) if first == last else f"{first}-{last}")
