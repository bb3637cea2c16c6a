"""The Lim answers (C.04.4.3) in words a player understands, citing the article.

As :mod:`.wording`: English templates marked for translation, put into the caller's
language by *translate* (and *ngettext* for the counted ones); the Italian is in locale/it.
"""

from __future__ import annotations

from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain import lim_why_not as L
from pairing.engine.explain.lim_round import (
    CHOSEN,
    CRACKED,
    MAXI,
    NO_OPPONENT,
    ONLY,
    FloatStep,
    LimPlayerExplanation,
    LimRoundExplanation,
)
from pairing.engine.explain.wording import (
    COLOURS,
    NGettext,
    Plural,
    Translate,
    answer_fields,
    counted,
    gettext_noop,
    ngettext_noop,
    score,
)
from pairing.engine.explain.wording import (
    REASONS as DUTCH_REASONS,
)

REASONS = {
    w.PAIRED: DUTCH_REASONS[w.PAIRED],
    w.NOT_IN_ROUND: DUTCH_REASONS[w.NOT_IN_ROUND],
    w.FORBIDDEN: DUTCH_REASONS[w.FORBIDDEN],
    w.MET_BEFORE: gettext_noop("{a} and {b} met in round {round}: they are not compatible ({rule})."),
    w.SAME_ABSOLUTE_COLOUR: gettext_noop(
        "{a} and {b} must both have {colour} (never the same colour three times in a row, never three more "
        "of one colour): they are not compatible ({rule})."
    ),
    w.NO_COMPLETION: gettext_noop(
        "With {a}-{b} paired, the other players cannot all be paired with compatible opponents, at most one "
        "eligible player receiving the pairing-allocated bye ({rule})."
    ),
    L.NOT_REACHED: gettext_noop(
        "With {a}-{b} paired, the other players could all be paired, but the Lim procedure does not reach "
        "such a pairing: the median scoregroup stays blocked however many pairings are cracked ({rule})."
    ),
    w.PAB_SCORE: gettext_noop(
        "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} ({forced_bye_score}) "
        "instead of {bye} ({bye_score}): it goes to the lowest ranked player of the lowest scoregroup "
        "who may receive it ({rule})."
    ),
    L.PAB_RANK: gettext_noop(
        "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} instead of {bye}, who is "
        "ranked lower with the same score: it goes to the lowest ranked player of the lowest scoregroup who "
        "may receive it ({rule})."
    ),
    w.WORSE: gettext_noop(
        "The Lim procedure pairs scoregroup by scoregroup; with {a}-{b} it first differs in scoregroup "
        "{group} ({score}), where {what} ({rule})."
    ),
    L.ORDER: gettext_noop(
        "The Lim procedure pairs scoregroup by scoregroup; with {a}-{b} it first differs in scoregroup "
        "{group} ({score}), where as many players float, but {what} ({rule})."
    ),
    w.NOT_WORSE: gettext_noop(
        "With {a}-{b} the Lim procedure pairs the round otherwise, and this explanation finds no step where "
        "the two part."
    ),
}

WORSENED: dict[str, str | Plural] = {
    L.MORE_FLOATERS: ngettext_noop(
        "{count} more player cannot be paired in it and floats", "{count} more players cannot be paired in it and float"
    ),
    L.MEDIAN_BLOCKED: gettext_noop(
        "this median scoregroup cannot be paired as it stands and a pairing of a neighbouring scoregroup "
        "would be cracked"
    ),
}

# FLOATER_CHOICE: why the procedure floats {floater} and not {instead}.
CHOICE = {
    NO_OPPONENT: gettext_noop("{floater} floats, not {instead}: {floater} has no compatible opponent in it"),
    "pair": gettext_noop("{floater} floats, not {instead}: with {instead} gone the scoregroup would make a pair fewer"),
    "type": gettext_noop(
        "{floater} floats, not {instead}: {floater} is the floater of the lesser disadvantage (origin, and a "
        "compatible opponent in the adjacent scoregroup)"
    ),
    "repeat": gettext_noop("{floater} floats, not {instead}: {instead} floated in the round just before"),
    "colour": gettext_noop("{floater} floats, not {instead}: floating {floater} evens out the players due each colour"),
    "position": gettext_noop("{floater} floats, not {instead}: {floater} comes first by pairing number"),
    MAXI: gettext_noop("{floater} floats, not {instead}: in a maxi-tournament the floater's rating decides"),
}
PAIR_ORDER = {
    L.FLOATER_OPPONENT: gettext_noop(
        "the floater {x} meets {y}, the first player available to him who is due the alternate colour, "
        "the others still pairable"
    ),
    L.EXCHANGE: gettext_noop(
        "{x}-{y} comes first in the order of proposals and exchanges, colours included, the others still pairable"
    ),
}


def describe(answer: L.LimWhyNot, translate: Translate = lambda t: t, ngettext: NGettext | None = None) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    fields = answer_fields(answer, translate, ngettext)
    difference = answer.difference
    if difference is not None:
        fields |= {"group": difference.group, "score": score(difference.score, translate, ngettext)}
        if difference.term in WORSENED:
            template = WORSENED[difference.term]
            fields["what"] = counted(template, difference.count, translate, ngettext).format(count=difference.count)
        elif difference.term == L.FLOATER_CHOICE:
            text = translate(CHOICE[difference.why])
            fields["what"] = text.format(floater=difference.floater, instead=difference.instead)
        elif difference.pair is not None:
            x, y = difference.pair
            fields["what"] = translate(PAIR_ORDER[difference.term]).format(x=x, y=y)
    return translate(REASONS[answer.reason]).format(**fields)


PLAYER = gettext_noop("{player} ({points}): paired in scoregroup {group} ({group_points})")
FLOATS = {
    "down": gettext_noop("meets {opponent} ({opponent_points}), a lower score"),
    "up": gettext_noop("meets {opponent} ({opponent_points}), a higher score"),
    "": gettext_noop("meets {opponent} ({opponent_points})"),
}
FLOAT_STEPS = {
    (NO_OPPONENT, "down"): gettext_noop(
        "he floats down from the scoregroup of {group_points}, where no compatible opponent is left to him ({rule})"
    ),
    (NO_OPPONENT, "up"): gettext_noop(
        "he floats up from the scoregroup of {group_points}, where no compatible opponent is left to him ({rule})"
    ),
    (CHOSEN, "down"): gettext_noop(
        "he floats down from the scoregroup of {group_points}, which cannot pair all its players ({rule})"
    ),
    (CHOSEN, "up"): gettext_noop(
        "he floats up from the scoregroup of {group_points}, which cannot pair all its players ({rule})"
    ),
    (CRACKED, "down"): gettext_noop(
        "his pairing in the scoregroup of {group_points} is cracked to pair the blocked median scoregroup ({rule})"
    ),
}
FLOAT_STEPS[CRACKED, "up"] = FLOAT_STEPS[CRACKED, "down"]
DECIDED = {
    ONLY: gettext_noop("he is the only one who can leave without costing a pair"),
    "type": gettext_noop("he comes before {next} by the types of floater ({rule})"),
    "repeat": gettext_noop("he comes before {next}, who floated in the round just before ({rule})"),
    "colour": gettext_noop("he comes before {next}: his leaving evens out the players due each colour ({rule})"),
    "position": gettext_noop("he comes before {next} by pairing number ({rule})"),
    MAXI: gettext_noop("he comes before {next} by the maxi-tournament rating rule ({rule})"),
}
COLOUR_RULES = {
    "forced": gettext_noop("{colour}: the only colour the limits allow him ({rule})"),
    "opponent_forced": gettext_noop(
        "{colour}: his opponent must have the other colour, the only one the limits allow ({rule})"
    ),
    "due": gettext_noop("{colour}: each player gets his due colour ({rule})"),
    "imbalance": gettext_noop("{colour}: both are due the same colour, the greater imbalance is equalised ({rule})"),
    "history": gettext_noop(
        "{colour}: both are due the same colour, the earlier rounds going back decide who alternates ({rule})"
    ),
    "rank": gettext_noop("{colour}: identical colour histories, the ranking decides ({rule})"),
    "first_round": gettext_noop("{colour}: the pairing number decides against the initial colour ({rule})"),
}
BYE = gettext_noop(
    "receives the pairing-allocated bye: the lowest ranked player of the lowest scoregroup who may receive "
    "it, the others all still pairable ({rule})"
)
BYE_PASSED = gettext_noop("ranked below him, {players} would leave the others unpairable")


def describe_float(step: FloatStep, translate: Translate = lambda t: t, ngettext: NGettext | None = None) -> str:
    """Why a player floated, as a sentence part."""
    text = translate(FLOAT_STEPS[step.reason, step.direction]).format(
        group_points=score(step.group_score, translate, ngettext),
        rule=step.rule,
    )
    if step.reason == CHOSEN and step.decided_by:
        text += "; " + translate(DECIDED[step.decided_by]).format(next=step.next, rule=step.decided_rule)
    return text


def describe_player(
    explained: LimPlayerExplanation,
    round_: LimRoundExplanation,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
) -> str:
    """One player's line of the round's explanation: his group, each float and why, his
    opponent, his colour and its rule; or the PAB and its rule."""
    text = translate(PLAYER).format(
        player=explained.player,
        points=score(explained.score, translate, ngettext),
        group=explained.group,
        group_points=score(explained.group_score, translate, ngettext),
    )
    if explained.opponent is None:
        text += "; " + translate(BYE).format(rule=round_.bye_rule)
        if round_.bye_passed:
            players = ", ".join(str(p) for p in round_.bye_passed)
            text += "; " + translate(BYE_PASSED).format(players=players)
        return text + "."
    parts = [text]
    parts += [describe_float(step, translate, ngettext) for step in explained.floats]
    parts.append(
        translate(FLOATS[explained.float]).format(
            opponent=explained.opponent, opponent_points=score(explained.opponent_score, translate, ngettext)
        )
    )
    parts.append(
        translate(COLOUR_RULES[explained.colour_rule]).format(
            colour=translate(COLOURS[explained.colour]), rule=explained.colour_article
        )
    )
    return "; ".join(parts) + "."


def describe_round(
    explained: LimRoundExplanation, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> list[str]:
    return [describe_player(p, explained, translate, ngettext) for p in explained.players]


def templates() -> list[str | Plural]:
    """Every template of this module, for the catalogue test."""
    out: list[str | Plural] = []
    for group in (REASONS, WORSENED, CHOICE, PAIR_ORDER, FLOATS, FLOAT_STEPS, DECIDED, COLOUR_RULES):
        out += list(group.values())
    return [*out, PLAYER, BYE, BYE_PASSED]
