import { genericCategoryRoutes } from '../../../content-library-routes';

/** Every list type's categories, split by `menu` (`?menu=diet`), each call guarded as its type. */
export default genericCategoryRoutes('category');
