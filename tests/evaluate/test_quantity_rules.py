"""CQE's matching rules for quantities (extract.evaluate.quantity_rules)."""

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.quantity_rules import (
    Reading,
    gold_readings,
    mention_reading,
    newsquant_readings,
    score_readings,
    unit_key,
    values_match,
)
from extract.records import Article, ArticleResult, QuantityMention


def _mention(text: str, value: float, unit: str | None, counted: str | None) -> QuantityMention:
    return QuantityMention(
        id="q1", start=0, end=len(text), text=text, value=value, unit=unit, counted=counted
    )


def test_currency_codes_equal_currency_names():
    assert unit_key("dollar") == unit_key("USD") == unit_key("US$") == "USD"
    assert unit_key("Australian dollars") == unit_key("australian dollar") == "AUD"
    assert unit_key("pound sterling") == "GBP"


def test_units_of_measure_have_one_name_each():
    assert unit_key("mph") == unit_key("miles per hour") == "mile per hour"
    assert unit_key("%") == unit_key("percentage") == "percent"
    assert unit_key("feet") == "foot"


def test_each_side_of_a_rate_is_normalised():
    assert unit_key("USD per barrel") == unit_key("dollar per barrel")
    assert unit_key("$ a month") == unit_key("dollar per month")


def test_counted_nouns_are_compared_in_the_singular():
    assert unit_key("workers") == "worker"
    assert unit_key("buses") == "bus"
    assert unit_key("-") is None


def test_a_counted_noun_is_compared_without_its_conjunctions():
    assert unit_key("new and used cars") == unit_key("new used car") == "new used car"


def test_a_range_matches_a_range_by_both_bounds():
    assert values_match((10.0, 20.0), (10.0, 20.0))
    assert not values_match((10.0, 20.0), (10.0, 25.0))


def test_a_number_matches_a_range_only_at_its_midpoint():
    assert values_match((10.0, 20.0), 15.0)
    assert not values_match((10.0, 20.0), 10.0)


def test_matching_is_one_to_one_and_prefers_the_right_unit():
    gold = [Reading(5.0, "USD"), Reading(5.0, "percent")]
    pred = [Reading(5.0, "percent"), Reading(5.0, "USD"), Reading(7.0, None)]
    s = score_readings([(gold, pred)])
    assert s["value"]["tp"] == 2 and s["value"]["fp"] == 1
    assert s["value_unit"]["tp"] == 2


def test_a_share_of_a_counted_noun_reads_as_a_percentage_of_it():
    r = mention_reading(_mention("two in five", 0.4, None, "commuters"))
    assert r is not None and r.unit == unit_key("% commuters") == "% commuter"


def test_a_share_of_a_unit_of_measure_keeps_the_unit():
    r = mention_reading(_mention("1/8", 0.125, None, "mile"))
    assert r is not None and r.unit == "mile"


def test_an_age_is_a_year_of_age_and_a_currency_symbol_its_code():
    assert unit_key("year-old") == unit_key("years old") == "year of age"
    assert unit_key("kn") == unit_key("Croatian kuna") == "HRK"


def test_a_decimal_below_one_is_not_read_as_a_share():
    r = mention_reading(_mention("0.4", 0.4, None, "grams"))
    assert r is not None and r.unit == "gram"
    r = mention_reading(_mention("0.25", 0.25, None, "seats"))
    assert r is not None and r.unit == "seat"


def _result(text: str, spans: list[tuple[str, float, str | None]]) -> ArticleResult:
    quantities = []
    for n, (written, value, unit) in enumerate(spans, start=1):
        start = text.index(written)
        quantities.append(
            QuantityMention(
                id=f"q{n}",
                start=start,
                end=start + len(written),
                text=written,
                value=value,
                unit=unit,
            )
        )
    return ArticleResult(article=Article(id="a", text=text, language="en"), quantities=quantities)


def test_a_move_from_one_level_to_another_reads_as_one_range_in_newsquant():
    text = "The Orla boxer dropped from 190 pounds to 176 before the fight."
    r = _result(text, [("190 pounds", 190.0, "pounds"), ("176", 176.0, "pounds")])
    assert newsquant_readings(r) == [Reading((176.0, 190.0), "pound-mass")]


def test_a_rise_to_a_level_without_from_stays_two_quantities():
    text = "Orla Mining rose 8% to 3.65 on Monday."
    r = _result(text, [("8%", 8.0, "percent"), ("3.65", 3.65, None)])
    assert [x.value for x in newsquant_readings(r)] == [8.0, 3.65]


def _gold(fmt: str, unit: str | None, counted: str | None) -> GoldDoc:
    text = "The Orla fund reported assets of 2.5 billion on Monday."
    q = QuantityMention(id="q1", start=0, end=0, text="", value=2.5e9, unit=unit, counted=counted)
    result = ArticleResult(article=Article(id="a", text=text, language="en"), quantities=[q])
    return GoldDoc(result, scope=frozenset({"quantities"}), meta={"format": fmt})


def test_a_newsquant_quantity_without_a_unit_has_none_not_its_referred_concept():
    # NewsQuant's referred concept says what the number is about; CQE's evaluation
    # compares only the normalised unit, "-" being none
    assert gold_readings(_gold("newsquant", None, "assets")) == [Reading(2.5e9, None)]
    assert gold_readings(_gold("newsquant", "USD", "assets")) == [Reading(2.5e9, "USD")]


def test_our_own_gold_counted_noun_is_the_unit_when_there_is_no_unit_of_measure():
    assert gold_readings(_gold("native", None, "assets")) == [Reading(2.5e9, "asset")]


def test_a_barrel_of_oil_is_its_own_unit_as_in_cqes_unit_list():
    assert unit_key("barrels of oil") == "barrel of oil" != unit_key("barrels")


def test_a_metric_ton_is_a_tonne_and_us_spellings_are_one_unit():
    assert unit_key("metric ton") == unit_key("tonnes") == unit_key("t") == "tonne"
    assert unit_key("tons") == "ton"
    assert unit_key("cubic meters") == unit_key("cubic metres") == "cubic metre"
    assert unit_key("light years") == unit_key("light-year") == "light-year"


def test_a_lemma_and_the_singular_of_its_plural_agree():
    from extract.evaluate.quantity_rules import units_agree

    for lemma, plural in [("house", "houses"), ("prize", "prizes"), ("movie", "movies")]:
        assert units_agree(unit_key(lemma), unit_key(plural))
    assert not units_agree(unit_key("ton"), unit_key("tonnes"))
