import path from 'node:path'
import ts from 'typescript'

/**
 * The project's import graph as TypeScript resolves it, type-only imports included, and its circles
 * (strongly connected groups of files). `import-x/no-cycle` sees value imports within a bounded depth;
 * this sees every edge, so a circle that only types close (erased at run time, but still a knot a reader
 * must untie) is found too. Run `npx tsx scripts/import-graph.ts` to list the circles.
 */

export interface ImportCircle {
  /** Paths relative to the root, in no particular order. */
  files: string[]
  /** The folders those files sit in. */
  folders: string[]
}

/** Every file's project-local imports (`import`, `import type`, `export … from`), resolved to absolute paths. */
export function importGraph(root: string, tsconfig = 'tsconfig.json'): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, tsconfig), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`)
  const graph = new Map<string, string[]>()
  for (const file of parsed.fileNames) {
    const text = ts.sys.readFile(file) ?? ''
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
    const targets: string[] = []
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined
      if (!specifier) continue
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('node_modules'))
        continue
      targets.push(path.resolve(resolved.resolvedFileName))
    }
    graph.set(path.resolve(file), targets)
  }
  return graph
}

/** The circles of a graph (Tarjan's strongly connected components of two or more files). */
export function importCircles(graph: Map<string, string[]>, root: string): ImportCircle[] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: ImportCircle[] = []

  const visit = (file: string): void => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(path.relative(root, member))
    } while (member !== file)
    if (group.length < 2) return
    group.sort()
    circles.push({ files: group, folders: [...new Set(group.map((f) => path.dirname(f)))].sort() })
  }

  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const root = process.cwd()
  const circles = importCircles(importGraph(root), root)
  for (const circle of circles) console.log(`${circle.folders.join(' + ')}: ${circle.files.join(', ')}`)
  console.log(`${circles.length} circle(s)`)
}
