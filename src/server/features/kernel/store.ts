import { and, eq } from 'drizzle-orm';
import type { Rgb } from '../../../core/rules/kernel';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelColors, users } from '../../db/schema';

/**
 * The Kernel's SQL for colours and purchases (kernel_colors, kernel_bits). The rest of the Kernel's SQL, by
 * concern: read-store.ts (owned bits read back), season-store.ts (kernel_state and the seasons), clear-store.ts.
 */

export async function colorOf(tx: Executor, userId: number): Promise<Rgb | null> {
  const [row] = await tx
    .select({ r: kernelColors.colorR, g: kernelColors.colorG, b: kernelColors.colorB })
    .from(kernelColors)
    .where(eq(kernelColors.userId, userId));
  return row ?? null;
}

export async function setColor(tx: Executor, userId: number, color: Rgb, at: Date): Promise<void> {
  await tx
    .insert(kernelColors)
    .values({ userId, colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at })
    .onConflictDoUpdate({
      target: kernelColors.userId,
      set: { colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at },
    });
}

/** Whether the player owns at least one bit (the purchase_kernel_bit mission's evidence). */
export async function ownsAnyBit(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ x: kernelBits.x }).from(kernelBits).where(eq(kernelBits.ownerId, userId)).limit(1);
  return row !== undefined;
}

/** The owner of a bit, or null while it is free. */
export async function ownerOf(tx: Executor, x: number, y: number): Promise<{ id: number; username: string } | null> {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(kernelBits)
    .innerJoin(users, eq(users.id, kernelBits.ownerId))
    .where(and(eq(kernelBits.x, x), eq(kernelBits.y, y)));
  return row ?? null;
}

/** Inserts an owned bit; false when it already has an owner (the primary key decides, whatever races). */
export async function insertBit(
  tx: Tx,
  bit: { x: number; y: number; ownerId: number; color: Rgb; price: number; version: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(kernelBits)
    .values({
      x: bit.x,
      y: bit.y,
      ownerId: bit.ownerId,
      colorR: bit.color.r,
      colorG: bit.color.g,
      colorB: bit.color.b,
      price: bit.price,
      version: bit.version,
      claimedAt: bit.at,
    })
    .onConflictDoNothing({ target: [kernelBits.x, kernelBits.y] })
    .returning({ x: kernelBits.x });
  return rows.length === 1;
}

/** The buyer's name and the colour of their next bit (null until they choose one), in one statement. */
export async function buyerOf(tx: Executor, userId: number): Promise<{ username: string; color: Rgb | null }> {
  const [row] = await tx
    .select({ username: users.username, r: kernelColors.colorR, g: kernelColors.colorG, b: kernelColors.colorB })
    .from(users)
    .leftJoin(kernelColors, eq(kernelColors.userId, users.id))
    .where(eq(users.id, userId));
  const { username, r, g, b } = row!;
  return { username, color: r === null || g === null || b === null ? null : { r, g, b } };
}
