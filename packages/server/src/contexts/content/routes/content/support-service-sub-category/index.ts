import { ownCategoryRoutes } from '../../../content-library-routes';

/** The support service's sub-categories at their own paths (the same rows as /api/content/content-sub-categories?menu=support-service). */
export default ownCategoryRoutes('support-service', 'subCategory');
