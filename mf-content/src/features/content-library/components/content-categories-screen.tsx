import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ContentListType } from '@baridesk/contracts';
import { Box, Button, Heading, PageFrame, Text } from '@baridesk/ui';
import { ResourceFormModal, ResourceList, ResourcePartition, resourceTexts, type ResourceRecord } from '@baridesk/ui/resources';
import { categoriesPathOf, contactGroupOf, contentCategoryView, listTypeOf, partitionOf, subCategoriesPathOf, type CategoryLevel } from '../content-library-views';

type Editing = { record?: ResourceRecord } | null;

export type ContentCategoriesScreenProps = {
  type: ContentListType;
  level: CategoryLevel;
  /** The special program's contact group whose coordinator categories these are (/coordinator-categories-1, -2). */
  group?: 1 | 2;
};

/**
 * A type's categories or sub-categories: the list (search, status, status switches, Change order,
 * delete after the question; the server refuses a category still in use), Add and Edit in a dialog,
 * and the ways to the type's items and to the other level.
 */
export function ContentCategoriesScreen({ type, level, group }: ContentCategoriesScreenProps) {
  const view = contentCategoryView(type, level);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const [editing, setEditing] = useState<Editing>(null);
  const groupLabel = group ? contactGroupOf(String(group))?.label : undefined;
  // Only the contacts have groups: the way back is that group's contacts.
  const listPath = group ? `/contact-us?weightLossType=${group}` : type.screens.list;
  const itemsLabel = groupLabel ? `${groupLabel} Contacts` : type.label;
  const title = groupLabel ? `${texts.title}: ${groupLabel}` : texts.title;
  return (
    <ResourcePartition values={partitionOf(type)}>
      <PageFrame
        title={title}
        breadcrumbs={[{ label: itemsLabel, to: listPath }, { label: title }]}
        actions={
          <>
            {type.categories === 2 ? (
              <Button asChild variant="outline" colorPalette="gray">
                <RouterLink to={level === 'category' ? subCategoriesPathOf(type) : categoriesPathOf(type)}>
                  {level === 'category' ? 'Sub-categories' : 'Categories'}
                </RouterLink>
              </Button>
            ) : null}
            <Button onClick={() => setEditing({})}>{texts.add}</Button>
          </>
        }
      >
        <ResourceList view={view} onEdit={(record) => setEditing({ record })} />
        {editing ? <ResourceFormModal view={view} record={editing.record} onClose={() => setEditing(null)} /> : null}
      </PageFrame>
    </ResourcePartition>
  );
}

/** An address that names no content type with categories: the not-found page's words. */
export function ContentNotFound() {
  return (
    <Box as="section" textAlign="center" py="16" px="6">
      <Heading as="h1" size="2xl" mb="3">
        Ooops! Page not found.
      </Heading>
      <Text mb="6">Don&apos;t worry though, we have plenty of other pages to explore</Text>
      <Button asChild>
        <RouterLink to="/dashboard">Back to dashboard</RouterLink>
      </Button>
    </Box>
  );
}

/**
 * /:menuTitle/categories and /:menuTitle/sub-categories: the categories of the list type whose key the
 * address names; an unknown key, a type without categories (or without sub-categories) is not found.
 */
export function GenericCategoriesScreen({ level }: { level: CategoryLevel }) {
  const type = listTypeOf(useParams().menuTitle);
  const levels = level === 'category' ? 1 : 2;
  if (!type || type.categories < levels) return <ContentNotFound />;
  return <ContentCategoriesScreen key={type.key} type={type} level={level} />;
}
