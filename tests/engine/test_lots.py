"""Lots drawn from a recorded seed: the same seed gives the same lot, in any program."""

from __future__ import annotations

import hashlib

import pytest

from pairing.engine.lots import (
    SeedError,
    check_seed,
    draw,
    initial_colour_by_lot,
    lot_comment,
    new_seed,
    seed_of_comments,
)
from pairing.engine.state import Colour


@pytest.mark.parametrize(
    ("seed", "colour"),
    [
        # sha256("initial-colour:<seed>") by coreutils' sha256sum: first bytes 08, 0b, 5d.
        ("0123456789abcdef", Colour.WHITE),
        ("9f86d081884c7d65", Colour.BLACK),
        ("00000000000000ff", Colour.BLACK),
    ],
)
def test_the_initial_colour_is_the_parity_of_the_digest_s_first_byte(seed, colour) -> None:
    assert initial_colour_by_lot(seed) is colour


def test_the_same_seed_draws_the_same_lot_again() -> None:
    seeds = [new_seed() for _ in range(200)]
    assert [initial_colour_by_lot(s) for s in seeds] == [initial_colour_by_lot(s) for s in seeds]
    for seed in seeds:
        first_byte = hashlib.sha256(f"initial-colour:{seed}".encode()).digest()[0]
        expected = Colour.WHITE if first_byte % 2 == 0 else Colour.BLACK
        assert initial_colour_by_lot(seed) is expected


def test_both_colours_come_out_of_fresh_seeds() -> None:
    drawn = {initial_colour_by_lot(new_seed()) for _ in range(200)}
    assert drawn == {Colour.WHITE, Colour.BLACK}  # a miss has probability 2**-199


def test_a_seed_is_sixteen_hex_digits_and_is_read_trimmed_in_lower_case() -> None:
    assert len(new_seed()) == 16 and check_seed(new_seed())
    assert check_seed(" 0123456789ABCDEF ") == "0123456789abcdef"
    assert initial_colour_by_lot("0123456789ABCDEF") is initial_colour_by_lot("0123456789abcdef")
    for bad in ("", "0123", "0123456789abcdeg", "0123456789abcdef0"):
        with pytest.raises(SeedError):
            check_seed(bad)


def test_a_lot_among_more_choices_depends_on_the_purpose_too() -> None:
    seed = "0123456789abcdef"
    assert draw("initial-colour", seed, "ab") == "a"
    picks = {draw(f"purpose-{k}", seed, range(10)) for k in range(100)}
    assert len(picks) > 5
    with pytest.raises(ValueError):
        draw("x", seed, [])


def test_the_trf_comment_gives_the_seed_back() -> None:
    seed = "9f86d081884c7d65"
    record = lot_comment(seed, initial_colour_by_lot(seed), "2026-11-25T17:50:00Z", "arbiter")
    assert record == (
        "### lot initial-colour seed 9f86d081884c7d65: B for pairing number 1 "
        "(SHA-256 of 'initial-colour:<seed>', first byte even = W), drawn 2026-11-25T17:50:00Z by arbiter"
    )
    assert seed_of_comments(["202 BH SB", record]) == seed
    assert seed_of_comments(["### a comment", "XXC white1"]) is None
