import * as v from 'valibot';
import { DEFAULT_DYNAMIC_SECTION_STATUS } from '@baridesk/domain';
import { requiredString, flag01 } from './rules';
import { envelope, listQuery, pageOf } from './common';
import { dynamicContentSectionSchema } from './staff';

export const DYNAMIC_SECTION_SORTS = ['name', 'status', 'created_at'] as const;

export const dynamicSectionListQuery = v.object({
  ...listQuery(DYNAMIC_SECTION_SORTS, 'name').entries,
  status: v.optional(flag01),
});
export type DynamicSectionListQuery = v.InferOutput<typeof dynamicSectionListQuery>;

export const dynamicSectionListResponse = envelope(pageOf(dynamicContentSectionSchema));

export const dynamicSectionStoreBody = v.object({
  name: requiredString('name'),
  status: v.optional(flag01, DEFAULT_DYNAMIC_SECTION_STATUS),
});
export type DynamicSectionStoreBody = v.InferOutput<typeof dynamicSectionStoreBody>;

export const dynamicSectionStoreResponse = envelope(dynamicContentSectionSchema);
