"""Every page in English and in Italian, with no untranslated string.

The walk takes every GET page of the URL conf, as the public and as the tournament's
organizer and arbiter, on an imported tournament that has every kind of round, game and
bye. Each page is read twice, with the language chosen as a reader chooses it (Django's
set_language cookie); a piece of text that is the same in both languages must be data
(names, numbers, codes, acronyms), else it was not translated.
"""

from __future__ import annotations

import io
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.text import capfirst

from tests.web.routes import all_routes
from tourney.models import Bye, ByeKind, Category, Player, Round, Tournament, UserPreference
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
LOCALE = Path(settings.BASE_DIR) / "locale"
SKIPPED_PREFIXES = ("admin/", "i18n/", "accounts/logout/")
# Words that read the same in both languages: acronyms, titles, language names, and words
# Italian shares with English. A word with a digit in it is a code (C.04.2.D.8, TRF16, C1).
NEUTRAL = {
    *("ARO", "TRF", "CSV", "FIDE", "ID", "PAB", "FPB", "HPB", "ZPB"),
    "K",  # the development coefficient of the FIDE Rating Regulations 8.3.3
    *("PTS", "BH", "SB", "DE", "PS", "TPR", "REP", "WIN", "WON", "BPG", "BWG"),  # C.07 codes
    *("FB", "AOB", "KS", "PTP", "APRO", "APPO", "RTNG", "EDE", "STD", "TPN"),
    *("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "ITA", "Elo", "Fed", "w", "b"),
    *("Buchholz", "Sonneborn", "Berger", "Burstein", "Lim", "English", "Italiano"),  # names
    *("pt", "pref", "float", "Prog.", "Password", "File"),
    *("Standard", "Rapid", "Blitz"),  # FIDE's rating lists, so named in Italian too
}
CELL = re.compile(r"\d*[wb]?[10½+−=]?(?:-[10½])?|https?://\S+")  # results, crosstable cells, links


class _Text(HTMLParser):
    """The text a reader sees, and the titles, placeholders and labels he reads."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "svg"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "placeholder", "aria-label", "alt") and value:
                self.nodes.append(value.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "svg"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.nodes.append(" ".join(data.split()))


def _texts(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.nodes


@pytest.fixture(scope="module", autouse=True)
def compiled_messages(django_db_blocker):
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed (.ci/run installs it)")
    call_command("compilemessages", locale=["it"], verbosity=0)


@pytest.fixture
def scene(django_user_model):
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    t = Tournament.objects.latest("pk")
    t.tiebreaks = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO", "PS/C1"]
    t.save(update_fields=["tiebreaks"])
    director = django_user_model.objects.create_user("director")
    appoint(t, director, "organizer")
    appoint(t, director, "arbiter")
    bye = Bye.objects.filter(round__tournament=t, kind=ByeKind.ZERO_POINT).first()
    kwargs = {
        "tournament_id": t.pk,
        "number": 2,
        "player_id": Player.objects.get(tournament=t, pairing_number=12).pk,
        "bye_id": bye.pk,
        "appointment_id": t.appointments.first().pk,
        "category_id": Category.objects.create(tournament=t, name="U2300", kind="rating", rating_max=2299).pk,
    }
    data = {w for p in t.players.all() for w in re.findall(r"[\w.'-]+", p.name)}
    data |= set(re.findall(r"[\w.'-]+", " ".join([t.name, t.place, t.chief_arbiter, t.time_control])))
    data |= {"director"}
    return {"t": t, "kwargs": kwargs, "director": director, "data": data}


def _pages(scene) -> list[tuple[str, str]]:
    pages = []
    for route, pattern in all_routes():
        if route.startswith(SKIPPED_PREFIXES) or not pattern.name:
            continue
        wanted = {k: v for k, v in scene["kwargs"].items() if k in pattern.pattern.converters}
        if set(wanted) != set(pattern.pattern.converters):
            continue
        pages.append((pattern.name, reverse(pattern.name, kwargs=wanted)))
    return pages


def _get(client: Client, url: str, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


def _is_data(text: str, data: set[str]) -> bool:
    plain = " ".join(" " if CELL.fullmatch(w) else w for w in text.split())
    words = re.findall(r"[^\W\d_][\w.'/]*", plain)
    known = NEUTRAL | data
    return all(w in known or w.rstrip(".:,") in known or re.search(r"\d", w) for w in words)


def _untranslated(client: Client, pages: list[tuple[str, str]], data: set[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, url in pages:
        english = _get(client, url, "en")
        if english.status_code != 200 or not english["Content-Type"].startswith("text/html"):
            continue
        italian = _get(client, url, "it")
        assert italian.status_code == 200, (name, url)
        assert '<html lang="it">' in italian.content.decode() or "<html" not in italian.content.decode(), name
        same = set(_texts(english.content.decode())) & set(_texts(italian.content.decode()))
        left = sorted({t.strip(" :") for t in same if not _is_data(t, data)} - {""})
        if left:
            found[name] = left
    return found


def test_the_walk_reaches_the_reports_and_the_arbiters_pages(scene) -> None:
    names = {name for name, _ in _pages(scene)}
    assert {"standings", "crosstable", "print_pairing", "print_results", "print_standings"} <= names
    assert {"tournament_detail", "round_detail", "registration", "tournament_settings"} <= names


def _model_labels() -> set[str]:
    """Choice labels, field names and help texts of tourney.models, as forms and pages show them."""
    labels = set()
    for model in apps.get_app_config("tourney").get_models():
        for f in model._meta.get_fields():
            if getattr(f, "verbose_name", None):
                labels.add(capfirst(str(f.verbose_name)))
            if getattr(f, "help_text", ""):
                labels |= {str(f.help_text), str(f.help_text).split(",")[0]}  # forms.py labels the points so
            for _value, label in getattr(f, "flatchoices", None) or []:
                labels.add(str(label))
    return labels


def _split(found: dict[str, list[str]]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(untranslated strings of templates and views, untranslated labels of tourney.models)."""
    models = _model_labels()
    ours = {page: [t for t in texts if t not in models] for page, texts in found.items()}
    theirs = {page: [t for t in texts if t in models] for page, texts in found.items()}
    return {k: v for k, v in ours.items() if v}, {k: v for k, v in theirs.items() if v}


def test_every_public_page_is_in_italian(scene) -> None:
    untranslated, _model = _split(_untranslated(Client(), _pages(scene), scene["data"]))
    assert untranslated == {}


def test_every_page_of_the_arbiter_is_in_italian(scene) -> None:
    client = Client()
    client.force_login(scene["director"])
    untranslated, _model = _split(_untranslated(client, _pages(scene), scene["data"]))
    assert untranslated == {}


def test_the_labels_of_the_models_are_in_italian_too(scene) -> None:
    client = Client()
    client.force_login(scene["director"])
    _ours, model = _split(_untranslated(client, _pages(scene), scene["data"]))
    assert model == {}


def test_the_catalogue_translates_every_marked_string() -> None:
    po = (LOCALE / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    assert "#, fuzzy" not in po
    empty = re.findall(r'msgid "(.+)"\nmsgstr ""\n\n', po)
    assert empty == []


def test_the_language_is_the_readers_choice(client, scene) -> None:
    url = reverse("standings", kwargs={"tournament_id": scene["t"].pk})
    response = client.post(reverse("set_language"), {"language": "it", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    page = client.get(url).content.decode()
    assert "Classifica finale" in page and "Buchholz Taglio-1" in page
    client.post(reverse("set_language"), {"language": "en", "next": url})
    assert "Final standings" in client.get(url).content.decode()


def test_a_round_page_follows_the_browser_when_no_choice_was_made(scene) -> None:
    url = reverse("round_detail", args=[scene["t"].pk, 1])
    page = Client().get(url, headers={"Accept-Language": "it-IT,it;q=0.9"}).content.decode()
    assert '<html lang="it">' in page
    assert isinstance(Round.objects.first(), Round)


# ---------------------------------------------------------------- the user's own language


def _choose(client: Client, language: str, url: str) -> None:
    response = client.post(reverse("set_language"), {"language": language, "next": url})
    assert response.status_code == 302 and response["Location"] == url


def _lang(client: Client, url: str, **headers: str) -> str:
    page = client.get(url, headers=headers).content.decode()
    return re.search(r'<html lang="(\w+)">', page).group(1)


def test_a_logged_in_users_choice_follows_him_to_another_browser(scene) -> None:
    from tourney.language import preferred_language

    url = reverse("registration", kwargs={"tournament_id": scene["t"].pk})
    desk = Client()
    desk.force_login(scene["director"])
    _choose(desk, "it", url)
    assert preferred_language(scene["director"]) == "it"
    assert "Iscrizioni" in desk.get(url).content.decode()
    # Another computer: no language cookie, an English browser; his choice wins.
    laptop = Client()
    laptop.force_login(scene["director"])
    assert _lang(laptop, url, **{"Accept-Language": "en-GB,en;q=0.9"}) == "it"
    laptop.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert _lang(laptop, url) == "it"
    # Choosing again replaces the choice: one language per user.
    _choose(laptop, "en", url)
    assert preferred_language(scene["director"]) == "en"
    assert UserPreference.objects.filter(user=scene["director"]).count() == 1
    assert _lang(desk, url) == "en"  # the other session reads it at its next page


def test_two_arbiters_share_a_computer(scene, django_user_model) -> None:
    url = reverse("standings", kwargs={"tournament_id": scene["t"].pk})
    deputy = django_user_model.objects.create_user("deputy", password="x-pass-1234")
    appoint(scene["t"], deputy, "arbiter")
    director = scene["director"]
    director.set_password("d-pass-1234")
    director.save()
    desk = Client()
    assert desk.login(username="director", password="d-pass-1234")
    _choose(desk, "it", url)
    desk.logout()
    assert desk.login(username="deputy", password="x-pass-1234")
    _choose(desk, "en", url)
    assert _lang(desk, url) == "en"
    desk.logout()
    assert _lang(desk, url) == "en"  # the public reads the browser's last choice (the cookie)
    assert desk.login(username="director", password="d-pass-1234")
    assert _lang(desk, url) == "it"
    desk.logout()
    assert desk.login(username="deputy", password="x-pass-1234")
    assert _lang(desk, url) == "en"


def test_without_a_choice_of_his_own_a_user_reads_as_the_public_does(scene) -> None:
    url = reverse("standings", kwargs={"tournament_id": scene["t"].pk})
    client = Client()
    _choose(client, "it", url)  # chosen before logging in: the cookie only
    assert not UserPreference.objects.exists()
    client.force_login(scene["director"])
    assert _lang(client, url) == "it"
    assert _lang(Client(), url, **{"Accept-Language": "it"}) == "it"


def test_the_switch_refuses_a_get_and_an_unknown_language(scene) -> None:
    from tourney.language import preferred_language

    url = reverse("standings", kwargs={"tournament_id": scene["t"].pk})
    client = Client()
    client.force_login(scene["director"])
    assert client.get(reverse("set_language"), {"language": "it", "next": url}).status_code == 405
    client.post(reverse("set_language"), {"language": "fr", "next": url})
    assert preferred_language(scene["director"]) is None
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(scene["director"])
    assert csrf.post(reverse("set_language"), {"language": "it", "next": url}).status_code == 403
    assert preferred_language(scene["director"]) is None
