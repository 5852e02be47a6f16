import { appMainMenuResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** The patient app's main menu (permission manage_main_menu): GET (the entries, in the app's order), POST /toggle-status. */
export default resourceRoutes(appMainMenuResource, { repository: (fastify) => fastify.appMainMenu, tags: ['Admin'] });
