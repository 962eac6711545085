import type { Config } from '../../config'
import { DiskStorage } from './disk'
import type { FileStorage } from './file-storage'
import { S3Storage } from './s3'

export {
  isStorageKey,
  StorageUnavailableError,
  type FileStorage,
  type S3StorageConfig,
  type StorageConfig,
} from './file-storage'

/** Disk under DATA_DIR/uploads by default; an S3-compatible bucket when STORAGE_URL is s3://. */
export function createStorage(config: Config): FileStorage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage) : new DiskStorage(config.storage.dir)
}
