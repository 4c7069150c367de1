"""What is written around a quantity: bounds, conversions, directions and names."""

import pytest


def _quantities(extractor, text):
    return {q.text: q for q in extractor.process(text, published="2020-01-01").quantities}


def test_over_before_a_number_is_a_lower_bound(extractor):
    q = _quantities(extractor, "They were tricked into paying over $100 million for work.")
    assert q["over $100 million"].lower == 100e6


def test_over_as_a_verb_particle_is_not_a_bound(extractor):
    q = _quantities(extractor, "The militants will hand over three more soldiers.")
    assert q["three"].lower is None


def test_a_conversion_in_brackets_keeps_the_bound_of_its_original(extractor):
    q = _quantities(extractor, "The engine produces just under 296 hp (224 kW / 300 PS) of power.")
    assert q["224 kW"].upper == 224.0 and q["224 kW"].approximate
    q = _quantities(
        extractor, "A fee for customers with more than 7.5 million Danish crowns (US $1.1 million)."
    )
    assert q["US $1.1 million"].lower == 1.1e6


def test_a_sign_marks_a_rise_and_to_marks_the_level_reached(extractor):
    q = _quantities(extractor, "On Wall St: Dow +0.2% and Nasdaq +0.8%.")
    assert q["+0.2%"].change == "up" and q["+0.8%"].change == "up"
    q = _quantities(extractor, "The gas contract was up 10.4 cents to US $2.24 per mmBTU.")
    assert q["10.4 cents"].change == "up"
    assert q["US $2.24"].change is None


@pytest.mark.parametrize(
    "text",
    [
        "The debut of Boeing's own 787 Dreamliner was marred by fires.",
        "The 90049 ZIP Code had the highest prices.",
        "An office at 16-18 Industrial Avenue, has leased.",
        "Shares slumped during 2022\u2032s market rout.",
        "stocks were mixed and the sp 500 is poised to open flat.",
        "the ftse 100 and the nikkei 225 closed lower.",
    ],
)
def test_model_numbers_addresses_and_years_are_not_quantities(extractor, text):
    assert not extractor.process(text, published="2020-01-01").quantities


def test_a_round_count_before_a_group_name_is_still_a_count(extractor):
    q = _quantities(extractor, "Police said 143 Hamas fighters and 20 Marines were killed.")
    assert {"143", "20"} <= set(q)


def test_the_level_reached_after_to_has_no_direction_even_when_tagged_a_particle(extractor):
    q = _quantities(
        extractor,
        "The deficit grew last year, having increased by $43.6 billion to $419.2 billion.",
    )
    assert q["$43.6 billion"].change == "up"
    assert q["$419.2 billion"].change is None


def test_a_number_inside_a_noun_phrase_takes_no_direction_from_the_verb(extractor):
    q = _quantities(extractor, "Bitcoin plummeted to $34,935 at 5am, a sharp 3 percent drop.")
    assert q["3 percent"].change is None
    q = _quantities(extractor, "Hosmer added a 30 degree homer to tie the game.")
    assert q["30 degree"].change is None


def test_a_change_noun_with_by_gives_the_direction(extractor):
    q = _quantities(extractor, "German DAX increased by 2 percent but NSADAQ decrease by 1.")
    assert q["2 percent"].change == "up" and q["1"].change == "down"


def test_a_direction_adverb_on_the_verb_gives_the_direction_of_by(extractor):
    q = _quantities(extractor, "Operating profit was revised upward by Y=40 billion.")
    assert q["Y=40 billion"].change == "up"
    q = _quantities(extractor, "Shares of Ross were down 2.3%, Burlington by 2.6% at the open.")
    assert q["2.6%"].change == "down"


def test_a_conversion_in_brackets_keeps_the_direction_of_its_original(extractor):
    q = _quantities(
        extractor, "Temperatures dropped by 1 to 1.5 degrees Celsius (1.8 to 2.7 Fahrenheit)."
    )
    assert q["1.8 to 2.7 Fahrenheit"].change == "down"


def test_a_unit_in_capitals_is_still_a_unit(extractor):
    q = _quantities(extractor, "Ice melt could cause sea levels to rise 11 FEET per century.")
    assert q["11 FEET"].unit == "feet per century" and q["11 FEET"].change == "up"


def test_an_average_is_approximate(extractor):
    q = _quantities(extractor, "Hosmer entered the game averaging 15.9 degrees of launch angle.")
    assert q["15.9 degrees"].approximate
    q = _quantities(extractor, "The stock trades on barely 6.5 times earnings.")
    assert q["barely 6.5"].approximate


def test_sub_before_a_number_is_an_upper_bound(extractor):
    q = _quantities(extractor, "The light helps chipmakers produce sub-7 nanometer chips.")
    assert q["sub-7 nanometer"].upper == 7.0


def test_an_age_after_a_name_is_not_a_quantity(extractor):
    q = _quantities(
        extractor, "Senard, 65, now faces the task of soothing relations with 3 partners."
    )
    assert "65" not in q and "3" in q


def test_one_counts_unless_it_is_a_pronoun(extractor):
    text = "She put one hand behind her head. It was one of the best catches."
    found = extractor.process(text, published="2020-01-01").quantities
    assert [(x.start, x.value) for x in found] == [(8, 1.0)]
    assert not _quantities(extractor, "Never use the same one across multiple accounts.")


def test_a_suspended_hyphen_shares_the_counted_noun(extractor):
    q = _quantities(extractor, "It comes with four-, five- and six-cylinder engine options.")
    assert [(x.text, x.value, x.counted) for x in q.values()] == [
        ("four", 4.0, "cylinder"),
        ("five", 5.0, "cylinder"),
        ("six", 6.0, "cylinder"),
    ]
    assert "10" not in _quantities(extractor, "The 10- and 20-year bonds fell.")


def test_vague_multiples_with_of_are_read(extractor):
    q = _quantities(extractor, "That is maybe tens of millions of dollars, hundreds of miles away.")
    assert q["tens of millions of dollars"].value == 1e7
    assert q["tens of millions of dollars"].unit == "USD"
    assert q["hundreds of miles"].value == 100.0


def test_a_street_address_with_a_compass_letter_is_not_a_quantity(extractor):
    q = _quantities(extractor, "Properties including 9 E 71st St, Manhattan, worth $5 million.")
    assert list(q) == ["$5 million"]


def test_some_before_a_number_makes_it_approximate_as_about_does(extractor):
    q = _quantities(extractor, "Police said some 200 people were arrested.")
    assert q["some 200"].approximate and q["some 200"].lower is None


def test_no_with_its_period_split_off_still_makes_the_number_a_name(extractor):
    q = _quantities(extractor, "Orla, ranked No. 2 in the world, signed 3 sponsors.")
    assert list(q) == ["3"]
    q = _quantities(extractor, "The No. 1 seed lost to the No. 12 seed.")
    assert q == {}
