import { auth } from './auth';
import { config } from './config';
import { docs } from './docs';
import { emails } from './emails';
import type { EndpointDef } from './endpoint';
import { files } from './files';
import { products } from './products';
import { proposals } from './proposals';
import { reports } from './reports';
import { selections } from './selections';
import { sending } from './sending';
import { signing } from './signing';

/** Every endpoint of the API, by feature: the source of /api/openapi.json. */
export const contract = {
  auth,
  config,
  docs,
  emails,
  files,
  products,
  proposals,
  reports,
  selections,
  sending,
  signing,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints = (): { tag: string; endpoint: EndpointDef }[] =>
  Object.entries(contract).flatMap(([tag, group]) =>
    Object.values(group as Record<string, EndpointDef>).map((endpoint) => ({ tag, endpoint })),
  );
