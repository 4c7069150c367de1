"""Which numbers an event takes: only those of its own clause."""


def _roles(extractor, text: str, event_type: str) -> dict[str, str]:
    res = extractor.process(text, published="2018-09-14")
    ev = next(e for e in res.events if e.type == event_type)
    return {a.text: a.role for a in ev.arguments}


def test_coordinated_verb_keeps_its_own_count(extractor):
    text = (
        "A war that has killed nearly 400,000 people since 2013 and forced "
        "about four million from their homes ended on Wednesday."
    )
    roles = _roles(extractor, text, "ASSAULT")
    assert roles.get("nearly 400,000") == "fatalities"
    assert "about four million" not in roles


def test_count_of_another_event_is_not_taken(extractor):
    text = "Seven other suspects were detained in police raids in Escuintla on Monday."
    roles = _roles(extractor, text, "ASSAULT")
    assert "Seven" not in roles
