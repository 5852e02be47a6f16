import { SUPPORT_GROUP_MENU_DATA, contentTypeOf } from '@baridesk/contracts';
import { contentPageRoutes } from '../../../../content-page-routes';

/** The support group's menu data (GET and POST /api/content/support-group/menu-data): guarded as the support group. */
export default contentPageRoutes(SUPPORT_GROUP_MENU_DATA, { guardedAs: contentTypeOf('support-group')!, savePath: '' });
