import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CompletePurchaseResult,
  CreatePaymentIntentResult,
  TestPayResult,
  virusPaths,
  VirusShop,
} from '../../../core/api/virus';
import { infra } from '../../../core/infra';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';
import { usePollInterval } from '../../lib/socket/socket-provider';
import { refreshInventory } from '../inventory/use-inventory';

/** The shop's key starts with /api/virus/, so virus.purchaseUpdated refreshes it (socket-model.ts). */
export const shopQueryKey = [virusPaths.shop] as const;

/** GET /api/virus/shop: payment mode, publishable key, limit, history. Refetched by socket events; polled only while the socket is down. */
export function useVirusShop() {
  const api = useApi();
  return useQuery({
    queryKey: shopQueryKey,
    queryFn: ({ signal }) => api.request(virusPaths.shop, { schema: VirusShop, signal }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** POST /api/create-payment-intent: one Idempotency-Key per click, so a resent call makes one payment. */
export function useStartPurchase() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trojanCount: number) =>
      api.post(virusPaths.createIntent, { trojanCount }, CreatePaymentIntentResult, {
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  });
}

/** POST /api/complete-trojan-purchase: safe to repeat (the server fulfils a payment once). */
export function useCompletePurchase() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => api.post(virusPaths.complete, { paymentIntentId }, CompletePurchaseResult),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: shopQueryKey }), refreshInventory(queryClient)]),
  });
}

/** POST /api/virus/test-pay: the labelled test provider's fake card form. */
export function useTestPay() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { paymentIntentId: string; cardNumber: string }) =>
      api.post(virusPaths.testPay, body, TestPayResult),
    // A declined card ends its purchase, and with it the cooldown the buy commands count down.
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  });
}
