interface ImportMetaEnv {
  readonly MAIN_VITE_API_URL?: string
  readonly MAIN_VITE_UPDATE_URL?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
