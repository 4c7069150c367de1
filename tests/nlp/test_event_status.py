"""An event's status comes from its own clause: its verb chain, negation, conditionals and
schedule words, not from a neighbouring clause."""

import pytest


def _status(extractor, text: str, trigger: str) -> str:
    res = extractor.process(text, published="2024-05-06")
    ev = next(e for e in res.events if e.trigger.text == trigger)
    return ev.status


@pytest.mark.parametrize(
    ("text", "trigger", "status"),
    [
        # "would" of a coordinated clause is not the accusation's
        (
            "The rebels said they would join the talks and accused the army of shelling Goma.",
            "accused",
            "asserted",
        ),
        # "demanded" marks what is demanded, not the warning coordinated with it
        (
            "The union demanded that the company raise wages and warned that workers would strike.",
            "warned",
            "asserted",
        ),
        # the year of the clause the criticism governs does not make it background
        (
            "The opposition criticised the government for failing to protect civilians in 2019.",
            "criticised",
            "asserted",
        ),
        ("Ethiopia's prime minister is due to visit Nairobi next week.", "visit", "future"),
        ("The Ethiopian prime minister's visit to Nairobi is due next week.", "visit", "future"),
        (
            "The minister said that troops would withdraw from the border by June.",
            "withdraw",
            "future",
        ),
        ("The president is to meet the Kenyan envoy on Friday.", "meet", "future"),
        ("If the rebels attack the town, the army will respond.", "attack", "hypothetical"),
        ("Police said they had detained no one during the march.", "detained", "negated"),
        ("France stopped short of expelling Algeria's ambassador.", "expelling", "negated"),
        # "due to" a cause is no schedule
        ("The talks were cancelled due to the storm.", "talks", "asserted"),
    ],
)
def test_status_is_read_from_the_triggers_own_clause(extractor, text, trigger, status):
    assert _status(extractor, text, trigger) == status


@pytest.mark.parametrize(
    ("text", "status"),
    [
        # published 2024-05-06: more than about a year before is background
        ("In April 2023, the rebels attacked the border post at Kuru.", "historical"),
        ("In 2022, the rebels attacked the border post at Kuru.", "historical"),
        ("In March 2024, the rebels attacked the border post at Kuru.", "asserted"),
    ],
)
def test_an_event_dated_more_than_about_a_year_before_publication_is_historical(
    extractor, text, status
):
    assert _status(extractor, text, "attacked") == status


@pytest.mark.parametrize(
    ("text", "trigger", "status", "date"),
    [
        (
            "Rebels have attacked dozens of villages near Kuru since 2019.",
            "attacked",
            "asserted",
            None,
        ),
        (
            "Prices have risen since an assassination in Kuru in July 2021.",
            "assassination",
            "historical",
            "2021-07",
        ),
    ],
)
def test_what_goes_on_since_a_past_year_is_no_history_but_what_it_runs_from_is(
    extractor, text, trigger, status, date
):
    ev = next(e for e in extractor.process(text, published="2024-05-06").events
              if e.trigger.text == trigger)  # fmt: skip
    assert (ev.status, ev.date) == (status, date)
