import { contentItemRoutes } from '../../../content-library-routes';

/** The resource-manager list type's items (registry: content-menus.ts). */
export default contentItemRoutes('resource-manager');
