/** One entry of Vite's build manifest (.vite/manifest.json), the fields used here. */
export interface ManifestChunk {
  file: string
  src?: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
}

/** The staff console's own source: its routes and its feature folder. */
const STAFF_SOURCE = /^src\/(routes\/_portal\/staff(\/|\.tsx)|features\/staff\/)/

/**
 * The output files (scripts and their styles) that only the staff console uses: chunks built from its
 * source, and chunks that only such chunks import. A chunk any other part of the app imports is shared.
 */
export function staffChunkFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const importers = new Map<string, Set<string>>()
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!importers.has(imported)) importers.set(imported, new Set())
      importers.get(imported)?.add(key)
    }
  }
  const staff = new Set(Object.keys(manifest).filter((key) => STAFF_SOURCE.test(manifest[key]?.src ?? key)))
  for (let grew = true; grew;) {
    grew = false
    for (const key of Object.keys(manifest)) {
      if (staff.has(key)) continue
      const by = importers.get(key)
      if (by && by.size > 0 && [...by].every((importer) => staff.has(importer))) {
        staff.add(key)
        grew = true
      }
    }
  }
  const files = new Set<string>()
  for (const key of staff) {
    const chunk = manifest[key]
    if (!chunk) continue
    files.add(chunk.file)
    for (const sheet of chunk.css ?? []) files.add(sheet)
  }
  // A stylesheet a shared chunk also names is shared.
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!staff.has(key)) for (const sheet of chunk.css ?? []) files.delete(sheet)
  }
  return files
}
