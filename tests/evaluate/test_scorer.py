"""The scorer on hand-made cases, so its figures can be trusted."""

from __future__ import annotations

import pytest

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.metrics import PRF, haversine_km, match_spans
from extract.evaluate.scorer import headline, score
from extract.records import (
    ActorMention,
    Argument,
    Article,
    ArticleResult,
    Event,
    PlaceMention,
    QuantityMention,
    Span,
    TimeMention,
)

TEXT = "Rebels attacked Kabul on Sunday, killing at least 20 soldiers."
#       0123456789012345678901234567890123456789012345678901234567890


def _result(times=(), quantities=(), places=(), actors=(), events=()) -> ArticleResult:
    return ArticleResult(
        article=Article(id="d1", text=TEXT, published="2020-04-02"),
        times=list(times),
        quantities=list(quantities),
        places=list(places),
        actors=list(actors),
        events=list(events),
    )


def t(start, end, value="2020-03-29", tid="t1"):
    return TimeMention(id=tid, start=start, end=end, text=TEXT[start:end], value=value)


def q(start, end, value=20.0, lower=20.0, qid="q1"):
    return QuantityMention(
        id=qid, start=start, end=end, text=TEXT[start:end], value=value, lower=lower
    )


def ev(trigger=(7, 15), etype="ASSAULT", status="asserted", args=()):
    return Event(
        id="e1",
        type=etype,
        trigger=Span(start=trigger[0], end=trigger[1], text=TEXT[trigger[0] : trigger[1]]),
        sentence=Span(start=0, end=len(TEXT), text=TEXT),
        status=status,
        arguments=list(args),
    )


ACTOR = ActorMention(
    id="a1", start=0, end=6, text="Rebels", name="Rebels", canonical="rebels", kind="armed_group"
)
PLACE = PlaceMention(
    id="p1", start=16, end=21, text="Kabul", name="Kabul", country_code="AFG", lat=34.5, lon=69.2
)
ARGS = [
    Argument(role="source", ref="a1", text="Rebels"),
    Argument(role="place", ref="p1", text="Kabul"),
]


def _score(gold: ArticleResult, pred: ArticleResult) -> dict:
    return score([(GoldDoc(gold), pred)])


def test_a_dateline_place_is_not_scored_against_our_gold():
    gold = _result(places=[PLACE])
    dateline = PlaceMention(
        id="p2", start=0, end=6, text="Rebels", name="Rebels", country_code="AFG", dateline=True
    )
    pred = _result(places=[PLACE, dateline])
    places = _score(gold, pred)["mentions"]["places"]
    assert places["pred"] == 1
    assert places["strict"]["f1"] == 1.0


def test_perfect_prediction_scores_one_everywhere():
    gold = _result([t(25, 31)], [q(41, 52)], [PLACE], [ACTOR], [ev(args=ARGS)])
    rep = _score(gold, gold)
    assert all(v == 1.0 for v in headline(rep).values()), headline(rep)


def test_empty_prediction_scores_zero_recall_and_no_crash():
    gold = _result([t(25, 31)], events=[ev()])
    rep = _score(gold, _result())
    assert rep["mentions"]["times"]["strict"] == {
        "p": 0.0,
        "r": 0.0,
        "f1": 0.0,
        "tp": 0,
        "fp": 0,
        "fn": 1,
    }
    assert rep["events"]["TC"]["fn"] == 1 and rep["events"]["TC"]["f1"] == 0.0


def test_empty_gold_and_prediction_gives_zeros_not_errors():
    rep = _score(_result(), _result())
    assert rep["mentions"]["times"]["relaxed"]["f1"] == 0.0


def test_off_by_one_span_counts_as_relaxed_but_not_strict_match():
    rep = _score(_result([t(25, 31)]), _result([t(22, 31)]))  # "on Sunday" vs "Sunday"
    times = rep["mentions"]["times"]
    assert times["strict"]["tp"] == 0 and times["strict"]["fp"] == 1 and times["strict"]["fn"] == 1
    assert times["relaxed"]["tp"] == 1 and times["relaxed"]["f1"] == 1.0
    assert times["value"]["f1"] == 1.0  # TempEval: relaxed span + identical value


def test_wrong_value_counts_in_value_score_only():
    rep = _score(_result([t(25, 31)]), _result([t(25, 31, value="2020-04-05")]))
    times = rep["mentions"]["times"]
    assert times["strict"]["f1"] == 1.0
    assert times["value"]["tp"] == 0 and times["value"]["f1"] == 0.0
    assert times["on_matched"]["value"]["accuracy"] == 0.0
    assert any(e["field"] == "times:value" for e in rep["errors"])


def test_wrong_bound_is_a_bounds_error_not_a_value_error():
    rep = _score(_result(quantities=[q(41, 52)]), _result(quantities=[q(41, 52, lower=None)]))
    quant = rep["mentions"]["quantities"]
    assert quant["value"]["f1"] == 1.0
    assert quant["on_matched"]["bounds"]["accuracy"] == 0.0


def test_duplicate_predictions_match_once():
    gold = _result([t(25, 31)])
    pred = _result([t(25, 31, tid="t1"), t(25, 31, tid="t2")])
    times = _score(gold, pred)["mentions"]["times"]
    assert (times["strict"]["tp"], times["strict"]["fp"]) == (1, 1)
    assert times["strict"]["p"] == 0.5 and times["strict"]["r"] == 1.0


def test_event_with_wrong_type_is_identified_but_not_classified():
    rep = _score(_result(events=[ev()]), _result(events=[ev(etype="PROTEST")]))
    assert rep["events"]["TI"]["f1"] == 1.0 and rep["events"]["TC"]["f1"] == 0.0


def test_argument_with_wrong_role_is_identified_but_not_classified():
    gold = _result(places=[PLACE], actors=[ACTOR], events=[ev(args=ARGS)])
    wrong = [
        Argument(role="target", ref="a1", text="Rebels"),
        Argument(role="place", ref="p1", text="Kabul"),
    ]
    pred = _result(places=[PLACE], actors=[ACTOR], events=[ev(args=wrong)])
    rep = _score(gold, pred)["events"]
    assert rep["AI"]["f1"] == 1.0
    assert rep["AC"]["tp"] == 1 and rep["AC"]["fp"] == 1 and rep["AC"]["fn"] == 1


def test_argument_on_the_wrong_trigger_counts_for_ac_but_not_ac_plus():
    gold = _result(places=[PLACE], actors=[ACTOR], events=[ev(trigger=(7, 15), args=ARGS)])
    pred = _result(
        places=[PLACE], actors=[ACTOR], events=[ev(trigger=(33, 40), args=ARGS)]
    )  # "killing"
    rep = _score(gold, pred)["events"]
    assert rep["AC"]["f1"] == 1.0 and rep["AC+"]["f1"] == 0.0


@pytest.mark.parametrize("held_in", ["mentions", "merged_words"])
def test_a_report_merged_into_an_event_counts_as_a_trigger_in_the_second_reading(held_in):
    # a later report ("mentions") or a word of the same sentence ("merged_words")
    attacked, killing = (7, 15), (33, 40)
    gold = _result(events=[ev(attacked), ev(killing)])
    merged = ev(attacked)
    getattr(merged, held_in).append(Span(start=killing[0], end=killing[1], text=TEXT[33:40]))
    rep = _score(gold, _result(events=[merged]))["events"]
    assert rep["TC"]["r"] == 0.5  # one record for two gold triggers
    assert rep["TC_mentions"]["r"] == 1.0 and rep["TC_mentions"]["p"] == 1.0


def test_status_accuracy_is_over_classified_triggers():
    rep = _score(_result(events=[ev()]), _result(events=[ev(status="future")]))["events"]
    assert rep["status"] == {"accuracy": 0.0, "correct": 0, "n": 1}


def test_gold_mention_status_is_checked_on_any_event_over_its_words_in_meantimes_classes():
    # MEANTIME-like gold: statuses on event words, no PLOVER type; "attacked" and "killing"
    status = [
        {"start": 7, "end": 15, "status": "asserted"},
        {"start": 33, "end": 40, "status": "future"},
        {"start": 0, "end": 6, "status": "negated"},  # no event of ours there: not counted
    ]
    gold = GoldDoc(_result(), scope=frozenset({"times"}), meta={"event_status": status})
    pred = _result(
        events=[ev(status="historical"), ev(trigger=(33, 40), etype="COERCE", status="required")]
    )
    rep = score([(gold, pred)])["event_status"]
    # historical reads as asserted, required as future (MEANTIME has neither)
    assert rep == {"accuracy": 1.0, "correct": 2, "n": 2, "gold": 3}


def test_out_of_scope_kinds_are_not_scored():
    gold = GoldDoc(_result([t(25, 31)]), scope=frozenset({"times"}))
    rep = score([(gold, _result([t(25, 31)], places=[PLACE]))])
    assert set(rep["mentions"]) == {"times"} and "events" not in rep


def test_quantities_without_offsets_match_by_value_with_unit_and_change():
    gold_q = QuantityMention(
        id="q1", start=0, end=0, text="", value=20.0, lower=20.0, unit="soldiers"
    )
    gold = GoldDoc(
        _result(quantities=[gold_q]),
        scope=frozenset({"quantities"}),
        quantity_offsets=False,
        meta={"changes": [">"]},
    )
    pred_q = QuantityMention(
        id="q1", start=41, end=52, text=TEXT[41:52], value=20.0, lower=20.0, counted="soldiers"
    )
    rep = score([(gold, _result(quantities=[pred_q]))])["mentions"]["quantities"]
    assert rep["value"]["f1"] == rep["value_unit"]["f1"] == rep["value_change"]["f1"] == 1.0


def test_quantities_without_offsets_compare_tiny_values_by_significant_digits():
    def doc(value):
        q = QuantityMention(id="q1", start=0, end=0, text="", value=value)
        return GoldDoc(
            _result(quantities=[q]), scope=frozenset({"quantities"}), quantity_offsets=False
        )

    same = score([(doc(1.99e-30), doc(1.99e-30).result)])["mentions"]["quantities"]
    other = score([(doc(1.99e-29), doc(1.99e-30).result)])["mentions"]["quantities"]
    assert same["value"]["f1"] == 1.0 and other["value"]["f1"] == 0.0


@pytest.mark.parametrize(
    ("text", "lower", "upper", "approximate", "change", "expected"),
    [
        ("more than 3%", 3.0, None, True, "up", ">"),  # "climbed more than 3%"
        ("about 19 per cent", None, None, True, "up", "~"),  # "up about 19 per cent"
        ("nearly 57%", None, 57.0, True, "up", "up"),  # "up nearly 57%"
        ("under 57%", None, 57.0, True, None, "<"),
        ("nearly 57%", None, 57.0, True, None, "~"),  # CQE's bounds table: nearly is "~"
        ("tens of millions of dollars", 1e7, None, True, None, "="),  # vague, not a bound
        ("57%", None, None, False, "down", "down"),
        ("57%", None, None, False, None, "="),
    ],
)
def test_newsquant_change_label_follows_its_annotators_order(
    text, lower, upper, approximate, change, expected
):
    from extract.evaluate.scorer import _change

    q = QuantityMention(
        id="q1",
        start=0,
        end=len(text),
        text=text,
        value=upper or lower or 57.0,
        lower=lower,
        upper=upper,
        approximate=approximate,
        change=change,
    )
    assert _change(q) == expected


@pytest.mark.parametrize(
    ("gold", "ours"),
    [
        ("$A", "AUD"),
        ("HK$", "HKD"),
        ("RM", "MYR"),
        ("hong kong dollar", "HKD"),
        ("malaysian ringgit", "MYR"),
        ("Australian dollars", "AUD"),
    ],
)
def test_a_currency_unit_matches_as_written_or_as_its_code(gold, ours):
    from extract.evaluate.scorer import _unit_keys

    assert _unit_keys(gold) & _unit_keys(ours)


def test_only_durations_written_with_a_number_and_used_as_nouns_count_as_quantities():
    from extract.evaluate.scorer import duration_quantities

    def duration(text, value, mod=None):
        return TimeMention(
            id=text, start=0, end=1, text=text, type="DURATION", value=value, mod=mod
        )

    times = [
        duration("more than three months", "P3M", "MORE_THAN"),
        duration("year-old", "P1Y"),
        duration("around a minute", "PT1M", "APPROX"),
        duration("five-year", "P5Y"),
    ]
    got = duration_quantities(_result(times=times))
    assert [(q.value, q.unit, q.lower) for q in got] == [(3.0, "months", 3.0)]


def test_prf_arithmetic():
    r = PRF(tp=3, fp=1, fn=2)
    assert (
        r.precision == 0.75
        and r.recall == 0.6
        and round(r.f1, 4) == round(2 * 0.75 * 0.6 / 1.35, 4)
    )


def test_relaxed_matching_prefers_exact_then_largest_overlap():
    gold = [(0, 10), (12, 20)]
    pred = [(12, 20), (0, 4), (2, 10)]
    pairs = match_spans(gold, pred, lambda x: x, lambda x: x, strict=False)
    assert pairs == [(0, 2), (1, 0)]


def test_haversine_kabul_to_bagram_is_about_50_km():
    assert haversine_km(34.53, 69.17, 34.95, 69.27) == pytest.approx(47.5, abs=3)


# --- actors coded like event data: country, sector, both; the countries of dyads ---


def actor(start, end, aid, country=None, sector="unknown", canonical=None):
    return ActorMention(
        id=aid,
        start=start,
        end=end,
        text=TEXT[start:end],
        name=TEXT[start:end],
        canonical=canonical or TEXT[start:end],
        country_code=country,
        sector=sector,
    )


def rebels(country="AFG", sector="armed_group", **kw):
    return actor(0, 6, "a1", country, sector, **kw)


def soldiers(country="AFG", sector="military", **kw):
    return actor(53, 61, "a2", country, sector, **kw)


def test_actor_country_counts_no_country_on_both_sides_as_right():
    gold = _result(actors=[rebels(country=None), soldiers()])
    pred = _result(actors=[rebels(country=None), soldiers()])
    country = _score(gold, pred)["mentions"]["actors"]["country"]
    assert (country["n"], country["correct"], country["accuracy"]) == (2, 2, 1.0)
    assert country["with_country"] == {"accuracy": 1.0, "correct": 1, "n": 1}


def test_a_missing_predicted_country_is_wrong_when_the_gold_has_one():
    rep = _score(_result(actors=[soldiers()]), _result(actors=[soldiers(country=None)]))
    actors = rep["mentions"]["actors"]
    assert actors["country"]["accuracy"] == 0.0 and actors["country"]["with_country"]["n"] == 1
    assert any(e["field"] == "actors:country" for e in rep["errors"])


def test_a_predicted_country_for_a_gold_actor_without_one_is_wrong_but_not_in_with_country():
    rep = _score(_result(actors=[rebels(country=None)]), _result(actors=[rebels(country="PAK")]))
    country = rep["mentions"]["actors"]["country"]
    assert (country["n"], country["correct"]) == (1, 0)
    assert country["with_country"]["n"] == 0


def test_actor_country_counts_relaxed_span_matches():
    gold = _result(actors=[soldiers()])
    pred = _result(actors=[actor(50, 61, "a1", "AFG", "military")])  # "20 soldiers"
    assert _score(gold, pred)["mentions"]["actors"]["country"]["accuracy"] == 1.0


def test_sector_is_scored_only_over_gold_actors_with_a_sector():
    gold = _result(actors=[rebels(sector="unknown"), soldiers(sector="military")])
    pred = _result(actors=[rebels(sector="criminal"), soldiers(sector="police")])
    sector = _score(gold, pred)["mentions"]["actors"]["sector"]
    assert sector == {"accuracy": 0.0, "correct": 0, "n": 1}


def test_gold_without_sectors_reports_no_sector_or_coded_figure():
    gold = _result(actors=[rebels(sector="unknown"), soldiers(sector="unknown")])
    pred = _result(actors=[rebels(), soldiers()])
    rep = _score(gold, pred)
    actors = rep["mentions"]["actors"]
    assert actors["sector"]["n"] == 0 and actors["coded"]["docs"] == 0
    figures = headline(rep)
    assert "mentions.actors.sector.accuracy" not in figures
    assert "mentions.actors.coded.f1" not in figures
    assert figures["mentions.actors.country.accuracy"] == 1.0


def test_a_coded_actor_needs_span_country_and_sector_right():
    gold = _result(actors=[rebels(), soldiers()])
    pred = _result(actors=[rebels(), soldiers(sector="police")])
    coded = _score(gold, pred)["mentions"]["actors"]["coded"]
    assert (coded["tp"], coded["fp"], coded["fn"], coded["docs"]) == (1, 1, 1, 1)
    assert coded["f1"] == 0.5


def test_coded_actors_count_only_documents_whose_gold_has_sectors():
    with_sectors = GoldDoc(_result(actors=[rebels()]))
    other = ArticleResult(article=Article(id="d2", text=TEXT), actors=[rebels(sector="unknown")])
    pred_other = ArticleResult(article=Article(id="d2", text=TEXT), actors=[rebels()])
    rep = score([(with_sectors, _result(actors=[rebels()])), (GoldDoc(other), pred_other)])
    coded = rep["mentions"]["actors"]["coded"]
    assert (coded["tp"], coded["fp"], coded["fn"], coded["docs"]) == (1, 0, 0, 1)
    assert headline(rep)["mentions.actors.coded.f1"] == 1.0


def dyad_event(source="a1", target="a2", trigger=(7, 15), **coding):
    args = []
    if source:
        args.append(Argument(role="source", ref=source, text="Rebels", **coding.get("s", {})))
    if target:
        args.append(Argument(role="target", ref=target, text="soldiers", **coding.get("t", {})))
    return ev(trigger=trigger, args=args)


def test_dyad_is_right_when_both_countries_are():
    gold = _result(actors=[rebels(), soldiers()], events=[dyad_event()])
    rep = _score(gold, gold)
    dyad = rep["events"]["dyad"]
    assert (dyad["n"], dyad["correct"]) == (1, 1)
    assert dyad["source"]["accuracy"] == dyad["target"]["accuracy"] == 1.0
    assert headline(rep)["events.dyad.accuracy"] == 1.0


def test_dyad_with_one_wrong_side_is_wrong_and_scored_per_side():
    gold = _result(actors=[rebels(country="PAK"), soldiers()], events=[dyad_event()])
    pred = _result(actors=[rebels(country="AFG"), soldiers()], events=[dyad_event()])
    rep = _score(gold, pred)
    dyad = rep["events"]["dyad"]
    assert (dyad["n"], dyad["correct"]) == (1, 0)
    assert dyad["source"]["accuracy"] == 0.0 and dyad["target"]["accuracy"] == 1.0
    assert any(e["field"] == "events:dyad" for e in rep["errors"])


def test_a_missing_predicted_target_makes_the_dyad_wrong():
    gold = _result(actors=[rebels(), soldiers()], events=[dyad_event()])
    pred = _result(actors=[rebels(), soldiers()], events=[dyad_event(target=None)])
    dyad = _score(gold, pred)["events"]["dyad"]
    assert dyad["target"] == {"accuracy": 0.0, "correct": 0, "n": 1}
    assert dyad["accuracy"] == 0.0


def test_dyads_count_only_matched_gold_events_with_a_source_and_a_target():
    gold = _result(
        actors=[rebels(), soldiers()],
        events=[dyad_event(target=None), dyad_event(trigger=(33, 40))],
    )
    pred = _result(actors=[rebels(), soldiers()], events=[dyad_event(target=None)])
    rep = _score(gold, pred)
    assert rep["events"]["dyad"]["n"] == 0  # one lacks a target, the other was missed
    assert "events.dyad.accuracy" not in headline(rep)


def test_a_predicted_arguments_own_coding_wins_over_its_mention():
    gold = _result(actors=[rebels(), soldiers()], events=[dyad_event()])
    # the coder resolved the entity: the argument says AFG although the mention has none
    pred = _result(
        actors=[rebels(country=None), soldiers()],
        events=[dyad_event(s={"entity": "Taliban", "country_code": "AFG"})],
    )
    assert _score(gold, pred)["events"]["dyad"]["correct"] == 1


def test_a_duration_after_a_number_and_or_reads_as_a_range_of_the_two():
    from extract.evaluate.scorer import duration_quantities

    text = "The Orla talks lasted two or three days."
    start = text.index("three days")
    dur = TimeMention(
        id="t1", start=start, end=start + 10, text="three days", type="DURATION", value="P3D"
    )
    result = ArticleResult(article=Article(id="d1", text=text), times=[dur])
    got = duration_quantities(result)
    assert [(q.value, q.lower, q.upper, q.unit) for q in got] == [(2.0, 2.0, 3.0, "days")]
