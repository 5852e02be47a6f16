import { contentItemRoutes } from '../../../content-library-routes';

/** The faqs list type's items (registry: content-menus.ts). */
export default contentItemRoutes('faqs');
