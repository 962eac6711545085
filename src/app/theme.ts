import { createTheme, type MantineColorsTuple } from '@mantine/core'

/** Signal green: the accent of a terminal that just verified something. Text on it is dark (AA). */
const signal: MantineColorsTuple = [
  '#e3fff5',
  '#cdfcea',
  '#9cf7d5',
  '#66f2bf',
  '#3beeac',
  '#20ec9f',
  '#09eb97',
  '#00d183',
  '#00ba73',
  '#00a061',
]

/** Deep navy surfaces; Mantine's dark scale drives backgrounds, borders and dimmed text. */
const night: MantineColorsTuple = [
  '#d5dbe8',
  '#b3bdd1',
  '#8e9ab4',
  '#64718d',
  '#2c3850',
  '#1f2a40',
  '#162033',
  '#0f1728',
  '#0b1120',
  '#070b16',
]

export const theme = createTheme({
  primaryColor: 'signal',
  // One shade in both schemes: Mantine picks the text colour on filled buttons from the light-scheme shade.
  primaryShade: 6,
  colors: { signal, dark: night },
  autoContrast: true,
  luminanceThreshold: 0.4,
  white: '#f4f7fb',
  black: '#070b16',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Named, so Mantine picks the text colour of a checked chip (autoContrast); without a variant the
    // label stays white on signal green (1.46:1, axe-core's color-contrast).
    Chip: { defaultProps: { variant: 'filled' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
  },
})
