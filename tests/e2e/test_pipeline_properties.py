"""Property test of the whole pipeline (hypothesis): for news-like sentences put together
at random, every record keeps its invariants: spans inside the text and equal to it,
lower <= upper, ISO alpha-3 country codes, TIMEX3 values well formed, event arguments
pointing at existing mentions."""

from __future__ import annotations

import math
import re

import pycountry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

_CODES = {c.alpha_3 for c in pycountry.countries} | {"XKX"}
_TIMEX = re.compile(
    r"PRESENT_REF|PAST_REF|FUTURE_REF"
    r"|P(?:[\dX.]+(?:Y|M|W|D|DE|CE|L|C|E|Q|WE))*(?:T(?:[\dX.]+[HMS])+)?"
    r"|(?:\d{1,4}|XXXX)(?:-(?:\d{2}|XX|W\d{1,2}|WXX|Q[1-4X]|H[12]|SP|SU|FA|WI))?"
    r"(?:-(?:\d{1,2}|XX|WE))?(?:T(?:\d{2}(?::\d{2})?|MO|AF|EV|NI|MI|DT))?"
)
_SUBJECTS = [
    "Police",
    "Rebels",
    "The army",
    "Kenya's government",
    "About 300 protesters",
    "Two gunmen",
    "The United Nations",
    "Hamas",
    "Officials in Lagos",
]
_VERBS = [
    "killed",
    "released",
    "arrested",
    "attacked",
    "met",
    "agreed to free",
    "promised to withdraw",
    "demanded",
    "said they would leave",
    "shelled",
]
_OBJECTS = [
    "at least 20 soldiers",
    "100 prisoners",
    "$5 million in aid",
    "two journalists",
    "the talks",
    "troops from Gaza",
    "nearly 3,000 people",
    "a convoy near Kabul",
]
_WHEN = [
    "on Thursday",
    "by March 10",
    "last month",
    "in July next year",
    "within 14 months",
    "on February 30",
    "at 25:61",
    "in 1999",
    "every year",
    "",
    "on Sunday night",
]
_WHERE = [
    "in Kabul",
    "north of the capital, Kabul",
    "at the Bagram military base",
    "in Springfield",
    "",
    "in northern Mali",
    "in Gaza and the West Bank",
]

# "It was reported that": enough English function words for the language check even in
# the most telegraphic draw ("Police killed 100 prisoners last month.")
sentence = st.builds(
    lambda s, v, o, w, p: "It was reported that " + " ".join(x for x in (s, v, o, w, p) if x) + ".",
    st.sampled_from(_SUBJECTS), st.sampled_from(_VERBS), st.sampled_from(_OBJECTS),
    st.sampled_from(_WHEN), st.sampled_from(_WHERE),
)  # fmt: skip
article = st.lists(sentence, min_size=2, max_size=6).map(" ".join)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(article, st.sampled_from([None, "2020-04-02", "1999-12-31"]))
def test_records_keep_their_invariants(extractor, text, published):
    res = extractor.process(text, published=published)
    body = res.article.text
    ids = set()
    for group in (res.times, res.quantities, res.places, res.actors):
        for m in group:
            assert 0 <= m.start < m.end <= len(body)
            assert body[m.start : m.end] == m.text
            ids.add(m.id)
    for t in res.times:
        assert t.value is None or _TIMEX.fullmatch(t.value), t.value
    for q in res.quantities:
        for v in (q.value, q.lower, q.upper):
            assert v is None or math.isfinite(v)
        if q.lower is not None and q.upper is not None:
            assert q.lower <= q.upper
    for m in (*res.places, *res.actors):
        assert m.country_code is None or m.country_code in _CODES, m.country_code
    for p in res.places:
        assert p.lat is None or -90 <= p.lat <= 90
        assert p.lon is None or -180 <= p.lon <= 180
    for e in res.events:
        assert body[e.trigger.start : e.trigger.end] == e.trigger.text
        assert e.sentence.start <= e.trigger.start < e.trigger.end <= e.sentence.end
        assert all(a.ref in ids for a in e.arguments)
        for v in (e.date, e.deadline):
            assert v is None or _TIMEX.fullmatch(v), v
