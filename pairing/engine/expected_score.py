"""FIDE's expected score for a rating difference: the rating regulations' table 8.1.2.

FIDE Rating Regulations (B.02, from 2024) 8.1.2 gives, for a rating difference D, the
scoring probability PD of the higher-rated player (H) and of the lower-rated one (L = 1 - H).
A difference of more than 400 points counts as 400 (8.3.1); the table goes on to 735 and
gives 1.00 beyond, which only an uncapped difference reaches.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

# The upper end of each band of D, with H in hundredths for that band: 0-3 -> 0.50,
# 4-10 -> 0.51, 11-17 -> 0.52, ... 620-735 -> 0.99, above 735 -> 1.00.
BAND_UPPER_ENDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
RATING_DIFFERENCE_CAP = 400  # B.02 8.3.1: a difference of more than 400 points counts as 400


def higher_rated_expectation(difference: int) -> Fraction:
    """PD of the higher-rated player for a rating difference *difference* >= 0 (table 8.1.2)."""
    if difference < 0:
        raise ValueError("the rating difference is the higher rating minus the lower one")
    return Fraction(50 + bisect_left(BAND_UPPER_ENDS, difference), 100)


def expected_score(rating: int, opponent: int, cap: bool = True) -> Fraction:
    """The expected score of a player rated *rating* against *opponent* (table 8.1.2); with
    *cap*, a difference beyond 400 counts as 400 (8.3.1)."""
    difference = abs(rating - opponent)
    if cap:
        difference = min(difference, RATING_DIFFERENCE_CAP)
    higher = higher_rated_expectation(difference)
    return higher if rating >= opponent else 1 - higher
