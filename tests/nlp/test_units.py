"""Units of measure around a quantity: rates, units shared by a range or a list, weight
against sterling, multiples (extract.nlp.units)."""


def _units(extractor, text):
    return {q.text: q.unit for q in extractor.process(text, published="2020-01-01").quantities}


def test_a_rate_keeps_its_denominator(extractor):
    u = _units(extractor, "Diesel sold at $1.40 per litre and the farm earned $3 a bushel.")
    assert u["$1.40"] == "USD per litre"
    assert u["$3"] == "USD per bushel"


def test_a_speed_written_after_a_range_is_the_unit_of_both_ends(extractor):
    u = _units(extractor, "Gusts of 40 to 55 miles per hour hit the coast.")
    assert u["40 to 55 miles"] == "miles per hour"


def test_a_square_unit_after_per_is_read_whole(extractor):
    u = _units(extractor, "Offices in the centre rent for $45 per square foot.")
    assert u["$45"] == "USD per square foot"


def test_a_unit_written_on_the_first_end_holds_for_the_bare_second(extractor):
    u = _units(extractor, "The boxer has been dropping from 180 pounds to 171 since March.")
    assert u["180 pounds"] == "pounds" and u["171"] == "pounds"


def test_the_level_a_quantity_is_compared_with_takes_its_unit(extractor):
    u = _units(extractor, "The ferry carried 12 tonnes of maize, down from 15 in May.")
    assert u["15"] == "tonnes"
    u = _units(extractor, "Orla Mills' sales grew to 3.2 billion rand from 2.9 billion.")
    assert u["2.9 billion"] == "ZAR"


def test_a_compared_number_of_another_size_keeps_no_unit(extractor):
    u = _units(extractor, "The ferry carried 12 tonnes, up from 1,500 last year.")
    assert u["1,500"] is None


def test_a_unit_written_on_the_last_member_holds_for_the_bare_first(extractor):
    u = _units(extractor, "The alloys tested at 40, 55 and 60 GPa in the lab.")
    assert u["40"] == "GPa" and u["55"] == "GPa"


def test_a_rate_written_on_the_last_member_holds_for_the_bare_first(extractor):
    u = _units(extractor, "Tomato prices at the Orla market rose from 4 to 6 dollars a kilo.")
    assert u["4"] == "USD per kilogram" and u["6 dollars"] == "USD per kilogram"


def test_pounds_with_money_around_them_stay_sterling(extractor):
    u = _units(extractor, "The club paid 40 million pounds for the striker.")
    assert u["40 million pounds"] == "GBP"


def test_a_multiple_has_times_as_its_unit(extractor):
    u = _units(extractor, "The bank trades at 9.5 times its forecast earnings.")
    assert u["9.5"] == "times"


def test_a_unit_glued_after_a_hyphenated_range_is_read(extractor):
    u = _units(extractor, "The lamp takes a 4-8W bulb.")
    assert u["4-8W"] == "W"


def test_an_age_has_years_old_as_its_unit_and_counts_no_noun(extractor):
    r = extractor.process(
        "Divers found a 120,000 year-old tusk near a 40-year-old wreck.", published="2020-01-01"
    )
    ages = {q.text: (q.unit, q.counted) for q in r.quantities}
    assert ages["120,000"] == ("year-old", None)
    assert ages["40"] == ("year-old", None)


def test_a_bare_number_said_to_be_someones_age_has_years_old_as_its_unit(extractor):
    u = _units(
        extractor,
        "The two suspects, aged 19 and 23, were held. The mayor said she was 72 when she "
        "retired, and the average age of the volunteers is around 40.",
    )
    assert u["19"] == u["23"] == u["72"] == u["around 40"] == "year-old"


def test_a_bare_number_after_be_with_no_person_as_subject_is_not_an_age(extractor):
    u = _units(extractor, "The total was 35 by the end of the year.")
    assert u["35"] is None


def test_a_rate_per_kilowatt_hour_or_per_user_keeps_its_denominator(extractor):
    u = _units(extractor, "Power cost 3.5 cents a kilowatt-hour and revenue reached $4 per user.")
    assert u["3.5 cents"] == "cents per kWh"
    assert u["$4"] == "USD per user"


def test_a_unit_written_with_a_slash_is_a_rate_and_its_denominator_is_not_counted(extractor):
    r = extractor.process(
        "Nitrate reached 50 mg/L in the river and the cell ran at 1.3 A/cm2.",
        published="2020-01-01",
    )
    got = {q.text: (q.unit, q.counted) for q in r.quantities}
    assert got["50 mg"] == ("mg per litre", None)
    assert got["1.3 A"] == ("A per square centimetre", None)


def test_a_currency_written_after_the_amount_is_read_by_its_symbol(extractor):
    u = _units(extractor, "A coffee in Zagreb cost 12 kn and a tram ticket in Warsaw 4 zł.")
    assert u["12 kn"] == "HRK" and u["4 zł"] == "PLN"


def test_a_time_unit_right_after_a_number_is_its_unit_not_the_noun_counted_later(extractor):
    u = _units(extractor, "The relay team ran a 9.8 second 100 metre leg in the final.")
    assert u["9.8"] == "second"


def test_a_bare_number_after_of_counts_the_noun_it_is_the_amount_of(extractor):
    r = extractor.process("A crowd of 20,000 filled the Orla square.", published="2020-01-01")
    assert [(q.text, q.counted) for q in r.quantities] == [("20,000", "crowd")]


def test_a_word_before_of_and_the_number_is_not_part_of_the_counted_noun(extractor):
    r = extractor.process(
        "The Orla ferry line offered a total of nine weekly routes.", published="2020-01-01"
    )
    assert [(q.text, q.counted) for q in r.quantities] == [("nine", "weekly routes")]


def test_a_rate_follows_a_word_naming_the_moneys_country(extractor):
    r = extractor.process(
        "Cocoa fell from $3 U.S. per kilo to $2.40 in May.", published="2020-01-01"
    )
    q = {q.text: (q.unit, q.counted) for q in r.quantities}
    assert q["$3"] == ("USD per kilogram", None)


def test_a_number_hung_on_an_adjective_counts_the_noun_after_it(extractor):
    r = extractor.process(
        "The Orla label shipped 4.3M digital and physical copies.", published="2020-01-01"
    )
    assert [(q.text, q.counted) for q in r.quantities] == [("4.3M", "digital and physical copies")]


def test_a_counted_noun_written_once_holds_for_every_member_of_a_list(extractor):
    r = extractor.process("The Orla mills hired 40, 55 and 60 weavers.", published="2020-01-01")
    assert [q.counted for q in r.quantities] == ["weavers", "weavers", "weavers"]


def _parsed(words, heads, deps, pos):  # type: ignore[no-untyped-def]
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    return Doc(Vocab(), words=words, heads=heads, deps=deps, pos=pos)


def test_coordinated_adjectives_parsed_as_the_head_count_the_noun_they_share():
    from extract.nlp.quantities import counted_noun, noun_phrase

    # "the combined 2.6 M digital and physical copies", parsed with "digital" as the head
    # and "copies" as its conjunct
    doc = _parsed(
        ["the", "combined", "2.6", "M", "digital", "and", "physical", "copies"],
        [4, 4, 4, 4, 4, 4, 7, 4],
        ["det", "amod", "nummod", "nmod", "ROOT", "cc", "amod", "conj"],
        ["DET", "VERB", "NUM", "PROPN", "ADJ", "CCONJ", "ADJ", "NOUN"],
    )
    number = doc[2:4]
    head = counted_noun(doc[2], number)
    assert head is not None and head.text == "copies"
    assert noun_phrase(head, number) == "digital and physical copies"


def test_a_fraction_written_with_a_hyphen_counts_the_noun_after_of(extractor):
    r = extractor.process(
        "Nearly two-thirds of the voters came from cities.", published="2020-01-01"
    )
    assert [(q.value, q.counted) for q in r.quantities] == [(2 / 3, "voters")]


def test_barrels_of_oil_is_one_named_unit(extractor):
    u = _units(extractor, "The Orla field has produced about 2 million barrels of oil so far.")
    assert u["about 2 million barrels of oil"] == "barrels of oil"
    u = _units(extractor, "The Orla field pumps 40,000 barrels of oil a day.")
    assert u["40,000 barrels of oil"] == "barrels of oil per day"


def test_a_shares_counted_noun_leaves_out_the_other_number_and_its_qualifier(extractor):
    r = extractor.process(
        "Nearly two-thirds of the combined 2.6M digital and physical copies of Orla Rising"
        " came from shops.",
        published="2020-01-01",
    )
    assert [(q.text, q.counted) for q in r.quantities] == [
        ("Nearly two-thirds", "digital and physical copies"),
        ("2.6M", "digital and physical copies"),
    ]


def test_multiword_units_written_the_us_way_are_read_whole(extractor):
    u = _units(extractor, "The Orla tank holds 5 cubic meters and the lake 12 cubic kilometers.")
    assert u["5 cubic meters"] == "cubic meters" and u["12 cubic kilometers"] == "cubic kilometers"
    u = _units(extractor, "Orla shipped 3 metric tons of rye and used 2 terawatt hours.")
    assert u["3 metric tons"] == "metric tons" and u["2 terawatt hours"] == "terawatt hours"


def test_the_level_after_a_move_in_points_is_in_points(extractor):
    u = _units(extractor, "The Orla index closed 85 points higher at 6,240.")
    assert u["6,240"] == "points"


def test_an_age_range_after_aged_is_in_years_of_age(extractor):
    qs = extractor.process(
        "The Beira clinic vaccinated 900 women aged 20 to 45.", published="2020-01-01"
    ).quantities
    age = next(q for q in qs if q.text == "20 to 45")
    assert (age.unit, age.lower, age.upper) == ("year-old", 20, 45)


def test_a_fraction_of_one_unit_is_in_that_unit(extractor):
    u = _units(extractor, "The Orla ferry stops a third of a mile from the market.")
    assert u["a third of a mile"] == "mile"


def test_a_clause_that_repeats_a_slot_takes_the_unit_it_leaves_out(extractor):
    u = _units(extractor, "The Orla index gained 1.4 percent on Monday and 0.6 on Tuesday.")
    assert u["0.6"] == "percent"
    u = _units(extractor, "Orla shares closed at 214 pence, having opened at 226.")
    assert u["226"] == "pence"
    u = _units(
        extractor, "Rye exports fell to 2.1 million tonnes in May from 2.5 million in April."
    )
    assert u["2.5 million"] == "tonnes"


def test_a_repeated_clause_takes_the_counted_noun_it_leaves_out(extractor):
    qs = extractor.process(
        "The Orla works hired 300 welders last year and 450 this year.", published="2020-01-01"
    ).quantities
    assert {q.text: q.counted for q in qs}["450"] == "welders"


def test_a_bare_number_in_another_slot_keeps_no_unit(extractor):
    u = _units(extractor, "The Orla index rose 2 percent to 6,240 on Monday.")
    assert u["6,240"] is None
