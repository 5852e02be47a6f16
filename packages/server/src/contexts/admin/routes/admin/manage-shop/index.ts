import * as v from 'valibot';
import { SHOP_MESSAGES, id, shopItemResource, shopMakeDefaultResponse, shopSurgeryType, type ShopSurgeryType } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

const TAGS = ['Admin shop'];
const makeDefaultParams = v.object({ id, surgery_type: shopSurgeryType });

/**
 * The shop (manage_shop), per surgery type in the path: the kit's list, store, show, update (POST with
 * `_method=PUT`, multipart), delete and toggle-status; and PATCH make-default/{id}/{surgery_type}.
 */
export default resourceRoutes(shopItemResource, {
  repository: (fastify) => fastify.shop.items,
  tags: TAGS,
  extend: (fastify) => {
    fastify.patch(
      '/make-default/:id/:surgery_type',
      { config: { access: 'super_admin', permission: 'manage_shop' }, schema: { params: makeDefaultParams, response: { 200: shopMakeDefaultResponse }, tags: TAGS } },
      async (request) => {
        const { id: itemId, surgery_type } = request.params as { id: number; surgery_type: ShopSurgeryType };
        const result = await fastify.shop.makeDefault(itemId, surgery_type, fastify.clock.now());
        if (!result) throw fastify.httpErrors.notFound(SHOP_MESSAGES.notFound);
        if ('inactive' in result) throw fastify.httpErrors.conflict(SHOP_MESSAGES.inactiveDefault);
        await fastify.audit.record(request, {
          action: 'shop-item.make-default',
          entity: shopItemResource.entity,
          entityId: itemId,
          detail: { surgery_type, previous: result.previous },
        });
        return { data: { id: itemId, is_default: 1 as const, previous: result.previous }, message: SHOP_MESSAGES.madeDefault };
      },
    );
  },
});
