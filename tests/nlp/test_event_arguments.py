"""Which numbers an event takes: only those of its own clause."""

import pytest


def _events(extractor, text: str):
    return extractor.process(text, published="2024-05-06").events


def _roles(extractor, text: str, event_type: str) -> dict[str, str]:
    res = extractor.process(text, published="2018-09-14")
    ev = next(e for e in res.events if e.type == event_type)
    return {a.text: a.role for a in ev.arguments}


def test_coordinated_verb_keeps_its_own_count(extractor):
    text = (
        "The rebels have killed nearly 4,000 people since 2013 and forced "
        "about four million from their homes."
    )
    roles = _roles(extractor, text, "ASSAULT")
    assert roles.get("nearly 4,000") == "fatalities"
    assert "about four million" not in roles


def test_count_of_another_event_is_not_taken(extractor):
    text = "Seven other suspects were detained during police raids in Escuintla on Monday."
    roles = _roles(extractor, text, "ASSAULT")
    assert "Seven" not in roles


def test_later_report_of_an_event_is_a_mention_not_a_new_event(extractor):
    text = (
        "A car bomb exploded outside a hotel in Mogadishu on Saturday, killing 12 people, "
        "police said. The blast destroyed the front of the building."
    )
    res = extractor.process(text, published="2024-03-03")
    assaults = [e for e in res.events if e.type == "ASSAULT"]
    assert len(assaults) == 1
    assert [m.text for m in assaults[0].mentions] == ["blast"]
    assert text[assaults[0].mentions[0].start : assaults[0].mentions[0].end] == "blast"


def test_time_of_a_governed_clause_is_not_the_events_time(extractor):
    res = extractor.process(
        "The opposition criticised the government for failing to protect civilians in 2019.",
        published="2024-05-06",
    )
    ev = next(e for e in res.events if e.type == "DISAPPROVE")
    assert ev.date is None
    assert "2019" not in {a.text for a in ev.arguments}
    assert ev.status == "asserted"


def test_time_of_the_events_own_clause_is_kept(extractor):
    res = extractor.process(
        "Rebels attacked the town of Beni on Sunday, officials said.", published="2024-05-06"
    )
    ev = next(e for e in res.events if e.type == "ASSAULT")
    assert ev.date == "2024-05-05"


@pytest.mark.parametrize(
    ("text", "trigger", "target"),
    [
        (  # a role named among those arrested
            "Ecuadorian police seized more than 6 tonnes of cocaine on Tuesday, and arrested "
            "eight people, including two customs officials.",
            "arrested",
            "customs officials",
        ),
        (  # a surname alone after the full name
            "Congress voted to remove President Pedro Castillo on Wednesday. Police detained "
            "Castillo as he headed to the Mexican embassy.",
            "detained",
            "Castillo",
        ),
    ],
)
def test_the_one_named_in_the_events_object_is_its_target(extractor, text, trigger, target):
    res = extractor.process(text, published="2024-07-17")
    ev = next(e for e in res.events if e.trigger.text == trigger)
    assert [a.text for a in ev.arguments if a.role == "target"] == [target]


def test_the_one_an_investigation_is_into_is_its_target(extractor):
    text = (
        "Prosecutors have opened an investigation into the exporter, Frutas del Pacífico, "
        "which said in a statement that its containers had been tampered with."
    )
    res = extractor.process(text, published="2024-07-17")
    ev = next(e for e in res.events if e.type == "INVESTIGATE")
    roles = {a.text: a.role for a in ev.arguments}
    assert roles.get("Frutas del Pacífico") == "target"


@pytest.mark.parametrize(
    ("text", "target"),
    [
        (  # made with a demand: the one pressed
            "In a video released on Monday, ISWAP threatened to kill the hostages and demanded "
            "that the Nigerian government free dozens of its jailed fighters.",
            "Nigerian government",
        ),
        (  # until someone acts: they
            "The G9 gang alliance threatened on Tuesday to keep its blockade of the fuel "
            "terminal in place until the government steps down.",
            "government",
        ),
        (  # what it says is to be done, even parsed as a clause of "video"
            "On Sunday, a rebel commander threatened in a video to attack Kenyan troops if they "
            "advanced on the town.",
            "Kenyan troops",
        ),
    ],
)
def test_a_threat_targets_whom_it_would_harm_or_presses(extractor, text, target):
    res = extractor.process(text, published="2022-10-12")
    ev = next(e for e in res.events if e.type == "THREATEN")
    assert [a.text for a in ev.arguments if a.role == "target"] == [target]


def test_an_actor_outside_the_parse_of_a_sourced_event_is_its_target(extractor):
    text = "The court on Monday handed a 10-year sentence to the former mayor."
    res = extractor.process(text, published="2024-07-17")
    ev = next(e for e in res.events if e.type == "COERCE")
    roles = {a.text: a.role for a in ev.arguments}
    assert roles.get("court") == "source"
    assert roles.get("former mayor") == "target"


def test_the_reporter_of_an_event_is_not_its_target(extractor):
    text = "Police arrested nine people on Sunday in Beira, said Daniel Macuacua, a spokesman."
    res = extractor.process(text, published="2019-03-25")
    ev = next(e for e in res.events if e.trigger.text == "arrested")
    assert "Daniel Macuacua" not in {a.text for a in ev.arguments}


def test_the_first_of_two_joined_verbs_shares_the_second_ones_object(extractor):
    result = extractor.process(
        "Police arrested and charged three opposition leaders on Monday.", published="2021-05-03"
    )
    arrest = next(
        e for e in result.events if result.article.text[e.trigger.start :].startswith("arrested")
    )
    assert [a.text for a in arrest.arguments if a.role == "target"] == ["opposition leaders"]


@pytest.mark.parametrize(
    ("text", "assault"),
    [
        ("The insurgency began in 2017. It has killed more than 4,000 people.", False),
        # a toll told in a relative clause of a war
        ("The two sides signed a deal to end a civil war that has killed 20,000 people.", False),
        # the outcome of a collapse or a flood, told after it
        ("A hotel in Orlatown collapsed on Friday, killing more than 30 guests.", False),
        ("Heavy rains flooded the Orla valley on Monday, killing 12 people.", False),
        # a relative clause hung on the place of the collapse
        ("Students marched over a roof collapse at Orlatown station that killed 15 people.", False),
        # a natural force as the subject, also when it has a name
        ("Cyclone Orla killed more than 600 people in Mozambique in March.", False),
        ("An earthquake struck Orlatown on Saturday, killing 2,000 people.", False),
        # but a killing told after an attack, fighting or a raid is the assault's
        ("The army said it attacked the Orla camp on Monday, killing 30 fighters.", True),
        ("Fighting broke out in Orlatown on Monday, killing 12 people.", True),
        ("Gunmen stormed the Orla village on Monday, killing 12 people.", True),
    ],
)
def test_a_toll_of_a_conflict_or_a_natural_cause_has_no_agent(extractor, text, assault):
    res = extractor.process(text, published="2018-09-14")
    assert any(e.type == "ASSAULT" for e in res.events) == assault


@pytest.mark.parametrize(
    ("text", "trigger", "source"),
    [
        (
            "The ruling Orla Party used its majority in parliament to reject the motion.",
            "reject",
            "Orla Party",
        ),
        ("Police used tear gas to disperse the Orlan protesters.", "disperse", "Police"),
    ],
)
def test_who_uses_a_means_to_act_is_the_source(extractor, text, trigger, source):
    res = extractor.process(text, published="2024-05-06")
    [ev] = [e for e in res.events if e.trigger.text == trigger]
    assert [a.text for a in ev.arguments if a.role == "source"] == [source]


def test_an_event_a_verb_judges_has_its_own_agent(extractor):
    roles = _roles(extractor, "The Zambian government banned the opposition rally.", "PROTEST")
    assert "Zambian government" not in roles


def test_an_event_named_after_a_preposition_of_time_has_its_own_agent(extractor):
    roles = _roles(
        extractor, "The Peruvian government suspended talks after the bombing.", "ASSAULT"
    )
    assert "Peruvian government" not in roles


def test_the_one_blamed_for_an_event_is_its_source(extractor):
    roles = _roles(extractor, "Kenya blamed the Orla Front for the attack on the base.", "ASSAULT")
    assert "Kenya" not in roles
    assert roles.get("Orla Front") == "source"


@pytest.mark.parametrize(
    ("text", "agent", "accuser"),
    [
        ("The Orla Front accused the army of shelling markets in Kasenga.", "army", "Orla Front"),
        ("Police blamed the gang for attacking the convoy near Ndola.", "gang", "Police"),
        ("The rebels were accused of killing 12 villagers near Ndola.", "rebels", None),
    ],
)
def test_the_one_accused_of_an_act_is_its_source(extractor, text, agent, accuser):
    roles = _roles(extractor, text, "ASSAULT")
    assert roles.get(agent) == "source"
    if accuser is not None:
        assert accuser not in roles


def test_who_comes_under_attack_is_its_target_and_the_attacker_its_source(extractor):
    roles = _roles(
        extractor, "Zambian troops came under attack from ADF rebels near Kasenga.", "ASSAULT"
    )
    assert roles.get("Zambian troops") == "target"
    assert roles.get("ADF") == "source"


def test_every_member_of_a_demanded_list_is_the_demands_content(extractor):
    events = _events(
        extractor,
        "Union leaders in Kitwe demanded a pay rise for miners and the resignation of the"
        " labour minister.",
    )
    assert [e.type for e in events] == ["DEMAND"]


def test_two_verbs_with_subjects_of_their_own_are_two_events(extractor):
    events = _events(
        extractor,
        "Japan delivered tents to Beira on Friday, while the African Union disbursed"
        " 2 million dollars in emergency funding.",
    )
    assert sorted(e.trigger.text for e in events if e.type == "AID") == ["delivered", "disbursed"]


def test_the_outcome_told_by_a_participle_after_a_comma_is_the_same_attack(extractor):
    events = _events(
        extractor,
        "Jihadist violence first reached Bamako in May 2016, when gunmen from the JNIM"
        " attacked the Kuru Hotel in Bamako, killing 12 people.",
    )
    assert [e.trigger.text for e in events if e.type == "ASSAULT"] == ["attacked"]


def test_an_envoy_recalled_is_not_the_target_the_host_country_is(extractor):
    events = _events(extractor, "Kenya recalled its ambassador from Uganda on Monday.")
    ev = next(e for e in events if e.type == "SANCTION")
    targets = [(a.text, a.country_code) for a in ev.arguments if a.role == "target"]
    assert targets == [("Uganda", "UGA")]


@pytest.mark.parametrize(
    ("text", "event_type", "source"),
    [
        # the parser took the subject for a noun with a clause
        ("The G9 gang alliance threatened on Tuesday to keep its blockade.", "THREATEN", "G9"),
        # a man identified as a named actor is that actor
        (
            "In a video, a man identified as rebel commander Ali Musa threatened to attack "
            "Rwandan forces.",
            "THREATEN",
            "Ali Musa",
        ),
        # ... also where the parser made the named actor a second subject
        (
            "In a video circulated on social media on Monday, a man identified as insurgent"
            " commander Bonomade Machude Omar threatened to attack Rwandan forces wherever they"
            " went.",
            "THREATEN",
            "Bonomade Machude Omar",
        ),
        # a killing the speaker reports as its own
        ("The Malian army said it had killed 30 fighters near Gao.", "ASSAULT", "Malian army"),
        # the act a subject stops short of
        ("Kenya stopped short of expelling the Ugandan ambassador.", "SANCTION", "Kenya"),
    ],
)
def test_the_source_is_the_actor_who_acts(extractor, text, event_type, source):
    assert _roles(extractor, text, event_type).get(source) == "source"


def test_a_country_aid_is_sent_to_is_its_recipient(extractor):
    roles = _roles(extractor, "Zambia sent food aid to Somalia on Monday.", "AID")
    assert roles.get("Somalia") == "recipient"


@pytest.mark.parametrize(
    ("text", "source"),
    [
        ("The government condemned the attack, which killed 12 people in Ndola.", None),
        ("Officials said rebels who attacked the base near Ndola on Monday had fled.", "rebels"),
    ],
)
def test_a_relative_pronoun_stands_for_its_noun_not_the_speaker(extractor, text, source):
    roles = _roles(extractor, text, "ASSAULT")
    sources = [t for t, r in roles.items() if r == "source"]
    assert sources == ([source] if source else [])


@pytest.mark.parametrize(
    ("text", "not_agent"),
    [
        ("The UN launched an investigation into the killings in Ndola.", "UN"),
        ("Residents fled the fighting near Ndola on Monday.", "Residents"),
    ],
)
def test_who_investigates_or_flees_an_attack_is_not_its_agent(extractor, text, not_agent):
    assert not_agent not in _roles(extractor, text, "ASSAULT")


def test_the_day_of_a_statement_is_not_the_day_of_what_it_promises(extractor):
    res = extractor.process(
        "President Hakainde Hichilema said on Monday he would not withdraw the finance bill.",
        published="2025-07-08",
    )
    ev = next(e for e in res.events if e.trigger.text == "withdraw")
    assert ev.date is None
    monday = next(t for t in res.times if t.text == "Monday")
    assert monday.value == "2025-07-07"  # the saying's past Monday, not a coming one


@pytest.mark.parametrize(
    ("text", "agent", "rescuer"),
    [
        (
            "Zambian troops rescued 20 schoolchildren abducted by bandits near Ndola.",
            "bandits",
            "Zambian troops",
        ),
        ("Doctors treated villagers wounded by soldiers during the raid.", "soldiers", "Doctors"),
        ("Police freed 12 hostages kidnapped by gunmen last week.", "gunmen", "Police"),
    ],
)
def test_a_participle_with_its_own_agent_is_not_the_main_clauses_act(
    extractor, text, agent, rescuer
):
    roles = _roles(extractor, text, "ASSAULT")
    assert rescuer not in roles
    assert roles.get(agent) == "source"


def test_captors_of_freed_hostages_are_not_their_recipient(extractor):
    roles = _roles(extractor, "Police freed 12 hostages kidnapped by gunmen last week.", "RETREAT")
    assert roles.get("Police") == "source"
    assert "gunmen" not in roles


def test_an_order_to_hold_someone_keeps_the_judge_as_its_agent(extractor):
    roles = _roles(
        extractor,
        "Judge Mwale ordered the former minister held in custody at Kasenga.",
        "DEMAND",
    )
    assert roles.get("Mwale") == "source"


@pytest.mark.parametrize("aid", ["military aid", "aid"])
def test_aid_pledged_is_one_agree_whose_recipient_is_written_after_the_aid(extractor, aid):
    events = _events(extractor, f"Zambia pledged 500 million kwacha in {aid} to Malawi.")
    assert [e.type for e in events] == ["AGREE"]
    roles = {a.text: a.role for a in events[0].arguments}
    assert roles.get("Malawi") == "recipient"


@pytest.mark.parametrize(
    ("text", "holder", "country"),
    [
        ("Zambian forces shelled Malawian-held villages near the border.", "Malawian", "MWI"),
        ("The army bombed rebel-held towns near Kasenga.", "rebel", None),
    ],
)
def test_the_side_holding_a_place_attacked_is_the_target(extractor, text, holder, country):
    res = extractor.process(text, published="2024-03-05")
    attack = next(e for e in res.events if e.type == "ASSAULT")
    assert {a.text: a.role for a in attack.arguments}.get(holder) == "target"
    side = next(a for a in res.actors if a.text == holder)
    assert side.country_code == country or country is None
    assert side.sector in ("military", "armed_group")


@pytest.mark.parametrize(
    "text",
    [
        "The EU halted aid to Niger after the coup.",
        "Russia suspended gas deliveries to Poland.",
        "The World Bank suspended aid payments to Mali, the lender said on Thursday.",
    ],
)
def test_the_country_a_stopped_transfer_went_to_is_the_sanctions_target(extractor, text):
    res = extractor.process(text, published="2020-08-27")
    sanction = next(e for e in res.events if e.type == "SANCTION")
    targets = [a.text for a in sanction.arguments if a.role == "target"]
    assert targets and targets[0] in text.split(" to ")[1]


def test_two_sides_named_as_modifiers_of_one_noun_are_both_parties(extractor):
    roles = _roles(
        extractor,
        "Zambia's government and Fano militia leaders held their first talks in Kasenga on Saturday.",
        "CONSULT",
    )
    assert roles.get("Zambia's government") == "source"
    assert roles.get("Fano militia") == "source"


def test_the_number_of_people_shot_at_is_a_count_not_the_dead(extractor):
    roles = _roles(
        extractor, "Police fired tear gas at thousands of garment workers in Kitwe.", "COERCE"
    )  # crowd control is repression (COERCE), and those it is used on are no toll
    assert roles.get("thousands") == "count"
    roles = _roles(extractor, "Gunmen killed 15 villagers near Kitwe.", "ASSAULT")
    assert roles.get("15") == "fatalities"


def test_the_owner_of_a_plan_is_the_agent_of_what_it_plans(extractor):
    roles = _roles(
        extractor,
        "The High Court on Monday suspended a government plan to deploy 1,000 police officers"
        " to Haiti.",
        "MOBILIZE",
    )
    assert roles.get("government") == "source"
    assert "High Court" not in roles


def test_a_demonym_on_a_strike_noun_is_the_attacking_countrys_forces(extractor):
    res = extractor.process("Zambian strikes killed 12 people near Kasenga on Sunday.")
    attack = next(e for e in res.events if e.type == "ASSAULT")
    sources = [a.text for a in attack.arguments if a.role == "source"]
    assert sources == ["Zambian"]
    side = next(a for a in res.actors if a.text == "Zambian")
    assert (side.canonical, side.country_code, side.sector) == (
        "Zambia military",
        "ZMB",
        "military",
    )


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("The European Union imposed sanctions on Zambia on Monday.", "COERCE"),
        ("Malawi fired about 180 ballistic missiles at Zambia on Tuesday.", "ASSAULT"),
    ],
)
def test_the_country_a_measure_is_put_on_or_fired_at_is_its_target(extractor, text, event_type):
    assert _roles(extractor, text, event_type).get("Zambia") == "target"


def test_the_bloc_refers_back_to_the_international_body_named_before(extractor):
    res = extractor.process(
        "The European Union imposed sanctions on Zambia on Monday. The bloc also banned"
        " Zambian airlines from its airspace."
    )
    bloc = next(a for a in res.actors if a.text == "bloc")
    assert (bloc.canonical, bloc.sector) == ("European Union", "igo")


def test_an_earlier_event_set_by_after_is_an_event_of_its_own(extractor):
    text = (
        "Kenya carried out air strikes on militant camps inside Somalia on Friday, two days "
        "after Mogadishu struck targets in Kenya's Mandera county."
    )
    res = extractor.process(text, published="2024-05-06")
    sources = [[a.text for a in e.arguments if a.role == "source"] for e in res.events]
    assert sources == [["Kenya"], ["Mogadishu"]]


def test_the_sides_of_clashes_between_two_are_both_sources(extractor):
    text = "Clashes between the Chadian army and the FACT rebels killed 14 people near Mao."
    res = extractor.process(text, published="2024-05-06")
    clash = next(e for e in res.events if e.type == "ASSAULT")
    assert {a.role for a in clash.arguments if a.text in ("Chadian army", "FACT")} == {"source"}
    assert len([a for a in clash.arguments if a.role == "source"]) == 2


def test_the_accused_is_the_source_of_what_they_are_accused_of(extractor):
    text = "Georgia accused Russian forces of firing on its positions along the border."
    res = extractor.process(text, published="2024-05-06")
    firing = next(e for e in res.events if e.trigger.text == "firing")
    assert [a.text for a in firing.arguments if a.role == "source"] == ["Russian forces"]


@pytest.mark.parametrize(
    ("text", "trigger", "outsider"),
    [
        (  # the report's clause, and an earlier event it names
            "Turkish warplanes bombed militant hideouts in the mountains on Thursday, the "
            "defence ministry said, a day after an attack on a state aerospace company.",
            "bombed",
            "state aerospace company",
        ),
        (  # the object of a verb in a clause joined to the event's
            "Greece's defence ministry condemned the naval drills and said it had sent troops "
            "to watch the foreign ships.",
            "condemned",
            "troops",
        ),
        (  # who names what the event was
            "Soldiers stormed the presidential palace on Wednesday in what President Maria "
            "Lopez called a coup attempt.",
            "stormed",
            "Maria Lopez",
        ),
        (  # "they" of an adverbial clause is not the main clause's subject
            "Police fired tear gas at opposition supporters on Friday as they marched to "
            "parliament.",
            "marched",
            "Police",
        ),
        (  # whose death a protest is over
            "Police killed four protesters during demonstrations over the death of Amadou Diallo.",
            "demonstrations",
            "Amadou Diallo",
        ),
        (  # whom the event of a clause describing the object acts on
            "Iranian authorities executed a man convicted of killing a member of the security "
            "forces, the judiciary said.",
            "executed",
            "security forces",
        ),
        (  # ... a relative clause's event
            "Police arrested a man who attacked two soldiers near the market on Sunday.",
            "arrested",
            "soldiers",
        ),
        (  # the forces withdrawn
            "The army said it would withdraw about 300 troops from Kidal by the end of May.",
            "withdraw",
            "troops",
        ),
        (  # the speaker of the report, however described
            "In Goma, police arrested 12 people on Sunday after looters broke into a "
            "warehouse, said Jean Mbala, a spokesman for the provincial police.",
            "arrested",
            "provincial police",
        ),
        (  # the object of a verb joined to the verb of a noun trigger's clause
            "The government declared a state of emergency in three districts on Tuesday and "
            "deployed 300 soldiers to reopen the road.",
            "emergency",
            "soldiers",
        ),
    ],
)
def test_an_actor_outside_the_events_own_clause_is_not_its_argument(
    extractor, text, trigger, outsider
):
    res = extractor.process(text, published="2024-05-06")
    event = next(e for e in res.events if e.trigger.text == trigger)
    assert outsider not in {a.text for a in event.arguments}


@pytest.mark.parametrize(
    ("text", "trigger", "patient"),
    [
        ("If convicted, the former energy minister faces up to 15 years in prison.",
         "convicted", "former energy minister"),
        ("When arrested, the opposition leader was carrying a pistol, police said.",
         "arrested", "opposition leader"),
    ],
)  # fmt: skip
def test_a_participle_clause_without_a_subject_acts_on_the_main_clauses_subject(
    extractor, text, trigger, patient
):
    res = extractor.process(text, published="2024-05-06")
    event = next(e for e in res.events if e.trigger.text == trigger)
    assert [(a.role, a.text) for a in event.arguments if a.role in ("source", "target")] == [
        ("target", patient)
    ]


def test_those_who_did_as_the_subject_did_are_sources_too(extractor):
    res = extractor.process(
        "Kenya condemned the coup, as did Uganda and the African Union.", published="2024-05-06"
    )
    (event,) = res.events
    assert [a.text for a in event.arguments if a.role == "source"] == [
        "Kenya",
        "Uganda",
        "African Union",
    ]


@pytest.mark.parametrize(
    ("text", "second", "day"),
    [
        ("France expelled 12 Malian diplomats on Tuesday and recalled its ambassador from "
         "Bamako.", "recalled", "Tuesday"),
        ("Defence ministers met in Niamey on Friday and agreed to set up a joint force.",
         "agreed", "Friday"),
    ],
)  # fmt: skip
def test_a_second_verb_of_one_subject_shares_the_date_of_the_first(extractor, text, second, day):
    res = extractor.process(text, published="2024-05-15")
    event = next(e for e in res.events if e.trigger.text == second)
    assert [a.text for a in event.arguments if a.role == "time"] == [day]


def test_a_second_verb_with_a_date_of_its_own_keeps_it(extractor):
    res = extractor.process(
        "Police arrested 12 protesters on Monday and released them on Friday.",
        published="2024-05-15",
    )
    times = {e.trigger.text: [a.text for a in e.arguments if a.role == "time"] for e in res.events}
    assert times == {"arrested": ["Monday"], "released": ["Friday"]}


def test_whom_an_event_noun_is_of_is_its_target_when_the_event_is_the_subject(extractor):
    res = extractor.process(
        "The killing of five Somali soldiers by al Shabaab militants prompted the government "
        "to send reinforcements.",
        published="2024-05-06",
    )
    killing = next(e for e in res.events if e.trigger.text == "killing")
    roles = {a.text: a.role for a in killing.arguments if a.role in ("source", "target")}
    assert roles == {"Somali soldiers": "target", "al Shabaab militants": "source"}


def test_the_one_accused_of_a_gerund_parsed_as_an_object_is_its_source(extractor):
    text = (
        "Spanish police arrested Swedish businessman Lars Nilsson in Malaga on Monday. Swedish "
        "prosecutors accuse Nilsson of smuggling at least a tonne of cocaine into Sweden "
        "through Algeciras."
    )
    roles = _roles(extractor, text, "CRIME")
    assert roles.get("Nilsson") == "source" and "Swedish prosecutors" not in roles


def test_a_word_merged_into_an_event_keeps_its_span(extractor):
    text = "Gunmen attacked a market in Orlatown on Monday, killing 12 people."
    res = extractor.process(text, published="2024-05-06")
    [ev] = [e for e in res.events if e.type == "ASSAULT"]
    assert ev.trigger.text == "attacked"
    assert [(m.text, text[m.start : m.end]) for m in ev.merged_words] == [("killing", "killing")]


@pytest.mark.parametrize(
    ("text", "trigger", "source", "target"),
    [
        (
            "Four civilians were killed when the militants shelled a market on Friday.",
            "shelled",
            "militants",
            "civilians",
        ),
        (
            "Two soldiers were wounded as rebels attacked the convoy.",
            "attacked",
            "rebels",
            "soldiers",
        ),
    ],
)
def test_a_toll_told_with_what_hit_the_victims_is_one_attack_on_them(
    extractor, text, trigger, source, target
):
    events = _events(extractor, text)
    assert [e.trigger.text for e in events] == [trigger]
    roles = {a.role: a.text for a in events[0].arguments}
    assert (roles.get("source"), roles.get("target")) == (source, target)


def test_a_gerund_subject_takes_its_source_from_by(extractor):
    events = _events(
        extractor, "The army said that shelling by Indian troops had killed three civilians."
    )
    roles = {a.role: a.text for a in events[0].arguments}
    assert (roles.get("source"), roles.get("target")) == ("Indian troops", "civilians")


def test_a_finite_verb_after_an_infinitive_shares_the_main_clauses_subject(extractor):
    events = _events(
        extractor,
        "Niger's military government ordered the French troops to leave and expelled the "
        "French ambassador.",
    )
    expelled = next(e for e in events if e.trigger.text == "expelled")
    roles = {a.role: a.text for a in expelled.arguments}
    assert roles.get("source") == "Niger's military government"


@pytest.mark.parametrize(
    ("text", "trigger", "target"),
    [
        (
            "Police fired tear gas at protesters outside the base and detained 14 of them.",
            "detained",
            "protesters",
        ),
        ("Gunmen seized two hostages at a checkpoint and killed them.", "killed", None),
    ],
)
def test_a_pronoun_argument_is_the_actor_it_stands_for_when_its_antecedent_is_one(
    extractor, text, trigger, target
):
    ev = next(e for e in _events(extractor, text) if e.trigger.text == trigger)
    assert [a.text for a in ev.arguments if a.role == "target"] == ([target] if target else [])


def test_a_relative_pronoun_object_is_the_noun_its_clause_modifies(extractor):
    text = "Troops freed 17 of the pupils whom the gunmen seized near the school in Zaria."
    ev = next(e for e in _events(extractor, text) if e.trigger.text == "seized")
    assert [a.text for a in ev.arguments if a.role == "target"] == ["pupils"]


def test_the_time_spent_is_not_the_one_who_acts(extractor):
    text = (
        "The exchange was brokered by Oman and Jordan, which spent months negotiating the "
        "deal with Iran."
    )
    ev = next(e for e in _events(extractor, text) if e.trigger.text == "negotiating")
    assert [a.text for a in ev.arguments if a.role == "source"] == ["Oman", "Jordan"]


def test_parents_who_protest_are_the_source_of_their_accusation(extractor):
    text = (
        "Hundreds of parents rallied outside the state assembly in Jos on Friday, accusing "
        "the governor of ignoring the abductions."
    )
    ev = next(e for e in _events(extractor, text) if e.trigger.text == "accusing")
    assert [a.text for a in ev.arguments if a.role == "source"] == ["parents"]


def test_a_definite_noun_with_a_count_of_its_own_is_another_event(extractor):
    text = (
        "Militants released 12 hostages in the capital on Monday. The government answered "
        "with the release of 30 prisoners on Tuesday. A bombing killed 12 people in the "
        "market on Monday. The blast destroyed three shops."
    )
    events = _events(extractor, text)
    assert [e.trigger.text for e in events if e.type == "RETREAT"] == ["released", "release"]
    bombing = next(e for e in events if e.type == "ASSAULT")
    assert [m.text for m in bombing.mentions] == ["blast"]


def test_a_charge_daffaires_is_the_envoy_summoned(extractor):
    ev = next(
        e
        for e in _events(extractor, "Baghdad summoned Turkey's charge d'affaires on Monday.")
        if e.trigger.text == "summoned"
    )
    assert ev.type == "DISAPPROVE"
    assert [a.text for a in ev.arguments if a.role == "target"] == ["Turkey's charge d'affaires"]


def test_answering_an_earlier_event_aims_at_whoever_did_it(extractor):
    text = (
        "Ghana's foreign ministry summoned Togo's envoy and lodged a protest over the "
        "shooting. Togo's foreign ministry rejected the protest on Monday. Gunmen attacked a "
        "police post in Kano on Sunday. The governor condemned the attack."
    )
    events = _events(extractor, text)
    rejected = next(e for e in events if e.trigger.text == "rejected")
    condemned = next(e for e in events if e.trigger.text == "condemned")
    assert [a.text for a in rejected.arguments if a.role == "target"] == [
        "Ghana's foreign ministry"
    ]
    assert [a.text for a in condemned.arguments if a.role == "target"] == ["Gunmen"]


def test_a_verbal_act_joined_to_the_reported_clause_is_the_speakers(extractor):
    text = (
        'Chinese Foreign Ministry spokeswoman Mao Ling said the trawler had "illegally '
        'intruded" into Chinese waters, accused Vietnam of a deliberate provocation and '
        "rejected Hanoi's protest."
    )
    events = _events(extractor, text)
    accused = next(e for e in events if e.trigger.text == "accused")
    assert [a.text for a in accused.arguments if a.role == "source"] == ["Mao Ling"]


def test_the_one_handed_a_protest_is_its_target_and_the_envoy_is_the_one_summoned(extractor):
    res = extractor.process(
        "BAGHDAD, August 22, 2024 (Newswire) — Iraq's foreign ministry summoned Iran's "
        "ambassador on Tuesday. The ministry handed the envoy a formal protest over the "
        "shelling.",
        published="2024-08-22",
    )
    protest = next(e for e in res.events if e.trigger.text == "protest")
    assert [a.text for a in protest.arguments if a.role == "target"] == ["envoy"]
    envoy = next(a for a in res.actors if a.text == "envoy")
    assert envoy.country_code == "IRN"


def test_the_main_verb_after_a_relative_clause_has_the_name_as_subject(extractor):
    text = (
        "Qatar, which signed a security pact with Chad in March, offered on Friday to mediate "
        "between the two governments."
    )
    offered = next(e for e in _events(extractor, text) if e.trigger.text == "offered")
    assert [a.text for a in offered.arguments if a.role == "source"] == ["Qatar"]


def test_a_participle_with_its_own_date_is_an_event_of_its_own(extractor):
    text = "A court in Minsk sentenced a journalist, arrested in May 2023, to five years in prison."
    res = extractor.process(text, published="2024-11-15")
    coerce = sorted(e.trigger.text for e in res.events if e.type == "COERCE")
    assert coerce == ["arrested", "sentenced"]
    arrest = next(e for e in res.events if e.trigger.text == "arrested")
    assert arrest.date == "2023-05"
