import { useEffect, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Badge, Box, Button, Flex, Text, VisuallyHidden } from '@baridesk/ui';
import { MENU_TRANSITION_MS } from '@baridesk/domain';
import { isGroup, type MenuEntry, type MenuGroup, type MenuLink } from './menu-model';
import { MenuIcon, iconOf, initialsOf } from './menu-icons';
import { sectionPathOf } from './page-sections';

/** What the sidebar has to draw: the menu, or where loading it stands. */
export type SidebarContent =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; entries: MenuEntry[] };

export type SidebarProps = {
  content: SidebarContent;
  /** Icons (or initials) only; the drawer of small screens is never minimized. */
  minimized?: boolean;
  /** A minimized sidebar's group was chosen: show the full sidebar so its links can be reached. */
  onExpand?: () => void;
  /** The sub user's "Add New Section" under Content. */
  onAddSection?: () => void;
  /** A link was followed (the drawer closes). */
  onNavigate?: () => void;
};

const pathOf = (to: string) => to.split('?')[0] ?? to;

/** The page's place: its path and its query string (a link with a query holds only the pages with the same values). */
interface Place {
  pathname: string;
  search: string;
}

/**
 * The entry is, or holds, the page at `place`: a link holds the pages below its path, and the pages
 * of its section at other paths (a patient's record and logs are the Patients link's); a link with a
 * query (the special program's two contact lists) only while the page's query has the same values.
 */
function holds(entry: MenuEntry, { pathname, search }: Place): boolean {
  if (isGroup(entry)) return entry.items.some((item) => holds(item, { pathname, search }));
  const path = pathOf(entry.to);
  const section = sectionPathOf(pathname);
  if (![pathname, section].some((current) => current === path || current.startsWith(`${path}/`))) return false;
  const wanted = new URLSearchParams(entry.to.slice(path.length + 1));
  const given = new URLSearchParams(search);
  return [...wanted].every(([key, value]) => given.get(key) === value);
}

/**
 * A menu link, marked as the current page (aria-current, which the styles follow) while its section is
 * open. The other props (the styles of `Box asChild`, a title) go to the link.
 */
function SectionLink({ to, ...rest }: Omit<ComponentProps<typeof RouterLink>, 'to'> & { to: string }) {
  const place = useLocation();
  return <RouterLink to={to} {...rest} aria-current={holds({ label: '', to }, place) ? 'page' : undefined} />;
}

const keyOf = (parent: string, label: string) => (parent ? `${parent}/${label}` : label);

/** The keys of the groups on the way to the current page, which open by themselves. */
function activeGroups(entries: MenuEntry[], place: Place, parent = ''): string[] {
  return entries.flatMap((entry) => {
    if (!isGroup(entry) || !holds(entry, place)) return [];
    const key = keyOf(parent, entry.label);
    return [key, ...activeGroups(entry.items, place, key)];
  });
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: '9',
  py: '1.5',
  rounded: 'md',
  color: 'fg.muted',
  textStyle: 'sm',
  textAlign: 'start',
  transition: `background-color ${MENU_TRANSITION_MS}ms, color ${MENU_TRANSITION_MS}ms`,
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
} as const;

/** The main menu: collapsible groups, the current page marked, icons only when minimized. */
export function Sidebar({ content, minimized = false, onExpand, onAddSection, onNavigate }: SidebarProps) {
  const { pathname, search } = useLocation();
  const entries = useMemo(() => (content.status === 'success' ? content.entries : []), [content]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(activeGroups(entries, { pathname, search })));

  // The group holding the current page opens when the page (or the menu) changes; others stay as the user left them.
  useEffect(() => {
    const active = activeGroups(entries, { pathname, search });
    setOpen((previous) => (active.every((key) => previous.has(key)) ? previous : new Set([...previous, ...active])));
  }, [entries, pathname, search]);

  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const expandTo = (key: string) => {
    setOpen((previous) => new Set([...previous, key]));
    onExpand?.();
  };

  return (
    <Box as="nav" aria-label="Main menu" px={minimized ? '2' : '3'} py="3">
      {content.status === 'pending' ? <MenuSkeleton minimized={minimized} /> : null}
      {content.status === 'error' ? <MenuError minimized={minimized} onRetry={content.retry} /> : null}
      {content.status === 'success' ? (
        <Box as="ul" listStyleType="none" display="flex" flexDirection="column" gap="0.5">
          {entries.map((entry) =>
            minimized ? (
              <MinimizedEntry key={entry.label} entry={entry} onExpand={() => expandTo(entry.label)} onNavigate={onNavigate} />
            ) : (
              <Entry
                key={entry.label}
                entry={entry}
                parent=""
                depth={0}
                open={open}
                onToggle={toggle}
                onAddSection={onAddSection}
                onNavigate={onNavigate}
              />
            ),
          )}
        </Box>
      ) : null}
    </Box>
  );
}

type EntryProps = {
  entry: MenuEntry;
  parent: string;
  depth: number;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onAddSection?: () => void;
  onNavigate?: () => void;
};

function Entry(props: EntryProps) {
  const { entry, depth } = props;
  if (isGroup(entry)) return <Group {...props} group={entry} />;
  return (
    <li>
      <Link link={entry} depth={depth} onNavigate={props.onNavigate} />
    </li>
  );
}

function Leading({ label, depth }: { label: string; depth: number }) {
  if (depth > 0) return null;
  const icon = iconOf(label);
  return icon ? <MenuIcon name={icon} /> : <Initials label={label} />;
}

function Initials({ label }: { label: string }) {
  return (
    <Box
      as="span"
      aria-hidden
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="5"
      flexShrink={0}
      rounded="sm"
      bg="brand.muted"
      color="brand.fg"
      fontSize="2xs"
      fontWeight="bold"
    >
      {initialsOf(label)}
    </Box>
  );
}

const indent = (depth: number) => (depth === 0 ? '3' : `${0.75 + depth * 1.25}rem`);

function Link({ link, depth, onNavigate }: { link: MenuLink; depth: number; onNavigate?: () => void }) {
  return (
    <Box
      asChild
      {...itemStyle}
      ps={indent(depth)}
      pe="3"
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold', boxShadow: 'inset 3px 0 0 {colors.brand.solid}' }}
    >
      <SectionLink to={link.to} onClick={onNavigate}>
        <Leading label={link.label} depth={depth} />
        <Text as="span" truncate>
          {link.label}
        </Text>
        {link.count ? <AttentionCount count={link.count} /> : null}
      </SectionLink>
    </Box>
  );
}

function Group({ group, parent, depth, open, onToggle, onAddSection, onNavigate }: EntryProps & { group: MenuGroup }) {
  const key = keyOf(parent, group.label);
  const expanded = open.has(key);
  const listId = useId();
  return (
    <li>
      <Box
        as="button"
        {...{ type: 'button' }}
        {...itemStyle}
        ps={indent(depth)}
        pe="3"
        cursor="pointer"
        fontWeight={depth === 0 ? 'medium' : 'normal'}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => onToggle(key)}
      >
        <Leading label={group.label} depth={depth} />
        <Text as="span" flex="1" truncate>
          {group.label}
        </Text>
        <Box
          as="span"
          display="inline-flex"
          transform={expanded ? 'rotate(180deg)' : undefined}
          transition={`transform ${MENU_TRANSITION_MS}ms`}
          _motionReduce={{ transition: 'none' }}
        >
          <MenuIcon name="chevronDown" size={16} />
        </Box>
      </Box>
      <Box as="ul" id={listId} hidden={!expanded} listStyleType="none" display={expanded ? 'flex' : 'none'} flexDirection="column" gap="0.5" mt="0.5">
        {group.items.map((item) => (
          <Entry
            key={item.label}
            entry={item}
            parent={key}
            depth={depth + 1}
            open={open}
            onToggle={onToggle}
            onAddSection={onAddSection}
            onNavigate={onNavigate}
          />
        ))}
        {group.addSection && onAddSection ? (
          <li>
            <Box
              as="button"
              {...{ type: 'button' }}
              {...itemStyle}
              ps={indent(depth + 1)}
              pe="3"
              cursor="pointer"
              color="brand.fg"
              fontWeight="medium"
              onClick={onAddSection}
            >
              <MenuIcon name="plus" size={16} />
              <Text as="span">Add New Section</Text>
            </Box>
          </li>
        ) : null}
      </Box>
    </li>
  );
}

/** The number of things waiting behind a link: a badge, read as "(12 waiting)" after the link's name. */
function AttentionCount({ count }: { count: number }) {
  return (
    <Badge ms="auto" colorPalette="red" variant="solid" rounded="full" flexShrink={0}>
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{`(${count} waiting)`}</VisuallyHidden>
    </Badge>
  );
}

/** A top-level entry of the minimized sidebar: its icon, named for assistive technology and on hover. */
function MinimizedEntry({ entry, onExpand, onNavigate }: { entry: MenuEntry; onExpand: () => void; onNavigate?: () => void }) {
  const inner: ReactNode = (
    <>
      <Leading label={entry.label} depth={0} />
      <VisuallyHidden>{entry.label}</VisuallyHidden>
    </>
  );
  const style = { ...itemStyle, justifyContent: 'center', px: '0', title: entry.label } as const;
  if (isGroup(entry)) {
    return (
      <li>
        <Box as="button" {...{ type: 'button' }} {...style} cursor="pointer" aria-expanded={false} onClick={onExpand}>
          {inner}
        </Box>
      </li>
    );
  }
  return (
    <li>
      <Box asChild {...style} _currentPage={{ bg: 'brand.subtle', color: 'brand.fg' }}>
        <SectionLink to={entry.to} onClick={onNavigate}>
          {inner}
        </SectionLink>
      </Box>
    </li>
  );
}

function MenuSkeleton({ minimized }: { minimized: boolean }) {
  return (
    <Box role="status" display="flex" flexDirection="column" gap="2">
      <VisuallyHidden>Loading the menu…</VisuallyHidden>
      {Array.from({ length: 9 }, (_, i) => (
        <Flex key={i} aria-hidden align="center" gap="3" px={minimized ? '0' : '3'} py="1.5" justify={minimized ? 'center' : 'start'}>
          <Box boxSize="5" rounded="sm" bg="bg.emphasized" animation="pulse" flexShrink={0} />
          {minimized ? null : <Box h="3" rounded="sm" bg="bg.emphasized" animation="pulse" w={`${55 + ((i * 17) % 35)}%`} />}
        </Flex>
      ))}
    </Box>
  );
}

function MenuError({ minimized, onRetry }: { minimized: boolean; onRetry: () => void }) {
  return (
    <Box role="alert" px={minimized ? '0' : '3'} py="2" textAlign={minimized ? 'center' : 'start'}>
      {minimized ? <VisuallyHidden>The menu could not be loaded.</VisuallyHidden> : <Text textStyle="sm" mb="3">The menu could not be loaded.</Text>}
      <Button size="sm" variant="outline" onClick={onRetry} title={minimized ? 'The menu could not be loaded.' : undefined}>
        Retry
      </Button>
    </Box>
  );
}
