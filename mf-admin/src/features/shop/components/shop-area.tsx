import { useMemo } from 'react';
import { Navigate, Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import { SHOP_SURGERY_TYPES, isShopSurgeryType, type ShopSurgeryType } from '@baridesk/contracts';
import { AreaNotFound, Button, HStack, PageFrame } from '@baridesk/ui';
import { ResourceFormScreen, ResourceList, ResourcePartition, ResourceShowScreen, type ResourceRecord } from '@baridesk/ui/resources';
import { shopPaths, shopViews } from '../shop-view';
import { useMakeDefault } from '../use-make-default';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="shop" backTo={shopPaths.list('surgical')} backLabel="Back to the shop" />;

/** The two lists, as links: the one shown is the current page. */
function SurgeryTypeLinks({ current }: { current: ShopSurgeryType }) {
  return (
    <HStack as="nav" aria-label="Surgery type" gap="2" mb="4" wrap="wrap">
      {SHOP_SURGERY_TYPES.map(({ value, label }) => (
        <Button key={value} asChild size="sm" variant={value === current ? 'solid' : 'outline'}>
          <RouterLink to={shopPaths.list(value)} aria-current={value === current ? 'page' : undefined}>
            {label}
          </RouterLink>
        </Button>
      ))}
    </HStack>
  );
}

/** One surgery type's shop: its items, the default's badge, and Make default on each other active item. */
function ShopListScreen({ type }: { type: ShopSurgeryType }) {
  const makeDefault = useMakeDefault(type);
  const view = useMemo(
    () => ({
      ...shopViews[type],
      rowActions: (item: ResourceRecord) =>
        item.is_default !== 1 && item.status === 1 ? (
          <Button size="xs" variant="outline" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate(item.id)} aria-label={`Make default: ${String(item.title)}`}>
            Make default
          </Button>
        ) : null,
    }),
    [type, makeDefault],
  );
  return (
    <PageFrame
      title="Shop"
      actions={
        <Button asChild>
          <RouterLink to={shopPaths.create(type)}>Add Shop Item</RouterLink>
        </Button>
      }
    >
      <SurgeryTypeLinks current={type} />
      <ResourcePartition values={{ surgery_type: type }}>
        {/* A list of its own per type: search, filters and paging start again on the other type. */}
        <ResourceList key={type} view={view} />
      </ResourcePartition>
    </PageFrame>
  );
}

/** The screens of one surgery type, read from the address (`:surgery_type`). */
function SurgeryTypeScreens() {
  const { surgery_type: type } = useParams();
  if (!isShopSurgeryType(type)) return unknownPage;
  const partition = { surgery_type: type };
  return (
    <Routes>
      <Route index element={<ShopListScreen type={type} />} />
      <Route path="create" element={<ResourceFormScreen view={shopViews[type]} partition={partition} />} />
      <Route path="edit/:id" element={<ResourceFormScreen view={shopViews[type]} partition={partition} cancelTo={(id) => shopPaths.show(type, id)} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={shopViews[type]} partition={partition} />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}

/**
 * /admin/manage-shop/* (the shell's one entry, permission manage_shop): the spec's :surgery_type (list),
 * :surgery_type/create, :surgery_type/edit/:id and :surgery_type/:id/show; the bare address opens the
 * surgical list.
 */
export default function ShopArea() {
  return (
    <Routes>
      <Route index element={<Navigate to={shopPaths.list('surgical')} replace />} />
      <Route path=":surgery_type/*" element={<SurgeryTypeScreens />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}

