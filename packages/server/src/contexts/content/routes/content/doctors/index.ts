import { contentItemRoutes } from '../../../content-library-routes';

/** The doctors list type's items (registry: content-menus.ts). */
export default contentItemRoutes('doctors');
