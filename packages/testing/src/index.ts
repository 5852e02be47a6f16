/** @baridesk/testing: what the front end's tests share. Test code only: no app imports it. */
export {
  startFakeApi,
  startTestServer,
  type FakeApi,
  type FakeHandler,
  type FakeReply,
  type FakeRequest,
  type FakeRoutes,
  type RouteKey,
  type TestServer,
} from './fake-api';
export {
  renderScreen,
  renderRouter,
  createTestQueryClient,
  type RenderScreenOptions,
  type RenderRouterOptions,
} from './render-screen';
export { findNotice } from './notices';
export { chooseOption, chooseRowDelete } from '@baridesk/ui/test/render-ui';
export { createAuthUser, pageOf } from './factories';
