import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { NameComRegistrar } from './namecom'
import { SandboxRegistrar } from './sandbox'
import type { Registrar } from './types'

export * from './types'

/** Name.com when its user name and token are set, otherwise the sandbox (ARCHITECTURE §5). */
export function createRegistrar(config: Config, db: Database): Registrar {
  if (config.namecom) return new NameComRegistrar(config.namecom)
  return new SandboxRegistrar(db)
}
