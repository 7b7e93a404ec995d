import path from 'node:path';
import type { Config } from '../config/config';
import { s3Storage } from './s3-storage';
import { localStorage, type Storage } from './storage';

export function createStorage(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'files'));
}
