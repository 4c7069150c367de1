"""Reading numbers written with digits from raw text."""

import pytest

from extract.nlp.numscan import scan_numbers


def _read(text):
    return [(h.value, h.unit, h.upper, text[h.start : h.end]) for h in scan_numbers(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The aircraft is 72.7 metres long.", [(72.7, "metres", None, "72.7 metres")]),
        ("winds of 155mph", [(155.0, "mph", None, "155mph")]),
        ("a profit of Y=590 billion", [(590e9, "JPY", None, "Y=590 billion")]),
        ("flights that cost HK $5.4m.", [(5.4e6, "HKD", None, "HK $5.4m.")]),
        ("quoted at USD10m", [(1e7, "USD", None, "USD10m")]),
        ("a notebook for 1,200€", [(1200.0, "EUR", None, "1,200€")]),
        (
            "10.5 million Australian dollars",
            [(10.5e6, "AUD", None, "10.5 million Australian dollars")],
        ),
        ("the offense was minus-5 yards", [(-5.0, "yards", None, "minus-5 yards")]),
        ("a deficit of $-50.8bn", [(-50.8e9, "USD", None, "$-50.8bn")]),
        ("a rate of .001 per cent", [(0.001, "percent", None, ".001 per cent")]),
        ("There are 1 to 2 thousand people.", [(1000.0, None, 2000.0, "1 to 2 thousand")]),
        ("prices rose between 4% and 5%", [(4.0, "percent", 5.0, "4% and 5%")]),
        ("There were 4 hundred million people.", [(4e8, None, None, "4 hundred million")]),
        ("an PS8.1bn takeover", [(8.1e9, "GBP", None, "PS8.1bn")]),
        ("a deficit of N11.3 trillion", [(11.3e12, "NGN", None, "N11.3 trillion")]),
        ("to R18.45 against the dollar", [(18.45, "ZAR", None, "R18.45")]),
    ],
)
def test_number_is_read_with_its_currency_scale_and_unit(text, expected):
    assert _read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the TA-125 index",
        "the 11th time",
        "at 10.45pm last night",
        "with 4:39 left",
        "At 2-0 down",
        "the new S22 phone",
        "the new PS5 console",
        "news 24/7",
        "short of N95 masks",
        "onto the R2 road",
    ],
)
def test_names_clock_times_ordinals_and_scores_are_not_numbers(text):
    assert _read(text) == []


def test_a_year_like_number_with_a_unit_is_a_quantity_not_a_year(extractor):
    res = extractor.process(
        "The 1520 sq m clinic opened; shares fell 68 p to 1112 p.", published="2020-01-01"
    )
    assert {(q.value, q.unit) for q in res.quantities} >= {(1520.0, "sq m"), (1112.0, "p")}
    assert not res.times


def test_a_number_in_words_keeps_its_unit_of_measure(extractor):
    res = extractor.process(
        "The debris field stretched for some seven miles.", published="2020-01-01"
    )
    (q,) = res.quantities
    assert (q.value, q.unit, q.approximate) == (7.0, "miles", True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("claims ranging from $200 to $4 million", [(200.0, "USD", 4e6)]),
        ("Homes from $750,000 to $1 million stay", [(750e3, "USD", 1e6)]),
        ("forecast from 5 to 7 per cent", [(5.0, "percent", 7.0)]),
        ("temperatures dropped by 1 to 1.5 degrees", [(1.0, "degrees", 1.5)]),
        # a change and the level it reached: two numbers
        ("Horsepower jumped from 240 to 273", [(240.0, None, None), (273.0, None, None)]),
        ("shares fell 68 p to 1112 p", [(68.0, "p", None), (1112.0, "p", None)]),
        ("the rate rose by 0.2 to 3.5 percent", [(0.2, None, None), (3.5, "percent", None)]),
    ],
)
def test_from_x_to_y_is_a_range_unless_a_change_verb_governs_it(text, expected):
    assert [(v, u, hi) for v, u, hi, _ in _read(text)] == expected


@pytest.mark.parametrize(
    ("text", "value", "written"),
    [
        ("1/16 of a US pint", 1 / 16, "1/16"),
        ("1\u2044128 of a gallon", 1 / 128, "1\u2044128"),
        ("A third of the population", 1 / 3, "A third"),
        ("Nearly two-thirds of the sales", 2 / 3, "two-thirds"),
        ("One out of three Germans", 1 / 3, "One out of three"),
        ("one in five voters", 0.2, "one in five"),
    ],
)
def test_fraction_is_read_as_its_value(text, value, written):
    assert [(round(v, 6), w) for v, _, _, w in _read(text)] == [(round(value, 6), written)]


def test_two_in_five_is_two_counts_not_a_fraction():
    assert [v for v, *_ in _read("killed 2 in 5 attacks")] == [2.0, 5.0]


def test_scientific_notation_is_one_number_with_its_unit():
    text = (
        "The mass is approximately 1.99\u00d710\u221230 kilograms; light runs at 3\u00d710\u2078 m."
    )
    hits = [(text[h.start : h.end], h.value, h.unit) for h in scan_numbers(text)]
    assert hits == [
        ("1.99\u00d710\u221230 kilograms", 1.99e-30, "kilograms"),
        ("3\u00d710\u2078 m", 3e8, "m"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The firm sold 1.5m phones.", (1.5e6, None)),
        ("Some 3m people voted.", (3e6, None)),
        ("A 1.5m wall stood there.", (1.5, "m")),
        ("She won the 400m hurdles.", (400.0, "m")),
    ],
)
def test_a_bare_m_before_a_counted_plural_is_a_million_not_metres(text, expected):
    (hit,) = scan_numbers(text)
    assert (hit.value, hit.unit) == expected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("exports of 3.4 bln euros", 3.4e9),
        ("output of 2.5 mln tonnes", 2.5e6),
        ("a debt of $1.5trn", 1.5e12),
        ("a budget of Rs 1,000 crore", 1e10),
        ("10 lakh people", 1e6),
    ],
)
def test_wire_and_indian_scale_words_multiply_the_number(text, value):
    (hit,) = scan_numbers(text)
    assert hit.value == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("fined 2,000 Kenyan shillings", "KES"),
        ("fined 300 Ugandan shillings", "UGX"),
        ("worth 5 million Egyptian pounds", "EGP"),
        ("paid 40 Mexican pesos", "MXN"),
    ],
)
def test_a_currency_named_with_its_country_adjective_has_that_countrys_code(text, code):
    (hit,) = scan_numbers(text)
    assert hit.unit == code
