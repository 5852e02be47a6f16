import { contentItemRoutes } from '../../../content-library-routes';

/** The support-service list type's items (registry: content-menus.ts). */
export default contentItemRoutes('support-service');
