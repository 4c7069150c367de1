"""Actor coding: country with its basis, sector and entity on every actor."""

from __future__ import annotations

import pytest

from extract.nlp.coding import focus_country, known_body, sector_of
from extract.nlp.sectors import role_sector
from extract.nlp.types import ActorDict


def _actor(text: str, kind: str, start: int = 0, country: str | None = None) -> ActorDict:
    return ActorDict(
        id="a1", start=start, end=start + len(text), text=text, name=text, canonical=text,
        kind=kind, country_code=country, affiliation=None,
    )  # fmt: skip


def _mention(extractor, text: str, mention: str):
    """The actor written ``mention`` in our own sentence ``text``."""
    result = extractor.process(text, published="2024-03-01")
    return next(a for a in result.actors if a.text == mention)


def test_the_dateline_country_is_the_focus() -> None:
    assert focus_country("NGA", [], [], "text")[0] == "NGA"


def test_without_a_dateline_the_most_mentioned_country_is_the_focus() -> None:
    places = [{"start": 0, "country_code": "KEN"}, {"start": 50, "country_code": "KEN"},
              {"start": 60, "country_code": "SOM"}]  # fmt: skip
    code, conf = focus_country(None, places, [], "x" * 100)
    assert code == "KEN" and 0.4 <= conf <= 0.8


def test_no_mentioned_country_means_no_focus() -> None:
    assert focus_country(None, [], [], "text") == (None, 0.0)


@pytest.mark.parametrize(
    ("text", "kind", "sector"),
    [
        ("Polokwane High Court", "organisation", "judiciary"),
        ("lawmakers", "person", "legislature"),
        ("the Senate", "government", "legislature"),
        ("soldiers", "military", "military"),
        ("kidnappers", "armed_group", "criminal"),
        ("the company", "company", "business"),
        ("Interior Ministry", "organisation", "government"),
        ("the Public Ministry", "organisation", "judiciary"),
        ("Attorney-General's Office", "organisation", "judiciary"),
    ],
)
def test_sector_comes_from_the_head_word_then_the_kind(text: str, kind: str, sector: str) -> None:
    assert sector_of(_actor(text, kind)) == sector


def test_known_bodies_are_found_by_any_alias() -> None:
    assert known_body("the Taliban") is not None
    assert known_body("Taliban")[3] == "AFG"  # type: ignore[index]
    assert known_body("Islamic State")[3] is None  # type: ignore[index]


@pytest.fixture(scope="module")
def coded(extractor):
    text = (
        "MAIDUGURI, June 16, 2020 (Newswire) — Gunmen attacked a convoy near Damboa on "
        "Sunday, the army said. Police arrested four suspects. A United Nations spokesman "
        "condemned the attack.\n\nForeign troops were not involved, officials said. French "
        "companies suspended work. Governor Babagana Zulum visited the town. Zulum said "
        "the Taliban had no role."
    )
    return extractor.process(text, published="2020-06-16")


def _by_text(result, text: str):
    return next(a for a in result.actors if a.text == text)


@pytest.mark.slow
def test_a_generic_state_actor_takes_the_dateline_country(coded) -> None:
    army = _by_text(coded, "army")
    assert (army.country_code, army.country_basis, army.sector) == ("NGA", "context", "military")
    assert army.canonical == "Nigeria military"


@pytest.mark.slow
def test_foreign_troops_take_no_focus_country(coded) -> None:
    assert _by_text(coded, "Foreign troops").country_code is None


@pytest.mark.slow
def test_a_demonym_names_the_country_of_companies(coded) -> None:
    firms = _by_text(coded, "French companies")
    assert (firms.country_code, firms.country_basis, firms.sector) == (
        "FRA",
        "explicit",
        "business",
    )


@pytest.mark.slow
def test_a_known_group_keeps_its_own_country(coded) -> None:
    taliban = _by_text(coded, "Taliban")
    assert (taliban.country_code, taliban.country_basis, taliban.sector) == (
        "AFG", "known", "armed_group",
    )  # fmt: skip


@pytest.mark.slow
def test_every_actor_has_an_entity_and_a_surname_joins_the_full_name(coded) -> None:
    assert all(a.entity for a in coded.actors)
    full = [a for a in coded.actors if a.text == "Babagana Zulum"]
    short = [a for a in coded.actors if a.text == "Zulum"]
    if full and short:
        assert full[0].entity == short[0].entity


@pytest.mark.slow
def test_actor_arguments_carry_entity_country_and_sector(coded) -> None:
    actors = {a.id: a for a in coded.actors}
    args = [arg for e in coded.events for arg in e.arguments if arg.ref in actors]
    assert args
    for arg in args:
        a = actors[arg.ref]
        assert (arg.entity, arg.country_code, arg.sector) == (a.canonical, a.country_code, a.sector)


@pytest.mark.slow
def test_owned_or_based_before_a_name_gives_its_country(extractor) -> None:
    result = extractor.process(
        "MAIDUGURI, June 16, 2020 (Newswire) — The Chinese-owned Acme Mining Corporation "
        "suspended work on Monday after gunmen attacked its site, the company said.",
        published="2020-06-16",
    )
    firm = _by_text(result, "Acme Mining Corporation")
    assert (firm.country_code, firm.country_basis, firm.sector) == ("CHN", "explicit", "business")
    assert _by_text(result, "gunmen").country_code == "NGA"


@pytest.mark.slow
def test_an_event_without_a_parsed_target_takes_the_actor_it_governs(extractor) -> None:
    result = extractor.process(
        "ANKARA, February 17, 2023 (Newswire) — Turkish police have detained at least 184 "
        "people, among them building contractors, in an investigation into collapsed homes.",
        published="2023-02-17",
    )
    actors = {a.id: a for a in result.actors}
    (detained,) = [e for e in result.events if e.trigger.text == "detained"]
    targets = [actors[x.ref].text for x in detained.arguments if x.role == "target"]
    assert targets == ["building contractors"] or targets == ["contractors"]


@pytest.mark.slow
def test_forces_take_the_country_of_the_state_that_sends_or_owns_them(extractor) -> None:
    result = extractor.process(
        "NAIROBI, May 3, 2021 (Newswire) — Uganda deployed 800 soldiers and police officers "
        "to the border region on Friday. The opposition demanded that Kampala withdraw its "
        "troops. The African Union said it would deploy 2,000 troops next year.",
        published="2021-05-03",
    )
    coded = [(a.text, a.country_code) for a in result.actors]
    assert ("soldiers", "UGA") in coded  # not the dateline's Kenya
    assert ("police officers", "UGA") in coded
    assert ("troops", None) in coded  # the African Union's, no country


@pytest.mark.slow
def test_forces_keep_the_context_country_without_a_sending_state(extractor) -> None:
    result = extractor.process(
        "NAIROBI, May 3, 2021 (Newswire) — Soldiers patrolled the border on Friday.",
        published="2021-05-03",
    )
    assert _by_text(result, "Soldiers").country_code == "KEN"


def test_an_owned_appositive_gives_a_company_its_country_for_every_mention(extractor):
    text = (
        "LIMA, October 5, 2021 (Newswire) - Community leaders rejected an offer from MMG, "
        "the Chinese-owned company that operates the mine. MMG said it regretted the "
        "disruption."
    )
    res = extractor.process(text, published="2021-10-05")
    mmg = [a for a in res.actors if a.text == "MMG"]
    assert len(mmg) == 2
    assert [a.country_code for a in mmg] == ["CHN", "CHN"]


def test_suspects_have_no_sector_of_their_own() -> None:
    assert sector_of(_actor("suspects", "civilians")) == "unknown"


@pytest.mark.slow
def test_unnamed_plurals_of_organisations_take_no_focus_country(extractor) -> None:
    result = extractor.process(
        "LIMA, October 5, 2021 (Newswire) — Under the new rules, oil companies must ask "
        "villagers first. Aid workers left the valley on Monday.",
        published="2021-10-05",
    )
    assert _by_text(result, "oil companies").country_code is None
    assert _by_text(result, "Aid workers").country_code is None
    assert _by_text(result, "villagers").country_code == "PER"


@pytest.mark.slow
def test_a_role_word_in_the_next_sentence_does_not_give_a_person_a_sector(extractor) -> None:
    result = extractor.process(
        "NAIROBI, May 3, 2021 (Newswire) — The convoy reached the camp, UNICEF spokeswoman "
        "Marta Olsen said. Police officers guarded the gate.",
        published="2021-05-03",
    )
    olsen = _by_text(result, "Marta Olsen")
    assert olsen.sector != "police"


@pytest.mark.slow
def test_an_acronym_in_brackets_is_the_actor_it_follows_wherever_used(extractor) -> None:
    result = extractor.process(
        "JUBA, May 3, 2021 (Newswire) — The Northern Valley Defence Front (NVDF) attacked "
        "a barracks on Friday. NVDF commander Peter Lual said the fighting would go on.",
        published="2021-05-03",
    )
    nvdf = [a for a in result.actors if a.text == "NVDF"]
    assert len(nvdf) == 2
    assert {a.entity for a in nvdf} == {_by_text(result, "Northern Valley Defence Front").entity}


@pytest.mark.slow
def test_a_plural_title_of_a_named_body_is_not_a_mention_of_its_own(extractor) -> None:
    result = extractor.process(
        "JUBA, May 3, 2021 (Newswire) — Leaders of the East African Community are due to "
        "meet in Juba next month.",
        published="2021-05-03",
    )
    assert "Leaders" not in [a.text for a in result.actors]


@pytest.mark.slow
def test_a_plural_demonym_is_the_people_of_that_country(extractor) -> None:
    result = extractor.process(
        "LIMA, October 5, 2021 (Newswire) — Thousands of Chileans marched on Sunday, and "
        "ordinary Bolivians joined them. Chilean troops watched.",
        published="2021-10-05",
    )
    chileans = _by_text(result, "Chileans")
    assert (chileans.country_code, chileans.sector) == ("CHL", "civilians")
    assert _by_text(result, "ordinary Bolivians").country_code == "BOL"
    assert "Chilean" not in [a.text for a in result.actors]  # a modifier: "Chilean troops"


@pytest.mark.slow
def test_a_demonym_in_ese_is_a_plural_noun_too(extractor) -> None:
    result = extractor.process(
        "KHARTOUM, May 3, 2024 (Newswire) — Hundreds of Sudanese fled to Chad on Friday, and "
        "militiamen detained 40 Congolese near the border. Officials there speak Portuguese.",
        published="2024-05-03",
    )
    assert _by_text(result, "Sudanese").country_code == "SDN"
    assert (_by_text(result, "Congolese").country_code, _by_text(result, "Congolese").sector) == (
        "COD",
        "civilians",
    )
    assert "Portuguese" not in [a.text for a in result.actors]  # a language, not people


@pytest.mark.slow
def test_a_plural_demonym_leaves_out_quantifying_words(extractor) -> None:
    result = extractor.process(
        "LIMA, October 5, 2021 (Newswire) — Two soldiers and two other Peruvians were "
        "hurt on Sunday.",
        published="2021-10-05",
    )
    assert "Peruvians" in [a.text for a in result.actors]


@pytest.mark.slow
def test_a_name_used_as_a_place_is_not_an_actor(extractor) -> None:
    result = extractor.process(
        "OUAGADOUGOU, June 16, 2020 (Newswire) — Jihadists freed 26 women abducted near "
        "Tougouri Bassa in January. Warplanes bombed the village of Kora Ndiaye on Monday.",
        published="2020-06-16",
    )
    texts = [a.text for a in result.actors]
    assert "Tougouri Bassa" not in texts and "Kora Ndiaye" not in texts


@pytest.mark.slow
def test_a_patron_before_backed_is_not_the_groups_country(extractor) -> None:
    result = extractor.process(
        "BAGHDAD, March 19, 2020 (Newswire) — A Syria-backed militia shelled a base north "
        "of the capital on Sunday.",
        published="2020-03-19",
    )
    militia = next(a for a in result.actors if a.text.endswith("militia"))
    assert militia.country_code == "IRQ"


@pytest.mark.slow
def test_a_single_soldier_named_by_demonym_is_an_actor(extractor) -> None:
    result = extractor.process(
        "YEREVAN, June 14, 2021 (Newswire) — An Armenian soldier was wounded by sniper fire "
        "on Sunday.",
        published="2021-06-14",
    )
    soldier = _by_text(result, "Armenian soldier")
    assert (soldier.country_code, soldier.sector) == ("ARM", "military")


@pytest.mark.slow
def test_a_noun_in_apposition_gives_a_named_body_its_sector(extractor) -> None:
    result = extractor.process(
        "QUITO, May 3, 2021 (Newswire) — Police raided the offices of the exporter, Banavista "
        "Tropical, on Monday.",
        published="2021-05-03",
    )
    firm = next(a for a in result.actors if a.text.startswith("Banavista"))
    assert (firm.sector, firm.kind) == ("business", "company")


@pytest.mark.parametrize(
    ("text", "name", "sector"),
    [
        ("Mwamba Trust, a local legal aid group, said 40 people were held.", "Mwamba Trust", "ngo"),
        ("Kasenga Holdings, a mining company, denied the claims.", "Kasenga Holdings", "business"),
    ],
)
def test_the_words_of_a_body_noun_in_apposition_give_its_sector(extractor, text, name, sector):
    actors = extractor.process(text, published="2021-05-03").actors
    body = next(a for a in actors if a.text == name)
    assert body.sector == sector
    assert body.kind != "person"


@pytest.mark.slow
def test_the_word_before_a_role_names_the_body_it_is_in(extractor) -> None:
    result = extractor.process(
        "PEMBA, March 19, 2020 (Newswire) — In a video, rebel commander Tomas Mabunda "
        "threatened to attack the port.",
        published="2020-03-19",
    )
    commander = _by_text(result, "Tomas Mabunda")
    assert (commander.sector, commander.country_code) == ("armed_group", "MOZ")


@pytest.mark.slow
def test_a_country_owning_a_named_body_is_part_of_its_mention(extractor) -> None:
    result = extractor.process(
        "ALGIERS, April 16, 2025 (Newswire) — Tunisia's Foreign Ministry summoned the "
        "ambassador on Tuesday.",
        published="2025-04-16",
    )
    ministry = _by_text(result, "Tunisia's Foreign Ministry")
    assert (ministry.country_code, ministry.sector) == ("TUN", "government")
    assert "Tunisia" not in [a.text for a in result.actors]


@pytest.mark.slow
def test_a_capital_acting_is_its_government_whatever_the_recogniser_labels_it(
    extractor,
) -> None:
    result = extractor.process(
        "PEMBA, March 19, 2020 (Newswire) — The rebel leader demanded that Kigali pull its "
        "troops out of Cabo Delgado.",
        published="2020-03-19",
    )
    kigali = _by_text(result, "Kigali")
    troops = _by_text(result, "troops")
    assert (kigali.country_code, kigali.sector) == ("RWA", "government")
    assert troops.country_code == "RWA"


@pytest.mark.slow
def test_its_troops_in_a_condition_belong_to_the_one_who_warns(extractor) -> None:
    result = extractor.process(
        "DAMASCUS, May 3, 2021 (Newswire) — Syrian warplanes bombed the town on Sunday. "
        "Ankara warned Damascus that it would respond if its troops came under fire.",
        published="2021-05-03",
    )
    assert _by_text(result, "troops").country_code == "TUR"


@pytest.mark.slow
def test_a_regions_own_government_is_of_the_regions_country(extractor) -> None:
    result = extractor.process(
        "JOHANNESBURG, May 3, 2021 (Newswire) — Floods cut roads near Polokwane on Sunday. "
        "Residents accused the Limpopo provincial government of ignoring warnings.",
        published="2021-05-03",
    )
    gov = _by_text(result, "Limpopo provincial government")
    assert (gov.country_code, gov.sector) == ("ZAF", "government")


@pytest.mark.slow
def test_counted_officials_and_leaders_are_actors(extractor) -> None:
    result = extractor.process(
        "NAIROBI, May 3, 2021 (Newswire) — Police arrested three opposition leaders on Monday.",
        published="2021-05-03",
    )
    arrest = next(e for e in result.events if e.type == "COERCE")
    assert [a.text for a in arrest.arguments if a.role == "target"] == ["opposition leaders"]


def test_a_group_noun_capitalised_at_the_start_of_a_sentence_is_an_actor(extractor) -> None:
    result = extractor.process(
        "Farmers sued the government over the new law on Monday.", published="2021-05-03"
    )
    assert "Farmers" in [a.text for a in result.actors]


@pytest.mark.slow
def test_a_person_takes_the_sector_of_the_body_in_the_clause_describing_them(extractor) -> None:
    result = extractor.process(
        'BEIRA, May 3, 2021 (Newswire) — "The roads are gone," said Ana Silva, who '
        "coordinates the relief effort for the Mozambican Red Cross in Beira.",
        published="2021-05-03",
    )
    assert _by_text(result, "Ana Silva").sector == "ngo"


@pytest.mark.slow
def test_a_later_mention_takes_the_sector_its_entity_was_given(extractor) -> None:
    result = extractor.process(
        "LIMA, May 3, 2021 (Newswire) — Protesters blocked a road used by Andes Copper, the "
        "Chinese-owned company, on Monday. Andes Copper said the blockade cost it $2 million.",
        published="2021-05-03",
    )
    sectors = {a.sector for a in result.actors if a.text == "Andes Copper"}
    assert sectors == {"business"}


@pytest.mark.slow
def test_nouns_the_sector_table_knows_are_actors_but_not_an_audience(extractor) -> None:
    result = extractor.process(
        "HARARE, May 3, 2021 (Newswire) — Police detained two journalists on Monday, a "
        "spokesman told reporters.",
        published="2021-05-03",
    )
    journalists = _by_text(result, "journalists")
    assert journalists.sector == "media"
    assert "reporters" not in [a.text for a in result.actors]
    detention = next(e for e in result.events if e.type == "COERCE")
    assert [a.text for a in detention.arguments if a.role == "target"] == ["journalists"]


@pytest.mark.slow
def test_a_demonym_on_a_modifier_of_a_group_noun_gives_its_country(extractor) -> None:
    result = extractor.process(
        "ALGIERS, April 16, 2025 (Newswire) — Algeria ordered the expulsion of 12 French "
        "embassy employees on Sunday.",
        published="2025-04-16",
    )
    staff = _by_text(result, "French embassy employees")
    assert (staff.country_code, staff.country_basis) == ("FRA", "explicit")


@pytest.mark.slow
def test_a_named_gang_no_recogniser_took_is_one_mention_with_its_name(extractor) -> None:
    result = extractor.process(
        "QUITO, May 3, 2021 (Newswire) — Prosecutors said the Los Choneros gang had paid "
        "port workers to load the drugs.",
        published="2021-05-03",
    )
    gang = next(a for a in result.actors if "Choneros" in a.text)
    # the group name alone, as before a noun for people ("PKK fighters": PKK; GUIDELINES)
    assert (gang.text, gang.sector) == ("Los Choneros", "criminal")


def test_a_name_after_a_role_is_a_person_even_when_recognised_as_an_organisation(
    extractor,
) -> None:
    person = _mention(
        extractor,
        "Aid arrived on Friday, Kayes region governor Mamadou Traore said.",
        "Mamadou Traore",
    )
    assert (person.kind, person.sector) == ("person", "government")


@pytest.mark.parametrize(
    "text",
    [
        "A judge ordered Rodrigo Castellanos, 61, who headed the Energy Ministry, held.",
        "Police detained Rodrigo Castellanos, who headed the Energy Ministry until 2019.",
    ],
)
def test_a_name_given_an_age_or_a_who_clause_is_a_person(extractor, text) -> None:
    person = _mention(extractor, text, "Rodrigo Castellanos")
    assert (person.kind, person.sector) == ("person", "government")


def test_a_name_before_a_region_word_is_not_an_actor(extractor) -> None:
    result = extractor.process(
        "Aid arrived on Friday, Sahel region governor Ali Bande said.", published="2024-03-01"
    )
    assert [a.text for a in result.actors] == ["Ali Bande"]


def test_a_role_after_and_belongs_to_the_next_person(extractor) -> None:
    result = extractor.process(
        "Sipho Dlamini, 54, and businessman Joel Dube were charged on Monday.",
        published="2024-03-01",
    )
    sectors = {a.text: a.sector for a in result.actors}
    assert sectors["Joel Dube"] == "business"
    assert sectors["Sipho Dlamini"] != "business"


def test_a_sector_word_in_the_plural_gives_the_sector(extractor) -> None:
    result = extractor.process(
        "At least 30 mills were shut, the Zambia Timber Manufacturers and Exporters "
        "Association said.",
        published="2024-03-01",
    )
    body = next(a for a in result.actors if "Exporters" in a.text)
    assert body.sector == "business"


def test_a_name_set_before_a_sector_noun_takes_its_sector(extractor) -> None:
    result = extractor.process(
        '"We want clean water," said Rosa Quispe, who heads the Chalhuanca community.',
        published="2024-03-01",
    )
    sectors = {a.text: a.sector for a in result.actors}
    assert sectors.get("Chalhuanca") == "civilians"
    assert sectors["Rosa Quispe"] == "civilians"


def test_a_person_with_a_role_of_its_body_takes_the_bodys_sector(extractor) -> None:
    person = _mention(
        extractor,
        "At least 30 mills were shut, the Zambia Timber Manufacturers and Exporters "
        "Association said. Its president, Joel Banda, blamed the unrest on outsiders.",
        "Joel Banda",
    )
    assert person.sector == "business"


def test_officers_of_a_military_body_are_military(extractor) -> None:
    officers = _mention(
        extractor,
        "The Joint Military Commission, which brings together six officers from each side, "
        "will meet in Geneva.",
        "officers",
    )
    assert officers.sector == "military"


def test_bare_officers_are_police(extractor) -> None:
    result = extractor.process(
        "Officers arrested four men outside the stadium.", published="2024-03-01"
    )
    officers = next(a for a in result.actors if a.text == "Officers")
    assert officers.sector == "police"


def test_a_word_in_what_a_person_says_is_not_their_role(extractor) -> None:
    person = _mention(
        extractor,
        "Party spokesman Wilson Pierre also demanded an amnesty for gang members.",
        "Wilson Pierre",
    )
    assert person.sector != "criminal"


def test_a_body_the_un_names_is_an_international_organisation(extractor) -> None:
    result = extractor.process(
        "The U.N. Mission in Orla said 12 people died in the clashes.", published="2024-03-01"
    )
    body = next(a for a in result.actors if a.text.startswith("U.N."))
    assert (body.sector, body.country_code, body.country_basis) == ("igo", None, "international")


def test_a_known_name_the_recogniser_split_is_one_mention(extractor) -> None:
    result = extractor.process(
        "Clinics closed on Monday, the Kenya Medical Practitioners, Pharmacists and Dentists "
        "Union said.",
        published="2024-03-01",
    )
    union = [a for a in result.actors if "Union" in a.text]
    assert [a.text for a in union] == [
        "Kenya Medical Practitioners, Pharmacists and Dentists Union"
    ]
    assert union[0].sector == "labour"


def test_a_name_the_recogniser_took_for_a_person_takes_the_sector_of_its_noun(
    extractor,
) -> None:
    name = _mention(
        extractor,
        "The 400 Mawozo gang on Saturday released three nurses it had held.",
        "Mawozo",
    )
    assert name.sector == "criminal"


def test_a_member_named_after_including_takes_the_groups_sector_and_country(
    extractor,
) -> None:
    member = _mention(
        extractor,
        "Kenyan companies including Safaricom and Orla Textiles have large operations in Uganda.",
        "Orla Textiles",
    )
    assert (member.sector, member.country_code) == ("business", "KEN")


@pytest.mark.parametrize(
    ("text", "mention", "sector"),
    [
        ("Diplomats in Orla said the talks had stalled.", "Diplomats", "government"),
        ("Investors pulled money out of Orla's banks.", "Investors", "business"),
        ("Health workers walked off the job in Orla.", "Health workers", "health"),
        ("Opposition leaders called for a strike in Orla.", "Opposition leaders", "party"),
    ],
)
def test_group_nouns_take_the_sector_their_words_give(extractor, text, mention, sector) -> None:
    result = extractor.process(text, published="2024-03-01")
    actor = next(a for a in result.actors if a.text == mention)
    assert actor.sector == sector


def test_a_known_acronym_is_an_actor_wherever_it_stands(extractor) -> None:
    eln = _mention(
        extractor,
        "The Colombian government resumed talks with the ELN on Monday.",
        "ELN",
    )
    assert (eln.sector, eln.country_code) == ("armed_group", "COL")


def test_a_demonym_on_captives_names_the_side_they_belong_to(extractor) -> None:
    result = extractor.process(
        "Kenya freed 12 Somali detainees on Saturday.", published="2024-03-01"
    )
    side = next(a for a in result.actors if a.text == "Somali")
    assert (side.country_code, side.sector) == ("SOM", "government")


def test_a_name_given_to_a_place_is_not_the_body_it_may_also_name(extractor) -> None:
    result = extractor.process(
        "Guards released 24 detainees from their headquarters in Juba, known as the Blue House.",
        published="2024-03-01",
    )
    assert not any(a.text == "Blue House" for a in result.actors)


def test_the_kidnappers_after_a_named_armed_group_are_that_group(extractor) -> None:
    kidnappers = _mention(
        extractor,
        "Boko Haram fighters seized 40 girls from a school in Borno state. Troops were sent "
        "to track down the kidnappers.",
        "kidnappers",
    )
    assert (kidnappers.canonical, kidnappers.sector) == ("Boko Haram", "armed_group")


def test_the_head_noun_of_a_body_named_before_is_that_body(extractor) -> None:
    text = (
        "BEIRA, June 2, 2024 (Newswire) — The African Development Bank lent $40 million"
        " for new dykes, the bank said on Friday."
    )
    bank = _mention(extractor, text, "bank")
    assert (bank.sector, bank.country_code, bank.canonical) == (
        "igo",
        None,
        "African Development Bank",
    )


def test_the_army_after_a_rebel_army_keeps_its_own_coding(extractor) -> None:
    text = (
        "SITTWE, June 2, 2024 (Newswire) — The Arakan Army seized two towns on Friday,"
        " and the army said it would strike back."
    )
    assert _mention(extractor, text, "army").sector == "military"


def test_a_multinational_named_in_a_national_group_takes_its_country(extractor) -> None:
    text = (
        "NAIROBI, June 2, 2024 (Newswire) — Chinese firms including Huawei and Sinoma have"
        " built much of the network."
    )
    assert _mention(extractor, text, "Huawei").country_code == "CHN"


def test_a_multinational_alone_keeps_no_country(extractor) -> None:
    text = "NAIROBI, June 2, 2024 (Newswire) — Huawei opened a training centre on Friday."
    huawei = _mention(extractor, text, "Huawei")
    assert (huawei.country_code, huawei.country_basis) == (None, "international")


def test_people_from_a_named_group_are_that_group(extractor) -> None:
    text = (
        "BAMAKO, June 2, 2024 (Newswire) — Gunmen from the JNIM attacked a convoy near Menaka"
        " on Friday."
    )
    gunmen = _mention(extractor, text, "Gunmen")
    group = _mention(extractor, text, "JNIM")
    assert (gunmen.canonical, gunmen.country_code) == (group.canonical, group.country_code)


def test_a_description_the_article_gives_a_body_is_that_body(extractor) -> None:
    text = (
        "KHARTOUM, June 2, 2024 (Newswire) — The army fought the Rapid Support Forces, as the"
        " paramilitaries are known, in 2023. The army said 300 paramilitaries had surrendered."
    )
    found = extractor.process(text, published="2024-03-01").actors
    later = next(a for a in found if a.text == "paramilitaries" and a.start > text.index("300"))
    assert later.canonical == "Rapid Support Forces"


def test_the_junta_is_the_junta_of_the_country_the_story_is_about(extractor) -> None:
    text = "BAMAKO, June 2, 2024 (Newswire) — The junta said the elections would be delayed."
    assert _mention(extractor, text, "junta").country_code == "MLI"


@pytest.mark.slow
def test_the_regime_is_the_government_of_the_country_the_story_is_about(extractor) -> None:
    text = (
        "DAMASCUS, June 2, 2024 (Newswire) — The regime denied shelling the camp. The EU "
        "extended its sanctions regime."
    )
    regime = _mention(extractor, text, "regime")
    assert (regime.country_code, regime.sector) == ("SYR", "government")
    result = extractor.process(text, published="2024-06-02")
    assert "sanctions regime" not in [a.text for a in result.actors]  # rules, not rulers


def test_a_person_with_a_role_of_a_named_body_acts_for_the_body(extractor) -> None:
    text = "JERUSALEM, June 2, 2024 (Newswire) — Likud lawmaker Avi Cohen said the vote would fail."
    assert _mention(extractor, text, "Avi Cohen").sector == "party"


def test_a_bare_spokesperson_speaks_for_the_body_the_sentence_names(extractor) -> None:
    text = (
        "JUBA, June 2, 2024 (Newswire) — The SSPDF said it would pull its troops back from"
        " the front lines around Morobo by the end of the month, spokesman Lul Ruai Koang"
        " told state radio."
    )
    spokesman = next(
        a for a in extractor.process(text, published="2024-03-01").actors if "Koang" in a.text
    )
    assert spokesman.sector == "military"


@pytest.mark.parametrize(
    ("text", "sector"),
    [
        (
            "ASMARA, June 2, 2024 (Newswire) — Eritrean troops crossed into Tigray in May. The"
            " TPLF said talks could not begin unless the Eritreans left.",
            "military",
        ),
        ("ASMARA, June 2, 2024 (Newswire) — The Eritreans queued for fuel on Friday.", "civilians"),
    ],
)
def test_the_nationals_are_their_forces_where_the_story_names_them(extractor, text, sector):
    assert _mention(extractor, text, "Eritreans").sector == sector


def test_a_country_named_as_an_actor_is_its_own_country_whatever_stands_beside_it(extractor):
    # the NER model may take a country's name for a person's ("Mali's"), and a person
    # takes the demonym near them as an affiliation; a country's name is its own country
    text = "Mali's government expelled the French ambassador on Monday."
    mali = _mention(extractor, text, "Mali's government")
    assert (mali.country_code, mali.sector) == ("MLI", "government")


def test_craft_with_a_country_on_them_are_its_forces(extractor):
    res = extractor.process(
        "Zambian aircraft struck rebel camps near Kasenga on Monday.", published="2024-03-05"
    )
    craft = next(a for a in res.actors if a.text == "Zambian aircraft")
    assert (craft.country_code, craft.sector) == ("ZMB", "military")
    attack = next(e for e in res.events if e.type == "ASSAULT")
    assert [a.text for a in attack.arguments if a.role == "source"] == ["Zambian aircraft"]


def test_craft_standing_alone_are_not_an_actor(extractor):
    res = extractor.process(
        "The army sent 300 soldiers and two helicopters to Kasenga.", published="2024-03-05"
    )
    assert "helicopters" not in {a.text for a in res.actors}


@pytest.mark.parametrize(
    ("before", "sector"),
    [("Opposition leader ", "party"), ("Union chief ", "labour"), ("Spokesman ", "unknown")],
)
def test_a_leader_takes_the_sector_of_the_body_written_before_the_title(before, sector):
    assert role_sector(before, " said on Monday.") == sector


@pytest.mark.parametrize(
    ("text", "mention", "country", "basis"),
    [
        ("The Pakistani Taliban vowed revenge on Monday.", "Taliban", "PAK", "explicit"),
        ("The Taliban vowed revenge on Monday.", "Taliban", "AFG", "known"),
    ],
)
def test_a_demonym_on_a_known_group_names_its_branch(extractor, text, mention, country, basis):
    group = _mention(extractor, text, mention)
    assert (group.country_code, group.country_basis) == (country, basis)


def test_a_possessive_ending_is_not_part_of_a_named_actor(extractor):
    res = extractor.process(
        "The minister rejected Human Rights Watch's report on Monday.", published="2024-03-05"
    )
    assert "Human Rights Watch" in {a.text for a in res.actors}


def test_supporters_who_rally_are_the_protests_source(extractor):
    res = extractor.process(
        "Thousands of opposition supporters rallied in Lusaka on Tuesday.", published="2024-03-05"
    )
    rally = next(e for e in res.events if e.type == "PROTEST")
    assert [a.text for a in rally.arguments if a.role == "source"] == ["opposition supporters"]


@pytest.mark.parametrize(
    ("text", "mention", "country"),
    [
        (
            "Zambia's foreign ministry said the drills were legal.",
            "Zambia's foreign ministry",
            "ZMB",
        ),
        ("Malawi's army said it had killed 40 rebels.", "Malawi's army", "MWI"),
    ],
)
def test_a_country_owning_a_state_noun_is_part_of_its_mention(extractor, text, mention, country):
    assert _mention(extractor, text, mention).country_code == country


def test_a_known_group_the_ner_misses_is_still_an_actor(extractor):
    res = extractor.process(
        "Suspected Boko Haram fighters killed 12 farmers near Damasak on Sunday.",
        published="2024-03-05",
    )
    group = next(a for a in res.actors if a.text == "Boko Haram")
    assert (group.country_code, group.sector) == ("NGA", "armed_group")
    attack = next(e for e in res.events if e.type == "ASSAULT")
    assert "Boko Haram" in {a.text for a in attack.arguments if a.role == "source"}


def test_a_known_name_inside_a_longer_name_is_not_taken_alone(extractor):
    res = extractor.process(
        "Fighters from Islamic State West Africa Province (ISWAP) ambushed a convoy.",
        published="2024-03-05",
    )
    assert "Islamic State" not in {a.text for a in res.actors}


def test_a_demonym_on_the_other_persons_title_is_not_ones_own(extractor):
    text = "President Hakainde Hichilema met Chinese leader Xi Jinping in Lusaka on Monday."
    assert _mention(extractor, text, "Hakainde Hichilema").country_code != "CHN"


@pytest.mark.parametrize("capital", ["Kyiv", "Kiev", "Bogota"])
def test_a_capital_acting_is_its_government_in_any_usual_spelling(extractor, capital):
    text = f"{capital} accused the rebels of breaking the truce on Monday."
    actor = _mention(extractor, text, capital)
    assert (actor.sector, actor.country_basis) == ("government", "explicit")


def test_brussels_acting_is_the_european_union(extractor):
    text = "The ruling party froze its bid to join the bloc, accusing Brussels of blackmail."
    brussels = _mention(extractor, text, "Brussels")
    assert (brussels.country_code, brussels.sector, brussels.country_basis) == (
        None,
        "igo",
        "international",
    )


def test_a_coast_guard_with_a_country_on_it_is_that_countrys_police(extractor):
    for text, span, code in [
        (
            "The Zambian coast guard accused Chinese vessels of ramming a boat.",
            "Zambian coast guard",
            "ZMB",
        ),
        ("The Italian coastguard rescued 300 migrants off Lampedusa.", "Italian coastguard", "ITA"),
    ]:
        res = extractor.process(text, published="2024-03-05")
        guard = next(a for a in res.actors if a.text == span)
        assert (guard.country_code, guard.sector) == (code, "police")


def test_a_national_guard_is_military_and_a_lone_guard_no_actor(extractor):
    res = extractor.process(
        "The National Guard was deployed to Minneapolis.", published="2024-03-05"
    )
    assert [(a.text, a.sector) for a in res.actors] == [("National Guard", "military")]
    res = extractor.process(
        "A security guard was shot dead outside the bank.", published="2024-03-05"
    )
    assert "guard" not in " ".join(a.text for a in res.actors)


def test_a_ministers_portfolio_is_not_a_body_of_its_own(extractor):
    for text, person in [
        ("Interior Minister Mulenga Banda accused the protesters of planning violence.", "Banda"),
        ("Defence Minister Rustem Umerov visited the front.", "Umerov"),
    ]:
        actors = [a.text for a in extractor.process(text, published="2024-03-05").actors]
        assert any(a.endswith(person) for a in actors)
        assert "Interior" not in actors and "Defence" not in actors


def test_an_embassy_with_a_demonym_is_that_countrys_government(extractor):
    res = extractor.process(
        "The Chinese embassy in Lusaka said the company had broken no law.", published="2024-03-05"
    )
    embassy = next(a for a in res.actors if a.text == "Chinese embassy")
    assert (embassy.country_code, embassy.sector) == ("CHN", "government")


def test_a_demonym_on_a_state_bodys_craft_gives_the_body_its_country(extractor):
    res = extractor.process(
        "Chinese coast guard vessels fired water cannon at a Zambian supply boat.",
        published="2024-03-05",
    )
    assert [(a.text, a.country_code) for a in res.actors] == [("Chinese coast guard", "CHN")]


def test_a_country_written_as_the_owner_of_a_body_noun_gives_it_its_country(extractor):
    res = extractor.process(
        "Washington lifted sanctions on Zambia's central bank.", published="2024-03-05"
    )
    bank = next(a for a in res.actors if a.text.endswith("central bank"))
    assert (bank.text, bank.country_code, bank.sector) == (
        "Zambia's central bank",
        "ZMB",
        "government",
    )


def test_a_name_the_recogniser_took_for_a_person_after_in_is_no_actor(extractor):
    res = extractor.process(
        "The gunmen opened fire on a market in Dinangourou on Sunday.", published="2024-03-05"
    )
    assert "Dinangourou" not in [a.text for a in res.actors]


def test_a_demonym_on_a_persons_role_noun_is_part_of_the_persons_mention(extractor):
    res = extractor.process(
        "A Zambian judge on Monday ordered a former minister to stand trial.",
        published="2024-03-05",
    )
    judge = next(a for a in res.actors if "judge" in a.text)
    assert (judge.text, judge.country_code, judge.sector) == ("Zambian judge", "ZMB", "judiciary")


@pytest.mark.parametrize(
    "text",
    [
        "Opposition politician Peter Mwansa welcomed the ruling.",
        "Peter Mwansa, an opposition politician, welcomed the ruling.",
    ],
)
def test_a_politician_takes_the_sector_of_the_body_word_beside_the_role(extractor, text):
    person = next(a for a in extractor.process(text).actors if a.text == "Peter Mwansa")
    assert person.sector == "party"


def test_a_title_set_after_a_persons_name_is_no_second_mention(extractor):
    res = extractor.process(
        "Sipho Dlamini, a union leader, said workers would strike.", published="2024-03-05"
    )
    assert [a.text for a in res.actors if a.text != "workers"] == ["Sipho Dlamini"]
    assert res.actors[0].sector == "labour"


@pytest.mark.parametrize(
    ("before", "after", "sector"),
    [
        ("The union's leader, ", ", said workers would strike.", "labour"),
        ("", ", said workers would strike.", "unknown"),
        ("", ", 54, a former mayor, was arrested.", "government"),
        ("", " (a union leader) said workers would strike.", "labour"),
    ],
)
def test_a_role_is_read_from_the_phrase_set_off_beside_the_name(before, after, sector):
    assert role_sector(before, after) == sector


@pytest.mark.parametrize(
    ("text", "span", "canonical"),
    [
        (
            "Two Ugandan ministers visited Kigali on Monday.",
            "Ugandan ministers",
            "Uganda government",
        ),
        (
            "Police shared bank records with Zambian investigators last year.",
            "Zambian investigators",
            "Zambia government",
        ),
    ],
)
def test_state_officials_named_by_a_demonym_are_their_state_acting(
    extractor, text, span, canonical
):
    group = next(a for a in extractor.process(text).actors if a.text == span)
    assert (group.canonical, group.kind) == (canonical, "government")


def test_executives_named_by_a_demonym_stay_people_of_their_sector(extractor):
    group = next(
        a
        for a in extractor.process("Chinese executives met Zambian officials.").actors
        if a.text == "Chinese executives"
    )
    assert (group.sector, group.country_code) == ("business", "CHN")


def test_a_verb_the_parser_hung_on_a_group_noun_is_not_part_of_the_mention(extractor):
    res = extractor.process(
        "Rights groups have accused Zambian security forces of expelling migrants to the desert."
    )
    assert "migrants" in [a.text for a in res.actors]
    assert not any(a.text.startswith("expelling") for a in res.actors)


def test_its_forces_in_reported_speech_are_the_speakers(extractor):
    res = extractor.process(
        "LUSAKA, May 8, 2025 (Newswire) — Malawi's defence ministry said its forces had"
        " targeted rebel camps.",
        published="2025-05-08",
    )
    forces = next(a for a in res.actors if a.text == "forces")
    assert forces.country_code == "MWI"


def test_a_bare_state_noun_is_the_same_body_named_earlier_with_its_country(extractor):
    res = extractor.process(
        "NAIROBI, March 4, 2025 (Newswire) — Fighting between Sudan's army and the Rapid"
        " Support Forces spread to El Obeid on Monday. The army said it had repelled an"
        " attack.",
        published="2025-03-04",
    )
    armies = [(a.text, a.country_code) for a in res.actors if a.text.endswith("army")]
    assert armies == [("Sudan's army", "SDN"), ("army", "SDN")]


def test_a_surname_the_recogniser_took_alone_for_a_body_joins_its_first_name(extractor):
    res = extractor.process(
        "Acting Kursk governor Alexei Smirnov said 12 civilians had been killed."
    )
    person = next(a for a in res.actors if a.text.endswith("Smirnov"))
    assert (person.text, person.kind, person.sector) == ("Alexei Smirnov", "person", "government")


def test_the_group_after_an_armed_group_is_that_group(extractor):
    text = (
        "Soldiers raided a camp of the Lord's Resistance Army on Monday, after the group "
        "attacked a convoy."
    )
    group = _mention(extractor, text, "group")
    assert group.entity == _mention(extractor, text, "Lord's Resistance Army").entity


def test_the_group_after_a_rights_group_is_no_armed_group(extractor):
    text = (
        "The Lord's Resistance Army attacked a convoy. Amnesty International condemned "
        "the killings, and the group called for an inquiry."
    )
    res = extractor.process(text, published="2024-05-06")
    assert all(a.kind != "armed_group" for a in res.actors if a.text == "group")


@pytest.mark.parametrize("body", ["Police", "Myanmar's military"])
def test_a_person_acted_on_by_a_body_does_not_take_its_sector(extractor, body):
    text = f"{body} detained Aung San Suu Kyi on Monday."
    assert _mention(extractor, text, "Aung San Suu Kyi").sector == "unknown"


def test_a_person_named_again_by_the_first_name_keeps_their_sector(extractor):
    text = (
        "TPLF spokesman Tsegay Berhe demanded the withdrawal of Eritrean troops. "
        "Tsegay warned that the talks would fail."
    )
    result = extractor.process(text, published="2024-03-01")
    tsegay = [a for a in result.actors if a.text.startswith("Tsegay")]
    assert [a.sector for a in tsegay] == ["armed_group", "armed_group"]
    assert len({a.entity for a in tsegay}) == 1


@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ("Armed men kidnapped a bank manager in Tripoli on Sunday.", "Armed men"),
        ("Unidentified armed men abducted three aid workers.", "Unidentified armed men"),
    ],
)
def test_people_called_armed_are_an_armed_group(extractor, text, mention):
    assert _mention(extractor, text, mention).sector == "armed_group"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Rebel artillery shelled Chadian positions near the border overnight.", "TCD"),
        ("Militants attacked a Kenyan military base in Lamu county.", "KEN"),
    ],
)
def test_a_demonym_on_a_military_position_is_that_countrys_forces(extractor, text, code):
    res = extractor.process(text, published="2024-05-06")
    attack = res.events[0]
    target = next(a for a in attack.arguments if a.role == "target")
    assert (target.country_code, target.sector) == (code, "military")


def test_a_known_group_named_before_a_group_noun_is_that_group(extractor):
    text = "Houthi forces freed 14 Saudi prisoners on Monday."
    actor = _mention(extractor, text, "Houthi")
    assert (actor.sector, actor.country_code) == ("armed_group", "YEM")


@pytest.mark.parametrize(
    ("text", "mention", "sector"),
    [
        (
            "A court in Lusaka jailed a former municipal manager on Friday.",
            "former municipal manager",
            "government",
        ),
        (
            "Police arrested a prominent businessman in Harare on Monday.",
            "prominent businessman",
            "business",
        ),
        ("Gunmen shot dead a dissident outside his home.", "dissident", "civilians"),
        ("Fishermen clashed with the coast guard near the port.", "Fishermen", "civilians"),
    ],
)
def test_people_described_by_their_occupation_are_actors(extractor, text, mention, sector):
    assert _mention(extractor, text, mention).sector == sector


def test_riot_police_at_the_start_of_a_sentence_are_police(extractor):
    text = "Riot police fired tear gas at students in Accra on Friday."
    assert _mention(extractor, text, "Riot police").sector == "police"


def test_figures_after_a_sector_word_are_people_and_alone_are_numbers(extractor):
    text = "A court convicted 14 opposition figures of treason. Official figures showed a rise."
    res = extractor.process(text, published="2024-05-06")
    assert [(a.text, a.sector) for a in res.actors if "figures" in a.text] == [
        ("opposition figures", "party")
    ]


def test_a_presidential_guard_is_military(extractor):
    text = "Members of Niger's presidential guard detained the president on Wednesday."
    assert _mention(extractor, text, "Niger's presidential guard").sector == "military"


def test_people_from_several_countries_take_no_focus_country(extractor):
    text = "Caracas expelled diplomats from seven Latin American countries on Monday."
    assert _mention(extractor, text, "diplomats").country_code is None


@pytest.mark.parametrize(
    ("text", "source", "country"),
    [  # craft owned by "its": the speaker's; a country named on a strike: its forces
        ("The Turkish army said its drones had killed 17 militants on Sunday.", "drones", "TUR"),
        ("A U.S. drone strike killed a militia commander near Baghdad airport.", "U.S.", "USA"),
    ],
)
def test_the_forces_of_a_state_that_strikes_are_the_source(extractor, text, source, country):
    res = extractor.process(text, published="2024-05-06")
    attack = next(e for e in res.events if e.type == "ASSAULT")
    found = next(a for a in attack.arguments if a.role == "source")
    assert (found.text, found.country_code, found.sector) == (source, country, "military")


def test_militiamen_are_an_armed_group(extractor) -> None:
    fano = _mention(
        extractor,
        "Fano militiamen attacked a police station in Amhara on Tuesday.",
        "Fano militiamen",
    )
    assert fano.sector == "armed_group"


def test_a_known_group_the_recogniser_took_for_a_place_is_the_actor_not_a_place(extractor):
    res = extractor.process(
        "M23 rebels seized the town of Rubaya on Tuesday.", published="2024-05-06"
    )
    assert "M23" not in {p.text for p in res.places}
    (m23,) = [a for a in res.actors if a.text == "M23"]
    assert (m23.sector, m23.country_code) == ("armed_group", "COD")
    assert [a.text for e in res.events for a in e.arguments if a.role == "source"] == ["M23"]


def test_a_surname_said_again_is_the_person_even_when_labelled_a_place(extractor):
    res = extractor.process(
        "Salvadoran police arrested former finance minister Carlos Mendoza, 63, on Monday. "
        "Prosecutors must present formal charges against Mendoza by mid-June.",
        published="2024-05-06",
    )
    (again,) = [a for a in res.actors if a.text == "Mendoza"]
    (full,) = [a for a in res.actors if a.text == "Carlos Mendoza"]
    assert again.entity == full.entity
    charges = next(e for e in res.events if e.trigger.text == "charges")
    assert [a.text for a in charges.arguments if a.role == "target"] == ["Mendoza"]


@pytest.mark.parametrize(
    ("text", "mention", "country"),
    [
        ("Lars Orlsson, a Swedish national, was arrested in Madrid on Monday, "
         "the Interior Ministry said.", "Lars Orlsson", "SWE"),
        ("Police in Lagos detained Pierre Orlau, a 34-year-old French citizen, at the "
         "airport.", "Pierre Orlau", "FRA"),
        ("Maria Santos, a citizen of Portugal, was freed by kidnappers in Mali on Monday.",
         "Maria Santos", "PRT"),
    ],
)  # fmt: skip
def test_a_person_described_by_a_nationality_takes_that_country(
    extractor, text: str, mention: str, country: str
) -> None:
    a = _mention(extractor, text, mention)
    assert (a.country_code, a.country_basis) == (country, "explicit")


def test_a_demonym_of_another_noun_in_the_description_is_not_the_persons(extractor) -> None:
    text = "Tomas Orlen, a critic of Swedish policy, was arrested in Madrid on Monday."
    assert _mention(extractor, text, "Tomas Orlen").country_code != "SWE"


def test_a_demonym_on_airlines_makes_a_company_of_that_country(extractor) -> None:
    text = "The Orlan government banned Belarusian airlines from its airspace on Monday."
    a = _mention(extractor, text, "Belarusian airlines")
    assert (a.kind, a.country_code, a.sector) == ("company", "BLR", "business")


@pytest.mark.parametrize(
    ("text", "mention", "country"),
    [
        ("Estonia expelled Russia's consul in Narva on Monday.", "Russia's consul", "RUS"),
        ("Latvia summoned the Belarusian attache on Monday.", "Belarusian attache", "BLR"),
    ],
)
def test_a_consul_or_attache_is_a_diplomat_of_the_country_named_on_them(
    extractor, text: str, mention: str, country: str
) -> None:
    a = _mention(extractor, text, mention)
    assert (a.kind, a.country_code, a.sector) == ("person", country, "government")


@pytest.mark.parametrize(
    ("text", "mention", "owner"),
    [
        # the subject of the clause the fighters stand in, not a group named in between
        ("Boko Haram, which ISWAP left in 2016, grew when its fighters raided Orla in 2014.",
         "fighters", "Boko Haram"),
        # a state named nearer is not the owner
        ("The Taliban demanded that the Afghan government free dozens of its jailed fighters.",
         "jailed fighters", "Taliban"),
    ],
)  # fmt: skip
def test_people_a_named_group_calls_its_own_are_that_group(
    extractor, text: str, mention: str, owner: str
) -> None:
    res = extractor.process(text, published="2024-03-01")
    a = next(x for x in res.actors if x.text == mention)
    b = next(x for x in res.actors if x.text == owner)
    assert (a.entity, a.canonical, a.country_code) == (b.entity, b.canonical, b.country_code)


def test_a_states_own_troops_are_not_the_group_named_before(extractor) -> None:
    text = "Al-Shabaab demanded that the government confine its troops to barracks."
    res = extractor.process(text, published="2024-03-01")
    troops = next(x for x in res.actors if x.text == "troops")
    assert troops.canonical != "al-Shabaab" and troops.kind == "military"


def test_the_rebels_are_the_known_rebel_group_named_before(extractor) -> None:
    text = (
        "South Sudan's government and the SPLM-IO signed a deal in Orla on Monday. "
        "The deal requires the government and the rebels to free all prisoners."
    )
    res = extractor.process(text, published="2024-03-01")
    rebels = next(x for x in res.actors if x.text == "rebels")
    group = next(x for x in res.actors if x.text == "SPLM-IO")
    assert (rebels.entity, rebels.country_basis) == (group.entity, "known")


def test_a_state_noun_on_a_building_names_no_side_unless_a_country_is_written(extractor) -> None:
    text = (
        "Gunmen attacked a police station in Orlatown, killing two police officers. "
        "Turkish troops shelled a Syrian army base near Orlatown."
    )
    res = extractor.process(text, published="2024-03-01")
    assert [a.text for a in res.actors if a.kind in ("police", "military")] == [
        "police officers",
        "Turkish troops",
        "Syrian army",
    ]


@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ("Police estimated the crowd in Orlatown at 40,000 on Monday.", "crowd"),
        ("Protest organisers in Orlatown said they would march again.", "Protest organisers"),
    ],
)
def test_crowds_and_organisers_are_civilian_actors(extractor, text: str, mention: str) -> None:
    a = _mention(extractor, text, mention)
    assert (a.kind, a.sector) == ("civilians", "civilians")


def test_a_countrys_own_envoy_it_recalls_is_no_side(extractor) -> None:
    text = "France recalled its ambassador from Algiers on Monday. Algeria expelled France's envoy."
    res = extractor.process(text, published="2024-03-01")
    assert [a.text for a in res.actors if a.kind == "person"] == ["France's envoy"]


def test_a_named_storm_is_no_actor(extractor) -> None:
    res = extractor.process(
        "Aid agencies fed survivors of Cyclone Orla in Buzi.", published="2024-03-01"
    )
    assert "Cyclone Orla" not in [a.text for a in res.actors]


def test_forces_backed_by_a_foreign_air_force_are_the_storys_own(extractor) -> None:
    text = (
        "DAMASCUS, May 2, 2024 (Newswire) — Government forces backed by Russian jets "
        "attacked Orla village in Syria on Monday, residents said."
    )
    a = _mention(extractor, text, "Government forces")
    assert a.country_code == "SYR"


def test_a_leader_a_party_expels_is_a_side(extractor) -> None:
    text = "The ruling Orla party expelled its leader on Monday."
    res = extractor.process(text, published="2024-03-01")
    assert "leader" in [a.text for a in res.actors]


@pytest.mark.slow
def test_a_part_or_officer_of_its_body_takes_the_bodys_country(extractor) -> None:
    result = extractor.process(
        "SRINAGAR, November 19, 2024 (Newswire) — Pakistan's military said shelling had "
        "killed three civilians. Its media wing, Inter-Services Public Relations, accused New Delhi of "
        "lying. Gambia's ruling party said its chairman, Lamin Touray, had resigned.",
        published="2024-11-19",
    )
    wing = _by_text(result, "Inter-Services Public Relations")
    assert (wing.country_code, wing.country_basis, wing.sector) == (
        "PAK",
        "affiliation",
        "military",
    )
    assert _by_text(result, "Lamin Touray").country_code == "GMB"  # not the dateline's


def test_a_title_the_recogniser_took_into_a_name_is_left_out(extractor) -> None:
    result = extractor.process(
        "Spokeswoman Ayesha Qureshi warned New Delhi on Monday.", published="2024-11-19"
    )
    assert [a.text for a in result.actors if a.kind == "person"] == ["Ayesha Qureshi"]


@pytest.mark.slow
def test_a_sentence_opening_in_a_place_sets_the_country_of_its_state_bodies(extractor) -> None:
    result = extractor.process(
        "SRINAGAR, November 19, 2024 (Newswire) — Indian troops fired across the border. "
        "In Islamabad, the foreign ministry summoned India's deputy high commissioner. "
        "In Lahore, police arrested two men.",
        published="2024-11-19",
    )
    assert _by_text(result, "foreign ministry").country_code == "PAK"
    assert _by_text(result, "police").country_code == "PAK"
    assert _by_text(result, "India's deputy high commissioner").country_code == "IND"


@pytest.mark.slow
def test_nationals_of_a_country_are_its_civilians(extractor) -> None:
    result = extractor.process(
        "A court in Batken jailed two Tajik nationals on Wednesday and sentenced a Japanese "
        "national to 10 years.",
        published="2024-11-19",
    )
    assert _by_text(result, "Tajik nationals").country_code == "TJK"
    assert (
        _by_text(result, "Japanese national").country_code,
        _by_text(result, "Japanese national").sector,
    ) == ("JPN", "civilians")


@pytest.mark.slow
def test_a_body_placed_in_a_town_has_that_towns_country(extractor) -> None:
    result = extractor.process(
        "TOKYO, November 14, 2024 (Newswire) — On Tuesday, a court in the port city of "
        "Dalian sentenced a Japanese national to 10 years. Police in Osaka protested.",
        published="2024-11-14",
    )
    assert _by_text(result, "court").country_code == "CHN"
    assert _by_text(result, "Police").country_code == "JPN"


def test_a_counterpart_is_an_official_of_where_they_are(extractor) -> None:
    result = extractor.process(
        "BISHKEK, May 3, 2024 (Newswire) — Kyrgyzstan's interior ministry accused Tajik "
        "forces of firing mortars. Its counterpart in Dushanbe blamed "
        "the fighting on Bishkek.",
        published="2024-05-03",
    )
    assert _by_text(result, "counterpart").country_code == "TJK"


@pytest.mark.parametrize(
    ("text", "mention", "sector"),
    [
        ("Aid agencies demanded access to El Fasher.", "Aid agencies", "ngo"),
        ("Human rights groups condemned the arrests.", "Human rights groups", "ngo"),
        ("Charities said food had run out.", "Charities", "ngo"),
        ("Armed groups attacked the town on Monday.", "Armed groups", "armed_group"),
    ],
)
def test_unnamed_aid_rights_and_armed_groups_are_actors(extractor, text, mention, sector) -> None:
    a = _mention(extractor, text, mention)
    assert (a.sector, a.country_code) == (sector, None)


def test_pupils_are_actors_of_the_education_sector(extractor) -> None:
    a = _mention(
        extractor,
        "KADUNA, February 20, 2025 (Newswire) — Gunmen abducted 46 pupils from a school.",
        "pupils",
    )
    assert (a.sector, a.country_code) == ("education", "NGA")


def test_the_guerrilla_group_is_the_group_named_before(extractor) -> None:
    result = extractor.process(
        "BOGOTA, October 10, 2024 (Newswire) — The ELN released six soldiers. The government "
        "will resume talks with the guerrilla group in Caracas.",
        published="2024-10-10",
    )
    assert _by_text(result, "guerrilla group").entity == _by_text(result, "ELN").entity


def test_a_person_of_a_named_body_takes_its_country(extractor):
    res = extractor.process(
        "YAOUNDE, May 22, 2024 (Newswire) — Cameroon's army shelled a village near the "
        "border. About 90 refugees were turned back at the crossing, said Major Idris Musa "
        "of the Nigerian Army.",
        published="2024-05-22",
    )
    musa = next(a for a in res.actors if a.text == "Idris Musa")
    assert (musa.country_code, musa.country_basis) == ("NGA", "affiliation")


def test_the_body_named_before_with_its_country_is_the_same_body(extractor):
    res = extractor.process(
        "DAMASCUS, September 3, 2019 (Newswire) — Syrian troops shelled Idlib on Monday. "
        "Turkey sent a convoy to its post near Morek, the Turkish interior ministry said. "
        '"We will protect our soldiers," said Emre Aksoy, a spokesman for the interior ministry.',
        published="2019-09-03",
    )
    again = next(a for a in res.actors if a.text == "interior ministry")
    assert again.country_code == "TUR"


@pytest.mark.parametrize(
    "text",
    [
        "Rwandan government spokeswoman Agnes Mukamana denied Kinshasa's accusation on Tuesday.",
        "In Maputo, government spokesman Celso Mabunda blamed the killings on the insurgents.",
    ],
)
def test_a_name_after_a_role_is_a_person_whatever_the_recogniser_said(extractor, text):
    res = extractor.process(text, published="2024-05-08")
    name = " ".join(text.split("spokes")[1].split()[1:3])
    assert name in [a.text for a in res.actors if a.kind == "person"]
    assert name not in [p.text for p in res.places]
    ev = next(e for e in res.events if e.type in ("REJECT", "DISAPPROVE"))
    assert [a.text for a in ev.arguments if a.role == "source"] == [name]


def test_a_countrys_foreign_ministry_is_its_own_not_abroad(extractor):
    res = extractor.process(
        "MANILA, July 10, 2024 (Newswire) — A Philippine supply boat was rammed near the "
        "shoal. The Department of Foreign Affairs summoned the Chinese envoy on Tuesday, "
        "while foreign troops held drills nearby.",
        published="2024-07-10",
    )
    codes = {a.text: a.country_code for a in res.actors}
    assert codes["Department of Foreign Affairs"] == "PHL"
    assert codes["foreign troops"] is None


def test_marines_are_their_countrys_military(extractor):
    res = extractor.process(
        "MANILA, July 10, 2024 (Newswire) — Supplies reached the marines stationed on the "
        "grounded ship on Wednesday.",
        published="2024-07-10",
    )
    marines = next(a for a in res.actors if a.text == "marines")
    assert (marines.sector, marines.country_code) == ("military", "PHL")


def test_a_country_due_to_act_or_holding_forces_is_its_state_not_a_territory(extractor):
    res = extractor.process(
        "MAPUTO, June 18, 2024 (Newswire) — Insurgents raided a town in Cabo Delgado. "
        "Tanzania already has about 900 troops in the province. Malawi is due to send "
        "engineers next month. Angola is the largest producer of oil in the region.",
        published="2024-06-18",
    )
    actors = {a.text: a.country_code for a in res.actors}
    assert actors.get("Tanzania") == "TZA" and actors.get("troops") == "TZA"
    assert actors.get("Malawi") == "MWI"
    assert "Angola" not in actors
