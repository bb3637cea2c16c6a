from __future__ import annotations

import pytest

from tests import builders

pytestmark = pytest.mark.django_db


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
