import { ownCategoryRoutes } from '../../../content-library-routes';

/** The support group's categories at their own paths (the same rows as /api/content/content-categories?menu=support-group). */
export default ownCategoryRoutes('support-group', 'category');
