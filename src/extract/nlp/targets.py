"""The target of an event the argument rules left without one, chosen by a small learned
model: a logistic regression over the dependency path from the trigger to each actor
mention of its sentence, the preposition on that path, the event's type and the mention's
kind and country.

The rules in :mod:`extract.nlp.events` find the targets the grammar makes plain (the
object, "accused X of", "sanctions on X"); what they leave is a long tail of phrasings
("arrest warrants had been issued for 12 former officials": the "for" of a noun trigger
under a passive) that a growing list of cases would chase one by one. The model learned which
paths carry a target from our annotated dev split (``scripts/train_target_model.py``,
weights as JSON in ``models/event-targets/`` with its card); it only fills an empty target
slot, and abstains below its threshold. It chooses among the actors the actor stage found:
a side that stage did not recognise stays out of reach.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from spacy.tokens import Doc, Token

from extract.errors import ModelError
from extract.nlp.syntax import sentence, tok_at
from extract.nlp.types import ActorDict, ArgumentDict, EventDict

_CROSSING = frozenset({"ccomp", "advcl", "relcl", "conj", "parataxis", "acl", "xcomp", "pcomp"})
_EMBEDDED = frozenset({"ccomp", "pcomp", "relcl", "acl", "parataxis"})
"""Clauses that tell something of their own: what is said, a relative clause."""
_MAX_STEPS = 4


def _chain(tok: Token) -> list[Token]:
    """The token and its heads up to its sentence's root."""
    out = [tok]
    while out[-1].head.i != out[-1].i and len(out) < 40:
        out.append(out[-1].head)
    return out


def _label(tok: Token) -> str:
    """A step's label: the dependency, with the preposition's own word ("prep:with")."""
    if tok.dep_ in ("prep", "agent"):
        return f"{tok.dep_}:{tok.lower_}"
    return tok.dep_


def path(a: Token, b: Token) -> tuple[list[str], list[str]]:
    """The labels of the steps up from ``a`` to the lowest head it shares with ``b``, and
    down from there to ``b``."""
    up_chain, down_chain = _chain(a), _chain(b)
    down_ids = {t.i: n for n, t in enumerate(down_chain)}
    top = next((n for n, t in enumerate(up_chain) if t.i in down_ids), len(up_chain) - 1)
    up = [_label(t) for t in up_chain[:top]]
    down = [_label(t) for t in reversed(down_chain[: down_ids.get(up_chain[top].i, 0)])]
    return up, down


def _root(doc: Doc, cand: ActorDict) -> Token | None:
    """The head word of an actor mention (None when its characters hold no token)."""
    span = doc.char_span(cand["start"], cand["end"], alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def features(doc: Doc, trigger: Token, ev: EventDict, cand: ActorDict) -> dict[str, float]:
    """The features of one actor mention as the target of one event."""
    root = _root(doc, cand) or trigger
    up, down = path(trigger, root)
    up_s = "/".join(up[:_MAX_STEPS]) or "-"
    down_s = "/".join(down[:_MAX_STEPS]) or "-"
    first = down[0] if down else "-"
    preps = [s for s in down if s.startswith(("prep:", "agent:"))]
    f: dict[str, float] = {
        f"up={up_s}": 1.0,
        f"down={down_s}": 1.0,
        f"path={up_s}|{down_s}": 1.0,
        f"first={first}": 1.0,
        f"last={down[-1] if down else '-'}": 1.0,
        f"type={ev['type']}": 1.0,
        f"type_first={ev['type']}|{first}": 1.0,
        f"kind={cand['kind']}": 1.0,
        f"steps={min(len(up) + len(down), 6)}": 1.0,
        "after" if root.i > trigger.i else "before": 1.0,
        f"trigger_pos={trigger.pos_}": 1.0,
    }
    for p in preps[:2]:
        f[f"prep={p}"] = 1.0
        f[f"type_prep={ev['type']}|{p}"] = 1.0
    if any(s in _CROSSING for s in up + down):
        f["crosses_clause"] = 1.0
    if root.dep_ in ("nsubj", "nsubjpass"):
        f["a_subject"] = 1.0
    if cand.get("country_code") is None:
        f["no_country"] = 1.0
    return f


def _belongs_elsewhere(doc: Doc, above: set[int], cand: ActorDict, others: set[int]) -> bool:
    """Whether the way down from the trigger to the mention passes another event's
    trigger ("bombed ... a day after an attack on a state aerospace company" names the
    attack's target, not the bombing's) or the verb of a reported or relative clause below
    the trigger's ("in what President Maria Lopez called a coup attempt": she is that
    clause's). ``above``: the trigger and its heads."""
    root = _root(doc, cand)
    return root is not None and any(
        t.idx in others or (t.dep_ in _EMBEDDED and t.pos_ in ("VERB", "AUX"))
        for t in _chain(root)[1:]
        if t.i not in above
    )


def candidates(doc: Doc, trigger: Token, ev: EventDict, others: set[int]) -> list[ActorDict]:
    """The actor mentions of the trigger's sentence that are no argument of the event yet,
    do not hold its trigger and are not reached through another event's trigger (whose
    characters start at ``others``) or a reported or relative clause below the trigger's."""
    sent = sentence(trigger)
    used = {a["ref"] for a in ev["arguments"]}
    above = {t.i for t in _chain(trigger)}  # once per event, not per mention
    return [
        a
        for a in doc._.actors or []
        if sent.start_char <= a["start"] < sent.end_char
        and a["id"] not in used
        and not (a["start"] <= ev["trigger_start"] < a["end"])
        and not _belongs_elsewhere(doc, above, a, others)
    ]


class TargetModel:
    """Weights by feature name, a bias and the probability below which it abstains."""

    def __init__(self, weights: dict[str, float], bias: float, threshold: float) -> None:
        self.weights = weights
        self.bias = bias
        self.threshold = threshold

    def probability(self, f: dict[str, float]) -> float:
        z = self.bias + sum(self.weights.get(k, 0.0) * v for k, v in f.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def fill(self, doc: Doc, events: list[EventDict]) -> None:
        """Give each event with no target or recipient its most probable actor mention of
        its sentence, when that one is probable enough."""
        starts = {ev["trigger_start"] for ev in events}
        for ev in events:
            if any(a["role"] in ("target", "recipient") for a in ev["arguments"]):
                continue
            trigger = tok_at(doc, ev["trigger_start"])
            others = starts - {ev["trigger_start"]}
            scored = [
                (self.probability(features(doc, trigger, ev, c)), c)
                for c in candidates(doc, trigger, ev, others)
            ]
            if not scored:
                continue
            p, best = max(scored, key=lambda x: x[0])
            if p >= self.threshold:
                ev["arguments"].append(
                    ArgumentDict(role="target", ref=best["id"], text=best["text"])
                )

    @classmethod
    def load(cls, path: Path) -> TargetModel:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                {str(k): float(v) for k, v in data["weights"].items()},
                float(data["bias"]),
                float(data["threshold"]),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelError(f"cannot read the event target model at {path}: {exc}") from exc


def default_path() -> Path:
    """``models/event-targets/targets.json`` of the checkout (as the event typer's head)."""
    return Path(__file__).resolve().parents[3] / "models" / "event-targets" / "targets.json"


@lru_cache(maxsize=4)
def load_target_model(path: str | None = None) -> TargetModel | None:
    """The shipped model (None when the file is absent: the rules alone decide)."""
    p = Path(path) if path else default_path()
    return TargetModel.load(p) if p.is_file() else None
