import { contentItemRoutes } from '../../../content-library-routes';

/** The diet list type's items (registry: content-menus.ts). */
export default contentItemRoutes('diet');
