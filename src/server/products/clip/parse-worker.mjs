/*
 * The parse pool's worker entry. A worker thread does not inherit the `--import tsx` hook of
 * `npm start`, nor vitest's transform, so this plain module loads the TypeScript task through
 * tsx itself: the same source runs in development, tests and production (decision 0026).
 */
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./parse-worker.ts', import.meta.url);

export default task.default;
export const parseHead = task.parseHead;
export const clip = task.clip;
export const fetchImage = task.fetchImage;
