import { pageTypeRoutes } from '../../../content-page-routes';

export default pageTypeRoutes('join-our-facebook');
