import { useId, useState, type ReactNode } from 'react';
import { Badge, Box, Button, useMediaQuery, VisuallyHidden } from '@chakra-ui/react';

/** Phones and narrow tablets (below Chakra's md, 48em), where a list's filters fold away. */
export const SMALL_SCREEN_QUERY = '(max-width: 47.98em)';

export type FoldingFiltersProps = {
  /** How many filters differ from their defaults: shown on the button, and in its name ("Filters, 2 active"). */
  activeCount: number;
  /** The filter fields. */
  children: ReactNode;
};

/**
 * A list's or a report's filters: shown as they are on a wide screen; on a small one folded behind a
 * "Filters" button that says how many are set, so the rows (what the user came for) show first.
 */
export function FoldingFilters({ activeCount, children }: FoldingFiltersProps) {
  const [small = false] = useMediaQuery([SMALL_SCREEN_QUERY], { ssr: false });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!small) return <>{children}</>;
  return (
    <Box>
      <Button
        variant="outline"
        colorPalette="gray"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {/* The name comes from the content ("Filters, 2 active" read whole), not an aria-label: a label
            over different visible words fails speech input (WCAG 2.5.3, axe's label-content-name-mismatch). */}
        {activeCount > 0 ? (
          <>
            <span aria-hidden>Filters</span>
            <Badge colorPalette="brand" variant="solid" aria-hidden>
              {activeCount}
            </Badge>
            <VisuallyHidden>{`Filters, ${activeCount} active`}</VisuallyHidden>
          </>
        ) : (
          'Filters'
        )}
      </Button>
      <Box id={panelId} hidden={!open} mt="3">
        {open ? children : null}
      </Box>
    </Box>
  );
}
