"""Which spans the places component calls places."""


def _places(extractor, text):
    return [(p.text, p.kind, p.country_code, p.precision) for p in extractor.process(text).places]


def test_the_world_is_a_region_with_no_country(extractor):
    got = _places(extractor, "Peru supplies about 2 percent of the world's copper.")
    assert ("world", "region", None, "unknown") in got


def test_world_in_a_name_is_not_the_world(extractor):
    got = _places(extractor, "The World Bank sent $80 million to flood victims in Beira.")
    assert [p[0] for p in got] == ["Beira"]


def _story_and_dateline(extractor, text):
    places = extractor.process(text).places
    story = [(p.text, p.country_code) for p in places if not p.dateline]
    dateline = [(p.text, p.country_code) for p in places if p.dateline]
    return story, dateline


def test_the_dateline_place_is_flagged_and_says_which_country_the_story_is_in(extractor):
    text = (
        "BEIRA, March 25, 2019 (Newswire) \u2014 The World Food Programme began airlifting "
        "food to flood victims in Buzi district on Monday."
    )
    story, dateline = _story_and_dateline(extractor, text)
    assert story == [("Buzi district", "MOZ")]
    assert dateline == [("BEIRA", "MOZ")]


def test_a_dateline_country_after_the_city_is_used(extractor):
    text = "SANAA, Yemen, Oct. 5, 2021 (Newswire) \u2014 Police arrested 12 protesters in Taiz."
    story, dateline = _story_and_dateline(extractor, text)
    assert story == [("Taiz", "YEM")]
    assert dateline == [("SANAA", "YEM"), ("Yemen", "YEM")]


def test_a_dateline_without_a_date_is_flagged_too(extractor):
    text = "HELENA, Mont. (AP) \u2014 Firefighters contained a grass fire near Great Falls."
    story, dateline = _story_and_dateline(extractor, text)
    assert dateline == [("HELENA", "USA"), ("Mont.", "USA")]
    assert ("Great Falls", "USA") in story


def test_a_dateline_after_a_byline_is_found(extractor):
    text = (
        "Jane Roe, The Associated Press. LISBON (AP) \u2014 Trams stopped running in the "
        "old town after a storm."
    )
    _, dateline = _story_and_dateline(extractor, text)
    assert dateline == [("LISBON", "PRT")]


def test_a_dateline_state_glued_to_its_dash_keeps_its_own_span(extractor):
    places = extractor.process(
        "DUBLIN, Calif.--(BUSINESS WIRE)--A maker of cold-storage sensors opened a plant."
    ).places
    assert [(p.text, p.name, p.dateline) for p in places][:2] == [
        ("DUBLIN", "Dublin", True),
        ("Calif.", "California", True),
    ]


def test_a_capitalised_headline_with_a_dash_is_no_dateline(extractor):
    places = extractor.process("US - China talks resume in Geneva on Monday.").places
    assert not any(p.dateline for p in places)


def test_the_dateline_place_is_not_an_event_place(extractor):
    result = extractor.process("ATLANTA (AP) \u2014 Police arrested two men on Monday.")
    assert [p.text for p in result.places if p.dateline] == ["ATLANTA"]
    dateline_ids = {p.id for p in result.places if p.dateline}
    assert not any(a.ref in dateline_ids for e in result.events for a in e.arguments)


def test_a_country_used_for_its_government_is_not_a_place(extractor):
    for text in (
        "Algeria's Foreign Ministry summoned the envoy.",
        "Washington and Ottawa have pledged to send armoured vehicles.",
        "Ankara warned Damascus that it would retaliate.",
        "The talks aim at a thaw between Paris and Algiers.",
    ):
        assert _places(extractor, text) == [], text
    # a possession that is a place keeps the country a place
    assert "Peru" in [p[0] for p in _places(extractor, "Farmers marched in Peru's south.")]


def test_the_party_an_act_names_with_a_preposition_is_its_government(extractor):
    for text in (
        "Qatar offered on Friday to mediate between Kigali and Kinshasa.",
        "Norway offered its mediation to Bogota on Tuesday.",
    ):
        assert _places(extractor, text) == [], text
    res = extractor.process(
        "Norway offered its mediation to Bogota on Tuesday.", published="2024-05-15"
    )
    assert [a.country_code for a in res.actors if a.text == "Bogota"] == ["COL"]
    # where a visit or troops go stays a place
    for text in ("The president made a visit to Kigali.", "Kenya sent troops to Kinshasa."):
        assert len(_places(extractor, text)) == 1, text


def test_a_country_that_is_to_act_or_is_given_something_is_not_a_place(extractor):
    for text in (
        "The outbreak prompted Chile to suspend imports of Argentine beef.",
        "Washington agreed to sell Poland 250 tanks.",
    ):
        assert _places(extractor, text) == [], text
    # a place gone to for a purpose stays a place
    assert [p[0] for p in _places(extractor, "Thousands left Chile to find work.")] == ["Chile"]


def test_the_sides_of_a_hyphenated_war_or_deal_are_actors_not_places(extractor):
    result = extractor.process("The US-China trade war deepened on Monday.", published="2020-01-01")
    assert not result.places
    assert [a.canonical for a in result.actors] == ["United States government", "China government"]


def test_both_ends_of_a_route_between_two_towns_are_places(extractor):
    got = _places(extractor, "The UN wants to restore flights between Tripoli and Benghazi.")
    assert [(p[0], p[2]) for p in got] == [("Tripoli", "LBY"), ("Benghazi", "LBY")]


def test_a_country_across_a_border_is_a_place(extractor):
    got = _places(extractor, "Families are sheltering in olive groves near the border with Turkey.")
    assert [p[0] for p in got] == ["Turkey"]


def test_a_country_described_in_apposition_is_a_place(extractor):
    got = _places(extractor, "Georgia, a former Soviet republic of 3.7 million, has seen protests.")
    assert [(p[0], p[2]) for p in got] == [("Georgia", "GEO")]


def test_a_name_before_a_facility_noun_is_a_facility(extractor):
    text = "Iraqi forces took over the al-Qaim military base near the border with Syria."
    assert ("al-Qaim military base", "facility") in [(p[0], p[1]) for p in _places(extractor, text)]


def test_the_countries_whose_presidents_meet_are_actors(extractor):
    text = "The presidents of Turkey, Russia and Iran are due to hold a summit next week."
    assert _places(extractor, text) == []


def test_a_possessive_place_resolves_like_the_place(extractor):
    got = _places(extractor, "London’s total was a little higher than New York’s in March.")
    assert ("New York’s", "city", "USA", "exact") in got


def test_an_ocean_is_a_region_with_no_country(extractor):
    got = _places(extractor, "Debris was found on the shores of the Indian Ocean.")
    assert [(p[0].removeprefix("the "), p[1], p[2]) for p in got] == [
        ("Indian Ocean", "region", None)
    ]


def test_a_street_with_no_town_in_its_sentence_takes_the_town_of_the_article(extractor):
    text = (
        "A fire broke out on Bourbon Street on Friday. Firefighters in New Orleans said "
        "the blaze was out by noon."
    )
    got = {p[0]: p for p in _places(extractor, text)}
    assert got["Bourbon Street"][1:] == ("facility", "USA", "near")


def test_a_street_is_not_put_in_a_lone_town_abroad_but_in_the_articles_country(extractor):
    text = (
        "Crews closed Desire Street on Friday after a gas leak. Residents were moved to "
        "shelters across Louisiana and Texas. The building's owner, who lives in Lyon, "
        "was not reached."
    )
    got = {p[0]: p for p in _places(extractor, text)}
    assert got["Lyon"][1:3] == ("city", "FRA")
    assert got["Desire Street"][1:] == ("facility", "USA", "country")


def test_a_venue_written_with_its_town_is_a_place_in_that_town(extractor):
    text = "The man was arrested after a press conference at Barclays Center in Brooklyn."
    got = {p[0]: p for p in _places(extractor, text)}
    assert got["Barclays Center"][1:] == ("facility", "USA", "near")


def test_an_organisation_named_like_a_venue_is_not_a_place(extractor):
    got = _places(extractor, "Researchers at the Pew Research Center said turnout fell.")
    assert got == []


def test_a_name_the_gazetteer_lacks_resolves_by_its_known_part(extractor):
    text = (
        "There are 28 contracts in Nenagh Municipal District area, the council in "
        "Tipperary said. Nenagh has 430 applicants."
    )
    got = {p.text: p for p in extractor.process(text).places}
    assert (
        got["Nenagh Municipal District"].name,
        got["Nenagh Municipal District"].country_code,
    ) == (
        "Nenagh",
        "IRL",
    )


def test_a_street_is_not_resolved_by_a_compass_word_in_its_name(extractor):
    text = "The concert is at 30 22nd St. North in Birmingham, Alabama."
    got = {p.text: p for p in extractor.process(text).places}
    assert got["St. North"].country_code in (None, "USA")  # not the North Region of Cameroon


def test_a_town_the_recogniser_left_unlabelled_is_a_place_where_it_is_a_destination(extractor):
    got = _places(
        extractor, "British motorists heading from Gloucester to Cirencester faced long delays."
    )
    assert ("Cirencester", "city", "GBR", "exact") in got


def test_a_region_written_after_a_venue_is_that_region_in_the_articles_country(extractor):
    text = (
        "The British touring car season opens in April. Round one: Knockhill, Fife. "
        "Round two: Brands Hatch Indy, Kent."
    )
    got = _places(extractor, text)
    assert ("Fife", "admin2", "GBR", "near") in got
    assert ("Kent", "admin2", "GBR", "near") in got


def test_a_name_the_gazetteer_lacks_is_placed_near_the_town_the_article_is_about(extractor):
    text = (
        "Residents of Nenagh in County Tipperary, Ireland, said 40 homes were flooded. "
        "Volunteers from Ballinaclough and Toomevara helped clear the streets."
    )
    places = {p.text: p for p in extractor.process(text).places}
    village = places["Ballinaclough"]
    assert (village.country_code, village.precision) == ("IRL", "near")
    assert (village.lat, village.lon) == (places["Nenagh"].lat, places["Nenagh"].lon)


def test_a_name_the_gazetteer_lacks_in_an_article_with_no_town_takes_only_its_country(
    extractor,
):
    text = "Floods hit Ireland on Monday. Volunteers from Ballinaclough and Toomevara helped."
    places = {p.text: p for p in extractor.process(text).places}
    village = places["Ballinaclough"]
    assert (village.country_code, village.precision, village.lat) == ("IRL", "country", None)


def test_a_square_named_after_a_town_is_in_the_town_of_the_article(extractor):
    text = (
        "Mourners gathered in New Orleans on Sunday. The vigil moved from Jackson Square "
        "to Washington Square before dusk."
    )
    places = {p.text: p for p in extractor.process(text).places}
    town = (places["New Orleans"].lat, places["New Orleans"].lon)
    for square in ("Jackson Square", "Washington Square"):  # not Jackson, MS, nor DC
        assert (places[square].lat, places[square].lon) == town


def test_a_name_the_gazetteer_lacks_written_in_a_town_is_placed_near_that_town(extractor):
    text = "The chef moved from Olindo in Nairobi to a hotel in Mombasa."
    places = {p.text: p for p in extractor.process(text).places}
    assert (places["Olindo"].country_code, places["Olindo"].precision) == ("KEN", "near")
    assert places["Olindo"].lat == places["Nairobi"].lat


def test_a_town_name_the_recogniser_cut_in_two_is_one_place(extractor):
    got = _places(extractor, "Nurses in Boa Vista treated 40 migrants on Tuesday.")
    assert [(p[0], p[2]) for p in got] == [("Boa Vista", "BRA")]


def test_a_street_takes_the_town_an_organisation_is_named_after_when_no_town_is_named(
    extractor,
):
    text = "Officers of the Winnipeg Police Service closed Portage Avenue after the crash."
    places = {p.text: p for p in extractor.process(text).places if not p.embedded}
    assert list(places) == ["Portage Avenue"]  # the organisation's town is only flagged
    street = places["Portage Avenue"]
    assert (street.country_code, street.precision) == ("CAN", "near")
    assert round(street.lat or 0) == 50  # Winnipeg, 49.9 N


def test_a_world_region_is_not_a_small_town_of_its_name_near_the_articles_places(extractor):
    text = "Protesters in Baltimore and Annapolis marched against the wars in the Middle East."
    got = _places(extractor, text)
    assert ("Middle East", "region", None, "near") in got  # not the Baltimore neighbourhood


def test_an_article_naming_no_country_is_in_the_country_of_most_of_its_towns(extractor):
    text = (
        "Snow closed roads in Leeds and Bradford on Monday, and drivers heading to "
        "Cirencester faced long delays."
    )
    got = _places(extractor, text)  # the recogniser calls Cirencester a person here
    assert ("Cirencester", "city", "GBR", "exact") in got


def test_a_town_written_before_its_region_and_a_comma_is_a_place(extractor):
    text = (
        "The British touring car season opens in April. Round four: Croft, North Yorkshire. "
        "Round eight: Silverstone, Northamptonshire."
    )
    got = {p[0]: p[1:3] for p in _places(extractor, text)}
    assert got.get("Silverstone") == ("city", "GBR")
    assert got.get("Croft") == ("city", "GBR")


def test_a_name_with_no_namesake_in_the_region_written_after_it_lies_in_that_region(
    extractor,
):
    text = (
        "The British touring car season opens in April. Round seven: Knockhill, Fife. "
        "Round six: Rockingham, Northamptonshire."
    )
    places = {p.text: p for p in extractor.process(text).places}
    for name, region in (("Knockhill", "Fife"), ("Rockingham", "Northamptonshire")):
        assert (places[name].country_code, places[name].precision) == ("GBR", "near")
        assert places[name].lat == places[region].lat  # not Rockingham, Western Australia


def test_towns_called_people_whose_namesakes_are_all_in_one_country_place_the_article(
    extractor,
):
    text = "Drivers travelling to Cirencester were warned. Buses to Cirencester were cancelled."
    got = _places(extractor, text)
    assert ("Cirencester", "city", "GBR", "exact") in got


def test_a_town_an_organisations_name_begins_with_is_a_flagged_place(extractor):
    text = "Crews of the Winnipeg Fire Paramedic Service put out a blaze in Winnipeg, Canada."
    places = extractor.process(text).places
    inner = [(p.text, p.country_code, p.embedded) for p in places if p.embedded]
    assert inner == [("Winnipeg", "CAN", True)]
    assert [p.start for p in places] == sorted(p.start for p in places)
    assert len({p.id for p in places}) == len(places)


def test_a_name_inside_an_organisation_is_no_place_abroad_from_the_storys_places(extractor):
    text = "The Chicago Tribune reported that floods hit Nairobi, Kenya."
    places = extractor.process(text).places
    assert [p.text for p in places] == ["Nairobi", "Kenya"]  # Chicago lies abroad


def test_roads_named_by_number_are_places_in_the_storys_town(extractor):
    text = (
        "Drivers in Gloucester, England, face delays. The A417 southbound carriageway will "
        "close, with a diversion via the A436 and A40."
    )
    places = {p.text: p for p in extractor.process(text).places}
    for road in ("A417", "A436", "A40"):
        assert (places[road].kind, places[road].country_code, places[road].precision) == (
            "facility",
            "GBR",
            "near",
        )


def test_a_code_like_a_road_number_is_no_road_where_no_road_noun_stands_by_one(extractor):
    text = "The M23 withdrew from Goma in Congo, and an A380 landed in Kinshasa."
    assert [p.text for p in extractor.process(text).places] == ["Goma", "Congo", "Kinshasa"]


def test_a_demonym_beside_a_named_country_is_no_country_the_story_is_about(extractor):
    places = extractor.nlp.get_pipe("places")
    doc = extractor.nlp("British tourists touring the United States stayed in Birmingham.")
    assert places._doc_countries(doc) == {"USA"}
    doc = extractor.nlp("Kenyan police arrested two men on Monday.")
    assert places._doc_countries(doc) == {"KEN"}  # no country named: the demonym's


def test_a_country_as_the_subject_of_what_a_territory_is_or_does_is_a_place(extractor):
    r = extractor.process(
        "Brazil and China continued to account for most new solar capacity. Chile is the "
        "largest copper producer. Peru said it would raise royalties.",
        published="2020-01-01",
    )
    assert [p.text for p in r.places] == ["Brazil", "China", "Chile"]
    assert [a.canonical for a in r.actors] == ["Peru government"]  # Peru decides


def test_a_town_struck_or_attacked_is_a_place_whatever_the_recogniser_called_it(extractor):
    for text, town in [
        (
            "Russian forces launched a missile attack on Kharkiv, killing three civilians.",
            "Kharkiv",
        ),
        ("Russian drones struck Odesa overnight, officials said.", "Odesa"),
        ("Russia attacked Zaporizhzhia with glide bombs.", "Zaporizhzhia"),
    ]:
        res = extractor.process(text)
        assert (town, "city", "UKR") in [(p.text, p.kind, p.country_code) for p in res.places]
        assert town not in [a.text for a in res.actors]


def test_a_demonym_the_recogniser_called_a_place_is_no_place(extractor):
    got = _places(extractor, "Ukrainian drones hit Belgorod on Friday.")
    assert [p[0] for p in got] == ["Belgorod"]


def test_a_town_off_whose_coast_something_happens_is_a_place(extractor):
    got = _places(extractor, "The Italian coastguard rescued 300 migrants off Lampedusa.")
    assert [p[0] for p in got] == ["Lampedusa"]


def test_a_country_the_recogniser_took_for_a_person_is_a_place_where_a_place_stands(extractor):
    for text, country in [
        ("Gunmen killed 15 civilians in an attack on a village in central Mali on Sunday.", "Mali"),
        ("The gunmen fled towards the border with Burkina Faso, officials said.", "Burkina Faso"),
    ]:
        res = extractor.process(text)
        assert (country, "country") in [(p.text, p.kind) for p in res.places]
        assert country not in [a.text for a in res.actors]


def test_a_city_in_the_passive_of_a_strike_is_a_place_and_a_person_is_not(extractor):
    res = extractor.process("Kyiv was struck by Russian missiles overnight.")
    assert [(p.text, p.kind) for p in res.places] == [("Kyiv", "city")]
    assert "Kyiv" not in [a.text for a in res.actors]
    res = extractor.process("Clark was hit by eight bullets, the pathologist said.")
    assert "Clark" not in [p.text for p in res.places]
