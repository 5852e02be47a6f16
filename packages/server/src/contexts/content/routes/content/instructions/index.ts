import { contentItemRoutes } from '../../../content-library-routes';

/** The instructions list type's items (registry: content-menus.ts). */
export default contentItemRoutes('instructions');
