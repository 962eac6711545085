import path from 'node:path'
import { defineConfig } from 'electron-vite'
import { buildId, rendererPlugins } from './vite.config.ts'

const root = import.meta.dirname
const out = path.join(root, 'dist/desktop')

/** The desktop build: main and preload from electron/, the same renderer without the service worker. */
export default defineConfig({
  main: {
    build: {
      outDir: path.join(out, 'main'),
      lib: { entry: path.join(root, 'electron/main.ts'), formats: ['es'], fileName: () => 'main.js' },
      // keytar is a native optional dependency loaded at run time; electron-updater is bundled, since the
      // package holds no node_modules but keytar (electron-builder.yml).
      externalizeDeps: { include: ['keytar'], exclude: ['electron-updater'] },
    },
  },
  preload: {
    build: {
      outDir: path.join(out, 'preload'),
      // Sandboxed preloads run as one CommonJS file that may only require 'electron'.
      lib: { entry: path.join(root, 'electron/preload.ts'), formats: ['cjs'], fileName: () => 'preload.cjs' },
      externalizeDeps: false,
    },
  },
  renderer: {
    root,
    plugins: [
      ...rendererPlugins({ pwa: false }),
      // electron-vite forces base './' in production, which breaks a reload at app://cypher/project/3
      // (it asks for /project/assets/…): the app:// scheme is standard, so absolute paths resolve.
      { name: 'cypher:absolute-base', config: () => ({ base: '/' }) },
    ],
    resolve: { alias: { '@': path.join(root, 'src') } },
    define: { __BUILD_ID__: JSON.stringify(buildId()) },
    build: {
      outDir: path.join(out, 'renderer'),
      rollupOptions: { input: path.join(root, 'index.html') },
      target: 'chrome130',
    },
  },
})
