"""The confirmation detector: replies, proposals, and one yes per action."""

from __future__ import annotations

import pytest

from proxy.policy.confirm import Reply, _distance, classify_reply, normalize


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("yes", Reply.YES),
        ("Yes, please.", Reply.YES),
        ("YES!!!", Reply.YES),
        ("ok go ahead", Reply.YES),
        ("Sure, go for it", Reply.YES),
        ("ugh just do it already!!", Reply.YES),
        ("Just cancel it, I don't have all day.", Reply.YES),
        ("do it now", Reply.YES),
        ("yse please", Reply.YES),
        ("yeah", Reply.YES),
        ("Confirmed.", Reply.YES),
        ("Can you go ahead and cancel it?", Reply.YES),
        ("If you could try again just one more time, I'd appreciate it.", Reply.YES),
        ("Yes please proceed. How long will the refund take?", Reply.YES),
        ("Yes, that's correct. Please go ahead. Also, can you check if it's shipped yet?", Reply.YES),
        ("Reason is 'no longer needed'. Please cancel order #W9348897. Thanks.", Reply.YES),
        ('{"message": "Yes, go ahead"}', Reply.YES),
        ("No problem, go ahead.", Reply.YES),
        ("Um, I'd like the refund on my credit card instead, if that's okay. And yes, go ahead.",
         Reply.YES),
        ("no", Reply.NO),
        ("no, wait", Reply.NO),
        ("Nope.", Reply.NO),
        ("Hmm, not yet", Reply.NO),
        ("Don't do that.", Reply.NO),
        ("wait", Reply.NO),
        ("Yes, but first tell me when the refund arrives.", Reply.HOLD),
        ("Yes. Actually, hold on a second.", Reply.HOLD),
        ("Yes if it is free.", Reply.HOLD),
        ("Is that my visa card?", Reply.HOLD),
        ("What will the refund be?", Reply.HOLD),
        ("", Reply.OTHER),
        ("My email is ava@example.com", Reply.OTHER),
        ("Thanks!", Reply.OTHER),
    ],
)
def test_classify_reply(text: str, reply: Reply) -> None:
    assert classify_reply(text) is reply


def test_normalize_unwraps_json_and_quotes() -> None:
    assert normalize('{"a": "It\u2019s **Order** #W1", "b": ["x"]}') == "it's order #w1 x"
    assert normalize("gift_card_123 ###STOP###") == "gift_card_123"


@pytest.mark.parametrize(("a", "b", "d"), [("yes", "yes", 0), ("yse", "yes", 1), ("ys", "yes", 1),
                                             ("okay", "oaky", 1), ("abc", "xyz", 3)])
def test_distance(a: str, b: str, d: int) -> None:
    assert _distance(a, b) == d
