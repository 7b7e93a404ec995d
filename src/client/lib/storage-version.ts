import { APP_VERSION } from '../../shared/constants';

const VERSION_KEY = 'plansmith.version';

/** docs/product/constants.md: local storage carries the app version; a different stored version clears it. */
export function ensureStorageVersion(storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return;
  try {
    if (storage.getItem(VERSION_KEY) !== APP_VERSION) {
      storage.clear();
      storage.setItem(VERSION_KEY, APP_VERSION);
    }
  } catch {
    // Private browsing or a full quota: the app works without local storage.
  }
}
