import { contentItemRoutes } from '../../../content-library-routes';

/** The about-surgery list type's items (registry: content-menus.ts). */
export default contentItemRoutes('about-surgery');
