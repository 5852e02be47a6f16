/**
 * The resource kit, server side: a list-shaped resource's repository and routes from its definition
 * (@baridesk/contracts defineResource). Other contexts import it from here, never from the files beside
 * it. See docs/resource-kit.md.
 */
export {
  createResourceRepository,
  searchColumns,
  type CategoryTable,
  type DeleteManyResult,
  type DeleteResult,
  type ParentTable,
  type ResourceRepository,
  type ResourceTable,
  type SaveResult,
} from './repository';
export { methodOverride } from './method-override';
export { resourceRoutes, type ResourceRoutesOptions } from './routes';
