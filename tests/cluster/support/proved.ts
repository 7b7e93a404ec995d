/**
 * What the cluster tier proved, in figures: each test adds a line (e.g. "200 messages sent, 200
 * delivered once") to CLUSTER_PROVED_FILE, and `npm test` prints them after the step.
 */
import fs from 'node:fs';

export function proved(line: string): void {
  const file = process.env.CLUSTER_PROVED_FILE;
  if (file) fs.appendFileSync(file, `${line}\n`);
}
