import fp from 'fastify-plugin';
import { and, eq, ne, sql } from 'drizzle-orm';
import { shopItemResource, type ShopSurgeryType } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { shopItems } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    shop: Shop;
  }
}

/** What make-default did: the new default and the one it replaced; or why not. */
export type MakeDefaultResult = { id: number; previous: number | null } | { inactive: true } | null;

/**
 * The shop's items, one list per surgery type (the kit's partition), on the kit; global rows. One item
 * per type may be the default (a partial unique index holds it): make-default moves the mark, and an item
 * switched off loses it, so the default is always an active item.
 */
export function createShop(db: Db, fileUrl: (key: string) => string) {
  const items = createResourceRepository(db, shopItemResource, {
    table: shopItems,
    computed: { is_default: sql<0 | 1>`${shopItems.is_default}` },
    afterStatus: async (tx, _scope, id, status, now) => {
      if (status === 0) await tx.update(shopItems).set({ is_default: 0, updated_at: now }).where(and(eq(shopItems.id, id), eq(shopItems.is_default, 1)));
    },
    fileUrl,
  });

  return {
    items,

    /**
     * Makes the item the default of its type, in one transaction: null when no item of that type has the
     * id, `inactive` for an item that is switched off. The type's rows are locked first, so two calls at
     * once take turns and the second clears the first's default instead of breaking the unique index.
     */
    async makeDefault(id: number, surgeryType: ShopSurgeryType, now: Date): Promise<MakeDefaultResult> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: shopItems.id, status: shopItems.status, is_default: shopItems.is_default })
          .from(shopItems)
          .where(eq(shopItems.surgery_type, surgeryType))
          .for('update');
        const item = rows.find((row) => row.id === id);
        if (!item) return null;
        if (item.status !== 1) return { inactive: true };
        const previous = rows.find((row) => row.is_default === 1 && row.id !== id)?.id ?? null;
        if (previous !== null) {
          await tx.update(shopItems).set({ is_default: 0, updated_at: now }).where(and(eq(shopItems.surgery_type, surgeryType), eq(shopItems.is_default, 1), ne(shopItems.id, id)));
        }
        if (item.is_default !== 1) await tx.update(shopItems).set({ is_default: 1, updated_at: now }).where(eq(shopItems.id, id));
        return { id, previous };
      });
    },
  };
}

export type Shop = ReturnType<typeof createShop>;

export default fp(
  async (fastify) => {
    fastify.decorate('shop', createShop(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'shop-repository', dependencies: ['database', 'uploads'] },
);
