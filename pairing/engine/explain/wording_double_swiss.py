"""The Double-Swiss answers (C.04.5 2026) in words a player understands, citing the article.

As :mod:`.wording`: English templates marked for translation, put into the caller's
language by *translate* (and *ngettext* for the counted ones); the Italian is in locale/it.
"""

from __future__ import annotations

from pairing.engine.explain import double_swiss_round as R
from pairing.engine.explain import double_swiss_why_not as W
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain.wording import (
    COLOURS,
    NGettext,
    Plural,
    Translate,
    counted,
    gettext_noop,
    ngettext_noop,
    score,
)
from pairing.engine.explain.wording import (
    REASONS as DUTCH_REASONS,
)

REASONS = {
    w.PAIRED: gettext_noop("{a} and {b} are paired together in this match."),
    w.NOT_IN_ROUND: DUTCH_REASONS[w.NOT_IN_ROUND],
    w.FORBIDDEN: DUTCH_REASONS[w.FORBIDDEN],
    w.MET_BEFORE: gettext_noop(
        "{a} and {b} played each other in match {round}, not forfeited in both games: they shall not meet "
        "again ({rule})."
    ),
    w.NO_COMPLETION: gettext_noop(
        "With {a}-{b} paired, the other players cannot all be paired without a rematch, at most one player "
        "who may receive it taking the pairing-allocated bye ({rule})."
    ),
    W.PAB_ORDER: gettext_noop(
        "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} instead of {bye}: {why} ({rule})."
    ),
    w.WORSE: gettext_noop("Pairing {a}-{b} makes the match worse: in bracket {bracket} ({score}), {what} ({rule})."),
    W.ORDER: gettext_noop(
        "The best pairing with {a}-{b} first differs in bracket {bracket} ({score}), where it is as good by every "
        "criterion; {what} ({rule})."
    ),
    w.NOT_WORSE: gettext_noop(
        "With {a}-{b} the procedure pairs the match otherwise, and this explanation finds no criterion that the "
        "pairing holding them does worse."
    ),
}
BYE_WHY = {
    "3.4.2": gettext_noop("{bye} has the lower score"),
    "3.4.3": gettext_noop("with the same score, {bye} has played more matches"),
    "3.4.4": gettext_noop("with the same score and matches played, {bye} has the larger pairing number"),
}
WORSENED: dict[str, str | Plural] = {
    W.UPFLOATERS: ngettext_noop("{count} more upfloater is needed", "{count} more upfloaters are needed"),
    W.SCORES: gettext_noop("the upfloaters have lower scores"),
    W.FOLLOWING: gettext_noop("the rest of the following scoregroup could no longer be paired in its bracket"),
    W.FLOATED_AGAIN: ngettext_noop(
        "{count} more upfloater floated in the previous match", "{count} more upfloaters floated in the previous match"
    ),
    W.RESIDENTS: ngettext_noop(
        "{count} more player who floated in the previous match meets an upfloater",
        "{count} more players who floated in the previous match meet an upfloater",
    ),
}
ORDERS = {
    W.SET_ORDER: gettext_noop(
        "the engine's upfloaters ({engine}) come before these ({forced}) in the order of the sets"
    ),
    W.PAIR_ORDER: gettext_noop(
        "the engine's pairing of the bracket ({engine}) comes before this one ({forced}) in the lexicographic "
        "order of the pairing numbers"
    ),
}


def describe(answer: W.DoubleSwissWhyNot, translate: Translate = lambda t: t, ngettext: NGettext | None = None) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    fields: dict[str, object] = {"a": answer.a, "b": answer.b, "rule": answer.rule, "round": answer.round_met}
    if answer.reason == W.PAB_ORDER and answer.forced is not None:
        fields |= {"bye": answer.pairing.bye, "forced_bye": answer.forced.bye}
        fields["why"] = translate(BYE_WHY[answer.bye_decider]).format(bye=answer.pairing.bye)
    difference = answer.difference
    if difference is not None:
        fields |= {"bracket": difference.bracket, "score": score(difference.score, translate, ngettext)}
        if difference.term in ORDERS:
            fields["what"] = translate(ORDERS[difference.term]).format(
                engine=" ".join(map(str, difference.engine)), forced=" ".join(map(str, difference.forced))
            )
        else:
            count = abs(difference.forced[0] - difference.engine[0]) if len(difference.engine) == 1 else 0
            fields["what"] = counted(WORSENED[difference.term], count, translate, ngettext).format(count=count)
    return translate(REASONS[answer.reason]).format(**fields)


PLAYER = gettext_noop("{player} ({points}): paired in bracket {bracket} ({bracket_points})")
FLOATS = {
    "up": gettext_noop("floats up to meet {opponent} ({opponent_points})"),
    "down": gettext_noop("meets {opponent} ({opponent_points}), an upfloater"),
    "": gettext_noop("meets {opponent} ({opponent_points})"),
}
UPFLOAT_COUNT: dict[str, str | Plural] = {
    R.ODD: gettext_noop("the top scoregroup is odd and needs one upfloater ({rule})"),
    R.NEEDED: ngettext_noop(
        "the bracket needs {count} upfloater: with fewer, it or the rest of the match could not be paired ({rule})",
        "the bracket needs {count} upfloaters: with fewer, it or the rest of the match could not be paired ({rule})",
    ),
}
UPFLOAT_SET = {
    R.ONLY: gettext_noop("no other set of upfloaters of the highest scores possible leaves a legal pairing ({rule})"),
    R.C5: gettext_noop("upfloaters of higher scores would leave no legal pairing ({rule})"),
    R.C6: gettext_noop(
        "an earlier set of the same scores would leave the following scoregroup unpairable in its bracket ({rule})"
    ),
    R.C7: gettext_noop("an earlier set of the same scores has more players who floated in the previous match ({rule})"),
    R.ORDER: gettext_noop("his set comes first in the order of the sets of the same scores ({rule})"),
}
PAIRS = {
    "3.6.2, 3.6.3": gettext_noop(
        "the bracket takes the first legal pairing in the order of the pairing numbers ({rule})"
    ),
    "3.6.4, [C8]": gettext_noop(
        "the bracket takes the first legal pairing in the order of the pairing numbers with the fewest players "
        "who floated in the previous match meeting an upfloater ({rule})"
    ),
}
COLOUR_RULES = {
    "4.3.1": gettext_noop(
        "{colour} in game 1: neither has had a colour yet, the higher-ranked player's pairing number decides "
        "against the initial colour ({rule})"
    ),
    "4.3.2": gettext_noop("{colour} in game 1: White goes to the one who had White in fewer matches ({rule})"),
    "4.3.3": gettext_noop(
        "{colour} in game 1: colours alternate from the latest match in which the two had different colours ({rule})"
    ),
    "4.3.4": gettext_noop(
        "{colour} in game 1: identical colour histories, the higher-ranked player alternates ({rule})"
    ),
    "4.3.5": gettext_noop("{colour} in game 1: the opponent alternates his colour ({rule})"),
}
BYE = gettext_noop(
    "receives the pairing-allocated bye: of the players who may receive it and leave the others a legal "
    "pairing, the lowest score, then the most matches played, then the largest pairing number ({rule})"
)
BYE_DECIDED = {
    "3.4.2": gettext_noop("{next} comes next, with a higher score"),
    "3.4.3": gettext_noop("{next} comes next, with the same score and fewer matches played"),
    "3.4.4": gettext_noop("{next} comes next, with the same score and matches played and a smaller pairing number"),
}
BYE_PASSED = gettext_noop("before him in that order, {players} would leave the others unpairable")


def describe_player(
    explained: R.DoubleSwissPlayerExplanation,
    round_: R.DoubleSwissRoundExplanation,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
) -> str:
    """One player's line: his bracket, why he floated up, whom he meets, the colour of
    game 1 and its rule; or the PAB and why him."""
    text = translate(PLAYER).format(
        player=explained.player,
        points=score(explained.score, translate, ngettext),
        bracket=explained.bracket,
        bracket_points=score(explained.bracket_score, translate, ngettext),
    )
    if explained.opponent is None:
        parts = [
            translate(PLAYER_BYE).format(player=explained.player, points=score(explained.score, translate, ngettext))
        ]
        parts.append(translate(BYE).format(rule=round_.bye_rule))
        if round_.bye_passed:
            parts.append(translate(BYE_PASSED).format(players=", ".join(map(str, round_.bye_passed))))
        if round_.bye_decider:
            parts.append(translate(BYE_DECIDED[round_.bye_decider]).format(next=round_.bye_next))
        return "; ".join(parts) + "."
    parts = [text]
    if explained.count_reason in UPFLOAT_COUNT:  # an upfloater, whoever he meets in the bracket
        count = explained.upfloaters
        parts.append(
            counted(UPFLOAT_COUNT[explained.count_reason], count, translate, ngettext).format(
                count=count, rule=explained.count_rule
            )
        )
        parts.append(translate(UPFLOAT_SET[explained.set_reason]).format(rule=explained.set_rule))
    parts.append(
        translate(FLOATS[explained.float]).format(
            opponent=explained.opponent, opponent_points=score(explained.opponent_score, translate, ngettext)
        )
    )
    parts.append(translate(PAIRS[explained.pairs_rule]).format(rule=explained.pairs_rule))
    assert explained.colour is not None
    parts.append(
        translate(COLOUR_RULES[explained.colour_rule]).format(
            colour=translate(COLOURS[explained.colour]), rule=explained.colour_rule
        )
    )
    return "; ".join(parts) + "."


PLAYER_BYE = gettext_noop("{player} ({points})")


def describe_round(
    explained: R.DoubleSwissRoundExplanation, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> list[str]:
    return [describe_player(p, explained, translate, ngettext) for p in explained.players]


def templates() -> list[str | Plural]:
    """Every template of this module, for the catalogue test."""
    out: list[str | Plural] = []
    for group in (
        REASONS,
        BYE_WHY,
        WORSENED,
        ORDERS,
        FLOATS,
        UPFLOAT_COUNT,
        UPFLOAT_SET,
        PAIRS,
        COLOUR_RULES,
        BYE_DECIDED,
    ):
        out += list(group.values())
    return [*out, PLAYER, PLAYER_BYE, BYE, BYE_PASSED]
