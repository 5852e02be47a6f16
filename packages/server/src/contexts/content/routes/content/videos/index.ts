import { contentItemRoutes } from '../../../content-library-routes';

/** The videos list type's items (registry: content-menus.ts). */
export default contentItemRoutes('videos');
