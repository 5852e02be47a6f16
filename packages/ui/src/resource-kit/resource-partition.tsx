/**
 * The partition values a screen was given (`{ section_id: 3 }`, `{ menu: 'diet' }`): every call of the
 * kit's parts below it sends the value its resource's partition names (lists, options, by-category-id,
 * update-indexes in the query string; store in the body), and so do the category pickers' and filters'
 * calls of the view's category resources. A resource without a partition sends nothing.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PartitionValues } from '@baridesk/contracts';

const PartitionContext = createContext<PartitionValues | undefined>(undefined);

/**
 * Gives the parts below it their partition values. The screens take a `partition` prop and set it
 * themselves; a page built from the parts (ResourceList, useResourceForm, …) wraps them in this. Values
 * given here add to (and replace by field) those of an outer ResourcePartition.
 */
export function ResourcePartition({ values, children }: { values: PartitionValues | undefined; children: ReactNode }) {
  const outer = useContext(PartitionContext);
  if (!values) return children;
  return <PartitionContext.Provider value={{ ...outer, ...values }}>{children}</PartitionContext.Provider>;
}

/** The partition values of the screen this is drawn in (none outside a ResourcePartition). */
export const useResourcePartition = (): PartitionValues | undefined => useContext(PartitionContext);
