import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Text } from '@chakra-ui/react';

/** One step of the trail: a page above this one (with `to`), or the current page (the last, without). */
export type Crumb = { label: string; to?: string };

export type BreadcrumbsProps = {
  /** From the list down to the current page; the last item is the current page. */
  items: readonly Crumb[];
};

/**
 * The way back up from a screen below a list (a record, its edit form, its logs): links to each page
 * above and the current page's name, marked aria-current. A `nav` landmark named "Breadcrumb" so
 * screen-reader users find it; long names are cut with the whole name in a title.
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  if (items.length === 0) return null;
  return (
    <Box as="nav" aria-label="Breadcrumb" mb="2">
      <Box as="ol" display="flex" flexWrap="wrap" alignItems="center" gap="1" listStyleType="none" textStyle="sm" color="fg.muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Box as="li" key={`${index}:${item.label}`} display="inline-flex" alignItems="center" gap="1" minW="0">
              {item.to && !last ? (
                <Link asChild colorPalette="brand" color="brand.fg" maxW="16rem" truncate title={item.label}>
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Link>
              ) : (
                <Text as="span" aria-current={last ? 'page' : undefined} color="fg" maxW="16rem" truncate title={item.label}>
                  {item.label}
                </Text>
              )}
              {last ? null : (
                <Text as="span" aria-hidden px="1" color="fg.subtle">
                  /
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
