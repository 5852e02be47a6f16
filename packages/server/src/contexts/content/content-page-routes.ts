/**
 * The routes of one content page (a page type of the registry, or the support group's menu data): GET
 * the program's page and POST its form. Each page's route file is `export default contentPageRoutes(…)`
 * in the folder of its API path, so the page is guarded like every route of its content type.
 */
import type { FastifyInstance } from 'fastify';
import {
  CONTENT_PAGE_DEFINITIONS,
  CONTENT_PAGE_MESSAGES,
  contentTypeOf,
  contentPageResponse,
  contentPageSavedResponse,
  contentPageUpdateBody,
  pageFieldsOf,
  required,
  type ContentPageDefinition,
  type ContentPageKey,
  type ContentPageUpdateBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../lib/valibot';
import { ValidationError } from '../../lib/valibot';
import { staffScope } from '../../lib/scope';
import { sanitizeRichText } from '../platform/rich-text';
import { guardContentType, type GuardedContent } from './content-guard';
import type { PageValues } from './plugins/content-pages-repository';

interface PageRouteOptions {
  /** Whose switch, menu flag and rules guard the page (its own type; the support group for its menu data). */
  guardedAs: GuardedContent;
  /** The save's path under the page's: '/update' for the page types, '' for the menu data (the spec's GET and POST menu-data). */
  savePath: '/update' | '';
}

export function contentPageRoutes(definition: ContentPageDefinition, { guardedAs, savePath }: PageRouteOptions) {
  const updateBody = contentPageUpdateBody(definition);
  const fields = pageFieldsOf(definition);
  const imageUse = definition.fields.image;

  return async function contentPagePlugin(fastify: FastifyInstance) {
    guardContentType(fastify, guardedAs);
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    const tags = ['Content'];

    app.get('', { config: { access: 'staff' }, schema: { response: { 200: contentPageResponse }, tags } }, async (request) => ({
      data: await fastify.contentPages.find(staffScope(request.scope), definition.key),
    }));

    app.post(
      savePath,
      { config: { access: 'staff' }, schema: { body: updateBody, response: { 200: contentPageSavedResponse }, tags } },
      async (request) => {
        const scope = staffScope(request.scope);
        const body = request.body as ContentPageUpdateBody;
        const values: Partial<PageValues> = {};
        const errors: Record<string, string[]> = {};
        for (const name of fields) {
          if (name === 'image') continue;
          const value = body[name];
          if (name !== 'body') {
            values[name] = value ?? null;
            continue;
          }
          // Markup that sanitises to nothing is no text: a required body is then missing.
          const html = value === undefined ? '' : sanitizeRichText(value).trim();
          if (html === '' && definition.fields.body?.required) errors.body = [required(definition.fields.body.label)];
          values.body = html === '' ? null : html;
        }
        const stored = imageUse ? await fastify.contentPages.imageKey(scope, definition.key) : null;
        if (imageUse && body.image !== undefined) values.image = body.image;
        if (imageUse?.required && (body.image === undefined ? stored : body.image) === null) errors.image = [required(imageUse.label)];
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        if (typeof body.image === 'string' && body.image !== stored) {
          await fastify.uploads.claim(request.scope, body.image, { field: 'image', kind: 'image', ...(definition.image ? { minimum: definition.image } : {}) });
        }

        const saved = await fastify.contentPages.save(scope, definition.key, values, fastify.clock.now());
        await fastify.audit.record(request, {
          action: 'content-page.update',
          entity: 'content_page',
          entityId: saved.id,
          detail: { page: definition.key, changed: saved.changed },
        });
        if (saved.replacedImage) {
          // The page is already saved: a storage failure leaves an orphan file, never a broken page.
          await fastify.uploads
            .remove([saved.replacedImage])
            .catch((error: unknown) => request.log.warn({ err: error, key: saved.replacedImage }, 'could not remove a replaced page image'));
        }
        return { data: saved.page, message: CONTENT_PAGE_MESSAGES.updated(definition.label) };
      },
    );
  };
}

/** The routes of a page type of the registry: GET /api/content/<key> and POST /api/content/<key>/update, guarded as the type. */
export function pageTypeRoutes(key: ContentPageKey) {
  return contentPageRoutes(CONTENT_PAGE_DEFINITIONS[key], { guardedAs: contentTypeOf(key)!, savePath: '/update' });
}
