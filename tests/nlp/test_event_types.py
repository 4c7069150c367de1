"""Event types of the trigger lexicon that depend on the words around the trigger."""

import pytest


@pytest.mark.parametrize(
    ("text", "trigger", "event_type"),
    [
        ("Kenya withdrew its ambassador from Kampala on Monday.", "withdrew", "SANCTION"),
        ("Kenya withdrew its troops from Kismayo on Monday.", "withdrew", "RETREAT"),
        (
            "Zambian troops exchanged fire with Malawian forces along the border.",
            "exchanged",
            "ASSAULT",
        ),
        ("Zambia and Malawi exchanged 40 prisoners on Sunday.", "exchanged", "RETREAT"),
    ],
)
def test_the_object_decides_the_type_envoys_sanction_troops_retreat_fire_assaults(
    extractor, text, trigger, event_type
):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events if e.trigger.text == trigger] == [event_type]


def test_a_bomb_is_the_weapon_and_bombing_it_the_event(extractor):
    res = extractor.process(
        "A bomb hidden in a cart exploded near the Kuru market. Jets bombed the depot.",
        published="2024-05-06",
    )
    triggers = {e.trigger.text for e in res.events} | {
        m.text for e in res.events for m in e.mentions or []
    }
    assert "bomb" not in triggers
    assert {"exploded", "bombed"} <= triggers


@pytest.mark.parametrize(
    ("text", "trigger", "event_type"),
    [
        ("A battle between rebels and soldiers closed the Kuru bridge.", "battle", "ASSAULT"),
        ("Artillery units bombarded the Kuru depot overnight.", "bombarded", "ASSAULT"),
        (
            "Two hundred fighters surrendered to the army at Kuru on Monday.",
            "surrendered",
            "RETREAT",
        ),
        ("The president pardoned 200 prisoners at Kuru on Monday.", "pardoned", "RETREAT"),
        ("Turkish drones hit a vehicle near Kuru on Monday.", "hit", "ASSAULT"),
        ("Iran launched drones and missiles at Israel overnight.", "launched", "ASSAULT"),
        ("Survivors described the genocide in Kuru to the court.", "genocide", "ASSAULT"),
        ("Soldiers were accused of the rape of two women in Kuru.", "rape", "ASSAULT"),
        ("The execution of three prisoners in Kuru drew protests.", "execution", "ASSAULT"),
        ("The junta incarcerated 40 activists at Kuru on Monday.", "incarcerated", "COERCE"),
        ("Militiamen intimidated voters at Kuru on Monday.", "intimidated", "THREATEN"),
        ("Haiti's council thanked Nairobi on Wednesday.", "thanked", "SUPPORT"),
        ("Kyrgyzstan's president spoke by phone with his Tajik counterpart.", "spoke", "CONSULT"),
        ("A gunfight broke out between troops and kidnappers.", "gunfight", "ASSAULT"),
        ("The gang leader vowed to attack the foreign police.", "vowed", "THREATEN"),
        ("The government pledged to arrest those responsible.", "pledged", "THREATEN"),
        ("Donors pledged to send more aid.", "pledged", "AGREE"),
    ],
)
def test_core_violence_and_yielding_words_are_triggers(extractor, text, trigger, event_type):
    res = extractor.process(text, published="2024-05-06")
    found = {(e.trigger.text, e.type) for e in res.events} | {
        (m.text, e.type) for e in res.events for m in e.mentions or []
    }
    assert (trigger, event_type) in found


@pytest.mark.parametrize(
    ("text", "trigger", "event_type"),
    [
        ("Zambia summoned the Malawian ambassador on Monday.", "summoned", "DISAPPROVE"),
        ("Lusaka lodged a formal protest with Lilongwe over the raid.", "protest", "DISAPPROVE"),
        ("Students staged a protest in Ndola on Friday.", "protest", "PROTEST"),
    ],
)
def test_a_states_protest_through_diplomats_disapproves_and_a_crowds_protests(
    extractor, text, trigger, event_type
):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events if e.trigger.text == trigger] == [event_type]


def test_the_execution_of_a_plan_is_no_killing(extractor):
    res = extractor.process("The execution of the Kuru plan began on Monday.")
    assert "ASSAULT" not in [e.type for e in res.events]


def test_opening_fire_is_a_shooting_and_a_fire_alone_is_not(extractor):
    events = extractor.process(
        "Hours after gunmen opened fire on a concert in Lima, Congress voted."
    ).events
    assert [(e.type, e.trigger.text) for e in events] == [("ASSAULT", "fire")]
    assert extractor.process("A fire destroyed the market in Lima.").events == []


def test_an_approved_package_of_sanctions_is_coercion(extractor):
    text = "Ministers approved a fifth package of sanctions against Belarus on Monday."
    res = extractor.process(text, published="2024-05-06")
    assert [(e.type, e.trigger.text) for e in res.events] == [("COERCE", "sanctions")]


@pytest.mark.parametrize(
    "text",
    [
        "Troops stormed the parliament in what the opposition described as an assault on "
        "democracy.",
        "Rebels attacked the town in what the army called a massacre.",
    ],
)
def test_what_an_event_is_called_is_not_another_event(extractor, text):
    res = extractor.process(text, published="2024-05-06")
    assert len(res.events) == 1


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("The interior ministry banned rallies near the parliament on Tuesday.", ["COERCE"]),
        ("There have been more than 300 abductions in the state this year.", []),
    ],
)
def test_what_is_banned_or_tallied_is_no_event(extractor, text, types):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events] == types


@pytest.mark.parametrize(
    ("text", "borrower"),
    [
        ("The African Development Bank has suspended payments to Niger, the lender said.", "Niger"),
        ("The IMF halted disbursements to Zambia after the election.", "Zambia"),
        ("The World Bank froze lending to Uganda over the new law.", "Uganda"),
    ],
)
def test_a_lender_stopping_its_money_sanctions_the_borrower(extractor, text, borrower):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events] == ["SANCTION"]
    assert [a.text for a in res.events[0].arguments if a.role == "target"] == [borrower]


def test_hit_without_a_weapon_is_no_attack(extractor):
    res = extractor.process(
        "Floods hit the Kuru valley and prices hit a record.", published="2024-05-06"
    )
    assert res.events == []


@pytest.mark.parametrize(
    ("text", "trigger"),
    [
        ("The army launched an offensive on Kuru in April.", "offensive"),
        ("The firm sells an anti-drone gun that launches a net at drones.", None),
    ],
)
def test_launching_is_an_attack_only_when_weapons_are_launched(extractor, text, trigger):
    res = extractor.process(text, published="2024-05-06")
    assert [e.trigger.text for e in res.events] == ([trigger] if trigger else [])


@pytest.mark.parametrize(
    ("text", "lifted"),  # the measure stays an event of its own, as RAMS annotates it
    [
        ("Washington lifted its arms embargo on Hanoi on Monday.", "embargo"),
        ("The EU eased sanctions on Minsk after the prisoners were freed.", "sanctions"),
        ("Sanctions on Caracas were lifted in October.", "Sanctions"),
    ],
)
def test_lifting_a_measure_is_a_concession_to_the_government_it_was_on(extractor, text, lifted):
    res = extractor.process(text, published="2024-05-06")
    ease = [e for e in res.events if e.type == "CONCEDE"]
    assert len(ease) == 1
    target = next(a for a in ease[0].arguments if a.role == "target")
    assert res.mention(target.ref).sector == "government"


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("Police fired tear gas at protesters outside the parliament.", "COERCE"),
        ("Riot police fired rubber bullets at the crowd.", "COERCE"),
        ("Gunmen fired on a bus near the border.", "ASSAULT"),
    ],
)
def test_firing_crowd_control_weapons_is_repression_and_firing_on_people_an_attack(
    extractor, text, event_type
):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events] == [event_type]


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("Algeria ordered 12 French embassy employees to leave the country.", "SANCTION"),
        ("Police ordered protesters to leave the square.", "DEMAND"),
    ],
)
def test_ordering_foreigners_out_of_the_country_is_an_expulsion(extractor, text, event_type):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events] == [event_type]


@pytest.mark.parametrize(
    "text",
    [
        "Israeli troops detained 17 suspected militants in raids in Jenin on Sunday.",
        "Police arrested four suspects in a raid near Kupwara.",
    ],
)
def test_a_raid_an_arrest_was_made_in_is_no_attack_of_its_own(extractor, text):
    res = extractor.process(text, published="2024-05-06")
    assert [e.type for e in res.events] == ["COERCE"]


def test_a_gerund_that_is_the_subject_names_the_event_as_its_noun_does(extractor):
    res = extractor.process(
        "Fighting in the border district last year killed about 60 people.",
        published="2024-05-06",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [("ASSAULT", "Fighting")]


def test_a_toll_told_inside_an_after_phrase_belongs_to_the_event_there(extractor):
    res = extractor.process(
        "Police freed nine hostages after a shootout with the abductors in which three "
        "officers were killed.",
        published="2024-05-06",
    )
    assert [e.trigger.text for e in res.events if e.type == "ASSAULT"] == ["shootout"]


def test_taking_someone_into_custody_is_an_arrest(extractor):
    res = extractor.process(
        "Police took the two journalists into custody in Harare on Monday.",
        published="2024-05-06",
    )
    assert [(e.type, e.subtype, e.trigger.text) for e in res.events] == [
        ("COERCE", "arrest", "took")
    ]


def test_announcing_an_act_is_no_event_of_its_own(extractor):
    res = extractor.process(
        "The interior ministry announced the arrest of 14 protesters in Cusco on Monday.",
        published="2024-05-06",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [("COERCE", "arrest")]


def test_striking_positions_is_an_attack_whatever_the_targets_name_says(extractor):
    res = extractor.process(
        "Turkish jets struck positions of the Kurdistan Workers' Party (PKK) near Sinjar on "
        "Monday. Teachers struck for a third day over pay.",
        published="2024-05-06",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [
        ("ASSAULT", "struck"),
        ("PROTEST", "struck"),
    ]


def test_a_vow_to_continue_the_strikes_is_a_threat(extractor):
    res = extractor.process(
        "The defence ministry vowed to continue the airstrikes in the north.",
        published="2024-05-06",
    )
    assert [e.type for e in res.events if e.trigger.text == "vowed"] == ["THREATEN"]


def test_ruling_out_talks_rejects_them(extractor):
    res = extractor.process(
        "Khartoum has ruled out direct negotiations with the RSF. The court ruled that the "
        "decree was void.",
        published="2024-05-06",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [("REJECT", "ruled")]


def test_reporting_a_release_does_not_rule_the_release_out(extractor):
    res = extractor.process(
        "Officials in Macomia reported the release of 12 hostages by the insurgents on Monday.",
        published="2024-06-18",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [("RETREAT", "release")]


def test_ordering_a_closure_or_an_expulsion_is_the_sanction(extractor):
    res = extractor.process(
        "The foreign ministry ordered the closure of Kenyan consulates in Juba and Wau. The "
        "junta ordered the expulsion of the French ambassador.",
        published="2024-05-06",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [
        ("SANCTION", "ordered"),
        ("SANCTION", "ordered"),
    ]
    closure = res.events[0]
    assert [a.text for a in closure.arguments if a.role == "target"] == ["Kenyan consulates"]


def test_a_trigger_written_with_a_hyphenated_prefix_is_the_whole_word(extractor):
    text = "Ugandan troops counter-attacked on Sunday, and police re-arrested the activist."
    res = extractor.process(text, published="2024-05-15")
    triggers = {e.trigger.text: e.type for e in res.events}
    assert triggers == {"counter-attacked": "ASSAULT", "re-arrested": "COERCE"}
    for e in res.events:
        assert text[e.trigger.start : e.trigger.end] == e.trigger.text


@pytest.mark.parametrize(
    ("text", "trigger", "event_type"),
    [
        ("Insurgents overran the town of Mocimboa da Praia in August 2020.", "overran", "ASSAULT"),
        ("The ADF has fought the Ugandan state since 1996.", "fought", "ASSAULT"),
        ("The raid came during a drawdown of UN troops.", "drawdown", "RETREAT"),
    ],
)
def test_overrunning_a_town_fighting_an_army_and_a_drawdown_are_coded(
    extractor, text, trigger, event_type
):
    res = extractor.process(text, published="2024-05-15")
    assert {e.trigger.text: e.type for e in res.events}.get(trigger) == event_type


def test_fighting_a_disease_or_a_ruling_is_no_clash(extractor):
    res = extractor.process(
        "The ministry fought the outbreak for months, and the firm fought the ruling in court.",
        published="2024-05-15",
    )
    assert not [e for e in res.events if e.type == "ASSAULT"]


def test_receiving_an_envoy_is_a_meeting_receiving_patients_is_not(extractor):
    res = extractor.process(
        "The deputy prime minister received the Kenyan envoy on Monday. The hospital "
        "received 40 patients.",
        published="2024-05-15",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [("CONSULT", "received")]


def test_closing_a_border_crossing_or_an_embassy_is_a_sanction_closing_a_shop_is_not(extractor):
    res = extractor.process(
        "Pakistan closed the Torkham crossing on Wednesday, and Kenya shut its embassy in "
        "Juba. The baker closed his shop early.",
        published="2024-05-15",
    )
    assert [(e.type, e.trigger.text) for e in res.events] == [
        ("SANCTION", "closed"),
        ("SANCTION", "shut"),
    ]
