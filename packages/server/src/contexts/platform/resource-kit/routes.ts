/**
 * The resource kit's route factory: registers a resource's calls (list, show, store, update,
 * toggle-status, delete, update-indexes, options, by-category-id) at the definition's paths, validated
 * with its derived schemas, scoped to the caller's program (or global), permission-checked the way every
 * route is (config.access / config.permission, and the self-service and administrative-rights hooks),
 * and audited as `<name>.<action>` on the definition's entity.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import * as v from 'valibot';
import {
  bulkMessages,
  idParams,
  selfServiceRefusal,
  type AnyResource,
  type ResourceEndpoint,
  type ResourceItem,
  type ResourceOperation,
} from '@baridesk/contracts';
import { MENU_AREAS, type MenuAreaOrNone } from '@baridesk/domain';
import { CHANGE_NEEDS_ADMINISTRATIVE_RIGHTS, needsAdministrativeRights } from '../../../lib/administrative-rights';
import type { Scope } from '../../../lib/scope';
import { staffScope } from '../../../lib/scope';
import { ValidationError } from '../../../lib/valibot';
import { methodOverride } from './method-override';
import { multipartForms } from './multipart';
import type { ResourceRepository, SaveResult } from './repository';

type Row = Record<string, unknown>;

/** What a resource's routes need besides the definition; all but `repository` and `tags` are for what is special about it. */
export interface ResourceRoutesOptions<R extends AnyResource> {
  /** The resource's repository (usually the decorator a context plugin published). */
  repository: (fastify: FastifyInstance) => ResourceRepository<R>;
  /** OpenAPI tags. */
  tags: string[];
  /** The menu area of a staff resource's routes (domain MENU_AREAS; 'none' when no flag guards them). */
  area?: MenuAreaOrNone;
  /** Audit details instead of the defaults ({label, status} on create, {label, changed} on update, {label} on delete). */
  audit?: {
    create?: (item: ResourceItem<R>) => Row;
    update?: (before: ResourceItem<R>, after: ResourceItem<R>) => Row;
    delete?: (item: ResourceItem<R>) => Row;
  };
  /** On a delete refused because the record is in use: the audit detail's name of what uses it ('patients'). */
  inUseNoun?: string;
  /** Runs after a store has committed and been audited, before the answer (e.g. e-mail the new account its set-password link). */
  afterStore?: (request: FastifyRequest, item: ResourceItem<R>) => Promise<void>;
  /** More routes of the resource, registered beside the kit's (they share its hooks). */
  extend?: (fastify: FastifyInstance) => void | Promise<void>;
}

const accessOf = (resource: AnyResource): FastifyContextConfig => {
  switch (resource.permission.who) {
    case 'sub-user':
      return { access: 'sub_user' };
    case 'super-admin':
      return { access: 'super_admin', ...(resource.permission.slug ? { permission: resource.permission.slug } : {}) };
    default:
      return { access: 'staff' };
  }
};

/**
 * The plugin of a resource's routes. Register it at the definition's base (a context's
 * `routes/<path>/index.ts` whose folder is the base: `export default resourceRoutes(resource, {...})`);
 * a plugin mounted anywhere else refuses to start.
 */
export function resourceRoutes<R extends AnyResource>(resource: R, options: ResourceRoutesOptions<R>) {
  const { schemas, messages, endpoints } = resource;
  // Self-service staff are refused by the area's rule (the api hook), in the resource's own words: a
  // resource closed to them must sit in an area that is closed to them too.
  const refusal = selfServiceRefusal(resource.permission);
  if (refusal && (options.area === undefined || options.area === 'none' || MENU_AREAS[options.area].selfService)) {
    throw new Error(`Resource ${resource.name} is not for self-service staff: its area must be one closed to them.`);
  }
  const config: FastifyContextConfig = {
    ...accessOf(resource),
    ...(options.area ? { area: options.area } : {}),
    ...(refusal ? { selfServiceRefusal: refusal } : {}),
  };
  const fieldNames = Object.keys(resource.fields);
  const imageFields = fieldNames.filter((name) => resource.fields[name]!.kind === 'image');
  const label = (item: Row) => ({ [resource.labelField]: item[resource.labelField] });
  // A partitioned resource's options and update-indexes take the partition in the query string.
  const partitionField = resource.partition?.field;
  const partitionQuery = partitionField ? schemas.partitionQuery : undefined;
  const partitionOf = (request: FastifyRequest): Record<string, string | number> =>
    partitionField ? { [partitionField]: (request.query as Row)[partitionField] as string | number } : {};

  return async function resourcePlugin(fastify: FastifyInstance) {
    if (fastify.prefix !== resource.paths.base) {
      throw new Error(`Resource ${resource.name} is defined at ${resource.paths.base} but mounted at ${fastify.prefix}.`);
    }
    const repository = () => options.repository(fastify);
    // Image fields go through the platform's uploads (claim on write, remove when replaced or deleted).
    if (imageFields.length > 0 && !fastify.hasDecorator('uploads')) throw new Error(`Resource ${resource.name} has image fields: it needs fastify.uploads.`);
    const tags = options.tags;
    if (resource.multipart && imageFields.length === 0) throw new Error(`Resource ${resource.name} takes multipart forms: it needs an image field.`);
    // Store and update also read multipart forms (the form becomes the body the schema checks).
    const forms = resource.multipart ? multipartForms(fastify, resource) : null;

    // Like every other onRequest hook of a route plugin, this runs after the api hook resolved the caller
    // and before the input is validated, so a refused caller learns nothing from validation messages.
    if (resource.permission.who === 'administrative-rights') {
      fastify.addHook('onRequest', needsAdministrativeRights(fastify, CHANGE_NEEDS_ADMINISTRATIVE_RIGHTS));
    }

    const scopeOf = (request: FastifyRequest): Scope => (resource.scope === 'program' ? staffScope(request.scope) : request.scope);
    const notFound = () => fastify.httpErrors.notFound(messages.notFound);
    const record = (request: FastifyRequest, action: string, entityId: number, detail?: Row, success = true) =>
      fastify.audit.record(request, { action: `${resource.name}.${action}`, entity: resource.entity, entityId, success, ...(detail ? { detail } : {}) });

    /** The route of one operation: where its id comes from decides which part of the request carries which schema. */
    const route = (
      operation: ResourceOperation,
      parts: {
        body?: v.GenericSchema;
        bodyWithoutId?: v.GenericSchema;
        querystring?: v.GenericSchema;
        response: Record<number, v.GenericSchema>;
        /** Reads a multipart form into the body before the schema checks it. */
        multipart?: boolean;
      },
      handler: (request: FastifyRequest, reply: FastifyReply, recordId: number) => Promise<unknown>,
    ) => {
      const endpoint: ResourceEndpoint | undefined = endpoints[operation];
      if (!endpoint) return;
      // A partition in the path (`/:surgery_type`) is checked there, and left out of the query and body schemas.
      const fromPath = endpoint.partitionInPath ? resource.partition! : undefined;
      const withoutPartition = (part: v.GenericSchema | undefined) =>
        part && fromPath && 'entries' in part && fromPath.field in (part as v.ObjectSchema<v.ObjectEntries, undefined>).entries
          ? v.omit(part as v.ObjectSchema<v.ObjectEntries, undefined>, [fromPath.field])
          : part;
      const schema: FastifySchema = { response: parts.response, tags };
      const params: v.ObjectEntries = {
        ...(endpoint.idIn === 'path' ? idParams.entries : {}),
        ...(fromPath ? { [fromPath.field]: fromPath.input } : {}),
      };
      if (Object.keys(params).length > 0) schema.params = v.object(params);
      if (endpoint.idIn === 'path') {
        if (parts.bodyWithoutId) schema.body = parts.bodyWithoutId;
      } else if (endpoint.idIn === 'query') {
        schema.querystring = idParams;
      } else if (parts.body) {
        schema.body = withoutPartition(parts.body);
      }
      const querystring = withoutPartition(parts.querystring);
      if (querystring && Object.keys((querystring as v.ObjectSchema<v.ObjectEntries, undefined>).entries).length > 0) schema.querystring = querystring;
      fastify.route({
        method: endpoint.method,
        url: endpoint.path,
        config,
        schema,
        // A multipart form becomes the body first, so a `_method` text part is checked like a JSON one.
        preValidation: [...(parts.multipart && forms ? [forms.preValidation] : []), methodOverride(endpoint.verbs)],
        handler: async (request, reply) => {
          const source = endpoint.idIn === 'path' ? request.params : endpoint.idIn === 'query' ? request.query : request.body;
          const recordId = (source as { id?: number } | undefined)?.id ?? 0;
          if (fromPath) {
            // The handlers read the partition where a query or a store body carries it.
            const value = (request.params as Row)[fromPath.field];
            request.query = { ...(request.query as Row), [fromPath.field]: value };
            if (operation === 'store') request.body = { ...(request.body as Row), [fromPath.field]: value };
            // A record the call names must be in the path's partition: another one's is not found there.
            if (endpoint.idIn !== 'none') {
              const found = (await repository().find(scopeOf(request), recordId)) as Row | null;
              if (!found || String(found[fromPath.field]) !== String(value)) throw notFound();
            }
          }
          return handler(request, reply, recordId);
        },
      });
    };

    /** Every image key a body sends must be an upload of the caller's scope that fits the field. */
    const claimImages = async (request: FastifyRequest, body: Row) => {
      for (const name of imageFields) {
        const key = body[name];
        if (typeof key !== 'string') continue;
        const rule = resource.fields[name]!.image;
        await fastify.uploads.claim(request.scope, key, { field: name, kind: 'image', ...(rule ? { minimum: rule } : {}) });
      }
    };
    const removeFiles = async (request: FastifyRequest, keys: string[]) => {
      if (keys.length === 0) return;
      // The record is already gone or changed: a storage failure leaves an orphan file, never a broken record.
      await fastify.uploads.remove(keys).catch((error: unknown) => request.log.warn({ err: error, keys }, 'could not remove replaced files'));
    };
    const savedOrRefused = (result: SaveResult<R>) => {
      if ('errors' in result) throw new ValidationError(result.errors);
      return result;
    };
    /**
     * A multipart form's files are stored (and their keys put in the body) once the body is valid and
     * the record the caller's; `save` writes the record. Files stored for a write that is then refused
     * (a taken name, a category not in scope) are removed again: nothing references them.
     */
    const withFormFile = async <T extends SaveResult<R> | null>(request: FastifyRequest, body: Row, save: () => Promise<T>): Promise<T> => {
      const keys = forms ? await forms.attachFiles(request, body) : [];
      if (keys.length === 0) return save();
      try {
        const result = await save();
        if (!result || 'errors' in result) await removeFiles(request, keys);
        return result;
      } catch (error) {
        await removeFiles(request, keys);
        throw error;
      }
    };
    const withoutId = (request: FastifyRequest) => {
      const { id: _id, ...rest } = (request.body ?? {}) as Row;
      return rest;
    };

    route('list', { querystring: schemas.listQuery, response: { 200: schemas.listResponse } }, async (request) => ({
      data: await repository().list(scopeOf(request), request.query as never),
    }));

    route('show', { response: { 200: schemas.itemResponse } }, async (request, _reply, recordId) => {
      const item = await repository().find(scopeOf(request), recordId);
      if (!item) throw notFound();
      return { data: item };
    });

    route('store', { body: schemas.storeBody, response: { 201: schemas.savedResponse }, multipart: true }, async (request, reply) => {
      const body = request.body as Row;
      const result = await withFormFile(request, body, async () => {
        await claimImages(request, body);
        return repository().create(scopeOf(request), body, fastify.clock.now());
      });
      const { saved } = savedOrRefused(result);
      const item = saved as Row;
      await record(request, 'create', item.id as number, options.audit?.create?.(saved) ?? { ...label(item), ...('status' in item ? { status: item.status } : {}) });
      await options.afterStore?.(request, saved);
      return reply.code(201).send({ data: saved, message: messages.created });
    });

    route(
      'update',
      { body: schemas.updateBody, bodyWithoutId: schemas.updateFields, response: { 200: schemas.savedResponse }, multipart: true },
      async (request, _reply, recordId) => {
        const body = withoutId(request);
        // Files are checked (and a form's file stored) once the record is known to be the caller's: a stranger's id answers 404, not a file error.
        if (imageFields.length > 0 && !(await repository().find(scopeOf(request), recordId))) throw notFound();
        const result = await withFormFile(request, body, async () => {
          await claimImages(request, body);
          return repository().update(scopeOf(request), recordId, body, fastify.clock.now());
        });
        if (!result) throw notFound();
        const { saved, before, replacedFiles } = savedOrRefused(result);
        const changed = [...fieldNames, ...resource.categoryFields.map((c) => c.field), 'status'].filter(
          (key) => key in (saved as Row) && (before as Row)[key] !== (saved as Row)[key],
        );
        await record(request, 'update', recordId, options.audit?.update?.(before!, saved) ?? { ...label(saved as Row), changed });
        await removeFiles(request, replacedFiles);
        return { data: saved, message: messages.updated };
      },
    );

    route(
      'toggleStatus',
      { body: schemas.toggleStatusBody, bodyWithoutId: schemas.toggleStatusFields, response: { 200: schemas.toggleStatusResponse } },
      async (request, _reply, recordId) => {
        const { status } = request.body as { status: 0 | 1 };
        const item = await repository().setStatus(scopeOf(request), recordId, status, fastify.clock.now());
        if (!item) throw notFound();
        await record(request, 'toggle-status', item.id, { status: item.status });
        return { data: item, message: messages.statusUpdated };
      },
    );

    route('delete', { body: schemas.deleteBody, response: { 200: schemas.deleteResponse } }, async (request, _reply, recordId) => {
      const result = await repository().remove(scopeOf(request), recordId, fastify.clock.now());
      if (!result) throw notFound();
      if ('inUse' in result) {
        await record(request, 'delete', recordId, { refused: 'in-use', [options.inUseNoun ?? 'records']: result.inUse }, false);
        throw fastify.httpErrors.conflict(messages.inUse?.(result.inUse) ?? messages.notFound);
      }
      await record(request, 'delete', recordId, options.audit?.delete?.(result.deleted) ?? label(result.deleted as Row));
      await removeFiles(request, result.files);
      return { message: messages.deleted };
    });

    route(
      'updateIndexes',
      { body: schemas.updateIndexesBody, querystring: partitionQuery, response: { 200: schemas.updateIndexesResponse } },
      async (request) => {
        const { ids } = request.body as { ids: number[] };
        const within = partitionOf(request);
        const placed = await repository().reorder(scopeOf(request), ids, fastify.clock.now(), partitionField ? within[partitionField] : undefined);
        if (!placed) throw notFound();
        await fastify.audit.record(request, { action: `${resource.name}.update-indexes`, entity: resource.entity, detail: { ids, ...within } });
        return { data: placed, message: messages.indexesUpdated };
      },
    );

    route('options', { querystring: partitionQuery, response: { 200: schemas.optionsResponse } }, async (request) => ({
      data: await repository().options(scopeOf(request), partitionOf(request)),
    }));

    const [category] = resource.categoryFields;
    route('byCategory', { querystring: schemas.byCategoryQuery, response: { 200: schemas.optionsResponse } }, async (request) => ({
      data: await repository().options(scopeOf(request), {
        ...partitionOf(request),
        [category!.field]: (request.query as { categoryId: number }).categoryId,
      }),
    }));

    const bulk = bulkMessages(resource);
    route(
      'toggleStatusMultiple',
      { body: schemas.toggleStatusMultipleBody, response: { 200: schemas.toggleStatusMultipleResponse } },
      async (request) => {
        const { ids, status } = request.body as { ids: number[]; status: 0 | 1 };
        const changed = await repository().setStatusMany(scopeOf(request), ids, status, fastify.clock.now());
        if (!changed) throw notFound();
        await fastify.audit.record(request, { action: `${resource.name}.toggle-status-multiple`, entity: resource.entity, detail: { ids, status } });
        return { data: changed, message: bulk.statusUpdated(ids.length, status) };
      },
    );

    route('destroyMultiple', { body: schemas.destroyMultipleBody, response: { 200: schemas.deleteResponse } }, async (request) => {
      const { ids } = request.body as { ids: number[] };
      const result = await repository().removeMany(scopeOf(request), ids, fastify.clock.now());
      if (!result) throw notFound();
      const action = `${resource.name}.delete-multiple`;
      if ('inUse' in result) {
        const detail = {
          ids,
          refused: 'in-use',
          in_use: result.inUse.map((used) => used.id),
          [options.inUseNoun ?? 'records']: result.inUse.reduce((sum, used) => sum + used.count, 0),
        };
        await fastify.audit.record(request, { action, entity: resource.entity, success: false, detail });
        throw fastify.httpErrors.conflict(bulk.inUse(result.inUse.length));
      }
      await fastify.audit.record(request, { action, entity: resource.entity, detail: { ids, labels: result.deleted.map((item) => (item as Row)[resource.labelField]) } });
      await removeFiles(request, result.files);
      return { message: bulk.deleted(ids.length) };
    });

    await options.extend?.(fastify);
  };
}
