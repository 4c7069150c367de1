"""The clustering library on hand-made events: stems, blocking, pair scoring, linkage,
and the consolidated record of a cluster."""

from __future__ import annotations

import datetime as dt
import json

import numpy as np

from extract.cluster import Blocking, EventItem, cluster_items, load_model
from extract.cluster.blocking import blocks
from extract.cluster.consolidate import cluster_row, consolidated_count
from extract.cluster.items import date_span
from extract.cluster.lemma import stem, trigger_lemma
from extract.cluster.linkage import average_linkage, collapse, constrained_single_linkage
from extract.cluster.pairs import FEATURES, PairModel, pair_features

D = dt.date


def ev(article: str, eid: str = "e1", **kw: object) -> EventItem:
    base: dict[str, object] = {
        "type": "ASSAULT", "subtype": "bombing", "status": "asserted", "trigger": "exploded",
        "sentence": "A car bomb exploded near the livestock market in Beledweyne.",
        "date": "2023-03-11", "published": D(2023, 3, 12), "country": "SOM",
        "place": "Beledweyne", "place_country": "SOM", "lat": 4.74, "lon": 45.2,
        "context": frozenset({"beledweyne", "al-shabaab"}),
    }  # fmt: skip
    base.update(kw)
    return EventItem(article_id=article, event_id=eid, **base)  # type: ignore[arg-type]


def test_stems_join_the_inflections_of_one_word() -> None:
    assert {stem(w) for w in ("killed", "killing", "kills", "kill")} == {"kill"}
    assert stem("shot") == stem("shooting") == "shoot"
    assert stem("agreed") == stem("agree") and stem("freed") == stem("free")
    assert stem("stopped") == "stop" and stem("shelled") == "shell"
    assert trigger_lemma("checked into") == "check"


def test_a_hyphenated_word_stems_as_its_last_part() -> None:
    assert stem("re-arrested") == stem("arrested") == "arrest"
    assert stem("counter-attacked") == stem("attack")


def test_timex_values_become_day_intervals() -> None:
    assert date_span("2023-03-11T10:00").start == D(2023, 3, 11)  # type: ignore[union-attr]
    month = date_span("2019-02")
    assert month is not None and (month.start, month.end) == (D(2019, 2, 1), D(2019, 2, 28))
    assert date_span("2020-W11").precision == "week"  # type: ignore[union-attr]
    assert date_span("XXXX-03-10") is None and date_span("199") is None


def test_blocks_split_by_type_country_status_and_runs_of_days() -> None:
    items = [
        ev(a, date=d, sentence=f"Report {a}.", **kw)  # type: ignore[arg-type]
        for a, d, kw in [
            ("a", "2023-03-11", {}), ("b", "2023-03-13", {}), ("c", "2023-04-20", {}),
            ("d", "2023-03-11", {"country": "KEN"}), ("e", "2023-03-11", {"type": "PROTEST"}),
            ("f", "2023-03-11", {"status": "future"}), ("g", "2023-03-11", {"status": "historical"}),
        ]
    ]  # fmt: skip
    got = sorted(sorted(it.article_id for it in b) for b in blocks(items))
    assert got == [["a", "b", "g"], ["c"], ["d"], ["e"], ["f"]]
    no_country = sorted(
        sorted(it.article_id for it in b) for b in blocks(items, Blocking(by_country=False))
    )
    assert ["a", "b", "d", "g"] in no_country
    no_day = Blocking(by_country=False, by_day=False)
    undated = [*items, ev("h", date=None, published=None, sentence="Report h.")]
    assert ["a", "b", "c", "d", "g", "h"] in [
        sorted(it.article_id for it in b) for b in blocks(undated, no_day)
    ]


def test_a_sentence_copied_into_a_later_article_is_one_report() -> None:
    # "on Saturday" read against two publication dates a year apart, and another
    # focus country: still one report; the same sentence dated 19 days off is not
    items = [ev("a"), ev("b", date="2024-03-09", published=D(2024, 3, 12), country="KEN"),
             ev("c", date="2023-03-30")]  # fmt: skip
    assert collapse(items) == [[0, 1], [2]]
    got = sorted(sorted(it.article_id for it in c) for c in cluster_items(items))
    assert got == [["a", "b"], ["c"]]
    # a copy whose status a relative date turned to "future" shares its block
    assert [len(b) for b in blocks([ev("a"), ev("b", status="future")])] == [2]


def test_articles_sharing_actors_and_places_tell_one_story() -> None:
    other = frozenset({"baidoa", "somali army", "ahmed"})
    items = [ev("a"), ev("b", context=frozenset({"beledweyne", "al-shabaab", "somalia"})),
             ev("c", context=other), ev("d", context=other | {"mogadishu"})]  # fmt: skip
    f, _ = pair_features(items, load_model().story_overlap)
    story = f[..., FEATURES.index("same_story")]
    assert story[0, 1] == 1 and story[2, 3] == 1
    assert story[0, 2] == 0 and story[1, 3] == 0


def test_pair_features_are_symmetric_and_dates_apart_cannot_link() -> None:
    items = [ev("a"), ev("b"), ev("c", date="2023-03-20", sentence="Another blast hit Baidoa.")]
    f, cannot = pair_features(items, load_model().story_overlap)
    assert f.shape == (3, 3, len(FEATURES))
    assert np.allclose(f, f.transpose(1, 0, 2))
    i = FEATURES.index
    assert f[0, 1, i("same_lemma")] == 1 and f[0, 1, i("sentence_overlap")] == 1
    assert f[0, 1, i("same_day")] == 1 and f[0, 1, i("same_article")] == 0
    assert cannot[0, 2] and not cannot[0, 1]


def test_copies_of_one_report_collapse_once_per_article() -> None:
    items = [ev("a"), ev("b"), ev("a", "e2"), ev("c", sentence="Something else entirely.")]
    assert collapse(items) == [[0, 1], [2], [3]]


def test_contexts_are_asked_for_only_when_pairs_are_scored() -> None:
    from extract.cluster.linkage import cluster_block

    asked: list[list[str]] = []

    def prepare(reps: object) -> None:
        asked.append([it.article_id for it in reps])  # type: ignore[attr-defined]

    model = load_model()
    copies = [ev("a"), ev("b")]  # one report twice: one node, no pair to score
    assert cluster_block(copies, model, prepare) == [[0, 1]] and asked == []
    two = [ev("a"), ev("c", sentence="Gunmen attacked an army checkpoint.", trigger="attacked")]
    assert len(cluster_block(two, model, prepare)) == 2 and asked == [["a", "c"]]


def test_single_linkage_never_joins_a_cannot_link_pair() -> None:
    prob = np.array([[0, 0.9, 0.8], [0.9, 0, 0.85], [0.8, 0.85, 0]])
    cannot = np.zeros((3, 3), dtype=bool)
    cannot[0, 2] = cannot[2, 0] = True
    labels = constrained_single_linkage(prob, cannot, 0.5)
    assert labels[0] == labels[1] != labels[2]
    avg = average_linkage(prob, np.ones(3), np.zeros((3, 3), dtype=bool), 0.5)
    assert len(set(avg.tolist())) == 1


def test_reports_of_one_event_cluster_and_different_events_stay_apart() -> None:
    items = [
        ev("a"),
        ev("b", sentence="A car bomb exploded at the Beledweyne livestock market on Saturday."),
        ev("c", trigger="attacked", subtype="attack", place="Lafoole", lat=2.2, lon=45.1,
           date="2023-03-12", sentence="Gunmen attacked an army checkpoint in Lafoole."),
        ev("d", date="2023-03-30"),
    ]  # fmt: skip
    got = sorted(sorted(it.article_id for it in c) for c in cluster_items(items))
    assert got == [["a", "b"], ["c"], ["d"]]


def test_the_count_is_the_figure_most_reports_give_never_a_sum() -> None:
    members = [
        ev("a", counts={"fatalities": 9.0}, published=D(2023, 3, 11)),
        ev("b", counts={"fatalities": 9.0}, published=D(2023, 3, 12)),
        ev("c", counts={"fatalities": 12.0}, published=D(2023, 3, 13)),
    ]
    assert consolidated_count(members, "fatalities") == 9.0
    # a tie goes to the latest report (tolls are revised upward)
    assert consolidated_count(members[1:], "fatalities") == 12.0
    assert consolidated_count(members, "injured") is None
    # one article reporting the event twice counts once, with its larger figure
    twice = [ev("a", counts={"released": 40.0}), ev("a", "e2", counts={"released": 11.0})]
    assert consolidated_count(twice, "released") == 40.0


def test_a_cluster_row_states_its_date_place_sources_and_counts() -> None:
    members = [
        ev("a", counts={"fatalities": 9.0}, site="wire.example", published=D(2023, 3, 11)),
        ev("b", counts={"fatalities": 9.0}, site="wire.example", published=D(2023, 3, 12)),
        ev("c", date=None, counts={"fatalities": 12.0}, published=D(2023, 3, 14)),
    ]
    row = cluster_row(members)
    assert row["event_date"] == D(2023, 3, 11) and row["date_basis"] == "event"
    assert (row["first_report"], row["last_report"]) == (D(2023, 3, 11), D(2023, 3, 14))
    assert (row["n_events"], row["n_articles"], row["n_sources"]) == (3, 3, 2)
    assert row["fatalities"] == 9.0 and json.loads(row["counts"]) == {"fatalities": 9.0}
    assert row["place"] == "Beledweyne" and row["status"] == "asserted"
    undated = cluster_row([ev("x", date=None, published=D(2023, 1, 2))])
    assert undated["event_date"] == D(2023, 1, 2) and undated["date_basis"] == "published"


def test_the_shipped_model_reads_back_as_written() -> None:
    model = load_model()
    assert model.features == FEATURES and 0 < model.threshold < 1
    again = PairModel.from_json(json.loads(json.dumps(model.to_json())))
    assert again == model


def test_a_group_of_many_events_gets_memory_in_proportion(tmp_path) -> None:
    import duckdb

    from extract.cluster.archive import _bounded

    def limit_mib(events: int) -> float:
        con = duckdb.connect()
        _bounded(con, tmp_path, events)
        value = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
        con.close()
        number, unit = value.split()
        return float(number) * {"MiB": 1, "GiB": 1024, "MB": 0.954, "GB": 953.7}[unit]

    assert 120 < limit_mib(0) < 130  # a group of one ordinary part: the fixed bound
    assert 270 < limit_mib(25_000) < 300  # a file run whole: room to finish, not a failure
