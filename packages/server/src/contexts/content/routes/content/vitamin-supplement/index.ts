import { contentItemRoutes } from '../../../content-library-routes';

/** The vitamin-supplement list type's items (registry: content-menus.ts). */
export default contentItemRoutes('vitamin-supplement');
