// `npx tsx scripts/make-blog-images.ts`: writes the demo blog's cover images and author avatars as small SVGs
// into public/images/blog/, one cover per seeded post and one avatar per author. Deterministic: the same
// slug always gives the same picture, so re-running only changes files whose posts changed.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { blogAuthorsSeed, blogPostsSeed, type PostSeed } from '../server/db/seed/blog'

const root = path.join(import.meta.dirname, '..', 'public', 'images', 'blog')

const palettes: Record<string, { from: string; to: string; accent: string; soft: string }> = {
  'software-development': { from: '#0b1730', to: '#123a6b', accent: '#4da3ff', soft: '#9fd0ff' },
  cybersecurity: { from: '#07160f', to: '#0c3b2a', accent: '#09eb97', soft: '#9cf7d5' },
  'ai-machine-learning': { from: '#150b2e', to: '#3b1466', accent: '#b57bff', soft: '#e1c8ff' },
  'cloud-devops': { from: '#1d1206', to: '#5a3210', accent: '#ffa94d', soft: '#ffd8a8' },
}

/** A small deterministic generator seeded by the slug. */
function random(seed: string) {
  let h = 2166136261
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    h ^= h >>> 16
    return (h >>> 0) / 4294967296
  }
}

const r1 = (n: number) => Math.round(n)

function motif(category: PostSeed['category'], next: () => number, accent: string, soft: string): string {
  switch (category) {
    case 'software-development': {
      const lines = Array.from({ length: 7 }, (_, i) => {
        const x = 690 + r1(next() * 3) * 36
        const width = Math.min(120 + r1(next() * 260), 1010 - x)
        return `<rect x="${x}" y="${165 + i * 44}" width="${width}" height="16" rx="8" fill="${i % 3 === 0 ? accent : soft}" opacity="${i % 3 === 0 ? 0.9 : 0.35}"/>`
      }).join('')
      return `<path d="M650 200 570 315l80 115M1050 200l80 115-80 115" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>${lines}`
    }
    case 'cybersecurity': {
      const rings = [260, 200, 140]
        .map(
          (radius, i) =>
            `<circle cx="860" cy="315" r="${radius}" fill="none" stroke="${soft}" stroke-opacity="${0.12 + i * 0.08}" stroke-width="2" stroke-dasharray="${r1(6 + next() * 20)} ${r1(8 + next() * 16)}"/>`,
        )
        .join('')
      return `${rings}<path d="M860 175 960 215v90c0 70-45 120-100 145-55-25-100-75-100-145v-90z" fill="${accent}" fill-opacity="0.18" stroke="${accent}" stroke-width="10" stroke-linejoin="round"/><path d="m815 315 32 32 60-66" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`
    }
    case 'ai-machine-learning': {
      const nodes = Array.from({ length: 11 }, () => ({
        x: 600 + r1(next() * 520),
        y: 110 + r1(next() * 410),
      }))
      const edges = nodes
        .flatMap((a, i) =>
          nodes
            .slice(i + 1)
            .filter((b) => Math.hypot(a.x - b.x, a.y - b.y) < 260)
            .map((b) => `M${a.x} ${a.y}L${b.x} ${b.y}`),
        )
        .join('')
      const dots = nodes
        .map(
          (n, i) =>
            `<circle cx="${n.x}" cy="${n.y}" r="${i % 4 === 0 ? 16 : 9}" fill="${i % 4 === 0 ? accent : soft}"/>`,
        )
        .join('')
      return `<path d="${edges}" stroke="${soft}" stroke-opacity="0.35" stroke-width="3"/>${dots}`
    }
    case 'cloud-devops': {
      const bars = Array.from({ length: 6 }, (_, i) => {
        const height = 40 + r1(next() * 150)
        return `<rect x="${700 + i * 62}" y="${540 - height}" width="36" height="${height}" rx="6" fill="${soft}" opacity="0.4"/>`
      }).join('')
      return `${bars}<path d="M760 330a90 90 0 0 1 170-40 70 70 0 0 1 110 60 60 60 0 0 1-10 120H770a72 72 0 0 1-10-140z" fill="${accent}" fill-opacity="0.2" stroke="${accent}" stroke-width="10" stroke-linejoin="round"/>`
    }
    default:
      throw new Error(`no motif for the blog category ${category}`)
  }
}

function cover(post: PostSeed): string {
  const palette = palettes[post.category]
  if (!palette) throw new Error(`no palette for the blog category ${post.category}`)
  const next = random(post.slug)
  const glowX = 200 + r1(next() * 300)
  const glowY = 150 + r1(next() * 300)
  const grid = `<path d="${Array.from({ length: 12 }, (_, i) => `M${i * 100} 0V630`).join('')}${Array.from({ length: 7 }, (_, i) => `M0 ${i * 100}H1200`).join('')}" stroke="#fff" stroke-opacity="0.04"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient><radialGradient id="r" cx="${glowX}" cy="${glowY}" r="420" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.28"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient></defs><rect width="1200" height="630" fill="url(#g)"/><rect width="1200" height="630" fill="url(#r)"/>${grid}${motif(post.category, next, palette.accent, palette.soft)}</svg>\n`
}

const avatarColors = ['#09eb97', '#4da3ff', '#b57bff', '#ffa94d', '#ff6b8b']

function avatar(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" rx="48" fill="#162033"/><circle cx="48" cy="48" r="44" fill="none" stroke="${color}" stroke-width="4"/><text x="48" y="58" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="32" font-weight="700" fill="${color}">${initials}</text></svg>\n`
}

await mkdir(path.join(root, 'authors'), { recursive: true })
for (const post of blogPostsSeed) await writeFile(path.join(root, `${post.slug}.svg`), cover(post))
for (const [i, author] of blogAuthorsSeed.entries()) {
  const initials = `${author.firstName[0] ?? ''}${author.lastName[0] ?? ''}`
  await writeFile(
    path.join(root, 'authors', `${author.key}.svg`),
    avatar(initials, avatarColors[i % avatarColors.length] ?? '#09eb97'),
  )
}
console.log(
  `wrote ${blogPostsSeed.length} covers and ${blogAuthorsSeed.length} avatars to ${path.relative(process.cwd(), root)}`,
)
