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


class EntriesRefused(RegistrationRefused):
    """A file of entries is refused: every problem found, each naming its line and column."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
