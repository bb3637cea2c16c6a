"""The one family of domain errors: a write the rules or the tournament's state refuse.

Each service keeps its refusals in one table, code to message::

    REFUSALS = RefusalTable("results", {
        "deadline_passed": gettext_lazy("the correction deadline of round %(round)d passed at %(deadline)s"),
    })
    raise ResultRefused(REFUSALS("deadline_passed", round=rnd.number, deadline=shown))

The messages are lazy and their placeholders named (a translation may reorder them); the
refusal is rendered when it is shown, in the language active then: the request's, for the
view that catches :class:`DomainError` once and shows ``str(error)``. The subclasses say
which desk refused, for the tests and the audit trail, not for different handling.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise, lazy


class Refusal:
    """One refusal: its code (``service.code``), its table's message and the values the
    message names; ``str()`` renders it in the active language."""

    __slots__ = ("code", "message", "params")

    def __init__(self, code: str, message: Promise, params: dict[str, object]) -> None:
        self.code = code
        self.message = message
        self.params = params

    def __str__(self) -> str:
        # A lazy value (a status's label) is rendered here too, in the same language.
        return str(self.message) % self.params

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.params!r})"


class RefusalTable:
    """A service's refusals, code to message (``gettext_lazy``, named placeholders only).
    Calling the table with a code and the message's values gives the :class:`Refusal`
    to raise; tests/tourney/test_refusal_tables.py checks every call against its entry."""

    def __init__(self, service: str, messages: Mapping[str, Promise]) -> None:
        self.service = service
        self.messages = dict(messages)

    def __call__(self, code: str, /, **params: object) -> Refusal:
        return Refusal(f"{self.service}.{code}", self.messages[code], params)


def _lowercase(label: Promise | str) -> str:
    return str(label).lower()


# A choice's label (lazy) for the middle of a refusal: lowercase, rendered when the
# refusal is, in its language.
in_sentence = lazy(_lowercase, str)


class DomainError(Exception):
    """A refused write; ``str(error)`` is the message shown to the user, rendered in the
    active language. ``code`` names the table entry (empty for a message built by hand,
    such as a list of a file's problems each already translated)."""

    def __init__(self, refusal: Refusal | str) -> None:
        super().__init__(refusal)
        self.refusal = refusal

    @property
    def code(self) -> str:
        return self.refusal.code if isinstance(self.refusal, Refusal) else ""

    def __str__(self) -> str:
        return str(self.refusal)


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

    def __init__(self, message: Refusal | str, *, paired_round: int) -> None:
        super().__init__(message)
        self.paired_round = paired_round


class TiebreakChangeUnconfirmed(SetupRefused):
    """C.07 4.1: the tie-break list is announced before the start; once round 1 is paired a
    change takes effect only when the arbiter confirms it. Nothing is written;
    ``paired_round`` is the last round past its draft."""

    def __init__(self, message: Refusal | str, *, paired_round: int) -> None:
        super().__init__(message)
        self.paired_round = paired_round


class RenumberUnconfirmed(RegistrationRefused):
    """C.04.2.B.3: pairing numbers are final once round 4 is paired; reassigning them after
    that takes effect only when the arbiter confirms it. Nothing is written; ``moved`` is
    how many players would get another number."""

    def __init__(self, message: Refusal | str, *, moved: int) -> None:
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

    def __init__(self, message: Refusal | str, *, current: str, later_rounds: list[int], needs_reason: bool) -> None:
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
