import { contentItemRoutes } from '../../../content-library-routes';

/** The contacts list type's items (registry: content-menus.ts). */
export default contentItemRoutes('contacts');
