import json
from pathlib import Path

import pytest

from extract.errors import LanguageError
from extract.ingest import language
from extract.ingest.language import detect_language
from extract.ingest.sources import iter_articles
from extract.ingest.text import article_from_text
from extract.records import Article

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"

ENGLISH_NEWS = (
    "Afghan officials said on Thursday that the government had begun releasing 100 "
    "prisoners in exchange for 20 members of the security forces, the first step in a "
    "swap agreed as part of the peace deal signed in February."
)

FOREIGN = {
    "de": FIXTURES.joinpath("german_article.txt").read_text(encoding="utf-8"),
    "fr": "Le gouvernement a annoncé jeudi un plan de soutien aux agriculteurs touchés par "
    "la sécheresse, qui a frappé une grande partie du pays cet été. Les syndicats "
    "agricoles ont salué cette décision, tout en estimant que les montants restent "
    "insuffisants.",
    "es": "El presidente del Gobierno anunció el martes un paquete de medidas para frenar "
    "la subida de los precios de la energía, que ha golpeado con fuerza a los hogares y a "
    "las pequeñas empresas. La oposición calificó las medidas de insuficientes.",
    "ru": "Правительство в четверг объявило о новом пакете мер по поддержке малого бизнеса, "
    "пострадавшего от роста цен на энергоносители. Представители бизнеса приветствовали "
    "это решение, однако отметили, что помощь может прийти слишком поздно.",
    "zh": "政府周四宣布了一项支持小企业的新措施，这些企业受到能源价格上涨的影响。"
    "经济部长表示，企业可以在年底前获得优惠贷款并推迟缴纳税款。",
}

# Short English news text (our own words) with few or no function words: headlines,
# figures, lists of names. The function-word share alone refused some of these.
SHORT_ENGLISH = [
    "Shares rose 3.2% to $41.50 on Tuesday after earnings beat forecasts.",
    "Oil prices fell 2% to $78.40 a barrel as US inventories grew.",
    "Q3 revenue: $1.2bn, up 14% y/y; EPS $0.87 vs $0.79 expected.",
    "Brent crude up 1.4%, gold down 0.3%, euro steady at $1.08",
    "Gross domestic product grew 0.4% q/q, 1.9% y/y; CPI 3.1%; unemployment 4.2%",
    "EUR/USD 1.0842 +0.12%, USD/JPY 151.30 -0.25%, GBP/USD 1.2710 +0.05%",
    "Apple, Microsoft, Nvidia lead Nasdaq rally as S&P 500 hits record",
    "Toyota recalls 1.2 million RAV4, Camry and Corolla vehicles",
    "Lakers beat Celtics 112-108 in overtime thriller",
    "Fed holds rates at 5.25%-5.5%, signals two cuts in 2025",
    "Magnitude 6.1 earthquake strikes off Japan's northeast coast",
    "POLICE ARREST TWO MEN AFTER SATURDAY NIGHT STABBING IN LEEDS",
    "Government unveils £4bn plan to cut NHS waiting lists by March",
    "Coup d'état attempt foiled, junta says; curfew imposed in Niamey",
    "Top scorers: Jordan Smith (24 pts), Marcus Lee (19 pts), Daniel Ortiz (17 pts), "
    "Kevin Brown (12 pts), Chris Young (10 pts), Sam Park (9 pts), Luis Gomez (8 pts).",
    "New Ford Ranger review - pictures Kia EV9 long-term test - pictures Volvo EX30 review "
    "Hyundai Ioniq 5 N first drive - pictures Skoda Kodiaq review",
]

# English text full of names from other languages: the names must not decide.
ENGLISH_WITH_FOREIGN_NAMES = [
    "Deutsche Bank AG, Commerzbank, Allianz SE, Siemens Energy and Munich Re led the DAX",
    "São Paulo, Rio de Janeiro, Belo Horizonte, Porto Alegre, Curitiba, Salvador, Fortaleza",
    "Starting lineup: Juan Carlos Hernández, José Luis Rodríguez, Miguel Ángel Fernández, "
    "Francisco Javier Martínez, Pedro González.",
    "Die Linke, Bündnis 90/Die Grünen and Alternative für Deutschland gained seats",
    "Roberto Mancini, Gianluigi Buffon, Alessandro Del Piero, Francesco Totti, Andrea Pirlo",
    "Joko Widodo, Prabowo Subianto, Ganjar Pranowo, Anies Baswedan, Mahfud MD",
]

# News paragraphs in other languages (our own words), refused with their language code.
FOREIGN_PARAGRAPHS = {
    "de": "Nach tagelangen Verhandlungen haben sich die Gewerkschaft und die Arbeitgeber in "
    "der Nacht zum Freitag auf einen neuen Tarifvertrag geeinigt. Die rund achtzigtausend "
    "Beschäftigten sollen in zwei Stufen insgesamt sechs Prozent mehr Lohn erhalten.",
    "fr": "Les habitants de plusieurs villages de la vallée ont été évacués dimanche soir en "
    "raison de la montée rapide des eaux. Selon la préfecture, près de deux cents personnes "
    "ont passé la nuit dans des gymnases transformés en centres d'accueil.",
    "es": "El ayuntamiento aprobó este miércoles un plan para construir tres mil viviendas de "
    "alquiler asequible en los próximos cinco años. La alcaldesa explicó que las obras "
    "comenzarán en primavera.",
    "it": "Un violento temporale ha colpito nel pomeriggio di lunedì la costa ligure, "
    "provocando allagamenti e la caduta di numerosi alberi. Il sindaco ha chiesto ai "
    "cittadini di non uscire di casa se non per motivi urgenti.",
    "pt": "A greve dos trabalhadores dos transportes públicos deixou milhares de pessoas sem "
    "autocarro nem metro durante toda a manhã de quinta-feira. O sindicato exige um aumento "
    "salarial de oito por cento.",
    "nl": "Het kabinet wil de komende vier jaar miljarden euro's investeren in de bouw van "
    "nieuwe woningen en de verbetering van het openbaar vervoer. Volgens de minister moeten "
    "er elk jaar minstens honderdduizend huizen bij komen.",
    "id": "Banjir besar melanda sejumlah kecamatan di wilayah utara kota sejak Senin malam "
    "setelah hujan deras mengguyur selama hampir sepuluh jam. Badan penanggulangan bencana "
    "mencatat lebih dari dua ribu warga terpaksa mengungsi ke masjid dan sekolah terdekat.",
    "sw": "Wakulima katika maeneo kadhaa ya kaskazini mwa nchi wamelalamikia bei ya chini ya "
    "mahindi msimu huu, wakisema kwamba gharama za mbolea na usafiri zimepanda sana.",
    "tl": "Libu-libong residente ang inilikas mula sa mga baybaying bayan bago tumama ang "
    "malakas na bagyo noong Sabado ng gabi. Ayon sa mga opisyal ng lalawigan, nawalan ng "
    "kuryente ang karamihan sa mga barangay.",
}

# Single sentences in other languages (our own words): too short for the share alone.
FOREIGN_SENTENCES = {
    "de": "Die Regierung hat am Donnerstag neue Hilfen für die Landwirte angekündigt.",
    "fr": "Le maire a annoncé la fermeture des écoles après les fortes pluies de mardi.",
    "es": "La policía detuvo a tres hombres acusados de robar un banco en Valencia.",
    "it": "Il governo ha approvato ieri sera un nuovo decreto sulle pensioni.",
    "pt": "O presidente anunciou nesta segunda-feira um novo plano para a saúde pública.",
    "nl": "De gemeente heeft besloten om het oude station volgend jaar te slopen.",
    "id": "Pemerintah akan menaikkan harga bahan bakar mulai bulan depan, kata menteri.",
    "sw": "Serikali imetangaza kwamba shule zote zitafungwa kwa sababu ya mafuriko.",
    "tl": "Inanunsyo ng pamahalaan na sarado ang mga paaralan dahil sa malakas na bagyo.",
}


def _refused(code: str) -> bool:
    return code not in ("en", "und")


def test_short_english_news_paragraph_is_english() -> None:
    assert detect_language(ENGLISH_NEWS) == "en"


def test_an_english_article_is_settled_without_the_identifier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unused() -> None:
        raise AssertionError("the identifier was loaded for a plain English article")

    monkeypatch.setattr(language, "_identifier", unused)
    assert detect_language(ENGLISH_NEWS) == "en"


@pytest.mark.parametrize("code", sorted(FOREIGN))
def test_other_languages_are_refused_with_their_language_code(code: str) -> None:
    assert detect_language(FOREIGN[code]) == code


@pytest.mark.parametrize("text", SHORT_ENGLISH)
def test_short_english_headlines_and_figures_are_not_refused(text: str) -> None:
    assert not _refused(detect_language(text))


@pytest.mark.parametrize("text", ENGLISH_WITH_FOREIGN_NAMES)
def test_english_text_full_of_foreign_names_is_not_refused(text: str) -> None:
    assert not _refused(detect_language(text))


def test_a_long_english_list_without_function_words_is_english() -> None:
    # 20 words or more and no function word: the share alone refused this.
    assert detect_language(SHORT_ENGLISH[-1]) == "en"


@pytest.mark.parametrize("code", sorted(FOREIGN_PARAGRAPHS))
def test_non_english_paragraphs_are_refused_with_their_language_code(code: str) -> None:
    assert detect_language(FOREIGN_PARAGRAPHS[code]) == code


@pytest.mark.parametrize("code", sorted(FOREIGN_SENTENCES))
def test_short_non_english_sentences_are_refused(code: str) -> None:
    found = detect_language(FOREIGN_SENTENCES[code])
    # Indonesian and Malay are near twins; one sentence does not tell them apart.
    assert found in ({"id", "ms"} if code == "id" else {code})


def test_fewer_than_twenty_words_is_undetermined() -> None:
    assert detect_language("Taliban prisoners released at Bagram") == "und"
    assert detect_language("") == "und"


def test_fewer_than_five_words_are_never_refused() -> None:
    assert detect_language("Guten Morgen, liebe Leute") == "und"


def test_a_refused_text_raises_language_error_naming_the_language() -> None:
    with pytest.raises(LanguageError, match=r"detected language fr") as caught:
        article_from_text(FOREIGN_PARAGRAPHS["fr"])
    assert caught.value.reason == "not_english" and caught.value.language == "fr"


def test_a_refused_jsonl_record_reports_its_language_and_the_next_one_goes_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "mixed.jsonl"
    lines = [json.dumps({"text": FOREIGN_PARAGRAPHS["nl"]}), json.dumps({"text": ENGLISH_NEWS})]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused, accepted = (item for _, item in iter_articles(str(path)))
    assert isinstance(refused, LanguageError) and refused.language == "nl"
    assert isinstance(accepted, Article) and accepted.language == "en"
