"""A team event in chromium, in English and in Italian: ten teams of five (four boards and
a reserve) from a roster file, a lineup changed before round 1, rounds 1 and 2 paired and
published on the desk, every board typed as "match.board result" (a board forfeited, a
result corrected), a team withdrawn so that round 2 has a pairing-allocated bye, a match
forfeited as a whole, and the team standings and a team's card read by the public."""

from __future__ import annotations

import pytest
from django.conf import settings

from tourney.models import MatchForfeit, Result, Round, RoundStatus, TeamMatch, Tournament
from tourney.services import teams

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Aosta", "Bari", "Como", "Dolo", "Enna", "Fano", "Gela", "Imola", "Lodi", "Massa"]
ROSTERS = "team;board;name;fide_id;rating;federation\n" + "".join(
    f"{team};{board};{team} {board};;{2400 - 30 * k - 10 * board};ITA\n"
    for k, team in enumerate(TEAMS)
    for board in range(1, 6)
)
TEXT = {
    "en": {
        "teams": "10 teams",
        "saved": "Saved.",
        "bye": "pairing-allocated bye",
        "standings": "Team standings after round 2",
    },
    "it": {
        "teams": "10 squadre",
        "saved": "Salvato.",
        "bye": "bye assegnato",
        "standings": "Classifica a squadre dopo il turno 2",
    },
}


def _confirm(page) -> None:
    page.locator(".confirm button[type=submit]").click()


def _pair_and_publish(page, url: str, number: int) -> None:
    page.goto(f"{url}/rounds/{number}/")
    page.locator("form[action$='/pair/'] button[type=submit]").click()
    page.locator("#pairing table.pairing").wait_for(timeout=60_000)
    page.locator("form[action$='/publish/'] button[type=submit]").click()
    _confirm(page)
    page.locator("#pairing .status-published").wait_for()


def _type(page, text: str, board: int) -> None:
    entry = page.locator("input[name=entry]")
    entry.fill(text)
    entry.press("Enter")
    page.locator("#entry-feedback", has_text=f" {board}:").wait_for()


def _type_round(page, url: str, rnd: Round, results: dict[tuple[int, int], str]) -> None:
    page.goto(f"{url}/rounds/{rnd.number}/")
    for match in rnd.team_matches.exclude(away=None).order_by("table"):
        for k, game in enumerate(teams.board_games(match), start=1):
            if game.result:
                continue  # a match forfeited as a whole
            _type(page, f"{match.table}.{k} {results.get((match.table, k), '1-0')}", game.board)


def _close(page) -> None:
    page.locator("form[action$='/close/'] button[type=submit]").click()
    _confirm(page)
    page.locator("#pairing .status-closed").wait_for()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_team_event_from_the_roster_file_to_the_standings(
    browser, live_server, sign_in, eager_celery, tmp_path, language
) -> None:
    text = TEXT[language]
    t = Tournament.objects.create(name="Team Cup", rounds=3, kind="team", team_boards=4, initial_colour="white")
    url = f"{live_server.url}/t/{t.pk}"
    context = browser.new_context()
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    sign_in(context, t, roles=("organizer", "arbiter"))
    page = context.new_page()

    # ---- the teams, from a roster file
    rosters = tmp_path / "rosters.csv"
    rosters.write_text(ROSTERS, encoding="utf-8")
    page.goto(f"{url}/teams/")
    page.locator("#team-csv input[type=file]").set_input_files(str(rosters))
    page.locator("#team-csv button[type=submit]").click()
    page.locator("#teams h2", has_text=text["teams"]).wait_for()
    assert t.teams.count() == 10 and t.players.count() == 50

    # ---- a lineup: Aosta fields its reserve on board 4
    aosta = t.teams.get(name="Aosta")
    reserve = teams.roster(aosta)[4]
    page.goto(f"{url}/rounds/1/lineups/")
    form = page.locator(f"#lineup-{aosta.pk}")
    form.locator("select[name=board-4]").select_option(str(reserve.pk))
    form.locator("button[type=submit]").click()
    page.locator(f"#lineup-{aosta.pk} .ok", has_text=text["saved"]).wait_for()

    # ---- round 1: five matches; a board forfeited, a result corrected
    _pair_and_publish(page, url, 1)
    round_1 = Round.objects.get(tournament=t, number=1)
    assert round_1.team_matches.count() == 5 and round_1.games.count() == 20
    assert round_1.games.filter(white=reserve.player).exists() or round_1.games.filter(black=reserve.player).exists()
    _type_round(page, url, round_1, {(2, 3): "-+", (4, 1): "1/2"})
    page.locator("input[name=entry]").fill("1.1 0-1")
    page.locator("input[name=entry]").press("Enter")
    page.locator("#correction-1 input[name=reason]").fill("scoresheet")
    page.locator("#correction-1 button.primary").click()
    page.locator("#entry-feedback", has_text=" 1:").wait_for()
    first = teams.board_games(round_1.team_matches.get(table=1))[0]
    assert first.result == Result.BLACK_WINS
    assert teams.board_games(round_1.team_matches.get(table=2))[2].result == Result.BLACK_WINS_FORFEIT
    _close(page)

    # ---- Massa withdraws: nine teams, round 2 has a pairing-allocated bye
    massa = t.teams.get(name="Massa")
    page.goto(f"{url}/teams/{massa.pk}/roster/")
    page.locator("#withdraw button[type=submit]").click()
    page.locator("#withdraw").wait_for(state="detached")
    _pair_and_publish(page, url, 2)
    round_2 = Round.objects.get(tournament=t, number=2)
    bye = round_2.team_matches.get(away=None)
    assert round_2.team_matches.count() == 5 and bye.home.name != "Massa"
    page.goto(f"{url}/rounds/2/matches/")
    assert text["bye"] in page.locator(f"#table-{bye.table}").inner_text()
    # a match forfeited as a whole: the second team did not appear
    page.locator(f"form[action$='/matches/{round_2.team_matches.get(table=1).pk}/forfeit/'] select").select_option(
        MatchForfeit.HOME
    )
    page.locator(f"form[action$='/matches/{round_2.team_matches.get(table=1).pk}/forfeit/'] button").click()
    page.locator("#table-1").wait_for()
    _type_round(page, url, round_2, {})
    _close(page)
    assert Round.objects.get(pk=round_2.pk).status == RoundStatus.CLOSED
    assert TeamMatch.objects.get(round=round_2, table=1).forfeit == MatchForfeit.HOME

    # ---- the public: standings after round 2 and a team's card
    public = browser.new_context()
    public.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    reader = public.new_page()
    reader.goto(f"{url}/teams/standings/")
    assert text["standings"] in reader.locator("h1").inner_text()
    assert reader.locator("#team-standings tbody tr").count() == 10
    reader.goto(f"{url}/teams/{aosta.pk}/")
    assert reserve.player.name in reader.locator("#team-players").inner_text()
    assert reader.locator("#team-matches tbody tr").count() == 2
    context.close()
    public.close()
