import { contentItemRoutes } from '../../../content-library-routes';

/** The success-stories list type's items (registry: content-menus.ts). */
export default contentItemRoutes('success-stories');
