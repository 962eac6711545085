// Writes the demo portfolio's artwork as small SVGs: a banner, a logo and screenshots per project,
// an icon per technology and a logo per partner. Deterministic: the same data gives the same bytes,
// so the committed output only changes when server/db/seed/data/projects.json does.
//   node scripts/generate-project-art.mjs
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const data = JSON.parse(await readFile(path.join(root, 'server/db/seed/data/projects.json'), 'utf8'))
const projectsDir = path.join(root, 'public/images/projects')
const partnersDir = path.join(root, 'public/images/partners')

const FONT = 'font-family="Inter,Segoe UI,Roboto,Arial,sans-serif"'

function hash(text) {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 16777619)
  return h >>> 0
}

/** A small seeded generator (mulberry32) so every run draws the same shapes. */
function random(seed) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const escape = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

function palette(name) {
  const hue = hash(name) % 360
  return {
    hue,
    bg: `hsl(${hue} 38% 11%)`,
    surface: `hsl(${hue} 30% 17%)`,
    line: `hsl(${hue} 22% 28%)`,
    accent: `hsl(${hue} 78% 58%)`,
    accent2: `hsl(${(hue + 48) % 360} 72% 62%)`,
    text: `hsl(${hue} 30% 92%)`,
    muted: `hsl(${hue} 14% 62%)`,
  }
}

const initials = (name) =>
  name
    .split(/[\s.-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('')

function banner(project) {
  const c = palette(project.name)
  const r = random(hash(`${project.name}:banner`))
  const circles = Array.from({ length: 5 }, () => {
    const x = Math.round(340 + r() * 300)
    const y = Math.round(r() * 360)
    const radius = Math.round(30 + r() * 90)
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="${r() > 0.5 ? c.accent : c.accent2}" opacity="${(0.08 + r() * 0.14).toFixed(2)}"/>`
  }).join('')
  const device =
    project.device === 'phone'
      ? `<rect x="470" y="70" width="120" height="240" rx="18" fill="${c.surface}" stroke="${c.line}" stroke-width="3"/><rect x="484" y="96" width="92" height="44" rx="8" fill="${c.accent}" opacity=".85"/><rect x="484" y="152" width="92" height="10" rx="5" fill="${c.line}"/><rect x="484" y="170" width="64" height="10" rx="5" fill="${c.line}"/><rect x="484" y="196" width="42" height="42" rx="8" fill="${c.accent2}" opacity=".7"/><rect x="534" y="196" width="42" height="42" rx="8" fill="${c.line}"/>`
      : `<rect x="380" y="86" width="230" height="150" rx="10" fill="${c.surface}" stroke="${c.line}" stroke-width="3"/><rect x="380" y="86" width="230" height="18" rx="9" fill="${c.line}"/><rect x="394" y="116" width="60" height="106" rx="6" fill="${c.bg}"/><rect x="464" y="116" width="132" height="40" rx="6" fill="${c.accent}" opacity=".85"/><rect x="464" y="166" width="62" height="56" rx="6" fill="${c.accent2}" opacity=".7"/><rect x="534" y="166" width="62" height="56" rx="6" fill="${c.line}"/><rect x="470" y="236" width="50" height="20" fill="${c.line}"/><rect x="440" y="256" width="110" height="8" rx="4" fill="${c.line}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bg}"/><stop offset="1" stop-color="${c.surface}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/>${circles}${device}<rect x="40" y="132" width="56" height="4" rx="2" fill="${c.accent}"/><text x="40" y="184" ${FONT} font-size="34" font-weight="700" fill="${c.text}">${escape(project.name)}</text><text x="40" y="216" ${FONT} font-size="16" fill="${c.muted}">${escape(project.type ?? 'Application')} · ${project.year}</text></svg>\n`
}

function logo(project) {
  const c = palette(project.name)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${c.accent}"/><text x="48" y="60" text-anchor="middle" ${FONT} font-size="34" font-weight="800" fill="${c.bg}">${escape(initials(project.name))}</text></svg>\n`
}

function phoneScreen(project, index) {
  const c = palette(project.name)
  const r = random(hash(`${project.name}:screen:${index}`))
  const layout = index % 3
  let body = ''
  if (layout === 0) {
    body += `<rect x="20" y="110" width="320" height="150" rx="18" fill="${c.accent}" opacity=".9"/><rect x="40" y="140" width="150" height="16" rx="8" fill="${c.bg}" opacity=".6"/><rect x="40" y="170" width="100" height="12" rx="6" fill="${c.bg}" opacity=".4"/><rect x="40" y="214" width="90" height="28" rx="14" fill="${c.bg}"/>`
    for (let i = 0; i < 5; i++) {
      const y = 290 + i * 68
      body += `<rect x="20" y="${y}" width="320" height="56" rx="12" fill="${c.surface}"/><circle cx="48" cy="${y + 28}" r="16" fill="${i % 2 ? c.accent2 : c.accent}" opacity=".8"/><rect x="76" y="${y + 16}" width="${Math.round(120 + r() * 120)}" height="10" rx="5" fill="${c.text}" opacity=".8"/><rect x="76" y="${y + 34}" width="${Math.round(60 + r() * 90)}" height="8" rx="4" fill="${c.muted}" opacity=".6"/>`
    }
  } else if (layout === 1) {
    for (let i = 0; i < 6; i++) {
      const x = 20 + (i % 2) * 166
      const y = 110 + Math.floor(i / 2) * 180
      body += `<rect x="${x}" y="${y}" width="154" height="166" rx="14" fill="${c.surface}"/><rect x="${x + 10}" y="${y + 10}" width="134" height="92" rx="10" fill="${i % 3 === 0 ? c.accent : i % 3 === 1 ? c.accent2 : c.line}" opacity=".75"/><rect x="${x + 10}" y="${y + 114}" width="${Math.round(70 + r() * 60)}" height="10" rx="5" fill="${c.text}" opacity=".8"/><rect x="${x + 10}" y="${y + 134}" width="50" height="10" rx="5" fill="${c.accent}"/>`
    }
  } else {
    body += `<rect x="20" y="110" width="320" height="220" rx="18" fill="${c.surface}"/>`
    for (let i = 0; i < 7; i++) {
      const h = Math.round(40 + r() * 140)
      body += `<rect x="${44 + i * 42}" y="${306 - h}" width="24" height="${h}" rx="6" fill="${i === 4 ? c.accent : c.line}"/>`
    }
    body += `<rect x="20" y="350" width="154" height="96" rx="14" fill="${c.accent}" opacity=".85"/><rect x="186" y="350" width="154" height="96" rx="14" fill="${c.accent2}" opacity=".7"/><rect x="20" y="466" width="320" height="120" rx="14" fill="${c.surface}"/><rect x="40" y="490" width="200" height="12" rx="6" fill="${c.text}" opacity=".8"/><rect x="40" y="516" width="260" height="10" rx="5" fill="${c.muted}" opacity=".6"/><rect x="40" y="540" width="220" height="10" rx="5" fill="${c.muted}" opacity=".6"/>`
  }
  const nav = [0, 1, 2, 3]
    .map((i) => `<circle cx="${60 + i * 80}" cy="680" r="10" fill="${i === layout ? c.accent : c.line}"/>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="720" viewBox="0 0 360 720"><rect width="360" height="720" fill="${c.bg}"/><rect x="20" y="14" width="40" height="8" rx="4" fill="${c.muted}"/><rect x="300" y="14" width="40" height="8" rx="4" fill="${c.muted}"/><text x="20" y="76" ${FONT} font-size="24" font-weight="700" fill="${c.text}">${escape(project.name)}</text>${body}<rect y="650" width="360" height="70" fill="${c.surface}"/>${nav}</svg>\n`
}

function webScreen(project, index) {
  const c = palette(project.name)
  const r = random(hash(`${project.name}:screen:${index}`))
  const layout = index % 3
  let body = ''
  if (layout === 0) {
    for (let i = 0; i < 4; i++) {
      body += `<rect x="${280 + i * 240}" y="110" width="220" height="110" rx="12" fill="${c.surface}"/><rect x="${300 + i * 240}" y="134" width="90" height="10" rx="5" fill="${c.muted}"/><rect x="${300 + i * 240}" y="160" width="${Math.round(80 + r() * 80)}" height="26" rx="6" fill="${i === 0 ? c.accent : c.text}" opacity=".85"/>`
    }
    body += `<rect x="280" y="244" width="700" height="420" rx="12" fill="${c.surface}"/>`
    let points = ''
    for (let i = 0; i <= 12; i++) points += `${310 + i * 53},${Math.round(600 - r() * 280)} `
    body += `<polyline points="${points.trim()}" fill="none" stroke="${c.accent}" stroke-width="5" stroke-linejoin="round"/><rect x="1000" y="244" width="220" height="420" rx="12" fill="${c.surface}"/>`
    for (let i = 0; i < 6; i++)
      body += `<rect x="1020" y="${270 + i * 62}" width="${Math.round(100 + r() * 80)}" height="12" rx="6" fill="${c.muted}"/>`
  } else if (layout === 1) {
    body += `<rect x="280" y="110" width="940" height="600" rx="12" fill="${c.surface}"/><rect x="280" y="110" width="940" height="54" rx="12" fill="${c.line}"/>`
    for (let i = 0; i < 8; i++) {
      const y = 190 + i * 64
      body += `<circle cx="320" cy="${y + 12}" r="14" fill="${i % 3 ? c.accent2 : c.accent}" opacity=".8"/><rect x="350" y="${y + 6}" width="${Math.round(160 + r() * 120)}" height="12" rx="6" fill="${c.text}" opacity=".8"/><rect x="720" y="${y + 6}" width="${Math.round(80 + r() * 80)}" height="12" rx="6" fill="${c.muted}"/><rect x="1060" y="${y}" width="110" height="24" rx="12" fill="${i % 2 ? c.line : c.accent}" opacity=".8"/>`
    }
  } else {
    body += `<rect x="280" y="110" width="940" height="220" rx="16" fill="${c.accent}" opacity=".85"/><rect x="320" y="160" width="420" height="28" rx="8" fill="${c.bg}" opacity=".6"/><rect x="320" y="206" width="300" height="16" rx="8" fill="${c.bg}" opacity=".4"/><rect x="320" y="256" width="150" height="40" rx="20" fill="${c.bg}"/>`
    for (let i = 0; i < 3; i++) {
      body += `<rect x="${280 + i * 320}" y="356" width="300" height="330" rx="14" fill="${c.surface}"/><rect x="${300 + i * 320}" y="376" width="260" height="160" rx="10" fill="${i === 1 ? c.accent2 : c.line}" opacity=".8"/><rect x="${300 + i * 320}" y="556" width="${Math.round(140 + r() * 100)}" height="14" rx="7" fill="${c.text}" opacity=".8"/><rect x="${300 + i * 320}" y="584" width="200" height="10" rx="5" fill="${c.muted}"/>`
    }
  }
  const menu = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="32" y="${150 + i * 48}" width="${i === layout ? 196 : 150}" height="14" rx="7" fill="${i === layout ? c.accent : c.line}"/>`,
  ).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800"><rect width="1280" height="800" fill="${c.bg}"/><rect width="250" height="800" fill="${c.surface}"/><text x="32" y="76" ${FONT} font-size="26" font-weight="700" fill="${c.text}">${escape(project.name)}</text>${menu}<rect x="280" y="40" width="420" height="40" rx="20" fill="${c.surface}"/><circle cx="1200" cy="60" r="20" fill="${c.accent}"/>${body}</svg>\n`
}

function toolIcon(tool) {
  const label = tool.name.replace(/\.js$/i, '').replace(/[^A-Za-z0-9+#]/g, '')
  const text = label.length <= 3 ? label : label.slice(0, 2)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${tool.color}"/><text x="32" y="41" text-anchor="middle" ${FONT} font-size="${text.length > 2 ? 20 : 24}" font-weight="800" fill="#ffffff">${escape(text)}</text></svg>\n`
}

function partnerLogo(partner) {
  const c = palette(partner.name)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96"><rect width="240" height="96" rx="14" fill="${c.bg}"/><rect x="16" y="24" width="48" height="48" rx="12" fill="${c.accent}"/><text x="40" y="56" text-anchor="middle" ${FONT} font-size="20" font-weight="800" fill="${c.bg}">${escape(initials(partner.name))}</text><text x="76" y="55" ${FONT} font-size="${partner.name.length > 16 ? 14 : 17}" font-weight="700" fill="${c.text}">${escape(partner.name)}</text></svg>\n`
}

await rm(projectsDir, { recursive: true, force: true })
await rm(partnersDir, { recursive: true, force: true })
let files = 0
let bytes = 0
async function write(file, content) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
  files += 1
  bytes += Buffer.byteLength(content)
}

for (const project of data.projects) {
  const dir = path.join(projectsDir, project.art)
  await write(path.join(dir, 'banner.svg'), banner(project))
  await write(path.join(dir, 'logo.svg'), logo(project))
  for (let i = 1; i <= project.screens; i++) {
    const svg = project.device === 'phone' ? phoneScreen(project, i - 1) : webScreen(project, i - 1)
    await write(path.join(dir, `screen-${i}.svg`), svg)
  }
}
for (const tool of data.tools) {
  if (tool.icon) await write(path.join(projectsDir, 'tools', `${tool.icon}.svg`), toolIcon(tool))
}
for (const partner of data.partners) {
  if (partner.logo) await write(path.join(partnersDir, `${partner.logo}.svg`), partnerLogo(partner))
}
console.log(`wrote ${files} files, ${(bytes / 1024).toFixed(1)} KB`)
