import { contentItemRoutes } from '../../../content-library-routes';

/** The member-portals list type's items (registry: content-menus.ts). */
export default contentItemRoutes('member-portals');
