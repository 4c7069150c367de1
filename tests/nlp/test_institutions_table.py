"""The institutions table (resources/institutions.json): built from scripts/actor_table/*.tsv
by scripts/build_actor_table.py, consistent, and giving the bodies the guidelines expect."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import pytest

from extract.records import ActorKind, ActorSector
from extract.tables import load_table

REPO = Path(__file__).resolve().parents[2]
HEADER = "canonical\taliases\tkind\tsector\tcountry\talso\tcoding\tnote\n"


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    """scripts/build_actor_table.py as a module (scripts/ is not a package)."""
    name = "build_actor_table"
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    return load_table("institutions")  # type: ignore[no-any-return]


def _body(table: dict[str, Any], name: str) -> tuple[str, dict[str, Any]]:
    canonical = table["aliases"][name.lower()]
    return canonical, table["bodies"][canonical]


def test_committed_json_is_what_the_sources_build(builder: ModuleType) -> None:
    assert builder.check() == []


def test_json_is_rendered_deterministically_and_stays_small(
    builder: ModuleType, table: dict[str, Any]
) -> None:
    text = (REPO / "src" / "extract" / "resources" / "institutions.json").read_text("utf-8")
    assert json.loads(builder.render(table)) == table
    assert builder.render(json.loads(text)) == text
    assert len(text.encode("utf-8")) < 1_000_000


def test_every_alias_names_one_existing_body(table: dict[str, Any]) -> None:
    bodies = table["bodies"]
    for alias, canonical in table["aliases"].items():
        assert alias == alias.lower() == " ".join(alias.split()), alias
        assert canonical in bodies, alias
    for canonical, body in bodies.items():
        for name in (canonical, *body["aliases"]):
            assert table["aliases"][name.lower()] == canonical, name


def test_kinds_sectors_and_countries_are_valid(table: dict[str, Any]) -> None:
    kinds, sectors = set(get_args(ActorKind)), set(get_args(ActorSector))
    countries = load_table("countries")
    for canonical, body in table["bodies"].items():
        assert body["kind"] in kinds, canonical
        assert body["sector"] in sectors, canonical
        assert body["country"] is None or body["country"] in countries, canonical
        assert all(code in countries for code in body["also"]), canonical
        if body["sector"] == "igo":
            assert body["country"] is None, canonical
        assert body["coded_as"], canonical


def test_case_sensitive_keys_list_their_spellings(table: dict[str, Any]) -> None:
    for key, forms in table["cased"].items():
        assert key in table["aliases"], key
        assert forms and all(form.lower() == key for form in forms), key
    assert table["cased"]["is"] == ["IS"]
    assert table["cased"]["who"] == ["WHO"]
    assert "Hawks" in table["cased"]["hawks"]
    assert "nato" not in table["cased"]  # "Nato" is a listed spelling too


@pytest.mark.parametrize(
    ("name", "canonical", "kind", "sector", "country"),
    [
        ("ISWAP", "ISWAP", "armed_group", "armed_group", "NGA"),
        ("Islamic State West Africa Province", "ISWAP", "armed_group", "armed_group", "NGA"),
        ("Boko Haram", "Boko Haram", "armed_group", "armed_group", "NGA"),
        ("al-Shabab", "al-Shabaab", "armed_group", "armed_group", "SOM"),
        ("ISIS-K", "Islamic State Khorasan Province", "armed_group", "armed_group", "AFG"),
        ("al Qaida", "al-Qaeda", "armed_group", "armed_group", None),
        ("Daesh", "Islamic State", "armed_group", "armed_group", None),
        ("JNIM", "JNIM", "armed_group", "armed_group", None),
        ("the Knesset", "Knesset", "government", "legislature", "ISR"),
        ("Lok Sabha", "Lok Sabha", "government", "legislature", "IND"),
        ("MONUSCO", "MONUSCO", "international_organisation", "igo", None),
        ("U.N.", "United Nations", "international_organisation", "igo", None),
        (
            "UN Security Council",
            "United Nations Security Council",
            "international_organisation",
            "igo",
            None,
        ),
        ("Tatmadaw", "Tatmadaw", "military", "military", "MMR"),
        ("FARDC", "FARDC", "military", "military", "COD"),
        ("SANDF", "South African National Defence Force", "military", "military", "ZAF"),
        ("INEC", "Independent National Electoral Commission", "government", "government", "NGA"),
        ("Mossad", "Mossad", "government", "police", "ISR"),
        ("Aramco", "Saudi Aramco", "company", "business", "SAU"),
        ("NLC", "Nigeria Labour Congress", "organisation", "labour", "NGA"),
        ("Doctors Without Borders", "Médecins Sans Frontières", "organisation", "ngo", None),
        ("Gulf Clan", "Gulf Clan", "armed_group", "criminal", "COL"),
    ],
)
def test_known_bodies(
    table: dict[str, Any], name: str, canonical: str, kind: str, sector: str, country: str | None
) -> None:
    got, body = _body(table, name)
    assert (got, body["kind"], body["sector"], body["country"]) == (
        canonical,
        kind,
        sector,
        country,
    )


@pytest.mark.parametrize(
    ("name", "coded_as"),
    [
        ("Pentagon", "United States military"),
        ("Haitian National Police", "Haiti police"),
        ("Kremlin", "Russia government"),
        ("the Hawks", "South Africa police"),
        ("Knesset", "Israel government"),
        ("ISWAP", "Islamic State West Africa Province"),
        ("GNA", "Government of National Accord"),
        ("VDP", "Volunteers for the Defence of the Homeland"),
        ("MNJTF", "Multinational Joint Task Force"),
        ("Hezbollah", "Hezbollah"),
    ],
)
def test_state_organs_are_coded_as_their_country(
    table: dict[str, Any], name: str, coded_as: str
) -> None:
    assert _body(table, name)[1]["coded_as"] == coded_as


def test_actors_json_groups_keep_their_canonical_kind_and_country(table: dict[str, Any]) -> None:
    # Aliases deliberately moved to a body of their own, or dropped as ambiguous.
    moved = {
        "un security council": "United Nations Security Council",
        "u.n. security council": "United Nations Security Council",
        "security council": "United Nations Security Council",
        "amisom": "African Union Mission in Somalia",
        "atmis": "African Union Transition Mission in Somalia",
    }
    dropped = {"junta", "military junta"}
    for canonical, group in load_table("actors")["groups"].items():
        body = table["bodies"][canonical]
        assert (body["kind"], body["country"]) == (group["kind"], group["country"]), canonical
        for alias in group["aliases"]:
            key = alias.lower()
            if key in dropped:
                assert key not in table["aliases"], alias
            else:
                assert table["aliases"][key] == moved.get(key, canonical), alias


def test_expansion_makes_the_usual_spellings(builder: ModuleType) -> None:
    assert {"UN", "U.N.", "the UN", "the U.N."} <= builder.variants("UN")
    assert {"al Qaeda", "al-Qaeda"} <= builder.variants("al-Qaeda")
    assert {"Kurdistan Workers’ Party", "Kurdistan Workers Party"} <= builder.variants(
        "Kurdistan Workers' Party"
    )
    assert {"US-led coalition", "U.S.-led coalition"} <= builder.variants("U.S.-led coalition")
    assert {"Mai Mai", "Mai-Mai"} <= builder.variants("Mai-Mai")
    assert "Seleka" in builder.variants("Séléka")
    assert "Hawks" in builder.variants("the Hawks")


def _build(builder: ModuleType, tmp_path: Path, rows: str) -> list[str]:
    (tmp_path / "t.tsv").write_text(HEADER + rows, encoding="utf-8")
    parsed, problems = builder.read_rows(tmp_path)
    problems += builder.build(parsed)[1]
    return [str(p) for p in problems]


def test_an_alias_of_two_bodies_fails_the_build(builder: ModuleType, tmp_path: Path) -> None:
    problems = _build(
        builder,
        tmp_path,
        "Alpha Front\tAF\tarmed_group\tarmed_group\tMLI\t\t\t\n"
        "Air Force One\tA.F.\tmilitary\tmilitary\tUSA\t\t\t\n",
    )
    assert any("'af' names several bodies" in p for p in problems), problems


@pytest.mark.parametrize(
    ("row", "complaint"),
    [
        ("X Front\t\tarmed_group\tarmed_group\tXXX\t\t\t\n", "not an alpha-3 code"),
        ("X Front\t\trebels\tarmed_group\tMLI\t\t\t\n", "not an ActorKind"),
        ("X Front\t\tarmed_group\tparty\tMLI\t\t\t\n", "does not fit kind"),
        ("X Union\t\tinternational_organisation\tigo\tFRA\t\t\t\n", "has no country"),
        ("X Army\tjunta\tmilitary\tmilitary\tMLI\t\t\t\n", "an actor noun"),
        ("X Army\tMali\tmilitary\tmilitary\tMLI\t\t\t\n", "demonym or capital"),
        ("X Party\tAll\tpolitical_party\tparty\tMLI\t\t\t\n", "function word"),
        ("X Party\t\tpolitical_party\tparty\tMLI\t\tmaybe\t\n", "coding must be"),
        ("X Party\tparty\tMLI\n", "cells, expected"),
    ],
)
def test_invalid_rows_are_reported(
    builder: ModuleType, tmp_path: Path, row: str, complaint: str
) -> None:
    problems = _build(builder, tmp_path, row)
    assert any(complaint in p for p in problems), problems


def test_a_case_sensitive_alias_may_be_an_english_word(builder: ModuleType, tmp_path: Path) -> None:
    assert _build(builder, tmp_path, "Any Party\t=Any\tpolitical_party\tparty\tMLI\t\t\t\n") == []


def test_check_reports_a_stale_json(builder: ModuleType, tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "institutions.json"
    source.mkdir()
    tsv = source / "t.tsv"
    tsv.write_text(HEADER + "Alpha Front\tAF\tarmed_group\tarmed_group\tMLI\t\t\t\n", "utf-8")
    out.write_text(builder.render(builder.build(builder.read_rows(source)[0])[0]), "utf-8")
    assert builder.check(source, out) == []
    tsv.write_text(tsv.read_text("utf-8").replace("MLI", "NER"), "utf-8")
    assert any("stale" in p for p in builder.check(source, out))
