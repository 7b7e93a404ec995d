import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientRoutesFile, clientRoutesSource } from '../../../scripts/gen/client-routes';
import * as clientRoutes from './client-routes';
import type { EndpointDef } from './endpoint';
import { contract } from './index';

describe('client routes (decision 0033)', () => {
  it('give every endpoint of the contract its method, path and Idempotency-Key flag, and nothing else', () => {
    for (const [tag, group] of Object.entries(contract) as [
      string,
      Record<string, EndpointDef>,
    ][]) {
      const routes = (clientRoutes as Record<string, Record<string, unknown>>)[tag];
      expect(Object.keys(routes ?? {}), tag).toEqual(Object.keys(group));
      for (const [name, endpoint] of Object.entries(group)) {
        expect(routes?.[name], `${tag}.${name}`).toEqual({
          method: endpoint.method,
          path: endpoint.path,
          ...(endpoint.idempotent ? { idempotent: true } : {}),
        });
      }
    }
    expect(Object.keys(clientRoutes)).toEqual(Object.keys(contract));
  });

  it('are the file the generator writes (npm run gen:client-routes)', () => {
    const normalize = (text: string) => text.replace(/\s+/g, '');
    expect(normalize(fs.readFileSync(clientRoutesFile, 'utf8'))).toBe(
      normalize(clientRoutesSource()),
    );
  });
});
