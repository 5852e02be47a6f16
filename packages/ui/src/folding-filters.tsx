import { useId, useState, type ReactNode } from 'react';
import { Badge, Box, Button, useMediaQuery } from '@chakra-ui/react';

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
        aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}
      >
        Filters
        {activeCount > 0 ? (
          <Badge colorPalette="brand" variant="solid" aria-hidden>
            {activeCount}
          </Badge>
        ) : null}
      </Button>
      <Box id={panelId} hidden={!open} mt="3">
        {open ? children : null}
      </Box>
    </Box>
  );
}
