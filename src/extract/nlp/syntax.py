"""Small helpers over spaCy's dependency parse, shared by the components."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterator

from spacy.attrs import LOWER
from spacy.tokens import Doc, Span, Token

from extract.nlp.timex import Tense

# "would" is left out: in reported speech ("said it would ...") it is as often a past
# habit or a conditional as a future
_FUTURE_AUX = {"will", "'ll", "shall", "wo"}
_FUTURE_HEADS = {
    "plan",
    "expect",
    "set",
    "due",
    "schedule",
    "promise",
    "pledge",
    "agree",
    "vow",
    "intend",
    "aim",
    "hope",
    "want",
    "seek",
    "prepare",
    "threaten",
    "going",
    "offer",
    "decide",
    "ready",
}

# nouns whose to-infinitive looks ahead: "an agreement to acquire X in January"
_FUTURE_NOUNS = {
    "agreement",
    "plan",
    "deal",
    "bid",
    "offer",
    "proposal",
    "decision",
    "promise",
    "pledge",
    "program",
    "programme",
    "intention",
    "attempt",
    "effort",
    "move",
}


def positions(
    doc: Doc, words: Collection[str] | Callable[[str], bool], attr: int = LOWER
) -> list[int]:
    """Indices of the tokens whose ``attr`` string (lower-case form by default) is in
    ``words`` or passes it, read from the doc's arrays: a scan of a whole doc without
    building a Token object per word."""
    strings = doc.vocab.strings
    test = words if callable(words) else words.__contains__
    hit: dict[int, bool] = {}  # each distinct word is tested once
    out = []
    for i, h in enumerate(doc.to_array(attr).tolist()):
        found = hit.get(h)
        if found is None:
            found = hit[h] = bool(test(strings[h]))
        if found:
            out.append(i)
    return out


def sentence(x: Token | Span) -> Span:
    """The sentence of a token or span; the whole doc when no sentence boundaries are set
    (a pipeline without a parser or sentencizer, where ``.sent`` raises). A token's comes
    from the sentence starts read once per doc (``Token.sent`` walks back to the start at
    every call); a span's is spaCy's own."""
    doc = x.doc
    if not doc.has_annotation("SENT_START"):
        return doc[:]
    if not isinstance(x, Token):
        return x.sent
    starts: list[int] | None = doc.user_data.get(SENT_STARTS)
    if starts is None or starts[-1] != len(doc):
        starts = doc.user_data[SENT_STARTS] = [s.start for s in doc.sents] + [len(doc)]
    k = bisect_right(starts, x.i) - 1
    return doc[starts[k] : starts[k + 1]]


SENT_STARTS = "newsevents.sent_starts"  # doc.user_data key of sentence's memo (ints only)


def sentences(doc: Doc) -> Iterator[Span]:
    """``doc.sents``, or the whole doc as one sentence when no boundaries are set."""
    if doc.has_annotation("SENT_START"):
        yield from doc.sents
    else:
        yield doc[:]


def governing_verb(tok: Token) -> Token | None:
    """The nearest verb or auxiliary at or above ``tok`` in the parse. A phrase written
    between a speech verb and the subject of what was said is the speech verb's, whatever
    the parser hung it from ("said on Monday he would not withdraw": the saying's day)."""
    seen = 0
    t = tok
    while seen < 30:
        if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("amod",):
            if _before_reported_subject(tok, t):
                return t.head
            return t
        if t.head.i == t.i:
            return None
        t = t.head
        seen += 1
    return None


def _before_reported_subject(tok: Token, verb: Token) -> bool:
    """``tok`` stands between a speech verb and the subject of ``verb``, the verb of what
    was said."""
    if verb.dep_ != "ccomp" or verb.head.lemma_.lower() not in SPEECH_VERBS:
        return False
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and verb.head.i < tok.i < subj.i


def verb_tense(verb: Token) -> Tense | None:
    """Tense of a verb's clause: future from modals and "going to"; past from VBD and
    perfect forms; present otherwise. Infinitives and participles inherit from their head."""
    for _ in range(10):
        auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
        lowers = {a.lower_ for a in auxes}
        if lowers & _FUTURE_AUX:
            return "future"
        if "going" in lowers or (
            verb.lower_ == "going" and any(c.lower_ == "to" for c in verb.children)
        ):
            return "future"
        if any(a.tag_ == "VBD" for a in auxes):
            return "past"
        if verb.tag_ == "VBD":
            return "past"
        if verb.tag_ == "VBN" and verb.dep_ in ("acl", "amod", "relcl") and not auxes:
            return "past"  # a reduced relative: "a rancher abducted in late January"
        if verb.tag_ == "VBN" and (lowers & {"has", "have", "had", "was", "were"}):
            return "past"
        if verb.tag_ in ("VBZ", "VBP") or lowers & {"is", "are", "am", "has", "have"}:
            return "present"
        head = verb.head
        if head is verb:
            return None
        if verb.tag_ == "VB" and "to" in lowers:
            head_lemma = head.lemma_.lower()
            # a past-perfect state is a past schedule ("had been due to expire Friday");
            # a past-perfect act still looks ahead ("had agreed to send ... by October")
            copula = {c.lower_ for c in head.head.children if c.dep_ == "aux"}
            past_state = head.pos_ == "ADJ" and "had" in copula
            if head_lemma in _FUTURE_HEADS and not past_state:
                return "future"
            if head_lemma in _FUTURE_NOUNS and head.pos_ == "NOUN":
                return "future"
            if head_lemma == "be" and head.i < verb.i and head.tag_ in ("VBZ", "VBP"):
                return "future"  # "is to resume trading Tuesday"
        nxt = governing_verb(head)
        if nxt is None or nxt is verb:
            return None
        verb = nxt
    return None


def span_tense(span: Span) -> Tense | None:
    verb = governing_verb(span.root)
    return verb_tense(verb) if verb is not None else None


# verbs whose time is a scheduled one even in the past tense ("planned a rally on Saturday")
_SCHEDULE_VERBS = {"schedule", "slate", "plan", "due"}
# words whose date is a coming one whatever the clause's tense
_AHEAD_WORDS = {"effective", "payable"}
# verbs that move something to a later time: "postponed until Tuesday"
_DEFER_VERBS = {"postpone", "delay", "defer", "adjourn", "suspend", "extend", "put"}
# verbs of saying: their present tense looks back ("says Monday"), and a phrase before the
# subject of what they report is theirs (governing_verb)
SPEECH_VERBS = {"say", "tell", "announce", "report", "add", "write", "state"}

HOLDING = frozenset({"held", "controlled", "occupied"})
"""Participles after a hyphen that name who holds a place ("rebel-held towns")."""


def time_tense(span: Span) -> Tense | None:
    """The tense that decides the direction of a time expression in ``span``.

    Like :func:`span_tense`, with the readings news copy uses for dates: a scheduling
    verb ("scheduled a news conference Thursday") and "would" in reported speech ("the
    father would be travelling Thursday") look ahead; a present-tense speech verb ("says
    Monday") looks back, as the historic present of headlines does.
    """
    verb = governing_verb(span.root)
    if verb is None:
        return None
    lemma = verb.lemma_.lower()
    auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    if lemma in _SCHEDULE_VERBS and verb.tag_ == "VBN" and verb.dep_ == "acl":
        # "a service planned for Saturday was canceled": the plan is told in the clause
        # of the noun it describes, whose tense decides
        head = governing_verb(verb.head)
        if head is not None and head.i != verb.i:
            return verb_tense(head)
    if lemma in _SCHEDULE_VERBS or "would" in auxes:
        return "future"
    if lemma == "set" and verb.tag_ == "VBN" and any(c.lower_ == "for" for c in verb.children):
        return "future"  # "a summit set for Washington in April"
    if any(t.lower_ in _AHEAD_WORDS for t in (span.root.head, span.root.head.head)):
        return "future"  # "effective Feb. 1", "payable Dec. 15"
    doc = span.doc
    before = " ".join(t.lower_ for t in doc[max(0, span.start - 3) : span.start])
    if before.endswith("as soon as") or before.endswith("as early as"):
        return "future"  # "could leave as soon as Tuesday"
    if before.endswith("until") and lemma in _DEFER_VERBS:
        return "future"  # "postponed until Tuesday morning"
    if before.split()[-1:] in (["until"], ["till"]) and auxes & {"has", "have"}:
        return "future"  # "has given them until 9 a.m. Tuesday": a time limit set now
    tense = verb_tense(verb)
    if tense == "present" and lemma in SPEECH_VERBS:
        return "past"
    return tense


def preceding_words(doc: Doc, start: int, n: int) -> str:
    """The ``n`` tokens before token ``start``, lower-cased and space-joined."""
    return " ".join(t.lower_ for t in doc[max(0, start - n) : start])


def tok_at(doc: Doc, char: int) -> Token:
    """The token at character ``char`` (remembered per doc: the components ask for the
    same places, times and numbers again and again)."""
    seen: dict[int, int] = doc.user_data.setdefault(TOK_AT, {})
    i = seen.get(char)
    if i is None:
        span = doc.char_span(char, char + 1, alignment_mode="expand")
        i = seen[char] = span.start if span is not None and len(span) else 0
    return doc[i]


TOK_AT = "newsevents.tok_at"  # doc.user_data key of tok_at's memo
