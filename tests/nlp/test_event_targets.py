"""The learned target model (extract.nlp.targets): it fills a target the rules left
empty, reads the dependency path with its prepositions, and abstains below its threshold."""

from pathlib import Path

import pytest

from extract.errors import ModelError
from extract.nlp.targets import TargetModel, load_target_model, path


@pytest.fixture(scope="module")
def nlp(extractor):
    return extractor.nlp


def test_warrants_issued_for_people_have_them_as_target(extractor) -> None:
    res = extractor.process(
        "Prosecutors in Lagos said arrest warrants had been issued for 12 former officials.",
        published="2024-05-06",
    )
    ev = next(e for e in res.events if e.type == "COERCE")
    assert [a.text for a in ev.arguments if a.role == "target"] == ["former officials"]


def test_path_names_the_preposition_it_passes(nlp) -> None:
    doc = nlp("Japan lodged a protest with Beijing on Thursday.")
    protest, beijing = doc[3], doc[5]
    assert path(protest, beijing) == ([], ["prep:with", "pobj"])
    up, down = path(beijing, doc[0])
    assert up == ["pobj", "prep:with", "dobj"] and down == ["nsubj"]


def _event(doc) -> dict:
    return {
        "type": "DISAPPROVE",
        "trigger_start": doc[3].idx,
        "trigger_end": doc[3].idx + len(doc[3]),
        "arguments": [],
    }


def test_a_model_abstains_below_its_threshold(nlp) -> None:
    doc = nlp("Japan lodged a protest with Beijing on Thursday.")
    doc._.actors = [
        {
            "id": "a1",
            "start": 29,
            "end": 36,
            "text": "Beijing",
            "kind": "government",
            "country_code": "CHN",
        },
    ]
    sure = TargetModel({"prep=prep:with": 5.0}, bias=-1.0, threshold=0.5)
    unsure = TargetModel({"prep=prep:with": 0.5}, bias=-1.0, threshold=0.5)
    filled, empty = [_event(doc)], [_event(doc)]
    sure.fill(doc, filled)  # type: ignore[arg-type]
    unsure.fill(doc, empty)  # type: ignore[arg-type]
    assert [a["text"] for a in filled[0]["arguments"]] == ["Beijing"]
    assert empty[0]["arguments"] == []


def test_an_unreadable_target_model_is_a_model_error(tmp_path: Path) -> None:
    bad = tmp_path / "targets.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError):
        TargetModel.load(bad)


def test_the_shipped_model_has_weights_and_a_threshold() -> None:
    model = load_target_model()
    assert model is not None
    assert 0.0 < model.threshold < 1.0
    assert any(k.startswith("prep=") for k in model.weights)
