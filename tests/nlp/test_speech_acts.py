"""Speech acts are typed from the lexicon: accusations, criticism, denials, praise and warnings.
Appeals ("urged", "called on X to") are not events (PLOVER and our guidelines), and what
they ask for is no event either."""

import pytest


def _types(extractor, text: str) -> dict[str, str]:
    res = extractor.process(text, published="2024-05-06")
    return {e.trigger.text: e.type for e in res.events}


@pytest.mark.parametrize(
    ("text", "trigger", "etype"),
    [
        ("Rebels accused the army of shelling villages.", "accused", "DISAPPROVE"),
        (
            "Human Rights Watch criticised the government over the arrests.",
            "criticised",
            "DISAPPROVE",
        ),
        ("The ministry denied that its forces had shelled the town.", "denied", "REJECT"),
        ("The president praised the mediators from Qatar.", "praised", "SUPPORT"),
        ("Iran warned that it would strike Israeli bases.", "warned", "THREATEN"),
    ],
)
def test_speech_act_verbs_are_typed(extractor, text, trigger, etype):
    assert _types(extractor, text).get(trigger) == etype


@pytest.mark.parametrize(
    "text",
    [
        "Kenya called on Ethiopia to withdraw its troops from the border.",
        "The Pope urged both sides to withdraw their forces.",
    ],
)
def test_an_appeal_and_what_it_asks_for_are_no_events(extractor, text):
    assert _types(extractor, text) == {}


def test_an_accusation_the_accused_denies_is_still_an_accusation(extractor):
    text = "Sudan accused Chad of arming the militia, a charge N'Djamena denies."
    types = _types(extractor, text)
    assert types.get("accused") == "DISAPPROVE"
    assert types.get("denies") == "REJECT"


@pytest.mark.parametrize(
    ("text", "trigger", "event_type"),
    [
        ("Pakistan summoned India's deputy high commissioner on Monday.", "summoned", "DISAPPROVE"),
        ("New Delhi dismissed the protest as baseless.", "dismissed", "REJECT"),
    ],
)
def test_a_summoned_envoy_disapproves_and_a_dismissed_protest_rejects(
    extractor, text, trigger, event_type
):
    res = extractor.process(text, published="2024-11-19")
    assert [(e.trigger.text, e.type) for e in res.events] == [(trigger, event_type)]


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Beijing swiftly rejected Tokyo's protest.", "Tokyo"),
        ("The business lobby criticised Beijing's handling of the cases.", "Beijing"),
        ("Dushanbe blamed the fighting on Bishkek.", "Bishkek"),
    ],
)
def test_the_government_whose_word_is_answered_or_who_is_blamed_is_the_target(
    extractor, text, target
):
    res = extractor.process(text, published="2024-11-19")
    act = next(e for e in res.events if e.type in ("REJECT", "DISAPPROVE"))
    assert [a.text for a in act.arguments if a.role == "target"] == [target]


def test_the_attack_a_vow_of_force_promises_is_its_content(extractor):
    assert _types(extractor, "The gang leader vowed to attack the foreign police.") == {
        "vowed": "THREATEN"
    }
