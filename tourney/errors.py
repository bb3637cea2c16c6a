"""The one family of domain errors: a write the rules or the tournament's state refuse.

Services raise them with a message the arbiter can act on (translated); views catch
:class:`DomainError` once and show the message. The subclasses say which desk refused,
for the tests and the audit trail, not for different handling.
"""


class DomainError(Exception):
    """A refused write; ``str(error)`` is the message shown to the user."""


class PairingRefused(DomainError):
    """A round cannot be opened, paired, published or changed now."""


class ResultRefused(DomainError):
    """A result or a correction is refused (C.04.2.D.8 policy, round status, board)."""


class RegistrationRefused(DomainError):
    """An entry, a withdrawal, a bye or a renumbering is refused."""


class SetupRefused(DomainError):
    """A change of the tournament's settings, tie-break list or appointments is refused."""


class EditionChangeUnconfirmed(SetupRefused):
    """The rules edition of a tournament already paired changes only when the organizer
    confirms it: the rounds paired so far were paired by the other edition. Nothing is
    written; ``paired_round`` is the last round past its draft."""

    def __init__(self, message: str, *, paired_round: int) -> None:
        super().__init__(message)
        self.paired_round = paired_round


class TiebreakChangeUnconfirmed(SetupRefused):
    """C.07 4.1: the tie-break list is announced before the start; once round 1 is paired a
    change takes effect only when the arbiter confirms it. Nothing is written;
    ``paired_round`` is the last round past its draft."""

    def __init__(self, message: str, *, paired_round: int) -> None:
        super().__init__(message)
        self.paired_round = paired_round


class RenumberUnconfirmed(RegistrationRefused):
    """C.04.2.B.3: pairing numbers are final once round 4 is paired; reassigning them after
    that takes effect only when the arbiter confirms it. Nothing is written; ``moved`` is
    how many players would get another number."""

    def __init__(self, message: str, *, moved: int) -> None:
        super().__init__(message)
        self.moved = moved


class FullPointByeUnconfirmed(RegistrationRefused):
    """A requested bye worth a win's points without a game is given only when the arbiter
    confirms it. Nothing is written."""


class CorrectionUnconfirmed(ResultRefused):
    """A change of a result already entered needs an explicit, confirmed correction
    (with a reason once the round's results are published); nothing is written.

    ``current`` is the board's result now; ``later_rounds`` the rounds already paired
    after the game's round, which were paired with that result; ``needs_reason`` whether
    the confirmation must give a reason.
    """

    def __init__(self, message: str, *, current: str, later_rounds: list[int], needs_reason: bool) -> None:
        super().__init__(message)
        self.current = current
        self.later_rounds = later_rounds
        self.needs_reason = needs_reason


class ResultConflict(CorrectionUnconfirmed):
    """The board's result changed since the form was shown (another arbiter entered one):
    nothing is written; ``current`` is the result the board holds now, which the arbiter
    may confirm to correct like any other."""


class EntriesRefused(RegistrationRefused):
    """A file of entries is refused: every problem found, each naming its line and column."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class ListDifferencesUnresolved(RegistrationRefused):
    """A file's players differ from the FIDE rating list: the arbiter chooses, field by field,
    before anything is written (tourney.services.rating_list.complete_rows)."""

    def __init__(self, differences: list) -> None:  # list[rating_list.Difference]
        super().__init__(f"{len(differences)} differences from the rating list to choose")
        self.differences = differences
