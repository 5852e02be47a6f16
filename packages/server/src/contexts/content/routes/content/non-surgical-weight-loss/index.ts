import { contentItemRoutes } from '../../../content-library-routes';

/** The non-surgical-weight-loss list type's items (registry: content-menus.ts). */
export default contentItemRoutes('non-surgical-weight-loss');
