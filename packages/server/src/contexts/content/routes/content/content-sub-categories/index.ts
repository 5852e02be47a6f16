import { genericCategoryRoutes } from '../../../content-library-routes';

/** Every list type's sub-categories, split by `menu`, each call guarded as its type. */
export default genericCategoryRoutes('subCategory');
