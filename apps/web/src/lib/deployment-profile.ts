import {
  deploymentProfile,
  deploymentProfilePath,
  deploymentProfiles,
  type DeploymentProfile,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAsSignedIn } from './api-client';
import { sessionCustomer } from './session';

/**
 * Which menu entries and imperfection variants the signed-in customer's site offers (the deployment's own
 * profile before login); read once per page load and customer.
 */
export const getDeploymentProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['deployment-profile', sessionCustomer()],
    queryFn: async ({ signal }): Promise<DeploymentProfile> => {
      const response = await getAsSignedIn(deploymentProfilePath, signal);
      if (response.status >= 500) throw new Error(`GET ${deploymentProfilePath} answered ${response.status}`);
      // A server of the spec's API alone has no such call (404, or its web app's page): the spec's own default.
      const parsed = response.ok ? deploymentProfile.safeParse(await response.json().catch(() => null)) : null;
      return parsed?.success ? parsed.data : deploymentProfiles.default;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    retryDelay: 500,
    // Failed once (its retry included), it stays failed for this page load and every reader takes the default:
    // a query in error that refetched whenever another component mounts would show them all loading again.
    retryOnMount: false,
  });

export type Profile = Readonly<Omit<DeploymentProfile, 'imperfectionVariants'>> & {
  readonly imperfectionVariants: readonly DeploymentProfile['imperfectionVariants'][number][];
};

/** The deployment profile; undefined while it loads, the default profile when it cannot be read. */
export function useDeploymentProfile(): Profile | undefined {
  const query = useQuery(getDeploymentProfileQueryOptions());
  if (query.data) return query.data;
  if (query.isError) return deploymentProfiles.default;
  return undefined;
}
