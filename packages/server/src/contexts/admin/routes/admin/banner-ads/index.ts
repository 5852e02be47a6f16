import { bannerAdResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { AD_TAGS, adRoutesExtension } from '../../../ad-routes';

/** Banner ads of a set (banner_ads): the kit's calls at the spec's paths (store/{adSetId}, multipart), and reset-stats. */
export default resourceRoutes(bannerAdResource, {
  repository: (fastify) => fastify.bannerAds,
  tags: AD_TAGS,
  extend: adRoutesExtension(bannerAdResource, 'banner'),
});
