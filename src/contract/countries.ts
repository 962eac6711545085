/**
 * ISO 3166-1 countries, and the normalisation of a country given as a two-letter code, a three-letter
 * code or a name to its two-letter code ('XX' when unknown). Used by the seed and by the flags.
 */

export const UNKNOWN_COUNTRY = 'XX'

// One country per line: alpha-2, alpha-3, short English name.
const ISO_3166 = `
AD AND Andorra
AE ARE United Arab Emirates
AF AFG Afghanistan
AG ATG Antigua and Barbuda
AI AIA Anguilla
AL ALB Albania
AM ARM Armenia
AO AGO Angola
AQ ATA Antarctica
AR ARG Argentina
AS ASM American Samoa
AT AUT Austria
AU AUS Australia
AW ABW Aruba
AX ALA Åland Islands
AZ AZE Azerbaijan
BA BIH Bosnia and Herzegovina
BB BRB Barbados
BD BGD Bangladesh
BE BEL Belgium
BF BFA Burkina Faso
BG BGR Bulgaria
BH BHR Bahrain
BI BDI Burundi
BJ BEN Benin
BL BLM Saint Barthélemy
BM BMU Bermuda
BN BRN Brunei
BO BOL Bolivia
BQ BES Caribbean Netherlands
BR BRA Brazil
BS BHS Bahamas
BT BTN Bhutan
BV BVT Bouvet Island
BW BWA Botswana
BY BLR Belarus
BZ BLZ Belize
CA CAN Canada
CC CCK Cocos (Keeling) Islands
CD COD Democratic Republic of the Congo
CF CAF Central African Republic
CG COG Republic of the Congo
CH CHE Switzerland
CI CIV Côte d'Ivoire
CK COK Cook Islands
CL CHL Chile
CM CMR Cameroon
CN CHN China
CO COL Colombia
CR CRI Costa Rica
CU CUB Cuba
CV CPV Cabo Verde
CW CUW Curaçao
CX CXR Christmas Island
CY CYP Cyprus
CZ CZE Czechia
DE DEU Germany
DJ DJI Djibouti
DK DNK Denmark
DM DMA Dominica
DO DOM Dominican Republic
DZ DZA Algeria
EC ECU Ecuador
EE EST Estonia
EG EGY Egypt
EH ESH Western Sahara
ER ERI Eritrea
ES ESP Spain
ET ETH Ethiopia
FI FIN Finland
FJ FJI Fiji
FK FLK Falkland Islands
FM FSM Micronesia
FO FRO Faroe Islands
FR FRA France
GA GAB Gabon
GB GBR United Kingdom
GD GRD Grenada
GE GEO Georgia
GF GUF French Guiana
GG GGY Guernsey
GH GHA Ghana
GI GIB Gibraltar
GL GRL Greenland
GM GMB Gambia
GN GIN Guinea
GP GLP Guadeloupe
GQ GNQ Equatorial Guinea
GR GRC Greece
GS SGS South Georgia and the South Sandwich Islands
GT GTM Guatemala
GU GUM Guam
GW GNB Guinea-Bissau
GY GUY Guyana
HK HKG Hong Kong
HM HMD Heard Island and McDonald Islands
HN HND Honduras
HR HRV Croatia
HT HTI Haiti
HU HUN Hungary
ID IDN Indonesia
IE IRL Ireland
IL ISR Israel
IM IMN Isle of Man
IN IND India
IO IOT British Indian Ocean Territory
IQ IRQ Iraq
IR IRN Iran
IS ISL Iceland
IT ITA Italy
JE JEY Jersey
JM JAM Jamaica
JO JOR Jordan
JP JPN Japan
KE KEN Kenya
KG KGZ Kyrgyzstan
KH KHM Cambodia
KI KIR Kiribati
KM COM Comoros
KN KNA Saint Kitts and Nevis
KP PRK North Korea
KR KOR South Korea
KW KWT Kuwait
KY CYM Cayman Islands
KZ KAZ Kazakhstan
LA LAO Laos
LB LBN Lebanon
LC LCA Saint Lucia
LI LIE Liechtenstein
LK LKA Sri Lanka
LR LBR Liberia
LS LSO Lesotho
LT LTU Lithuania
LU LUX Luxembourg
LV LVA Latvia
LY LBY Libya
MA MAR Morocco
MC MCO Monaco
MD MDA Moldova
ME MNE Montenegro
MF MAF Saint Martin
MG MDG Madagascar
MH MHL Marshall Islands
MK MKD North Macedonia
ML MLI Mali
MM MMR Myanmar
MN MNG Mongolia
MO MAC Macao
MP MNP Northern Mariana Islands
MQ MTQ Martinique
MR MRT Mauritania
MS MSR Montserrat
MT MLT Malta
MU MUS Mauritius
MV MDV Maldives
MW MWI Malawi
MX MEX Mexico
MY MYS Malaysia
MZ MOZ Mozambique
NA NAM Namibia
NC NCL New Caledonia
NE NER Niger
NF NFK Norfolk Island
NG NGA Nigeria
NI NIC Nicaragua
NL NLD Netherlands
NO NOR Norway
NP NPL Nepal
NR NRU Nauru
NU NIU Niue
NZ NZL New Zealand
OM OMN Oman
PA PAN Panama
PE PER Peru
PF PYF French Polynesia
PG PNG Papua New Guinea
PH PHL Philippines
PK PAK Pakistan
PL POL Poland
PM SPM Saint Pierre and Miquelon
PN PCN Pitcairn Islands
PR PRI Puerto Rico
PS PSE Palestine
PT PRT Portugal
PW PLW Palau
PY PRY Paraguay
QA QAT Qatar
RE REU Réunion
RO ROU Romania
RS SRB Serbia
RU RUS Russia
RW RWA Rwanda
SA SAU Saudi Arabia
SB SLB Solomon Islands
SC SYC Seychelles
SD SDN Sudan
SE SWE Sweden
SG SGP Singapore
SH SHN Saint Helena, Ascension and Tristan da Cunha
SI SVN Slovenia
SJ SJM Svalbard and Jan Mayen
SK SVK Slovakia
SL SLE Sierra Leone
SM SMR San Marino
SN SEN Senegal
SO SOM Somalia
SR SUR Suriname
SS SSD South Sudan
ST STP São Tomé and Príncipe
SV SLV El Salvador
SX SXM Sint Maarten
SY SYR Syria
SZ SWZ Eswatini
TC TCA Turks and Caicos Islands
TD TCD Chad
TF ATF French Southern Territories
TG TGO Togo
TH THA Thailand
TJ TJK Tajikistan
TK TKL Tokelau
TL TLS Timor-Leste
TM TKM Turkmenistan
TN TUN Tunisia
TO TON Tonga
TR TUR Türkiye
TT TTO Trinidad and Tobago
TV TUV Tuvalu
TW TWN Taiwan
TZ TZA Tanzania
UA UKR Ukraine
UG UGA Uganda
UM UMI United States Minor Outlying Islands
US USA United States
UY URY Uruguay
UZ UZB Uzbekistan
VA VAT Vatican City
VC VCT Saint Vincent and the Grenadines
VE VEN Venezuela
VG VGB British Virgin Islands
VI VIR U.S. Virgin Islands
VN VNM Vietnam
VU VUT Vanuatu
WF WLF Wallis and Futuna
WS WSM Samoa
YE YEM Yemen
YT MYT Mayotte
ZA ZAF South Africa
ZM ZMB Zambia
ZW ZWE Zimbabwe
`

/** Other names people write, keyed by their normalised form. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  us: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  uae: 'AE',
  emirates: 'AE',
  ksa: 'SA',
  'kingdom of saudi arabia': 'SA',
  turkey: 'TR',
  'russian federation': 'RU',
  korea: 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  'korea south': 'KR',
  dprk: 'KP',
  'korea democratic peoples republic of': 'KP',
  'iran islamic republic of': 'IR',
  'viet nam': 'VN',
  'syrian arab republic': 'SY',
  lao: 'LA',
  'lao peoples democratic republic': 'LA',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'tanzania united republic of': 'TZ',
  'moldova republic of': 'MD',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  'cape verde': 'CV',
  swaziland: 'SZ',
  macedonia: 'MK',
  burma: 'MM',
  holland: 'NL',
  'state of palestine': 'PS',
  'palestine state of': 'PS',
  'palestinian territories': 'PS',
  'brunei darussalam': 'BN',
  macau: 'MO',
  vatican: 'VA',
  'holy see': 'VA',
  congo: 'CG',
  'congo brazzaville': 'CG',
  drc: 'CD',
  'dr congo': 'CD',
  'congo kinshasa': 'CD',
  'congo democratic republic of the': 'CD',
  'east timor': 'TL',
  'micronesia federated states of': 'FM',
  'hong kong sar china': 'HK',
  'macao sar china': 'MO',
  'us virgin islands': 'VI',
  'virgin islands us': 'VI',
  'virgin islands british': 'VG',
  'saint martin french part': 'MF',
  'sint maarten dutch part': 'SX',
  'falkland islands malvinas': 'FK',
}

interface Country {
  alpha2: string
  alpha3: string
  name: string
}

let tables:
  { byAlpha2: Map<string, Country>; byAlpha3: Map<string, string>; byName: Map<string, string> } | undefined

/** Built on first use so importing the module costs nothing. */
function lookup() {
  if (tables) return tables
  const byAlpha2 = new Map<string, Country>()
  const byAlpha3 = new Map<string, string>()
  const byName = new Map<string, string>(Object.entries(ALIASES))
  for (const line of ISO_3166.split('\n')) {
    const alpha2 = line.slice(0, 2)
    const alpha3 = line.slice(3, 6)
    const name = line.slice(7)
    if (!name) continue
    byAlpha2.set(alpha2, { alpha2, alpha3, name })
    byAlpha3.set(alpha3, alpha2)
    byName.set(normaliseName(name), alpha2)
  }
  tables = { byAlpha2, byAlpha3, byName }
  return tables
}

/** Lower case, no accents, no punctuation, no leading or trailing 'the': 'Côte d’Ivoire' → 'cote divoire'. */
function normaliseName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the | the$/g, '')
}

/** The two-letter code of a country given as a two-letter code, a three-letter code or a name; 'XX' when unknown. */
export function normaliseCountryCode(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  if (!text) return UNKNOWN_COUNTRY
  const { byAlpha2, byAlpha3, byName } = lookup()
  const upper = text.toUpperCase()
  if (/^[A-Z]{2}$/.test(upper) && byAlpha2.has(upper)) return upper
  if (/^[A-Z]{3}$/.test(upper)) {
    const alpha2 = byAlpha3.get(upper)
    if (alpha2) return alpha2
  }
  return byName.get(normaliseName(text)) ?? UNKNOWN_COUNTRY
}

/** The English short name of a country given in any of the accepted forms; '' when unknown. */
export function countryName(value: string | null | undefined): string {
  return lookup().byAlpha2.get(normaliseCountryCode(value))?.name ?? ''
}

/** Every ISO 3166-1 country, in alpha-2 order. */
export function allCountries(): Country[] {
  return [...lookup().byAlpha2.values()]
}
