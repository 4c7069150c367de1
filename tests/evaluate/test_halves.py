from extract.evaluate.corpus import GoldDoc
from extract.evaluate.halves import gold_id, half_of, split
from extract.records import Article, ArticleResult


def _doc(doc_id: str, **meta: str) -> GoldDoc:
    return GoldDoc(ArticleResult(article=Article(id=doc_id, text="x", language="en")), meta=meta)


def test_a_document_is_always_in_the_same_half() -> None:
    assert {half_of("gwn-12") for _ in range(3)} == {half_of("gwn-12")}
    assert half_of("wsj_0136.tml") in ("tune", "check")


def test_both_halves_hold_about_half_of_many_ids() -> None:
    tune = sum(half_of(f"doc-{i}") == "tune" for i in range(1000))
    assert 400 < tune < 600


def test_halves_are_disjoint_and_cover_the_corpus() -> None:
    docs = [_doc(f"d{i}") for i in range(40)]
    tune, check = split(docs, "tune"), split(docs, "check")
    assert len(tune) + len(check) == len(docs)
    assert not {id(d) for d in tune} & {id(d) for d in check}


def test_ecbplus_articles_of_one_topic_share_a_half() -> None:
    a, b = _doc("3_1ecb", topic="3", file="3_1ecb.xml"), _doc("3_9ecbplus", topic="3")
    assert gold_id(a) == gold_id(b) == "3"
    assert half_of(gold_id(a)) == half_of(gold_id(b))


def test_the_file_name_is_the_id_where_the_importer_kept_one() -> None:
    assert gold_id(_doc("ABC19980108.1830.0711", file="ABC19980108.1830.0711.tml")) == (
        "ABC19980108.1830.0711.tml"
    )
