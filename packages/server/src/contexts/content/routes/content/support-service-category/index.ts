import { ownCategoryRoutes } from '../../../content-library-routes';

/** The support service's categories at their own paths (the same rows as /api/content/content-categories?menu=support-service). */
export default ownCategoryRoutes('support-service', 'category');
