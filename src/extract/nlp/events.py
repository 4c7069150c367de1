"""The events component (lexicon + dependency-pattern typer): triggers typed into PLOVER,
arguments linked to the mention lists, status from tense, modals and cue words."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from spacy.attrs import LEMMA, LOWER
from spacy.language import Language
from spacy.tokens import Doc, Span, Token
from spacy.util import minibatch

from extract.errors import ConfigError
from extract.nlp import targets
from extract.nlp.extensions import doc_anchor as _anchor
from extract.nlp.extensions import register_extensions
from extract.nlp.guard import guarded
from extract.nlp.syntax import (
    HOLDING,
    SENT_STARTS,
    SPEECH_VERBS,
    TOK_AT,
    governing_verb,
    positions,
    sentence,
    verb_tense,
)
from extract.nlp.syntax import tok_at as _tok_at
from extract.nlp.types import ArgumentDict, EventDict
from extract.tables import load_table

register_extensions()

_SUBJ = ("nsubj", "csubj")
_OBJ = ("dobj", "nsubjpass", "attr", "oprd")
_CALENDAR = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?")
_MEMBERS = frozenset(
    {"commanders", "ministers", "leaders", "presidents", "officials", "delegations", "members"}
)  # "Commanders of the MNJTF", "Defence ministers of the AES": the group acts
_CLAUSAL_DEADLINE = ("DEMAND", "AGREE", "THREATEN", "CONCEDE", "REJECT")
_HANDING = ("advcl", "conj", "xcomp")
_CLAUSAL_TARGET = ("DEMAND", "THREATEN", "REJECT", "DISAPPROVE", "COERCE", "SANCTION")
_OTHER_CLAUSE = ("conj", "advcl", "parataxis")
_NO_CLAUSE_TARGET = ("MOBILIZE",)
"""Types whose object is what is moved, not whom it is aimed at ("deployed 1,000 soldiers")."""
_MODIFIERS = ("compound", "amod", "poss", "nmod")
"""Dependents of a noun that may name its agent ("Israeli strikes", "an FBI investigation")."""
_NEW_CLAUSE = ("advcl", "relcl", "ccomp", "parataxis")
_CLIMB = (
    "xcomp",
    "pcomp",
    "pobj",
    "acl",
    "advcl",
    "ccomp",
    "prep",
    "conj",
    "relcl",
    "dobj",
    "nsubj",
    "nsubjpass",
    "advmod",  # "stopped short of expelling"
)


@lru_cache(maxsize=1)
def _lex() -> dict[str, Any]:
    return load_table("event_lexicon")  # type: ignore[no-any-return]


@dataclass
class _Candidate:
    tok: Token
    type: str
    subtype: str | None
    confidence: float
    absorbed: list[Token] = field(default_factory=list)


# a word inside a name or a date ("March 10", "Camp Bastion") is no trigger, for any typer
NAME_LABELS = frozenset(("PERSON", "GPE", "ORG", "DATE"))


def _window_words(tok: Token, head_lemma: bool = True) -> set[str]:
    """The words a sense's cues are looked for in: the words around ``tok``, its
    children's, its object's, the objects of its prepositions, and the word it hangs on
    (with that word's lemma when ``head_lemma``: a cue to rule a sense out is read off the
    trigger's own words, "released a report", not "reported the release")."""
    doc = tok.doc
    sent = sentence(tok)
    words = {t.lower_ for t in doc[max(sent.start, tok.i - 4) : min(sent.end, tok.i + 5)]}
    words |= {c.lower_ for c in tok.children} | {c.lemma_.lower() for c in tok.children}
    for c in tok.children:  # "seized more than 6 tonnes of cocaine": the object's own words
        if c.dep_ in ("dobj", "nsubjpass"):
            words |= {t.lower_ for t in list(c.subtree)[:8]}
        if c.dep_ == "prep":  # "took the two journalists into custody"
            words |= {g.lower_ for g in c.children if g.dep_ == "pobj"}
    words.add(tok.head.lower_)
    if head_lemma:
        words.add(tok.head.lemma_.lower())
    return words


def _window_text(tok: Token) -> str:
    doc = tok.doc
    sent = sentence(tok)
    return " ".join(t.lower_ for t in doc[max(sent.start, tok.i - 4) : min(sent.end, tok.i + 5)])


def lexicon_lemmas() -> frozenset[str]:
    """The words the trigger lexicon lists."""
    return frozenset(_lex()["triggers"])


def lexicon_positions(doc: Doc, lemmas: Collection[str] = ()) -> list[int]:
    """Indices of the tokens whose lemma or lower-case form the trigger lexicon lists (or
    whose lemma is in ``lemmas``), read from the doc's arrays: no Token objects for the
    other words."""
    triggers = _lex()["triggers"]
    strings = doc.vocab.strings
    hit: dict[tuple[int, int], bool] = {}  # each distinct word is looked up once
    out = []
    for i, key in enumerate(map(tuple, doc.to_array([LEMMA, LOWER]).tolist())):
        found = hit.get(key)
        if found is None:
            lem = strings[key[0]].lower()
            found = hit[key] = lem in triggers or strings[key[1]] in triggers or lem in lemmas
        if found:
            out.append(i)
    return out


def type_trigger(tok: Token) -> tuple[str, str, float] | None:
    """The PLOVER type, subtype and confidence of ``tok`` as a trigger, or None."""
    if tok.pos_ not in ("VERB", "NOUN", "PROPN") or tok.ent_type_ in NAME_LABELS:
        return None
    senses = _lex()["triggers"].get(tok.lemma_.lower()) or _lex()["triggers"].get(tok.lower_)
    if not senses:
        return None
    window: tuple[set[str], str] | None = None  # built only for a sense that asks
    own_words: set[str] | None = None

    def near(cues: list[str], own: bool = False) -> bool:
        """A cue among the words around the trigger (with ``own``, without the lemma of
        the word it hangs on: see _window_words)."""
        nonlocal window, own_words
        if window is None:
            window = _window_words(tok), _window_text(tok)
        words, text = window
        if own:
            if own_words is None:
                own_words = _window_words(tok, head_lemma=False)
            words = own_words
        return any(w in words or (" " in w and w in text) for w in cues)

    classes: set[str] | None = None
    for sense in senses:
        if "pos" in sense:
            classes = _word_classes(tok) if classes is None else classes
            if not classes & set(sense["pos"]):
                continue
        if "with_any" in sense and not near(sense["with_any"]):
            continue
        if "without_any" in sense and near(sense["without_any"], own=True):
            continue
        if "xcomp" in sense and not any(  # "ordered the diplomats to leave the country"
            c.dep_ == "xcomp" and c.lemma_.lower() in sense["xcomp"] for c in tok.children
        ):
            continue
        if "objects" in sense and not any(  # "launched drones and missiles at Israel"
            o.lemma_.lower() in sense["objects"] or o.lower_ in sense["objects"]
            for c in tok.children
            if c.dep_ == "dobj"
            for o in (c, *c.conjuncts)
        ):
            continue
        conf = 0.8 if {"with_any", "objects", "xcomp"} & sense.keys() else 0.7
        return str(sense["type"]), str(sense["subtype"]), conf
    return None


def _word_classes(tok: Token) -> set[str]:
    """The parts of speech a trigger's senses may ask of ``tok``: a gerund that is a
    clause's subject names an event as a noun does, and is a verb still ("Fighting there
    in 2022 killed about 100 people", "shelling by Indian troops had killed")."""
    if tok.tag_ == "VBG" and tok.dep_ in ("csubj", "csubjpass", "nsubj", "nsubjpass"):
        return {str(tok.pos_), "NOUN"}
    return {str(tok.pos_)}


def _chain(tok: Token) -> list[Token]:
    """The trigger and the verbs it hangs from, up to its clause's root ("promised the
    withdrawal", "required ... to free"). Infinitives climb into the main clause;
    relative and finite adverbial clauses do not."""
    chain: list[Token] = [tok]
    t = tok
    for _ in range(5):
        if t.head.i == t.i or t.dep_ in ("relcl", "parataxis") or _own_clause_conj(t):
            break
        infinitive = any(c.lower_ == "to" and c.dep_ == "aux" for c in t.children)
        if t.dep_ in ("advcl", "acl") and not infinitive:
            break  # "while others waited", "a recording telling people": clauses of their own
        t = t.head
        chain.append(t)
        if t.pos_ in ("VERB", "AUX") and t.dep_ == "ROOT":
            break
    root = sentence(tok).root
    if root not in chain and any(
        c.lower_ == "to" and c.dep_ == "aux" for t in chain for c in t.children
    ):
        chain.append(root)  # a misattached infinitive: "required X - ... - to free"
    return chain


def _causal_due(t: Token) -> bool:
    """ "due to the online issues": a cause, not a schedule ("due to visit")."""
    return t.lower_ == "due" and any(
        ch.lower_ == "to" and ch.dep_ in ("prep", "pcomp") for ch in t.children
    )


def _nobody(t: Token) -> bool:
    """ "no one", "nobody", "none", "no prisoners": a participant that is no one."""
    return t.lower_ in ("nobody", "none") or any(
        c.dep_ == "det" and c.lower_ == "no" for c in t.children
    )


def status_date(
    tok: Token, times: list[dict[str, Any]], when: Collection[dict[str, Any]] = ()
) -> str | None:
    """The value of the first date of ``times`` (an event's own) that the trigger's verb
    chain governs, or that ``when`` names ("It began in November 2020, when ..."): the
    year of a clause the event governs ("criticised X for failing to protect civilians in
    2019") dates that clause's event, not this one's status."""
    chain = {c.i for c in _chain(tok)}
    for t in times:
        if t["role"] == "deadline" or t["type"] not in ("DATE", "TIME"):
            continue
        if (t["value"] or "").endswith("_REF") or not t["value"] or _runs_from(tok, t):
            continue
        verb = governing_verb(_tok_at(tok.doc, t["start"]))
        if verb is None or verb.i in chain or t in when:
            return str(t["value"])
    return None


def _runs_from(trigger: Token, t: dict[str, Any]) -> bool:
    """A time an event runs on from to the present ("has killed 200 soldiers since 2019",
    "since the coup in July 2023"): neither its date nor a sign it is history. Not the
    time of an event named inside the "since" phrase ("since an assassination in 2021")."""
    head = _tok_at(trigger.doc, t["start"])
    return any(
        a.lower_ == "since" and a.dep_ == "prep" and not a.is_ancestor(trigger)
        for a in head.ancestors
    )


def _own_clause_conj(t: Token) -> bool:
    """A coordinated verb with a tense or a subject of its own heads its own clause:
    "said it would hold talks and accused the army", "demanded that ... and warned that
    ..."; a bare one shares its head's ("will meet and discuss")."""
    if t.dep_ != "conj" or t.pos_ not in ("VERB", "AUX"):
        return False
    return t.tag_ in ("VBD", "VBZ", "VBP") or any(
        c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in t.children
    )


def _in_clause(t: Token, chain: list[Token]) -> bool:
    """Whether ``t`` belongs to the clause of ``chain`` (a trigger and the verbs it hangs
    from), not to a relative, adverbial, complement or coordinated clause inside it."""
    members = {c.i for c in chain}
    for _ in range(12):
        if t.i in members:
            return True
        if t.head.i == t.i or t.dep_ in _NEW_CLAUSE or _own_clause_conj(t):
            return False
        t = t.head
    return False


def is_appeal(tok: Token) -> bool:
    """ "Foreign troops should withdraw": PLOVER does not code appeals."""
    chain = _chain(tok)
    cues = {ch.lower_ for c in chain for ch in c.children if ch.dep_ in ("aux", "auxpass")}
    lemmas = {c.lemma_.lower() for c in chain}
    if lemmas & {"urge", "appeal", "call"}:
        return True
    return (
        "should" in cues
        and not lemmas & {"decide", "agree"}
        and not any(a.lemma_.lower() in ("decide", "agree") for a in tok.ancestors)
    )


def _days_before(value: str, anchor: dt.date) -> int:
    """How long before ``anchor`` the middle of a calendar value lies ("2019": 1 July 2019,
    "2019-04": 15 April 2019; a week, season or quarter is read as its year or month)."""
    m = re.match(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value)
    if m is None:
        return 0
    year, month, day = int(m.group(1)), m.group(2), m.group(3)
    try:
        if month is None:
            middle = dt.date(year, 7, 1)
        else:
            middle = dt.date(year, int(month), int(day) if day else 15)
    except ValueError:
        return 0
    return (anchor - middle).days


def event_status(tok: Token, anchor: dt.date | None, date_value: str | None) -> str:
    """asserted, future, required, hypothetical, negated or historical."""
    st = _lex()["statuses"]
    chain = _chain(tok)
    local = chain[:2] if tok.pos_ == "NOUN" else chain[:1]
    if any(ch.dep_ == "neg" for c in local for ch in c.children):
        return "negated"
    if any(_nobody(ch) for ch in tok.children if ch.dep_ in ("dobj", "nsubjpass")):
        return "negated"  # "had detained no one", "nobody was arrested"
    cues: set[str] = set()
    for c in chain:
        # "demanded", "pledged" mark the event they govern, not themselves; "due to the
        # outage" gives a cause, not a schedule
        if c.i != tok.i and not _causal_due(c):
            cues.add(c.lower_)
        cues.update(
            ch.lower_
            for ch in c.children
            if ch.dep_ in ("aux", "auxpass", "mark", "advmod")
            or (ch.dep_ == "acomp" and c.i != tok.i and not _causal_due(ch))
        )  # "the visit is due next week"
    if tok.pos_ == "NOUN":  # "the upcoming talks", "a planned visit"
        cues.update(ch.lower_ for ch in tok.children if ch.dep_ == "amod")
    # the words just before the trigger, of its own clause only: "if" or "to be" of a
    # neighbouring clause says nothing of this event
    if cues & set(st["negation_cues"]):
        return "negated"  # "stopped short of expelling", "failed to reach a deal"
    text = " ".join(
        x.lower_
        for x in tok.doc[max(sentence(tok).start, tok.i - 5) : tok.i]
        if _in_clause(x, chain)
    )
    if cues & set(st["hypothetical"]) or any(
        f" {w} " in f" {text} " for w in ("if", "unless", "provided", "whether")
    ):
        return "hypothetical"
    if cues & set(st["required"]) or any(p in text for p in ("has to", "have to", "supposed to")):
        return "required"
    verb = governing_verb(tok)
    tense = verb_tense(verb) if verb is not None else None
    if cues & set(st["future"]) or "to be" in text or tense == "future":
        return "future"
    if anchor is not None and date_value and date_value[:4].isdigit():
        if _days_before(date_value, anchor) > st["historical_days"]:
            return "historical"  # "In 2019, residents blockaded", "in April 2019"
        if _CALENDAR.fullmatch(date_value) and date_value > anchor.isoformat()[: len(date_value)]:
            return "future"  # "talks ... next month"
    return "asserted"


@guarded
class EventsComponent:
    """Adds ``doc._.events``. ``typer`` picks who types triggers: ``lexicon``,
    ``transformer`` or ``combined`` (see :mod:`extract.nlp.typer`)."""

    def __init__(
        self, nlp: Language, name: str, typer: str = "lexicon", model_dir: str | None = None
    ) -> None:
        from extract.nlp.typer import TYPERS, TransformerTyper

        if typer not in TYPERS:
            raise ConfigError(f"unknown event typer {typer!r} (one of {', '.join(TYPERS)})")
        self.name = name
        self.typer = typer
        self.transformer = TransformerTyper(model_dir) if typer != "lexicon" else None

    def typed(self, docs: list[Doc]) -> list[dict[int, tuple[str, str | None, float]]]:
        """Per doc: token index -> (type, subtype, confidence) of its triggers."""
        if self.typer == "transformer" and self.transformer is not None:
            return self.transformer.type_docs(docs)
        # one scan of each doc for both typers: the lexicon types the words it lists
        # (type_trigger is None for the others); the head gets the rest of the candidates
        extra = self.transformer.trigger_lemmas if self.transformer is not None else ()
        found = [lexicon_positions(doc, extra) for doc in docs]
        lexical: list[dict[int, tuple[str, str | None, float]]] = [
            {i: x for i in pos if (x := type_trigger(doc[i])) is not None}
            for doc, pos in zip(docs, found, strict=True)
        ]
        if self.transformer is None:
            return lexical
        return self.transformer.combine_docs(docs, lexical, found)

    def __call__(self, doc: Doc) -> Doc:
        return self._events(doc, self.typed([doc])[0])

    def pipe(self, stream: Iterable[Doc], batch_size: int = 32) -> Iterator[Doc]:
        """Batches of docs, so the transformer typer encodes many sentences at once."""
        for batch in minibatch(stream, size=batch_size):  # type: ignore[no-untyped-call]
            docs = list(batch)
            for doc, typed in zip(docs, self.typed(docs), strict=True):
                yield self._events(doc, typed)

    def _events(self, doc: Doc, typed: dict[int, tuple[str, str | None, float]]) -> Doc:
        typed = _vows_of_force(doc, typed)
        anchor = _anchor(doc)
        cands = [
            _Candidate(doc[i], t, s, conf)
            for i, (t, s, conf) in sorted(typed.items())
            if not is_appeal(doc[i]) and not _not_an_occurrence(doc[i])
        ]
        acts = {
            i
            for i, x in typed.items()
            if x[0] in _SPEECH_ACTS or x[1] == "expel"  # "ordered them to leave": the order
        }
        pledges = {i for i, x in typed.items() if x[0] == "AGREE"}
        content = {
            c.tok.i
            for c in cands
            if _content_of(c.tok, acts)
            # "pledged 500 million euros in military aid": aid pledged, not yet given, is
            # the pledge's content (GUIDELINES: pledged aid is AGREE)
            or (c.type == "AID" and _content_of(c.tok, pledges))
            or _raid_of_an_arrest(c.tok, typed)
        }
        cands = self._merge([c for c in cands if c.tok.i not in content])
        events: list[EventDict] = []
        for c in cands:
            others = {i for i, x in typed.items() if x[0] != c.type}
            ev = self._build(doc, c, anchor, len(events) + 1, others)
            if ev is None:
                continue
            earlier = self._earlier_report(doc, c, ev, events)
            if earlier is not None:
                earlier["mentions"].append((ev["trigger_start"], ev["trigger_end"]))
                continue
            events.append(ev)
        _judged_event_sources(doc, events)
        if (model := targets.load_target_model()) is not None:
            model.fill(doc, events)  # the targets the rules left empty, chosen by weights
        for i, ev in enumerate(events):
            ev["id"] = f"e{i + 1}"
        doc._.events = events
        doc.user_data.pop(TOK_AT, None)  # the last component to ask: drop the memos
        doc.user_data.pop(SENT_STARTS, None)
        return doc

    @staticmethod
    def _merge(cands: list[_Candidate]) -> list[_Candidate]:
        """One event for syntactically linked triggers of one type in a sentence: "attacks
        killing", "a roadside bomb killed", "releasing ... in a prisoner swap"."""
        out: list[_Candidate] = []
        for c in cands:
            target = next(
                (
                    o
                    for o in out
                    if o.type == c.type
                    and sentence(o.tok) == sentence(c.tok)
                    and (
                        _linked(o.tok, c.tok)
                        or _purpose_clause(c.tok)
                        or (_result_participle(c.tok) and o.tok.i < c.tok.i)
                    )
                ),
                None,
            )
            if target is None:
                out.append(c)
                continue
            if _toll_of(target.tok, c.tok):  # the act is the trigger, the toll its word:
                target.tok, c.tok = c.tok, target.tok  # as "a roadside bomb killed seven"
                target.subtype, c.subtype = c.subtype, target.subtype
            target.absorbed.append(c.tok)
            if c.subtype in ("kill",) or (target.subtype == "attack" and c.subtype != "attack"):
                target.subtype = c.subtype
            target.confidence = min(0.95, max(target.confidence, c.confidence) + 0.05)
        return out

    def _build(
        self, doc: Doc, c: _Candidate, anchor: dt.date | None, n: int, others: set[int]
    ) -> EventDict | None:
        """One event record from a candidate; ``others``: tokens typed as other events."""
        sent = sentence(c.tok)
        toks = [c.tok, *c.absorbed]
        clause = _clause_tokens(toks)
        args: list[ArgumentDict] = []
        used: set[str] = set()

        def add(role: str, ref: str, text: str) -> None:
            if ref in used:
                return
            used.add(ref)
            args.append(ArgumentDict(role=role, ref=ref, text=text))

        self._actor_args(doc, c, toks, clause, add)
        if c.type == "THREATEN" and not any(a["role"] == "target" for a in args):
            self._pressed(doc, toks, add)
        if not any(a["role"] in ("target", "recipient") for a in args):
            sourced = any(a["role"] == "source" for a in args)
            self._clause_target(doc, c, toks, clause, used, add, sourced, others)
        self._quantity_args(doc, c, toks, clause, sent, add, others)
        places = [
            p
            for p in doc._.places or []
            if sent.start_char <= p["start"] < sent.end_char and not p["dateline"]
        ]  # the dateline says where the story was filed, not where its events happen
        inside = [
            p for p in places if _tok_at(doc, p["start"]) in clause and not _only_a_landmark(doc, p)
        ]
        for p in inside:
            add("place", p["id"], p["text"])
        date_value = deadline = None
        when_t: list[dict[str, Any]] = []
        times = [t for t in doc._.times or [] if sent.start_char <= t["start"] < sent.end_char]
        inside_t = [
            t
            for t in times
            if (
                _tok_at(doc, t["start"]) in clause
                or (
                    # "demanded that X free ... by the end of the month": the deadline of
                    # what is demanded or promised is the demand's or the promise's
                    t["role"] == "deadline"
                    and c.type in _CLAUSAL_DEADLINE
                    and _tok_at(doc, t["start"]) in _embedded_clauses(toks)
                )
            )
            and not _dates_something_else(doc, t, toks)
            and _time_of_this_event(doc, t, toks)
        ]
        if not any(t["role"] != "deadline" for t in inside_t):
            inside_t += _shared_times(doc, c.tok, times)
        if not any(t["role"] != "deadline" for t in inside_t) and any(
            ch.lower_ == "when" for ch in c.tok.children
        ):  # "It began in November 2020, when TPLF forces attacked ...": the clause's date
            when_t = [
                t
                for t in times
                if t["type"] == "DATE" and t["role"] is None and t["start"] < c.tok.idx
            ][-1:]  # the nearest: "from which ISWAP split in 2016, ... in April 2014, when"
            inside_t += when_t
        for t in inside_t:
            if t["role"] == "deadline":
                add("deadline", t["id"], t["text"])
                if t["type"] in ("DATE", "TIME"):
                    deadline = deadline or t["value"]
                elif t["type"] == "DURATION":  # "within 14 months": publication date + 14 months
                    deadline = deadline or end_of_duration(anchor, t["value"])
            elif t["type"] in ("DATE", "TIME") and not (t["value"] or "").endswith("_REF"):
                add("time", t["id"], t["text"])  # not "the future" (FUTURE_REF)
                if not _runs_from(c.tok, t):
                    date_value = date_value or t["value"]
        status = event_status(c.tok, anchor, status_date(c.tok, inside_t, when_t))
        etype = c.type
        if etype == "RETREAT" and c.subtype == "withdraw-troops" and status == "future":
            etype = "CONCEDE"  # a promised, not yet implemented withdrawal (PLOVER)
        trigger = doc[c.tok.i : c.tok.i + 1]
        return EventDict(
            id=f"e{n}",
            type=etype,
            subtype=c.subtype,
            trigger_start=trigger.start_char,
            trigger_end=trigger.end_char,
            sentence_start=sent.start_char,
            sentence_end=sent.end_char,
            arguments=args,
            status=status,
            date=date_value,
            deadline=deadline,
            confidence=round(c.confidence, 2),
            mentions=[],
            merged_words=[(t.idx, t.idx + len(t)) for t in c.absorbed],
        )

    @staticmethod
    def _pressed(doc: Doc, toks: list[Token], add: Any) -> None:
        """The target of a threat that names no one to harm: the one pressed to act, the
        subject of a demand made with it ("threatened to kill the hostages and demanded
        that the Nigerian government free ...") or of the condition it sets ("threatened
        to keep its blockade in place until the government steps down")."""
        actors = doc._.actors or []

        def actor_of(tok: Token) -> dict[str, Any] | None:
            return next((a for a in actors if a["start"] <= tok.idx < a["end"]), None)

        clauses: list[Token] = []
        for t in toks:
            for v in t.conjuncts:  # "... and demanded that X ...", "demanded that X ... and warned"
                clauses += [ch for ch in v.children if ch.dep_ == "ccomp" and v.pos_ == "VERB"]
            clauses += [
                x
                for x in t.subtree
                if x.dep_ == "advcl" and any(m.lower_ in _CONDITIONS for m in x.children)
            ]
        for cl in clauses:
            for s in cl.children:
                if s.dep_ in _SUBJ and (a := actor_of(s)) is not None:
                    add("target", a["id"], a["text"])
                    return

    @staticmethod
    def _clause_target(
        doc: Doc,
        c: _Candidate,
        toks: list[Token],
        clause: set[Token],
        used: set[str],
        add: Any,
        sourced: bool = False,
        others: Collection[int] = (),
    ) -> None:
        """When the parse gave no target: the first actor after the trigger in what it
        governs, outside its subject and the clauses of other verbs joined to it ("detained
        at least 184 people, among them building contractors", "demanded the release of
        the prisoners Baku is holding")."""
        if c.type in _NO_CLAUSE_TARGET or c.subtype == "withdraw-troops":
            return  # the forces moved are no target (_actor_args)
        recipient = c.type in ("RETREAT", "AID") and c.subtype != "withdraw-troops"
        scope: set[Token] = set()
        for t in toks:
            scope.update(t.subtree)
        for t in list(scope) if recipient else ():
            if _reduced_passive(t):  # "freed 12 hostages kidnapped by gunmen": the
                for ch in t.children:  # captors are not who receives them
                    if ch.dep_ == "agent":
                        scope.difference_update(ch.subtree)
        earlier = {  # "bombed hideouts a day after an attack on a factory": whom the
            x  # earlier event was aimed at; "protests over the death of X": what about
            for t in scope
            if t.lower_ in _ELSEWHERE and t.dep_ == "prep" and t not in toks
            for x in t.subtree
        }
        scope -= earlier
        described = {  # "executed a man convicted of killing a policeman": the clauses of
            x  # other events describe the man; whom they act on is not this target (what a
            # threat or demand says is to be done, "threatened in a video to attack X", is)
            for t in scope
            if t.i in others
            and t.pos_ == "VERB"
            and t.dep_ in ("acl", "relcl", "pcomp")
            and not any(ch.dep_ == "aux" and ch.lower_ == "to" for ch in t.children)
            for x in t.subtree
        }
        scope -= described
        for t in list(scope):  # "stormed the palace in what President X called a coup
            if t.lemma_.lower() in _NAMING and t not in toks:  # attempt": who names it
                for ch in t.children:
                    if ch.dep_ in _SUBJ:
                        scope.difference_update(ch.subtree)
        for t in toks:
            for ch in t.children:
                if ch.dep_ in _SUBJ or (ch.dep_ in _OTHER_CLAUSE and ch.pos_ in ("VERB", "AUX")):
                    scope.difference_update(ch.subtree)  # the subject; another event's clause
                if c.subtype == "recall-ambassador" and ch.dep_ in _OBJ:
                    scope.discard(ch)  # "recalled its ambassador": the envoy is no target
        for a in doc._.actors or []:
            if a["start"] <= c.tok.idx or a["id"] in used:
                continue
            tok = _tok_at(doc, a["start"])
            if tok in scope:
                add("recipient" if recipient else "target", a["id"], a["text"])
                return
        if not sourced:
            return
        sent = sentence(c.tok)
        subj = {x for t in toks for ch in t.children if ch.dep_ in _SUBJ for x in ch.subtree}
        elsewhere = (
            {  # "..., the ministry said, a day after an attack on X": the report's
                x  # clause, and what it says of other events, names no target of this one
                for t in toks
                for ch in t.children
                if ch.dep_ in _OTHER_CLAUSE and ch.lemma_.lower() in SPEECH_VERBS
                for x in ch.subtree
            }
            | earlier
            | described
        )
        for anc in c.tok.ancestors:  # "police arrested 12 people, said X, a spokesman for
            if anc.lemma_.lower() in SPEECH_VERBS:  # the provincial police": the speaker
                for ch in anc.children:
                    if ch.dep_ in _SUBJ:
                        elsewhere.update(ch.subtree)
        verbs = [  # "declared a state of emergency ... and deployed 300 soldiers": the
            v  # verb of a noun trigger's clause shares no object with its conjuncts
            for t in toks
            if t.pos_ == "NOUN" and (v := _governing_verb(t)) is not None
        ]
        for a in doc._.actors or []:
            if a["start"] <= c.tok.idx or a["id"] in used or a["start"] >= sent.end_char:
                continue
            if _tok_at(doc, a["start"]) in elsewhere:
                continue
            span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
            if span is None or not _aimed_at(span.root, subj):
                continue
            if any(x in t.conjuncts for x in span.root.ancestors for t in (*toks, *verbs)):
                continue  # "seized ... and arrested X", "condemned ... and said it had sent
                # X": the object of another event, or of a clause that event governs
            add("target", a["id"], a["text"])
            return

    @staticmethod
    def _actor_args(
        doc: Doc, c: _Candidate, toks: list[Token], clause: set[Token], add: Any
    ) -> None:
        actors = doc._.actors or []

        def actor_at(tok: Token) -> dict[str, Any] | None:
            for a in actors:
                if a["start"] <= tok.idx < a["end"]:
                    return a  # type: ignore[no-any-return]
            if tok.lower_ in _PRONOUNS:  # "detained 14 of them": what "them" stands for
                return _antecedent(tok, actors)
            if tok.tag_ in ("WP", "WDT") and tok.head.dep_ == "relcl" and tok.head.head != tok:
                return actor_at(tok.head.head)  # "the pupils whom the gunmen had seized"
            # the head noun of a phrase whose modifier is the actor ("Taliban fighters"),
            # or holds it ("rebel-held towns")
            for child in tok.children:
                if child.dep_ in ("compound", "amod", "poss", "nmod"):
                    holder = [
                        g for g in child.children if child.lower_ in HOLDING and g.i < child.i
                    ]
                    for x in (child, *holder):
                        for a in actors:
                            if a["start"] <= x.idx < a["end"]:
                                return a  # type: ignore[no-any-return]
            # "Hundreds of farmers", "Commanders of the MNJTF", "delegations from the GNA"
            for child in tok.children:
                if child.dep_ == "prep" and child.lower_ in ("of", "from"):
                    for g in child.children:
                        if g.dep_ == "pobj":
                            for a in actors:
                                if a["start"] <= g.idx < a["end"]:
                                    return a  # type: ignore[no-any-return]
                            if g.lower_ in _PRONOUNS and tok.like_num:  # "14 of them"
                                return _antecedent(g, actors)
            return None

        def own(tok: Token) -> bool:
            return any(a["start"] <= tok.idx < a["end"] for a in actors)

        def country_at(tok: Token) -> dict[str, Any] | None:
            """A country named where no actor is: "Turkey and Egypt ... welcomed", "from
            Uganda" (its government acts or is acted on)."""
            return next(
                (
                    p
                    for p in doc._.places or []
                    if p["start"] <= tok.idx < p["end"] and p["kind"] == "country"
                ),
                None,
            )

        def subjects(tok: Token) -> list[Token]:
            subj = _subject(tok)
            if subj is None:
                return []
            speaker = _speaker_of_a_coordinated_act(tok, c.type)
            if speaker is not None and not own(subj) and own(speaker):
                subj = speaker  # "Liu said the boat had intruded, accused the Philippines"
            if subj in toks:  # the event is the subject: "an FBI investigation into X has",
                # "an attack from X", not the one "of" ("the killing of X by Y prompted")
                return [
                    *(m for m in subj.children if m.dep_ in _MODIFIERS and own(m)),
                    *(
                        g
                        for p in subj.children
                        if p.dep_ == "prep" and p.lower_ == "from"
                        for g in p.children
                        if g.dep_ == "pobj"
                    ),
                ]
            if subj.tag_ in ("WDT", "WP") and subj.head.dep_ == "relcl":
                # "rebels who attacked", "a bombing that killed": the noun it stands for,
                # not a speaker higher up
                subj = subj.head.head
            elif subj.pos_ == "PRON":  # "MMG said ... that it ... accused": the speaker
                clause = subj.head
                for anc in subj.head.ancestors:
                    if clause.dep_ == "advcl":
                        break  # "police fired tear gas ... as they marched": not the police
                    named = next((c for c in anc.children if c.dep_ in _SUBJ), None)
                    if named is not None and named.pos_ != "PRON":
                        subj = named
                        break
                    clause = anc
            if not own(subj) or subj.lower_ in _MEMBERS:
                twin = next(
                    (
                        c
                        for c in subj.head.children
                        if c.dep_ == subj.dep_ and c.i != subj.i and own(c)
                    ),
                    None,
                )  # "a man identified as commander Ali Musa threatened": two subjects parsed
                if twin is not None:
                    return [twin, *twin.conjuncts]
                for child in subj.children:
                    if child.dep_ == "appos" and own(child):  # "His lawyer, Carlos Pineda,"
                        return [child, *child.conjuncts]
                    if child.dep_ == "acl":  # "a man identified as rebel commander Ali Musa"
                        as_whom = [
                            g
                            for p in child.children
                            if p.dep_ == "prep" and p.lower_ == "as"
                            for g in p.children
                            if g.dep_ == "pobj" and own(g)
                        ]
                        if as_whom:
                            return as_whom[:1]
                    if child.dep_ == "prep" and child.lower_ in ("of", "from"):
                        # "The presidents of Turkey, Russia and Iran"
                        objs = [g for g in child.children if g.dep_ == "pobj" and own(g)]
                        if objs:
                            return [objs[0], *objs[0].conjuncts]
            # "Ethiopia's government and Fano militia leaders": sides named as coordinated
            # modifiers of one noun, each an actor
            mods = [c for c in subj.children if c.dep_ in ("nmod", "compound") and own(c)]
            if any(g.dep_ == "cc" for c in mods for g in c.children):
                return [subj, *subj.conjuncts, *mods]
            return [subj, *subj.conjuncts]

        def sides_to(prep: Token) -> list[dict[str, Any]]:
            """The actor, else the country (its government), each object of ``prep``
            names: "pledged $50 million in aid to Haiti", "halted aid to Niger"."""
            return [
                side
                for g in prep.children
                if g.dep_ == "pobj" and (side := actor_at(g) or country_at(g)) is not None
            ]

        def on_country(prep: Token, tok: Token) -> dict[str, Any] | None:
            """A country a measure is put on: "imposed sanctions on Belarus"."""
            return country_at(tok) if prep.lower_ in ("on", "against", "at") else None

        src_role = "source"
        obj_role = (
            "recipient"
            if c.type in ("RETREAT", "AID") and c.subtype != "withdraw-troops"
            else "target"
        )
        clausal = c.type in _CLAUSAL_TARGET
        cut_off = c.type == "SANCTION"  # what is stopped goes to the one sanctioned
        forces_moved = c.type == "MOBILIZE" or c.subtype == "withdraw-troops"
        for tok in toks:
            for s in subjects(tok):
                if (a := actor_at(s)) is not None:  # "Azerbaijan and Armenia ... talks"
                    add(src_role, a["id"], a["text"])
                    continue
                if (country := country_at(s)) is not None:  # "Turkey and Egypt ... welcomed"
                    add(src_role, country["id"], country["text"])
            for v in tok.children:  # "Kenya condemned the coup, as did Uganda": the same act
                if (
                    v.dep_ == "advcl"
                    and v.lemma_ == "do"
                    and any(m.dep_ == "mark" and m.lower_ == "as" for m in v.children)
                ):
                    for s in (
                        x for ch in v.children if ch.dep_ in _SUBJ for x in (ch, *ch.conjuncts)
                    ):
                        if (side := actor_at(s) or country_at(s)) is not None:
                            add(src_role, side["id"], side["text"])
            for child in tok.children if clausal else ():
                # "demanded that the government free ...", "threatened to attack Rwandan forces"
                # "warned that it would treat any Israeli troops as ...": a threat's target is
                # the object of what is threatened, a demand's the one who is to act
                deps = (
                    (_OBJ if c.type == "THREATEN" else _SUBJ)
                    if child.dep_ == "ccomp"
                    else _OBJ
                    if child.dep_ == "xcomp"
                    else ()
                )
                for g in child.children:
                    if g.dep_ in deps:
                        for cand in (g, *g.conjuncts):
                            if (a := actor_at(cand)) is not None:
                                add(obj_role, a["id"], a["text"])
            if tok.pos_ == "NOUN" and tok.dep_ == "dobj":  # "handed the envoy a protest":
                for d in (x for x in tok.head.children if x.dep_ == "dative"):  # to whom
                    if (a := actor_at(d) or country_at(d)) is not None:
                        add(obj_role, a["id"], a["text"])
            if tok.pos_ == "NOUN" and tok.dep_ == "dobj":  # "opened fire on residents"
                for p in tok.head.children:  # "opened an investigation into the exporter, X"
                    if p.dep_ == "prep" and p.lower_ in ("on", "against", "into"):
                        for g in p.children:
                            named = next(
                                (x for x in g.children if x.dep_ == "appos" and own(x)), None
                            )
                            if g.dep_ == "pobj" and (a := actor_at(named or g)) is not None:
                                add(obj_role, a["id"], a["text"])
            if _participle_clause(tok):  # "If convicted, the minister faces": the one
                for x in (c for c in tok.head.children if c.dep_ in (*_SUBJ, "nsubjpass")):
                    if (a := actor_at(x)) is not None:  # convicted
                        add(obj_role, a["id"], a["text"])
            if tok.pos_ == "NOUN" and tok.dep_ == "pobj" and tok.head.lower_ == "under":
                # "Ugandan troops came under attack from ADF rebels"
                verb = tok.head.head
                for s in (c for c in verb.children if c.dep_ in _SUBJ):
                    if (a := actor_at(s)) is not None:
                        add(obj_role, a["id"], a["text"])
                for p in (*tok.children, *verb.children):
                    if p.dep_ == "prep" and p.lower_ == "from":
                        for g in p.children:
                            if g.dep_ == "pobj" and (a := actor_at(g)) is not None:
                                add(src_role, a["id"], a["text"])
            if (
                tok.pos_ == "VERB"
                and tok.dep_ in ("relcl", "acl")
                and (tok.tag_ == "VBN" or any(x.dep_ == "auxpass" for x in tok.children))
            ):  # "the journalist, Andrei Savchuk, who was detained", "suspects detained in"
                head = tok.head
                named = next((x for x in head.children if x.dep_ == "appos" and own(x)), None)
                if (a := actor_at(named if named is not None else head)) is not None:
                    add(obj_role, a["id"], a["text"])
            if c.type in ("RETREAT", "AID", "AGREE") and c.subtype != "withdraw-troops":
                # "freed 412 soldiers, handing them to the ICRC", "pledged to send ... to X",
                # "pledged 500 million euros in military aid to Ukraine"
                given = [x for x in tok.children if x.dep_ in _HANDING]
                for o in (x for x in tok.children if x.dep_ == "dobj"):
                    given += [
                        g
                        for p in o.children
                        if p.dep_ == "prep" and p.lower_ == "in"
                        for g in p.children
                        if g.dep_ == "pobj"
                    ]
                for v in (tok, *given):
                    for p in v.children:
                        if p.dep_ in ("prep", "dative") and p.lower_ == "to":
                            for a in sides_to(p):  # "pledged $50 million in aid to Haiti"
                                add("recipient", a["id"], a["text"])
            if (
                tok.pos_ == "VERB"
                and not forces_moved
                and not any(ch.dep_ in _OBJ for ch in tok.children)
            ):  # "arrested and charged three men": the first verb shares the object
                shared = next(
                    (
                        o
                        for v in tok.children
                        if v.dep_ == "conj" and v.pos_ == "VERB"
                        for o in v.children
                        if o.dep_ == "dobj"
                    ),
                    None,
                )
                if shared is not None and (a := actor_at(shared)) is not None:
                    add(obj_role, a["id"], a["text"])
            for child in tok.children:
                if (
                    child.dep_ in ("compound", "poss")
                    or (child.dep_ == "amod" and c.type == "ASSAULT")
                ) and (a := actor_at(child)) is not None:  # "Israeli strikes": their agent
                    add(src_role if c.type == "ASSAULT" else obj_role, a["id"], a["text"])
                if forces_moved and child.dep_ in _OBJ:
                    continue  # "deployed 1,000 soldiers": the troops are moved, not targeted
                if c.subtype == "recall-ambassador" and child.dep_ in _OBJ:
                    # "recalled its ambassador to the bloc": the sanction is on the host
                    for p in (*child.children, *tok.children):
                        if p.dep_ == "prep" and p.lower_ in ("to", "from"):
                            for g in p.children:
                                if g.dep_ != "pobj":
                                    continue
                                for side in (actor_at(g), country_at(g)):  # "from Uganda"
                                    if side is not None:
                                        add(obj_role, side["id"], side["text"])
                    continue
                if child.dep_ in _OBJ or (
                    child.dep_ == "prep"
                    and (
                        child.lower_ in ("of", "with", "between", "on", "against")
                        or (child.lower_ == "into" and tok.pos_ == "NOUN")
                        or (child.lower_ == "at" and c.type == "ASSAULT")  # "fired at Israel"
                    )  # "an investigation into the exporter, Frutas del Pacífico,"
                ):
                    objs = (
                        [child]
                        if child.dep_ in _OBJ
                        else [g for g in child.children if g.dep_ == "pobj"]
                    )
                    # "clashes between the army and the RSF", "talks between X and Y": the
                    # sides take part alike, all sources (GUIDELINES: symmetric participants)
                    role = src_role if child.lower_ == "between" else obj_role
                    for o in objs:
                        for cand in (o, *[x for x in o.conjuncts]):
                            named = next(
                                (x for x in cand.children if x.dep_ == "appos" and own(x)), None
                            )  # "arrested the former minister, Edgar Solórzano,"
                            if named is not None:
                                cand = named
                            if (a := actor_at(cand) or on_country(child, cand)) is not None:
                                add(role, a["id"], a["text"])
                            elif (
                                cand.pos_ == "NOUN"
                            ):  # "demanded the withdrawal of Eritrean troops", "arrested
                                # eight people, including two customs officials"
                                for p in cand.children:
                                    if p.dep_ == "prep" and p.lower_ in _OF_WHOM:
                                        for g in p.children:
                                            if g.dep_ == "pobj" and (a := actor_at(g)) is not None:
                                                add(obj_role, a["id"], a["text"])
                                    if p.dep_ == "prep" and p.lower_ == "to" and cut_off:
                                        for a in sides_to(p):  # "suspended payments to Mali"
                                            add(obj_role, a["id"], a["text"])
                if cut_off and child.dep_ == "prep" and child.lower_ == "to":
                    for a in sides_to(child):  # "halted aid to Niger": its government
                        add(obj_role, a["id"], a["text"])
                if (
                    child.dep_ == "prep"
                    and child.lower_ == "by"
                    and (tok.pos_ == "NOUN" or (tok.tag_ == "VBG" and tok.dep_ == "csubj"))
                ):  # "a three-year investigation by the Hawks"; a gerund as the subject,
                    for g in child.children:  # "that shelling by Indian troops had killed"
                        if g.dep_ == "pobj" and (a := actor_at(g)) is not None:
                            add(src_role, a["id"], a["text"])
                if child.dep_ == "agent":
                    for g in child.children:
                        for x in (g, *g.conjuncts) if g.dep_ == "pobj" else ():
                            if (a := actor_at(x)) is not None:  # "by X and the U.S. ..."
                                add(src_role, a["id"], a["text"])

    @staticmethod
    def _quantity_args(
        doc: Doc,
        c: _Candidate,
        toks: list[Token],
        clause: set[Token],
        sent: Span,
        add: Any,
        others: set[int],
    ) -> None:
        lex = _lex()
        base_role = lex["quantity_roles"].get(c.subtype or "", "count")
        for q in doc._.quantities or []:
            if not sent.start_char <= q["start"] < sent.end_char:
                continue
            head = doc[q["head_i"]]
            num = _tok_at(doc, q["start"])
            if head not in clause and num not in clause:
                continue
            verb = governing_verb(head)
            if verb is not None and verb.i in others and verb not in toks:
                continue  # "Seven suspects were detained in raids": the detention's count
            role = base_role
            if q["unit"] in lex["money_units"]:
                role = "money"
            elif q["unit"] == "percent" or q["unit"] in lex["distance_units"]:
                continue  # "about 90 km southwest of Maiduguri" locates, it does not count
            ancestors = {a.lower_ for a in num.ancestors} | {a.lower_ for a in head.ancestors}
            if ancestors & set(lex["injury_words"]):
                role = "injured"
            elif c.type == "RETREAT" and {"exchange", "for"} <= ancestors | {head.head.lower_}:
                role = "exchanged"
            elif "including" in ancestors:
                role = "count"
            elif role == "fatalities" and not (
                (ancestors | {head.lower_} | {x.lower_ for x in head.children})
                & set(lex["kill_words"])
            ):
                role = "count"  # "fired tear gas at thousands of workers": not the dead
            add(role, q["id"], q["text"])

    @staticmethod
    def _earlier_report(
        doc: Doc, c: _Candidate, ev: EventDict, events: list[EventDict]
    ) -> EventDict | None:
        """The earlier event this candidate reports again, or None:

        - "the blast" after a bombing was reported;
        - the same word for the same type in a later sentence that adds no argument,
          date or deadline of its own (the annotation guidelines count such a repeat once).
        """
        same = [
            e
            for e in events
            if e["type"] == ev["type"] and e["trigger_start"] < ev["trigger_start"]
        ]
        if not same:
            return None
        tok = c.tok
        if (
            tok.pos_ == "NOUN"
            and any(ch.lower_ == "the" for ch in tok.children)
            and not any(a["role"] == "deadline" for a in ev["arguments"])
            and not _other_counts(doc, ev, same[-1])
        ):  # "the blast" after a bombing; not "the release of 30 prisoners" after a
            return same[-1]  # release of 12 hostages: another count makes a new event
        lemma = tok.lemma_.lower()
        for e in reversed(same):
            first = _tok_at(doc, e["trigger_start"])
            if (
                first.lemma_.lower() == lemma
                and e["sentence_start"] < ev["sentence_start"]
                and e["status"] == ev["status"]
                and ev["date"] in (None, e["date"])
                and ev["deadline"] in (None, e["deadline"])
                and {a["text"].lower() for a in ev["arguments"]}
                <= {a["text"].lower() for a in e["arguments"]}
            ):
                return e
        return None


def _other_counts(doc: Doc, ev: EventDict, earlier: EventDict) -> bool:
    """Whether ``ev`` counts the people or things it acts on with a value the earlier
    event does not give ("released 12 hostages", then "the release of 30 prisoners"); a
    plain count of damage ("the blast destroyed three shops") is no sign of another."""
    values = {q["id"]: q["value"] for q in doc._.quantities or []}

    def counted(e: EventDict, roles: tuple[str, ...] = ()) -> set[float]:
        return {
            v
            for a in e["arguments"]
            if a["role"] not in roles and (v := values.get(a["ref"])) is not None
        }

    return bool(counted(ev, ("count",)) - counted(earlier))


_NOT_AIMED = frozenset({"in", "near", "at", "from", "by", "since", "after", "during"})
"""Prepositions whose object is where or after what an event happens, or who reports it,
not whom it is aimed at ("near Arbinda", "according to the UN")."""


def _aimed_at(root: Token, subj: set[Token]) -> bool:
    """Whether an actor later in the sentence may be the target of an event whose parse
    gave none: the object of a verb or preposition, not a subject (nor the reporter of
    "..., said X"), a place of the event, or forces its own subject moves ("its troops")."""
    while root.dep_ in ("conj", "appos"):
        root = root.head
    if root in subj or root.dep_ not in ("dobj", "pobj", "nsubjpass", "dative"):
        return False
    if root.dep_ == "pobj" and (
        root.head.lower_ in _NOT_AIMED or root.head.head.lower_ == "according"
    ):
        return False
    return not any(ch.dep_ == "poss" and ch.pos_ == "PRON" for ch in root.children)


_CONDITIONS = frozenset({"until", "unless"})
"""Words that open the condition a threat sets ("until the government steps down")."""

_OF_WHOM = frozenset({"of", "against", "on", "including", "among"})
"""Prepositions after an object noun that is no actor, whose object is the one acted on."""


@lru_cache(maxsize=1)
def _directions() -> frozenset[str]:
    return frozenset(load_table("geo_words")["directions"])


def _only_a_landmark(doc: Doc, place: dict[str, Any]) -> bool:
    """A place that only locates another: the anchor of "90 km southwest of Maiduguri",
    the country of "Peru's southern Apurimac region", "Iran-backed", or a word of an
    actor's name ("UN Interim Force in Lebanon")."""
    first = _tok_at(doc, place["start"])
    last = _tok_at(doc, max(place["start"], place["end"] - 1))
    before = doc[max(0, first.i - 2) : first.i]
    if len(before) == 2 and before[1].lower_ == "of" and before[0].lower_ in _directions():
        return True
    after = doc[last.i + 1] if last.i + 1 < len(doc) else None
    if after is not None and (after.tag_ == "POS" or after.text == "-"):
        return True  # "Peru's southern Apurimac region", "Iran-backed militia"
    return any(
        a["start"] <= place["start"]
        and place["end"] <= a["end"]
        and a["end"] - a["start"] > len(place["text"])
        for a in doc._.actors or []
    )


_SPEECH_ACTS = ("DEMAND", "THREATEN", "REJECT")
_BANS = frozenset({"ban", "prohibit", "outlaw", "forbid"})
"""Verbs whose object in general ("banned rallies") is what may not happen, not an event."""
_NATURAL_CAUSES = frozenset(
    {
        "collapse",
        "earthquake",
        "quake",
        "flood",
        "floods",
        "rain",
        "rains",
        "cyclone",
        "storm",
        "hurricane",
        "typhoon",
        "disease",
        "outbreak",
        "accident",
        "famine",
        "drought",
        "heat",
        "pandemic",
        "virus",
    }
)
"""Causes of death with no one behind them: what they kill is no attack, also when told
after them ("the hotel collapsed, killing 30 guests")."""
_NATURAL_VERBS = frozenset({"collapse", "flood"})
"""Verbs of :data:`_NATURAL_CAUSES` that tell the cause themselves ("the hotel collapsed")."""
_AGENTLESS = _NATURAL_CAUSES | {
    "insurgency",
    "conflict",
    "war",
    "violence",
    "fighting",
    "crisis",
    "it",
    "mine",
    "mines",
}
"""Subjects of a toll ("The insurgency has killed more than 30,000 people"), not of an
attack; a killing told after fighting ("fighting broke out, killing 12") is the
fighting's outcome, so only :data:`_NATURAL_CAUSES` count there."""
_SPANS_OF_TIME = frozenset(
    {"year", "years", "month", "months", "week", "weeks", "day", "days", "decade", "decades"}
)


def _not_an_occurrence(tok: Token) -> bool:
    """A trigger word that reports no event of its own: "captured soldiers" (an
    adjective), "six weeks of fighting" (a span of time), "the conflict has killed tens
    of thousands" (a toll without an agent)."""
    if tok.pos_ == "VERB" and tok.dep_ == "amod":
        return True
    if tok.pos_ in ("NOUN", "PROPN") and tok.dep_ == "compound":
        return True  # "Protest organisers", "strike leaders"
    if (
        tok.pos_ == "NOUN"
        and tok.dep_ == "pobj"
        and tok.head.lower_ == "of"
        and tok.head.head.lower_ in _SPANS_OF_TIME
    ):
        return True
    if tok.pos_ == "NOUN" and _named_as(tok):
        return True  # "what the opposition described as an assault on democracy"
    if (
        tok.tag_ == "NNS"
        and tok.dep_ in ("attr", "nsubj")
        and tok.head.lemma_ == "be"
        and any(c.dep_ == "expl" for c in tok.head.children)
        and any(c.dep_ == "nummod" for c in tok.children)
    ):
        return True  # "There have been more than 1,200 kidnappings this year": a tally
    if (
        tok.tag_ == "NNS"
        and tok.dep_ == "dobj"
        and tok.head.lemma_ in _BANS
        and not any(c.dep_ in ("det", "poss") for c in tok.children)
    ):
        return True  # "banned rallies near factories": any such, none that took place
    if tok.pos_ == "VERB" and _natural_cause(_written_subject(tok)):
        return True  # "Cyclone Idai killed 600 people", "an earthquake struck the city"
    if tok.lemma_.lower() == "kill":
        subj = _written_subject(tok)
        if subj is not None and subj.lower_ in ("that", "which") and tok.dep_ == "relcl":
            subj = tok.head  # "a civil war that has killed nearly 400,000 people"
            if _agentless_noun(subj):  # "a roof collapse at the station that killed 15"
                return True
        if subj is not None and subj.lower_ in _AGENTLESS:
            # but "The army said it had killed 30 fighters": "it" is the speaker
            return not (subj.lower_ == "it" and _reported_by_a_named_speaker(tok))
        if subj is None and tok.dep_ in (
            "acl",
            "relcl",
        ):  # "a war that killed", "... killed by mines"
            return _agentless_noun(tok.head) or any(
                g.lower_ in _AGENTLESS
                for c in tok.children
                if c.dep_ == "agent"
                for g in c.children
            )
        if _result_participle(tok):  # "the hotel collapsed, killing 30 guests"
            head = tok.head
            cause = _written_subject(head)
            return head.lemma_.lower() in _NATURAL_VERBS or (
                cause is not None and cause.lower_ in _NATURAL_CAUSES
            )  # the verb: "collapsed", not "stormed" (gunmen storm villages)
    return False


def _natural_cause(subj: Token | None) -> bool:
    """``subj`` is a natural force: "the earthquake", "floods", "Cyclone Idai"."""
    return subj is not None and (
        subj.lemma_.lower() in _NATURAL_CAUSES
        or any(c.dep_ == "compound" and c.lower_ in _NATURAL_CAUSES for c in subj.children)
    )


def _agentless_noun(noun: Token) -> bool:
    """``noun`` or the noun it is said of is a cause without an agent: "a war that",
    "a roof collapse at the station that" (the clause hung on the place of the collapse)."""
    for _ in range(3):
        if noun.lower_ in _AGENTLESS or noun.lemma_.lower() in _AGENTLESS:
            return True
        if noun.dep_ != "pobj" or noun.head.dep_ != "prep":
            return False
        noun = noun.head.head
    return False


def _named_as(tok: Token) -> bool:
    """An event noun that is what a naming verb calls something ("called it a coup
    attempt", "described as an assault on democracy", "branded the vote a farce"): a
    judgement of an event told elsewhere, not one more event."""
    head = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "as" else tok.head
    if head.lemma_.lower() not in _NAMING_ONLY:
        return False
    return tok.dep_ in ("oprd", "xcomp", "attr") or (tok.dep_ == "pobj" and tok.head.lower_ == "as")


def _reported_by_a_named_speaker(tok: Token) -> bool:
    """``tok`` is the verb of what a named subject said ("The army said it had killed")."""
    return tok.dep_ == "ccomp" and any(
        c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") for c in tok.head.children
    )


def _content_of(tok: Token, acts: set[int]) -> bool:
    """ "threatened to kill the hostages", "demanded that Ankara withdraw", "demanded the
    resignation of the government": what is demanded or threatened is the act's content,
    not an event of its own (PLOVER codes the demand or the threat)."""
    t = tok
    while t.dep_ == "conj" and t.pos_ == "NOUN" and t.head.i < t.i:
        t = t.head  # "demanded an amnesty ... and the resignation of the government"
    for _ in range(3):
        if t.head.i == t.i or t.dep_ not in ("xcomp", "ccomp", "dobj", "pobj", "prep", "acl"):
            return False
        if t.dep_ == "ccomp" and t.i < t.head.i and tok.i < t.head.i:
            return False  # "Congo accused Rwanda of ..., a charge Kigali denies": what is
            # denied was said first, an act of its own
        t = t.head
        if t.i in acts:
            return True
    return False


def _vows_of_force(
    doc: Doc, typed: dict[int, tuple[str, str | None, float]]
) -> dict[int, tuple[str, str | None, float]]:
    """A vow or pledge to use force is a threat ("vowed to attack the foreign police",
    "pledged to arrest those responsible"): PLOVER's THREATEN, whose content the attack
    or the arrest then is, whatever the typer said of the vow."""
    out = dict(typed)
    for i in positions(doc, lambda w: w.lower() in _VOWS, LEMMA):  # one array scan
        tok = doc[i]
        if tok.pos_ != "VERB":
            continue
        force = any(  # "vowed to attack", "vowed to keep up the strikes"
            typed.get(x.i, ("",))[0] in ("ASSAULT", "COERCE")
            for c in tok.children
            if c.dep_ == "xcomp"
            for x in (c, *(o for o in c.children if o.dep_ == "dobj"))
        )
        if force:
            out[tok.i] = ("THREATEN", "threaten", max(typed.get(tok.i, ("", None, 0.8))[2], 0.8))
    return out


_VOWS = frozenset({"vow", "swear", "pledge", "promise"})


def _raid_of_an_arrest(tok: Token, typed: dict[int, tuple[str, str | None, float]]) -> bool:
    """A raid told as where an arrest was made ("detained 17 suspected militants in raids
    in Jenin", "arrested four suspects in a raid near Kupwara"): the arrest's manner, not
    an attack of its own (GUIDELINES: the arrest is the event)."""
    if tok.lemma_.lower() not in _RAIDS or tok.dep_ != "pobj" or tok.head.lower_ != "in":
        return False
    verb = tok.head.head
    return typed.get(verb.i, ("",))[0] == "COERCE"


_RAIDS = frozenset({"raid", "sweep", "crackdown", "operation"})


_PRONOUNS = {"them": "plural", "they": "plural", "him": "person", "her": "person"}
"""Pronouns an argument may be written as, and what their antecedent must be."""


def _antecedent(pron: Token, actors: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The actor a pronoun stands for: the nearest noun before it in its own or the
    previous sentence that can be its antecedent (a plural noun for "them", a person's
    name or title for "him", "her"), when that noun is an actor ("Police fired tear gas
    at protesters ... and detained 14 of them"). A nearer noun that is no actor ("freed
    the hostages and flew them home") means no actor, not the next one back."""
    doc = pron.doc
    sent = sentence(pron)
    lo = sentence(doc[sent.start - 1]).start if sent.start > 0 else 0
    want = _PRONOUNS[pron.lower_]
    for i in range(pron.i - 1, lo - 1, -1):
        t = doc[i]
        if want == "plural":
            if t.tag_ not in ("NNS", "NNPS") or t.dep_ in ("compound", "poss"):
                continue
        elif not (t.ent_type_ == "PERSON" or t.pos_ == "PROPN" or t.tag_ == "NN"):
            continue
        actor = next((a for a in actors if a["start"] <= t.idx < a["end"]), None)
        if want == "person" and (actor is None or actor["kind"] != "person"):
            if t.ent_type_ == "PERSON":
                return None  # a person the recogniser left without a role: no guess
            continue
        return actor
    return None


def _embedded_clauses(toks: list[Token]) -> set[Token]:
    """Tokens of the clauses a trigger governs: "demanded [that X free ...]", "pledged
    $80 million, [to be spent ...]"."""
    out: set[Token] = set()
    for tok in toks:
        for child in tok.children:
            if child.dep_ in ("ccomp", "xcomp", "advcl", "acl", "relcl"):
                out.update(child.subtree)
            elif child.dep_ in ("dobj", "attr"):  # "pledged $80 million for X, to be spent by"
                for g in child.children:
                    if g.dep_ in ("acl", "relcl"):
                        out.update(g.subtree)
    return out


def _time_of_this_event(doc: Doc, t: dict[str, Any], toks: list[Token]) -> bool:
    """A time (not a deadline) is not this event's when the nearest verb above it heads a
    clause the trigger governs: in "criticised the government for failing to protect
    civilians in 2019" the year is the protecting's, not the criticism's. (A participle
    that describes a noun does not count: the parser hangs the event's own time from one
    too often, "seized cocaine hidden in a shipment ... on Tuesday".)"""
    if t["role"] == "deadline":
        return True
    verb = governing_verb(_tok_at(doc, t["start"]))
    triggers = {x.i for x in toks}
    if verb is None or verb.i in triggers:
        return True
    if verb.lemma_.lower() in SPEECH_VERBS and any(
        c.dep_ == "ccomp" and any(c.is_ancestor(x) or c == x for x in toks) for c in verb.children
    ):
        return False  # "said on Monday it would withdraw": the day of the saying
    crossed = False
    v = verb
    for _ in range(12):
        if v.i in triggers:
            return not crossed
        if v.head.i == v.i or v.dep_ in ("acl", "relcl", "amod"):
            return True
        crossed = crossed or v.dep_ in ("xcomp", "ccomp", "pcomp", "advcl")
        v = v.head
    return True


def _dates_something_else(doc: Doc, t: dict[str, Any], toks: list[Token]) -> bool:
    """ "before the December 30 general election": the date of another noun."""
    tok = _tok_at(doc, t["start"])
    last = _tok_at(doc, max(t["start"], t["end"] - 1))
    head = last if last.head.i < last.i or last.head.i >= tok.i else tok
    return (
        head.dep_ in ("compound", "nmod", "amod", "nummod")
        and head.head.pos_ == "NOUN"
        and head.head.i not in {x.i for x in toks}
    )


def _linked(a: Token, b: Token) -> bool:
    """Triggers at most three arcs apart in the parse, not across a new clause, not two
    coordinated verbs ("expelled 12 diplomats and recalled its ambassador"), and not two
    verbs with subjects of their own that differ."""
    if (
        a.pos_ == "VERB"
        and b.pos_ == "VERB"
        and (a.head.i == b.i or b.head.i == a.i)
        and "conj" in (a.dep_, b.dep_)
        and a.lemma_ != b.lemma_
    ):
        return False
    if _toll_of(a, b) or _toll_of(b, a):
        return True  # "four civilians were killed when militants shelled a market"
    sa, sb = _own_subject(a), _own_subject(b)
    if sa is not None and sb is not None and sa.lower_ != sb.lower_:
        return False  # "Britain delivered tents, while the EU disbursed 3.5 million euros"
    if any(
        _reduced_passive(t) and any(c.dep_ == "agent" or _dated(c) for c in t.children)
        for t in (a, b)
    ):  # "recaptured a town seized by rebels": two events, two agents; "sentenced a
        return False  # journalist, arrested in May 2023": two events, two times
    if any(
        (
            (t.dep_ == "pobj" and t.head.lower_ in _SEQUENCE)
            or (t.dep_ == "advcl" and any(m.lower_ in _SEQUENCE for m in t.children))
        )
        and not t.is_ancestor(other)
        for t, other in ((a, b), (b, a))
    ):  # "bombed hideouts a day after an attack on a factory", "two days after Tehran
        return False  # struck targets": an earlier event (but "after a gunfight ... in
        # which two soldiers were killed" tells one event inside the phrase)
    return _distance(a, b) <= 3


def _toll_of(toll: Token, act: Token) -> bool:
    """``toll`` is a passive count of the dead or wounded and ``act`` the "when" clause
    that says what hit them: "four civilians were killed when militants shelled a
    market". The victims are the subject of the toll, not a second side. ("were killed
    in an ambush" keeps the toll as the trigger: WikiEvents and RAMS annotate both words,
    and swapping lost the toll there.)"""
    if toll.lemma_.lower() not in _TOLL_VERBS or not any(
        c.dep_ == "nsubjpass" for c in toll.children
    ):
        return False
    return (
        act.dep_ == "advcl"
        and act.head.i == toll.i
        and any(m.dep_ in ("advmod", "mark") and m.lower_ in ("when", "as") for m in act.children)
    )


_VERBAL_ACTS = frozenset({"DEMAND", "THREATEN", "REJECT", "DISAPPROVE", "SUPPORT"})
"""Types of the things a speaker does in words: accusing, rejecting, warning, praising."""


def _speaker_of_a_coordinated_act(tok: Token, event_type: str) -> Token | None:
    """ "Liu Yanqing said the boat had intruded, accused the Philippines of ...": a verbal
    act the parser joined to the reported clause, not to the verb of saying, is the
    speaker's. The subject of that verb of saying, or None."""
    if event_type not in _VERBAL_ACTS or tok.dep_ != "conj" or _own_subject(tok) is not None:
        return None
    clause = tok.head
    while clause.dep_ == "conj":
        clause = clause.head
    if clause.dep_ != "ccomp" or clause.head.lemma_.lower() not in SPEECH_VERBS:
        return None
    return next((c for c in clause.head.children if c.dep_ == "nsubj"), None)


_TOLL_VERBS = frozenset({"kill", "wound", "injure"})


_NAMING_ONLY = frozenset({"call", "describe", "term", "dub", "label", "brand"})
_NAMING = SPEECH_VERBS | _NAMING_ONLY
"""Verbs whose subject says what an event is, not who takes part in it."""

_SEQUENCE = frozenset({"after", "before", "since", "following"})
"""Prepositions that set one event before or after another ("after an attack")."""
_TOPIC = frozenset({"over", "about"})
"""Prepositions of what an event is about ("protests over the death of X"): no target."""
_ELSEWHERE = _SEQUENCE | _TOPIC
"""Prepositions whose object names no target of the event they hang on."""


def _written_subject(t: Token) -> Token | None:
    """The subject (active or passive) written on ``t`` itself, if any."""
    return next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _own_subject(t: Token) -> Token | None:
    """The subject written on a verb itself, if any."""
    return _written_subject(t) if t.pos_ == "VERB" else None


def _result_participle(tok: Token) -> bool:
    """ ", killing 30 people", ", wounding five": a participle after a comma with no
    subject of its own tells the outcome of the event before it, wherever the parser
    hangs it."""
    return (
        tok.tag_ == "VBG"
        and tok.dep_ in ("advcl", "conj", "xcomp")
        and tok.i > 0
        and tok.doc[tok.i - 1].text == ","
        and _own_subject(tok) is None
    )


def _purpose_clause(tok: Token) -> bool:
    """ "... held talks ... to discuss the swap": an infinitive that restates its event."""
    return (
        tok.pos_ == "VERB"
        and tok.dep_ in ("advcl", "acl", "relcl")
        and any(c.lower_ == "to" and c.dep_ == "aux" for c in tok.children)
    )


def _distance(a: Token, b: Token) -> int:
    up_a = [a, *a.ancestors]
    up_b = [b, *b.ancestors]
    pos_b = {t.i: n for n, t in enumerate(up_b)}
    for n, t in enumerate(up_a):
        if t.i in pos_b:
            return n + pos_b[t.i]
    return 99


def _subject(tok: Token) -> Token | None:
    """The subject of a trigger, climbing through "began the process of releasing"."""
    t = tok
    raised = False  # "are expected to hold talks": the passive's subject is the talks'
    for _ in range(5):
        deps = (*_SUBJ, "nsubjpass") if raised else _SUBJ
        subj = next((c for c in t.children if c.dep_ in deps), None)
        if subj is not None:
            return subj
        if _main_verb_taken_for_a_participle(t):
            return t.head  # "Turkey, which signed a pact with Somalia, offered to mediate"
        controller = _object_controller(t)
        if controller is not None:  # "required Israel to withdraw", "charged X with embezzling"
            return controller
        if (
            any(c.dep_ == "nsubjpass" for c in t.children)
            or _reduced_passive(t)
            or _participle_clause(t)
        ):
            return None  # "a soldier was wounded by ...", "hostages kidnapped by gunmen",
            # "if convicted, X faces": the agent is the source, not the subject above
        if t.dep_ not in (*_CLIMB, "acomp") or t.head.i == t.i:
            return None
        if t.pos_ == "NOUN" and _judged_or_adjunct(t):
            return None  # "condemned the attack", "suspended talks after the bombing"
        if t.dep_ == "acl" and t.tag_ in ("VBD", "VBZ") and t.head.dep_ == "ROOT":
            return t.head  # "The G9 gang alliance threatened ...", parsed as a noun's clause
        if t.dep_ == "acl" and t.head.pos_ == "NOUN":
            owner = next((c for c in t.head.children if c.dep_ in ("poss", "compound")), None)
            if owner is not None and owner.pos_ in ("NOUN", "PROPN"):
                return owner  # "suspended a government plan to deploy": the plan's owner
        if (
            t.dep_ == "conj"
            and t.tag_ in ("VBD", "VBZ", "VBP")
            and t.head.dep_ == "xcomp"
            and t.head.tag_ == "VB"
        ):  # "ordered the troops to leave and expelled the ambassador": a finite verb is
            t = t.head.head  # no part of the infinitive; it shares the main clause's subject
            continue
        raised = t.dep_ in ("xcomp", "acomp")
        t = t.head
    return None


_ADJUNCT_PREPS = _SEQUENCE | {"over", "despite", "during", "amid", "until"}
"""Prepositions of a time or a cause: an event named after them is not the clause's own."""
_JUDGING = ("DISAPPROVE", "SUPPORT", "COERCE", "DEMAND", "INVESTIGATE", "REJECT")
"""Types of a verb whose object event has an agent of its own ("condemned the attack",
"banned the rally", "demanded an inquiry")."""


def _judged_event_sources(doc: Doc, events: list[EventDict]) -> None:
    """An act that judges, bans or answers an event told before it ("the government
    condemned the attack", "India's foreign ministry dismissed the protest" after Pakistan
    "lodged a protest") is aimed at whoever did that event: with no target of its own, it
    takes the earlier event's source. The event is its object's word, or "the" and a noun
    that names it again (its trigger's, or its trigger's object's)."""
    told: dict[int, EventDict] = {}
    for ev in events:
        for start in _word_starts(ev):
            told.setdefault(start, ev)
    named: dict[str, EventDict] = {}  # the nouns of the events before the one at hand
    for ev in events:
        trigger = _tok_at(doc, ev["trigger_start"])
        obj = next((c for c in trigger.children if c.dep_ == "dobj"), None)
        earlier = told.get(obj.idx) if obj is not None else None
        if obj is not None and earlier is None and any(c.lower_ == "the" for c in obj.children):
            earlier = named.get(obj.lemma_.lower())
        if (
            ev["type"] in _JUDGING
            and earlier is not None
            and earlier is not ev
            and earlier["trigger_start"] < ev["trigger_start"]
            and not any(a["role"] in ("target", "recipient") for a in ev["arguments"])
        ):
            own = {a["ref"] for a in ev["arguments"] if a["role"] == "source"}
            for a in earlier["arguments"]:
                if a["role"] == "source" and a["ref"] not in own:
                    ev["arguments"].append(
                        ArgumentDict(role="target", ref=a["ref"], text=a["text"])
                    )
        for start in _word_starts(ev):
            word = _tok_at(doc, start)
            for w in (word, *(c for c in word.children if c.dep_ == "dobj")):
                if w.pos_ == "NOUN":
                    named[w.lemma_.lower()] = ev


def _word_starts(ev: EventDict) -> list[int]:
    """Where the words that tell an event start: its trigger, later reports, merged words."""
    return [
        ev["trigger_start"],
        *(s for s, _ in ev["mentions"]),
        *(s for s, _ in ev["merged_words"]),
    ]


def _judged_or_adjunct(noun: Token) -> bool:
    """A nominal event that is the object of a verb that judges, bans or asks for it, or
    that a preposition of time or cause sets beside the clause: the clause's subject is
    not its agent."""
    if noun.dep_ == "pobj" and noun.head.lower_ in (*_ADJUNCT_PREPS, "under"):
        return True  # "came under attack from ...": the subject is the target (_actor_args)
    if noun.dep_ == "pobj" and noun.head.head.pos_ == "NOUN":
        # "launched an investigation into the killings", "a condemnation of the raid"
        typed = type_trigger(noun.head.head)
        return typed is not None and typed[0] in _JUDGING
    if noun.dep_ == "dobj" and noun.head.pos_ == "VERB":
        if noun.head.lemma_.lower() in _lex()["witness_verbs"]:
            return True  # "residents fled the fighting": they are not its agents
        typed = type_trigger(noun.head)
        return typed is not None and typed[0] in _JUDGING
    return False


_INSTRUMENT_VERBS = frozenset({"use", "employ"})
"""Verbs whose object is the means of the infinitive below them, not its doer ("used tear
gas to disperse the crowd"): their subject does it."""


def _object_controller(t: Token) -> Token | None:
    """The object that is the subject of an infinitive or gerund below its verb, or the
    agent of an event named after it: "required Israel to withdraw", "charged a former
    minister with embezzling", "blamed the TPLF for the attack"."""
    head = t.head
    if (
        t.pos_ in ("NOUN", "VERB")  # "accuse X of smuggling": a gerund parsed as an object
        and t.dep_ == "pobj"
        and head.lower_ in ("for", "of", "with")
        and head.head.pos_ == "VERB"
        and (typed := type_trigger(head.head)) is not None
        and typed[0] in _JUDGING  # "blamed", "accused", "arrested", "praised"
    ):
        return _judged(head.head)
    if t.pos_ != "VERB":
        return None
    if t.dep_ == "xcomp" and head.pos_ == "VERB":
        if head.lemma_.lower() in _INSTRUMENT_VERBS:
            return None  # "used its majority to reject": the user does it, not the majority
        obj = next((c for c in head.children if c.dep_ == "dobj"), None)
        if obj is not None and obj.ent_type_ in ("DATE", "TIME"):
            return None  # "spent weeks negotiating": the time spent, not the negotiator
        return obj
    if t.dep_ == "pcomp" and head.lower_ == "with" and head.head.pos_ == "VERB":
        return next((c for c in head.head.children if c.dep_ == "dobj"), None)
    if (
        t.dep_ == "pcomp"
        and head.lower_ in ("for", "of")
        and head.head.pos_ == "VERB"
        and (typed := type_trigger(head.head)) is not None
        and typed[0] in _JUDGING
    ):  # "accused the army of shelling markets", "blamed the rebels for killing"
        return _judged(head.head)
    if (
        t.dep_ == "pcomp"
        and head.lower_ in ("for", "of")
        and head.head.dep_ == "dobj"
        and (typed := type_trigger(head.head.head)) is not None
        and typed[0] in _JUDGING
    ):  # "accused Armenian forces of firing": the parser hung "of" on the object
        return head.head
    return None


def _judged(verb: Token) -> Token | None:
    """The one a judging verb is about: its object, the subject of its passive ("the
    rebels were accused of killing ..."), or the noun its participle modifies ("militants
    accused of attacking ...")."""
    if _reduced_passive(verb):
        return verb.head
    return next((c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")), None)


def _main_verb_taken_for_a_participle(t: Token) -> bool:
    """ "Turkey, which signed a defence pact with Somalia, offered on Friday to mediate":
    the parser made the name the sentence's root and the main verb a participle hung on
    it. A past form after a comma, with no agent, on a name that roots the sentence."""
    return (
        t.dep_ == "acl"
        and t.tag_ == "VBN"
        and t.head.dep_ == "ROOT"
        and t.head.pos_ == "PROPN"
        and t.i > 0
        and t.doc[t.i - 1].text == ","
        and not any(c.dep_ == "agent" for c in t.children)
    )


def _dated(t: Token) -> bool:
    """A modifier that gives its head a date of its own: "in May 2023", "last year"."""
    if t.dep_ == "npadvmod":
        return t.ent_type_ == "DATE"
    return t.dep_ == "prep" and any(c.dep_ == "pobj" and c.ent_type_ == "DATE" for c in t.children)


def _reduced_passive(t: Token) -> bool:
    """A past participle modifying a noun: "schoolchildren abducted by bandits", "a town
    seized by rebels". It is a passive clause of its own; the noun is what it acts on.
    Not the small clause of a verb that makes or wants it so ("ordered Castro held in
    custody"): there the ordering subject acts."""
    return (
        t.dep_ == "acl"
        and t.tag_ == "VBN"
        and t.pos_ == "VERB"
        and not (t.head.dep_ == "dobj" and t.head.head.lemma_.lower() in _CAUSATIVE)
        and not _main_verb_taken_for_a_participle(t)
    )


def _shared_times(doc: Doc, verb: Token, times: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The date of the first of two verbs joined with one subject, for the second that
    has none: "expelled 12 diplomats on Tuesday and recalled its ambassador", "met in
    Ouagadougou on Friday and agreed to ...". Only a date written before the second verb,
    in an adjunct of the first."""
    if not (
        verb.pos_ == "VERB"
        and verb.dep_ == "conj"
        and verb.head.pos_ == "VERB"
        and _own_subject(verb) is None
    ):
        return []
    held = {  # the first verb's adjuncts written before the second verb
        x
        for ch in verb.head.children
        if ch.dep_ in ("prep", "npadvmod", "tmod") and ch.i < verb.i
        for x in ch.subtree
    }
    return [
        t
        for t in times
        if t["role"] is None
        and t["type"] in ("DATE", "TIME")
        and t["start"] < verb.idx
        and _tok_at(doc, t["start"]) in held
    ]


def _governing_verb(noun: Token) -> Token | None:
    """The verb whose object (or the object's prepositional phrase) holds ``noun``:
    "declared" of "declared a state of emergency"."""
    t = noun
    for _ in range(4):
        if t.dep_ not in ("dobj", "pobj", "prep", "attr") or t.head.i == t.i:
            return None
        t = t.head
        if t.pos_ == "VERB":
            return t
    return None


def _participle_clause(t: Token) -> bool:
    """ "If convicted, X faces ...", "When arrested, X was carrying ...": a past participle
    clause with no subject or auxiliary of its own is passive; the main clause's subject
    is what it acts on, not its agent."""
    return (
        t.dep_ == "advcl"
        and t.tag_ == "VBN"
        and t.pos_ == "VERB"
        and not any(c.dep_ in (*_SUBJ, "nsubjpass", "aux", "auxpass") for c in t.children)
    )


_CAUSATIVE = frozenset({"order", "want", "have", "get", "keep", "leave", "see"})
"""Verbs that take an object and a participle as one small clause ("ordered him held")."""


def _clause_tokens(toks: list[Token]) -> set[Token]:
    """The tokens an event's arguments may come from: the triggers' subtrees, and the
    subtree of the verb a nominal trigger hangs from ("held talks in Kabul on Tuesday")."""
    out: set[Token] = set()
    for tok in toks:
        out.update(_own_subtree(tok))
        if tok.pos_ == "NOUN" and tok.dep_ in ("dobj", "nsubj", "nsubjpass", "pobj"):
            head = tok.head if tok.dep_ != "pobj" else tok.head.head
            if head.pos_ in ("VERB", "AUX"):
                out.add(head)
                verbs = [head, *(x for x in head.children if x.dep_ == "xcomp")]
                for verb in verbs:
                    for ch in verb.children:
                        if ch.dep_ in (
                            "prep",
                            "npadvmod",
                            "advmod",
                            "agent",
                            "dobj",
                            "nsubj",
                            "nsubjpass",
                            "tmod",
                        ):
                            out.update(_own_subtree(ch))
        if tok.pos_ == "VERB" and tok.dep_ in ("xcomp", "pcomp", "acl", "ccomp"):
            h = tok.head
            # "a deal, signed in August 2015, collapsed in July 2016": a participle that
            # describes a noun takes nothing from the noun's clause
            for _ in range(1 if tok.dep_ == "acl" else 3):
                for ch in h.children:
                    if ch.dep_ in ("npadvmod", "tmod") or (
                        ch.dep_ == "prep" and ch.lower_ in ("on", "in", "at")
                    ):
                        out.update(ch.subtree)
                if h.pos_ in ("VERB", "AUX") or h.head.i == h.i:
                    break
                h = h.head
    return out


def end_of_duration(anchor: dt.date | None, duration: str | None) -> str | None:
    """The end bound of "within <duration>" counted from the publication date, at the
    duration's granularity (P14M from 2020-04-02 -> 2021-06)."""
    if anchor is None or not duration:
        return None
    m = re.fullmatch(r"P(\d+)([YMWD])", duration)
    if m is None:
        return None
    n, unit = int(m.group(1)), m.group(2)
    if unit == "Y":
        return f"{anchor.year + n:04d}" if anchor.year + n <= dt.MAXYEAR else None
    if unit == "M":
        idx = anchor.year * 12 + anchor.month - 1 + n
        return f"{idx // 12:04d}-{idx % 12 + 1:02d}" if idx // 12 <= dt.MAXYEAR else None
    try:
        end = anchor + dt.timedelta(days=n * (7 if unit == "W" else 1))
    except OverflowError:  # "within 99999999999 weeks": past the end of the calendar
        return None
    return end.isoformat()


def _own_subtree(tok: Token) -> list[Token]:
    """``tok.subtree`` without the subordinate clauses inside it (in no particular order;
    a stack, not recursion: a long sentence's parse can be deeper than Python's stack)."""
    out = []
    stack = [tok]
    while stack:
        t = stack.pop()
        out.append(t)
        for child in t.children:
            if child.dep_ in _NEW_CLAUSE:
                continue
            if child.dep_ == "conj" and child.pos_ == "VERB" and t.pos_ == "VERB":
                continue  # "killed 400,000 and forced four million from their homes"
            stack.append(child)
    return out


@Language.factory(
    "newsevents_events",
    assigns=["doc._.events"],
    requires=["doc._.times", "doc._.quantities", "doc._.places", "doc._.actors"],
)
def make_events(
    nlp: Language, name: str, typer: str = "lexicon", model_dir: str | None = None
) -> EventsComponent:
    return EventsComponent(nlp, name, typer=typer, model_dir=model_dir)
