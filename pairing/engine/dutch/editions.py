"""What each edition of the Dutch rules asks, side by side: the one place the editions differ.

The quality of a bracket's pairing is one integer per pair (:mod:`.weights`) whose bit
fields follow a criteria table, most important first. Each field names the term it
measures; the table of an edition orders the terms and says which criterion of its
text ranks each one.

| term                  | 2017 (Baku 2016)      | 2026 (1 February 2026)                  |
| --------------------- | --------------------- | --------------------------------------- |
| completion            | A.9, C.4 (PPB, CLB)   | C4 (every bracket that needs it), C2, C5|
| pairs                 | C.5                   | C6                                      |
| floater_scores        | C.6 (PSD)             | C7                                      |
| next_pairs/next_scores| C.7                   | C8                                      |
| pab_unplayed          | -                     | C9 fewest unplayed games for the PAB    |
| topscorer_difference  | C.8                   | C10                                     |
| topscorer_third       | C.9                   | C11                                     |
| preference            | C.10                  | C12                                     |
| strong_preference     | C.11                  | C13                                     |
| down_again/up_again   | C.12/C.13             | C14/C15 (previous round)                |
| down_2/up_2           | C.14/C.15             | C16/C17 (two rounds before)             |
| ..._scores            | C.16-C.19             | C18-C21 (their score differences)       |

C5 (2026, minimise the PAB receiver's score) is settled before any bracket is paired:
the lowest score a PAB receiver can have while everyone else is paired is found once,
and only the eligible players of that score or lower may be left unpaired
(``lowest_pab_score``), which the completion term then enforces with C2.

Beside the table, the editions differ in how a round ends (:mod:`.round`): in 2017 a
bracket whose pairing would leave the rest unpairable is the PPB, and every player
below it is collapsed into one last bracket (A.9); in 2026 such a bracket is paired
with the completion criterion C4 (and C5) in view and the brackets below it are paired
one by one as usual. The general rules (PAB eligibility, floats, colour history) come
from :mod:`pairing.engine.common.general_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.common.editions import EDITION_2017, EDITION_2026


@dataclass(frozen=True)
class DutchEdition:
    name: str
    criteria: tuple[tuple[str, str], ...]  # (term, the criterion that ranks it), most important first
    collapsed_last_bracket: bool  # 2017 A.9: the players below the PPB form one bracket
    lowest_pab_score: bool  # 2026 C5: the PAB receiver has the lowest score he can have

    @property
    def terms(self) -> tuple[str, ...]:
        return tuple(term for term, _ in self.criteria)

    def ranks(self, term: str) -> bool:
        return term in self.terms


_FLOAT_REPEATS = ("down_again", "up_again", "down_2", "up_2")
_FLOAT_SCORES = ("down_again_scores", "up_again_scores", "down_2_scores", "up_2_scores")

DUTCH_2017 = DutchEdition(
    EDITION_2017,
    criteria=(
        ("completion", "A.9/C.4"),
        ("pairs", "C.5"),
        ("floater_scores", "C.6"),
        ("next_pairs", "C.7"),
        ("next_scores", "C.7"),
        ("topscorer_difference", "C.8"),
        ("topscorer_third", "C.9"),
        ("preference", "C.10"),
        ("strong_preference", "C.11"),
        *zip(_FLOAT_REPEATS, ("C.12", "C.13", "C.14", "C.15"), strict=True),
        *zip(_FLOAT_SCORES, ("C.16", "C.17", "C.18", "C.19"), strict=True),
    ),
    collapsed_last_bracket=True,
    lowest_pab_score=False,
)

DUTCH_2026 = DutchEdition(
    EDITION_2026,
    criteria=(
        ("completion", "C4"),  # with C2 and C5 (the PAB receiver's score)
        ("pairs", "C6"),
        ("floater_scores", "C7"),
        ("next_pairs", "C8"),
        ("next_scores", "C8"),
        ("pab_unplayed", "C9"),
        ("topscorer_difference", "C10"),
        ("topscorer_third", "C11"),
        ("preference", "C12"),
        ("strong_preference", "C13"),
        *zip(_FLOAT_REPEATS, ("C14", "C15", "C16", "C17"), strict=True),
        *zip(_FLOAT_SCORES, ("C18", "C19", "C20", "C21"), strict=True),
    ),
    collapsed_last_bracket=False,
    lowest_pab_score=True,
)

DUTCH_EDITIONS = {edition.name: edition for edition in (DUTCH_2017, DUTCH_2026)}
