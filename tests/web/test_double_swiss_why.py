""" "Why this pairing?" for a Double-Swiss match on the web (C.04.5 2026): the public page
explains the match on the state the pairing job paired (one engine column per game), and
"why not" answers at once or through the worker's job."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing import explanations
from pairing.engine import explain, pair
from pairing.engine.explain.dutch_quality import partners_of
from pairing.tasks import why_not_task
from tests.tourney.test_double_swiss_web import double_swiss, paired, play
from tests.web.test_why_pairing import _in, _needs_pairing, _why_not

pytestmark = pytest.mark.django_db


def test_the_public_why_page_explains_a_double_swiss_match(monkeypatch) -> None:
    t = double_swiss(players=10, rounds=5)
    play(t, 2)
    rnd = paired(t, 3)
    ex = explanations.explainable(rnd)
    assert isinstance(ex, explanations.Explainable)
    # The state is the pairing job's: match 3 opens column 5, and the engine pairs it as stored.
    assert (ex.state.round_to_pair, ex.state.total_rounds) == (5, 10)
    assert partners_of(pair(ex.state, "double_swiss", "2026")) == partners_of(ex.pairing)
    why = Client().get(reverse("round_why", args=[t.pk, 3]))
    assert why.status_code == 200
    text = why.content.decode()
    for p in t.players.all():
        assert f"{p.pairing_number}. {p.name}</strong>" in text
    assert "paired in bracket 1" in text and "in game 1" in text and "(4.3." in text
    italian = _in(Client(), "it").get(reverse("round_why", args=[t.pk, 3])).content.decode()
    assert "nella partita 1" in italian and "abbinato nel gruppo 1" in italian

    a, b = _needs_pairing(rnd)
    queued = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda args, **kw: queued.append(args))
    first = _why_not(Client(), rnd, a, b).content.decode()
    assert 'hx-trigger="every 1s"' in first
    assert explanations.run_job(*queued[0]) == explanations.DONE
    done = _why_not(Client(), rnd, a, b, polling="1")
    assert done.status_code == 286
    answer = explain.why_not(ex.state, a, b, "double_swiss", "2026", None, ex.pairing)
    assert explain.describe(answer, "double_swiss").split(":")[0].replace("'", "&#x27;") in done.content.decode()
    opponents = {(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.select_related("white", "black")}
    met = next(iter(opponents))
    at_once = _why_not(Client(), rnd, *met).content.decode()
    assert "are paired together in this match" in at_once
