"""The arbiter's daily tools in chromium, each flow in English and in Italian: accounts and
invitations, provisional ratings, free manual pairing, check-in, the tie-break list from the
settings, the nav during the event and the desk on a 390 px phone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tests import builders
from tourney.models import ByeKind, Result, RoundStatus, Tournament
from tourney.roles import ORGANIZERS, appoint
from tourney.services.checkin import checkin_token

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "it"]
# What each flow reads and presses, in both languages.
WORDS = {
    "en": {
        "create": "Create the tournament",
        "choose tiebreaks": "Choose the tie-breaks",
        "standings": "Standings",
        "save": "Save",
        "edit": "edit / withdraw",
        "checkin link": "check-in: who is present",
        "absent": "Absent",
        "present": "Present",
        "confirm": "Confirm",
        "here": "I am here",
        "to confirm": "an arbiter will confirm it",
        "confirmed": "an arbiter has confirmed it",
        "pair": "Pair round 1",
        "by hand": "Change the pairing by hand",
        "swap": "Swap the colours on board 1",
        "pair them": "Pair them",
        "take out": "Take out",
        "give pab": "Give the PAB",
        "pair again": "Pair again",
        "invite": "Invite",
        "set password": "Set the password",
        "log in": "Log in",
        "appoint": "Appoint",
        "password": "change password",
        "change password": "Change the password",
    },
    "it": {
        "create": "Crea il torneo",
        "choose tiebreaks": "Scegli gli spareggi",
        "standings": "Classifica",
        "save": "Salva",
        "edit": "modifica / ritira",
        "checkin link": "presenze: chi c'è",
        "absent": "Assente",
        "present": "Presente",
        "confirm": "Conferma",
        "here": "Sono presente",
        "to confirm": "un arbitro la confermerà",
        "confirmed": "un arbitro l'ha confermata",
        "pair": "Abbina il turno 1",
        "by hand": "Modifica l'abbinamento a mano",
        "swap": "Scambia i colori sulla scacchiera 1",
        "pair them": "Abbinali",
        "take out": "Togli",
        "give pab": "Assegna il PAB",
        "pair again": "Abbina di nuovo",
        "invite": "Invita",
        "set password": "Imposta la password",
        "log in": "Accedi",
        "appoint": "Nomina",
        "password": "cambia password",
        "change password": "Cambia la password",
    },
}


def _context(browser, live_server, language: str, user=None, *, phone: bool = False):
    """A browser context reading *language*, signed in as *user* if given."""
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=size, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    return context


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tie_breaks_are_chosen_when_creating_and_reached_from_the_settings(
    browser, live_server, django_user_model, language
) -> None:
    words = WORDS[language]
    organizer = django_user_model.objects.create_user("org")
    organizer.groups.add(Group.objects.get(name=ORGANIZERS))
    context = _context(browser, live_server, language, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/new/")
    page.fill("#id_name", "Spring Open")
    page.fill("#id_rounds", "5")
    page.fill("#id_tiebreaks-codes", "BH/C1 BH SB")
    page.get_by_role("button", name=words["create"]).click()
    page.wait_for_url("**/registration/")
    t = Tournament.objects.get(name="Spring Open")
    assert t.tiebreaks == ["BH/C1", "BH", "SB"]
    page.goto(f"{live_server.url}/t/{t.pk}/settings/")
    assert page.locator("#tiebreak-codes").inner_text() == "BH/C1 BH SB"
    page.get_by_role("link", name=words["choose tiebreaks"]).first.click()
    page.wait_for_url(f"**/t/{t.pk}/tiebreaks/")
    page.fill("#id_codes", "BH SB")
    page.locator("#tiebreak-form").get_by_role("button", name=words["save"]).click()
    page.wait_for_url(f"**/t/{t.pk}/tiebreaks/")
    t.refresh_from_db()
    assert t.tiebreaks == ["BH", "SB"]
    # During the event the nav reads "Standings", not "Final standings".
    assert page.locator("nav.tournament").get_by_role("link", name=words["standings"], exact=True).count() == 1
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_desk_enters_results_on_a_390_pixel_phone(browser, live_server, django_user_model, language) -> None:
    t = builders.tournament(players=12, rounds=3, name="Phone Open")
    for player in t.players.all():
        player.name = f"{player.name} Longsurname-Doublebarrel"
        player.save()
    builders.round_with(t, 1, "1-7, 8-2, 3-9, 10-4, 5-11, 12-6", status=RoundStatus.PUBLISHED)
    arbiter = django_user_model.objects.create_user("arb")
    appoint(t, arbiter, "arbiter")
    context = _context(browser, live_server, language, arbiter, phone=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    for board in (1, 6):
        row = page.locator(f"#board-{board}")
        button = row.locator("td.entry button", has_text="1-0")
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["height"] >= 40  # a thumb's target
        button.click()
        page.locator(f"#board-{board} button.chosen", has_text="1-0").wait_for()
    assert t.round_set.get(number=1).games.get(board=6).result == Result.WHITE_WINS
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unrated_player_gets_a_provisional_rating_and_the_aro_list_marks_it(
    browser, live_server, django_user_model, language
) -> None:
    words = WORDS[language]
    t = builders.tournament(players=4, rounds=3, name="Provisional Open")
    unrated = builders.player(t, 4)
    unrated.rating = 0
    unrated.save()
    arbiter = django_user_model.objects.create_user("arb")
    appoint(t, arbiter, "arbiter")
    context = _context(browser, live_server, language, arbiter)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/registration/")
    page.locator("#players tr", has_text=unrated.name).get_by_role("link", name=words["edit"]).click()
    page.fill("#id_provisional_rating", "2600")
    page.locator("form.stacked").get_by_role("button", name=words["save"]).click()
    page.wait_for_url(f"**/t/{t.pk}/registration/**")
    # C.04.2.B.2: the provisional 2600 puts the unrated player first (round 4 is not paired).
    first = page.locator("#players tbody tr").first
    assert unrated.name in first.inner_text() and "2600" in first.inner_text()
    assert first.locator("abbr.provisional").inner_text() == "P"
    unrated.refresh_from_db()
    assert (unrated.pairing_number, unrated.rating, unrated.provisional_rating) == (1, 0, 2600)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/standings/")
    row = page.locator("table.standings tr", has_text=builders.player(t, 3).name)
    assert row.locator("td.aro").inner_text().split() == ["2600", "P"]
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_in_before_the_pairing_leaves_the_absentee_out(
    browser, live_server, django_user_model, eager_celery, language
) -> None:
    words = WORDS[language]
    t = builders.tournament(players=7, rounds=3, name="Check-in Open")
    arbiter = django_user_model.objects.create_user("arb")
    appoint(t, arbiter, "arbiter")
    absentee, walker = builders.player(t, 3), builders.player(t, 6)
    # The player opens his own page (the QR code's link) on his phone and checks in.
    phone = _context(browser, live_server, language, phone=True)
    mine = phone.new_page()
    mine.goto(f"{live_server.url}/checkin/{checkin_token(walker)}/")
    mine.get_by_role("button", name=words["here"]).click()
    mine.locator("#self-checkin-state", has_text=words["to confirm"]).wait_for()

    context = _context(browser, live_server, language, arbiter)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    page.get_by_role("link", name=words["checkin link"]).click()
    page.wait_for_url(f"**/t/{t.pk}/rounds/1/checkin/")
    page.locator(f"#checkin-{walker.pk}").get_by_role("button", name=words["confirm"]).click()
    page.locator(f"#checkin-{walker.pk}.presence-present").wait_for()
    page.locator(f"#checkin-{absentee.pk}").get_by_role("button", name=words["absent"]).click()
    page.locator(f"#checkin-{absentee.pk}.presence-absent").wait_for()
    page.locator(f"#checkin-{builders.player(t, 1).pk}").get_by_role("button", name=words["present"]).click()
    page.locator(f"#checkin-{builders.player(t, 1).pk}.presence-present").wait_for()
    mine.reload()
    assert words["confirmed"] in mine.locator("#self-checkin-state").inner_text()
    # At 300 players the desk types numbers: "2", Enter marks player 2 present and the
    # field is empty and focused again for the next one.
    number = page.locator("input[name=pairing_number]")
    number.fill("2")
    number.press("Enter")
    page.locator(f"#checkin-{builders.player(t, 2).pk}.presence-present").wait_for()
    page.wait_for_function("document.activeElement.name === 'pairing_number' && !document.activeElement.value")
    # The search box keeps only the rows that match, accents and case ignored.
    search = page.locator("input[data-filter-rows]")
    search.fill(builders.player(t, 4).name.upper())
    assert page.locator("#roster tbody tr:visible").count() == 1
    search.fill("")
    assert page.locator("#roster tbody tr:visible").count() == 7
    # Everyone not yet marked is present, after a confirmation.
    page.locator("form[action$='/checkin/everyone/'] button").click()
    page.locator(".confirm button.primary").click()
    page.wait_for_url(f"**/t/{t.pk}/rounds/1/checkin/")
    assert page.locator("#roster tbody tr.presence-present").count() == 6

    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    page.get_by_role("button", name=words["pair"]).click()
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=30_000)
    assert page.locator("#pairing table.pairing tbody tr").count() == 3  # six players, no PAB
    assert absentee.name in page.locator("#pairing ul.byes").inner_text()
    rnd = t.round_set.get(number=1)
    assert list(rnd.byes.values_list("player", "kind")) == [(absentee.pk, ByeKind.ZERO_POINT)]
    phone.close()
    context.close()


def _submit(page, button, path: str) -> None:
    """Press *button* and wait until htmx has swapped the answer of *path* in."""
    with page.expect_response(lambda r: path in r.url):
        button.click()
    page.locator(".htmx-request").first.wait_for(state="detached")
    page.locator("#pairing .success, #pairing .error").first.wait_for()


def _draft_boards(rnd) -> tuple[list[tuple[int, int]], int | None]:
    games = rnd.games.select_related("white", "black").order_by("board")
    pab = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).first()
    boards = [(g.white.pairing_number, g.black.pairing_number) for g in games]
    return boards, pab.player.pairing_number if pab else None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_arbiter_changes_a_draft_freely_and_pairs_again(
    browser, live_server, django_user_model, eager_celery, language
) -> None:
    words = WORDS[language]
    t = builders.tournament(players=7, rounds=3, name="Manual Open")
    rnd = t.round_set.create(number=1)
    arbiter = django_user_model.objects.create_user("arb")
    appoint(t, arbiter, "arbiter")
    context = _context(browser, live_server, language, arbiter)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # Pair again asks first
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    page.get_by_role("button", name=words["pair"]).click()
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=30_000)
    rnd.refresh_from_db()
    engine = _draft_boards(rnd)
    white, black = engine[0][0]

    # One click swaps the colours of board 1.
    _submit(page, page.get_by_role("button", name=words["swap"]), "/hand/colours/")
    assert _draft_boards(rnd)[0][0] == (black, white)

    # Choose an opponent: player 1 plays player 2 (a free choice, checked and recorded).
    page.locator("details.manual summary").click()
    form = page.locator("#hand_opponent")
    form.locator("input[name=player]").fill("1")
    form.locator("input[name=opponent]").fill("2")
    form.locator("input[name=reason]").fill("club decision")
    _submit(page, form.get_by_role("button", name=words["pair them"]), "/hand/opponent/")
    page.locator("#pairing ul.warnings").wait_for()
    assert {1, 2} in [set(b) for b in _draft_boards(rnd)[0]]

    # Give the PAB by hand to player 3, then take player 5 out as absent.
    page.locator("details.manual summary").click()
    form = page.locator("#hand_pab")
    form.locator("input[name=player]").fill("3")
    _submit(page, form.get_by_role("button", name=words["give pab"]), "/hand/pab/")
    assert _draft_boards(rnd)[1] == 3
    page.locator("details.manual summary").click()
    form = page.locator("#hand_out")
    form.locator("input[name=player]").fill("5")
    _submit(page, form.get_by_role("button", name=words["take out"]), "/hand/out/")
    boards, pab = _draft_boards(rnd)
    assert pab is None and 5 not in {n for b in boards for n in b} and len(boards) == 3
    assert builders.player(t, 5).name in page.locator("#pairing ul.byes").inner_text()
    actions = list(t.audit_entries.values_list("action", flat=True))
    assert actions.count("change pairing") == 4 and actions.count("mark absent") == 1

    # Pair again: the engine's pairing of the players present (7 is absent now).
    page.get_by_role("button", name=words["pair again"]).click()
    page.locator("#pairing ul.warnings").wait_for(state="detached", timeout=30_000)
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=30_000)
    rnd.refresh_from_db()
    boards, pab = _draft_boards(rnd)
    assert pab is None and len(boards) == 3 and rnd.pairing_warnings == ""
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_organizer_invites_an_arbiter_who_sets_then_changes_his_password(
    browser, live_server, django_user_model, language
) -> None:
    words = WORDS[language]
    t = builders.tournament(players=4, name="Invitation Open")
    organizer = django_user_model.objects.create_user("org")
    appoint(t, organizer, "organizer")
    django_user_model.objects.create_user("deputy", first_name="Anna", last_name="Bianchi")
    context = _context(browser, live_server, language, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/appointments/")
    # Appoint a known user from the list.
    page.locator("#appoint-form select[name=username]").select_option("deputy")
    page.locator("#appoint-form").get_by_role("button", name=words["appoint"]).click()
    page.wait_for_url(f"**/t/{t.pk}/appointments/")
    assert t.appointments.filter(user__username="deputy", role="arbiter").exists()
    # Invite a person who has no account: the one-time link is on the screen.
    page.fill("#id_invite-name", "Maria Rossi")
    page.fill("#id_invite-email", "maria@example.org")
    page.locator("#invite-form").get_by_role("button", name=words["invite"]).click()
    link = page.locator("#invitation-link").input_value()
    assert "/accounts/set-password/" in link
    context.close()

    person = _context(browser, live_server, language)
    mine = person.new_page()
    mine.goto(link)
    mine.fill("#id_new_password1", "a-long-test-password-42")
    mine.fill("#id_new_password2", "a-long-test-password-42")
    mine.get_by_role("button", name=words["set password"]).click()
    mine.wait_for_url("**/accounts/login/")
    mine.fill("#id_username", "maria@example.org")
    mine.fill("#id_password", "a-long-test-password-42")
    mine.locator("main").get_by_role("button", name=words["log in"]).click()
    mine.wait_for_url(f"{live_server.url}/")
    # The arbiter she was appointed reaches the tournament's desk.
    assert mine.goto(f"{live_server.url}/t/{t.pk}/registration/").status == 200
    # She changes her own password.
    mine.get_by_role("link", name=words["password"], exact=True).click()
    mine.fill("#id_old_password", "a-long-test-password-42")
    mine.fill("#id_new_password1", "another-long-password-43")
    mine.fill("#id_new_password2", "another-long-password-43")
    mine.get_by_role("button", name=words["change password"]).click()
    mine.wait_for_url(f"{live_server.url}/")
    assert django_user_model.objects.get(username="maria@example.org").check_password("another-long-password-43")
    # The link works once.
    mine.goto(link)
    assert mine.locator("#link-used").count() == 1
    person.close()
