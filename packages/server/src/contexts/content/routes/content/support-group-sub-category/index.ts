import { ownCategoryRoutes } from '../../../content-library-routes';

/** The support group's sub-categories at their own paths (the same rows as /api/content/content-sub-categories?menu=support-group). */
export default ownCategoryRoutes('support-group', 'subCategory');
