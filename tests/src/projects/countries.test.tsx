import { cleanup, fireEvent, screen } from '@testing-library/react'
import { CountryFlag } from '../../../src/components/country-flag'
import { renderWithProviders } from '../helpers/render'
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

describe('CountryFlag and countryName', () => {
  it('shows the SVG flag of the two-letter code, whatever the input form', () => {
    for (const [input, code, name] of [
      ['EG', 'EG', 'Egypt'],
      ['SAU', 'SA', 'Saudi Arabia'],
      ['United States', 'US', 'United States'],
    ] as const) {
      const { unmount } = renderWithProviders(<CountryFlag code={input} />)
      expect(screen.getByRole('img', { name })).toHaveAttribute('src', `/flags/${code}.svg`)
      unmount()
    }
  })

  it('falls back to a globe for unknown countries and for a flag that fails to load', () => {
    renderWithProviders(<CountryFlag code="Kosovo" />)
    expect(screen.getByRole('img', { name: 'Unknown country' }).tagName).toBe('svg')
    cleanup()
    renderWithProviders(<CountryFlag code="EG" />)
    fireEvent.error(screen.getByRole('img', { name: 'Egypt' }))
    expect(screen.getByRole('img', { name: 'Egypt' }).tagName).toBe('svg')
  })

  it('names countries given in any form; unknown ones have no name', () => {
    expect(countryName('ARE')).toBe('United Arab Emirates')
    expect(countryName('uk')).toBe('United Kingdom')
    expect(countryName('Narnia')).toBe('')
  })
})
