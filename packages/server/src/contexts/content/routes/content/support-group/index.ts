import { contentItemRoutes } from '../../../content-library-routes';

/** The support-group list type's items (registry: content-menus.ts). */
export default contentItemRoutes('support-group');
