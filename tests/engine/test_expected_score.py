"""FIDE's expected score for a rating difference (rating regulations, table 8.1.2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.expected_score import expected_score, higher_rated_expectation
from pairing.engine.generator import outcome_chances


@pytest.mark.parametrize(
    ("difference", "hundredths"),
    [(0, 50), (3, 50), (4, 51), (10, 51), (11, 52), (25, 53), (26, 54), (61, 58), (62, 59), (98, 63), (99, 64),
     (153, 70), (154, 71), (235, 79), (236, 80), (344, 88), (345, 89), (391, 91), (392, 92), (411, 92),
     (412, 93), (619, 98), (620, 99), (735, 99), (736, 100)],
)  # fmt: skip
def test_the_table_bands(difference: int, hundredths: int) -> None:
    assert higher_rated_expectation(difference) == Fraction(hundredths, 100)


def test_the_lower_rated_player_expects_the_rest_and_400_is_the_cap() -> None:
    assert expected_score(2400, 2000) == Fraction(92, 100) and expected_score(2000, 2400) == Fraction(8, 100)
    assert expected_score(2700, 1400) == Fraction(92, 100)  # 8.3.1: counted as 400
    assert expected_score(2700, 1400, cap=False) == 1
    assert expected_score(1800, 1800) == Fraction(1, 2)


@pytest.mark.parametrize("expected", [Fraction(1, 2), Fraction(64, 100), Fraction(92, 100), Fraction(8, 100)])
@pytest.mark.parametrize("draw_rate", [0.0, 0.3, 0.5, 1.0])
def test_the_draw_rate_keeps_the_expected_score(expected: Fraction, draw_rate: float) -> None:
    win, draw = outcome_chances(expected, draw_rate)
    assert 0 <= win <= 1 and 0 <= draw <= draw_rate and win + draw <= 1 + 1e-12
    assert win + draw / 2 == pytest.approx(float(expected))
