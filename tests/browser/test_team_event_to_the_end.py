"""A whole team event in chromium, rounds 1 to 4 in English, the rest in Italian: ten
teams of four boards and a reserve from a roster file, seven rounds paired by the job and published on the desk,
every board typed at the keyboard box ("12.3 1-0", wins, draws and losses), boards
forfeited, a requested half-point bye, a lineup changed before round 1 and another on a
draft pairing, a result corrected after the round's results are published (before the
deadline, with a reason), a team withdrawn so that the last rounds have a PAB, and the
final team standings checked against standings the test computes from what it typed
(match points 2/1/0, game points)."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from django.conf import settings

from tourney.models import AuditEntry, Result, Round, RoundStatus, TeamBye, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROUNDS = 7
BOARDS = 4
TEAMS = ["Aosta", "Bari", "Como", "Dolo", "Enna", "Fano", "Gela", "Imola", "Lodi", "Massa"]
ROSTERS = "team;board;name;fide_id;rating;federation\n" + "".join(
    f"{team};{board};{team} {board};;{2400 - 30 * k - 10 * board};ITA\n"
    for k, team in enumerate(TEAMS)
    for board in range(1, BOARDS + 2)
)
# White's and Black's game points of each result typed.
POINTS = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2": (Fraction(1, 2), Fraction(1, 2)),
    "+-": (Fraction(1), Fraction(0)),
    "-+": (Fraction(0), Fraction(1)),
}
STORED = {
    "1-0": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS,
    "1/2": Result.DRAW,
    "+-": Result.WHITE_WINS_FORFEIT,
    "-+": Result.BLACK_WINS_FORFEIT,
}
MIX = ("1-0", "1/2", "0-1", "1-0", "0-1", "1/2", "1-0", "0-1", "1/2")
FORFEITED = {(2, 3, 2): "+-", (6, 1, 4): "-+"}  # (round, match, board): a board forfeited
TEXT = {
    "en": {
        "teams": "10 teams",
        "teams_title": "Teams · Team Cup",
        "saved": "Saved.",
        "half_bye": "Half-point bye",
        "pab": "pairing-allocated bye",
        "matches": "Matches of round",
        "board": "Board",
        "correct": "Correct the result",
        "reason": "Reason",
        "withdrawn": "Withdrawn from round 5.",
        "standings": "Team standings after round {n}",
        "team": "Team",
    },
    "it": {
        "teams": "10 squadre",
        "teams_title": "Squadre · Team Cup",
        "saved": "Salvato.",
        "half_bye": "Bye da mezzo punto",
        "pab": "bye assegnato dall'abbinamento",
        "matches": "Incontri del turno",
        "board": "Scacchiera",
        "correct": "Correggi il risultato",
        "reason": "Motivo",
        "withdrawn": "Ritirata dal turno 5.",
        "standings": "Classifica a squadre dopo il turno {n}",
        "team": "Squadra",
    },
}


def _typed(number: int, table: int, board: int) -> str:
    """The result the arbiter types on board *board* of match *table* in round *number*."""
    return FORFEITED.get((number, table, board)) or MIX[(3 * number + 2 * table + board) % len(MIX)]


def _speak(context, language: str, server: str) -> None:
    """The pages of *context* in *language* from the next one loaded."""
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": server}])


def _confirm(page) -> None:
    page.locator(".confirm button[type=submit]").click()


def _pair(page, url: str, number: int) -> None:
    page.goto(f"{url}/rounds/{number}/")
    page.locator("form[action$='/pair/'] button[type=submit]").click()
    page.locator("#pairing table.pairing").wait_for(timeout=60_000)


def _publish(page, url: str, number: int) -> None:
    page.goto(f"{url}/rounds/{number}/")
    page.locator("form[action$='/publish/'] button[type=submit]").click()
    _confirm(page)
    page.locator("#pairing .status-published").wait_for()


def _close(page) -> None:
    page.locator("form[action$='/close/'] button[type=submit]").click()
    _confirm(page)
    page.locator("#pairing .status-closed").wait_for()


def _drained(page) -> None:
    """The keyboard box has sent every line typed and shown every answer."""
    page.wait_for_function(
        "() => { const f = document.querySelector('form[data-quick-entry]');"
        " return f.dataset.busy === '' && document.getElementById('entry-queue').textContent === ''; }",
        timeout=30_000,
    )


class Ledger:
    """The team standings the test keeps from what it typed: match points 2/1/0 from the
    match's game points (C.04.6 1.2), the PAB and a half-point bye a drawn match and half
    a point on every board, a team withdrawn nothing."""

    def __init__(self) -> None:
        # (round, match) -> (home, away, [[white's team, black's team, result] per board])
        self.matches: dict[tuple[int, int], tuple[str, str, list[list[str]]]] = {}
        self.drawn_without_boards: list[tuple[int, str]] = []  # (round, team): a PAB, a half-point bye

    def drawn_match_without_boards(self, number: int, team: str) -> None:
        self.drawn_without_boards.append((number, team))

    def standings(self, after: int = ROUNDS) -> dict[str, tuple[int, Fraction]]:
        totals = {team: (0, Fraction(0)) for team in TEAMS}
        for (number, _table), (home, away, boards) in self.matches.items():
            if number > after:
                continue
            points = {home: Fraction(0), away: Fraction(0)}
            for white, black, result in boards:
                points[white] += POINTS[result][0]
                points[black] += POINTS[result][1]
            for team, other in ((home, away), (away, home)):
                mp = 2 if points[team] > points[other] else 1 if points[team] == points[other] else 0
                totals[team] = (totals[team][0] + mp, totals[team][1] + points[team])
        for number, team in self.drawn_without_boards:
            if number <= after:
                totals[team] = (totals[team][0] + 1, totals[team][1] + Fraction(BOARDS, 2))
        return totals


def _play_round(page, url: str, rnd: Round, ledger: Ledger, text: dict[str, str]) -> None:
    """Type every board of the published round at the keyboard box, one line after another
    without waiting for the answers, and note the pairing and the results in the ledger."""
    page.goto(f"{url}/rounds/{rnd.number}/")
    entry = page.locator("input[name=entry]")
    lines = []
    for match in rnd.team_matches.select_related("home", "away").order_by("table"):
        if match.away is None:
            ledger.drawn_match_without_boards(rnd.number, match.home.name)
            continue
        boards = []
        for k, game in enumerate(match.games.select_related("white", "black").order_by("board"), start=1):
            result = _typed(rnd.number, match.table, k)
            white, black = game.white.name.rsplit(" ", 1)[0], game.black.name.rsplit(" ", 1)[0]
            boards.append([white, black, result])
            lines.append(f"{match.table}.{k} {result}")
        ledger.matches[rnd.number, match.table] = (match.home.name, match.away.name, boards)
    for line in lines:
        entry.fill(line)
        entry.press("Enter")
    _drained(page)
    last = lines[-1].split(" ")[0]
    assert page.locator("#entry-feedback").inner_text().startswith(text["board"])
    assert f"({last})" in page.locator("#entry-feedback").inner_text()
    assert page.locator("#corrections .correction").count() == 0  # nothing refused
    for (number, table), (_home, _away, boards) in ledger.matches.items():
        if number != rnd.number:
            continue
        stored = rnd.games.filter(match__table=table).order_by("board").values_list("result", flat=True)
        assert list(stored) == [STORED[result] for _w, _b, result in boards]


def _standings_shown(reader) -> dict[str, tuple[int, Fraction]]:
    """The standings page's match and game points of each team, after checking that its
    rows are in order: the higher (MP, GP) first and ranked ahead."""
    shown = [
        (int(cells[0]), cells[2], int(cells[3]), _number(cells[4]))
        for cells in (row.locator("td").all_inner_texts() for row in reader.locator("#team-standings tbody tr").all())
    ]
    for (rank, _n, mp, gp), (next_rank, _m, next_mp, next_gp) in pairwise(shown):
        assert (mp, gp) >= (next_mp, next_gp)
        assert rank < next_rank if (mp, gp) > (next_mp, next_gp) else rank <= next_rank
    return {name: (mp, gp) for _rank, name, mp, gp in shown}


def _number(cell: str) -> Fraction:
    """A score as the page shows it: 12, 12½, ½."""
    return Fraction(cell.replace("½", "").strip() or 0) + (Fraction(1, 2) if "½" in cell else 0)


def test_a_seven_round_team_event_in_english_then_in_italian_to_the_final_standings(
    browser, live_server, sign_in, eager_celery, tmp_path
) -> None:
    text = TEXT["en"]
    t = Tournament.objects.create(
        name="Team Cup", rounds=ROUNDS, kind="team", team_boards=BOARDS, initial_colour="white"
    )
    url = f"{live_server.url}/t/{t.pk}"
    context = browser.new_context()
    _speak(context, "en", live_server.url)
    sign_in(context, t, roles=("organizer", "arbiter"))
    page = context.new_page()
    ledger = Ledger()

    # ---- ten teams of five from a roster file
    rosters = tmp_path / "rosters.csv"
    rosters.write_text(ROSTERS, encoding="utf-8")
    page.goto(f"{url}/teams/")
    page.locator("#team-csv input[type=file]").set_input_files(str(rosters))
    page.locator("#team-csv button[type=submit]").click()
    page.locator("#teams h2", has_text=text["teams"]).wait_for()
    assert page.title() == text["teams_title"]
    assert t.teams.count() == 10 and t.players.count() == 50
    team = {x.name: x for x in t.teams.all()}

    # ---- round 1: Aosta fields its reserve on board 4
    page.goto(f"{url}/rounds/1/")
    page.locator("#lineups-link").click()  # the desk's way to the lineups
    aosta = page.locator(f"#lineup-{team['Aosta'].pk}")
    reserve = team["Aosta"].members.get(board=5)
    aosta.locator("select[name=board-4]").select_option(str(reserve.pk))
    aosta.locator("button[type=submit]").click()
    page.locator(f"#lineup-{team['Aosta'].pk} .ok", has_text=text["saved"]).wait_for()
    _pair(page, url, 1)
    _publish(page, url, 1)
    round_1 = Round.objects.get(tournament=t, number=1)
    assert round_1.team_matches.count() == 5 and round_1.games.count() == 20
    assert round_1.games.filter(white=reserve.player).exists() or round_1.games.filter(black=reserve.player).exists()
    _play_round(page, url, round_1, ledger, text)
    _close(page)

    # ---- round 2, with a board forfeited
    _pair(page, url, 2)
    _publish(page, url, 2)
    _play_round(page, url, Round.objects.get(tournament=t, number=2), ledger, text)
    _close(page)

    # ---- round 3: Bari asked for a half-point bye; nine teams, so a PAB too
    page.goto(f"{url}/teams/")
    byes = page.locator("#team-byes form")
    byes.locator("select[name=team]").select_option(str(team["Bari"].pk))
    byes.locator("select[name=round]").select_option("3")
    byes.locator("select[name=kind]").select_option("half")
    byes.locator("button[type=submit]").click()
    page.locator("#team-byes li", has_text=text["half_bye"]).wait_for()
    _pair(page, url, 3)
    _publish(page, url, 3)
    round_3 = Round.objects.get(tournament=t, number=3)
    pab = round_3.team_matches.get(away=None)
    assert round_3.team_matches.count() == 5 and pab.home.name != "Bari"
    assert TeamBye.objects.get(round=round_3).team.name == "Bari"
    ledger.drawn_match_without_boards(3, "Bari")
    page.locator("#team-round-link").click()  # the desk's way to the round's matches
    page.locator("#matches").wait_for()
    assert text["matches"] in page.locator("h1").inner_text()
    assert text["pab"] in page.locator(f"#table-{pab.table}").inner_text()
    assert text["half_bye"] in page.locator("ul.byes").inner_text()
    _play_round(page, url, round_3, ledger, text)
    _close(page)

    # ---- round 4: Como's lineup changed on the draft pairing (its boards seated again)
    _pair(page, url, 4)
    como = team["Como"]
    members = {m.board: m for m in como.members.all()}
    page.locator("#lineups-link").click()  # on the draft pairing
    form = page.locator(f"#lineup-{como.pk}")
    for board in range(1, BOARDS + 1):
        form.locator(f"select[name=board-{board}]").select_option(str(members[board + 1].pk))
    form.locator("button[type=submit]").click()
    page.locator(f"#lineup-{como.pk} .ok", has_text=text["saved"]).wait_for()
    page.goto(f"{url}/rounds/4/matches/")  # the draft, as the arbiter sees it
    draft = page.locator("#matches").inner_text()
    assert "Como 5" in draft and "Como 1" not in draft
    _publish(page, url, 4)
    round_4 = Round.objects.get(tournament=t, number=4)
    seated = {g.white.name for g in round_4.games.all()} | {g.black.name for g in round_4.games.all()}
    assert "Como 5" in seated and "Como 1" not in seated
    _play_round(page, url, round_4, ledger, text)
    _close(page)

    # ---- from here on in Italian: a correction of round 4 after its results are
    # published, before the deadline
    _speak(context, "it", live_server.url)
    text = TEXT["it"]
    assert Round.objects.get(pk=round_4.pk).correction_deadline is not None
    boards = ledger.matches[4, 2][2]
    corrected = "0-1" if boards[0][2] != "0-1" else "1-0"
    page.goto(f"{url}/rounds/4/")
    entry = page.locator("input[name=entry]")
    entry.fill(f"2.1 {corrected}")
    entry.press("Enter")
    prompt = page.locator(f"#correction-{BOARDS + 1}")
    assert f"{BOARDS + 1} (2.1)" in prompt.inner_text()  # the board as typed
    prompt.get_by_label(text["reason"]).fill("scoresheet signed by both players")
    prompt.get_by_role("button", name=text["correct"]).click()
    prompt.wait_for(state="detached")
    page.locator("#entry-feedback", has_text="(2.1)").wait_for()
    boards[0][2] = corrected
    assert round_4.games.get(board=BOARDS + 1).result == STORED[corrected]

    # ---- Massa withdraws: nine teams from round 5, a PAB in each of rounds 5 to 7
    page.goto(f"{url}/teams/{team['Massa'].pk}/roster/")
    page.locator("#withdraw button[type=submit]").click()
    page.locator(".status", has_text=text["withdrawn"]).wait_for()
    pab_holders = [pab.home.name]
    for number in range(5, ROUNDS + 1):
        _pair(page, url, number)
        _publish(page, url, number)
        rnd = Round.objects.get(tournament=t, number=number)
        assert rnd.team_matches.count() == 5
        holder = rnd.team_matches.get(away=None).home.name
        assert holder != "Massa" and holder not in pab_holders  # C.04.6 2.1.2 [C2]
        pab_holders.append(holder)
        _play_round(page, url, rnd, ledger, text)
        _close(page)
    assert Round.objects.filter(tournament=t, status=RoundStatus.CLOSED).count() == ROUNDS

    # ---- the public's standings after round 3 and the final ones, against the ledger
    public = browser.new_context()
    reader = public.new_page()
    # (the same page in both languages: the public pages' cache keeps them apart)
    for language, number in (("en", 3), ("it", 3), ("en", ROUNDS), ("it", ROUNDS)):
        _speak(public, language, live_server.url)
        reader.goto(f"{url}/teams/standings/" + (f"?round={number}" if number < ROUNDS else ""))
        assert reader.locator("h1").inner_text() == TEXT[language]["standings"].format(n=number)
        headers = reader.locator("#team-standings thead th").all_inner_texts()
        assert headers[2:5] == [TEXT[language]["team"], "MP", "GP"]
        assert _standings_shown(reader) == ledger.standings(after=number)
    expected = ledger.standings()
    # Two match points a match; rounds 5 to 7 have four matches and a PAB (a drawn match).
    assert sum(mp for mp, _gp in expected.values()) == 2 * 5 * ROUNDS - 3

    # ---- each team's card adds up to its standing; Bari's shows its half-point bye
    for name, (mp, gp) in expected.items():
        reader.goto(f"{url}/teams/{team[name].pk}/")
        rows = [row.locator("td").all_inner_texts() for row in reader.locator("#team-matches tbody tr").all()]
        assert len(rows) == (4 if name == "Massa" else ROUNDS)
        assert sum(int(cells[3]) for cells in rows) == mp
        assert sum(_number(cells[2].split("–")[0]) for cells in rows) == gp
        if name == "Bari":
            assert rows[2][:4] == ["3", text["half_bye"], "2", "1"]
    context.close()
    public.close()

    assert AuditEntry.objects.get(action="correct result").reason == "scoresheet signed by both players"
