"""Which spans the places component calls places."""


def _places(extractor, text):
    return [(p.text, p.kind, p.country_code, p.precision) for p in extractor.process(text).places]


def test_the_world_is_a_region_with_no_country(extractor):
    got = _places(extractor, "Peru supplies about 2 percent of the world's copper.")
    assert ("world", "region", None, "unknown") in got


def test_world_in_a_name_is_not_the_world(extractor):
    got = _places(extractor, "The World Bank sent $80 million to flood victims in Beira.")
    assert [p[0] for p in got] == ["Beira"]
