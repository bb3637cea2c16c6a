"""The desk of a published round offers the changes its edition allows: a rematch repair
under the 2017 texts; under the 2026 rules a ground for an exchange, two unpaired players
who agree to play, a late entry against the PAB's holder."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import AuditEntry, RoundStatus
from tourney.services import registration

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_the_2017_desk_offers_the_rematch_repair_only(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "Repair a rematch (C.04.2.D.10)" in page
    assert 'name="ground"' not in page and 'id="published_agreement"' not in page


def test_the_2026_desk_offers_the_grounds_and_fits_a_late_entry_in(desk) -> None:
    t, client, _user = desk
    t.rules_edition = "2026"
    t.save()
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    late = registration.register(t, {"name": "Zeno", "rating": 1500})
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert 'name="ground"' in page and "the competition&#x27;s rules require it" in page
    assert 'id="published_late_entry"' in page and f'<option value="{late.pairing_number}">' in page
    data = {"player": str(late.pairing_number), "reason": "came at the start"}
    html = client.post(f"/t/{t.pk}/rounds/1/published/late-entry/", data, headers=HTMX).content.decode()
    assert f"Late entry {late.pairing_number} plays the PAB&#x27;s holder on a new board." in html
    assert rnd.games.count() == 4 and not rnd.byes.exists()
    assert "a late entry, fitted in" in AuditEntry.objects.get(action="change pairing").reason


def test_the_2026_desk_pairs_two_unpaired_players_who_agree(desk) -> None:
    t, client, _user = desk
    t.rules_edition = "2026"
    t.save()
    rnd = builders.round_with(t, 1, "1-4, 2-5", byes="7 pab, 3 zero, 6 zero", status=RoundStatus.PUBLISHED)
    assert 'id="published_agreement"' in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    html = client.post(
        f"/t/{t.pk}/rounds/1/published/agreement/", {"first": "3", "second": "6"}, headers=HTMX
    ).content.decode()
    assert "Players 3 and 6 play each other on a new board." in html
    assert rnd.games.filter(board=3).exists() and list(rnd.byes.values_list("kind", flat=True)) == ["pab"]
