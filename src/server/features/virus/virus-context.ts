import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../../core/api/common';
import type { PurchaseRow } from '../../../core/api/virus';
import { texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import { createFulfil } from './fulfil';
import type { PaymentProvider } from './provider';
import { createReversal, type ListingsOfItems } from './reverse';

export interface VirusServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  random: () => number;
  /** null: payments are not configured; the screen says so and nothing can be bought. */
  provider: PaymentProvider | null;
  dailyLimitCents: number;
  log: FastifyBaseLogger;
  /** The Data Exchange's side of a reversal (ADR 046). */
  listings: ListingsOfItems;
  userView(userId: number): Promise<User>;
}

/** What the Virus shop's actions share: built once by createVirusService and passed to each (ADR 080). */
export interface VirusContext {
  deps: VirusServiceDeps;
  /** virus.purchaseUpdated to the buyer, and inventory.changed when their cores came or went. */
  tell(
    userId: number,
    purchaseId: number,
    status: PurchaseRow['status'],
    inventory: 'virus-purchase' | 'virus-reversal' | null,
  ): void;
  /** The configured provider, or 503 when payments are off. */
  requireProvider(): PaymentProvider;
  fulfil: ReturnType<typeof createFulfil>;
  reverse: ReturnType<typeof createReversal>;
}

export const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message);
};

export function createVirusContext(deps: VirusServiceDeps): VirusContext {
  const { bus, provider } = deps;
  const tell: VirusContext['tell'] = (userId, purchaseId, status, inventory) => {
    bus.publish({
      audience: { kind: 'users', userIds: [userId] },
      event: { t: 'virus.purchaseUpdated', d: { purchaseId, status } },
    });
    if (inventory)
      bus.publish({
        audience: { kind: 'users', userIds: [userId] },
        event: { t: 'inventory.changed', d: { reason: inventory } },
      });
  };
  const requireProvider = (): PaymentProvider => provider ?? refuse(503, texts.virus.paymentsOff);
  const reverse = createReversal(deps);
  const fulfil = createFulfil({ ...deps, tell }, requireProvider);
  return { deps, tell, requireProvider, fulfil, reverse };
}
