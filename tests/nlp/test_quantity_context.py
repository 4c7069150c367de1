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
    ],
)
def test_model_numbers_addresses_and_years_are_not_quantities(extractor, text):
    assert not extractor.process(text, published="2020-01-01").quantities


def test_a_round_count_before_a_group_name_is_still_a_count(extractor):
    q = _quantities(extractor, "Police said 143 Hamas fighters and 20 Marines were killed.")
    assert {"143", "20"} <= set(q)
