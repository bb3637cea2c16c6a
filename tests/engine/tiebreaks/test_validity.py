"""The combinations of a tie-break list that C.07 forbids, with their articles."""

from __future__ import annotations

from pairing.engine.tiebreaks import PRESETS
from pairing.engine.tiebreaks.validity import TournamentKind, list_refusals


def kind_of(**kind: object) -> TournamentKind:
    return TournamentKind(**{"edition": "2026", **kind})  # type: ignore[arg-type]


def refused(codes: list[str], **kind: object) -> list[tuple[str, str]]:
    return [(r.code, r.article) for r in list_refusals(codes, kind_of(**kind)) if r.refused]


def advised(codes: list[str], **kind: object) -> list[tuple[str, str]]:
    return [(r.code, r.article) for r in list_refusals(codes, kind_of(**kind)) if not r.refused]


def test_the_usual_swiss_list_is_allowed() -> None:
    assert list_refusals(["BH/C1", "BH", "SB", "DE", "WIN", "BWG"], kind_of()) == []


def test_buchholz_is_barred_in_a_round_robin_from_2026() -> None:
    assert refused(["BH", "SB", "FB", "AOB"], round_robin=True) == [
        ("BH", "C.07 8"),
        ("FB", "C.07 8"),
        ("AOB", "C.07 8"),
    ]
    assert refused(["BH"], round_robin=True, edition="2024") == []


def test_rating_based_codes_in_a_field_with_unrated_players_need_their_rating() -> None:
    codes = ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "ARO/U1400"]
    assert refused(codes, every_player_rated=False) == [(c, "C.07 10") for c in codes[:-1]]
    assert refused(codes) == []


def test_several_ratings_are_advised_against_not_refused() -> None:
    assert advised(["ARO"], several_ratings=True) == [("ARO", "C.07 10")]


def test_codes_of_the_other_kind_of_tournament_and_unknown_codes() -> None:
    assert refused(["BC", "EDET"]) == [("BC", "C.07 11-13"), ("EDET", "C.07 11-13")]
    assert refused(["BC", "EDET", "EMGSB/C1", "BH:GP", "DE"], team=True) == []
    assert refused(["XYZ", "BH/X1"]) == [("XYZ", "C.07 5"), ("BH/X1", "C.07 5")]


def test_advice_on_the_koya_system_in_a_swiss_and_on_codes_after_a_pairing_number() -> None:
    assert advised(["KS", "TPN", "WIN"]) == [("KS", "C.07 9.2"), ("TPN", "C.07 7.8")]
    assert advised(["KS", "RTNG"], round_robin=True) == []


def test_the_presets_are_lists_c07_allows_for_their_kind_of_tournament() -> None:
    for name, codes in PRESETS.items():
        assert refused(list(codes), round_robin=name == "round-robin") == [], name
