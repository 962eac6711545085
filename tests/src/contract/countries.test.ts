import { describe, expect, it } from 'vitest'
import {
  allCountries,
  countryName,
  normaliseCountryCode,
  UNKNOWN_COUNTRY,
} from '../../../src/contract/countries'

describe('normaliseCountryCode', () => {
  it.each([
    ['EG', 'EG'],
    ['eg', 'EG'],
    [' sa ', 'SA'],
    ['EGY', 'EG'],
    ['are', 'AE'],
    ['GBR', 'GB'],
    ['Egypt', 'EG'],
    ['united arab emirates', 'AE'],
    ['Saudi Arabia', 'SA'],
    ['UAE', 'AE'],
    ['USA', 'US'],
    ['UK', 'GB'],
    ['Côte d’Ivoire', 'CI'],
    ["Cote d'Ivoire", 'CI'],
    ['Korea, Republic of', 'KR'],
    ['Bahamas, The', 'BS'],
    ['The Netherlands', 'NL'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
  ])('%j → %s', (input, expected) => {
    expect(normaliseCountryCode(input)).toBe(expected)
  })

  it.each(['', '   ', 'XK', 'ZZ', 'XYZ', 'Kosovo', 'Narnia', null, undefined])(
    'answers XX for %j',
    (input) => {
      expect(normaliseCountryCode(input)).toBe(UNKNOWN_COUNTRY)
    },
  )

  it('knows all 249 ISO 3166-1 countries, each by both codes and its name', () => {
    const all = allCountries()
    expect(all).toHaveLength(249)
    for (const country of all) {
      expect(normaliseCountryCode(country.alpha2)).toBe(country.alpha2)
      expect(normaliseCountryCode(country.alpha3)).toBe(country.alpha2)
      expect(normaliseCountryCode(country.name)).toBe(country.alpha2)
    }
  })
})

describe('countryName', () => {
  it('names countries given in any form; unknown ones have no name', () => {
    expect(countryName('ARE')).toBe('United Arab Emirates')
    expect(countryName('uk')).toBe('United Kingdom')
    expect(countryName('Narnia')).toBe('')
  })
})
