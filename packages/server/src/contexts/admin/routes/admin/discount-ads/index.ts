import { discountAdResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { AD_TAGS, adRoutesExtension } from '../../../ad-routes';

/** Discount ads (discount_ads): the kit's calls (multipart store and update), and reset-stats. */
export default resourceRoutes(discountAdResource, {
  repository: (fastify) => fastify.discountAds,
  tags: AD_TAGS,
  extend: adRoutesExtension(discountAdResource, 'discount'),
});
