import { useQuery } from '@tanstack/react-query';
import { config } from '../../shared/api/client-routes';
import type { PublicConfig } from '../../shared/schemas/public-config';
import { call } from './call';

export const publicConfigKey = ['public-config'] as const;

/**
 * The operator's public settings (support address, environment). They only change when the
 * server restarts, so one fetch per page load is enough. `undefined` until loaded, or if the
 * server could not be reached: callers leave out what needs the address rather than guess it.
 */
export function usePublicConfig(): PublicConfig | undefined {
  const query = useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => call(config.public, {}, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data;
}

/** The spec's {email}: the support address, once known. */
export function useSupportEmail(): string | undefined {
  return usePublicConfig()?.supportEmail;
}
