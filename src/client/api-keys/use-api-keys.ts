import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyList,
  apiKeyPaths,
  CreateApiKeyResponse,
  RevokeApiKeyResponse,
  type CreateApiKeyBody,
} from '../../core/api/api-keys';
import { useApi } from '../lib/api-context';

const listKey = [apiKeyPaths.list] as const;

/** The player's API keys (ADR 075): names and prefixes only; the secret never comes back after creation. */
export function useApiKeyList() {
  const api = useApi();
  return useQuery({ queryKey: listKey, queryFn: () => api.get(apiKeyPaths.list, ApiKeyList) });
}

/** Create and revoke, keeping the cached list in step. */
export function useApiKeyActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post(apiKeyPaths.create, body, CreateApiKeyResponse),
    onSuccess: (created) => queryClient.setQueryData<ApiKeyList>(listKey, (list) => [...(list ?? []), created.summary]),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.post(apiKeyPaths.revoke, { id }, RevokeApiKeyResponse),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ApiKeyList>(listKey, (list) => list?.filter((k) => k.id !== id)),
  });
  return { create, revoke };
}
