"""Coreference metrics on small hand examples with known values, and the ECB+ gold
event mentions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from extract.evaluate.coref import b_cubed, ceaf_e, conll, max_assignment, mention_lemma, muc

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "evaluate"

KEY = [{"a", "b", "c"}, {"d", "e"}]
RESPONSE = [{"a", "b"}, {"c", "d", "e"}]


def test_muc_counts_the_links_kept() -> None:
    # key {a,b,c} is cut in two by the response: 1 of its 2 links kept; {d,e} keeps its 1
    s = muc(KEY, RESPONSE)
    assert s["r"] == pytest.approx(2 / 3) and s["p"] == pytest.approx(2 / 3)


def test_b_cubed_averages_over_mentions() -> None:
    s = b_cubed(KEY, RESPONSE)
    # per mention precision: a, b 2/2; c 1/3; d, e 2/3 -> 11/15; recall the same here
    assert s["p"] == pytest.approx(11 / 15) and s["r"] == pytest.approx(11 / 15)


def test_ceaf_e_aligns_clusters_one_to_one() -> None:
    # phi4({a,b,c},{a,b}) = 0.8 and phi4({d,e},{c,d,e}) = 0.8: total 1.6 over 2 and 2
    s = ceaf_e(KEY, RESPONSE)
    assert s["p"] == pytest.approx(0.8) and s["r"] == pytest.approx(0.8)
    assert conll(KEY, RESPONSE)["conll_f1"] == pytest.approx((2 / 3 + 11 / 15 + 0.8) / 3)


def test_a_perfect_response_scores_one_and_all_singletons_score_no_links() -> None:
    assert conll(KEY, KEY)["conll_f1"] == pytest.approx(1.0)
    singles = [{m} for c in KEY for m in c]
    s = conll(KEY, singles)
    assert s["muc"]["r"] == 0.0 and s["b3"]["p"] == pytest.approx(1.0)
    # one big cluster: MUC recall 1, precision 3/4
    big = muc(KEY, [{"a", "b", "c", "d", "e"}])
    assert big["r"] == pytest.approx(1.0) and big["p"] == pytest.approx(3 / 4)


def test_ceaf_e_with_more_response_clusters_than_key_clusters() -> None:
    s = ceaf_e([{"a", "b"}], [{"a"}, {"b"}])
    # best alignment: one of phi4 = 2*1/3; recall over 1 key cluster, precision over 2
    assert s["r"] == pytest.approx(2 / 3) and s["p"] == pytest.approx(1 / 3)


def test_the_hungarian_method_finds_the_best_pairing() -> None:
    assert max_assignment(np.array([[1, 2, 3], [2, 4, 6]])) == pytest.approx(8)
    assert max_assignment(np.array([[5, 1], [4, 0], [0, 3]])) == pytest.approx(8)
    rng = np.random.default_rng(0)
    from itertools import permutations

    m = rng.random((4, 4))
    best = max(sum(m[i, p[i]] for i in range(4)) for p in permutations(range(4)))
    assert max_assignment(m) == pytest.approx(best)


def test_the_baseline_key_is_the_stems_of_the_mention() -> None:
    assert mention_lemma("checked into") == mention_lemma("checks into")


def test_ecbplus_event_mentions_carry_their_cluster() -> None:
    from extract.evaluate.importers import ecbplus

    (doc,) = ecbplus.load(FIXTURES / "ecbplus")
    text = doc.result.article.text
    got = [(text[m["start"] : m["end"]], m["cluster"]) for m in doc.meta["event_mentions"]]
    assert got == [("reached", "ACTFIX1"), ("left", "90_1ecbplus:m2")]
