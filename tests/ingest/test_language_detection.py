from pathlib import Path

import pytest

from extract.ingest.language import detect_language

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


def test_short_english_news_paragraph_is_english() -> None:
    assert detect_language(ENGLISH_NEWS) == "en"


@pytest.mark.parametrize("code", sorted(FOREIGN))
def test_other_languages_are_not_english(code: str) -> None:
    assert detect_language(FOREIGN[code]) == "xx"


def test_fewer_than_twenty_words_is_undetermined() -> None:
    assert detect_language("Taliban prisoners released at Bagram") == "und"
    assert detect_language("") == "und"
