import { pageTypeRoutes } from '../../../content-page-routes';

export default pageTypeRoutes('program-logo');
