// bench/results/latest.md keeps the newest run of each bench as a `## <name>` section; the section it
// replaces moves to bench/results/previous.md, so the run before is kept for comparison.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const folder = path.resolve(import.meta.dirname, '../results')
const latestFile = path.join(folder, 'latest.md')
const previousFile = path.join(folder, 'previous.md')

/** Splits a results file into its title and its `## name` sections. */
export function parseSections(text) {
  const sections = new Map()
  const parts = text.split(/^(?=## )/m)
  const head = parts[0]?.startsWith('## ') ? '' : (parts.shift() ?? '')
  for (const part of parts) sections.set(part.slice(3, part.indexOf('\n')).trim(), part.trimEnd() + '\n')
  return { head, sections }
}

export function renderSections(title, sections) {
  return [`# ${title}\n`, ...sections.values()].join('\n')
}

/** Replaces section `name` in latest.md with `body`; the replaced one goes to previous.md. */
export function recordSection(name, body, { latest = latestFile, previous = previousFile } = {}) {
  mkdirSync(path.dirname(latest), { recursive: true })
  const current = parseSections(existsSync(latest) ? readFileSync(latest, 'utf8') : '')
  const old = current.sections.get(name)
  if (old) {
    const kept = parseSections(existsSync(previous) ? readFileSync(previous, 'utf8') : '')
    kept.sections.set(name, old)
    writeFileSync(previous, renderSections('Previous bench runs (one per bench)', kept.sections))
  }
  current.sections.set(name, `## ${name}\n\n${body.trim()}\n`)
  writeFileSync(
    latest,
    renderSections('Latest bench runs (one per bench; `npm run bench`)', current.sections),
  )
}

/** Date, commit-independent machine description for a results section. */
export function machineLine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus().length} × ${cpu} · ${(os.totalmem() / 2 ** 30).toFixed(1)} GB · Node ${process.versions.node}`
}
