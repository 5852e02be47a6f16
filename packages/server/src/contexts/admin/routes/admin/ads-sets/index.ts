import { adSetResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { AD_TAGS, adRoutesExtension } from '../../../ad-routes';

/** The app's ad places (banner_ads): list, a set with its ads, PUT {id} (name, status). No store or delete: the places are the app's. */
export default resourceRoutes(adSetResource, {
  repository: (fastify) => fastify.adSets,
  tags: AD_TAGS,
  extend: adRoutesExtension(adSetResource, null),
});
